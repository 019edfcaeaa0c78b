"""KEP-5526 under topology scope container with the Static Memory manager, as the code does it.

Seed 001 says a pod that is Guaranteed through spec.resources gives exclusive
memory to its individually Guaranteed containers while the others run in the
node's shared pool. The upstream code (pkg/kubelet/cm/memorymanager/
policy_static.go with PodLevelResourceManagers: Allocate,
getContainerRequestedResources, getDefaultHint, isAffinityViolatingNUMAAllocations)
still calls Allocate for every container of such a pod, since the pod's QoS is
Guaranteed: a container that is not Guaranteed on its own asks for nothing, so
its hint is "any", and Allocate then either finds no default hint for an empty
request (topology policy none or single-numa-node: "failed to get the default
NUMA affinity") or, under best-effort and restricted, gets the all-NUMA mask,
which the single-NUMA block of the exclusive container makes a violation. On a
machine with one NUMA node the mask is that node and the pod is admitted. The
tests pin those outcomes (docs/semantics.md item 18).
"""

from __future__ import annotations

from typing import Any

import pytest

from pod_resources_cli.features import LATEST, FeatureGates
from pod_resources_cli.kube.topologymanager.hints import TopologyHint
from tests.test_kep5526 import DOC_MACHINE, ON, TWO_NUMA, admit, ctr, pod
from tests.test_memory_manager import MI, container, manager
from tests.test_memory_manager import pod as mm_pod

STATIC_MEMORY: dict[str, Any] = {
    "memoryManagerPolicy": "Static",
    "systemReserved": {"memory": "1Gi"},
    "reservedMemory": [{"numaNode": 0, "limits": {"memory": "1124Mi"}}],
}
EXAMPLE_1 = pod("container-scope-mixed", "4", [ctr("container-1", "2"), ctr("container-2"), ctr("container-3")])
DEFAULT_AFFINITY = (
    "Allocate failed due to [memorymanager] failed to get the default NUMA affinity, "
    "no NUMA nodes with enough memory is available, which is unexpected"
)
VIOLATION = "Allocate failed due to [memorymanager] preferred hint violates NUMA node allocation, which is unexpected"


@pytest.mark.parametrize(
    ("policy", "message"),
    [
        ("none", DEFAULT_AFFINITY),  # no hint at all: Allocate looks for a default one for an empty request
        ("single-numa-node", DEFAULT_AFFINITY),  # the merged "any" hint is reported as no affinity
        ("best-effort", VIOLATION),  # the all-NUMA mask crosses container-1's single-NUMA block
        ("restricted", VIOLATION),
    ],
)
def test_two_numa_nodes_refuse_the_seed_example(policy: str, message: str) -> None:
    p = admit(EXAMPLE_1, scope="container", policy=policy, machine=TWO_NUMA, **STATIC_MEMORY)
    assert (p.admitted, p.reason, p.message) == (False, "UnexpectedAdmissionError", message)


def test_one_numa_node_admits_it_with_only_container_1_pinned() -> None:
    p = admit(EXAMPLE_1, scope="container", policy="best-effort", machine=DOC_MACHINE, **STATIC_MEMORY)
    assert p.admitted
    pinned = {name: (c.memory_numa_nodes, str(c.cpuset_mems)) for name, c in p.containers.items()}
    assert pinned == {"container-1": ([0], "0"), "container-2": (None, "0"), "container-3": (None, "0")}
    assert {name: c.isolation for name, c in p.containers.items()} == {
        "container-1": "container",
        "container-2": "host",
        "container-3": "host",
    }


def test_without_the_memory_manager_the_seed_example_holds_on_two_numa_nodes() -> None:
    for policy in ("none", "best-effort", "restricted", "single-numa-node"):
        p = admit(EXAMPLE_1, scope="container", policy=policy, machine=TWO_NUMA)
        assert p.admitted, policy
        assert {name: c.isolation for name, c in p.containers.items()} == {
            "container-1": "container",
            "container-2": "host",
            "container-3": "host",
        }


def test_an_all_guaranteed_pod_is_pinned_container_by_container() -> None:
    """Every container Guaranteed on its own: each asks, each is pinned; no pod pool (seed 001 table row 2)."""
    spec = pod("all", "4", [ctr("c1", "2"), ctr("c2", "1"), ctr("c3", "1")])
    p = admit(spec, scope="container", policy="best-effort", machine=TWO_NUMA, **STATIC_MEMORY)
    assert p.admitted
    # CPU 0 reserved: c1 and c2 fill NUMA node 0 (CPUs 1-3), c3 goes to node 1, its memory with it.
    assert {name: (str(c.cpuset), c.memory_numa_nodes) for name, c in p.containers.items()} == {
        "c1": ("1-2", [0]),
        "c2": ("3", [0]),
        "c3": ("4", [1]),
    }


# -- TestMemoryManagerRestoreState (memory_manager_test.go with PodLevelResourceManagers): the
#    allocation half of its table. Which pods get a pod-level entry (PodMemoryAssignments),
#    and which containers get blocks.
PLR_ONLY = FeatureGates(LATEST, {"PodLevelResourceManagers": False}, "the test")
PLRM = FeatureGates(LATEST, {"PodLevelResourceManagers": True}, "the test")
MEM = {"cpu": "1", "memory": "100Mi"}


@pytest.mark.parametrize(
    ("description", "gates", "pod_level", "containers", "expect_pod_blocks", "expect_container_blocks"),
    [
        ("PodLevelResources and PodLevelResourceManagers enabled", PLRM, True, ["container1"], True, True),
        ("PodLevelResources enabled, PodLevelResourceManagers disabled", PLR_ONLY, True, ["container1"], False, False),
        ("Container-level pod, features enabled", PLRM, False, ["container1", "container2"], False, True),
        ("Container-level pod, features disabled", PLR_ONLY, False, ["container1", "container2"], False, True),
    ],
)
def test_restore_state_table(
    description: str,
    gates: FeatureGates,
    pod_level: bool,
    containers: list[str],
    expect_pod_blocks: bool,
    expect_container_blocks: bool,
) -> None:
    m = manager(numa=2, gates=gates)
    spec: dict[str, Any] = {}
    if pod_level:
        spec["resources"] = {"requests": {"cpu": "2", "memory": "128Mi"}, "limits": {"cpu": "2", "memory": "128Mi"}}
    body = [{"name": name, "resources": {"requests": dict(MEM), "limits": dict(MEM)}} for name in containers]
    p = mm_pod("pod1", *body, gates=gates, **spec)
    if gates.enabled("PodLevelResourceManagers") and pod_level:
        hints = m.get_pod_topology_hints(p)
        assert hints is not None
        assert m.allocate_pod(p, hints["memory"][0]) is None
    else:
        for name in containers:
            assert m.allocate(p, container(p, name), TopologyHint(None, False)) is None
    assert (m.state.get_pod_memory_blocks("pod1") is not None) is expect_pod_blocks, description
    for name in containers:
        assert (m.memory_blocks(p, name) is not None) is expect_container_blocks, (description, name)
    if expect_pod_blocks:
        assert m.state.get_pod_memory_blocks("pod1") is not None
        assert [b.size for b in m.state.get_pod_memory_blocks("pod1") or []] == [128 * MI]
        assert [b.size for b in m.memory_blocks(p, "container1") or []] == [100 * MI]
