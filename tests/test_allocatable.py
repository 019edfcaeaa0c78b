"""Node allocatable and pod fit, against what real kubelets report.

The first vectors are three real Nodes (OpenShift must-gather data in
../shared/corpus/_node, copied here as numbers): their kubelets ran with
systemReserved cpu 500m, memory 1Gi, ephemeral-storage 1Gi and the default
hard eviction thresholds, and reported these capacity/allocatable pairs.
The ephemeral-storage values only come out right with the kubelet's float32
percentage arithmetic.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from pod_resources_cli.errors import NodeError
from pod_resources_cli.kube.allocatable import compute_allocatable, fits, node_allocatable, node_capacity
from pod_resources_cli.model.node import CPUInfo, KubeletConfig, MachineTopology, NodeDescription, NUMANode
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import replace

Q = Quantity.parse

def _s(values: Mapping[str, Quantity]) -> dict[str, str]:
    return {k: str(v) for k, v in values.items()}


OPENSHIFT = KubeletConfig(system_reserved={"cpu": Q("500m"), "memory": Q("1Gi"), "ephemeral-storage": Q("1Gi")})


@pytest.mark.parametrize(
    ("capacity", "allocatable"),
    [
        (  # master.internal
            {"cpu": "112", "ephemeral-storage": "468032012Ki", "memory": "263542292Ki", "pods": "250"},
            {"cpu": "111500m", "ephemeral-storage": "430264559722", "memory": "262391316Ki", "pods": "250"},
        ),
        (  # worker2.internal
            {"cpu": "32", "ephemeral-storage": "1756161004Ki", "memory": "196648112Ki", "pods": "250"},
            {"cpu": "31500m", "ephemeral-storage": "1617404236783", "memory": "195497136Ki", "pods": "250"},
        ),
        (  # sno
            {"cpu": "12", "ephemeral-storage": "125238252Ki", "memory": "32843596Ki", "pods": "250"},
            {"cpu": "11500m", "ephemeral-storage": "114345831029", "memory": "31692620Ki", "pods": "250"},
        ),
    ],
)
def test_real_kubelets_allocatable(capacity: dict[str, str], allocatable: dict[str, str]) -> None:
    node = NodeDescription("n", kubelet=OPENSHIFT, capacity={k: Q(v) for k, v in capacity.items()})
    got = compute_allocatable(node).allocatable
    assert {k: str(v) for k, v in got.items()} == allocatable


def _machine(cpus: int = 8, memory: int = 16 << 30, hugepages: dict[int, int] | None = None) -> MachineTopology:
    return MachineTopology(
        tuple(CPUInfo(i, i % (cpus // 2), 0, 0) for i in range(cpus)),
        (NUMANode(0, memory, hugepages or {}),),
        memory,
    )


def test_capacity_from_the_machine() -> None:
    node = NodeDescription("n", topology=_machine(hugepages={2 << 20: 512, 1 << 30: 2}), kubelet=KubeletConfig(max_pods=64))
    cap = {k: str(v) for k, v in node_capacity(node).items()}
    assert cap == {"cpu": "8", "memory": "16Gi", "hugepages-2Mi": "1Gi", "hugepages-1Gi": "2Gi", "pods": "64"}


def test_pods_per_core_caps_max_pods() -> None:
    node = NodeDescription("n", topology=_machine(cpus=8), kubelet=KubeletConfig(max_pods=110, pods_per_core=4))
    assert node_capacity(node)["pods"] == Q("32")


def test_hugepages_are_taken_off_allocatable_memory() -> None:
    node = NodeDescription("n", topology=_machine(hugepages={1 << 30: 4}))
    alloc = node_allocatable(node)
    assert alloc["memory"] == Q("16Gi") - Q("4Gi") - Q("100Mi")
    assert alloc["hugepages-1Gi"] == Q("4Gi")


def test_reserved_system_cpus_replace_the_cpu_reservations() -> None:
    kubelet = KubeletConfig(reserved_system_cpus="0,4", kube_reserved={"cpu": Q("1500m")}, system_reserved={"cpu": Q("250m")})
    result = compute_allocatable(NodeDescription("n", topology=_machine(), kubelet=kubelet))
    assert result.system_reserved["cpu"] == Q("2") and "cpu" not in result.kube_reserved
    assert result.allocatable["cpu"] == Q("6")
    without = compute_allocatable(NodeDescription("n", topology=_machine(), kubelet=replace(kubelet, reserved_system_cpus=None)))
    assert without.allocatable["cpu"] == Q("6250m")


def test_default_thresholds_when_eviction_hard_is_unset() -> None:
    node = NodeDescription("n", topology=_machine(), capacity={"ephemeral-storage": Q("100Gi")})
    result = compute_allocatable(node)
    assert _s(result.eviction) == {"memory": "100Mi", "ephemeral-storage": "10737418400"}  # float32(0.1): not 10737418240


def test_a_partial_eviction_hard_drops_the_other_defaults_unless_merged() -> None:
    base = NodeDescription("n", topology=_machine(), capacity={"ephemeral-storage": Q("100Gi")})
    only_memory = replace(base, kubelet=KubeletConfig(eviction_hard={"memory.available": "1Gi"}))
    assert _s(compute_allocatable(only_memory).eviction) == {"memory": "1Gi"}
    merged = replace(only_memory, kubelet=replace(only_memory.kubelet, merge_default_eviction_settings=True))
    assert _s(compute_allocatable(merged).eviction) == {"memory": "1Gi", "ephemeral-storage": "10737418400"}
    percent = replace(base, kubelet=KubeletConfig(eviction_hard={"memory.available": "5%", "nodefs.available": "0%"}))
    # 16Gi x float32(0.05) = 858993472, not 858993459; 0% is ignored
    assert _s(compute_allocatable(percent).eviction) == {"memory": "858993472"}


def test_the_nodes_own_allocatable_wins_per_resource() -> None:
    node = NodeDescription("n", topology=_machine(), allocatable={"memory": Q("10Gi")})
    result = compute_allocatable(node)
    assert result.allocatable["memory"] == Q("10Gi") and result.allocatable["cpu"] == Q("8")
    assert result.reported == frozenset({"memory"})


def test_reservations_larger_than_capacity_are_refused() -> None:
    node = NodeDescription("n", topology=_machine(), kubelet=KubeletConfig(system_reserved={"memory": Q("20Gi")}))
    with pytest.raises(NodeError, match='Resource "memory" has a reservation of 20580Mi but capacity of 16Gi'):
        compute_allocatable(node)


# --- fit -------------------------------------------------------------------------------------

NODE = NodeDescription(
    "n",
    allocatable={
        "cpu": Q("3500m"),
        "memory": Q("4Gi"),
        "ephemeral-storage": Q("10Gi"),
        "hugepages-2Mi": Q("1Gi"),
        "example.com/gpu": Q("2"),
        "pods": Q("3"),
    },
)


def test_cpu_refusal_has_the_kubelets_reason_and_message() -> None:
    result = fits(NODE, [{"cpu": Q("1")}], {"cpu": Q("3")})
    assert not result.fits
    assert result.reason == "OutOfcpu"
    assert result.message == "Node didn't have enough resource: cpu, requested: 3000, used: 1000, capacity: 3500"
    assert result.insufficient[0].reason == "Insufficient cpu"


def test_a_pod_that_fits() -> None:
    result = fits(NODE, [{"cpu": Q("1"), "memory": Q("1Gi")}], {"cpu": Q("2500m"), "memory": Q("3Gi")})
    assert result.fits and result.reason is None and result.message is None


def test_every_shortage_is_listed_in_the_schedulers_order() -> None:
    admitted = [{"memory": Q("3Gi")}, {"hugepages-2Mi": Q("1Gi")}, {}]
    result = fits(NODE, admitted, {"cpu": Q("4"), "memory": Q("2Gi"), "hugepages-2Mi": Q("2Mi"), "ephemeral-storage": Q("11Gi")})
    assert [r.resource for r in result.insufficient] == ["pods", "cpu", "memory", "ephemeral-storage", "hugepages-2Mi"]
    assert result.reason == "OutOfpods"
    assert result.message == "Node didn't have enough resource: pods, requested: 1, used: 3, capacity: 3"
    assert result.insufficient[4].kubelet_message == (
        "Node didn't have enough resource: hugepages-2Mi, requested: 2097152, used: 1073741824, capacity: 1073741824"
    )


def test_a_pod_without_requests_only_counts_against_pods() -> None:
    assert fits(NODE, [{}, {}], {}).fits
    assert fits(NODE, [{}, {}, {}], {}).reason == "OutOfpods"


def test_extended_resources() -> None:
    result = fits(NODE, [{"example.com/gpu": Q("1")}], {"example.com/gpu": Q("2")})
    assert result.reason == "OutOfexample.com/gpu"
    assert result.message == "Node didn't have enough resource: example.com/gpu, requested: 2, used: 1, capacity: 2"
    # The kubelet drops requests of extended resources the node does not have; the scheduler does not.
    assert fits(NODE, [], {"other.io/fpga": Q("1")}).fits
    scheduler = fits(NODE, [], {"other.io/fpga": Q("1")}, kubelet=False)
    assert scheduler.insufficient[0].reason == "Insufficient other.io/fpga"


def test_fit_on_a_described_node_uses_its_computed_allocatable() -> None:
    node = NodeDescription("n", topology=_machine(cpus=4), kubelet=KubeletConfig(system_reserved={"cpu": Q("500m")}))
    assert fits(node, [], {"cpu": Q("3500m")}).fits
    assert fits(node, [], {"cpu": Q("3501m")}).message == "Node didn't have enough resource: cpu, requested: 3501, used: 0, capacity: 3500"
