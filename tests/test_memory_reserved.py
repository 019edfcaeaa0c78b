"""reservedMemory: the kubelet's checks, its error texts, the per-NUMA reservation."""

from __future__ import annotations

from typing import Any

import pytest

from pod_resources_cli.errors import NodeError
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.memorymanager import MemoryManager
from pod_resources_cli.kube.memorymanager.reserved import memory_capacity, node_allocatable_reservation
from pod_resources_cli.model.node import KubeletConfig, MachineTopology, NodeDescription, NUMANode, ReservedMemory
from pod_resources_cli.quantity import Quantity

GI = 1 << 30
MI = 1 << 20


def q(text: str) -> Quantity:
    return Quantity.parse(text)


def node(
    *,
    numa: int = 2,
    mem: int = 32 * GI,
    hugepages: dict[int, int] | None = None,
    reserved: list[tuple[int, dict[str, str]]] | None = None,
    policy: str = "Static",
    **kubelet: Any,
) -> NodeDescription:
    nodes = tuple(NUMANode(i, mem, dict(hugepages or {})) for i in range(numa))
    topology = MachineTopology(cpus=(), numa_nodes=nodes, memory_capacity=mem * numa)
    config = KubeletConfig(
        memory_manager_policy=policy,
        reserved_memory=tuple(ReservedMemory(n, {k: q(v) for k, v in limits.items()}) for n, limits in reserved or []),
        **kubelet,
    )
    return NodeDescription("test", kubelet=config, topology=topology)


GATES = FeatureGates()


def test_reservation_sums_kube_system_and_default_eviction() -> None:
    n = node(kube_reserved={"memory": q("512Mi")}, system_reserved={"memory": q("1Gi")})
    reservation = node_allocatable_reservation(n)
    assert reservation["memory"].value() == 1636 * MI
    assert str(reservation["memory"]) == "1636Mi"


def test_mismatch_is_refused_with_the_kubelets_text() -> None:
    n = node(
        kube_reserved={"memory": q("512Mi")},
        system_reserved={"memory": q("1Gi")},
        reserved=[(0, {"memory": "1Gi"})],
    )
    with pytest.raises(NodeError) as err:
        MemoryManager(n, GATES)
    assert str(err.value) == (
        'the total amount "1Gi" of type "memory" is not equal to the value "1636Mi" determined by Node Allocatable feature'
    )


def test_matching_totals_split_over_nodes_are_accepted() -> None:
    n = node(
        kube_reserved={"memory": q("512Mi")},
        system_reserved={"memory": q("1Gi")},
        reserved=[(0, {"memory": "1000Mi"}), (1, {"memory": "636Mi"})],
    )
    manager = MemoryManager(n, GATES)
    assert manager.state_snapshot() == {
        0: {"memory": 32 * GI - 1000 * MI},
        1: {"memory": 32 * GI - 636 * MI},
    }


def test_missing_reserved_memory_with_default_eviction() -> None:
    with pytest.raises(NodeError, match=r'^the total amount "0" of type "memory" is not equal to the value "100Mi"'):
        MemoryManager(node(), GATES)


def test_no_reservation_at_all_needs_system_reserved_memory() -> None:
    # evictionHard given without memory.available: no memory threshold at all.
    with pytest.raises(NodeError, match=r"^\[memorymanager\] you should specify the system reserved memory$"):
        MemoryManager(node(eviction_hard={"nodefs.available": "10%"}), GATES)


def test_merge_default_eviction_settings_brings_back_memory_available() -> None:
    partial = {"nodefs.available": "10%"}
    assert "memory" not in node_allocatable_reservation(node(eviction_hard=partial))
    merged = node(eviction_hard=partial, merge_default_eviction_settings=True)
    assert node_allocatable_reservation(merged)["memory"].value() == 100 * MI


def test_percentage_threshold_uses_the_kubelets_float32_arithmetic() -> None:
    # float32(5)/100 = 0.0500000007450580596923828125: the threshold of a 64Gi
    # machine is 3435973888 bytes, 51 more than the exact 5% (3435973836.8).
    n = node(eviction_hard={"memory.available": "5%"})  # 2 x 32Gi
    assert node_allocatable_reservation(n)["memory"].value() == 3435973888
    with pytest.raises(NodeError) as err:
        MemoryManager(n, GATES)
    assert str(err.value) == (
        'the total amount "0" of type "memory" is not equal to the value "3435973888" determined by Node Allocatable feature'
    )


def test_hugepages_reserved_by_the_system_must_be_in_reserved_memory() -> None:
    n = node(
        hugepages={2 * MI: 512},
        system_reserved={"memory": q("1Gi"), "hugepages-2Mi": q("64Mi")},
        eviction_hard={},
        reserved=[(0, {"memory": "1Gi"})],
    )
    assert memory_capacity(n)["hugepages-2Mi"].value() == 2 * 512 * 2 * MI
    with pytest.raises(NodeError) as err:
        MemoryManager(n, GATES)
    assert str(err.value) == (
        'the total amount "0" of type "hugepages-2Mi" is not equal to the value "64Mi" determined by Node Allocatable feature'
    )
    ok = node(
        hugepages={2 * MI: 512},
        system_reserved={"memory": q("1Gi"), "hugepages-2Mi": q("64Mi")},
        eviction_hard={},
        reserved=[(0, {"memory": "1Gi", "hugepages-2Mi": "64Mi"})],
    )
    free = MemoryManager(ok, GATES).state_snapshot()
    assert free[0] == {"hugepages-2Mi": 1024 * MI - 64 * MI, "memory": 32 * GI - 1024 * MI - 1 * GI}
    assert free[1] == {"hugepages-2Mi": 1024 * MI, "memory": 32 * GI - 1024 * MI}


def test_reserved_memory_on_a_missing_numa_node() -> None:
    n = node(eviction_hard={}, system_reserved={"memory": q("1Gi")}, reserved=[(4, {"memory": "1Gi"})])
    with pytest.raises(NodeError) as err:
        MemoryManager(n, GATES)
    assert (
        str(err.value)
        == "the reserved memory configuration references a NUMA node 4 that does not exist on this machine"
    )


def test_configuration_errors_are_aggregated() -> None:
    n = node(reserved=[(0, {"memory": "0", "cpu": "1"}), (0, {"memory": "1Gi"})])
    with pytest.raises(NodeError) as err:
        MemoryManager(n, GATES)
    assert str(err.value) == (
        '[invalid configuration: reserved memory may not be zero for NUMA node 0 and resource "memory", '
        'invalid configuration: the limit type "cpu" for NUMA node 0 is not supported, '
        "only [memory hugepages-<HugePageSize>] is accepted, "
        'invalid configuration: the reserved memory has a duplicate value for NUMA node 0 and resource "memory"]'
    )


def test_unknown_and_windows_only_policies() -> None:
    with pytest.raises(NodeError, match=r'^unknown policy: "static"$'):
        MemoryManager(node(policy="static"), GATES)
    with pytest.raises(NodeError, match=r'^policy "BestEffort" is not available for platform "linux"$'):
        MemoryManager(node(policy="BestEffort"), GATES)


def test_none_policy_ignores_reserved_memory_totals() -> None:
    manager = MemoryManager(node(policy="None", reserved=[(0, {"memory": "1Gi"})]), GATES)
    assert manager.policy_name == "None"
    assert manager.state_snapshot() == {}
    assert manager.allocatable_memory() == []
