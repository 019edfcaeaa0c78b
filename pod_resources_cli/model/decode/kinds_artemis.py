"""The ArkMQ (ActiveMQ Artemis) broker operator (arkmq-org/activemq-artemis-operator
@a5ce940f04cd): a Broker (broker.arkmq.org/v1beta2, api/v1beta2/broker_types.go)
and the older ActiveMQArtemis (broker.amq.io, every served version; converted
field by field into a Broker, controllers/broker_converter.go
ConvertArtemisToBroker) are one StatefulSet the operator builds from the
object's fields alone (no webhook, no resource default;
controllers/broker_reconciler.go NewPodTemplateSpecForCR):

- ``spec.deploymentPlan.size`` pods, 1 where it is unset or where
  ``spec.restricted`` is true (pkg/utils/common/common.go GetDeploymentSize,
  DefaultDeploymentSize);
- the container ``<name>-container`` and the init container
  ``<name>-container-init`` (pkg/resources/containers MakeContainer,
  MakeInitContainer), both with ``spec.deploymentPlan.resources`` whole
  (``container.Resources = ...DeploymentPlan.Resources``,
  ``initContainer.Resources = ...``), none where unset; no other container;
- ``spec.resourceTemplates[*].patch`` is merged into the objects it selects,
  the StatefulSet among them: where one is written the pod is as written.

A BrokerService (broker.arkmq.org/v1beta2, api/v1beta2/brokerservice_types.go)
makes a Broker of its own name (controllers/brokerservice_controller.go
processBroker): restricted (one pod), its ``deploymentPlan.resources`` the
service's ``spec.resources``. A BrokerApp, an ActiveMQArtemisAddress and an
ActiveMQArtemisSecurity configure a broker and make no pod (no_pods.py); an
ActiveMQArtemisScaledown's drainer pods exist only while a scale-down drains
(pkg/draincontroller), and are not modelled.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "arkmq-org/activemq-artemis-operator"
_TEMPLATE: Final = f"{_REPO} controllers/broker_reconciler.go NewPodTemplateSpecForCR"
_RESTRICTED: Final = FieldIn("spec.restricted", ("true",))
_PATCH: Final = (
    "the broker operator merges spec.resourceTemplates' patches into the objects they select, the StatefulSet among "
    "them, which can set any container's resources"
)


def _broker_containers(resources: str) -> tuple[MainContainer, ...]:
    """The init container and the broker container, both with ``resources`` (a path from the root) whole."""
    shorthand = Shorthand(f"/{resources}", "requirements")
    return (
        MainContainer("{name}-container-init", f"{_TEMPLATE} (MakeInitContainer)", shorthand=shorthand, init=True),
        MainContainer("{name}-container", f"{_TEMPLATE} (MakeContainer)", shorthand=shorthand),
    )


def _broker_pods() -> tuple[PodPath, ...]:
    main = _broker_containers("spec.deploymentPlan.resources")
    patched = (("/spec.resourceTemplates[*].patch",), _PATCH)
    return (
        PodPath("spec", "operator", count=("/spec.deploymentPlan.size=1",), label="broker", main=main, empty_when_absent=True, always_made=True,
                if_field=FieldIn("spec.restricted", ("true",), negate=True), patched_by=patched),
        PodPath("spec", "operator", count=("1",), label="broker", main=main, empty_when_absent=True, always_made=True, if_field=_RESTRICTED,
                patched_by=patched),
    )  # fmt: skip


ARTEMIS_KINDS: Final = (
    WorkloadKind("broker.arkmq.org", "Broker", _broker_pods(), f"{_REPO} api/v1beta2/broker_types.go, pkg/utils/common/common.go GetDeploymentSize"),
    WorkloadKind(
        "broker.amq.io", "ActiveMQArtemis", _broker_pods(),
        f"{_REPO} api/v1beta1/activemqartemis_types.go, controllers/broker_converter.go ConvertArtemisToBroker",
    ),
    WorkloadKind(
        "broker.arkmq.org", "BrokerService",
        (PodPath("spec", "operator", count=("1",), label="broker", main=_broker_containers("spec.resources"), empty_when_absent=True, always_made=True),),
        f"{_REPO} api/v1beta2/brokerservice_types.go, controllers/brokerservice_controller.go processBroker",
    ),
)  # fmt: skip
