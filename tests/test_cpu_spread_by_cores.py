"""distribute-cpus-across-cores picks CPUs by the cores' topology from 1.38
(kubernetes/kubernetes #140766, merged 2026-08, fixing #140688).

The rows come from the pull request's TestCPUAccumulatorFreeCPUsSpreadRoundRobin
table as its review quotes them (2026-08-26): the "multiple sockets" row whole,
and the row above it, of which the review shows the expected order and the
cores of CPUs 1, 5, 9, 11 and 14; the cores of 0, 2 and 7 follow from that
expected order (a round robin over four cores of two CPUs each), and the
machine has those eight CPUs. The contiguous row is the pull request
description's example (core0: 0,1 ... core3: 6,7 gives 0,2,4,6,1,3,5,7).
"""

from __future__ import annotations

from typing import Any

import pytest

from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.features import FeatureGates, KubernetesVersion
from pod_resources_cli.kube.cpumanager import CPUManager
from pod_resources_cli.kube.cpumanager.cpu_assignment import Accumulator, SortingStrategy, take_by_topology_numa_packed
from pod_resources_cli.kube.topology import CPUTopology
from pod_resources_cli.model.node import CPUInfo, MachineTopology, NUMANode
from tests.test_cpu_manager import make_node


def topology(cores: dict[int, tuple[int, int]]) -> CPUTopology:
    """CPU id -> (core, socket); the NUMA node is the socket, one uncore cache per socket."""
    cpus = tuple(CPUInfo(cpu, core, socket, socket, socket) for cpu, (core, socket) in sorted(cores.items()))
    numa = tuple(NUMANode(n, 1 << 30) for n in sorted({s for _, s in cores.values()}))
    return CPUTopology.discover(MachineTopology(cpus, numa, 1 << 32))


CONTIGUOUS = topology({cpu: (cpu // 2, 0) for cpu in range(8)})
ARBITRARY = topology({0: (0, 0), 7: (0, 0), 2: (1, 0), 11: (1, 0), 5: (2, 0), 9: (2, 0), 1: (3, 0), 14: (3, 0)})
TWO_SOCKETS = topology({cpu: (cpu // 2, cpu // 8) for cpu in range(16)})

ROWS = [
    ("contiguous siblings", CONTIGUOUS, "0-7", [0, 2, 4, 6, 1, 3, 5, 7]),
    ("arbitrary numbering", ARBITRARY, "0-2,5,7,9,11,14", [0, 2, 5, 1, 7, 11, 9, 14]),
    ("multiple sockets", TWO_SOCKETS, "0-15", [0, 2, 4, 6, 1, 3, 5, 7, 8, 10, 12, 14, 9, 11, 13, 15]),
]


@pytest.mark.parametrize(("name", "topo", "free", "expected"), ROWS, ids=[r[0] for r in ROWS])
def test_free_cpus_spread_round_robin(name: str, topo: CPUTopology, free: str, expected: list[int]) -> None:
    acc = Accumulator(topo, CPUSet.parse(free).mask, 1, SortingStrategy.SPREAD_BY_CORES)
    assert acc.sort_cpus() == expected


def test_a_core_with_fewer_free_cpus_comes_first_and_is_skipped_when_empty() -> None:
    # sortAvailableCores' order: fewer free CPUs first, then by id; the round robin
    # passes over a core once it has given all its CPUs
    acc = Accumulator(CONTIGUOUS, CPUSet.parse("1-7").mask, 1, SortingStrategy.SPREAD_BY_CORES)
    assert acc.sort_cpus() == [1, 2, 4, 6, 3, 5, 7]


def test_up_to_1_37_the_spread_follows_the_cpu_numbering() -> None:
    assert Accumulator(CONTIGUOUS, CONTIGUOUS.all_mask, 1, SortingStrategy.SPREAD).sort_cpus() == list(range(8))
    spread = take_by_topology_numa_packed(CONTIGUOUS, CONTIGUOUS.all_mask, 4, SortingStrategy.SPREAD)
    by_cores = take_by_topology_numa_packed(CONTIGUOUS, CONTIGUOUS.all_mask, 4, SortingStrategy.SPREAD_BY_CORES)
    assert (str(CPUSet(spread)), str(CPUSet(by_cores))) == ("0-3", "0,2,4,6")  # two cores, then four


def _contiguous_machine() -> dict[str, Any]:
    """One socket, four cores whose siblings have neighbouring ids (0,1 / 2,3 / ...)."""
    cores = [{"core_id": k, "socket_id": 0, "thread_ids": [2 * k, 2 * k + 1], "uncore_caches": [{"id": 0, "level": 3}]} for k in range(4)]
    return {"num_cores": 8, "num_sockets": 1, "memory_capacity": 16 << 30, "topology": [{"node_id": 0, "memory": 16 << 30, "cores": cores, "distances": [10]}]}


@pytest.mark.parametrize(("minor", "expected"), [(37, "1-4"), (38, "1-2,4,6")])
def test_the_static_policy_chooses_by_version(minor: int, expected: str) -> None:
    node = make_node(
        _contiguous_machine(), cpuManagerPolicy="static", reservedSystemCPUs="0",
        cpuManagerPolicyOptions={"distribute-cpus-across-cores": "true"},
    )  # fmt: skip
    gates = FeatureGates(KubernetesVersion(1, minor), {"CPUManagerPolicyAlphaOptions": True})
    manager = CPUManager(node, gates, "none")
    assert manager.static is not None
    # 1-7 free: 1.37 takes the ids in order (three cores); 1.38 core 0's one free CPU, then one of each other core
    assert str(manager.static.take_by_topology(CPUSet.parse("1-7"), 4)) == expected
