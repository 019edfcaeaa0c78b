"""Rook's CephCluster (ceph.rook.io, rook/rook d0c3b9ce6d64
pkg/apis/ceph.rook.io/v1/types.go): the operator builds the Ceph daemons'
pods itself, each container taking one entry of ``spec.resources`` whole
(pkg/apis/ceph.rook.io/v1/resources.go: ``GetMonResources`` is
``p["mon"]``, and so on), with no default of its own: a CephCluster
without ``spec.resources`` runs BestEffort daemons, as fact. None with
``spec.external.enable`` (the cluster is outside Kubernetes).

- mons (pkg/operator/ceph/cluster/mon/spec.go makeMonPod): one Deployment of
  one pod per mon, ``spec.mon.count`` of them (3 when unset:
  pkg/operator/ceph/cluster/cluster.go preClusterStartValidation,
  mon.DefaultMonCount, and 3 for a ``count: 0`` written too); the init containers ``chown-container-data-dir``
  (controller.ChownCephDataDirsInitContainer) and ``init-mon-fs`` and the
  container ``mon``, all with ``resources.mon``;
- mgrs (pkg/operator/ceph/cluster/mgr/spec.go makeDeployment; mgr.go
  getReplicas: ``spec.mgr.count``, 1 when unset or 0): ``chown-container-data-dir``
  and ``mgr`` with ``resources.mgr``, the ``watch-active`` sidecar with
  ``resources.mgr-sidecar`` when there is more than one mgr, ``cmd-proxy``
  with ``resources.mgr`` on a Multus network (``network.provider: multus``);
- OSDs (pkg/operator/ceph/cluster/osd/spec.go makeDeployment): one pod per
  OSD, ``osd`` with the OSD's resources (its init containers ``activate``,
  ``expand-bluefs``... take the same and change neither the pod's requests
  nor its QoS class). On nodes (``storage.useAllNodes``, or the
  ``storage.nodes`` listed), as many as the devices Rook finds there (no
  count here), with ``resources.osd`` (osd.go: a node's own ``resources``
  are merged over it, not followed); on PVCs, ``count`` pods a
  ``storage.storageClassDeviceSets[*]``, with that set's ``resources``
  (osd.go getPVCOSDProps ``deviceSet.Resources``).
  ``resources.osd-<deviceClass>`` for an OSD of that device class
  (spec.go GetOSDResourcesForDeviceClass) is not followed;
- every daemon pod gets ``log-collector`` (controller/spec.go
  LogCollectorContainer) with ``resources.logcollector`` when
  ``spec.logCollector.enabled``.

CephNFS (pkg/operator/ceph/nfs/nfs.go, spec.go makeDeployment, security.go;
same commit): one Deployment of one pod per active server, ``spec.server.active``
of them (required; 0 is refused: "at least one active server required", so
no pods); each pod runs ``nfs-ganesha`` and the ``dbus-daemon`` sidecar, both
with ``spec.server.resources`` whole, after the init container
``generate-minimal-ceph-conf`` (controller.GenerateMinimalCephConfInitContainer,
the same resources); with ``spec.security.sssd.sidecar`` also ``sssd`` and
its init container ``copy-sssd-sockets``, with the sidecar's ``resources``;
the pods take ``spec.server.priorityClassName``. No defaults: final. The
SSSD nsswitch and Kerberos init containers take ``spec.server.resources``
and change no pod total: not modelled.

CephFilesystem (pkg/operator/ceph/file/mds/mds.go Start, spec.go
makeDeployment, makeMdsDaemonContainer, makeChownInitContainer; same commit):
one Deployment of one pod per metadata server, ``spec.metadataServer.activeCount``
of them (required, 1 to 50), twice that with ``activeStandby: true`` ("Create
double the number of metadata servers if active standby is enabled"); each pod
runs the init container ``chown-container-data-dir`` and the container ``mds``,
both with ``spec.metadataServer.resources`` whole (no default), and takes
``spec.metadataServer.priorityClassName``. Rook adds the ``log-collector``
sidecar (with the CephCluster's ``resources.logcollector``) where the
CephCluster, another object, enables its log collector: as written.

The daemons' priority classes (``spec.priorityClassNames.<daemon>``), the
crash collector and exporter (one per node), the OSD prepare jobs and the
other Ceph kinds (CephObjectStore...) are not modelled. CephBlockPool,
CephBlockPoolRadosNamespace, CephFilesystemSubVolumeGroup and CephClient
configure pools and clients through the Ceph daemons and make no pod
(no_pods.py).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

_ROOK: Final = "rook/rook pkg/operator/ceph"
_NOT_EXTERNAL: Final = FieldIn("spec.external.enable", ("true",), negate=True)
_ALL_NODES: Final = FieldIn("spec.storage.useAllNodes", ("true",))
_NOT_ALL_NODES: Final = FieldIn("spec.storage.useAllNodes", ("true",), negate=True)
_NODES: Final = FieldIn("spec.storage.nodes[*].name", (), match="written")
_LOG_COLLECTOR: Final = FieldIn("/spec.logCollector.enabled", ("true",))


def _resources(key: str) -> Shorthand:
    """``spec.resources[key]`` set whole on the container (cephv1.Get<Daemon>Resources)."""
    return Shorthand(f"/spec.resources.{key}", "requirements")


def _log_collector() -> MainContainer:
    return MainContainer("log-collector", f"{_ROOK}/controller/spec.go LogCollectorContainer", shorthand=_resources("logcollector"),
                         if_fields=(_LOG_COLLECTOR,))  # fmt: skip


def _chown(daemon: str) -> MainContainer:
    return MainContainer("chown-container-data-dir", f"{_ROOK}/controller/spec.go ChownCephDataDirsInitContainer",
                         shorthand=_resources(daemon), init=True)  # fmt: skip


def _osd(resources: Shorthand) -> tuple[MainContainer, ...]:
    return (MainContainer("osd", f"{_ROOK}/cluster/osd/spec.go makeDeployment", shorthand=resources), _log_collector())


def _pods() -> tuple[PodPath, ...]:
    mon = f"{_ROOK}/cluster/mon/spec.go makeMonPod"
    mgr = f"{_ROOK}/cluster/mgr/spec.go makeDeployment"
    return (
        PodPath("spec.mon", "operator", count=("/spec.mon.count=3!",), label="mon", empty_when_absent=True, always_made=True,
                if_field=_NOT_EXTERNAL, main=(
                    _chown("mon"),
                    MainContainer("init-mon-fs", f"{mon} makeMonFSInitContainer", shorthand=_resources("mon"), init=True),
                    MainContainer("mon", f"{mon} makeMonDaemonContainer", shorthand=_resources("mon")),
                    _log_collector(),
                )),
        PodPath("spec.mgr", "operator", count=("/spec.mgr.count=1!",), label="mgr", empty_when_absent=True, always_made=True,
                if_field=_NOT_EXTERNAL, main=(
                    _chown("mgr"),
                    MainContainer("mgr", f"{mgr} makeMgrDaemonContainer", shorthand=_resources("mgr")),
                    MainContainer("watch-active", f"{mgr} makeMgrSidecarContainer (spec.mgr.count > 1)", shorthand=_resources("mgr-sidecar"),
                                  if_fields=(FieldIn("/spec.mgr.count", ("2", "3", "4", "5")),)),
                    _log_collector(),
                    MainContainer("cmd-proxy", f"{mgr} makeCmdProxySidecarContainer (a Multus network)", shorthand=_resources("mgr"),
                                  if_fields=(FieldIn("/spec.network.provider", ("multus",)),)),
                )),
        PodPath("spec.storage", "operator", label="osd", empty_when_absent=True, always_made=True, if_field=(_NOT_EXTERNAL, _ALL_NODES),
                main=_osd(_resources("osd"))),
        PodPath("spec.storage", "operator", label="osd", if_field=(_NOT_EXTERNAL, _NOT_ALL_NODES, _NODES), main=_osd(_resources("osd"))),
        PodPath("spec.storage.storageClassDeviceSets[*]", "operator", name="name", count=("count=1",), label="osd",
                if_field=_NOT_EXTERNAL, main=_osd(Shorthand("resources", "requirements"))),
    )  # fmt: skip


def _nfs() -> tuple[PodPath, ...]:
    spec = f"{_ROOK}/nfs/spec.go"
    server = Shorthand("/spec.server.resources", "requirements")
    sidecar = Shorthand("/spec.security.sssd.sidecar.resources", "requirements")
    sssd = "/spec.security.sssd.sidecar"
    return (
        PodPath("spec.server", "operator", count=("/spec.server.active=0",), label="nfs", pod_fields="/spec.server", main=(
            MainContainer("generate-minimal-ceph-conf", f"{spec} connectionConfigInitContainer", shorthand=server, init=True),
            MainContainer("copy-sssd-sockets", f"{_ROOK}/nfs/security.go generateSssdSidecarResources", shorthand=sidecar,
                          init=True, present=sssd),
            MainContainer("nfs-ganesha", f"{spec} daemonContainer", shorthand=server),
            MainContainer("dbus-daemon", f"{spec} dbusContainer", shorthand=server),
            MainContainer("sssd", f"{_ROOK}/nfs/security.go generateSssdSidecarResources", shorthand=sidecar, present=sssd),
        )),
    )  # fmt: skip


_MDS_LOG_COLLECTOR: Final = (
    "Rook adds the log-collector sidecar (the CephCluster's resources.logcollector) to each metadata server "
    "where the CephCluster, another object, enables its log collector"
)


def _mds() -> tuple[PodPath, ...]:
    """A CephFilesystem's metadata servers (file/mds/mds.go Start: activeCount, doubled with activeStandby)."""
    spec = f"{_ROOK}/file/mds/spec.go"
    server = Shorthand("/spec.metadataServer.resources", "requirements")
    main = (
        MainContainer("chown-container-data-dir", f"{spec} makeChownInitContainer", shorthand=server, init=True),
        MainContainer("mds", f"{spec} makeMdsDaemonContainer", shorthand=server),
    )
    return tuple(
        PodPath("spec.metadataServer", "operator", count=("/spec.metadataServer.activeCount=0", *factor), label="mds",
                pod_fields="/spec.metadataServer", main=main, as_written=_MDS_LOG_COLLECTOR,
                if_field=FieldIn("spec.metadataServer.activeStandby", ("true",), negate=not standby))
        for standby, factor in ((False, ()), (True, ("2",)))
    )  # fmt: skip


ROOK_KINDS: Final = (
    WorkloadKind("ceph.rook.io", "CephCluster", _pods(), "rook/rook pkg/apis/ceph.rook.io/v1/types.go"),
    WorkloadKind("ceph.rook.io", "CephNFS", _nfs(), "rook/rook pkg/apis/ceph.rook.io/v1/types.go"),
    WorkloadKind("ceph.rook.io", "CephFilesystem", _mds(), "rook/rook pkg/apis/ceph.rook.io/v1/types.go MetadataServerSpec"),
)
