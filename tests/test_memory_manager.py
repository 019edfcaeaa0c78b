"""The Static Memory manager policy: hints, allocation, groups, reuse, release."""

from __future__ import annotations

from typing import Any

import pytest

from pod_resources_cli.features import LATEST, FeatureGates
from pod_resources_cli.kube.memorymanager import EMPTY_POD_SHARED_POOL, Block, MemoryManager
from pod_resources_cli.kube.pod_create import create_pod
from pod_resources_cli.kube.topologymanager.hints import TopologyHint
from pod_resources_cli.model.pod import Container, Pod
from tests.support import pod_of
from tests.test_memory_reserved import GI, MI, node, q

GATES = FeatureGates()
NO_HINT = TopologyHint(None, False)


def manager(numa: int = 4, mem: int = 16 * GI, gates: FeatureGates = GATES, **kw: Any) -> MemoryManager:
    """Each NUMA node: ``mem`` bytes, of which 1Gi is reserved on node 0."""
    n = node(
        numa=numa,
        mem=mem,
        system_reserved={"memory": q("1Gi")},
        eviction_hard={},
        reserved=[(0, {"memory": "1Gi"})],
        **kw,
    )
    return MemoryManager(n, gates)


def res(memory: str, cpu: str = "1", **extra: str) -> dict[str, Any]:
    values = {"cpu": cpu, "memory": memory, **extra}
    return {"requests": values, "limits": dict(values)}


def pod(
    name: str,
    *containers: dict[str, Any],
    init: list[dict[str, Any]] | None = None,
    gates: FeatureGates = GATES,
    status: dict[str, Any] | None = None,
    **spec: Any,
) -> Pod:
    body: dict[str, Any] = {"containers": list(containers), **spec}
    if init:
        body["initContainers"] = init
    return create_pod(pod_of({"metadata": {"name": name}, "spec": body, "status": status or {}}), gates).pod


