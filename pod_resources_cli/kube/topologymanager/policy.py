"""The topology manager policies: how a merged hint decides admission.

Mirrors pkg/kubelet/cm/topologymanager/policy_none.go, policy_best_effort.go,
policy_restricted.go and policy_single_numa_node.go (kubernetes v1.32):
best-effort always admits; restricted admits only a preferred merged hint;
single-numa-node first keeps only preferred single-node (or "any") hints,
admits a preferred result, and reports a whole-machine result as "any".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pod_resources_cli.kube.topologymanager.hints import HintMap, TopologyHint
from pod_resources_cli.kube.topologymanager.merge import HintMerger, filter_providers_hints
from pod_resources_cli.kube.topologymanager.numa_info import NUMAInfo
from pod_resources_cli.kube.topologymanager.policy_options import PolicyOptions

NONE: Final = "none"
BEST_EFFORT: Final = "best-effort"
RESTRICTED: Final = "restricted"
SINGLE_NUMA_NODE: Final = "single-numa-node"
POLICIES: Final = (NONE, BEST_EFFORT, RESTRICTED, SINGLE_NUMA_NODE)


def filter_single_numa_hints(filtered: list[list[TopologyHint]]) -> list[list[TopologyHint]]:
    return [
        [h for h in hints if h.preferred and (h.affinity is None or h.affinity.bit_count() == 1)] for hints in filtered
    ]


class Policy:
    """One topology manager policy; ``merge`` returns (best hint, admit)."""

    def __init__(self, name: str, numa: NUMAInfo, options: PolicyOptions) -> None:
        self.name = name
        self.numa = numa
        self.options = options

    def merger(self, filtered: list[list[TopologyHint]]) -> HintMerger:
        return HintMerger(self.numa, filtered, self.name, self.options.prefer_closest_numa)

    def merge(self, providers_hints: Sequence[HintMap | None]) -> tuple[TopologyHint, bool]:
        if self.name == NONE:
            return TopologyHint(None, False), True
        filtered = filter_providers_hints(providers_hints)
        if self.name == SINGLE_NUMA_NODE:
            best = self.merger(filter_single_numa_hints(filtered)).merge()
            if best.affinity == self.numa.default_mask:
                best = TopologyHint(None, best.preferred)
            return best, best.preferred
        best = self.merger(filtered).merge()
        return best, best.preferred if self.name == RESTRICTED else True

    @property
    def alignment_guaranteed(self) -> bool:
        """IsAlignmentGuaranteed: only single-numa-node promises one NUMA node."""
        return self.name == SINGLE_NUMA_NODE
