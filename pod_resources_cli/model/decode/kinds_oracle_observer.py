"""The Oracle Database Operator's exporter and Data Guard observer (oracle/oracle-database-operator @e24228685e5f).

- DatabaseObserver (observability.oracle.com v1alpha1, v1, v4, the same spec in each:
  apis/observability/v4/databaseobserver_types.go): one Deployment named after the object
  (controllers/observability/databaseobserver_resource.go ObservabilityDeploymentResource.generate) of
  ``spec.replicas`` pods, where 0 or unset is 1 (commons/observability/utils.go GetExporterReplicas,
  constants.go DefaultReplicaCount). Its pod has the container ``exporter`` (constants.go
  DefaultExporterContainerName), which the operator gives no resources and the spec has no field for, followed by
  ``spec.sidecar.containers`` as written (utils.go AddSidecarContainers: appended whole, their resources included).
- DataguardBroker (database.oracle.com v4, v1alpha1: apis/database/v4/dataguardbroker_types.go): where
  ``spec.fastStartFailover`` is true the reconciler creates one observer Pod itself
  (controllers/dataguard/dataguardbroker_controller.go Reconcile, dataguard_utils.go createObserverPods:
  ``dbcommons.NewRealPodBuilder``, no Deployment), unless one is already running; its one container is named
  after the object and has no resources; otherwise no pod (the databases' pods are their SingleInstanceDatabases').
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.location import value_at
from pod_resources_cli.model.decode.kind_types import Containers, FieldIn, PodPath, WorkloadKind

if TYPE_CHECKING:
    from pod_resources_cli.location import Pointer

_REPO: Final = "oracle/oracle-database-operator"


def _observer_assemble(obj: dict[str, Any], spec: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """``exporter`` (no resources), then each written sidecar container as it is."""
    containers: list[tuple[Any, Pointer]] = [({"name": "exporter"}, pointer)]
    sidecars = value_at(spec, ("sidecar", "containers"))
    if isinstance(sidecars, list):
        containers.extend((c, (*pointer, "sidecar", "containers", i)) for i, c in enumerate(sidecars) if isinstance(c, dict))
    return tuple(containers), ()


def _broker_assemble(obj: dict[str, Any], spec: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """The observer: one container named after the object, no resources."""
    name = value_at(obj, ("metadata", "name"))
    return (({"name": name if isinstance(name, str) else ""}, pointer),), ()


DATABASE_OBSERVER: Final = WorkloadKind(
    "observability.oracle.com", "DatabaseObserver",
    (PodPath("spec", "containers", count=("/spec.replicas=1!",), label="exporter", assemble=_observer_assemble),),
    f"{_REPO} controllers/observability/databaseobserver_resource.go ObservabilityDeploymentResource.generate, "
    "commons/observability/utils.go GetExporterReplicas, AddSidecarContainers",
)  # fmt: skip

DATAGUARD_BROKER: Final = WorkloadKind(
    "database.oracle.com", "DataguardBroker",
    (PodPath("spec", "containers", count=("1",), label="observer", assemble=_broker_assemble,
             if_field=FieldIn("spec.fastStartFailover", ("true",))),),
    f"{_REPO} controllers/dataguard/dataguardbroker_controller.go Reconcile, dataguard_utils.go createObserverPods",
)  # fmt: skip

ORACLE_OBSERVER_KINDS: Final = (DATABASE_OBSERVER, DATAGUARD_BROKER)
