"""Fluid's cache runtimes (data.fluid.io/v1alpha1; fluid-cloudnative/fluid
a826600a4322, api/v1alpha1/*runtime_types.go). Each runtime's engine
(pkg/ddc/<runtime>/transform*.go) turns the object into Helm values and
installs its chart (charts/<runtime>/), whose values.yaml sets no resources:
each container gets the values the engine wrote, or none (``{{- if
.Values.<part>.resources }}``). The pods:

- AlluxioRuntime (pkg/ddc/alluxio): the master StatefulSet,
  ``spec.master.replicas`` pods (0: 1, transform.go transformMasters), with
  ``alluxio-master`` (``spec.master.resources``), ``alluxio-job-master``
  (``spec.jobMaster.resources``, transform_resources.go
  transformResourcesForMaster) and, with ``spec.apiGateway.enabled``,
  ``api-gateway``, to which the engine gives no resources
  (transform_api_gateway.go); the worker StatefulSet, ``spec.replicas`` pods,
  with ``alluxio-worker`` (``spec.worker.resources``) and
  ``alluxio-job-worker`` (``spec.jobWorker.resources``); the fuse
  DaemonSet's ``alluxio-fuse`` (charts/alluxio/templates/*/). With
  ``spec.runAs`` the engine enables ``init-users`` (master and worker) and
  ``init-fuse`` (fuse), init containers without resources
  (transform_init_users.go). transformResourcesForWorker raises the
  worker's memory request to the memory tiers' quota (every
  ``tieredstore.levels`` item whose mediumtype is not SSD or HDD, summed
  over its paths: ``quota`` divided evenly among them, pkg/ddc/base/
  runtime.go convertToTieredstoreInfo, or ``quotaList``; pkg/utils/
  tieredstore GetLevelStorageMap) where none is set or it is lower, and
  refuses a memory limit below that quota. transformResourcesForFuse sets
  the fuse's resources only where ``spec.fuse.resources.limits`` names
  memory (else none at all: a fuse without a memory limit is BestEffort,
  whatever else it writes), its memory limit then being that limit (50Gi
  where it is zero) plus the memory tiers' quota.
- JindoRuntime (pkg/ddc/jindocache, the default engine: pkg/utils/jindo
  GetDefaultEngineImpl): the master StatefulSet, 3 pods where
  ``spec.master.replicas`` is 3 else 1 (transform.go
  transformReplicasCount), ``jindofs-master``; the worker StatefulSet,
  ``spec.replicas`` pods, ``jindofs-worker``; the fuse DaemonSet's
  ``jindofs-fuse``; each with its part's ``resources`` whole
  (transform_resources.go) and none with its part's ``disabled``. The
  worker's memory request is raised to the first tier's quota where the
  last tier is memory (transformWorkerResources): with a tier store, the
  worker is as written.
- JuiceFSRuntime (pkg/ddc/juicefs): the worker StatefulSet, ``spec.replicas``
  pods, ``juicefs-worker`` (``spec.worker.resources``); the fuse DaemonSet's
  ``juicefs-fuse`` (``spec.fuse.resources``). With a memory tier the engine
  raises both memory requests to its quota (transform_resources.go): with
  a tier store, as written.
- EFCRuntime (pkg/ddc/efc): the master StatefulSet (``spec.master.replicas``,
  below 1: 1; none with ``spec.master.disabled``, efcruntime_types.go
  MasterReplicas), ``efc-master``; the worker StatefulSet (``spec.replicas``,
  none with ``spec.worker.disabled``), ``efc-worker``; the fuse DaemonSet's
  ``efc-fuse``; each with its part's ``resources`` (transform_resources.go).
  With a memory tier the master's and fuse's memory requests are raised to
  its quota: as written.
- ThinRuntime (pkg/ddc/thin): the worker StatefulSet with
  ``spec.worker.enabled`` (util.go isWorkerEnable), ``spec.replicas`` pods,
  ``thin-worker``; the fuse DaemonSet's ``thin-fuse``: the ThinRuntimeProfile
  named in ``spec.profileName`` gives its resources first and the runtime's
  are set over them key by key (transform_resources.go, transform.go:166,
  transform_fuse.go:333): with a profile, as written.
- VineyardRuntime (pkg/ddc/vineyard): the master StatefulSet
  (``spec.master.replicas``, 0: 1, transform.go), ``vineyard-master`` with
  ``spec.master.resources``; the worker StatefulSet, ``spec.replicas`` pods,
  ``vineyard-worker``, whose memory the engine computes from the tier store
  (transform_resources.go transformResourcesForWorker; not computed here: as
  written); the fuse DaemonSet's ``vineyard-fuse``, which the chart gives the
  master's cpu and memory (charts/vineyard/templates/fuse/daemonset.yaml:109
  includes ``vineyard.master.resources``), not ``spec.fuse.resources``.
- DataLoad: one Job pod (a CronJob's, for ``policy: Cron``), its container
  ``dataloader`` with ``spec.resources`` (pkg/ddc/*/load_data.go,
  charts/fluid-dataloader/*/templates/job.yaml). DataMigrate and
  DataProcess are not modelled here.

A fuse runs on each node where a pod uses the dataset: a DaemonSet's pods,
one a node. A Dataset makes no pods.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Derive, Derived, FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind
from pod_resources_cli.model.decode.problems import Problems, resource_list
from pod_resources_cli.quantity import Quantity, QuantityError, parse_quantity
from pod_resources_cli.quantity_format import Format

_REPO: Final = "fluid-cloudnative/fluid"
_GROUP: Final = "data.fluid.io"
_TIERS: Final = "spec.tieredstore.levels"
_FUSE_DEFAULT_LIMIT: Final = "50Gi"


def _requirements(spec: Any, part: str, pointer: Pointer, problems: Problems) -> tuple[dict[str, Quantity], dict[str, Quantity], bool]:
    """The part's written requests and limits, and whether its limits name memory."""
    own = spec.get(part) if isinstance(spec, dict) else None
    resources = own.get("resources") if isinstance(own, dict) else None
    if not isinstance(resources, dict):
        return {}, {}, False
    at = (*pointer, part, "resources")
    requests = resource_list(resources.get("requests"), (*at, "requests"), problems) or {} if resources.get("requests") is not None else {}
    raw_limits = resources.get("limits")
    limits = resource_list(raw_limits, (*at, "limits"), problems) or {} if raw_limits is not None else {}
    return requests, limits, isinstance(raw_limits, dict) and "memory" in raw_limits


