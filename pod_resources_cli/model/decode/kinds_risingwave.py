"""The RisingWave operator (risingwavelabs/risingwave-operator @bd4b41a53dd1,
risingwave.risingwavelabs.com/v1alpha1 RisingWave): the operator's manifest
factory (pkg/factory/risingwave_object_factory.go) builds one workload per
node group of each component from the object's fields alone:

- without ``spec.enableStandaloneMode: true`` (``+kubebuilder:default=false``,
  api risingwave_types.go; pkg/manager/risingwave_controller_manager_impl.go
  syncs the components only then), each of ``spec.components.meta``,
  ``frontend``, ``compute`` and ``compactor``'s ``nodeGroups[*]`` is
  ``replicas`` pods (an int32 without a default: 0 unset,
  risingwave_node_group.go) of a StatefulSet, Deployment or their OpenKruise
  twins (newWorkloadObjectForComponentNodeGroup);
- with it, ``spec.components.standalone`` is ``replicas`` pods of one
  StatefulSet, and one pod from an empty template where it is unset
  (convertStandaloneIntoNodeGroup: ``Replicas: 1``).

Each pod is newPodSpecFromNodeGroupTemplate's: a first container the
component's setup names (``meta``, ``frontend``, ``compute``, ``compactor``
or ``standalone``: setupMetaContainer...) with ``template.spec.resources``
whole (RisingWaveNodeContainer inlined in the template's spec), then
``template.spec.additionalContainers`` and ``template.spec.initContainers``
as written, and the template spec's priorityClassName. No code of the
operator's sets or defaults resources (the mutating webhook only trims the
state store's data directory); the limits only feed environment variables
(RW_WORKER_THREADS, the memory budgets).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "risingwavelabs/risingwave-operator"
_FACTORY: Final = f"{_REPO} pkg/factory/risingwave_object_factory.go"
_STANDALONE: Final = FieldIn("spec.enableStandaloneMode", ("true",), "false")
_SETUP: Final = {"meta": "setupMetaContainer", "frontend": "setupFrontendContainer", "compute": "setupComputeContainer",
                 "compactor": "setupCompactorContainer", "standalone": "setupStandaloneContainer"}  # fmt: skip


def _main(component: str, at: str = "") -> tuple[MainContainer, ...]:
    """The component's container; ``at``: where its node group is, from the root (none: the matched element)."""
    source = f"{_FACTORY} newPodSpecFromNodeGroupTemplate, {_SETUP[component]}"
    return (MainContainer(component, source, shorthand=Shorthand(f"{at}template.spec.resources", "requirements"), first=True),)


def _component(component: str) -> PodPath:
    return PodPath(
        f"spec.components.{component}.nodeGroups[*]", "containers", name="name", count=("replicas=0",), label=component,
        containers=("template.spec.additionalContainers[*]",), init_containers=("template.spec.initContainers[*]",),
        main=_main(component), pod_fields="./template.spec", if_field=FieldIn(_STANDALONE.path, _STANDALONE.values, "false", negate=True),
    )  # fmt: skip


def _pods() -> tuple[PodPath, ...]:
    standalone = PodPath(
        "spec.components.standalone", "containers", count=("/spec.components.standalone.replicas=1",), label="standalone", empty_when_absent=True, always_made=True,
        containers=("template.spec.additionalContainers[*]",), init_containers=("template.spec.initContainers[*]",),
        main=_main("standalone", "/spec.components.standalone."), pod_fields="/spec.components.standalone.template.spec", if_field=_STANDALONE,
    )  # fmt: skip
    return (*(_component(c) for c in ("meta", "frontend", "compute", "compactor")), standalone)


RISINGWAVE_KINDS: Final = (
    WorkloadKind("risingwave.risingwavelabs.com", "RisingWave", _pods(), f"{_REPO} apis/risingwave/v1alpha1/risingwave_types.go"),
)
