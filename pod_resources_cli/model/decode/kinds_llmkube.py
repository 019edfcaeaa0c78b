"""LLMKube's InferenceService (inference.llmkube.dev; defilantech/LLMKube
907ac8d8ee5b): the operator serves the Model that ``spec.modelRef`` names
from one Deployment it builds (internal/controller/deployment_builder.go):

- ``spec.replicas`` pods (``+kubebuilder:default=1``,
  api/v1alpha1/inferenceservice_types.go);
- one container, named by the runtime's backend (internal/controller/
  runtime.go resolveBackend, ContainerName: ``llama-server`` for
  ``llamacpp``, the default, and ``llamacpp-router``; ``vllm``, ``tgi``,
  ``sglang``, ``personaplex``; ``inference-server`` for ``generic``);
- its resources from ``spec.resources`` (buildContainerResources): a cpu
  request of ``cpu``, a memory request of ``hostMemory``, else ``memory``,
  and ``ephemeralStorage`` as both the ephemeral-storage request and limit;
  never a cpu or memory limit.

The Model decides the rest: its ``hardware.gpu.count`` (else the
InferenceService's ``resources.gpu``) becomes a GPU limit under a resource
name its accelerator and vendor choose (pkg/apiutil/gpu.go GPUCount,
GPUResourceName), its ``hardware.gpu.resourceClaims`` the pod's claims, and
its storage the model download's init containers (model_storage.go). So the
pod is as written (no QoS class is claimed), but its container's cpu and
memory are the operator's: requests only, never a limit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.model.decode.kind_types import Containers, FieldIn, PodPath, WorkloadKind

if TYPE_CHECKING:
    from pod_resources_cli.location import Pointer

_REPO: Final = "defilantech/LLMKube"
_AS_WRITTEN: Final = (
    "LLMKube adds what the Model named by spec.modelRef says: its GPUs (hardware.gpu.count, else resources.gpu, "
    "under the resource its accelerator names), its resource claims and the model download's init containers"
)
# runtime.go resolveBackend: (runtimes, the backend's ContainerName); any other value is llama.cpp's
_BACKENDS: Final = (
    (("vllm",), "vllm"),
    (("tgi",), "tgi"),
    (("sglang",), "sglang"),
    (("personaplex",), "personaplex"),
    (("generic",), "inference-server"),
)


def _requirements(spec: dict[str, Any]) -> dict[str, Any]:
    """buildContainerResources, without what the Model adds."""
    written = spec.get("resources")
    if not isinstance(written, dict):
        return {}
    requests: dict[str, Any] = {}
    limits: dict[str, Any] = {}
    if isinstance(written.get("cpu"), str) and written["cpu"]:
        requests["cpu"] = written["cpu"]
    memory = written.get("hostMemory") if isinstance(written.get("hostMemory"), str) and written["hostMemory"] else written.get("memory")
    if isinstance(memory, str) and memory:
        requests["memory"] = memory
    if isinstance(written.get("ephemeralStorage"), str) and written["ephemeralStorage"]:
        requests["ephemeral-storage"] = limits["ephemeral-storage"] = written["ephemeralStorage"]
    return {"requests": requests, "limits": limits}


def _assemble(name: str) -> Any:
    def assemble(obj: dict[str, Any], spec: Any, pointer: Pointer) -> tuple[Containers, Containers]:
        del obj
        container = {"name": name, "resources": _requirements(spec)}
        if isinstance(spec.get("image"), str):
            container["image"] = spec["image"]
        at = (*pointer, "resources") if isinstance(spec.get("resources"), dict) else pointer
        return ((container, at),), ()

    return assemble


def _pods() -> tuple[PodPath, ...]:
    known = tuple(r for runtimes, _ in _BACKENDS for r in runtimes)
    pods = [
        PodPath("spec", "containers", count=("/spec.replicas=1",), assemble=_assemble(name), if_field=FieldIn("spec.runtime", runtimes), label=name,
                as_written=_AS_WRITTEN)
        for runtimes, name in _BACKENDS
    ]  # fmt: skip
    llama = FieldIn("spec.runtime", known, negate=True)
    pods.append(PodPath("spec", "containers", count=("/spec.replicas=1",), assemble=_assemble("llama-server"), if_field=llama, label="llama-server", as_written=_AS_WRITTEN))
    return tuple(pods)


LLMKUBE_KINDS: Final = (
    WorkloadKind(
        "inference.llmkube.dev", "InferenceService", _pods(),
        f"{_REPO} api/v1alpha1/inferenceservice_types.go, internal/controller/deployment_builder.go buildContainerResources, runtime.go resolveBackend",
    ),
)  # fmt: skip
