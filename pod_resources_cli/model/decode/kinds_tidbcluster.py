"""PingCAP's TiDB operator v1 TidbCluster (pingcap/tidb-operator
0045b1213320, release-1.x, pingcap.com): the operator builds one
StatefulSet per component from ``spec.<component>``
(pkg/apis/pingcap/v1alpha1/types.go PDSpec, TiKVSpec...; the component
managers of pkg/manager/member), ``replicas`` pods each (a required int32:
0 unset). Each spec inlines a ResourceRequirements (``requests``,
``limits``) that becomes its container's, less ``storage``, which sizes
the volume (pkg/controller/controller_utils.go ContainerResource); the
operator sets no default.

- ``pd``, ``tikv``, ``tidb``, ``tiflash``, ``ticdc``, ``tiproxy``,
  ``pump``, ``tici.meta`` (``tici-meta``), ``tici.worker`` (``tici-worker``),
  and each of ``pdms`` (``tso`` or ``scheduling``, by its ``name``; only
  with ``pd.mode: ms``, pd_ms_member_manager.go Sync).
- ``discovery``: one pod (a Deployment of 1) wherever ``pd`` is written or
  ``acrossK8s`` is true, container ``discovery`` with ``spec.discovery``'s
  requests and limits (tidb_discovery_manager.go).
- TiDB's ``slowlog`` tailer unless ``separateSlowLog: false``, with
  ``slowLogTailer``'s requests and limits, a sidecar (an init container with
  restartPolicy Always) with ``slowLogTailer.useSidecar``, else a container;
  a ``customizedStartupProbe`` adds an init container named by its
  ``binaryName``, with no resources (tidb_member_manager.go).
- TiKV's ``rocksdblog`` and ``raftlog`` tailers with ``separateRocksDBLog``
  and ``separateRaftLog`` (false unset), with ``logTailer``'s requests and
  limits, sidecars with ``logTailer.useSidecar`` (tikv_member_manager.go).
- TiFlash's init container ``init`` (unless its
  ``tiflash.tidb.pingcap.com/mount-cm-in-tiflash-container`` annotation is
  ``true``) with ``initializer``'s requests and limits, none unset; its
  ``serverlog``, ``errorlog`` and ``clusterlog`` tailers with ``logTailer``'s,
  sidecars after the written init containers with ``logTailer.useSidecar``
  (tiflash_member_manager.go getNewStatefulSet, tiflash_util.go
  buildTiFlashSidecarContainers).

Each component's ``initContainers`` follow the operator's; its
``additionalContainers`` are merged into the operator's containers by
name (member/utils.go MergePatchContainers, a strategic merge): where they
are written the pod is as written. Not modelled: the sysctl init container
(with the ``tidb.pingcap.com/sysctl-init`` annotation), which copies its
component's resources and so changes no pod total; the extra pods of
failover (from the status).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import AnnotationIn, FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "pingcap/tidb-operator"
_MEMBER: Final = f"{_REPO} pkg/manager/member"
_MERGED: Final = "the TiDB operator merges additionalContainers into its containers by name (MergePatchContainers), which can set their resources"
_STORAGE: Final = ("storage",)


def _requirements(path: str) -> Shorthand:
    """A ResourceRequirements inlined at ``path`` (``""``: the matched element), less ``storage``."""
    return Shorthand(path, "requirements", drop=_STORAGE)


def _main(name: str, spec: str, code: str) -> MainContainer:
    return MainContainer(name, f"{_MEMBER}/{code}, {_REPO} pkg/controller/controller_utils.go ContainerResource", shorthand=_requirements(spec))


def _tailers(names: tuple[str, ...], spec: str, code: str, tailer: str, *when: FieldIn, after_written: bool = False) -> tuple[MainContainer, ...]:
    """Log tailers with ``<tailer>``'s requests and limits: sidecars with ``<tailer>.useSidecar``, else containers.
    The sidecars go before the written init containers (each put first: list them last first), or after them (TiFlash's)."""
    source = f"{_MEMBER}/{code}"
    shorthand = _requirements(f"{spec}.{tailer}")
    sidecar, regular = (FieldIn(f"/{spec.lstrip('/')}.{tailer}.useSidecar", (value,), "false") for value in ("true", "false"))
    return (
        *(MainContainer(n, source, shorthand=shorthand, if_fields=(*when, sidecar), init=True, sidecar=True, first=not after_written) for n in names),
        *(MainContainer(n, source, shorthand=shorthand, if_fields=(*when, regular)) for n in names),
    )


def _component(field: str, *mains: MainContainer) -> PodPath:
    """``spec.<field>``: ``replicas`` pods; its initContainers after the operator's, its additionalContainers merged by name."""
    return PodPath(
        f"spec.{field}", "containers", count=(f"/spec.{field}.replicas=0",), containers=("additionalContainers[*]",),
        init_containers=("initContainers[*]",), main=mains, patched_by=((f"/spec.{field}.additionalContainers",), _MERGED),
    )  # fmt: skip


# init containers put first, last first: [slowlog sidecar, startup probe's binary, the written ones]
_TIDB: Final = (
    MainContainer("", f"{_MEMBER}/tidb_member_manager.go (customizedStartupProbe)", name_field="/spec.tidb.customizedStartupProbe.binaryName",
                  present="/spec.tidb.customizedStartupProbe", init=True, first=True),
    *_tailers(("slowlog",), "/spec.tidb", "tidb_member_manager.go", "slowLogTailer", FieldIn("/spec.tidb.separateSlowLog", ("true",), "true")),
    _main("tidb", "/spec.tidb", "tidb_member_manager.go getNewTiDBSetForTidbCluster"),
)  # fmt: skip
# [rocksdblog, raftlog] sidecars, then the written init containers
_TIKV: Final = (
    *_tailers(("raftlog",), "/spec.tikv", "tikv_member_manager.go", "logTailer", FieldIn("/spec.tikv.separateRaftLog", ("true",), "false")),
    *_tailers(("rocksdblog",), "/spec.tikv", "tikv_member_manager.go", "logTailer", FieldIn("/spec.tikv.separateRocksDBLog", ("true",), "false")),
    _main("tikv", "/spec.tikv", "tikv_member_manager.go getNewTiKVSetForTidbCluster"),
)  # fmt: skip
_MOUNT_CM: Final = AnnotationIn("tiflash.tidb.pingcap.com/mount-cm-in-tiflash-container", ("true",), negate=True, at="spec.tiflash")
# [init, the written init containers, the tailers as sidecars]
_TIFLASH: Final = (
    MainContainer("init", f"{_MEMBER}/tiflash_member_manager.go getNewStatefulSet (initializer)", shorthand=_requirements("/spec.tiflash.initializer"),
                  if_annotation=_MOUNT_CM, init=True, first=True),
    _main("tiflash", "/spec.tiflash", "tiflash_member_manager.go getNewStatefulSet"),
    *_tailers(("serverlog", "errorlog", "clusterlog"), "/spec.tiflash", "tiflash_util.go buildTiFlashSidecarContainers", "logTailer", after_written=True),
)  # fmt: skip
_DISCOVERY: Final = f"{_MEMBER}/tidb_discovery_manager.go getTidbDiscoveryDeployment"
_DISCOVERY_MERGED: Final = "the TiDB operator merges spec.discovery.additionalContainers into its discovery container by name and adds its initContainers"
_PDMS: Final = MainContainer(
    "", f"{_MEMBER}/pd_ms_member_manager.go, {_REPO} pkg/controller/controller_utils.go ContainerResource", name_field="name", shorthand=_requirements("")
)

TIDBCLUSTER_KINDS: Final = (
    WorkloadKind(
        "pingcap.com", "TidbCluster",
        (
            PodPath("spec.discovery", "operator", count=("1",), empty_when_absent=True, main=(
                MainContainer("discovery", _DISCOVERY, shorthand=_requirements("/spec.discovery"), present="/spec.pd"),
                MainContainer("discovery", _DISCOVERY, shorthand=_requirements("/spec.discovery"), enabled="/spec.acrossK8s"),
            ), patched_by=(("/spec.discovery.additionalContainers", "/spec.discovery.initContainers"), _DISCOVERY_MERGED)),
            _component("pd", _main("pd", "/spec.pd", "pd_member_manager.go getNewPDSetForTidbCluster")),
            PodPath(
                "spec.pdms[*]", "containers", name="name", count=("replicas=0",), containers=("additionalContainers[*]",),
                init_containers=("initContainers[*]",), if_field=FieldIn("spec.pd.mode", ("ms",)), main=(_PDMS,),
                patched_by=(("additionalContainers",), _MERGED),
            ),
            _component("tikv", *_TIKV),
            _component("tidb", *_TIDB),
            _component("tiflash", *_TIFLASH),
            _component("ticdc", _main("ticdc", "/spec.ticdc", "ticdc_member_manager.go getNewTiCDCStatefulSet")),
            _component("tiproxy", _main("tiproxy", "/spec.tiproxy", "tiproxy_member_manager.go")),
            _component("pump", _main("pump", "/spec.pump", "pump_member_manager.go getNewPumpStatefulSet")),
            _component("tici.meta", _main("tici-meta", "/spec.tici.meta", "tici_member_manager.go getNewTiCIMetaStatefulSet")),
            _component("tici.worker", _main("tici-worker", "/spec.tici.worker", "tici_member_manager.go getNewTiCIWorkerStatefulSet")),
        ),
        f"{_REPO} pkg/apis/pingcap/v1alpha1/types.go TidbClusterSpec",
    ),
)  # fmt: skip
