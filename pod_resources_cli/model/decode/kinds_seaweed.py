"""The SeaweedFS operator's Seaweed (seaweed.seaweedfs.com/v1;
seaweedfs/seaweedfs-operator 34425582120980930a9256808c579e57f1fdb102
api/v1/seaweed_types.go): the operator builds each component's pods itself
(internal/controller/seaweed_controller.go Reconcile), each from its section:

- ``spec.master``: a StatefulSet of ``replicas`` pods, container ``master``
  (controller_master_statefulset.go);
- ``spec.volume``: without ``spec.volumeTopology``, a StatefulSet of
  ``replicas`` pods (none at 0), or with ``kind: DaemonSet`` one pod a node
  (controller_volume.go ensureVolumeServers), container ``volume``
  (controller_volume_statefulset.go);
- each ``spec.volumeTopology`` group, when any is written (then the flat
  volume servers are not made): a StatefulSet of the group's ``replicas``
  pods, container ``volume`` whose requests are the group's where it writes
  any, else ``spec.volume``'s, and likewise its limits (helper.go
  getResourceRequirements), with the group's own sidecars and init
  containers;
- ``spec.filer`` (a StatefulSet of ``replicas``, container ``filer``),
  ``spec.admin`` (one pod, ``admin``: controller_admin_statefulset.go),
  ``spec.worker`` (a Deployment of ``replicas``, ``worker``, only with
  ``spec.admin``: controller_worker_deployment.go), ``spec.s3`` and
  ``spec.sftp`` (Deployments of ``replicas``, ``s3`` and ``sftp``, only with
  ``spec.filer``: controller_s3.go, controller_sftp.go).

Every component's type inlines a corev1.ResourceRequirements (``requests``
and ``limits`` beside its other fields): the main container takes them
whole but for ``storage``, which sizes the volumes (helper.go
filterContainerResources); the section's ``sidecars`` follow it and its
``initContainers`` run first, as written. No defaults: final.

Its AdminScript (api/v1/adminscript_types.go) is a CronJob of one pod a run
(none while ``spec.suspend``), container ``weed-shell`` with
``spec.resources`` but storage (internal/controller/adminscript_controller.go).
Its SeaweedCSIDriver (api/v1/seaweedcsidriver_types.go) makes the CSI
driver's pods (internal/controller/seaweedcsidriver_objects.go): the
controller Deployment (``spec.controller.replicas``, default 1) of
``seaweedfs-csi-plugin`` with ``spec.controller.resources`` and the
sidecars ``csi-provisioner``, ``csi-resizer``, ``csi-attacher`` (unless
``attacherEnabled: false``) and ``csi-liveness-probe`` without resources;
the node DaemonSet of ``csi-seaweedfs-plugin`` with ``spec.node.resources``,
``driver-registrar`` and ``csi-liveness-probe``; unless
``mountService.enabled: false``, the mount DaemonSet of ``seaweedfs-mount``
with ``spec.mountService.resources``. A SeaweedBackup and a SeaweedRestore
(api/v1/seaweedbackup_types.go, seaweedrestore_types.go) each make one Job
of one container, ``snapshot`` or ``restore``, without resources
(internal/controller/backup_jobs.go buildSnapshotJob, buildRestoreJob,
backupPodSpec). Final as well.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import (
    Derive,
    Derived,
    FieldIn,
    MainContainer,
    PodPath,
    Shorthand,
    WorkloadKind,
)
from pod_resources_cli.model.decode.problems import Problems, resource_list
from pod_resources_cli.quantity import Quantity

_REPO: Final = "seaweedfs/seaweedfs-operator"
_CONTROLLER: Final = f"{_REPO} internal/controller"
_FILTER: Final = "helper.go filterContainerResources"
_STORAGE: Final = ("storage",)
_DAEMONSET: Final = FieldIn("spec.volume.kind", ("DaemonSet",))
_STATEFULSET: Final = FieldIn("spec.volume.kind", ("DaemonSet",), negate=True)
_NO_TOPOLOGY: Final = FieldIn("spec.volumeTopology", (), match="written", negate=True)


def _without_storage(values: dict[str, Quantity] | None) -> dict[str, Quantity]:
    return {k: v for k, v in (values or {}).items() if k not in _STORAGE}


def _topology(value: Any, pointer: Pointer, problems: Problems) -> Derived:
    """getResourceRequirements: the group's requests where it writes any, else spec.volume's; its limits likewise;
    then filterContainerResources drops ``storage``."""
    group, volume, volume_pointer = value
    group = group if isinstance(group, dict) else {}
    volume = volume if isinstance(volume, dict) else {}
    out: dict[str, dict[str, Quantity]] = {}
    notes: list[str] = []
    for field in ("requests", "limits"):
        own = resource_list(group.get(field), (*pointer, field), problems)
        if own:
            out[field] = _without_storage(own)
            continue
        out[field] = _without_storage(resource_list(volume.get(field), (*volume_pointer, field), problems))
        if out[field]:
            notes.append(
                f"{field} of spec.volume: the group writes none ({_CONTROLLER}/helper.go getResourceRequirements)"
            )
    return Derived(out["requests"], out["limits"], tuple(notes))


def _component(path: str, container: str, source: str, count: tuple[str, ...], *, if_field: FieldIn | tuple[FieldIn, ...] | None = None,
               label: str | None = None, derive: Derive | None = None, name: str | None = None) -> PodPath:  # fmt: skip
    """A component's pods: ``container`` first with the section's inline resources (no storage), its sidecars after
    it, its init containers."""
    # the section itself (a path without wildcards: from the root)
    shorthand = None if derive is not None else Shorthand(f"/{path}", "requirements", drop=_STORAGE)
    main = MainContainer(
        container, f"{_CONTROLLER}/{source}, {_FILTER}", shorthand=shorthand, first=True, derive=derive
    )
    return PodPath(path, "containers", name=name, count=count, containers=("sidecars[*]",), init_containers=("initContainers[*]",), label=container if label is None else (label or None),
                   main=(main,), if_field=if_field, pod_fields=None if "{*}" in path else f"/{path}")  # fmt: skip


def _pods() -> tuple[PodPath, ...]:
    filer = FieldIn("spec.filer", (), match="written")
    return (
        _component("spec.master", "master", "controller_master_statefulset.go", ("/spec.master.replicas=0",)),
        _component("spec.volume", "volume", "controller_volume_statefulset.go", ("/spec.volume.replicas=0",), if_field=(_NO_TOPOLOGY, _STATEFULSET)),
        _component("spec.volume", "volume", "controller_volume_statefulset.go createVolumeServerDaemonSet", (), if_field=(_NO_TOPOLOGY, _DAEMONSET), label="volume (DaemonSet)"),
        _component("spec.volumeTopology{*}", "volume", "controller_volume_statefulset.go (topology)", ("replicas=0",), label="",
                   derive=Derive("", _topology, also="/spec.volume"), name="{key}"),
        _component("spec.filer", "filer", "controller_filer_statefulset.go", ("/spec.filer.replicas=0",)),
        _component("spec.admin", "admin", "controller_admin_statefulset.go", ("1",)),
        _component("spec.worker", "worker", "controller_worker_deployment.go", ("/spec.worker.replicas=0",), if_field=FieldIn("spec.admin", (), match="written")),
        _component("spec.s3", "s3", "controller_s3.go", ("/spec.s3.replicas=0",), if_field=filer),
        _component("spec.sftp", "sftp", "controller_sftp.go", ("/spec.sftp.replicas=0",), if_field=filer),
    )  # fmt: skip


_CSI: Final = f"{_CONTROLLER}/seaweedcsidriver_objects.go"


def _csi(
    container: str, source: str, resources: str | None = None, if_fields: tuple[FieldIn, ...] = ()
) -> MainContainer:
    shorthand = Shorthand(resources, "requirements") if resources is not None else None
    return MainContainer(container, f"{_CSI} {source}", shorthand=shorthand, if_fields=if_fields)


def _csi_pods() -> tuple[PodPath, ...]:
    attacher = FieldIn("/spec.controller.attacherEnabled", ("false",), negate=True)
    controller = (
        _csi("seaweedfs-csi-plugin", "buildControllerDeployment", "/spec.controller.resources"),
        *(_csi(name, "buildControllerDeployment (csiSidecar)") for name in ("csi-provisioner", "csi-resizer")),
        _csi("csi-attacher", "buildControllerDeployment (csiSidecar, attacherEnabled)", if_fields=(attacher,)),
        _csi("csi-liveness-probe", "buildControllerDeployment (csiLivenessSidecar)"),
    )
    node = (
        _csi("csi-seaweedfs-plugin", "buildNodeDaemonSet", "/spec.node.resources"),
        _csi("driver-registrar", "buildNodeDaemonSet"),
        _csi("csi-liveness-probe", "buildNodeDaemonSet"),
    )
    mount = (_csi("seaweedfs-mount", "buildMountDaemonSet", "/spec.mountService.resources"),)
    return (
        PodPath("spec.controller", "operator", count=("/spec.controller.replicas=1",), label="controller", main=controller, empty_when_absent=True, always_made=True),
        PodPath("spec.node", "operator", label="node (DaemonSet)", main=node, empty_when_absent=True, always_made=True),
        PodPath("spec.mountService", "operator", label="mount (DaemonSet)", main=mount,
                if_field=FieldIn("spec.mountService.enabled", ("false",), negate=True), empty_when_absent=True, always_made=True),
    )  # fmt: skip


_ADMIN_SCRIPT: Final = MainContainer(
    "weed-shell",
    f"{_CONTROLLER}/adminscript_controller.go, {_FILTER}",
    shorthand=Shorthand("/spec.resources", "requirements", drop=_STORAGE),
)


def _job(kind: str, container: str, source: str) -> WorkloadKind:
    main = MainContainer(container, f"{_CONTROLLER}/backup_jobs.go {source}, backupPodSpec (no resources)")
    pod = PodPath(
        "spec", "operator", count=("1",), label=container, main=(main,), empty_when_absent=True, always_made=True
    )
    return WorkloadKind("seaweed.seaweedfs.com", kind, (pod,), f"{_REPO} api/v1/{kind.lower()}_types.go")


SEAWEED_KINDS: Final = (
    _job("SeaweedBackup", "snapshot", "buildSnapshotJob"),
    _job("SeaweedRestore", "restore", "buildRestoreJob"),
    WorkloadKind(
        "seaweed.seaweedfs.com",
        "AdminScript",
        (
            PodPath(
                "spec",
                "operator",
                count=("!/spec.suspend",),
                label="admin script",
                main=(_ADMIN_SCRIPT,),
                empty_when_absent=True,
                always_made=True,
            ),
        ),
        f"{_REPO} api/v1/adminscript_types.go",
    ),
    WorkloadKind("seaweed.seaweedfs.com", "SeaweedCSIDriver", _csi_pods(), f"{_REPO} api/v1/seaweedcsidriver_types.go"),
    WorkloadKind("seaweed.seaweedfs.com", "Seaweed", _pods(), f"{_REPO} api/v1/seaweed_types.go"),
)
