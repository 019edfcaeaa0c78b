"""distribute-cpus-across-numa: spreading a container's CPUs evenly over NUMA nodes.

Mirrors takeByTopologyNUMADistributed in
pkg/kubelet/cm/cpumanager/cpu_assignment.go (kubernetes v1.32; KEP-2902):
try 1, 2, 3... NUMA nodes (from the smallest count that can fit); for each
combination of that size that can hand out CPUs in groups of
``group_size``, give every node the same share and spread the remainder,
choosing the combination and the remainder subset whose leftover free CPUs
per NUMA node have the lowest standard deviation (the "balance score",
rounded to three decimals as upstream). Falls back to the packed algorithm.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from itertools import combinations

from pod_resources_cli.kube.cpumanager.cpu_assignment import (
    Accumulator,
    AllocationError,
    SortingStrategy,
    not_enough,
    take_by_topology_numa_packed,
)
from pod_resources_cli.kube.topology import CPUTopology


def _go_round(x: float) -> float:
    """math.Round: halves away from zero (Python's round() goes to even)."""
    t = float(math.trunc(x))
    if abs(x - t) >= 0.5:
        t += math.copysign(1, x)
    return t


def balance_score(free_per_numa: dict[int, int]) -> float:
    """standardDeviation of the free CPUs per NUMA node, mean and result rounded to 1/1000."""
    values = [free_per_numa[n] for n in sorted(free_per_numa)]
    mean = _go_round(sum(values) / len(values) * 1000) / 1000
    var = sum((x - mean) * (x - mean) for x in values) / len(values)
    return _go_round(math.sqrt(var) * 1000) / 1000


def _combos(ids: Sequence[int], k: int) -> Iterator[tuple[int, ...]]:
    """iterateCombinations: lexicographic by position, as itertools does."""
    if k < 1:
        return iter(())
    return combinations(ids, k)


def _spread_remainder(free: dict[int, int], subset: Sequence[int], remainder: int, group: int) -> bool:
    """Hand out ``remainder`` CPUs over ``subset`` in groups, round robin;
    False if a full pass takes nothing (upstream would loop forever)."""
    while remainder > 0:
        taken = False
        for numa in subset:
            if remainder == 0:
                break
            if free[numa] < group:
                continue
            free[numa] -= group
            remainder -= group
            taken = True
        if not taken:
            return False
    return True


def _score_combo(
    acc: Accumulator, numas: list[int], combo: tuple[int, ...], num_cpus: int, group: int
) -> tuple[float, tuple[int, ...] | None] | None:
    """The best balance for this combination and the remainder subset that
    gives it; None when the combination cannot hold the request."""
    d = acc.details
    per_numa = {n: d.cpus_in_numa_nodes(n).bit_count() for n in numas}
    if sum(per_numa[n] for n in combo) < num_cpus:
        return None
    if sum(per_numa[n] // group for n in combo) * group < num_cpus:
        return None
    share = (num_cpus // len(combo) // group) * group
    if any(per_numa[n] < share for n in combo):
        return None
    after = dict(per_numa)
    for n in combo:
        after[n] -= share
    remainder = num_cpus - share * len(combo)
    if remainder == 0:
        return balance_score(after), None
    candidates = [n for n in combo if after[n] >= group]
    best: tuple[float, tuple[int, ...] | None] = (math.inf, None)
    for k in range(len(candidates), 0, -1):
        for subset in _combos(candidates, k):
            if sum(after[n] for n in subset) < remainder:
                continue
            trial = dict(after)
            if not _spread_remainder(trial, subset, remainder, group):
                continue
            score = balance_score(trial)
            if score < best[0]:
                best = (score, subset)
    return best


def _take_quietly(topo: CPUTopology, pool: int, count: int, strategy: SortingStrategy) -> int:
    """Upstream ignores the packed algorithm's error here (an empty result)."""
    try:
        return take_by_topology_numa_packed(topo, pool, count, strategy)
    except AllocationError:
        return 0


def take_by_topology_numa_distributed(
    topo: CPUTopology, available: int, num_cpus: int, group_size: int, strategy: SortingStrategy
) -> int:
    """Returns the CPU mask; raises AllocationError."""
    if num_cpus % group_size != 0:
        return take_by_topology_numa_packed(topo, available, num_cpus, strategy)
    acc = Accumulator(topo, available, num_cpus, strategy)
    if acc.is_satisfied():
        return acc.result
    if acc.is_failed():
        raise not_enough(num_cpus, available)
    numas = acc.sort_numa_nodes()
    low, high = acc.range_numa_nodes_needed(group_size)
    for k in range(low, high + 1):
        best_balance = math.inf
        best_combo: tuple[int, ...] | None = None
        best_remainder: tuple[int, ...] | None = None
        for combo in _combos(numas, k):
            if best_balance == 0:
                break
            scored = _score_combo(acc, numas, combo, num_cpus, group_size)
            if scored is not None and scored[0] < best_balance:
                best_balance, best_remainder = scored
                best_combo = combo
        if best_combo is None:
            continue
        share = (num_cpus // len(best_combo) // group_size) * group_size
        for numa in best_combo:
            acc.take(_take_quietly(topo, acc.details.cpus_in_numa_nodes(numa), share, strategy))
        remainder = num_cpus - share * len(best_combo)
        while remainder > 0:
            progressed = False
            for numa in best_remainder or ():
                if remainder == 0:
                    break
                pool = acc.details.cpus_in_numa_nodes(numa)
                if pool.bit_count() < group_size:
                    continue
                acc.take(_take_quietly(topo, pool, group_size, strategy))
                remainder -= group_size
                progressed = True
            if not progressed:
                break
        if acc.needed > 0:
            raise AllocationError(f"accounting error, not enough CPUs allocated, remaining: {acc.needed}")
        if acc.needed < 0:
            raise AllocationError(f"accounting error, too many CPUs allocated, remaining: {acc.needed}")
        return acc.result
    return take_by_topology_numa_packed(topo, available, num_cpus, strategy)
