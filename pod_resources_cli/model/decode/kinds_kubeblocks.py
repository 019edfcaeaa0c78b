"""KubeBlocks (apecloud/kubeblocks 13138f463941; apis/ is Apache-2.0, the
controllers AGPL-3.0, read only): a Cluster's pods are built from another
object, so each is as written.

- Cluster (apps.kubeblocks.io; apis/apps/v1/cluster_types.go): each
  ``spec.componentSpecs[*]`` is a Component whose InstanceSet makes
  ``replicas`` pods (``+kubebuilder:default=1``; none with ``stop: true``).
  The pod is the PodSpec of the ComponentDefinition ``componentDef`` names
  (its ``spec.runtime``), and pkg/controller/component/
  synthesize_component.go buildAndUpdateResources sets the Component's
  ``resources`` whole on that runtime's first container where they write
  requests or limits: here that container is named as the component (the
  definition, which names it, is another object; the shipped ones name it
  so; a sharding's, as the sharding), and the runtime's other containers, kbagent's sidecar and its worker
  init container (pkg/controller/component/kbagent.go buildKBAgentContainer,
  no resources) are not in the Cluster. ``spec.shardings[*].template`` is
  the same for each of ``shards`` shards (an int32 without a default).
- ComponentDefinition (apps.kubeblocks.io): ``spec.runtime`` is a PodSpec,
  the pods of every Component that names it, each Component's resources
  on its first container: a preset, as KServe's runtimes are.
- InstanceSet (workloads.kubeblocks.io; apis/workloads/v1/
  instanceset_types.go): ``spec.template`` is a PodTemplateSpec of
  ``spec.replicas`` pods (``+kubebuilder:default=1``); ``spec.instances``
  override the template's resources, image and more for some of them.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "apecloud/kubeblocks"
_RESOURCES: Final = f"{_REPO} pkg/controller/component/synthesize_component.go buildAndUpdateResources (the runtime's first container)"
_FROM_DEFINITION: Final = (
    "KubeBlocks builds the pod from the ComponentDefinition that componentDef names: its runtime's containers, this"
    " component's resources on the first, and its own kbagent containers"
)
_INSTANCES: Final = "KubeBlocks overrides the template's resources, image and more in the pods spec.instances names"
_DEFINITION: Final = "a definition: KubeBlocks builds each Component's pods that names it from this runtime, the Component's resources on its first container"


def _component(path: str, count: tuple[str, ...], spec: str = "") -> PodPath:
    """A component's pods; ``spec``: where its ClusterComponentSpec is, from the list item (a sharding's ``template.``)."""
    first = MainContainer("", _RESOURCES, name_field="name", shorthand=Shorthand(f"{spec}resources", "requirements", empty_is_unset=True))
    return PodPath(path, "operator", name="name", count=count, main=(first,), as_written=_FROM_DEFINITION, preset=True,
                   patched_by=((f"{spec}instances",), _INSTANCES))  # fmt: skip


KUBEBLOCKS_KINDS: Final = (
    WorkloadKind(
        "apps.kubeblocks.io", "Cluster",
        (_component("spec.componentSpecs[*]", ("replicas=1", "!stop")), _component("spec.shardings[*].template", ("template.replicas=1", "shards=0", "!template.stop"), "template.")),
        f"{_REPO} apis/apps/v1/cluster_types.go",
    ),
    WorkloadKind(
        "apps.kubeblocks.io", "ComponentDefinition", (PodPath("spec.runtime", "podspec", label="runtime", as_written=_DEFINITION, preset=True),),
        f"{_REPO} apis/apps/v1/componentdefinition_types.go",
    ),
    WorkloadKind(
        "workloads.kubeblocks.io", "InstanceSet", (PodPath("spec.template", count=("/spec.replicas=1",), patched_by=(("/spec.instances",), _INSTANCES)),),
        f"{_REPO} apis/workloads/v1/instanceset_types.go",
    ),
)  # fmt: skip
