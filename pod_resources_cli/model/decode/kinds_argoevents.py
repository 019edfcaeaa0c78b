"""Argo Events (argoproj/argo-events 6478ece495f9, argoproj.io v1alpha1): its
controller builds a Deployment for each EventSource and each Sensor, and a
StatefulSet for each JetStream EventBus.

- EventSource and Sensor (pkg/reconciler/eventsource/resource.go and
  pkg/reconciler/sensor/resource.go buildDeploymentSpec): ``spec.replicas``
  pods (1 unset: GetReplicas), also from an object without ``template``; one
  container, ``main``, whose resources are ``spec.template.container.resources``
  as written (pkg/apis/events/v1alpha1/template.go ApplyToContainer: mergo
  over an empty ResourceRequirements), none otherwise; the pod takes
  ``spec.template``'s priorityClassName and metadata.
- A Sensor's triggers (pkg/apis/events/v1alpha1/sensor_types.go
  TriggerTemplate): ``k8s.source.resource`` and the other triggers'
  ``source.resource`` are whole objects the sensor creates when an event
  comes, with the trigger's ``parameters`` set over them
  (pkg/sensors/triggers/standard-k8s/standard-k8s.go): their pod templates,
  found by shape, are as written.
- EventBus ``spec.jetstream`` (pkg/reconciler/eventbus/installer/jetstream.go
  buildStatefulSetSpec): ``replicas`` pods (3 unset: GetReplicas), the
  containers ``main``, ``reloader`` and ``metrics``, each with
  ``containerTemplate``, ``reloaderContainerTemplate`` or
  ``metricsContainerTemplate``'s ``resources`` where that template is written
  (none otherwise), and ``spec.jetstream``'s priorityClassName and metadata.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "argoproj/argo-events"
_TRIGGERS: Final = "Argo Events' sensor creates this object when its trigger fires, with the trigger's parameters set over it"
_JS: Final = f"{_REPO} pkg/reconciler/eventbus/installer/jetstream.go buildStatefulSetSpec"


def _daemon(kind: str, code: str) -> PodPath:
    """The Deployment of an EventSource or a Sensor: one ``main`` container, ``spec.template.container.resources``."""
    main = MainContainer("main", f"{_REPO} {code} buildDeploymentSpec", shorthand=Shorthand("/spec.template.container.resources", "requirements"))
    return PodPath("spec", "operator", count=("/spec.replicas=1",), label=kind, main=(main,), empty_when_absent=True, pod_fields="spec.template")


def _js(name: str, template: str) -> MainContainer:
    return MainContainer(name, _JS, shorthand=Shorthand(f"{template}.resources", "requirements"))


ARGO_EVENTS_KINDS: Final = (
    WorkloadKind("argoproj.io", "EventSource", (_daemon("eventsource", "pkg/reconciler/eventsource/resource.go"),),
                 f"{_REPO} pkg/apis/events/v1alpha1/eventsource_types.go, template.go"),
    WorkloadKind(
        "argoproj.io", "Sensor",
        (_daemon("sensor", "pkg/reconciler/sensor/resource.go"),
         PodPath("spec.triggers[*].template{*}.source.resource", by_shape=True, as_written=_TRIGGERS)),
        f"{_REPO} pkg/apis/events/v1alpha1/sensor_types.go, template.go",
    ),
    WorkloadKind(
        "argoproj.io", "EventBus",
        (PodPath("spec.jetstream", "operator", count=("/spec.jetstream.replicas=3",), main=(
            _js("main", "containerTemplate"), _js("reloader", "reloaderContainerTemplate"), _js("metrics", "metricsContainerTemplate"),
        ), pod_fields="spec.jetstream"),),
        f"{_REPO} pkg/apis/events/v1alpha1/jetstream_eventbus.go",
    ),
)  # fmt: skip
