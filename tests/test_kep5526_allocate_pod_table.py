"""TestStaticPolicyAllocatePod and TestValidatePodScopeResources
(pkg/kubelet/cm/cpumanager/policy_static_test.go, the v1.36 version with
PodLevelResourceManagers), ported as vectors.

Machine: the test's topoDualSocketHT, 12 CPUs on 2 sockets (one NUMA node each), core c on
socket c % 2 with threads c and c + 6: NUMA node 0 = CPUs 0,2,4,6,8,10. CPU 0 is reserved
and the topology hint is NUMA node 0, preferred. Containers carry 100Mi of memory (request
= limit) and the pod 300Mi, as the test's makePodWithContainersAndPodLevelResources builds
them; ``gu`` containers add cpu request = limit. The table's last case (a pod whose cpu
request exceeds its limit) is one the API server refuses, so it is left out.
"""

from __future__ import annotations

from typing import Any

import pytest

from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.kube.cpumanager import CPUManager
from pod_resources_cli.kube.cpumanager.policy_static_pod import pod_scope_problem
from pod_resources_cli.kube.pod_create import create_pod
from pod_resources_cli.kube.topologymanager.hints import TopologyHint
from tests.support import pod_of
from tests.test_cpu_manager import cadvisor, make_node
from tests.test_kep5526 import ON

TOPO_DUAL_SOCKET_HT: dict[str, Any] = {
    "num_cores": 12,
    "num_sockets": 2,
    "memory_capacity": 2 * (16 << 30),
    "topology": [
        {
            "node_id": numa,
            "memory": 16 << 30,
            "cores": [
                {"core_id": c, "socket_id": numa, "thread_ids": [c, c + 6], "uncore_caches": [{"id": numa, "level": 3}]}
                for c in range(numa, 6, 2)
            ],
            "distances": [10 if m == numa else 21 for m in range(2)],
        }
        for numa in range(2)
    ],
}
ALL = CPUSet.parse("0-11")


def spec(name: str, cpu: str | None = None, **extra: Any) -> dict[str, Any]:
    resources: dict[str, Any] = {"requests": {"memory": "100Mi"}, "limits": {"memory": "100Mi"}}
    if cpu is not None:
        resources["requests"]["cpu"] = resources["limits"]["cpu"] = cpu
    return {"name": name, "image": "image", "resources": resources, **extra}


def sidecar(name: str, cpu: str | None = None) -> dict[str, Any]:
    return spec(name, cpu, restartPolicy="Always")


def the_pod(name: str, cpu: str, init: list[dict[str, Any]], app: list[dict[str, Any]]) -> dict[str, Any]:
    body: dict[str, Any] = {
        "containers": app,
        "restartPolicy": "Never",
        "resources": {"requests": {"cpu": cpu, "memory": "300Mi"}, "limits": {"cpu": cpu, "memory": "300Mi"}},
    }
    if init:
        body["initContainers"] = init
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name}, "spec": body}


CASES = [
    (
        "should successfully allocate CPUs for a guaranteed pod with pod-level resources",
        the_pod("pod1", "2", [], [spec("container1", "1")]),
        {"container1": "2"},
        "0-1,3-7,9-11",
    ),
    (
        "pod-level resources and non-guaranteed container",
        the_pod("gu-pod-level-resources", "1", [], [spec("ngu-container")]),
        {"ngu-container": "6"},
        "0-5,7-11",
    ),
    (
        "mix of guaranteed and non-guaranteed containers",
        the_pod("gu-pod-level-mix-ctn", "3", [], [spec("gu-container-1", "1"), spec("gu-container-2", "1"), spec("ngu-container")]),
        {"gu-container-1": "6", "gu-container-2": "2", "ngu-container": "8"},
        "0-1,3-5,7,9-11",
    ),
    (
        "mix of guaranteed standard and init containers",
        the_pod(
            "gu-pod-level-gu-init-ctn",
            "2",
            [spec("gu-init-container-1", "1"), spec("gu-init-container-2", "1")],
            [spec("gu-container-1", "1"), spec("gu-container-2", "1")],
        ),
        {"gu-init-container-1": "2", "gu-init-container-2": "2", "gu-container-1": "2", "gu-container-2": "8"},
        "0-1,3-7,9-11",
    ),
    (
        "guaranteed standard, guaranteed restartable and non-guaranteed standard init containers",
        the_pod(
            "gu-pod-level-gu-init-ctn",
            "3",
            [spec("ngu-init-container-1"), sidecar("gu-init-restartable-2", "1"), spec("ngu-init-container-3")],
            [spec("gu-container-1", "1"), spec("ngu-container-2")],
        ),
        {
            "ngu-init-container-1": "2,6,8",
            "gu-init-restartable-2": "6",
            "ngu-init-container-3": "2,8",
            "gu-container-1": "2",
            "ngu-container-2": "8",
        },
        "0-1,3-5,7,9-11",
    ),
    (
        "guaranteed standard and non-guaranteed restartable init containers",
        the_pod(
            "gu-pod-level-gu-init-ctn",
            "3",
            [spec("ngu-init-container-1"), sidecar("ngu-init-restartable-2"), spec("ngu-init-container-3")],
            [spec("gu-container-1", "1"), spec("ngu-container-2")],
        ),
        {
            "ngu-init-container-1": "2,6,8",
            "ngu-init-restartable-2": "2,8",
            "ngu-init-container-3": "2,6,8",
            "gu-container-1": "6",
            "ngu-container-2": "2,8",
        },
        "0-1,3-5,7,9-11",
    ),
]


