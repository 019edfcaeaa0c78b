"""OpenShift Data Foundation's StorageCluster (ocs.openshift.io/v1,
red-hat-storage/ocs-operator @ab00543dcffa api/v1/storagecluster_types.go):
the ocs-operator makes a Rook CephCluster and a CephFilesystem from it
(internal/controller/storagecluster/cephcluster.go newCephCluster,
cephfilesystem.go newCephFilesystemInstances), and Rook builds the Ceph
daemons' pods from those as kinds_rook.py says. Each daemon's resources are
the operator's for the StorageCluster's ``spec.resourceProfile``
(resources.go getDaemonResources: ``lean``, ``balanced``, ``performance``
in any case, anything else ``balanced``; pkg/defaults/resources.go
LeanDaemonResources, BalancedDaemonResources, PerformanceDaemonResources,
and DaemonResources for the daemons no profile names), with
``spec.resources[<daemon>]`` merged over them resource by resource
(mergeResourceRequirements: for cpu, memory and storage, what the daemon's
entry writes, a request or a limit, replaces the default's both; the others
it writes are dropped); an entry written empty means no resources at all.

- mons: ``managedResources.cephCluster.monCount`` (3 where unset or 0; 5
  with ``arbiter.enable``: getMonCount), each pod the init containers
  ``chown-container-data-dir`` and ``init-mon-fs`` and ``mon``, all with
  the ``mon`` resources;
- mgrs: ``managedResources.cephCluster.mgrCount`` (2 where unset or 0, and
  2 with ``arbiter.enable``: getMgrCount; the operator makes 1 on a
  single-node or two-node cluster, which the manifest does not show),
  ``chown-container-data-dir`` and ``mgr`` with the ``mgr`` resources, and
  with more than one mgr Rook's ``watch-active`` with ``mgr-sidecar``'s,
  on a Multus network (``network.provider: multus``) ``cmd-proxy`` with the
  ``mgr`` resources;
- OSDs: each ``storageDeviceSets[*]`` is ``replica`` Rook device sets of
  ``count`` OSDs (countAndReplicaOf: ``replica`` 0 is 3, and then
  ``count`` is divided by 3), one pod each; ``osd`` takes the profile's
  ``osd`` resources (``spec.resources.osd`` is not read, unless written
  empty: then none) with the set's own ``resources`` merged over them where
  it writes requests or limits (newStorageClassDeviceSets);
- metadata servers: twice ``managedResources.cephFilesystems.activeMetadataServers``
  (1 where unset or 0: ActiveStandby is always true), ``chown-container-data-dir``
  and ``mds`` with the ``mds`` resources, none with the filesystems'
  ``reconcileStrategy: ignore``.

Every pod also runs Rook's ``log-collector`` sidecar, since the operator
always enables the CephCluster's log collector, with the ``logcollector``
resources (50m and 100Mi, requests and limits). The mons, mgrs and OSDs run
at ``system-node-critical``, the metadata servers at
``system-cluster-critical``. No Ceph pod is made with
``externalStorage.enable`` or the CephCluster's ``reconcileStrategy: ignore``.
Environment the manifest does not show changes them: on s390x the operator
scales the Ceph daemons' cpu requests, on a two-node (TNF) cluster it uses
other defaults. Crash collectors and exporters (one per node), the object
gateways (skipped on cloud platforms), NooBaa, the CSI driver and the
tools pod are not modelled.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Derive, Derived, FieldIn, MainContainer, PodPath, Tally, WorkloadKind
from pod_resources_cli.model.decode.problems import Problems, resource_list
from pod_resources_cli.quantity import Quantity, parse_quantity

_REPO: Final = "red-hat-storage/ocs-operator"
_DEFAULTS: Final = f"{_REPO} pkg/defaults/resources.go"
_ROOK: Final = "rook/rook pkg/operator/ceph"

# (requests, limits) as pkg/defaults/resources.go writes them
Pair = tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]


def _same(cpu: str, memory: str) -> Pair:
    both = (("cpu", cpu), ("memory", memory))
    return both, both


_PROFILES: Final[dict[str, dict[str, Pair]]] = {
    "lean": {
        "mgr": ((("cpu", "0.5"), ("memory", "1Gi")), (("cpu", "1"), ("memory", "2Gi"))),
        "mon": _same("0.5", "1Gi"),
        "osd": _same("1.5", "3Gi"),
        "mds": _same("1", "2Gi"),
        "rgw": _same("1", "1Gi"),
    },
    "balanced": {
        "mgr": ((("cpu", "1"), ("memory", "1.5Gi")), (("cpu", "2"), ("memory", "3Gi"))),
        "mon": _same("1", "2Gi"),
        "osd": _same("2", "5Gi"),
        "mds": _same("2", "6Gi"),
        "rgw": _same("2", "2Gi"),
    },
    "performance": {
        "mgr": ((("cpu", "1.5"), ("memory", "2Gi")), (("cpu", "3"), ("memory", "4Gi"))),
        "mon": _same("1.5", "3Gi"),
        "osd": _same("4", "8Gi"),
        "mds": _same("3", "8Gi"),
        "rgw": _same("2", "4Gi"),
    },
}
# DaemonResources: the daemons no profile names
_DAEMONS: Final[dict[str, Pair]] = {
    "logcollector": _same("50m", "100Mi"),
    "mgr-sidecar": ((("cpu", "50m"), ("memory", "75Mi")), (("cpu", "200m"), ("memory", "256Mi"))),
}
_MERGED: Final = ("cpu", "memory", "storage")  # mergeResourceRequirements' resources

Lists = tuple[dict[str, Quantity], dict[str, Quantity]]


def _profile(spec: Any) -> str:
    """getDaemonResources: strings.ToLower(resourceProfile), balanced for any other value."""
    written = spec.get("resourceProfile") if isinstance(spec, dict) else None
    profile = written.lower() if isinstance(written, str) else ""
    return profile if profile in _PROFILES else "balanced"


def _defaults(daemon: str, profile: str) -> Lists:
    pair = _PROFILES[profile].get(daemon) or _DAEMONS.get(daemon) or ((), ())
    return {k: parse_quantity(v) for k, v in pair[0]}, {k: parse_quantity(v) for k, v in pair[1]}


def _written(value: Any, pointer: Pointer, problems: Problems) -> Lists | None:
    """A ResourceRequirements' requests and limits; None where neither map is written (isResourceNonEmpty)."""
    if not isinstance(value, dict) or (value.get("requests") is None and value.get("limits") is None):
        return None
    requests = resource_list(value.get("requests"), (*pointer, "requests"), problems) or {}
    limits = resource_list(value.get("limits"), (*pointer, "limits"), problems) or {}
    return requests, limits


