"""KubeDL's training jobs (training.kubedl.io/v1alpha1, kubedl-io/kubedl
b93a2b4689ff apis/training/v1alpha1): each replica type of the job's
``<framework>ReplicaSpecs`` map keeps a PodTemplateSpec
(pkg/job_controller/api/v1/types.go ReplicaSpec) from which the job
controller makes ``replicas`` pods (pkg/job_controller/pod.go
ReconcilePods: ``int(*spec.Replicas)``).

- ``replicas`` defaults to 1 for TFJob, PyTorchJob, XGBoostJob, XDLJob and
  MarsJob (tfjob_defaults.go, pytorchjob_defaults.go: its Master and Worker,
  xgboostjob_defaults.go, xdljob_defaults.go, marsjob_defaults.go); MPIJob's,
  ElasticDLJob's and a PyTorchJob AIMaster's defaulting sets none
  (mpijob_default.go; no ElasticDLJob defaulting), so an unset count is not
  known here.
- MPIJob: the Launcher gets the init container ``kubectl-delivery``
  requesting 100m cpu and 128Mi memory, no limits
  (controllers/mpi/mpijob_controller.go setupMPILauncher,
  ``initContainerCpu``, ``initContainerMem``).
- PyTorchJob: with the annotation ``kubedl.io/enable-elastic-training:
  "true"`` each replica but the Master and the AIMaster gets the init
  containers ``warmup`` (a copy of the main container's resources: it
  changes no value of the pod, and is not listed here) and
  ``master-waiter``, without resources (controllers/pytorch/
  pytorchjob_controller.go SetClusterSpec, elastic_scale.go
  AddImageWarmupForWorker, AddMasterWaiterForWorker), which keeps the pod
  from being Guaranteed.
- The controllers otherwise add environment variables, ports and volumes,
  never resources; the code-sync init container of the
  ``kubedl.io/git-sync-config`` annotation copies the first container's
  resources (pkg/code_sync/sync_handler.go), which changes no value either.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import AnnotationIn, MainContainer, OperatorDefaults, PodPath, WorkloadKind

_GROUP: Final = "training.kubedl.io"
_REPO: Final = "kubedl-io/kubedl"
_TYPES: Final = f"{_REPO} apis/training/v1alpha1"

_KUBECTL_DELIVERY: Final = MainContainer(
    "kubectl-delivery", f"{_REPO} controllers/mpi/mpijob_controller.go setupMPILauncher", init=True,
    defaults=(OperatorDefaults(requests=(("cpu", "100m"), ("memory", "128Mi"))),),
)  # fmt: skip
_MASTER_WAITER: Final = MainContainer(
    "master-waiter", f"{_REPO} controllers/pytorch/elastic_scale.go AddMasterWaiterForWorker", init=True,
    if_annotation=AnnotationIn("kubedl.io/enable-elastic-training", ("true",)),
)  # fmt: skip


def _replicas(field: str, count: str = "replicas=1") -> tuple[PodPath, ...]:
    return (PodPath(f"spec.{field}{{*}}.template", name="{key}", count=(count,)),)


def _typed(field: str, kind: str, main: tuple[MainContainer, ...] = (), count: str = "replicas=1") -> PodPath:
    return PodPath(f"spec.{field}.{kind}.template", count=(f"/spec.{field}.{kind}.{count}",), label=f"{field}[{kind}]", main=main)


KUBEDL_KINDS: Final = (
    WorkloadKind(_GROUP, "TFJob", _replicas("tfReplicaSpecs"), f"{_TYPES}/tfjob_types.go"),
    WorkloadKind(_GROUP, "XGBoostJob", _replicas("xgbReplicaSpecs"), f"{_TYPES}/xgboostjob_types.go"),
    WorkloadKind(_GROUP, "XDLJob", _replicas("xdlReplicaSpecs"), f"{_TYPES}/xdljob_types.go"),
    WorkloadKind(_GROUP, "MarsJob", _replicas("marsReplicaSpecs"), f"{_TYPES}/marsjob_types.go"),
    WorkloadKind(_GROUP, "ElasticDLJob", _replicas("elasticdlReplicaSpecs", "replicas=?"), f"{_TYPES}/elasticdljob_types.go"),
    WorkloadKind(_GROUP, "MPIJob", (
        _typed("mpiReplicaSpecs", "Launcher", (_KUBECTL_DELIVERY,), "replicas=?"), _typed("mpiReplicaSpecs", "Worker", count="replicas=?"),
    ), f"{_TYPES}/mpijob_types.go"),  # fmt: skip
    WorkloadKind(_GROUP, "PyTorchJob", (
        _typed("pytorchReplicaSpecs", "Master"), _typed("pytorchReplicaSpecs", "Worker", (_MASTER_WAITER,)),
        _typed("pytorchReplicaSpecs", "AIMaster", count="replicas=?"),
    ), f"{_TYPES}/pytorchjob_types.go"),  # fmt: skip
)
