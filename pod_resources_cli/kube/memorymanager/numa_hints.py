"""NUMA hints of the static Memory manager policy, and the checks on a mask.

Mirrors pkg/kubelet/cm/memorymanager/policy_static.go calculateHints,
isHintPreferred, findBestHint, isAffinitySatisfyRequest, isHintInGroup,
areGroupsEqual, isAffinityViolatingNUMAAllocations (kubernetes/kubernetes
commit 030880a5dc5449403c6d1f0aa146a7dc21d6c6dc and its KEP-5526 successor)
and topologymanager/bitmask/bitmask.go (IterateBitMasks, IsNarrowerThan).

A NUMA affinity is an int bitmask (bit i = NUMA node i), as in
kube.topologymanager.hints; ``None`` is the kubelet's nil mask.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from pod_resources_cli.kube.memorymanager.requests import Requested
from pod_resources_cli.kube.memorymanager.state import NUMANodeMap
from pod_resources_cli.kube.names import MEMORY
from pod_resources_cli.kube.topologymanager.hints import TopologyHint, mask_of, nodes_of

Reusable = Callable[[int, str], int]  # (mask, resource) -> bytes the pod's init containers free up
MemoryHints = dict[str, list[TopologyHint]]


def narrower(a: int, b: int) -> bool:
    """bitmask.IsNarrowerThan: fewer NUMA nodes; on a tie the smaller mask value."""
    ca, cb = a.bit_count(), b.bit_count()
    return a < b if ca == cb else ca < cb


def _table_value(machine: NUMANodeMap, node: int, resource: str, attr: str) -> int:
    # A node without this memory type offers none of it (the kubelet would
    # dereference a missing table; a pod asking for it fails admission earlier).
    table = machine[node].memory_map.get(resource)
    return 0 if table is None else int(getattr(table, attr))


def calculate_hints(machine: NUMANodeMap, requested: Requested, reusable: Reusable) -> MemoryHints:
    """Every NUMA mask, smallest first, that can hold the request; the
    narrowest that could hold it on an empty machine are preferred.

    An empty result (no key at all) is what the kubelet returns when nothing
    fits: the topology manager reads it as "no preference".
    """
    nodes = sorted(machine)
    names = list(requested)
    free = {r: {n: _table_value(machine, n, r, "free") for n in nodes} for r in names}
    allocatable = {r: {n: _table_value(machine, n, r, "allocatable") for n in nodes} for r in names}
    min_size = len(nodes)
    found: list[int] = []
    for size in range(1, len(nodes) + 1):
        for combo in combinations(nodes, size):
            if any(sum(allocatable[r][n] for n in combo) < requested[r] for r in names):
                continue
            min_size = min(min_size, size)
            single = size == 1
            if single and len(machine[combo[0]].cells) > 1:
                continue  # grouped with other nodes: no single-node allocation here
            if not single and not _group_usable(machine, combo):
                continue
            mask = mask_of(combo)
            if any(sum(free[r][n] for n in combo) + reusable(mask, r) < requested[r] for r in names):
                continue
            found.append(mask)
    if not names or not found:
        return {}
    return {r: [TopologyHint(mask, mask.bit_count() == min_size) for mask in found] for r in names}


def _group_usable(machine: NUMANodeMap, combo: tuple[int, ...]) -> bool:
    """A multi-node mask may only reuse nodes already allocated as exactly this group."""
    for node in combo:
        state = machine[node]
        if state.number_of_assignments > 0 and (len(state.cells) == 1 or tuple(sorted(state.cells)) != combo):
            return False
    return True


def find_best_hint(hints: list[TopologyHint]) -> TopologyHint:
    """Preferred first, then the narrowest; {nil, false} for an empty list."""
    best = TopologyHint(None, False)
    for hint in hints:
        if best.affinity is None:
            best = hint
            continue
        if hint.preferred and not best.preferred:
            best = hint
            continue
        if hint.preferred == best.preferred and hint.affinity is not None and narrower(hint.affinity, best.affinity or 0):
            best = hint
    return best


def affinity_satisfies_request(machine: NUMANodeMap, mask: int | None, requested: Requested) -> bool:
    bits = nodes_of(mask or 0)
    return all(sum(_table_value(machine, n, r, "free") for n in bits) >= size for r, size in requested.items())


def is_hint_in_group(hint: int, group: int) -> bool:
    """Every node of ``hint`` is in ``group``."""
    return hint & ~group == 0


def violates_numa_allocations(machine: NUMANodeMap, mask: int | None) -> bool:
    """A node used alone cannot join a group, nor a node of another group."""
    bits = nodes_of(mask or 0)
    if len(bits) == 1:
        return False
    for node in bits:
        state = machine[node]
        if state.number_of_assignments == 0:
            continue
        if len(state.cells) == 1 or tuple(sorted(state.cells)) != tuple(bits):
            return True
    return False


def default_hint(machine: NUMANodeMap, requested: Requested, reusable: Reusable) -> TopologyHint | None:
    """getDefaultHint: the best memory hint; None when no mask fits at all."""
    hints = calculate_hints(machine, requested, reusable)
    if not hints:
        return None
    return find_best_hint(hints.get(MEMORY, []))


def extend_hint(machine: NUMANodeMap, requested: Requested, reusable: Reusable, mask: int | None) -> TopologyHint | None:
    """extendTopologyManagerHint: the best memory hint that contains ``mask``."""
    hints = calculate_hints(machine, requested, reusable)
    inside = [h for h in hints.get(MEMORY, []) if h.affinity is not None and is_hint_in_group(mask or 0, h.affinity)]
    return find_best_hint(inside) if inside else None