def _memory_tiers(spec: Any) -> tuple[Quantity | None, str | None]:
    """GetLevelStorageMap's memory quota over convertToTieredstoreInfo's cache paths (None without a memory tier),
    or why the engine stops (a level without quota, a quotaList of another length)."""
    store = spec.get("tieredstore") if isinstance(spec, dict) else None
    levels = store.get("levels") if isinstance(store, dict) else None
    total: Quantity | None = None
    for level in levels if isinstance(levels, list) else []:
        if not isinstance(level, dict):
            continue
        path = level.get("path")
        paths = path.split(",") if isinstance(path, str) else [""]
        quota_list = level.get("quotaList")
        try:
            if isinstance(quota_list, str) and quota_list:
                items = quota_list.split(",")
                if len(items) != len(paths):
                    return None, "the tier's quotaList and its paths differ in length: the engine stops (pkg/ddc/base/runtime.go convertToTieredstoreInfo)"
                quotas = [parse_quantity(q) for q in items]
            else:
                quota = level.get("quota")
                if quota is None or isinstance(quota, bool):
                    return None, "a tier without quota or quotaList: the engine stops (pkg/ddc/base/runtime.go convertToTieredstoreInfo)"
                each = parse_quantity(str(quota)).value() // len(paths)
                quotas = [Quantity.from_int(each, Format.BINARY_SI) for _ in paths]
        except QuantityError:
            return None, "a tier's quota is no quantity: the engine stops (pkg/ddc/base/runtime.go convertToTieredstoreInfo)"
        if level.get("mediumtype") in ("SSD", "HDD"):
            continue
        for q in quotas:
            total = q if total is None else total + q
    return total, None


def _alluxio_worker(spec: Any, pointer: Pointer, problems: Problems) -> Derived:
    """transformResourcesForWorker (pkg/ddc/alluxio/transform_resources.go:69-146)."""
    requests, limits, _ = _requirements(spec, "worker", pointer, problems)
    notes: list[str] = []
    memory, stop = _memory_tiers(spec)
    source = f"{_REPO} pkg/ddc/alluxio/transform_resources.go transformResourcesForWorker"
    if stop is not None:
        notes.append(stop)
    elif memory is not None:
        written = requests.get("memory")
        if written is None or written.is_zero() or memory > written:
            requests["memory"] = memory
            notes.append(f"memory request {memory} from the memory tiers' quota ({source})")
        limit = limits.get("memory")
        if limit is not None and not limit.is_zero() and memory > limit:
            notes.append(f"the memory tiers' quota {memory} is above the memory limit {limit}: the engine refuses the runtime ({source})")
    return Derived(requests, limits, tuple(notes), ("worker", "resources"))


