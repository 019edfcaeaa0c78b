"""OpenKruise's workloads (apps.kruise.io, openkruise/kruise 07169cfac7b9
apis/apps/v1alpha1 and v1beta1): each keeps a plain PodTemplateSpec that its
controller copies into the pods it makes, and no controller of these kinds
sets or changes a container's resources (pkg/controller/cloneset,
statefulset, daemonset, broadcastjob, advancedcronjob, uniteddeployment):
the pods are final, as a Deployment's are. The counts follow the kinds'
defaults (apis/apps/defaults/v1alpha1.go, v1beta1.go):

- CloneSet (cloneset_types.go, v1alpha1 and v1beta1) and Advanced
  StatefulSet (apps.kruise.io StatefulSet, statefulset_types.go):
  ``spec.template``, ``spec.replicas`` pods, 1 when unset
  (SetDefaultsCloneSet, SetDefaultsStatefulSet);
- Advanced DaemonSet (daemonset_types.go): ``spec.template``, one pod on
  each node it selects, as a DaemonSet;
- BroadcastJob (broadcastjob_types.go): ``spec.template``, one pod on each
  node that fits it (pkg/controller/broadcastjob/broadcastjob_controller.go
  getNodesToRunPod; ``parallelism`` only bounds how many run at once);
- AdvancedCronJob (advancedcronjob_types.go CronJobTemplate): each run is a
  batch/v1 Job from ``spec.template.jobTemplate`` (``parallelism`` pods, 1
  unset) or a BroadcastJob from ``spec.template.broadcastJobTemplate``; an
  ``imageListPullJobTemplate`` makes ImagePullJobs, which kruise-daemon
  serves without pods;
- UnitedDeployment (uniteddeployment_types.go SubsetTemplate): one of
  ``statefulSetTemplate``, ``advancedStatefulSetTemplate``,
  ``cloneSetTemplate`` or ``deploymentTemplate`` (the webhook refuses more:
  pkg/webhook/uniteddeployment/validating/uniteddeployment_validation.go),
  whose ``spec.template`` makes ``spec.replicas`` pods in all (1 unset:
  SetDefaultsUnitedDeployment), shared among ``spec.topology.subsets``. A
  subset's ``patch`` is merged into its workload's pod template as a
  strategic merge patch (pkg/controller/uniteddeployment/adapter/
  cloneset_adapter.go, advanced_statefulset_adapter.go... ApplySubsetTemplate:
  ``strategicpatch.StrategicMergePatch``), which can set any container's
  resources: where one is written the pods are as written.

Pods are changed at creation by Kruise's pod webhook
(pkg/webhook/pod/mutating/pod_create_update_handler.go) only where a
SidecarSet or WorkloadSpread of the cluster selects them, as for any other
workload's pods.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import PodPath, WorkloadKind

_GROUP: Final = "apps.kruise.io"
_TYPES: Final = "openkruise/kruise apis/apps/v1beta1"
_REPLICAS: Final = ("/spec.replicas=1",)
_SUBSET_PATCH: Final = (
    "a subset's patch is merged into the pod template of its workload (OpenKruise's UnitedDeployment adapters, "
    "strategicpatch.StrategicMergePatch), which can set any container's resources"
)
_UNITED_TEMPLATES: Final = ("statefulSetTemplate", "advancedStatefulSetTemplate", "cloneSetTemplate", "deploymentTemplate")


def _united(template: str) -> PodPath:
    return PodPath(
        f"spec.template.{template}.spec.template", count=_REPLICAS, label=template, patched_by=(("/spec.topology.subsets[*].patch",), _SUBSET_PATCH),
    )  # fmt: skip


KRUISE_KINDS: Final = (
    WorkloadKind(_GROUP, "CloneSet", (PodPath("spec.template", count=_REPLICAS),), f"{_TYPES}/cloneset_types.go"),
    WorkloadKind(_GROUP, "StatefulSet", (PodPath("spec.template", count=_REPLICAS),), f"{_TYPES}/statefulset_types.go"),
    WorkloadKind(_GROUP, "DaemonSet", (PodPath("spec.template"),), f"{_TYPES}/daemonset_types.go"),
    WorkloadKind(_GROUP, "BroadcastJob", (PodPath("spec.template"),), f"{_TYPES}/broadcastjob_types.go"),
    WorkloadKind(
        _GROUP, "AdvancedCronJob", (
            PodPath("spec.template.jobTemplate.spec.template", count=("/spec.template.jobTemplate.spec.parallelism=1",), label="jobTemplate"),
            PodPath("spec.template.broadcastJobTemplate.spec.template", label="broadcastJobTemplate"),
        ), f"{_TYPES}/advancedcronjob_types.go",
    ),  # fmt: skip
    WorkloadKind(_GROUP, "UnitedDeployment", tuple(_united(t) for t in _UNITED_TEMPLATES), f"{_TYPES}/uniteddeployment_types.go"),
)
