"""K8up (k8up.io/v1; k8up-io/k8up 80a2ae8c4124 api/v1): a Backup, Restore,
Check, Prune or Archive is a restic run the operator makes as a Job
(operator/<kind>controller/executor.go), and a Schedule makes those objects
on its cron schedules:

- every Job's pod is built by job.MutateBatchJob (operator/job/job.go): one
  container, named after the object's type (``backup``, ``restore``,
  ``check``, ``prune``, ``archive``: api/v1/common_types.go JobType), whose
  resources are the object's ``spec.resources`` whole
  (``Containers[0].Resources = config.Obj.GetResources()``, a
  corev1.ResourceRequirements of api/v1/runnable_types.go RunnableSpec), and
  no other container; nothing fills in resources left unset, so such a pod is
  BestEffort, as fact;
- where ``spec.podConfigRef`` names a PodConfig, its ``spec.template.spec``
  is merged over the pod with ``mergo.WithOverride`` (its containers replace
  the operator's whole, the first one then renamed and given the operator's
  image and command): the pod is as written;
- a Restore, Check, Prune or Archive makes one Job (restorecontroller/
  executor.go createRestoreObject, checkcontroller, prunecontroller,
  archivecontroller executor.go); a Backup one per node of the RWO volumes it
  backs up, or one per volume with relaxed scheduling, and one more for the
  pods annotated with a backup command (backupcontroller/executor.go
  startBackup): their number is the cluster's;
- a Schedule's ``spec.backup``, ``spec.restore``, ``spec.check``,
  ``spec.prune`` and ``spec.archive`` each become such an object at every
  run (operator/schedulecontroller/handler.go createJobList), its
  ``resources`` merged with ``spec.resourceRequirementsTemplate`` key by key,
  its own values winning (mergeResourcesWithDefaults, ``mergo.Merge``), then
  with the operator's global resources (operator/cfg/config.go
  GetGlobalDefaultResources: the ``--global-cpu-request``,
  ``--global-memory-request``, ``--global-cpu-limit`` and
  ``--global-memory-limit`` flags, BACKUP_GLOBAL_*; the chart's
  ``k8up.globalResources``, empty by default) for each one still unset: those
  pods are as written, and the section's or the Schedule's ``podConfigRef``
  is merged as above;
- a PreBackupPod's ``spec.pod`` is the template of a Deployment of one
  replica the operator makes for the length of every backup in its
  namespace (backupcontroller/prebackup_utils.go generateDeployments), as
  written but for its labels and annotations: final;
- a PodConfig's ``spec.template`` is merged into the pods of the Jobs whose
  ``podConfigRef`` names it (above): its containers are theirs, renamed.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "k8up-io/k8up"
_MUTATE: Final = f"{_REPO} operator/job/job.go MutateBatchJob"
_POD_CONFIG: Final = (
    "K8up merges the PodConfig its podConfigRef names over the pod (operator/job/job.go MutateBatchJob, mergo.WithOverride): "
    "its containers replace the operator's"
)
_GLOBAL: Final = (
    "K8up gives each request and limit the Schedule leaves unset the operator's global resources "
    "(--global-cpu-request... BACKUP_GLOBAL_*, the chart's k8up.globalResources, empty by default: "
    "operator/schedulecontroller/handler.go mergeResourcesWithDefaults)"
)
# (the section of a Schedule and kind, the container, where the Job is made, how many Jobs a run makes)
_TYPES: Final = (
    ("backup", "Backup", "operator/backupcontroller/executor.go startBackup", ()),
    ("restore", "Restore", "operator/restorecontroller/executor.go createRestoreObject", ("1",)),
    ("check", "Check", "operator/checkcontroller/executor.go Execute", ("1",)),
    ("prune", "Prune", "operator/prunecontroller/executor.go Execute", ("1",)),
    ("archive", "Archive", "operator/archivecontroller/executor.go Execute", ("1",)),
)


def _run(kind: str, container: str, source: str, count: tuple[str, ...]) -> WorkloadKind:
    """A Backup, Restore, Check, Prune or Archive: its Job's one container with ``spec.resources`` whole."""
    main = MainContainer(
        container, f"{_MUTATE}, {_REPO} {source}", shorthand=Shorthand("/spec.resources", "requirements")
    )
    pod = PodPath("spec", "operator", count=count, label=container, main=(main,), empty_when_absent=True, always_made=True,
                  patched_by=(("/spec.podConfigRef",), _POD_CONFIG))  # fmt: skip
    return WorkloadKind("k8up.io", kind, (pod,), f"{_REPO} api/v1/{container}_types.go")


def _scheduled(container: str, source: str, count: tuple[str, ...]) -> PodPath:
    """A Schedule's section: the Job of the object it makes, its resources over the Schedule's template."""
    shorthand = Shorthand(
        f"/spec.{container}.resources", "requirements", merged_over="/spec.resourceRequirementsTemplate"
    )
    main = MainContainer(
        container,
        f"{_MUTATE}, {_REPO} {source}, operator/schedulecontroller/handler.go createJobList",
        shorthand=shorthand,
    )
    return PodPath(f"spec.{container}", "operator", count=count, label=container, main=(main,), as_written=_GLOBAL,
                   patched_by=((f"/spec.{container}.podConfigRef", "/spec.podConfigRef"), _POD_CONFIG))  # fmt: skip


_POD_CONFIG_KIND: Final = WorkloadKind(
    "k8up.io", "PodConfig",
    (PodPath("spec.template", label="pod config", as_written=f"{_POD_CONFIG}; it makes no pod of its own, and names the first container after the Job's type"),),
    f"{_REPO} api/v1/podconfig_types.go",
)  # fmt: skip
_PRE_BACKUP_POD: Final = WorkloadKind(
    "k8up.io",
    "PreBackupPod",
    (PodPath("spec.pod", count=("1",), label="pre-backup pod"),),
    f"{_REPO} api/v1/prebackuppod_types.go",
)

K8UP_KINDS: Final = (
    *(_run(kind, container, source, count) for container, kind, source, count in _TYPES),
    WorkloadKind(
        "k8up.io", "Schedule", tuple(_scheduled(c, s, n) for c, _, s, n in _TYPES), f"{_REPO} api/v1/schedule_types.go"
    ),
    _PRE_BACKUP_POD,
    _POD_CONFIG_KIND,
)
