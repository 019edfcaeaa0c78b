"""kjob's templates (kjobctl.x-k8s.io, kubernetes-sigs/kjob @f0b8e833491b
apis/v1alpha1: job_template_types.go, ray_job_template_types.go,
ray_cluster_template_types.go). kjob runs no controller: its kubectl plugin
(``kubectl kjob create <mode> --profile P``) reads the ApplicationProfile,
takes the template its mode names and creates a Job, RayJob or RayCluster
from it (pkg/builder), whose own controllers make the pods:

- JobTemplate ``template`` is a JobTemplateSpec: the Job's pods are
  ``template.spec.template`` (``parallelism`` of them, 1 unset; the Job and
  Slurm modes' ``--parallelism`` and ``--array`` flags replace it);
- RayJobTemplate ``template.spec`` is a RayJobSpec and RayClusterTemplate's a
  RayClusterSpec: read as KubeRay's RayJob and RayCluster are (kinds.py
  ``_ray``; ``--replicas``, ``--min-replicas`` and ``--max-replicas`` set a
  worker group's counts).

Every such pod is only as written: the CLI sets the first container's
requests whole from ``--request`` (builder.go buildPodSpec), and in Slurm
mode (slurm_builder.go) each worker container's requests from
``--cpus-per-task``, ``--mem-per-task``, ``--mem-per-cpu``, ``--mem-per-gpu``
and limits from ``--mem`` and ``--gpus-per-task``, copies the first
container ``--ntasks`` times and adds the init container ``slurm-init-env``.
An Interactive mode's template is a core PodTemplate (kinds.py). The
ApplicationProfile and VolumeBundle make no pod (no_pods.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from pod_resources_cli.model.decode.kind_types import PodPath, WorkloadKind
from pod_resources_cli.records import replace

_KJOB: Final = "kubernetes-sigs/kjob"
_CLI: Final = (
    "a kjob template: the kubectl-kjob CLI creates the workload from it and may set the first container's requests "
    "(--request), or in Slurm mode each worker container's requests and limits (--cpus-per-task, --mem...), "
    "copy it (--ntasks) and add the slurm-init-env init container"
)


def _as_written(paths: tuple[PodPath, ...]) -> tuple[PodPath, ...]:
    return tuple(replace(path, as_written=_CLI) for path in paths)


def kjob_kinds(ray: Callable[..., tuple[PodPath, ...]]) -> tuple[WorkloadKind, ...]:
    """The template kinds; ``ray``: kinds.py's KubeRay paths (given, so that this module needs not import kinds.py)."""
    return (
        WorkloadKind("kjobctl.x-k8s.io", "JobTemplate",
                     _as_written((PodPath("template.spec.template", count=("/template.spec.parallelism=1",)),)),
                     f"{_KJOB} apis/v1alpha1/job_template_types.go"),
        WorkloadKind("kjobctl.x-k8s.io", "RayJobTemplate", _as_written(ray("template.spec.rayClusterSpec.", job="template.spec.")),
                     f"{_KJOB} apis/v1alpha1/ray_job_template_types.go"),
        WorkloadKind("kjobctl.x-k8s.io", "RayClusterTemplate", _as_written(ray("template.spec.")),
                     f"{_KJOB} apis/v1alpha1/ray_cluster_template_types.go"),
    )  # fmt: skip