def _merge(default: Lists, written: Lists) -> Lists:
    """mergeResourceRequirements: per cpu, memory and storage, the written request and limit where either is
    written, else the default's."""
    requests: dict[str, Quantity] = {}
    limits: dict[str, Quantity] = {}
    for name in _MERGED:
        if name in written[0] or name in written[1]:
            sources = written
        else:
            sources = default
        if name in sources[0]:
            requests[name] = sources[0][name]
        if name in sources[1]:
            limits[name] = sources[1][name]
    return requests, limits


def _daemon_resources(daemon: str, spec: Any, pointer: Pointer, problems: Problems) -> tuple[Lists, str]:
    """getDaemonResources(daemon): the profile's (or DaemonResources') defaults, ``spec.resources[daemon]`` merged
    over them; written empty: none. The note says which."""
    profile = _profile(spec)
    default = _defaults(daemon, profile)
    own = spec.get("resources") if isinstance(spec, dict) else None
    where = f"{_DEFAULTS} {profile if daemon in _PROFILES[profile] else 'DaemonResources'}"
    if isinstance(own, dict) and daemon in own:
        written = _written(own[daemon], (*pointer, "resources", daemon), problems)
        if written is None:
            return ({}, {}), f"spec.resources.{daemon} written empty: no resources (getDaemonResources)"
        if daemon != "osd":
            return _merge(default, written), f"spec.resources.{daemon} merged over {where} (mergeResourceRequirements)"
    return default, f"the {daemon} defaults of {where}"


def _daemon(daemon: str) -> Derive:
    def compute(spec: Any, pointer: Pointer, problems: Problems) -> Derived:
        (requests, limits), note = _daemon_resources(daemon, spec, pointer, problems)
        return Derived(requests, limits, (note,), ("resources", daemon))

    return Derive("/spec", compute)


def _osd(value: Any, pointer: Pointer, problems: Problems) -> Derived:
    """newStorageClassDeviceSets: the osd defaults, the device set's resources merged over them where written."""
    device_set, spec, spec_pointer = value
    (requests, limits), note = _daemon_resources("osd", spec, spec_pointer, problems)
    written = _written(device_set.get("resources") if isinstance(device_set, dict) else None, (*pointer, "resources"), problems)
    if written is not None:
        requests, limits = _merge((requests, limits), written)
        note = f"the device set's resources merged over {note} (mergeResourceRequirements)"
    return Derived(requests, limits, (note,), ("resources",))


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _managed(obj: dict[str, Any], part: str, field: str) -> int:
    spec = obj.get("spec")
    managed = spec.get("managedResources") if isinstance(spec, dict) else None
    section = managed.get(part) if isinstance(managed, dict) else None
    return _int(section.get(field)) if isinstance(section, dict) else 0


def _arbiter(obj: dict[str, Any]) -> bool:
    spec = obj.get("spec")
    arbiter = spec.get("arbiter") if isinstance(spec, dict) else None
    return isinstance(arbiter, dict) and arbiter.get("enable") is True


