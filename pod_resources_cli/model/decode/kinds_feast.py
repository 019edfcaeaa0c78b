"""Feast's operator: FeatureStore (feast.dev/v1 and v1alpha1, the same
fields for the pods; feast-dev/feast @f0bc0700be70 infra/feast-operator/
api/v1/featurestore_types.go). The operator builds every pod itself, from
the object's fields after ApplyDefaultsToStatus (internal/controller/
services/util.go), with no resource default of its own:

- the Deployment ``feast-<name>`` (services.go setDeployment, setPod,
  setContainers): ``spec.replicas`` pods (kubebuilder default 1), or with
  ``spec.services.scaling.autoscaling`` an HPA's from ``minReplicas``
  (scaling.go getDesiredReplicas, defaultHPAMinReplicas 1) up. Its init
  containers ``feast-init`` and, unless ``runFeastApplyOnInit: false``,
  ``feast-apply`` (setInitContainer; none with
  ``disableInitContainers: true``) set no resources. Its containers, in
  this order, each with its server's ``resources`` whole where written
  (setContainer, getContainer, applyCtrConfigs) and none else:
  ``registry`` (``services.registry.local.server`` written, no
  ``registry.remote``), ``online`` (always, its ``server`` defaulted to
  ``{}``, unless ``onlineStore.disabled``), ``offline``
  (``services.offlineStore.server`` written), ``ui`` (``services.ui``
  written). Pod fields (``nodeSelector``, ``tolerations``, ``affinity``,
  ``securityContext``, ``resourceClaims``) come from ``spec.services``.
- the lineage Deployment (setLineageDeployment), with
  ``spec.openlineage.consumer.lineageServer`` written: ``replicas`` pods
  (1 unset) of one container ``lineage`` with its ``server.resources``.
- the CronJob (cronjob.go setCronJob, setCronJobContainers): one container
  ``feast-<i>`` per ``spec.cronJob.containerConfigs.commands`` entry (``feast
  apply`` and ``feast materialize-incremental ...`` unset:
  setDefaultCronJobConfigs), the last a container and the others init
  containers, each with ``containerConfigs.resources``; a CronJob without
  ``schedule`` is ``@yearly`` and suspended unless ``suspend: false`` is
  written, and a suspended one runs no pod (none reported here).

Deploy refuses the object (no pod at all) where no registry, online or
offline server is left (``at least one local server must be configured``),
where the registry server has neither gRPC (default true) nor its REST API,
and where a lineage server has no SQL database (consumer
``connectionStringSecretRef`` or ``registry.local.persistence.store``) or
no registry (validateLineageServerConfig, reached before the Deployment is
made). These pods are final: nothing else sets their resources.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.model.decode.kind_types import Containers, FieldIn, PodPath, WorkloadKind

if TYPE_CHECKING:
    from pod_resources_cli.location import Pointer

_REPO: Final = "feast-dev/feast"
_AUTOSCALING: Final = "spec.services.scaling.autoscaling"
_LINEAGE: Final = "spec.openlineage.consumer.lineageServer"
# setDefaultCronJobConfigs: the commands a CronJob runs when none are written
_CRON_COMMANDS: Final = 2


def _map(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _written(value: Any) -> bool:
    """A Go pointer to a struct that is not nil after decoding: any mapping, ``{}`` too."""
    return isinstance(value, dict)


def _services(obj: dict[str, Any]) -> dict[str, Any]:
    return _map(_map(obj.get("spec")).get("services"))


def _registry_server(services: dict[str, Any]) -> dict[str, Any] | None:
    """IsRegistryServer: a local registry (defaulted where ``registry`` is written without ``remote``) with a server."""
    registry = services.get("registry")
    if not isinstance(registry, dict) or _written(registry.get("remote")):
        return None
    server = _map(registry.get("local")).get("server")
    return server if _written(server) else None


def _online(services: dict[str, Any]) -> bool:
    """isOnlineStore: the online store is deployed unless ``onlineStore.disabled`` is true."""
    return _map(services.get("onlineStore")).get("disabled") is not True


def _offline_server(services: dict[str, Any]) -> dict[str, Any] | None:
    server = _map(services.get("offlineStore")).get("server")
    return server if _written(server) else None


def _lineage_server(obj: dict[str, Any]) -> dict[str, Any] | None:
    """isLineageServer: ``openlineage.consumer.lineageServer`` written (whatever ``enabled`` says)."""
    server = _map(_map(_map(obj.get("spec")).get("openlineage")).get("consumer")).get("lineageServer")
    return server if _written(server) else None


def deploys(obj: dict[str, Any]) -> bool:
    """Deploy and reconcileServices get as far as making the Deployment (services.go)."""
    services = _services(obj)
    registry = _registry_server(services)
    if registry is None and not _online(services) and _offline_server(services) is None:
        return False  # noLocalCoreServerConfigured
    if registry is not None and registry.get("grpc") is False and registry.get("restAPI") is not True:
        return False  # GRPC defaults to true where unset or null; RestAPI only where true
    if _lineage_server(obj) is not None:
        consumer = _map(_map(_map(obj.get("spec")).get("openlineage")).get("consumer"))
        store = _map(_map(_map(services.get("registry")).get("local")).get("persistence")).get("store")
        remote = _written(_map(services.get("registry")).get("remote"))
        if not (_written(consumer.get("connectionStringSecretRef")) or (_written(store) and not remote)):
            return False  # validateLineageServerConfig: a SQL database
        if not _written(services.get("registry")):
            return False  # with the default Kubernetes authz: a registry, local or remote
    return True


def _container(name: str, server: dict[str, Any] | None, pointer: Pointer) -> tuple[dict[str, Any], Pointer]:
    """getContainer + applyCtrConfigs: the server's ``resources`` and ``image`` where written."""
    container: dict[str, Any] = {"name": name}
    if server is not None:
        if _written(server.get("resources")):
            container["resources"] = server["resources"]
        if isinstance(server.get("image"), str) and server["image"]:
            container["image"] = server["image"]
    return container, pointer


