"""The NUMA nodes the topology manager merges hints over, and how far apart they are.

Mirrors pkg/kubelet/cm/topologymanager/numa_info.go (kubernetes v1.32):
NewNUMAInfo (distances are required with prefer-closest-numa-nodes),
Narrowest, Closest (fewer nodes, then the lower average distance between
every pair of the mask's nodes, then the lower mask), DefaultAffinityMask.
Masks are ranked with sort keys: the smaller key is the better mask.
"""

from __future__ import annotations

from pod_resources_cli.errors import NodeError
from pod_resources_cli.kube.topologymanager.hints import mask_of, nodes_of
from pod_resources_cli.model.node import MachineTopology
from pod_resources_cli.records import dataclass


@dataclass(frozen=True)
class NUMAInfo:
    nodes: tuple[int, ...]
    distances: dict[int, tuple[int, ...]]

    @classmethod
    def from_machine(cls, machine: MachineTopology | None, prefer_closest: bool) -> NUMAInfo:
        numa = machine.numa_nodes if machine is not None else ()
        distances: dict[int, tuple[int, ...]] = {}
        for node in numa:
            if prefer_closest and not node.distances:
                raise NodeError("cannot discover NUMA topology: error getting NUMA distances from cadvisor")
            distances[node.node_id] = node.distances if prefer_closest else ()
        return cls(tuple(n.node_id for n in numa), distances)

    @property
    def default_mask(self) -> int:
        return mask_of(self.nodes)

    def distance_sum(self, mask: int) -> int:
        """Sum over every ordered pair of the mask's nodes (the average's numerator;
        masks are only compared this way at equal size)."""
        bits = nodes_of(mask)
        total = 0
        for a in bits:
            row = self.distances.get(a, ())
            for b in bits:
                total += row[b] if b < len(row) else 0
        return total

    def narrowest_key(self, mask: int) -> tuple[int, ...]:
        return (mask.bit_count(), mask)

    def closest_key(self, mask: int) -> tuple[int, ...]:
        return (mask.bit_count(), self.distance_sum(mask), mask)
