"""Grafana's Alloy operator (grafana/alloy-operator @3865acaf86fd, collectors.grafana.com/v1alpha1
Alloy): a Helm operator (operator/watches.yaml: kind Alloy, chart helm-charts/alloy) that installs
the Alloy chart it ships (operator/helm-charts/alloy, chart 1.11.0) with the object's ``spec`` as the
chart's values, over the chart's values.yaml (Helm's coalesce: a map written in ``spec`` is merged key
by key with the defaults). What the chart renders (templates/controllers/_pod.yaml,
templates/containers/_agent.yaml, _watch.yaml):

- ``spec.controller.type`` (``daemonset`` by default) picks the workload: a DaemonSet of one pod a node
  (controllers/daemonset.yaml), or a Deployment or StatefulSet of ``spec.controller.replicas`` pods
  (1 by default) when no autoscaling is on (deployment.yaml, statefulset.yaml: ``replicas`` is written
  only where ``controller.autoscaling.enabled``, ``autoscaling.horizontal.enabled`` and
  ``autoscaling.horizontal.externalHPA`` are all false); with ``autoscaling.horizontal.enabled`` the
  HorizontalPodAutoscaler's ``horizontal.minReplicas`` (1), with the deprecated
  ``autoscaling.enabled`` alone ``autoscaling.minReplicas`` (1) (hpa.yaml). An external HPA alone
  (``externalHPA`` without either) scales the pods by a rule this tool cannot see: not reported;
- each pod runs ``alloy`` with ``spec.alloy.resources`` (``{}`` by default: none), the deprecated
  ``spec.agent`` merged over ``spec.alloy`` (``mustMergeOverwrite .Values.alloy .Values.agent``);
  then ``config-reloader`` unless ``spec.configReloader.enabled`` is false, with
  ``spec.configReloader.resources`` over the chart's requests of 10m cpu and 50Mi memory (values.yaml,
  no limits); then ``spec.controller.extraContainers``, after ``spec.controller.initContainers``, as
  written; the pod's ``priorityClassName`` is ``spec.controller.priorityClassName``.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "grafana/alloy-operator"
_CHART: Final = f"{_REPO} operator/helm-charts/alloy"
_TYPE: Final = "spec.controller.type"
_SCALED: Final = "spec.controller.autoscaling"


def _off(field: str) -> FieldIn:
    return FieldIn(field, ("true",), default="false", negate=True)


def _on(field: str) -> FieldIn:
    return FieldIn(field, ("true",), default="false")


_ALLOY: Final = MainContainer(
    "alloy", f"{_CHART}/templates/containers/_agent.yaml",
    shorthand=Shorthand("/spec.agent.resources", "requirements", merged_over="/spec.alloy.resources"), first=True,
)  # fmt: skip
_RELOADER: Final = MainContainer(
    "config-reloader", f"{_CHART}/templates/containers/_watch.yaml, values.yaml configReloader.resources",
    shorthand=Shorthand("/spec.configReloader.resources", "requirements", defaults=(("cpu", "10m"), ("memory", "50Mi"))),
    if_fields=(FieldIn("/spec.configReloader.enabled", ("false",), default="true", negate=True),),
)  # fmt: skip
_SERVER: Final = (FieldIn(_TYPE, ("deployment", "statefulset")),)


def _pod(count: tuple[str, ...], when: tuple[FieldIn, ...]) -> PodPath:
    return PodPath(
        "spec", "containers", count=count, label="alloy", main=(_ALLOY, _RELOADER), empty_when_absent=True, always_made=True,
        containers=("controller.extraContainers[*]",), init_containers=("controller.initContainers[*]",),
        pod_fields="/spec.controller", if_field=when,
    )  # fmt: skip


def _pods() -> tuple[PodPath, ...]:
    return (
        _pod((), (FieldIn(_TYPE, ("daemonset",), default="daemonset"),)),
        _pod(("/spec.controller.replicas=1",), (*_SERVER, _off(f"{_SCALED}.enabled"), _off(f"{_SCALED}.horizontal.enabled"),
                                                 _off(f"{_SCALED}.horizontal.externalHPA"))),
        _pod((f"/{_SCALED}.horizontal.minReplicas=1",), (*_SERVER, _on(f"{_SCALED}.horizontal.enabled"))),
        _pod((f"/{_SCALED}.minReplicas=1",), (*_SERVER, _on(f"{_SCALED}.enabled"), _off(f"{_SCALED}.horizontal.enabled"))),
    )  # fmt: skip


ALLOY_KINDS: Final = (WorkloadKind("collectors.grafana.com", "Alloy", _pods(), f"{_REPO} operator/watches.yaml, {_CHART}/values.yaml"),)
