"""NUMA hints of the static Memory manager policy, and the checks on a mask.

Mirrors pkg/kubelet/cm/memorymanager/policy_static.go calculateHints,
isHintPreferred, findBestHint, isAffinitySatisfyRequest, isHintInGroup,
areGroupsEqual, isAffinityViolatingNUMAAllocations (kubernetes/kubernetes
commit 030880a5dc5449403c6d1f0aa146a7dc21d6c6dc and its KEP-5526 successor)
and topologymanager/bitmask/bitmask.go (IterateBitMasks; IsNarrowerThan is
kube.topologymanager.hints.is_narrower_than).

A NUMA affinity is an int bitmask (bit i = NUMA node i), as in
kube.topologymanager.hints; ``None`` is the kubelet's nil mask.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from itertools import combinations

from pod_resources_cli.kube.memorymanager.requests import Requested
from pod_resources_cli.kube.memorymanager.state import NUMANodeMap
from pod_resources_cli.kube.names import MEMORY
from pod_resources_cli.kube.topologymanager.hints import TopologyHint, is_narrower_than, nodes_of

Reusable = Mapping[int, Mapping[str, int]]  # NUMA mask -> resource -> bytes the pod's init containers left
MemoryHints = dict[str, list[TopologyHint]]


def _table_value(machine: NUMANodeMap, node: int, resource: str, attr: str) -> int:
    # A node without this memory type offers none of it (the kubelet would
    # dereference a missing table; a pod asking for it fails admission earlier).
    table = machine[node].memory_map.get(resource)
    return 0 if table is None else int(getattr(table, attr))


@cache
def _iteration_order(count: int) -> tuple[tuple[int, int], ...]:
    """(index mask, size) of every non-empty subset, in IterateBitMasks order:
    by size, then lexicographically (itertools.combinations)."""
    out: list[tuple[int, int]] = []
    for size in range(1, count + 1):
        for combo in combinations(range(count), size):
            out.append((sum(1 << i for i in combo), size))
    return tuple(out)


def _subset_sums(values: tuple[int, ...]) -> list[int]:
    """sums[m] = the sum of values[i] for every bit i of m."""
    sums = [0] * (1 << len(values))
    for m in range(1, len(sums)):
        low = m & -m
        sums[m] = sums[m ^ low] + values[low.bit_length() - 1]
    return sums


@lru_cache(maxsize=256)
def _fitting(
    allocatable: tuple[tuple[int, ...], ...], needs: tuple[int, ...]
) -> tuple[tuple[tuple[int, int], ...], int]:
    """The (index mask, size) whose allocatable memory can hold ``needs``, and
    the smallest such size. Depends on the machine only, so it is cached."""
    sums = [_subset_sums(values) for values in allocatable]
    order = _iteration_order(len(allocatable[0]) if allocatable else 0)
    fitting = tuple((m, size) for m, size in order if all(s[m] >= need for s, need in zip(sums, needs)))
    return fitting, min((size for _, size in fitting), default=len(allocatable[0]) if allocatable else 0)


def calculate_hints(machine: NUMANodeMap, requested: Requested, reusable: Reusable) -> MemoryHints:
    """Every NUMA mask, smallest first, that can hold the request; the
    narrowest that could hold it on an empty machine are preferred.

    An empty result (no key at all) is what the kubelet returns when nothing
    fits: the topology manager reads it as "no preference". The masks are
    those of IterateBitMasks; sums over a mask come from per-subset tables,
    and the allocatable part (fixed for a machine) is computed once.
    """
    nodes = sorted(machine)
    names = list(requested)
    if not names:
        return {}
    needs = tuple(requested[r] for r in names)
    allocatable = tuple(tuple(_table_value(machine, n, r, "allocatable") for n in nodes) for r in names)
    fitting, min_size = _fitting(allocatable, needs)
    if not fitting:
        return {}
    free = [_subset_sums(tuple(_table_value(machine, n, r, "free") for n in nodes)) for r in names]
    node_masks = _node_masks(tuple(nodes))
    index = {n: i for i, n in enumerate(nodes)}
    used = 0
    group_of: dict[int, int] = {}  # index of a used node -> index mask of its group
    grouped = 0  # index mask of nodes allocated together with others
    for i, n in enumerate(nodes):
        state = machine[n]
        if len(state.cells) > 1:
            grouped |= 1 << i
        if state.number_of_assignments > 0:
            used |= 1 << i
            group_of[i] = sum(1 << index[c] for c in state.cells if c in index)
    found: list[int] = []
    for m, size in fitting:
        if size == 1:
            if m & grouped:
                continue  # grouped with other nodes: no single-node allocation here
        elif m & used:
            busy = m & used
            while busy:  # a used node must already be in exactly this group
                low = busy & -busy
                if group_of[low.bit_length() - 1] != m:
                    break
                busy ^= low
            if busy:
                continue
        mask = node_masks[m]
        extra = reusable.get(mask) if reusable else None
        if extra:
            if any(f[m] + extra.get(r, 0) < need for f, need, r in zip(free, needs, names)):
                continue
        elif any(f[m] < need for f, need in zip(free, needs)):
            continue
        found.append(mask)
    if not found:
        return {}
    return {r: [TopologyHint(mask, mask.bit_count() == min_size) for mask in found] for r in names}


@cache
def _node_masks(nodes: tuple[int, ...]) -> list[int]:
    """Index mask -> NUMA bitmask (the same when node ids are 0..n-1)."""
    return _subset_sums(tuple(1 << n for n in nodes))


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
        if (
            hint.preferred == best.preferred
            and hint.affinity is not None
            and is_narrower_than(hint.affinity, best.affinity or 0)
        ):
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


def extend_hint(
    machine: NUMANodeMap, requested: Requested, reusable: Reusable, mask: int | None
) -> TopologyHint | None:
    """extendTopologyManagerHint: the best memory hint that contains ``mask``."""
    hints = calculate_hints(machine, requested, reusable)
    inside = [h for h in hints.get(MEMORY, []) if h.affinity is not None and is_hint_in_group(mask or 0, h.affinity)]
    return find_best_hint(inside) if inside else None
