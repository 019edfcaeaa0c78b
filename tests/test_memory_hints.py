"""calculate_hints (subset-sum tables, cached fitting masks) against a plain
transcription of the kubelet's loop, on random machine states."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from pod_resources_cli.kube.memorymanager.numa_hints import calculate_hints, find_best_hint
from pod_resources_cli.kube.memorymanager.state import MemoryTable, NUMANodeMap, NUMANodeState
from pod_resources_cli.kube.topologymanager.hints import TopologyHint, mask_of

GI = 1 << 30


def reference(
    machine: NUMANodeMap, requested: dict[str, int], reusable: dict[int, dict[str, int]]
) -> dict[str, list[TopologyHint]]:
    nodes = sorted(machine)
    min_size = len(nodes)
    hints: dict[str, list[TopologyHint]] = {}
    for size in range(1, len(nodes) + 1):
        for bits in combinations(nodes, size):
            mask = mask_of(bits)
            total_free = {r: 0 for r in requested}
            total_alloc = {r: 0 for r in requested}
            for n in bits:
                for r in requested:
                    table = machine[n].memory_map.get(r)
                    total_free[r] += table.free if table else 0
                    total_alloc[r] += table.allocatable if table else 0
            if any(total_alloc[r] < requested[r] for r in requested):
                continue
            min_size = min(min_size, size)
            if size == 1 and len(machine[bits[0]].cells) > 1:
                continue
            rejected = False
            for n in bits:
                state = machine[n]
                in_other_group = len(state.cells) == 1 or sorted(state.cells) != list(bits)
                if size > 1 and state.number_of_assignments > 0 and in_other_group:
                    rejected = True
            if rejected:
                continue
            if any(total_free[r] + reusable.get(mask, {}).get(r, 0) < requested[r] for r in requested):
                continue
            for r in requested:
                hints.setdefault(r, []).append(TopologyHint(mask, False))
    return {
        r: [TopologyHint(h.affinity, (h.affinity or 0).bit_count() == min_size) for h in hs] for r, hs in hints.items()
    }


@st.composite
def machines(draw: st.DrawFn) -> NUMANodeMap:
    count = draw(st.integers(1, 6))
    machine: NUMANodeMap = {}
    for n in range(count):
        allocatable = draw(st.integers(0, 8)) * GI
        free = draw(st.integers(0, allocatable // GI)) * GI
        hp = draw(st.integers(0, 4)) * GI
        tables = {"memory": MemoryTable(allocatable, 0, allocatable, allocatable - free, free)}
        if hp:
            tables["hugepages-1Gi"] = MemoryTable(hp, 0, hp, 0, draw(st.integers(0, hp // GI)) * GI)
        machine[n] = NUMANodeState(0, tables, (n,))
    # allocate some groups: single nodes or multi-node groups, as the policy does
    free_nodes = list(range(count))
    while free_nodes:
        if not draw(st.booleans()):
            break
        size = draw(st.integers(1, len(free_nodes)))
        group = tuple(free_nodes[:size])
        free_nodes = free_nodes[size:]
        for n in group:
            machine[n].cells = group
            machine[n].number_of_assignments = draw(st.integers(1, 3))
    return machine


@settings(max_examples=300, deadline=None)
@given(
    machines(),
    st.integers(0, 20),
    st.integers(0, 3),
    st.dictionaries(st.integers(1, 63), st.integers(0, 4), max_size=3),
)
def test_calculate_hints_matches_the_kubelets_loop(
    machine: NUMANodeMap, mem_gi: int, hp_gi: int, reuse: dict[int, int]
) -> None:
    requested = {"memory": mem_gi * GI}
    if hp_gi:
        requested["hugepages-1Gi"] = hp_gi * GI
    reusable = {mask: {"memory": gi * GI} for mask, gi in reuse.items()}
    assert calculate_hints(machine, requested, reusable) == reference(machine, requested, reusable)


def test_best_hint_is_preferred_then_fewest_nodes_then_the_smaller_mask() -> None:
    # same count: the smaller value wins (bitmask.IsLessThan), {1,2} over {0,3}
    assert find_best_hint([TopologyHint(0b1001, True), TopologyHint(0b0110, True)]) == TopologyHint(0b0110, True)
    assert find_best_hint([TopologyHint(0b0100, False), TopologyHint(0b0011, True)]) == TopologyHint(0b0011, True)
    assert find_best_hint(
        [TopologyHint(0b11, False), TopologyHint(0b1100, True), TopologyHint(0b0110, True)]
    ) == TopologyHint(0b0110, True)
    assert find_best_hint([]) == TopologyHint(None, False)
