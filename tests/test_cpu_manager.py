"""The CPU manager's construction: policies, options, reserved CPUs, and the kubelet's refusals."""

from __future__ import annotations

from typing import Any

import pytest

from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.errors import NodeError
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.admission import reserved_cpus
from pod_resources_cli.kube.cpumanager import CPUManager
from pod_resources_cli.model.decode.node.merge import merge_node_documents
from pod_resources_cli.model.decode.problems import Problems
from pod_resources_cli.model.node import NodeDescription

ALPHA = FeatureGates(explicit={"CPUManagerPolicyAlphaOptions": True})


def cadvisor(sockets: int, numa_per_socket: int, cores_per_numa: int, threads: int = 2) -> dict[str, Any]:
    """A cAdvisor MachineInfo; core k's threads are k, k + cores, ...; one L3 per NUMA node."""
    cores = sockets * numa_per_socket * cores_per_numa
    numa_count = sockets * numa_per_socket
    topology = []
    for numa in range(numa_count):
        topology.append(
            {
                "node_id": numa,
                "memory": 16 << 30,
                "cores": [
                    {
                        "core_id": k,
                        "socket_id": numa // numa_per_socket,
                        "thread_ids": [k + t * cores for t in range(threads)],
                        "uncore_caches": [{"id": numa, "level": 3}],
                    }
                    for k in range(numa * cores_per_numa, (numa + 1) * cores_per_numa)
                ],
                "distances": [10 if m == numa else 11 if m // numa_per_socket == numa // numa_per_socket else 21 for m in range(numa_count)],
            }
        )
    return {"num_cores": cores * threads, "num_sockets": sockets, "memory_capacity": numa_count * (16 << 30), "topology": topology}


def make_node(machine: dict[str, Any] | None = None, **kubelet: Any) -> NodeDescription:
    docs = [({"kind": "KubeletConfiguration", **kubelet}, ("kubelet",))]
    if machine is not None:
        docs.append((machine, ("machine",)))
    problems = Problems()
    node = merge_node_documents(docs, problems, source="test")
    assert not problems, problems.items
    return node


TWO_NUMA = cadvisor(2, 1, 4)  # 16 CPUs, cores 0-7, siblings k and k+8
STATIC = {"cpuManagerPolicy": "static", "systemReserved": {"cpu": "1"}}


def manager(machine: dict[str, Any] = TWO_NUMA, gates: FeatureGates = ALPHA, **kubelet: Any) -> CPUManager:
    node = make_node(machine, **{**STATIC, **kubelet})
    return CPUManager(node, gates, node.kubelet.topology_manager_policy)


def test_reserved_cpus_come_from_the_lowest_core_whole() -> None:
    assert str(manager(systemReserved={"cpu": "1500m"}).reserved()) == "0,8"  # ceil(1.5) = 2: one core
    assert str(manager(kubeReserved={"cpu": "1"}, systemReserved={"cpu": "2"}).reserved()) == "0-1,8"
    node = make_node(TWO_NUMA, cpuManagerPolicy="static", reservedSystemCPUs="3,5", kubeReserved={"cpu": "4"})
    assert str(reserved_cpus(node)) == "3,5"  # the explicit list replaces both reservations


def test_strict_reservation_keeps_reserved_cpus_out_of_the_shared_pool() -> None:
    assert str(manager().shared_pool) == "0-15"
    strict = manager(cpuManagerPolicyOptions={"strict-cpu-reservation": "true"})
    assert str(strict.shared_pool) == "1-15"  # one reserved CPU: 0


def test_none_policy_pins_nothing() -> None:
    node = make_node(TWO_NUMA)
    none = CPUManager(node, FeatureGates(), "none")
    assert none.static is None and str(none.shared_pool) == "0-15" and none.reserved() == CPUSet()


@pytest.mark.parametrize(
    ("kubelet", "gates", "error"),
    [
        ({"cpuManagerPolicy": "dynamic"}, ALPHA, 'unknown policy: "dynamic"'),
        (
            {"cpuManagerPolicy": "none", "cpuManagerPolicyOptions": {"full-pcpus-only": "true"}},
            ALPHA,
            "new none policy error: None policy: received unsupported options=map[full-pcpus-only:true]",
        ),
        (
            {"systemReserved": {"memory": "1Gi"}},
            ALPHA,
            "[cpumanager] unable to determine reserved CPU resources for static policy",
        ),
        ({"reservedSystemCPUs": "0,99"}, ALPHA, "reserved-cpus: 0,99 is not a subset of online-cpus: 0-15"),
        (
            {"reservedSystemCPUs": "0-x"},
            ALPHA,
            'invalid configuration: unable to parse reservedSystemCPUs (--reserved-cpus) 0-x, error: strconv.Atoi: parsing "x": invalid syntax',
        ),
        (
            {"systemReserved": {"cpu": "17"}},
            ALPHA,
            "new static policy error: [cpumanager] unable to reserve the required amount of CPUs (size of  did not equal 17)",
        ),
        ({"cpuManagerPolicyOptions": {"turbo": "true"}}, ALPHA, 'new static policy error: unknown CPU Manager Policy option: "turbo"'),
        (
            {"cpuManagerPolicyOptions": {"align-by-socket": "true"}},
            FeatureGates(),
            'new static policy error: CPU Manager Policy Alpha-level Options not enabled, but option "align-by-socket" provided',
        ),
        (
            {"cpuManagerPolicyOptions": {"distribute-cpus-across-numa": "true"}},
            FeatureGates(explicit={"CPUManagerPolicyBetaOptions": False}),
            'new static policy error: CPU Manager Policy Beta-level Options not enabled, but option "distribute-cpus-across-numa" provided',
        ),
        (
            {"cpuManagerPolicyOptions": {"full-pcpus-only": "yes"}},
            ALPHA,
            'new static policy error: bad value for option "full-pcpus-only": strconv.ParseBool: parsing "yes": invalid syntax',
        ),
        (
            {"cpuManagerPolicyOptions": {"full-pcpus-only": "true", "distribute-cpus-across-cores": "true"}},
            ALPHA,
            "new static policy error: static policy options full-pcpus-only and distribute-cpus-across-cores can not be used at the same time",
        ),
        (
            {"cpuManagerPolicyOptions": {"prefer-align-cpus-by-uncorecache": "true", "distribute-cpus-across-numa": "true"}},
            ALPHA,
            ("new static policy error: static policy options prefer-align-cpus-by-uncorecache and distribute-cpus-across-numa "
            "can not be used at the same time"),
        ),
        (
            {"cpuManagerPolicyOptions": {"align-by-socket": "true"}, "topologyManagerPolicy": "single-numa-node"},
            ALPHA,
            "new static policy error: Topolgy manager single-numa-node policy is incompatible with CPUManager align-by-socket policy option",
        ),
    ],
)
def test_kubelet_refusals(kubelet: dict[str, Any], gates: FeatureGates, error: str) -> None:
    with pytest.raises(NodeError) as info:
        manager(gates=gates, **kubelet)
    assert info.value.message == error


def test_align_by_socket_needs_no_more_sockets_than_numa_nodes() -> None:
    two_sockets_one_numa = cadvisor(2, 1, 4)
    first, second = two_sockets_one_numa["topology"]
    two_sockets_one_numa["topology"] = [{**first, "cores": first["cores"] + second["cores"], "distances": [10]}]
    with pytest.raises(NodeError, match="number of sockets are more than number of NUMA"):
        manager(two_sockets_one_numa, cpuManagerPolicyOptions={"align-by-socket": "true"})


def test_option_maturity_follows_the_version() -> None:
    from pod_resources_cli.features import KubernetesVersion

    old = FeatureGates(version=KubernetesVersion(1, 32))
    with pytest.raises(NodeError, match="Alpha-level"):
        manager(gates=old, cpuManagerPolicyOptions={"strict-cpu-reservation": "true"})
    # GA in the latest version: no gate needed.
    assert manager(gates=FeatureGates(), cpuManagerPolicyOptions={"strict-cpu-reservation": "true"}).static is not None


def test_static_policy_needs_a_machine() -> None:
    with pytest.raises(NodeError, match="needs the machine's CPU topology"):
        CPUManager(make_node(None, **STATIC), ALPHA, "none")


def test_cpus_on_an_unlisted_numa_node_are_refused() -> None:
    from pod_resources_cli.kube.topology import CPUTopology
    from pod_resources_cli.model.node import CPUInfo, MachineTopology, NUMANode

    broken = MachineTopology((CPUInfo(0, 0, 0, 3),), (NUMANode(0, 1 << 30),), 1 << 30)
    with pytest.raises(NodeError, match="name NUMA node 3"):
        CPUTopology.discover(broken)
