"""Topology hints and the hint-provider protocol.

Mirrors pkg/kubelet/cm/topologymanager/topology_manager.go (TopologyHint,
HintProvider) and bitmask/bitmask.go (kubernetes/kubernetes commit
5a430f48eace: IsNarrowerThan, IsLessThan; IterateBitMasks as of kubernetes
v1.32.3, read in the vendored copy of github.com/ffromani/cpumgrx@b3f04a4b).
A NUMA affinity is a Python int used as a bitmask (bit i = NUMA node i):
cheap to AND, compare and count.

Every hint list the kubelet builds walks IterateBitMasks: all 2^n - 1
combinations of the machine's n NUMA nodes. The kubelet only asks for hints
when its topology manager runs, and that refuses machines with more NUMA
nodes than max-allowable-numa-nodes (8 unless the option raises it), so
``iterate_bitmasks`` is lazy (nothing is built before a pod asks) and
refuses more than MAX_HINT_NUMA_NODES nodes (2^16 masks), this project's
bound on what the option may raise (model/decode/node/consistency.py refuses
such node descriptions when they are loaded).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import combinations
from typing import Protocol

from pod_resources_cli.errors import NodeError
from pod_resources_cli.model.decode.node.consistency import MAX_HINT_NUMA_NODES
from pod_resources_cli.model.pod import Container, Pod
from pod_resources_cli.records import dataclass


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


def iterate_bitmasks(bits: Sequence[int]) -> Iterator[int]:
    """bitmask.IterateBitMasks: every non-empty combination of ``bits``, by size,
    then in the order of its recursion (that of itertools.combinations).

    A generator: nothing is built before the first mask is asked for. Raises
    NodeError for more than MAX_HINT_NUMA_NODES bits, whose 2^n masks no
    caller can afford (the kubelet never gets there with its default limit).
    """
    if len(bits) > MAX_HINT_NUMA_NODES:
        raise NodeError(
            f"topology hints over {len(bits)} NUMA nodes would enumerate 2^{len(bits)} NUMA masks; "
            f"pod-resources enumerates at most {MAX_HINT_NUMA_NODES} NUMA nodes"
        )
    for size in range(1, len(bits) + 1):
        for combo in combinations(bits, size):
            yield mask_of(combo)


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


HintMap = Mapping[str, Sequence[TopologyHint] | None]  # None: no preference for that resource


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