def _mons(obj: dict[str, Any], _element: Any) -> int:
    """getMonCount: 5 in arbiter mode, else monCount where not 0, else 3."""
    return 5 if _arbiter(obj) else (_managed(obj, "cephCluster", "monCount") or 3)


def _mgrs(obj: dict[str, Any], _element: Any) -> int:
    """getMgrCount: 2 in arbiter mode, else mgrCount where not 0, else 2 (DefaultMgrCount)."""
    return 2 if _arbiter(obj) else (_managed(obj, "cephCluster", "mgrCount") or 2)


def _mdss(obj: dict[str, Any], _element: Any) -> int:
    """getActiveMetadataServers (1 where 0), doubled by Rook since ActiveStandby is true."""
    return 2 * (_managed(obj, "cephFilesystems", "activeMetadataServers") or 1)


def _osds(_obj: dict[str, Any], element: Any) -> int:
    """countAndReplicaOf: count x replica; replica 0 is 3, with count divided by 3."""
    if not isinstance(element, dict):
        return 0
    count, replica = _int(element.get("count")), _int(element.get("replica"))
    if replica == 0:
        replica, count = 3, count // 3
    return max(count, 0) * max(replica, 0)


_CEPH: Final = (
    FieldIn("spec.externalStorage.enable", ("true",), negate=True),
    FieldIn("spec.managedResources.cephCluster.reconcileStrategy", ("ignore",), negate=True),
)
_LOG_COLLECTOR: Final = MainContainer("log-collector", f"{_ROOK}/controller/spec.go LogCollectorContainer ({_REPO} cephcluster.go: LogCollector Enabled)",
                                      derive=_daemon("logcollector"))  # fmt: skip


def _chown(daemon: str) -> MainContainer:
    return MainContainer("chown-container-data-dir", f"{_ROOK}/controller/spec.go ChownCephDataDirsInitContainer", derive=_daemon(daemon), init=True)


def _pod(path: str, label: str, tally: Tally, main: tuple[MainContainer, ...], priority: str, *, name: str | None = None,
         if_field: tuple[FieldIn, ...] = _CEPH) -> PodPath:  # fmt: skip
    whole = path == "spec"
    return PodPath(path, "operator", name=name, label=label, tally=tally, main=(*main, _LOG_COLLECTOR), priority_class=priority,
                   empty_when_absent=whole, always_made=whole, if_field=if_field)  # fmt: skip


def _pods() -> tuple[PodPath, ...]:
    mon = f"{_ROOK}/cluster/mon/spec.go makeMonPod"
    mgr = f"{_ROOK}/cluster/mgr/spec.go makeDeployment"
    mds = f"{_ROOK}/file/mds/spec.go"
    arbiter = FieldIn("/spec.arbiter.enable", ("true",))
    return (
        _pod("spec", "mon", _mons, (
            _chown("mon"),
            MainContainer("init-mon-fs", f"{mon} makeMonFSInitContainer", derive=_daemon("mon"), init=True),
            MainContainer("mon", f"{mon} makeMonDaemonContainer", derive=_daemon("mon")),
        ), "system-node-critical"),
        _pod("spec", "mgr", _mgrs, (
            _chown("mgr"),
            MainContainer("mgr", f"{mgr} makeMgrDaemonContainer", derive=_daemon("mgr")),
            MainContainer("watch-active", f"{mgr} makeMgrSidecarContainer (more than one mgr)", derive=_daemon("mgr-sidecar"),
                          if_any=((FieldIn("/spec.managedResources.cephCluster.mgrCount", ("1",), negate=True),), (arbiter,))),
            MainContainer("cmd-proxy", f"{mgr} makeCmdProxySidecarContainer (a Multus network: {_REPO} cephcluster.go getNetworkSpec)",
                          derive=_daemon("mgr"), if_fields=(FieldIn("/spec.network.provider", ("multus",)),)),
        ), "system-node-critical"),
        _pod("spec.storageDeviceSets[*]", "osd", _osds, (
            MainContainer("osd", f"{_ROOK}/cluster/osd/spec.go makeDeployment ({_REPO} cephcluster.go newStorageClassDeviceSets)",
                          derive=Derive("", _osd, also="/spec")),
        ), "system-node-critical", name="name"),
        _pod("spec", "mds", _mdss, (
            MainContainer("chown-container-data-dir", f"{mds} makeChownInitContainer", derive=_daemon("mds"), init=True),
            MainContainer("mds", f"{mds} makeMdsDaemonContainer", derive=_daemon("mds")),
        ), "system-cluster-critical", if_field=(*_CEPH, FieldIn("spec.managedResources.cephFilesystems.reconcileStrategy", ("ignore",), negate=True))),
    )  # fmt: skip


OCS_KINDS: Final = (WorkloadKind("ocs.openshift.io", "StorageCluster", _pods(), f"{_REPO} api/v1/storagecluster_types.go"),)
