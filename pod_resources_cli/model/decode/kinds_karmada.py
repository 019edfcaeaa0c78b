"""The Karmada operator's Karmada (operator.karmada.io v1alpha1; karmada-io/karmada @f8fdd02df376
operator/pkg/apis/operator/v1alpha1/type.go KarmadaComponents): the operator renders one workload per control-plane
component from its own manifests (operator/pkg/controlplane/**/manifests.go, Go text/template filled with the
component's replicas and image only) and patches it with the component's CommonSettings
(operator/pkg/util/patcher/pather.go ForDeployment, ForStatefulSet):

- the pods' ``priorityClassName`` is the component's (``cfg.CommonSettings.PriorityClassName``); the CRD
  (operator/config/crds/operator.karmada.io_karmadas.yaml) defaults it to ``system-node-critical`` in a component
  that is written, while a component the object does not write is made by the operator's defaulting
  (operator/pkg/apis/operator/v1alpha1/defaults.go, run by controller/karmada/controller.go ``Scheme.Default``) with
  no priority class at all;
- the first container, the component's, takes ``resources`` whole where they hold any value (``p.resources.Size() >
  0``); else it keeps the manifest's: none, but ``requests: {cpu: 100m}`` for karmada-search and
  karmada-metrics-adapter (search/manifests.go, metricsadapter/manifests.go);
- ``replicas`` default to 1 (2 for the metrics adapter: defaults.go setDefaultsKarmadaMetricsAdapter).

The components (tasks/init/component.go, etcd.go, apiserver.go): local etcd (a StatefulSet, container ``etcd``,
``spec.components.etcd.local``; none where ``etcd.external`` is written), kube-apiserver (``karmadaAPIServer``,
whose ``sidecarContainers`` are appended to the pod as written), karmada-aggregated-apiserver,
kube-controller-manager, karmada-controller-manager, karmada-scheduler, karmada-webhook and
karmada-metrics-adapter, made also where the object does not write them (defaults.go creates each); karmada-search
and karmada-descheduler only where written (their defaults return on nil, and component.go skips them).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.records import replace
from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "karmada-io/karmada"
_PATCHER: Final = f"{_REPO} operator/pkg/util/patcher/pather.go"
_CPU_100M: Final = OperatorDefaults(requests=(("cpu", "100m"),))
_SIDECARS: Final = "the operator appends spec.components.karmadaAPIServer.sidecarContainers to the pod as written"


def _component(path: str, container: str, label: str, replicas: int, manifest: str, *, made: bool = True,
               defaults: tuple[OperatorDefaults, ...] = (), unless: FieldIn | None = None,
               added_by: tuple[tuple[str, ...], str] | None = None) -> tuple[PodPath, ...]:  # fmt: skip
    """The component's pods: where the component is written, with the CRD's default priority class; where it is not
    (``made``: the operator's defaults create it), with none."""
    patch = "ForStatefulSet" if container == "etcd" else "ForDeployment"
    main = MainContainer(container, f"{_PATCHER} {patch}, {manifest}", shorthand=Shorthand(f"/{path}.resources", "requirements", empty_is_unset=True),
                         defaults=defaults)  # fmt: skip
    more = () if unless is None else (unless,)
    count = (f"/{path}.replicas={replicas}",)
    written, named = FieldIn(path, (), match="written"), FieldIn(f"{path}.priorityClassName", (), match="written")
    pods = [
        PodPath(path, "operator", count=count, label=label, main=(main,), pod_fields=f"/{path}", if_field=(written, named, *more),
                added_by=added_by),
        PodPath(path, "operator", count=count, label=label, main=(main,), priority_class="system-node-critical",
                if_field=(written, replace(named, negate=True), *more), added_by=added_by),
    ]  # fmt: skip
    if made:
        absent = FieldIn(path, (), match="written", negate=True)
        pods.append(PodPath(path, "operator", count=(str(replicas),), label=label, main=(main,), empty_when_absent=True,
                            always_made=True, if_field=(absent, *more)))  # fmt: skip
    return tuple(pods)


def _pods() -> tuple[PodPath, ...]:
    c = "spec.components"
    cp = "operator/pkg/controlplane/manifests.go"
    return (
        *_component(f"{c}.etcd.local", "etcd", "etcd", 1, "operator/pkg/controlplane/etcd/manifests.go KarmadaEtcdStatefulSet",
                    unless=FieldIn(f"{c}.etcd.external", (), match="written", negate=True)),
        *_component(f"{c}.karmadaAPIServer", "kube-apiserver", "karmada-apiserver", 1,
                    "operator/pkg/controlplane/apiserver/manifests.go KarmadaApiserverDeployment",
                    added_by=((f"/{c}.karmadaAPIServer.sidecarContainers",), _SIDECARS)),
        *_component(f"{c}.karmadaAggregatedAPIServer", "karmada-aggregated-apiserver", "karmada-aggregated-apiserver", 1,
                    "operator/pkg/controlplane/apiserver/manifests.go KarmadaAggregatedAPIServerDeployment"),
        *_component(f"{c}.kubeControllerManager", "kube-controller-manager", "kube-controller-manager", 1, f"{cp} KubeControllerManagerDeployment"),
        *_component(f"{c}.karmadaControllerManager", "karmada-controller-manager", "karmada-controller-manager", 1,
                    f"{cp} KamradaControllerManagerDeployment"),
        *_component(f"{c}.karmadaScheduler", "karmada-scheduler", "karmada-scheduler", 1, f"{cp} KarmadaSchedulerDeployment"),
        *_component(f"{c}.karmadaWebhook", "karmada-webhook", "karmada-webhook", 1, "operator/pkg/controlplane/webhook/manifests.go"),
        *_component(f"{c}.karmadaMetricsAdapter", "karmada-metrics-adapter", "karmada-metrics-adapter", 2,
                    "operator/pkg/controlplane/metricsadapter/manifests.go", defaults=(_CPU_100M,)),
        *_component(f"{c}.karmadaSearch", "karmada-search", "karmada-search", 1, "operator/pkg/controlplane/search/manifests.go",
                    made=False, defaults=(_CPU_100M,)),
        *_component(f"{c}.karmadaDescheduler", "karmada-descheduler", "karmada-descheduler", 1, f"{cp} KarmadaDeschedulerDeployment",
                    made=False),
    )  # fmt: skip


KARMADA_KINDS: Final = (WorkloadKind("operator.karmada.io", "Karmada", _pods(), f"{_REPO} operator/pkg/apis/operator/v1alpha1/type.go"),)