def services_pod(obj: dict[str, Any], spec: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """The feast-<name> Deployment's pod: setInitContainer, then setContainer for each server, in setContainers' order."""
    services = _map(_map(spec).get("services"))
    at: Pointer = (*pointer, "services") if _written(_map(spec).get("services")) else pointer
    init: list[tuple[Any, Pointer]] = []
    if services.get("disableInitContainers") is not True:
        init.append(({"name": "feast-init"}, at))
        if services.get("runFeastApplyOnInit") is not False:
            init.append(({"name": "feast-apply"}, at))
    containers: list[tuple[Any, Pointer]] = []
    if (registry := _registry_server(services)) is not None:
        containers.append(_container("registry", registry, (*at, "registry", "local", "server")))
    if _online(services):
        online = _map(services.get("onlineStore")).get("server")
        where = (*at, "onlineStore") if _written(services.get("onlineStore")) else at
        where = (*where, "server") if _written(online) else where
        containers.append(_container("online", online if _written(online) else None, where))
    if (offline := _offline_server(services)) is not None:
        containers.append(_container("offline", offline, (*at, "offlineStore", "server")))
    if _written(ui := services.get("ui")):
        containers.append(_container("ui", ui, (*at, "ui")))
    del obj
    return tuple(containers), tuple(init)


def lineage_pod(obj: dict[str, Any], lineage: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """setLineageDeployment: one ``lineage`` container with ``server.resources`` where written."""
    del obj
    server = _map(lineage).get("server")
    written = _written(server)
    return (_container("lineage", server if written else None, (*pointer, "server") if written else pointer),), ()


def cronjob_pod(obj: dict[str, Any], cron: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """setCronJobContainers: ``feast-<i>`` per command, all but the last init containers, each with
    ``containerConfigs.resources``."""
    del obj
    configs = _map(_map(cron).get("containerConfigs"))
    written = _written(_map(cron).get("containerConfigs"))
    commands = configs.get("commands")
    n = len(commands) if isinstance(commands, list) and commands else _CRON_COMMANDS
    where: Pointer = (*pointer, "containerConfigs") if written else pointer
    made = [_container(f"feast-{i}", configs if written else None, where) for i in range(n)]
    return (made[-1],), tuple(made[:-1])


def _cron_runs(obj: dict[str, Any], element: Any) -> bool:
    """setDefaultCronJobConfigs: no schedule is ``@yearly`` and ``suspend: true`` unless written; suspended, no Job."""
    del element
    cron = _map(_map(obj.get("spec")).get("cronJob"))
    suspend = cron.get("suspend")
    schedule = cron.get("schedule")
    if isinstance(schedule, str) and schedule:
        return suspend is not True and deploys(obj)
    return suspend is False and deploys(obj)


def _made(obj: dict[str, Any], element: Any) -> bool:
    del element
    return deploys(obj)


def _pods() -> tuple[PodPath, ...]:
    autoscaled = FieldIn(_AUTOSCALING, (), match="written")
    static = FieldIn(_AUTOSCALING, (), match="written", negate=True)

    def deployment(count: str, if_field: FieldIn) -> PodPath:
        return PodPath("spec", "containers", count=(count,), label="services", assemble=services_pod, empty_when_absent=True,
                       always_made=True, made=_made, if_field=if_field, pod_fields="/spec.services")  # fmt: skip

    return (
        deployment("/spec.replicas=1", static),
        deployment(f"/{_AUTOSCALING}.minReplicas=1", autoscaled),
        PodPath(_LINEAGE, "containers", count=(f"/{_LINEAGE}.replicas=1",), label="lineage", assemble=lineage_pod, made=_made),
        PodPath("spec.cronJob", "containers", count=("/spec.cronJob.jobSpec.parallelism=1",), label="cronjob", assemble=cronjob_pod,
                empty_when_absent=True, always_made=True, made=_cron_runs),
    )  # fmt: skip


FEAST_KINDS: Final = (
    WorkloadKind(
        "feast.dev", "FeatureStore", _pods(),
        f"{_REPO} infra/feast-operator api/v1/featurestore_types.go, internal/controller/services/services.go setDeployment, "
        "cronjob.go setCronJob, util.go ApplyDefaultsToStatus",
    ),
)  # fmt: skip
