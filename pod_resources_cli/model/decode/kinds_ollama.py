"""The Ollama operator's Model (ollama.ayaka.io/v1; nekomeowww/ollama-operator
ece318891898 api/ollama/v1/model_types.go, pkg/model/model.go, pkg/model/pod.go).
For each Model the controller (internal/controller/model_controller.go)
makes a Deployment ``ollama-model-<name>`` (model.go EnsureDeploymentCreated)
of ``spec.replicas`` pods (1 when unset: ``lo.Ternary(replicas == nil, 1,
replicas)``), from ``spec.podTemplate`` (an empty pod where it is unset) by
MergePodTemplate:

- the container ``server`` (pod.go): where the template has one, the Model's
  ``spec.resources`` requests and limits are set over its own key by key, every
  resource named (an accelerator too; ``lo.Assign(container.Resources.Limits,
  resources.Limits)``, likewise the requests; AssignOllamaServerContainer);
  where it has none, a new ``server`` with ``spec.resources`` as they are
  (NewOllamaServerContainer); the operator sets no resources of its own, so a
  Model without ``spec.resources`` serves from a BestEffort pod;
- the init container ``ollama-image-pull`` (curlimages/curl, pulling the
  model through the image store): the template's, its resources kept
  (AssignOllamaPullerContainer sets only its command, arguments and
  environment), or a new one with none (NewOllamaPullerContainer: its
  ``resources`` argument is unused);
- ``spec.runtimeClassName``, where written, replaces the template's.

The controller also makes, once per namespace, the image store StatefulSet
``ollama-models-store`` (pkg/model/image_store.go
EnsureImageStoreStatefulSetCreated: one pod whose ``server`` has no resources,
the ollama server all the namespace's Models pull through): shared by the
namespace's Models, it is no pod of any one of them and is not counted here.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "nekomeowww/ollama-operator"

_SERVER: Final = MainContainer(
    "server", f"{_REPO} pkg/model/pod.go AssignOllamaServerContainer",
    shorthand=Shorthand("/spec.resources", "requests-limits", every_resource=True),
)  # fmt: skip
_PULLER: Final = MainContainer("ollama-image-pull", f"{_REPO} pkg/model/pod.go NewOllamaPullerContainer", init=True)

OLLAMA_KINDS: Final = (
    WorkloadKind(
        "ollama.ayaka.io", "Model",
        (PodPath("spec.podTemplate", count=("/spec.replicas=1",), label="model", main=(_SERVER, _PULLER),
                 empty_when_absent=True, always_made=True),),
        f"{_REPO} api/ollama/v1/model_types.go",
    ),
)  # fmt: skip
