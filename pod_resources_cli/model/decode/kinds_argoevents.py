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
  (none otherwise; jetstream.go ``containers["main"].Resources =
  js.ContainerTemplate.Resources``), and ``spec.jetstream``'s
  priorityClassName and metadata.
- EventBus ``spec.nats.native`` (pkg/reconciler/eventbus/installer/nats.go
  buildStatefulSetSpec; installer.go getInstaller takes it before
  ``spec.jetstream``, and ``spec.nats.exotic`` before it: an outside NATS,
  no pod): NATS Streaming, ``replicas`` pods raised to 3 ("Streaming
  requires minimal size 3": unset, 0, 1 and 2 are 3), the containers
  ``stan``, whose resources are ``containerTemplate.resources`` where that
  template is written and else a cpu request of ``0``
  (``apiresource.MustParse("0")``), and ``metrics``, with
  ``metricsContainerTemplate.resources`` (none otherwise); the pod takes
  ``spec.nats.native``'s priorityClassName and metadata.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "argoproj/argo-events"
_TRIGGERS: Final = "Argo Events' sensor creates this object when its trigger fires, with the trigger's parameters set over it"
_JS: Final = f"{_REPO} pkg/reconciler/eventbus/installer/jetstream.go buildStatefulSetSpec"
_STAN: Final = f"{_REPO} pkg/reconciler/eventbus/installer/nats.go buildStatefulSetSpec"
_NATIVE: Final = "/spec.nats.native"


def _unwritten(path: str) -> FieldIn:
    """The field is unset (a nil pointer in Go): getInstaller takes spec.nats before spec.jetstream, exotic before native."""
    return FieldIn(path, (), match="written", negate=True)


# stan's resources where no containerTemplate is written: a cpu request of 0
_STAN_DEFAULT: Final = OperatorDefaults(requests=(("cpu", "0"),), when=(f"{_NATIVE}.containerTemplate", None))


def _daemon(kind: str, code: str) -> PodPath:
    """The Deployment of an EventSource or a Sensor: one ``main`` container, ``spec.template.container.resources``."""
    main = MainContainer("main", f"{_REPO} {code} buildDeploymentSpec", shorthand=Shorthand("/spec.template.container.resources", "requirements"))
    return PodPath("spec", "operator", count=("/spec.replicas=1",), label=kind, main=(main,), empty_when_absent=True, pod_fields="spec.template")


def _js(name: str, template: str) -> MainContainer:
    """A JetStream container: ``spec.jetstream.<template>.resources`` where the template is written (from the root:
    spec.jetstream holds no ``[*]``, so a relative path would start at the object's root, not at spec.jetstream)."""
    return MainContainer(name, _JS, shorthand=Shorthand(f"/spec.jetstream.{template}.resources", "requirements"))


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
        ), pod_fields="spec.jetstream", if_field=_unwritten("spec.nats")),
         PodPath("spec.nats.native", "operator", count=(f"{_NATIVE}.replicas=3+",), main=(
            MainContainer("stan", _STAN, shorthand=Shorthand(f"{_NATIVE}.containerTemplate.resources", "requirements"), defaults=(_STAN_DEFAULT,)),
            MainContainer("metrics", _STAN, shorthand=Shorthand(f"{_NATIVE}.metricsContainerTemplate.resources", "requirements")),
        ), pod_fields="spec.nats.native", if_field=_unwritten("spec.nats.exotic"))),
        f"{_REPO} pkg/apis/events/v1alpha1/jetstream_eventbus.go, nats_eventbus.go; pkg/reconciler/eventbus/installer/installer.go getInstaller",
    ),
)  # fmt: skip