def ctr(name: str, resources: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    return {"name": name, "resources": resources or {}, **extra}


def container(p: Pod, name: str) -> Container:
    return next(c for c in p.all_containers() if c.name == name)


def admit(m: MemoryManager, p: Pod, hint: TopologyHint = NO_HINT) -> list[str | None]:
    return [m.allocate(p, c, hint) for c in p.all_containers()]


def test_hints_prefer_the_fewest_nodes_and_list_all_that_fit() -> None:
    m = manager()
    p = pod("p", ctr("a", res("8Gi")))
    hints = m.get_topology_hints(p, container(p, "a"))
    assert hints is not None and list(hints) == ["memory"]
    got = [(h.affinity, h.preferred) for h in hints["memory"]]
    assert got[:4] == [(0b0001, True), (0b0010, True), (0b0100, True), (0b1000, True)]
    assert (0b0011, False) in got and (0b1111, False) in got and len(got) == 15


def test_a_request_larger_than_one_node_prefers_pairs() -> None:
    m = manager()
    p = pod("p", ctr("a", res("20Gi")))
    hints = m.get_topology_hints(p, container(p, "a"))
    assert hints is not None
    memory = hints["memory"]
    assert all(h.affinity is not None and h.affinity.bit_count() >= 2 for h in memory)
    assert [h.preferred for h in memory if h.affinity is not None and h.affinity.bit_count() == 2] == [True] * 6
    assert m.allocate(p, container(p, "a"), NO_HINT) is None
    assert m.numa_nodes(p, "a") == [0, 1]
    # node 0 (15Gi allocatable) is drained first, the rest comes from node 1
    assert m.state_snapshot()[0]["memory"] == 0
    assert m.state_snapshot()[1]["memory"] == 16 * GI - 5 * GI


def test_nodes_used_alone_cannot_join_a_group_and_groups_stay_whole() -> None:
    m = manager()
    alone = pod("alone", ctr("a", res("1Gi")))
    assert admit(m, alone) == [None]
    assert m.numa_nodes(alone, "a") == [0]
    big = pod("big", ctr("a", res("20Gi")))
    hints = m.get_topology_hints(big, container(big, "a"))
    assert hints is not None
    assert all(h.affinity is not None and not h.affinity & 0b0001 for h in hints["memory"])
    assert admit(m, big) == [None]
    assert m.numa_nodes(big, "a") == [1, 2]
    machine = m.machine_state()
    assert machine[1].cells == (1, 2) and machine[2].cells == (1, 2) and machine[0].cells == (0,)
    # a later small pod may not land on a single node of the group, but may use the whole group
    small = pod("small", ctr("a", res("1Gi")))
    hints = m.get_topology_hints(small, container(small, "a"))
    assert hints is not None
    assert [h.affinity for h in hints["memory"] if h.affinity is not None and h.affinity.bit_count() == 1] == [
        0b0001,
        0b1000,
    ]
    assert 0b0110 in [h.affinity for h in hints["memory"]]
    assert 0b0011 not in [h.affinity for h in hints["memory"]]


def test_a_hint_that_breaks_the_group_rule_is_refused() -> None:
    m = manager()
    assert admit(m, pod("alone", ctr("a", res("1Gi")))) == [None]
    p = pod("p", ctr("a", res("1Gi")))
    assert m.allocate(p, container(p, "a"), TopologyHint(0b0011, False)) == (
        "[memorymanager] preferred hint violates NUMA node allocation"
    )
    assert m.numa_nodes(p, "a") is None


def test_a_narrow_hint_is_extended_to_fit() -> None:
    m = manager()
    p = pod("p", ctr("a", res("20Gi")))
    assert m.allocate(p, container(p, "a"), TopologyHint(0b0100, True)) is None
    assert m.numa_nodes(p, "a") == [0, 2]  # the narrowest (lowest) preferred pair containing node 2


def test_nothing_fits() -> None:
    m = manager(numa=2)
    p = pod("p", ctr("a", res("40Gi")))
    assert m.get_topology_hints(p, container(p, "a")) is None  # the kubelet's empty map: no preference
    assert m.allocate(p, container(p, "a"), NO_HINT) == (
        "[memorymanager] failed to get the default NUMA affinity, no NUMA nodes with enough memory is available"
    )
    assert m.allocate(p, container(p, "a"), TopologyHint(0b01, True)) == (
        "[memorymanager] failed to find NUMA nodes to extend the current topology hint"
    )


def test_only_guaranteed_pods_are_pinned() -> None:
    m = manager()
    burstable = pod("b", ctr("a", {"requests": {"memory": "1Gi"}}))
    assert m.get_topology_hints(burstable, container(burstable, "a")) is None
    assert m.get_pod_topology_hints(burstable) is None
    assert admit(m, burstable) == [None]
    assert m.numa_nodes(burstable, "a") is None
    assert m.state_snapshot()[0]["memory"] == 15 * GI


def test_hugepages_are_pinned_with_memory() -> None:
    m = manager(hugepages={2 * MI: 512})
    p = pod("p", ctr("a", res("1Gi", **{"hugepages-2Mi": "512Mi"})))
    hints = m.get_topology_hints(p, container(p, "a"))
    assert hints is not None and sorted(hints) == ["hugepages-2Mi", "memory"]
    assert admit(m, p) == [None]
    assert sorted(m.memory_blocks(p, "a") or [], key=lambda b: b.type) == [
        Block((0,), "hugepages-2Mi", 512 * MI),
        Block((0,), "memory", GI),
    ]
    # memory allocatable excludes the hugepages: 16Gi - 1Gi reserved - 1Gi of 2Mi pages
    assert m.state_snapshot()[0] == {"hugepages-2Mi": 512 * MI, "memory": 14 * GI - GI}


def test_regular_init_container_memory_is_reused() -> None:
    m = manager()
    p = pod("p", ctr("app", res("6Gi")), init=[ctr("init", res("8Gi"))])
    assert admit(m, p) == [None, None]
    assert m.numa_nodes(p, "init") == [0] and m.numa_nodes(p, "app") == [0]
    assert m.state_snapshot()[0]["memory"] == 15 * GI - 8 * GI  # max(8, 6), not 14
    assert m.memory_blocks(p, "init") == [Block((0,), "memory", 2 * GI)]  # shrunk by what app reused
    assert m.memory_blocks(p, "app") == [Block((0,), "memory", 6 * GI)]


def test_sidecar_memory_is_not_a_reuse_source() -> None:
    m = manager()
    p = pod("p", ctr("app", res("6Gi")), init=[ctr("side", res("8Gi"), restartPolicy="Always")])
    assert admit(m, p) == [None, None]
    assert m.state_snapshot()[0]["memory"] == 15 * GI - 14 * GI


def test_pod_hints_use_the_init_and_sidecar_formula() -> None:
    m = manager()
    p = pod(
        "p",
        ctr("app", res("2Gi")),
        init=[ctr("side", res("3Gi"), restartPolicy="Always"), ctr("init", res("12Gi"))],
    )
    # max(regular + sidecars = 5Gi, sidecar before init + init = 15Gi)
    hints = m.get_pod_topology_hints(p)
    assert hints is not None
    assert [h.affinity for h in hints["memory"] if h.preferred] == [0b0001, 0b0010, 0b0100, 0b1000]
    bigger = pod(
        "q", ctr("app", res("2Gi")), init=[ctr("side", res("4Gi"), restartPolicy="Always"), ctr("init", res("12Gi"))]
    )
    hints = m.get_pod_topology_hints(bigger)
    assert hints is not None
    assert [h.affinity for h in hints["memory"] if h.preferred] == [0b0010, 0b0100, 0b1000]  # 16Gi: not node 0


def test_remove_pod_gives_everything_back() -> None:
    m = manager()
    before = m.state_snapshot()
    p = pod("p", ctr("a", res("20Gi")), ctr("b", res("1Gi")))
    assert admit(m, p) == [None, None]
    m.remove_pod(p)
    assert m.state_snapshot() == before
    assert all(s.cells == (i,) and s.number_of_assignments == 0 for i, s in m.machine_state().items())
    assert m.numa_nodes(p, "a") is None


def test_started_containers_release_finished_init_containers() -> None:
    m = manager()
    p = pod(
        "p", ctr("app", res("2Gi")), init=[ctr("init", res("8Gi")), ctr("side", res("1Gi"), restartPolicy="Always")]
    )
    assert admit(m, p) == [None, None, None]
    m.add_container(p, container(p, "app"))
    assert m.memory_blocks(p, "init") is None
    assert m.numa_nodes(p, "side") == [0] and m.numa_nodes(p, "app") == [0]


def test_fractional_bytes_cannot_be_pinned() -> None:
    m = manager()
    p = pod("p", ctr("a", res("1500m")))
    assert m.get_topology_hints(p, container(p, "a")) is None
    assert m.allocate(p, container(p, "a"), NO_HINT) == "[memorymanager] failed to represent quantity as int64"


def test_pod_level_resources_are_not_pinned_without_pod_level_managers() -> None:
    m = manager()
    p = pod("p", ctr("a", res("1Gi")), resources=res("2Gi", cpu="2"))
    assert m.get_pod_topology_hints(p) is None
    assert m.get_topology_hints(p, container(p, "a")) is None
    assert admit(m, p) == [None]
    assert m.numa_nodes(p, "a") is None


KEP5526 = FeatureGates(LATEST, {"PodLevelResourceManagers": True}, "the test")


def test_pod_scope_allocation_partitions_the_pod_budget() -> None:
    m = manager(gates=KEP5526)
    p = pod(
        "p",
        ctr("exclusive", res("1Gi")),
        ctr("shared", {"requests": {"memory": "1Gi"}}),
        init=[ctr("setup")],
        resources=res("4Gi", cpu="4"),
        gates=KEP5526,
    )
    hints = m.get_pod_topology_hints(p)
    assert hints is not None and hints["memory"][0] == TopologyHint(0b0001, True)
    assert m.allocate_pod(p, hints["memory"][0]) is None
    assert m.memory_blocks(p, "exclusive") == [Block((0,), "memory", GI)]
    assert m.memory_blocks(p, "shared") == [Block((0,), "memory", 3 * GI)]
    assert m.memory_blocks(p, "setup") == [Block((0,), "memory", 4 * GI)]  # the whole budget, no sidecars
    assert m.state_snapshot()[0]["memory"] == 15 * GI - 4 * GI
    # the containers' own allocate calls find their blocks and change nothing
    assert admit(m, p, hints["memory"][0]) == [None, None, None]
    assert m.state_snapshot()[0]["memory"] == 11 * GI
    m.remove_container(p, "exclusive")
    m.remove_container(p, "setup")
    assert m.state_snapshot()[0]["memory"] == 11 * GI  # released with the last container only
    m.remove_container(p, "shared")
    assert m.state_snapshot()[0]["memory"] == 15 * GI


def test_pod_scope_refuses_an_empty_shared_pool() -> None:
    m = manager(gates=KEP5526)
    p = pod(
        "p",
        ctr("exclusive", res("2Gi", cpu="2")),
        ctr("shared"),
        resources=res("2Gi", cpu="4"),
        gates=KEP5526,
    )
    assert m.get_pod_topology_hints(p) == {"memory": []}  # no possible placement
    error = m.allocate_pod(p, TopologyHint(0b0001, True))
    assert error is not None and error.reason == EMPTY_POD_SHARED_POOL
    assert error.message == (
        "pod rejected, sum of exclusive container memory requests equals pod budget, leaving no memory for shared containers"
    )


@pytest.mark.parametrize("policy", ["None"])
def test_policy_none_pins_nothing(policy: str) -> None:
    m = MemoryManager(node(policy=policy), GATES)
    p = pod("p", ctr("a", res("1Gi")))
    assert m.get_topology_hints(p, container(p, "a")) is None
    assert admit(m, p) == [None]
    assert m.numa_nodes(p, "a") is None


def test_the_qos_class_recorded_in_status_decides() -> None:
    m = manager()
    p = pod("p", ctr("a", res("1Gi")), status={"qosClass": "Burstable"})
    assert m.get_topology_hints(p, container(p, "a")) is None
    assert admit(m, p) == [None]
    assert m.numa_nodes(p, "a") is None