def _alluxio_fuse(spec: Any, pointer: Pointer, problems: Problems) -> Derived:
    """transformResourcesForFuse (pkg/ddc/alluxio/transform_resources.go:161-210)."""
    requests, limits, has_memory_limit = _requirements(spec, "fuse", pointer, problems)
    source = f"{_REPO} pkg/ddc/alluxio/transform_resources.go transformResourcesForFuse"
    if not has_memory_limit:
        written = bool(requests or limits)
        note = (f"no resources: the engine sets the fuse's only where fuse.resources.limits names memory ({source})" if written
                else f"no resources: none written ({source})")  # fmt: skip
        return Derived({}, {}, (note,), ("fuse", "resources"))
    limit = limits.get("memory")
    total = limit if limit is not None and not limit.is_zero() else parse_quantity(_FUSE_DEFAULT_LIMIT)
    memory, _ = _memory_tiers(spec)
    notes: list[str] = []
    if memory is not None:
        total = total + memory
        notes.append(f"memory limit {total}: the written limit plus the memory tiers' quota {memory} ({source})")
    elif limit is None or limit.is_zero():
        notes.append(f"memory limit {total}, the engine's default for a zero limit ({source})")
    limits["memory"] = total
    return Derived(requests, limits, tuple(notes), ("fuse", "resources"))


def _main(name: str, part: str, source: str) -> MainContainer:
    return MainContainer(name, f"{_REPO} {source}", shorthand=Shorthand(f"/spec.{part}.resources", "requirements"))


def _init(name: str, runtime: str) -> MainContainer:
    """The init container the engine enables with ``spec.runAs`` (no resources)."""
    return MainContainer(name, f"{_REPO} pkg/ddc/{runtime}/transform_init_users.go", present="/spec.runAs", init=True)


def _off(part: str) -> FieldIn:
    return FieldIn(f"spec.{part}.disabled", ("true",), negate=True)


def _pod(part: str, label: str, count: tuple[str, ...], main: tuple[MainContainer, ...], *, if_field: FieldIn | tuple[FieldIn, ...] | None = None,
         as_written: str | None = None, as_written_with: str | None = _TIERS) -> PodPath:  # fmt: skip
    return PodPath(f"spec.{part}", "operator", count=count, label=label, main=main, empty_when_absent=True, always_made=True, if_field=if_field,
                   as_written=as_written, as_written_with=as_written_with if as_written is not None else None)  # fmt: skip


def _alluxio() -> tuple[PodPath, ...]:
    source = "pkg/ddc/alluxio/transform_resources.go"
    master = (
        _init("init-users", "alluxio"),
        MainContainer("api-gateway", f"{_REPO} pkg/ddc/alluxio/transform_api_gateway.go", enabled="/spec.apiGateway.enabled"),
        _main("alluxio-master", "master", f"{source} transformResourcesForMaster"),
        _main("alluxio-job-master", "jobMaster", f"{source} transformResourcesForMaster"),
    )
    worker = (
        _init("init-users", "alluxio"),
        MainContainer("alluxio-worker", f"{_REPO} {source} transformResourcesForWorker", derive=Derive("/spec", _alluxio_worker)),
        _main("alluxio-job-worker", "jobWorker", f"{source} transformResourcesForWorker"),
    )
    fuse = (
        _init("init-fuse", "alluxio"),
        MainContainer("alluxio-fuse", f"{_REPO} {source} transformResourcesForFuse", derive=Derive("/spec", _alluxio_fuse)),
    )
    return (
        _pod("master", "master", ("/spec.master.replicas=1",), master),
        _pod("worker", "worker", ("/spec.replicas=0",), worker),
        _pod("fuse", "fuse", (), fuse),
    )


def _jindo() -> tuple[PodPath, ...]:
    source = "pkg/ddc/jindocache/transform_resources.go"
    tiers = f"with a memory tier the engine raises the worker's memory request to its quota ({_REPO} {source} transformWorkerResources)"
    three = FieldIn("spec.master.replicas", ("3",))
    return (
        _pod("master", "master", ("3",), (_main("jindofs-master", "master", source),), if_field=(_off("master"), three)),
        _pod("master", "master", ("1",), (_main("jindofs-master", "master", source),), if_field=(_off("master"), FieldIn("spec.master.replicas", ("3",), negate=True))),
        _pod("worker", "worker", ("/spec.replicas=0",), (_main("jindofs-worker", "worker", source),), if_field=_off("worker"), as_written=tiers),
        _pod("fuse", "fuse", (), (_main("jindofs-fuse", "fuse", source),), if_field=_off("fuse")),
    )  # fmt: skip


