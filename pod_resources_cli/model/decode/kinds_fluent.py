"""The Fluent operator (fluent/fluent-operator 00625bfdaf4e): FluentBit and
Collector (fluentbit.fluent.io/v1alpha2, apis/fluentbit/v1alpha2/
fluentbit_types.go, collector_types.go) and Fluentd (fluentd.fluent.io/
v1alpha1, apis/fluentd/v1alpha1/fluentd_types.go). Each object is one
workload whose pod the operator builds from the object's fields alone
(pkg/operator), with no webhook and no resource default:

- a FluentBit, the DaemonSet of its name (daemonset.go MakeDaemonSet):
  one pod a node, the container ``fluent-bit`` with ``spec.resources``
  whole, after ``spec.initContainers`` as written;
- a Collector, the StatefulSet of its name (collector-statefulset.go
  MakefbStatefulset): ``spec.replicas`` pods, 1 where it is unset (a nil
  pointer; a written 0 is 0), the container ``fluent-bit`` with
  ``spec.resources`` whole;
- a Fluentd, by ``spec.mode`` (CRD default ``collector``;
  controllers/fluentd_controller.go Reconcile): with ``agent`` the
  DaemonSet of its name (fluentd-daemonset.go MakeFluentdDaemonSet), one pod
  a node; else the StatefulSet (sts.go MakeStatefulSet) of ``spec.replicas``
  pods, a written 0 counting 1 and an unset one unknown (MakeStatefulSet
  dereferences the nil pointer: no StatefulSet is made); the container
  ``fluentd`` with ``spec.resources`` whole.

Each pod's priorityClassName is ``spec.priorityClassName``.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "fluent/fluent-operator"
_RESOURCES: Final = Shorthand("/spec.resources", "requirements")


def _pod(container: str, code: str, label: str, count: tuple[str, ...] = (), init: bool = False, if_field: FieldIn | None = None) -> PodPath:
    main = MainContainer(container, f"{_REPO} pkg/operator/{code}", shorthand=_RESOURCES, first=True)
    return PodPath(
        "spec", "containers", count=count, init_containers=("initContainers[*]",) if init else (), label=label, main=(main,),
        empty_when_absent=True, always_made=True, if_field=if_field,
    )  # fmt: skip


_AGENT: Final = FieldIn("spec.mode", ("agent",), default="collector")

FLUENT_KINDS: Final = (
    WorkloadKind(
        "fluentbit.fluent.io", "FluentBit", (_pod("fluent-bit", "daemonset.go MakeDaemonSet", "daemonset", init=True),),
        f"{_REPO} apis/fluentbit/v1alpha2/fluentbit_types.go",
    ),
    WorkloadKind(
        "fluentbit.fluent.io", "Collector",
        (_pod("fluent-bit", "collector-statefulset.go MakefbStatefulset", "statefulset", count=("/spec.replicas=1",)),),
        f"{_REPO} apis/fluentbit/v1alpha2/collector_types.go",
    ),
    WorkloadKind(
        "fluentd.fluent.io", "Fluentd",
        (
            _pod("fluentd", "fluentd-daemonset.go MakeFluentdDaemonSet", "daemonset", if_field=_AGENT),
            _pod("fluentd", "sts.go MakeStatefulSet", "statefulset", count=("/spec.replicas=?1+",), if_field=FieldIn("spec.mode", ("agent",), default="collector", negate=True)),
        ),
        f"{_REPO} apis/fluentd/v1alpha1/fluentd_types.go; controllers/fluentd_controller.go",
    ),
)  # fmt: skip