def manager() -> CPUManager:
    node = make_node(
        TOPO_DUAL_SOCKET_HT,
        cpuManagerPolicy="static",
        reservedSystemCPUs="0",
        topologyManagerPolicy="best-effort",
        topologyManagerScope="pod",
    )
    return CPUManager(node, ON, "best-effort")


@pytest.mark.parametrize(("description", "body", "assignments", "default"), CASES, ids=[c[0] for c in CASES])
def test_allocate_pod(description: str, body: dict[str, Any], assignments: dict[str, str], default: str) -> None:
    m = manager()
    assert m.shared_pool == ALL
    p = create_pod(pod_of(body), ON).pod
    assert m.allocate_pod_checked(p, TopologyHint(0b01, True)) is None, description
    got = {c.name: str(m.assigned_cpus(p, c.name)) for c in p.all_containers()}
    assert got == assignments
    assert str(m.shared_pool) == default


def test_allocate_pod_refuses_an_empty_pod_shared_pool() -> None:
    m = manager()
    body = the_pod(
        "gu-pod-level-empty-pod-shared-pool", "2", [], [spec("gu-container-1", "1"), spec("gu-container-2", "1"), spec("ngu-container")]
    )
    p = create_pod(pod_of(body), ON).pod
    error = m.allocate_pod_checked(p, TopologyHint(0b01, True))
    assert error is not None
    assert (error.reason, error.message) == (
        "EmptyPodSharedPoolError",
        "pod rejected, sum of exclusive container cpu requests equals pod budget, leaving no cpus for shared containers",
    )
    assert m.shared_pool == ALL and all(m.assigned_cpus(p, c.name) is None for c in p.all_containers())


# -- TestValidatePodScopeResources (same file): the empty-shared-pool check, topoSingleSocketHT.
def opts(name: str, cpu: str | None = None, limit: str | None = None, **extra: Any) -> dict[str, Any]:
    c = spec(name, cpu, **extra)
    if limit is not None:
        c["resources"]["limits"]["cpu"] = limit
    return c


VALIDATE_CASES = [
    ("Valid: Pod-level != Guaranteed containers, has podSharedPool containers", "4", [], [opts("c1", "2"), opts("c2")], False),
    ("Valid: Only Guaranteed containers", "4", [], [opts("c1", "2"), opts("c2", "2")], False),
    ("Valid: Only podSharedPool containers", "4", [], [opts("c1"), opts("c2")], False),
    (
        "Valid: Pod-level == Guaranteed containers, has podSharedPool containers with request",
        "6",
        [],
        [opts("c1", "3"), opts("c2", "2"), opts("c3", "500m", limit="1000m"), opts("c4")],
        False,
    ),
    (
        "Failure: Pod-level == Guaranteed containers, has podSharedPool containers",
        "5",
        [],
        [opts("c1", "3"), opts("c2", "2"), opts("c3")],
        True,
    ),
    (
        "Valid: Pod-level resources with standard and restartable init containers",
        "2",
        [opts("init-container1", "1"), opts("restartable-init-container1", "1", restartPolicy="Always")],
        [opts("container1")],
        False,
    ),
    (
        "Valid: Pod-level resources equal init and standard container resources",
        "2",
        [opts("init-container1", "2")],
        [opts("container1", "2")],
        False,
    ),
    (
        "Failure: Pod-level resources with shared standard init container and no available pool",
        "2",
        [opts("restartable-init-container1", "2", restartPolicy="Always"), opts("init-container1")],
        [],
        True,
    ),
    (
        "Valid: Pod-level resources with shared standard init container and no available pool",
        "2",
        [opts("init-container1"), opts("restartable-init-container1", "2", restartPolicy="Always")],
        [],
        False,
    ),
    (
        "Failure: Pod-level == Restartable guaranteed init containers, has podSharedPool containers",
        "2",
        [
            opts("restartable-init-container1", "2", restartPolicy="Always"),
            opts("restartable-init-container2", restartPolicy="Always"),
        ],
        [],
        True,
    ),
    (
        "Valid: Pod-level resources with only restartable one init container and one standard container",
        "2",
        [opts("restartable-init-container1", "1", restartPolicy="Always")],
        [opts("container1", "1")],
        False,
    ),
]


@pytest.mark.parametrize(("name", "cpu", "init", "app", "expect_err"), VALIDATE_CASES, ids=[c[0] for c in VALIDATE_CASES])
def test_validate_pod_scope_resources(
    name: str, cpu: str, init: list[dict[str, Any]], app: list[dict[str, Any]], expect_err: bool
) -> None:
    node = make_node(cadvisor(1, 1, 4), cpuManagerPolicy="static", reservedSystemCPUs="0", topologyManagerScope="pod")
    m = CPUManager(node, ON, "best-effort")
    assert m.static is not None
    p = create_pod(pod_of(the_pod("p", cpu, init, app)), ON).pod  # defaulting only: some rows have no app container
    assert (pod_scope_problem(m.static, p) is not None) is expect_err, name