def _juicefs() -> tuple[PodPath, ...]:
    source = "pkg/ddc/juicefs/transform_resources.go"
    tiers = f"with a memory tier the engine raises the memory request to its quota ({_REPO} {source})"
    return (
        _pod("worker", "worker", ("/spec.replicas=0",), (_main("juicefs-worker", "worker", source),), as_written=tiers),
        _pod("fuse", "fuse", (), (_main("juicefs-fuse", "fuse", source),), as_written=tiers),
    )


def _efc() -> tuple[PodPath, ...]:
    source = "pkg/ddc/efc/transform_resources.go"
    tiers = f"with a memory tier the engine raises the memory request to its quota ({_REPO} {source})"
    return (
        _pod("master", "master", ("/spec.master.replicas=1",), (_main("efc-master", "master", source),), if_field=_off("master"), as_written=tiers),
        _pod("worker", "worker", ("/spec.replicas=0",), (_main("efc-worker", "worker", source),), if_field=_off("worker")),
        _pod("fuse", "fuse", (), (_main("efc-fuse", "fuse", source),), as_written=tiers),
    )


def _thin() -> tuple[PodPath, ...]:
    source = "pkg/ddc/thin/transform_resources.go"
    profile = f"the ThinRuntimeProfile that profileName names gives resources under the runtime's ({_REPO} {source}, transform.go:166)"
    enabled = FieldIn("spec.worker.enabled", ("true",))
    return (
        _pod("worker", "worker", ("/spec.replicas=0",), (_main("thin-worker", "worker", source),), if_field=enabled, as_written=profile,
             as_written_with="spec.profileName"),
        _pod("fuse", "fuse", (), (_main("thin-fuse", "fuse", source),), as_written=profile, as_written_with="spec.profileName"),
    )  # fmt: skip


def _vineyard() -> tuple[PodPath, ...]:
    source = "pkg/ddc/vineyard/transform_resources.go"
    worker = f"the engine computes the worker's memory from the tier store ({_REPO} {source} transformResourcesForWorker)"
    fuse = MainContainer("vineyard-fuse", f"{_REPO} charts/vineyard/templates/fuse/daemonset.yaml:109 (the master's resources)",
                         shorthand=Shorthand("/spec.master.resources", "requirements"))  # fmt: skip
    return (
        _pod("master", "master", ("/spec.master.replicas=1",), (_main("vineyard-master", "master", source),)),
        _pod("worker", "worker", ("/spec.replicas=0",), (_main("vineyard-worker", "worker", source),), as_written=worker, as_written_with=None),
        _pod("fuse", "fuse", (), (fuse,)),
    )


def _job(name: str, chart: str, count: tuple[str, ...] = ("1",)) -> tuple[PodPath, ...]:
    main = MainContainer(name, f"{_REPO} charts/{chart}", shorthand=Shorthand("/spec.resources", "requirements"))
    return (PodPath("spec", "operator", count=count, label=name, main=(main,), empty_when_absent=True, always_made=True),)


FLUID_KINDS: Final = (
    WorkloadKind(_GROUP, "AlluxioRuntime", _alluxio(), f"{_REPO} api/v1alpha1/alluxioruntime_types.go"),
    WorkloadKind(_GROUP, "JindoRuntime", _jindo(), f"{_REPO} api/v1alpha1/jindoruntime_types.go"),
    WorkloadKind(_GROUP, "JuiceFSRuntime", _juicefs(), f"{_REPO} api/v1alpha1/juicefsruntime_types.go"),
    WorkloadKind(_GROUP, "EFCRuntime", _efc(), f"{_REPO} api/v1alpha1/efcruntime_types.go"),
    WorkloadKind(_GROUP, "ThinRuntime", _thin(), f"{_REPO} api/v1alpha1/thinruntime_types.go"),
    WorkloadKind(_GROUP, "VineyardRuntime", _vineyard(), f"{_REPO} api/v1alpha1/vineyardruntime_types.go"),
    WorkloadKind(_GROUP, "DataLoad", _job("dataloader", "fluid-dataloader/alluxio/templates/job.yaml"), f"{_REPO} api/v1alpha1/dataload_types.go"),
)
