"""Topology hints and the hint-provider protocol.

Mirrors pkg/kubelet/cm/topologymanager/topology_manager.go (TopologyHint,
HintProvider) and bitmask/bitmask.go (kubernetes/kubernetes commit
5a430f48eace: IsNarrowerThan, IsLessThan). A NUMA affinity is a Python int
used as a bitmask (bit i = NUMA node i): cheap to AND, compare and count.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from pod_resources_cli.model.pod import Container, Pod


def mask_of(nodes: Iterable[int]) -> int:
    mask = 0
    for n in nodes:
        mask |= 1 << n
    return mask


def nodes_of(mask: int) -> list[int]:
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


def count(mask: int) -> int:
    return mask.bit_count()


def is_less_than(a: int, b: int) -> bool:
    """bitmask.IsLessThan: the masks compared as unsigned integers."""
    return a < b


def is_narrower_than(a: int, b: int) -> bool:
    """bitmask.IsNarrowerThan: fewer bits, or as many and a smaller integer value."""
    if count(a) == count(b):
        return is_less_than(a, b)
    return count(a) < count(b)


@dataclass(frozen=True, slots=True)
class TopologyHint:
    """``affinity`` None = "any NUMA node" (a nil bitmask upstream)."""

    affinity: int | None
    preferred: bool


HintMap = Mapping[str, Sequence[TopologyHint]]


class HintProvider(Protocol):
    """What the CPU, memory (and device) managers offer the topology manager.

    ``None`` for a resource means "no preference"; an empty list means "no
    possible placement".
    """

    def get_topology_hints(self, pod: Pod, container: Container) -> HintMap | None: ...

    def get_pod_topology_hints(self, pod: Pod) -> HintMap | None: ...

    def allocate(self, pod: Pod, container: Container, affinity: TopologyHint) -> str | None:
        """Allocate for one container under the merged hint; an error message, or None."""
        ...
