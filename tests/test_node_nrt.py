"""NodeResourceTopology documents (topology.node.k8s.io v1alpha1 and v1alpha2) in a node description."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from pod_resources_cli.errors import NodeError
from pod_resources_cli.model.node import Device, NodeDescription
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.source.node_file import load_node

V2 = """\
apiVersion: topology.node.k8s.io/v1alpha2
kind: NodeResourceTopology
metadata: {name: worker-1}
attributes:
- {name: topologyManagerPolicy, value: single-numa-node}
- {name: topologyManagerScope, value: pod}
- {name: nodeTopologyPodsFingerprint, value: pfp0v001abcdef}
zones:
- name: node-0
  type: Node
  costs: [{name: node-0, value: 10}, {name: node-1, value: 20}]
  resources:
  - {name: cpu, capacity: "4", allocatable: "3", available: "3"}
  - {name: memory, capacity: 8Gi, allocatable: 7Gi, available: 7Gi}
  - {name: hugepages-2Mi, capacity: 1Gi, allocatable: 1Gi, available: 1Gi}
  - {name: example.com/nic, capacity: "2", allocatable: "2", available: "1"}
- name: node-1
  type: Node
  costs: [{name: node-0, value: 20}, {name: node-1, value: 10}]
  resources:
  - {name: cpu, capacity: "4", allocatable: "4", available: "4"}
  - {name: memory, capacity: 8Gi, allocatable: 8Gi, available: 8Gi}
  - {name: example.com/nic, capacity: "1", allocatable: "1", available: "1"}
- {name: socket-0, type: Socket}
"""

V1 = """\
apiVersion: topology.node.k8s.io/v1alpha1
kind: NodeResourceTopology
metadata: {name: worker-2}
topologyPolicies: [SingleNUMANodePodLevel]
zones:
- name: node-0
  type: Node
  resources:
  - {name: cpu, capacity: 2, allocatable: 2}
  - {name: vendor.com/nic1, capacity: 3, allocatable: 3}
"""

MACHINE = """\
{"num_cores": 2, "memory_capacity": 2048, "topology": [
  {"node_id": 0, "memory": 1024, "cores": [{"core_id": 0, "thread_ids": [0], "socket_id": 0}]},
  {"node_id": 1, "memory": 1024, "cores": [{"core_id": 0, "thread_ids": [1], "socket_id": 1}]}]}
