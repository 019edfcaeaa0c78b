"""NUMA hints of the static Memory manager policy, and the checks on a mask.

Mirrors pkg/kubelet/cm/memorymanager/policy_static.go calculateHints,
isHintPreferred, findBestHint, isAffinitySatisfyRequest, isHintInGroup,
areGroupsEqual, isAffinityViolatingNUMAAllocations (kubernetes/kubernetes
commit 030880a5dc5449403c6d1f0aa146a7dc21d6c6dc and its KEP-5526 successor, first released in v1.36)
and topologymanager/bitmask/bitmask.go (IterateBitMasks; IsNarrowerThan is
kube.topologymanager.hints.is_narrower_than).

A NUMA affinity is an int bitmask (bit i = NUMA node i), as in
kube.topologymanager.hints; ``None`` is the kubelet's nil mask.

The kubelet walks all 2^n masks of the machine's n NUMA nodes here: in
GetTopologyHints (only asked for when the topology manager runs, so n is at
most max-allowable-numa-nodes, and pod-resources bounds that by
MAX_HINT_NUMA_NODES), and in Allocate's getDefaultHint and
extendTopologyManagerHint, which also run under topology manager policy
none, on machines of any size (a kubelet with 24 or 1,024 NUMA nodes starts
fine). Those two only want the best hint (findBestHint): the narrowest mask
that calculateHints would list, preferred when no smaller mask could hold
the request on an empty machine. Up to MAX_HINT_NUMA_NODES NUMA nodes they
take the kubelet's walk; above it, ``_search_best_hint`` finds the same
hint without listing the masks: masks with a used NUMA node are only ever
that node's group, the rest hold the request exactly when their sums reach
it, and the smallest such mask is found depth-first from its highest NUMA
node, pruned by the largest sums still reachable. Its work is bounded
(SEARCH_BUDGET steps, then a NodeError saying so).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from heapq import heappush, heapreplace
from itertools import combinations
from typing import Final

from pod_resources_cli.errors import NodeError
from pod_resources_cli.kube.memorymanager.requests import Requested
from pod_resources_cli.kube.memorymanager.state import NUMANodeMap
from pod_resources_cli.kube.names import MEMORY
from pod_resources_cli.kube.topologymanager.hints import TopologyHint, is_narrower_than, nodes_of
from pod_resources_cli.model.decode.node.consistency import MAX_HINT_NUMA_NODES

Reusable = Mapping[int, Mapping[str, int]]  # NUMA mask -> resource -> bytes the pod's init containers left
MemoryHints = dict[str, list[TopologyHint]]

SEARCH_BUDGET: Final = 2_000_000  # steps of _search_best_hint, a few seconds at most


def _table_value(machine: NUMANodeMap, node: int, resource: str, attr: str) -> int:
    # A node without this memory type offers none of it (the kubelet would
    # dereference a missing table; a pod asking for it fails admission earlier).
    table = machine[node].memory_map.get(resource)
    return 0 if table is None else int(getattr(table, attr))


@cache
def _iteration_order(count: int) -> tuple[tuple[int, int], ...]:
    """(index mask, size) of every non-empty subset, in IterateBitMasks order:
    by size, then lexicographically (itertools.combinations)."""
    if count > MAX_HINT_NUMA_NODES:
        raise NodeError(
            f"memory hints over {count} NUMA nodes would enumerate 2^{count} NUMA masks; "
            f"pod-resources enumerates at most {MAX_HINT_NUMA_NODES} NUMA nodes"
        )
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
    if len(machine) > MAX_HINT_NUMA_NODES:
        return _search_default_hint(machine, requested, reusable)
    hints = calculate_hints(machine, requested, reusable)
    if not hints:
        return None
    return find_best_hint(hints.get(MEMORY, []))


def extend_hint(
    machine: NUMANodeMap, requested: Requested, reusable: Reusable, mask: int | None
) -> TopologyHint | None:
    """extendTopologyManagerHint: the best memory hint that contains ``mask``."""
    if len(machine) > MAX_HINT_NUMA_NODES:
        return _search_extend_hint(machine, requested, reusable, mask)
    hints = calculate_hints(machine, requested, reusable)
    inside = [h for h in hints.get(MEMORY, []) if h.affinity is not None and is_hint_in_group(mask or 0, h.affinity)]
    return find_best_hint(inside) if inside else None


# -- the best hint without the walk ---------------------------------------------


def _search_default_hint(machine: NUMANodeMap, requested: Requested, reusable: Reusable) -> TopologyHint | None:
    """default_hint without listing the masks (any number of NUMA nodes)."""
    if not requested:
        return None
    found = _search_best_hint(machine, requested, reusable, 0)
    if found is None:
        return None  # calculateHints found nothing
    if MEMORY not in requested:
        return TopologyHint(None, False)  # findBestHint of the (absent) memory list
    return found


def _search_extend_hint(
    machine: NUMANodeMap, requested: Requested, reusable: Reusable, mask: int | None
) -> TopologyHint | None:
    """extend_hint without listing the masks (any number of NUMA nodes)."""
    if MEMORY not in requested:
        return None
    return _search_best_hint(machine, requested, reusable, mask or 0)


class _Budget:
    def __init__(self, nodes: int) -> None:
        self.left = SEARCH_BUDGET
        self.nodes = nodes

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise NodeError(
                f"the memory manager's default NUMA hint on {self.nodes} NUMA nodes takes more than "
                f"{SEARCH_BUDGET} search steps (pod-resources' limit; the kubelet walks 2^{self.nodes} masks)"
            )


def _search_best_hint(machine: NUMANodeMap, requested: Requested, reusable: Reusable, within: int) -> TopologyHint | None:
    """find_best_hint over the masks of calculate_hints that contain ``within``
    (a NUMA mask), without listing them; None when there is none.

    The best hint is the narrowest such mask (fewest nodes, then the smallest
    value): the preferred ones are exactly the narrowest that could hold the
    request at all. calculate_hints keeps a mask when (1) its allocatable
    memory holds the request, (2) a single node is in no group, and several
    nodes hold no used node unless they are exactly its group, (3) its free
    memory (plus what the pod's init containers left on exactly that mask)
    holds the request. So the candidates are: single nodes, the groups of
    used nodes, the masks with reusable memory (all checked one by one), and
    sets of unused nodes, for which (1) and (3) are sums that only grow with
    the set: the smallest is found by ``_smallest_subset``.
    """
    nodes = sorted(machine)
    index = {n: i for i, n in enumerate(nodes)}
    if any(n not in index for n in nodes_of(within)):
        return None
    names = list(requested)
    needs = [requested[r] for r in names]
    alloc = [[_table_value(machine, n, r, "allocatable") for n in nodes] for r in names]
    free = [[_table_value(machine, n, r, "free") for n in nodes] for r in names]
    budget = _Budget(len(nodes))
    min_size = _narrowest_size(alloc, needs, budget)
    if min_size is None:
        return None  # nothing holds the request even on an empty machine: no hints at all
    used = 0
    grouped = 0
    group_of: dict[int, int] = {}
    for i, n in enumerate(nodes):
        state = machine[n]
        if len(state.cells) > 1:
            grouped |= 1 << i
        if state.number_of_assignments > 0:
            used |= 1 << i
            group_of[i] = sum(1 << index[c] for c in state.cells if c in index)
    extras: dict[int, Mapping[str, int]] = {}
    for node_mask, extra in (reusable or {}).items():
        bits = nodes_of(node_mask)
        if extra and all(b in index for b in bits):
            extras[sum(1 << index[b] for b in bits)] = extra
    inside = sum(1 << index[n] for n in nodes_of(within))

    def sums(values: list[int], m: int) -> int:
        return sum(values[i] for i in _bits(m))

    def kept(m: int) -> bool:
        """calculate_hints' test of the index mask ``m``."""
        if any(sums(a, m) < need for a, need in zip(alloc, needs)):
            return False
        if m.bit_count() == 1:
            if m & grouped:
                return False
        elif m & used and any(group_of[i] != m for i in _bits(m & used)):
            return False
        extra = extras.get(m)
        return all(sums(f, m) + (extra.get(r, 0) if extra else 0) >= need for f, r, need in zip(free, names, needs))

    candidates = [1 << i for i in range(len(nodes)) if not inside & ~(1 << i)]
    candidates += [g for g in set(group_of.values()) if g.bit_count() > 1]
    candidates += list(extras)
    best: int | None = None
    for m in candidates:
        budget.spend()
        if m & inside == inside and kept(m) and (best is None or is_narrower_than(m, best)):
            best = m
    if not inside & used:  # sets of unused nodes, at least two of them
        pool = [i for i in range(len(nodes)) if not (used | inside) >> i & 1]
        largest = len(pool) + inside.bit_count() if best is None else best.bit_count()
        dims = [*alloc, *free]
        first = _first_reachable_count(pool, inside, dims, needs + needs)
        smallest = max(2, inside.bit_count(), inside.bit_count() + (first if first is not None else len(pool) + 1))
        for size in range(smallest, largest + 1):
            m_found = _smallest_subset(pool, size - inside.bit_count(), inside, dims, needs + needs, budget)
            if m_found is not None:
                if best is None or is_narrower_than(m_found, best):
                    best = m_found
                break
    if best is None:
        return None
    mask = sum(1 << nodes[i] for i in _bits(best))
    return TopologyHint(mask, best.bit_count() == min_size)


def _bits(mask: int) -> list[int]:
    return nodes_of(mask)


def _narrowest_size(alloc: list[list[int]], needs: list[int], budget: _Budget) -> int | None:
    """The fewest NUMA nodes whose allocatable memory holds the request (_fitting's
    smallest size), or None when no set of nodes does."""
    pool = list(range(len(alloc[0]) if alloc else 0))
    first = _first_reachable_count(pool, 0, alloc, needs)
    if first is None:
        return None
    for size in range(max(first, 1), len(pool) + 1):
        if _smallest_subset(pool, size, 0, alloc, needs, budget) is not None:
            return size
    return None


def _first_reachable_count(pool: Sequence[int], base: int, dims: Sequence[Sequence[int]], needs: Sequence[int]) -> int | None:
    """The fewest elements of ``pool`` whose largest values, added to ``base``'s,
    reach every need (a lower bound on any subset that does); None if all of them do not."""
    first = 0
    for values, need in zip(dims, needs):
        total = sum(values[i] for i in _bits(base))
        ordered = sorted((values[i] for i in pool), reverse=True)
        k = 0
        while total < need and k < len(ordered):
            total += ordered[k]
            k += 1
        if total < need:
            return None
        first = max(first, k)
    return first


def _smallest_subset(
    pool: Sequence[int], count: int, base: int, dims: Sequence[Sequence[int]], needs: Sequence[int], budget: _Budget
) -> int | None:
    """The smallest index mask ``base`` | T, T a ``count``-subset of ``pool``
    (ascending indices, none in ``base``), whose sums reach ``needs`` in every
    dimension; None if there is none.

    A smaller mask has a lower highest bit, so T's highest element is chosen
    first, lowest first, then the next one below it, and so on, depth-first;
    a branch is cut when even the ``count`` - 1 largest values left below it
    cannot reach a need. Iterative (a request may span hundreds of nodes).
    """
    dims_n = len(needs)
    start = [sum(values[i] for i in _bits(base)) for values in dims]
    if count == 0:
        return base if all(s >= need for s, need in zip(start, needs)) else None
    if count > len(pool):
        return None
    if any(s + sum(sorted((values[i] for i in pool), reverse=True)[:count]) < need for s, values, need in zip(start, dims, needs)):
        return None  # not even the largest values reach it

    class Frame:
        __slots__ = ("hi", "keep", "mask", "sums", "t", "heaps", "top")

        def __init__(self, hi: int, keep: int, mask: int, sums: list[int]) -> None:
            self.hi = hi  # choose among pool[:hi]
            self.keep = keep  # how many more below the one chosen here
            self.mask = mask
            self.sums = sums
            self.t = 0
            self.heaps: list[list[int]] = [[] for _ in range(dims_n)]
            self.top = [0] * dims_n  # the ``keep`` largest values of pool[:t], summed

    def advance(frame: Frame) -> None:
        """pool[t] joins the values below the next candidate."""
        if frame.keep:
            i = pool[frame.t]
            for d in range(dims_n):
                value = dims[d][i]
                heap = frame.heaps[d]
                if len(heap) < frame.keep:
                    heappush(heap, value)
                    frame.top[d] += value
                elif value > heap[0]:
                    frame.top[d] += value - heapreplace(heap, value)
        frame.t += 1

    stack = [Frame(len(pool), count - 1, base, start)]
    while stack:
        frame = stack[-1]
        budget.spend()
        if frame.t >= frame.hi:
            stack.pop()
            if stack:
                advance(stack[-1])  # the parent's candidate had no completion
            continue
        if frame.t < frame.keep:
            advance(frame)
            continue
        i = pool[frame.t]
        reached = [frame.sums[d] + dims[d][i] for d in range(dims_n)]
        if any(reached[d] + frame.top[d] < needs[d] for d in range(dims_n)):
            advance(frame)
            continue
        if frame.keep == 0:
            return frame.mask | 1 << i
        stack.append(Frame(frame.t, frame.keep - 1, frame.mask | 1 << i, reached))
    return None
