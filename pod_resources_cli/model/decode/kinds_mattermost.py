"""The Mattermost operator: Mattermost (installation.mattermost.com/v1beta1;
mattermost/mattermost-operator @07a736bbb8d6 apis/mattermost/v1beta1/
mattermost_types.go). The reconciler (controllers/mattermost/mattermost/
controller.go Reconcile) first runs SetDefaults, which refuses the object
(no Deployment is made) when the AWS load balancer controller is enabled
without ``awsLoadBalancerController.hosts``, or when, without it, the
Ingress is enabled (``spec.ingress.enabled``; no ``spec.ingress``: enabled)
and has no host (``spec.ingress.host``; no ``spec.ingress``: the deprecated
``spec.ingressName``) (mattermost_utils.go SetDefaults, IngressEnabled,
GetIngressHost): such an object counts 0 pods. It then sizes the app
(mattermost_sizes.go SetReplicasAndResourcesFromSize):

- a ``spec.size`` the operator knows (apis/mattermost/v1alpha1/
  clusterinstallation_sizes.go validSizes) sets the replicas and the app
  container's resources whole, over what is written;
- otherwise (no size, or one it does not know: "using default") the
  replicas are ``spec.replicas`` where written, else 2, and the resources
  ``spec.scheduling.resources`` where they are not empty (a
  ResourceRequirements whose Size() is 0: no requests, limits or claims),
  else those of ``5000users`` (DefaultSize): requests 500m and 500Mi,
  limits 4000m and 8Gi.

The Deployment's pod (pkg/mattermost/mattermost_v1beta.go
GenerateDeploymentV1Beta): one container ``mattermost`` with those
resources, then ``podExtensions.sidecarContainers`` as written; init
containers, none with resources: the database check (operator-managed
MySQL, no ``database.external.secret``: ``init-check-operator-mysql``,
database_mysql.go; an external database in the ``builtin`` readiness mode:
``init-check-database``, database_external.go), none with
``database.disableReadinessCheck``; with the operator-managed MinIO file
store (neither ``fileStore.external.url``, ``fileStore.externalVolume.
volumeClaimName`` nor ``fileStore.local.enabled``: controllers/mattermost/
mattermost/file_store.go checkFileStore) ``create-minio-bucket`` and
``init-check-minio`` (pkg/mattermost/file_store.go); then
``podExtensions.initContainers`` as written. An external database in the
default ``external`` readiness mode gets ``init-check-database`` only when
its Secret holds ``DB_CONNECTION_CHECK_URL``, which is not read here: that
pod is as written. With ``jobServer.dedicatedJobServer`` a second
Deployment of 1 pod (GenerateJobServerDeploymentV1Beta) runs the same pod
with the one container renamed ``mattermost-jobserver`` and no sidecars.

The legacy ClusterInstallation (mattermost.com/v1alpha1, apis/mattermost/
v1alpha1/clusterinstallation_types.go; controllers/mattermost/
clusterinstallation) is sized the same way (clusterinstallation_sizes.go
SetReplicasAndResourcesFromSize: ``spec.replicas``, an int32, 0 taking 2;
``spec.resources``) and refused by its SetDefaults
(clusterinstallation_utils.go) without ``spec.ingressName``, with
``blueGreen.enable`` but a ``productionDeployment`` other than blue or
green or a blue or green version or image unset, or with
``canary.enable`` but its deployment's version or image unset. Its pods
(pkg/mattermost/mattermost.go GenerateDeployment, a negative replica count
made 0): ``mattermost`` with those resources, ``init-check-operator-mysql``
without ``database.secret``, ``create-minio-bucket`` and
``init-check-minio`` without ``minio.externalURL``; one Deployment, or with
``blueGreen.enable`` the blue and the green ones instead
(controllers/mattermost/clusterinstallation/mattermost.go, bluegreen.go),
and with ``canary.enable`` one more (canary.go), each of those replicas.
With ``database.secret`` the Secret tells an external database (and its
``DB_CONNECTION_CHECK_URL`` the init check) from the operator's: as
written.

The MySQL cluster and the MinIO instance the operator asks for are other
operators' objects (their pods are theirs), not listed here; nor the update
Job it runs when the image changes.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer, value_at
from pod_resources_cli.model.decode.kind_types import Derive, Derived, FieldIn, MainContainer, PodPath, WorkloadKind
from pod_resources_cli.model.decode.problems import Problems, decode_requirements
from pod_resources_cli.quantity import parse_quantity

_REPO: Final = "mattermost/mattermost-operator"
_SIZES_GO: Final = f"{_REPO} apis/mattermost/v1alpha1/clusterinstallation_sizes.go"
# validSizes: the app's replicas, requests (cpu, memory) and limits (cpu, memory), as resource.MustParse reads them
_SIZES: Final[dict[str, tuple[int, tuple[str, str], tuple[str, str]]]] = {
    "cloud10users": (2, ("10m", "150Mi"), ("2000m", "4Gi")),
    "cloud100users": (2, ("50m", "256Mi"), ("2000m", "4Gi")),
    "100users": (1, ("100m", "256Mi"), ("2000m", "4Gi")),
    "1000users": (2, ("150m", "256Mi"), ("2000m", "4Gi")),
    "5000users": (2, ("500m", "500Mi"), ("4000m", "8Gi")),
    "10000users": (2, ("500m", "500Mi"), ("4000m", "8Gi")),
    "25000users": (2, ("1000m", "4Gi"), ("4000m", "16Gi")),
    "miniSingleton": (1, ("10m", "150Mi"), ("2000m", "4Gi")),
    "miniHA": (2, ("10m", "150Mi"), ("2000m", "4Gi")),
}
_DEFAULT_SIZE: Final = "5000users"  # DefaultSize = size5000
_AS_WRITTEN: Final = (
    "with an external database in the external readiness mode the operator adds the init container "
    "init-check-database only when the database Secret holds DB_CONNECTION_CHECK_URL (pkg/mattermost/"
    "database_external.go InitContainers), which is not read here"
)



def _known_size(spec: Any) -> str | None:
    size = value_at(spec, ("size",))
    return size if isinstance(size, str) and size in _SIZES else None


def _sized(size: str, why: str) -> Derived:
    _, (cpu, memory), (cpu_limit, memory_limit) = _SIZES[size]
    requests = {"cpu": parse_quantity(cpu), "memory": parse_quantity(memory)}
    limits = {"cpu": parse_quantity(cpu_limit), "memory": parse_quantity(memory_limit)}
    note = (
        f"{why}: the operator sets the size {size}'s requests ({cpu} cpu, {memory} memory) and limits ({cpu_limit} cpu, "
        f"{memory_limit} memory) on the app container ({_REPO} apis/mattermost/v1beta1/mattermost_sizes.go; {_SIZES_GO})"
    )
    return Derived(requests, limits, (note,), ("size",) if why.startswith("spec.size") else ())


def _app_of(*at: str) -> Any:
    """SetReplicasAndResourcesFromSize's app resources: the size's, else the ones written at ``at`` (relative to the
    spec: Mattermost's scheduling.resources, ClusterInstallation's resources), else 5000users'."""
    written_at = ".".join(("spec", *at))

    def app(spec: Any, pointer: Pointer, problems: Problems) -> Derived:
        size = _known_size(spec)
        if size is not None:
            return _sized(size, f"spec.size {size}")
        written = value_at(spec, at)
        requirements = decode_requirements(written, (*pointer, *at), problems) if written is not None else None
        if requirements is not None and (requirements.requests or requirements.limits or requirements.claims):
            return Derived(dict(requirements.req), dict(requirements.limits or {}), (), at[:-1])
        other = value_at(spec, ("size",))
        why = f"spec.size {other!r} is not a size the operator knows, and {written_at} is empty" if other else f"no spec.size and {written_at} empty"
        return _sized(_DEFAULT_SIZE, why)

    return app


