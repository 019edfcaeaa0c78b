"""CPU assignment algorithms (cpumanager/cpu_assignment.go) on small machines."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.kube.cpumanager.cpu_assignment import (
    AllocationError,
    SortingStrategy,
    take_by_topology_numa_packed,
)
from pod_resources_cli.kube.cpumanager.cpu_distribute import _go_round, balance_score, take_by_topology_numa_distributed
from pod_resources_cli.kube.topology import CPUTopology
from pod_resources_cli.model.node import CPUInfo, MachineTopology, NUMANode


def machine(sockets: int, numa_per_socket: int, cores_per_numa: int, threads: int, cores_per_uncore: int = 0) -> CPUTopology:
    """CPU ids: core k's threads are k, k + cores, k + 2*cores... (as Linux numbers them)."""
    cores = sockets * numa_per_socket * cores_per_numa
    cpus = []
    for core in range(cores):
        numa = core // cores_per_numa
        uncore = core // cores_per_uncore if cores_per_uncore else numa // numa_per_socket
        for t in range(threads):
            cpus.append(CPUInfo(core + t * cores, core, numa // numa_per_socket, numa, uncore))
    numa_nodes = tuple(NUMANode(n, 1 << 30) for n in range(sockets * numa_per_socket))
    return CPUTopology.discover(MachineTopology(tuple(sorted(cpus, key=lambda c: c.cpu_id)), numa_nodes, 1 << 32))


SINGLE_HT = machine(1, 1, 4, 2)  # topoSingleSocketHT: cores 0-3, siblings n and n+4
DUAL_NUMA_HT = machine(2, 2, 10, 2)  # topoDualSocketMultiNumaPerSocketHT: 80 CPUs


def packed(topo: CPUTopology, available: str, n: int, strategy: SortingStrategy = SortingStrategy.PACKED) -> str:
    return str(CPUSet(take_by_topology_numa_packed(topo, CPUSet.parse(available).mask, n, strategy)))


@pytest.mark.parametrize(
    ("available", "n", "want"),
    [
        ("0-7", 0, ""),
        ("0-7", 1, "0"),
        ("0-7", 2, "0,4"),
        ("0-7", 8, "0-7"),
        ("0-3,6", 2, "2,6"),  # the only whole free core
        ("0-3,6", 3, "0,2,6"),  # whole core 2, then cores with one free CPU, lowest id first
    ],
)
def test_packed_single_socket_ht(available: str, n: int, want: str) -> None:
    assert packed(SINGLE_HT, available, n) == want


def test_packed_takes_whole_numa_nodes_then_sockets() -> None:
    assert packed(DUAL_NUMA_HT, "0-79", 20) == "0-9,40-49"  # one NUMA node
    assert packed(DUAL_NUMA_HT, "0-79", 40) == "0-19,40-59"  # one socket (two NUMA nodes)


def test_packed_prefers_the_fuller_numa_node() -> None:
    # NUMA node 1 has fewer free CPUs: its cores are taken first.
    assert packed(DUAL_NUMA_HT, "0-9,12-19,40-49,52-59", 2) == "12,52"


def test_spread_strategy_skips_whole_cores() -> None:
    assert packed(SINGLE_HT, "0-7", 2) == "0,4"
    assert packed(SINGLE_HT, "0-7", 2, SortingStrategy.SPREAD) == "0-1"


def test_not_enough_cpus_message() -> None:
    with pytest.raises(AllocationError, match=r"^not enough cpus available to satisfy request: requested=5, available=4$"):
        packed(SINGLE_HT, "0,2,4,6", 5)


def test_partial_uncore_odd_request_on_smt() -> None:
    """Post-1.32 takePartialUncore: 3 CPUs in one uncore cache = a whole core and a half."""
    topo = machine(1, 1, 8, 2, cores_per_uncore=4)  # uncore 0: cores 0-3, uncore 1: cores 4-7
    got = take_by_topology_numa_packed(topo, topo.all_mask, 3, SortingStrategy.PACKED, prefer_align_by_uncore_cache=True)
    assert str(CPUSet(got)) == "0-1,8"
    # A free uncore cache is taken whole when the request is at least that big.
    got = take_by_topology_numa_packed(topo, CPUSet.parse("1-7,9-15").mask, 8, SortingStrategy.PACKED, True)
    assert str(CPUSet(got)) == "4-7,12-15"


def test_go_round_and_balance_score() -> None:
    assert _go_round(2.5) == 3.0 and _go_round(-2.5) == -3.0 and _go_round(0.4999) == 0.0
    assert balance_score({0: 4, 1: 4}) == 0.0
    assert balance_score({0: 0, 1: 2, 2: 4}) == 1.633  # sqrt(8/3) rounded to 1/1000


def test_distributed_splits_evenly_across_numa_nodes() -> None:
    topo = DUAL_NUMA_HT
    got = CPUSet(take_by_topology_numa_distributed(topo, topo.all_mask, 24, 2, SortingStrategy.PACKED))
    per_numa = [(got.mask & topo.numa_cpus[n]).bit_count() for n in range(4)]
    assert sorted(per_numa) == [0, 0, 12, 12]
    # Not a multiple of the group size: the packed algorithm decides.
    odd = take_by_topology_numa_distributed(topo, topo.all_mask, 3, 2, SortingStrategy.PACKED)
    assert odd == take_by_topology_numa_packed(topo, topo.all_mask, 3)


@settings(max_examples=150, deadline=None)
@given(
    st.sets(st.integers(0, 79), min_size=1),
    st.integers(1, 80),
    st.sampled_from(list(SortingStrategy)),
    st.booleans(),
)
def test_any_allocation_takes_exactly_n_available_cpus(free: set[int], n: int, strategy: SortingStrategy, spread: bool) -> None:
    available = CPUSet.from_iterable(free)
    for take in (
        lambda: take_by_topology_numa_packed(DUAL_NUMA_HT, available.mask, n, strategy, spread),
        lambda: take_by_topology_numa_distributed(DUAL_NUMA_HT, available.mask, n, 1, strategy),
    ):
        if n > len(free):
            with pytest.raises(AllocationError):
                take()
            continue
        got = CPUSet(take())
        assert got.size() == n and got.is_subset_of(available)
