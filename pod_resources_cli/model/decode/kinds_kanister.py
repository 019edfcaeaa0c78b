"""Kanister's Blueprint (cr.kanister.io/v1alpha1; kanisterio/kanister
534f1523115c30664b519556601b1b2db7f02882 pkg/apis/cr/v1alpha1/types.go
Blueprint, BlueprintAction, BlueprintPhase): each action's ``phases`` (and
its ``deferPhase``) name a Kanister function, ``func``, run when an
ActionSet asks for the action. The functions that run their work in a pod
of their own build it from their arguments (pkg/kube/pod.go
GetPodObjectFromPodOptions): one container named ``container``
(DefaultContainerName), the ``image`` and ``command`` arguments, and the
resources of ``PodOptions.Resources``, which these functions never set
(pkg/function/kube_task.go kubeTask, prepare_data.go, copy_volume_data.go,
backup_data_stats.go, delete_data.go, checkRepository.go, restore_data.go
restoreData: one pod a run; restore_data_all.go one per pod of the
workload and export_rds_snapshot_location.go: not counted). Then the
phase's ``args.podOverride`` and the ActionSet's ``podOverride`` are merged
over the pod spec as a JSON merge patch (pkg/function/args.go
GetAndMergePodSpecOverride, pkg/kube/pod.go PatchDefaultPodSpecs), and
the ephemeral pod options registered in the controller are applied
(``ephemeral.PodOptions.Apply``): any of them may set the container's
resources, so every such pod is as written (and where the phase writes a
``podOverride``, a resource the container leaves out is no finding). Functions that exec into the
application's pods (KubeExec, BackupData...) or call cloud APIs make no pod.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, WorkloadKind

_REPO: Final = "kanisterio/kanister"
_POD: Final = f"{_REPO} pkg/kube/pod.go GetPodObjectFromPodOptions"
_AS_WRITTEN: Final = (
    "Kanister merges the phase's args.podOverride, the ActionSet's podOverride and the controller's ephemeral pod "
    "options over the pod it builds (pkg/function/args.go GetAndMergePodSpecOverride, pkg/kube/pod.go PatchDefaultPodSpecs)"
)
_PATCHED: Final = "the phase's args.podOverride is merged over the pod (pkg/kube/pod.go PatchDefaultPodSpecs): it can set the container's resources"
_ONE_POD: Final = (
    "KubeTask",
    "PrepareData",
    "CopyVolumeData",
    "BackupDataStats",
    "DeleteData",
    "CheckRepository",
    "RestoreData",
)
_PODS_OF_ITS_OWN: Final = ("RestoreDataAll", "ExportRDSSnapshotToLocation")


def _phase(path: str, funcs: tuple[str, ...], count: tuple[str, ...]) -> PodPath:
    main = MainContainer("container", f"{_POD} (DefaultContainerName; PodOptions.Resources unset)")
    return PodPath(path, "operator", name="name", count=count, main=(main,), as_written=_AS_WRITTEN, if_element=(FieldIn("func", funcs),),
                   patched_by=(("args.podOverride",), _PATCHED))  # fmt: skip


def _pods() -> tuple[PodPath, ...]:
    return tuple(
        _phase(path, funcs, count)
        for path in ("actions{*}.phases[*]", "actions{*}.deferPhase")
        for funcs, count in ((_ONE_POD, ("1",)), (_PODS_OF_ITS_OWN, ()))
    )


KANISTER_KINDS: Final = (
    WorkloadKind("cr.kanister.io", "Blueprint", _pods(), f"{_REPO} pkg/apis/cr/v1alpha1/types.go"),
)