_app = _app_of("scheduling", "resources")


def _refused(obj: dict[str, Any]) -> bool:
    """SetDefaults' errors: an AWS load balancer without hosts, or an enabled Ingress without a host."""
    spec = obj.get("spec")
    aws = value_at(spec, ("awsLoadBalancerController",))
    if isinstance(aws, dict) and aws.get("enabled") is True:
        return not aws.get("hosts")
    ingress = value_at(spec, ("ingress",))
    if isinstance(ingress, dict):
        return ingress.get("enabled") is True and not ingress.get("host")
    return ingress is None and not value_at(spec, ("ingressName",))


def _app_replicas(obj: dict[str, Any], element: Any) -> int:
    return 0 if _refused(obj) else _sized_replicas(obj.get("spec"), zero_is_unset=False)


def _sized_replicas(spec: Any, *, zero_is_unset: bool) -> int:
    """The size's replicas, else ``spec.replicas`` (a negative count made 0; a ClusterInstallation's 0 is unset),
    else the default size's."""
    size = _known_size(spec)
    if size is not None:
        return _SIZES[size][0]
    replicas = value_at(spec, ("replicas",))
    if isinstance(replicas, int) and not isinstance(replicas, bool) and not (zero_is_unset and replicas == 0):
        return max(replicas, 0)
    return _SIZES[_DEFAULT_SIZE][0]


def _job_server(obj: dict[str, Any], element: Any) -> int:
    return 0 if _refused(obj) else 1


def _init(name: str, source: str, *tests: FieldIn) -> MainContainer:
    return MainContainer(name, f"{_REPO} {source}", init=True, if_fields=tests)


_CHECKED: Final = FieldIn("/spec.database.disableReadinessCheck", ("true",), negate=True)