"""


def _load(tmp_path: Path, text: str) -> NodeDescription:
    path = tmp_path / "node.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return load_node(str(path))


def test_v1alpha2_zones_make_the_machine_devices_and_policy(tmp_path: Path) -> None:
    node = _load(tmp_path, V2)
    assert node.name == "worker-1"
    topology = node.topology
    assert topology is not None
    assert [(c.cpu_id, c.numa_node) for c in topology.cpus] == [(0, 0), (1, 0), (2, 0), (3, 0), (4, 1), (5, 1), (6, 1), (7, 1)]
    assert topology.num_cores == 8 and topology.num_sockets == 2
    assert [(n.node_id, n.memory, dict(n.hugepages), n.distances) for n in topology.numa_nodes] == [
        (0, 8 * 2**30, {2 * 2**20: 512}, (10, 20)),
        (1, 8 * 2**30, {}, (20, 10)),
    ]
    assert node.devices == (Device("example.com/nic", "nic-0", (0,)), Device("example.com/nic", "nic-1", (0,)), Device("example.com/nic", "nic-2", (1,)))
    assert node.capacity["example.com/nic"] == Quantity.parse("3")
    assert (node.kubelet.topology_manager_policy, node.kubelet.topology_manager_scope) == ("single-numa-node", "pod")


def test_v1alpha1_topology_policies(tmp_path: Path) -> None:
    node = _load(tmp_path, V1)
    assert (node.kubelet.topology_manager_policy, node.kubelet.topology_manager_scope) == ("single-numa-node", "pod")
    assert node.devices == tuple(Device("vendor.com/nic1", f"nic1-{n}", (0,)) for n in range(3))
    assert node.topology is not None and node.topology.num_cpus == 2


@pytest.mark.parametrize(
    ("policies", "policy", "scope"),
    [("SingleNUMANode", "single-numa-node", "container"), ("RestrictedPodLevel", "restricted", "pod"), ("BestEffort", "best-effort", "container"), ("None", "none", "container")],
)
def test_legacy_policy_names(tmp_path: Path, policies: str, policy: str, scope: str) -> None:
    node = _load(tmp_path, V1.replace("SingleNUMANodePodLevel", policies))
    assert (node.kubelet.topology_manager_policy, node.kubelet.topology_manager_scope) == (policy, scope)


def test_beside_a_machine_info_the_zones_are_checked_not_used(tmp_path: Path) -> None:
    text = MACHINE + "---\n" + V2.replace('capacity: "4", allocatable: "3"', 'capacity: "1", allocatable: "1"').replace(
        'capacity: "4", allocatable: "4"', 'capacity: "1", allocatable: "1"'
    )
    node = _load(tmp_path, text)
    assert node.topology is not None and node.topology.num_cpus == 2 and node.topology.memory_capacity == 2048
    assert len(node.devices) == 3


def test_a_kubelet_configuration_that_agrees_or_is_silent(tmp_path: Path) -> None:
    agrees = _load(tmp_path, V2 + "---\nkind: KubeletConfiguration\ntopologyManagerPolicy: single-numa-node\ncpuManagerPolicy: static\nreservedSystemCPUs: '0'\n")
    assert agrees.kubelet.topology_manager_scope == "pod" and agrees.kubelet.cpu_manager_policy == "static"


def test_a_list_from_kubectl(tmp_path: Path) -> None:
    items = textwrap.indent(V1, "  ").replace("  apiVersion", "- apiVersion", 1)
    node = _load(tmp_path, "apiVersion: v1\nkind: List\nitems:\n- {apiVersion: v1, kind: Node, metadata: {name: w}, status: {capacity: {cpu: '2'}}}\n" + items)
    assert node.name == "w" and len(node.devices) == 3


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (V2.replace("v1alpha2", "v1beta1"), 1, "a NodeResourceTopology has apiVersion topology.node.k8s.io/v1alpha2 or /v1alpha1, not 'topology.node.k8s.io/v1beta1'"),
        (V2 + "spec: {}\n", 25, "unknown field 'spec' in a NodeResourceTopology"),
        (V1 + "attributes: []\n", 11, "unknown field 'attributes' in a NodeResourceTopology"),
        (V2.replace("  type: Node\n  costs: [{name: node-0, value: 10}", "  type: Node\n  kind: numa\n  costs: [{name: node-0, value: 10}"), 11, "unknown field 'kind' in a zone"),
        (V2.replace("allocatable: \"3\", available", "allocatable: \"3\", used: \"1\", available"), 13, "unknown field 'used' in a zone resource"),
        (V2.replace("name: node-1", "name: numa-1"), 17, "a NUMA node zone is named node-<id>, not 'numa-1'"),
        (V2.replace("name: node-1\n", "name: node-0\n"), 17, "NUMA node zone node-0 is listed twice"),
        (V2.replace("name: node-1\n", "name: node-1024\n"), 17, "NUMA node id '1024' is out of range"),
        (V2.replace('capacity: "4", allocatable: "3"', 'capacity: 1500m, allocatable: "1"'), 13, "cpu capacity 1500m is not a whole number of CPUs"),
        (V2.replace('{name: cpu, capacity: "4", allocatable: "3", available: "3"}', "{name: cpu}"), 13, "zone resource 'cpu' needs a capacity"),
        (V2.replace("capacity: 1Gi, allocatable: 1Gi", "capacity: 3Mi, allocatable: 3Mi"), 15, "'hugepages-2Mi' capacity 3Mi is not a whole number of pages"),
        (V2.replace('{name: example.com/nic, capacity: "2"', '{name: example.com/nic, capacity: "1500m"'), 16, "'example.com/nic' capacity 1500m is not a whole number of devices"),
        (V2.replace('capacity: "4", allocatable: "3"', 'capacity: "-4", allocatable: "3"'), 13, "capacity -4 cannot be negative"),
        (V2.replace("value: single-numa-node", "value: SingleNUMANode"), 5, "unknown topologyManagerPolicy 'SingleNUMANode'"),
        (V2.replace("value: pod}", "value: node}"), 6, "unknown topologyManagerScope 'node'"),
        (V2.replace("- {name: topologyManagerPolicy, value: single-numa-node}", "- {name: topologyManagerPolicy, val: x}"), 5, "unknown field 'val' (an attribute has name and value)"),
        (V1.replace("SingleNUMANodePodLevel", "Strict"), 4, "unknown topology policy 'Strict'"),
        (V1.replace("[SingleNUMANodePodLevel]", "[SingleNUMANodePodLevel, BestEffort]"), 4, "topologyPolicies names 'BestEffort' after 'SingleNUMANodePodLevel'"),
        (V2 + "topologyPolicies: [RestrictedPodLevel]\n", 25, "topologyPolicies says restricted, the topologyManagerPolicy attribute single-numa-node"),
        (V2.replace("{name: node-1, value: 20}]", "{name: node-7, value: 20}]"), 11, "cost to 'node-7', which is not a NUMA node zone of this object"),
        (V2.replace(", {name: node-1, value: 20}]", "]"), 11, "costs of node-0 name no distance to node-1"),
        (V2.replace("value: 20}]\n  resources:\n  - {name: cpu, capacity: \"4\", allocatable: \"3\"", "value: -2}]\n  resources:\n  - {name: cpu, capacity: \"4\", allocatable: \"3\""), 11, "cost -2 is out of range"),
        (V2.replace("{name: example.com/nic, capacity: \"1\"", "{name: example.com/NIC_, capacity: \"1\""), 23, "'example.com/NIC_' is not an extended resource name"),
        (V2 + "---\n" + V2, 26, "a second NodeResourceTopology"),
        # against the other documents
        (V2 + "---\nkind: KubeletConfiguration\ntopologyManagerPolicy: restricted\n", 5, "the NodeResourceTopology says topologyManagerPolicy single-numa-node, the kubelet configuration sets restricted"),
        (V2 + "---\nkind: KubeletConfiguration\ntopologyManagerScope: container\n", 6, "says topologyManagerScope pod, the kubelet configuration sets container"),
        (MACHINE + "---\n" + V2, 17, "the zone has 4 CPUs but NUMA node 0 of the MachineInfo at line 1 has 1"),
        (MACHINE + "---\n" + V1.replace("node-0", "node-3"), 14, "NUMA node 3 is not one of this machine's (NUMA nodes 0, 1)"),
        (
            MACHINE + "---\n" + V1.replace("node-0", "node-3").replace("  - {name: vendor.com/nic1, capacity: 3, allocatable: 3}\n", ""),
            13,
            "NUMA node 3 is not one of the machine's: the MachineInfo at line 1 has NUMA nodes [0, 1]",
        ),
    ],
)
def test_bad_node_resource_topologies(tmp_path: Path, text: str, line: int, message: str) -> None:
    with pytest.raises(NodeError) as info:
        _load(tmp_path, text)
    assert message in str(info.value), str(info.value)
    assert info.value.location is not None and info.value.location.line == line, str(info.value)
