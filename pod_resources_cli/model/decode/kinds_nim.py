"""NVIDIA's NIM operator (NVIDIA/k8s-nim-operator f63f74d7ad22,
apps.nvidia.com): the operator builds every pod itself.

- NIMService (api/apps/v1alpha1/nimservice_types.go): one container,
  ``<name>-ctr``, with ``spec.resources`` whole (GetResources), and
  ``spec.initContainers`` and ``spec.sidecarContainers`` without resources
  (GetInitContainers, GetSidecarContainers). Its replicas (GetReplicas):
  ``scale.hpa.minReplicas`` (1 unset) with ``scale.enabled``, else
  ``spec.replicas`` (1 unset); a multi-node service runs
  ``multiNode.parallelism.pipeline`` pods each (a LeaderWorkerSet group,
  its containers ``nim-leader`` and ``nim-worker`` with the same
  resources). Where the user sets no ``nvidia.com/gpu`` and names an
  optimized NIMCache profile, the operator adds that profile's GPU count
  (internal/controller/platform/standalone/nimservice.go addGPUResources),
  which another object decides: as written.
- NIMCache (internal/controller/nimcache_controller.go constructJob): its
  caching Job's one pod runs ``nim-cache-ctr`` with ``spec.resources.cpu``
  and ``memory`` each as request and limit, ``0`` when unset (a pod the
  QoS rules call BestEffort).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

_NIM: Final = "NVIDIA/k8s-nim-operator"
_SERVICE: Final = MainContainer(
    "{name}-ctr", f"{_NIM} api/apps/v1alpha1/nimservice_types.go GetResources", shorthand=Shorthand("spec.resources", "requirements")
)
_GPU: Final = "the NIM operator adds the GPUs of the NIMCache profile the service names, where it sets none, and runs a multi-node service as a LeaderWorkerSet"


def _service(scaled: str, count: tuple[str, ...]) -> PodPath:
    return PodPath("spec", "containers", count=(*count, "/spec.multiNode.parallelism.pipeline=1"), main=(_SERVICE,), as_written=_GPU, label="service",
                   if_field=FieldIn("spec.scale.enabled", (scaled,), "false"), containers=("sidecarContainers[*]",),
                   init_containers=("initContainers[*]",))  # fmt: skip


NIM_KINDS: Final = (
    WorkloadKind(
        "apps.nvidia.com", "NIMService",
        (_service("false", ("/spec.replicas=1",)), _service("true", ("/spec.scale.hpa.minReplicas=1",))),
        f"{_NIM} api/apps/v1alpha1/nimservice_types.go GetReplicas",
    ),
    WorkloadKind(
        "apps.nvidia.com", "NIMCache",
        (PodPath("spec", "operator", count=("1",), label="job", main=(
            MainContainer("nim-cache-ctr", f"{_NIM} internal/controller/nimcache_controller.go constructJob",
                          shorthand=Shorthand("spec.resources", "equal", defaults=(("cpu", "0"), ("memory", "0")))),
        )),),
        f"{_NIM} api/apps/v1alpha1/nimcache_types.go",
    ),
)  # fmt: skip