def _inits() -> tuple[MainContainer, ...]:
    external_db = FieldIn("/spec.database.external.secret", (), match="written")
    minio = (
        FieldIn("/spec.fileStore.external.url", (), match="written", negate=True),
        FieldIn("/spec.fileStore.externalVolume.volumeClaimName", (), match="written", negate=True),
        FieldIn("/spec.fileStore.local.enabled", ("true",), negate=True),
    )
    return (
        _init("init-check-operator-mysql", "pkg/mattermost/database_mysql.go InitContainers", _CHECKED,
              FieldIn("/spec.database.external.secret", (), match="written", negate=True)),
        _init("init-check-database", "pkg/mattermost/database_external.go builtinDBCheckInitContainer", _CHECKED, external_db,
              FieldIn("/spec.database.readinessCheck.mode", ("builtin",))),
        _init("create-minio-bucket", "pkg/mattermost/file_store.go OperatorManagedMinioConfig.InitContainers", *minio),
        _init("init-check-minio", "pkg/mattermost/file_store.go OperatorManagedMinioConfig.InitContainers", *minio),
    )  # fmt: skip


def _pods() -> tuple[PodPath, ...]:
    source = "pkg/mattermost/mattermost_v1beta.go"
    app = MainContainer("mattermost", f"{_REPO} {source} GenerateDeploymentV1Beta", derive=Derive("/spec", _app))
    job = MainContainer("mattermost-jobserver", f"{_REPO} {source} GenerateJobServerDeploymentV1Beta", derive=Derive("/spec", _app))
    common: dict[str, Any] = {
        "init_containers": ("podExtensions.initContainers[*]",), "empty_when_absent": True, "always_made": True,
        "as_written": _AS_WRITTEN, "as_written_with": "spec.database.external.secret",
    }  # fmt: skip
    return (
        PodPath("spec", "containers", containers=("podExtensions.sidecarContainers[*]",), label="app", main=(app, *_inits()),
                tally=_app_replicas, **common),
        PodPath("spec", "containers", label="jobserver", main=(job, *_inits()), tally=_job_server,
                if_field=FieldIn("spec.jobServer.dedicatedJobServer", ("true",)), **common),
    )  # fmt: skip


def _ci_refused(obj: dict[str, Any]) -> bool:
    """ClusterInstallation.SetDefaults' errors (apis/mattermost/v1alpha1/clusterinstallation_utils.go)."""
    spec = obj.get("spec")
    if not value_at(spec, ("ingressName",)):
        return True
    blue_green = value_at(spec, ("blueGreen",))
    if isinstance(blue_green, dict) and blue_green.get("enable") is True:
        production = blue_green.get("productionDeployment")
        if not isinstance(production, str) or production.lower() not in ("blue", "green"):
            return True
        if not all(value_at(blue_green, (color, field)) for color in ("blue", "green") for field in ("version", "image")):
            return True
    canary = value_at(spec, ("canary",))
    return isinstance(canary, dict) and canary.get("enable") is True and not (value_at(canary, ("deployment", "version")) and value_at(canary, ("deployment", "image")))


def _ci_replicas(obj: dict[str, Any], element: Any) -> int:
    """Each Deployment's replicas: the size's, else spec.replicas (0: 2), a negative count made 0."""
    return 0 if _ci_refused(obj) else _sized_replicas(obj.get("spec"), zero_is_unset=True)


def _ci_pods() -> tuple[PodPath, ...]:
    source = f"{_REPO} pkg/mattermost/mattermost.go GenerateDeployment"
    app = MainContainer("mattermost", source, derive=Derive("/spec", _app_of("resources")))
    minio = (FieldIn("/spec.minio.externalURL", (), match="written", negate=True),)
    inits = (
        _init("init-check-operator-mysql", "pkg/mattermost/mattermost.go GenerateDeployment", FieldIn("/spec.database.secret", (), match="written", negate=True)),
        _init("create-minio-bucket", "pkg/mattermost/mattermost.go GenerateDeployment", *minio),
        _init("init-check-minio", "pkg/mattermost/mattermost.go GenerateDeployment", *minio),
    )  # fmt: skip
    common: dict[str, Any] = {
        "main": (app, *inits), "empty_when_absent": True, "always_made": True, "tally": _ci_replicas,
        "as_written": "with spec.database.secret the operator reads the Secret to tell an external database from its own, and "
                      "its DB_CONNECTION_CHECK_URL adds init-check-database (pkg/mattermost/mattermost.go GenerateDeployment)",
        "as_written_with": "spec.database.secret",
    }  # fmt: skip
    blue_green = FieldIn("spec.blueGreen.enable", ("true",))
    return (
        PodPath("spec", "containers", label="app", if_field=FieldIn("spec.blueGreen.enable", ("true",), negate=True), **common),
        PodPath("spec", "containers", label="blue", if_field=blue_green, **common),
        PodPath("spec", "containers", label="green", if_field=blue_green, **common),
        PodPath("spec", "containers", label="canary", if_field=FieldIn("spec.canary.enable", ("true",)), **common),
    )


MATTERMOST_KINDS: Final = (
    WorkloadKind("installation.mattermost.com", "Mattermost", _pods(), f"{_REPO} apis/mattermost/v1beta1/mattermost_types.go"),
    WorkloadKind("mattermost.com", "ClusterInstallation", _ci_pods(), f"{_REPO} apis/mattermost/v1alpha1/clusterinstallation_types.go"),
)
