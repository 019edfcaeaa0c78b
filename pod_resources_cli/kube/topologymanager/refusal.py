"""What a TopologyAffinityError was computed from, kept as data.

The kubelet's refusal says only "Resources cannot be allocated with Topology
locality". The merge that refused the pod (pkg/kubelet/cm/topologymanager/policy.go
HintMerger.Merge over filterProvidersHints, kubernetes v1.32) had, per hint provider and resource,
the hints it offered; the policy then refused the best merged hint because it
was not preferred (policy_restricted.go and policy_single_numa_node.go
canAdmitPodResult return hint.Preferred). This module records those inputs,
the best hint and the policy, as the scope saw them, so analysis/ can say why
without recomputing anything; the words are built there, not here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pod_resources_cli.kube.topologymanager.hints import HintMap, TopologyHint
from pod_resources_cli.records import dataclass


@dataclass(frozen=True, slots=True)
class Demand:
    """What a provider sized its hints for: the request (devices, exclusive CPUs
    or bytes) and what was free on each NUMA node when it built them."""

    requested: int
    free: tuple[tuple[int, int], ...] = ()  # (NUMA node, free amount), by node
    refused: str | None = None  # why the provider offers the pod no hint at all (validatePodScopeResources' text)


@dataclass(frozen=True, slots=True)
class ResourceHints:
    """One resource's hints as the merge got them (filterProvidersHints' input).

    ``resource`` None: the provider gave no hints at all (no preference for
    any resource). ``hints`` None: no preference (a preferred "any" to the
    merge); (): no possible placement (an unsatisfiable "any")."""

    provider: str  # "devices" | "cpu" | "memory"
    resource: str | None
    hints: tuple[TopologyHint, ...] | None
    demand: Demand | None = None


@dataclass(frozen=True, slots=True)
class AffinityRefusal:
    """Why the topology manager refused: its policy and scope (``container``
    names the container whose merge failed under scope container), the
    machine's NUMA nodes, every provider's hints and the merged best hint
    the policy refused (single-numa-node reports an all-node hint as "any",
    affinity None)."""

    policy: str
    scope: str  # "container" | "pod"
    container: str | None
    numa_nodes: tuple[int, ...]
    resources: tuple[ResourceHints, ...]
    best: TopologyHint


def provider_hints(
    names: Sequence[str], hints: Sequence[HintMap | None], demands: Sequence[Mapping[str, Demand]]
) -> tuple[ResourceHints, ...]:
    """Each provider's hint map, resource by resource, in the order the merge reads them."""
    out: list[ResourceHints] = []
    for name, hint_map, demand in zip(names, hints, demands):
        if not hint_map:
            out.append(ResourceHints(name, None, None))
            continue
        for resource, resource_hints in hint_map.items():
            listed = None if resource_hints is None else tuple(resource_hints)
            out.append(ResourceHints(name, resource, listed, demand.get(resource)))
    return tuple(out)
