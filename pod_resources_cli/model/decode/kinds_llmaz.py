"""llmaz (InftyAI/llmaz 3c13ff343e28): a Playground serves a model with the
backend a BackendRuntime describes; the controller builds the pod's one
container, ``model-runner``, from both (pkg/controller/inference/
playground_controller.go buildTemplate).

- Playground: ``spec.replicas`` (1 when unset) pods. ``model-runner`` takes
  the chosen recommended configuration's resources of the BackendRuntime,
  each key of ``spec.backendRuntimeConfig.resources`` over them, and a cpu
  or memory limit below its request raised to the request. The runtime is
  another object: the pod is as written, and completed by the runtime (a
  resource the Playground leaves out is not missing).
- BackendRuntime: each ``spec.recommendedConfigs[*]`` is the resources of
  the ``model-runner`` of every Playground that picks it, under the
  Playground's own: a preset, as written.

The model's flavors (OpenModel ``inferenceConfig.flavors[*].limits``) add
accelerators to the Service the Playground makes; their requests are left out.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, Shorthand, WorkloadKind

_LLMAZ: Final = "InftyAI/llmaz"
_BUILD: Final = f"{_LLMAZ} pkg/controller/inference/playground_controller.go buildTemplate"

LLMAZ_KINDS: Final = (
    WorkloadKind(
        "inference.llmaz.io", "Playground",
        (PodPath("spec", "operator", count=("spec.replicas=1",), main=(
            MainContainer("model-runner", _BUILD, shorthand=Shorthand("spec.backendRuntimeConfig.resources", "requirements")),
        ), as_written="llmaz builds model-runner from the BackendRuntime it uses: its recommended resources fill the ones left out, and a limit below its request is raised to it",
           preset=True),),
        f"{_LLMAZ} api/inference/v1alpha1/playground_types.go",
    ),
    WorkloadKind(
        "inference.llmaz.io", "BackendRuntime",
        (PodPath("spec.recommendedConfigs[*]", "operator", name="name", main=(
            MainContainer("model-runner", _BUILD, shorthand=Shorthand("resources", "requirements")),
        ), as_written="a runtime: llmaz builds the model-runner of each Playground that picks this configuration from it, the Playground's resources win",
           preset=True),),
        f"{_LLMAZ} api/inference/v1alpha1/backendruntime_types.go",
    ),
)  # fmt: skip
