"""Devices in a node description: NodeProfile devices, NodeDevices documents, a Node's extended resources."""

from __future__ import annotations

import textwrap
from collections import Counter
from pathlib import Path

import pytest

from pod_resources_cli.errors import NodeError
from pod_resources_cli.model.node import Device, NodeDescription
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.source.node_file import load_node

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "nodes"

PROFILE = """\
apiVersion: pod-resources/v1
kind: NodeProfile
sockets: 2
coresPerSocket: 4
memoryPerNumaNode: 8Gi
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


def _error(tmp_path: Path, text: str) -> NodeError:
    with pytest.raises(NodeError) as info:
        _load(tmp_path, text)
    return info.value


def per_numa(node: NodeDescription, resource: str) -> dict[tuple[int, ...], int]:
    return dict(Counter(d.numa_nodes for d in node.devices if d.resource == resource))


def test_profile_devices_top_level_and_per_numa_node(tmp_path: Path) -> None:
    node = _load(
        tmp_path,
        PROFILE
        + """\
devices:
- {resource: nvidia.com/gpu, numaNode: 0, count: 2}
- {resource: nvidia.com/gpu, numaNode: 1, ids: [GPU-4, GPU-5]}
- {resource: example.com/fpga, count: 1}
- {resource: nvidia.com/gpu, numaNode: 1, count: 1}
""",
    )
    assert node.devices == (
        Device("example.com/fpga", "fpga-0", ()),
        Device("nvidia.com/gpu", "GPU-4", (1,)),
        Device("nvidia.com/gpu", "GPU-5", (1,)),
        Device("nvidia.com/gpu", "gpu-0", (0,)),
        Device("nvidia.com/gpu", "gpu-1", (0,)),
        Device("nvidia.com/gpu", "gpu-2", (1,)),
    )
    assert node.capacity["nvidia.com/gpu"] == Quantity.parse("5")
    assert node.capacity["example.com/fpga"] == Quantity.parse("1")


def test_numa_nodes_entries_number_after_the_top_level(tmp_path: Path) -> None:
    text = PROFILE.replace("memoryPerNumaNode: 8Gi\n", "") + textwrap.dedent(
        """\
        devices: [{resource: example.com/nic, numaNode: 1, count: 1}]
        numaNodes:
        - memory: 8Gi
          devices: [{resource: example.com/nic, count: 2}]
        - memory: 8Gi
          devices: [{resource: example.com/nic, numaNode: 1, ids: [vf-a]}]
        """
    )
    node = _load(tmp_path, text)
    assert [(d.device_id, d.numa_nodes) for d in node.devices] == [("nic-0", (1,)), ("nic-1", (0,)), ("nic-2", (0,)), ("vf-a", (1,))]


def test_stated_capacity_equal_to_the_devices(tmp_path: Path) -> None:
    node = _load(tmp_path, PROFILE + "extendedResources: {nvidia.com/gpu: 2}\ndevices: [{resource: nvidia.com/gpu, numaNode: 0, count: 2}]\n")
    assert node.capacity["nvidia.com/gpu"] == Quantity.parse("2") and len(node.devices) == 2


def test_stated_extended_resources_become_devices_without_topology(tmp_path: Path) -> None:
    node = _load(tmp_path, PROFILE + "extendedResources: {example.com/dongle: 2}\n")
    assert node.devices == (Device("example.com/dongle", "dongle-0"), Device("example.com/dongle", "dongle-1"))


def test_node_capacity_extended_resources_are_devices_without_topology(tmp_path: Path) -> None:
    node = _load(
        tmp_path,
        """\
        apiVersion: v1
        kind: Node
        metadata: {name: gpu-1}
        status:
          capacity: {cpu: "8", memory: 32Gi, pods: "110", nvidia.com/gpu: "3", example.com/bandwidth: 500m, example.com/many: 1M}
          allocatable: {cpu: "8", memory: 30Gi, pods: "110", nvidia.com/gpu: "2"}
        """,
    )
    assert node.devices == tuple(Device("nvidia.com/gpu", f"gpu-{n}") for n in range(3))
    # Not a whole number, or more devices than are modelled: a counted resource only.
    assert node.capacity["example.com/bandwidth"] == Quantity.parse("500m")
    assert node.capacity["example.com/many"] == Quantity.parse("1M")
    assert node.allocatable is not None and node.allocatable["nvidia.com/gpu"] == Quantity.parse("2")


def test_profile_devices_count_into_a_nodes_allocatable_when_it_does_not_state_them(tmp_path: Path) -> None:
    node = _load(
        tmp_path,
        PROFILE
        + "devices: [{resource: nvidia.com/gpu, numaNode: 1, count: 2}]\n---\n"
        + "kind: Node\nstatus:\n  capacity: {cpu: '8'}\n  allocatable: {cpu: '7'}\n",
    )
    assert node.allocatable is not None and node.allocatable["nvidia.com/gpu"] == Quantity.parse("2")
    assert per_numa(node, "nvidia.com/gpu") == {(1,): 2}


def test_node_devices_document_beside_a_machine_info(tmp_path: Path) -> None:
    node = _load(
        tmp_path,
        MACHINE
        + """\
---
apiVersion: pod-resources/v1
kind: NodeDevices
devices:
- {resource: amd.com/gpu, numaNode: 1, ids: ["0000:c1:00.0"]}
""",
    )
    assert node.devices == (Device("amd.com/gpu", "0000:c1:00.0", (1,)),)
    assert node.capacity["amd.com/gpu"] == Quantity.parse("1")


def test_a_list_of_node_documents(tmp_path: Path) -> None:
    node = _load(
        tmp_path,
        """\
        apiVersion: v1
        kind: List
        items:
        - {apiVersion: v1, kind: Node, metadata: {name: n1}, status: {capacity: {cpu: "2", example.com/x: "1"}}}
        - {apiVersion: pod-resources/v1, kind: NodeProfile, sockets: 2, coresPerSocket: 1, memoryPerNumaNode: 1Gi,
           devices: [{resource: example.com/x, numaNode: 1, count: 1}]}
        """,
    )
    assert node.name == "n1" and node.devices == (Device("example.com/x", "x-0", (1,)),)


DEVICES_DOC = "---\napiVersion: pod-resources/v1\nkind: NodeDevices\n"


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        # the schema of the compact form
        (PROFILE + "devices: [{resource: nvidia.com/gpu, numa: 0, count: 1}]\n", 6, "unknown field 'numa'"),
        (PROFILE + "devices:\n- {resource: nvidia.com/gpu, count: 0}\n", 7, "0 is less than the minimum of 1"),
        # the decoder
        (PROFILE + "devices:\n- {resource: nvidia.com/gpu, numaNode: 2, count: 1}\n", 7, "NUMA node 2 is not one of this machine's (NUMA nodes 0, 1)"),
        (PROFILE + "devices:\n- {resource: nvidia.com/gpu, count: 1, ids: [a]}\n", 7, "needs count or ids (not both)"),
        (PROFILE + "devices:\n- {resource: nvidia.com/gpu}\n", 7, "needs count or ids (one of them)"),
        (PROFILE + "devices:\n- {resource: gpu, count: 1}\n", 7, "'gpu' is not an extended resource name"),
        (PROFILE + "devices:\n- {resource: kubernetes.io/gpu, count: 1}\n", 7, "'kubernetes.io/gpu' is not an extended resource name"),
        (PROFILE + "devices:\n- {resource: example.com/x, ids: [a, b, a]}\n", 7, "device 'a' of 'example.com/x' is listed twice"),
        (PROFILE + "devices:\n- {resource: example.com/x, ids: [x-0]}\n- {resource: example.com/x, count: 1}\n", 8, "device 'x-0' of 'example.com/x' is listed twice"),
        (
            PROFILE.replace("memoryPerNumaNode: 8Gi\n", "") + "numaNodes:\n- memory: 8Gi\n  devices: [{resource: example.com/x, numaNode: 1, count: 1}]\n- memory: 8Gi\n",
            7,
            "numaNode 1 in the devices of NUMA node 0",
        ),
        # stated capacity against the devices
        (
            PROFILE + "extendedResources: {nvidia.com/gpu: 4}\ndevices:\n- {resource: nvidia.com/gpu, numaNode: 0, count: 8}\n",
            6,
            "capacity 4 of 'nvidia.com/gpu', but the NodeProfile at line 8 lists 8 devices",
        ),
        (
            PROFILE + "devices:\n- {resource: nvidia.com/gpu, numaNode: 0, count: 2}\n---\nkind: Node\nstatus:\n  capacity: {nvidia.com/gpu: '3'}\n",
            11,
            "capacity 3 of 'nvidia.com/gpu', but the NodeProfile at line 7 lists 2 devices",
        ),
        # NodeDevices: no schema, the decoder says it
        (MACHINE + DEVICES_DOC + "devices:\n- {resource: example.com/x, numa: 0, count: 1}\n", 8, "unknown field 'numa' (a device entry has"),
        (MACHINE + DEVICES_DOC + "devices:\n- {resource: example.com/x, count: 0}\n", 8, "count must be between 1 and 16384, not 0"),
        (MACHINE + DEVICES_DOC + "devices:\n- {resource: example.com/x, ids: []}\n", 8, "ids must list at least one device ID"),
        (MACHINE + DEVICES_DOC + "devices:\n- {resource: example.com/x, ids: [1]}\n", 8, "a device ID must be a non-empty string, not a number"),
        (MACHINE + DEVICES_DOC + "devices:\n- {resource: example.com/x, numaNode: -1, count: 1}\n", 8, "numaNode -1 is negative"),
        (MACHINE + DEVICES_DOC + "devices:\n- {count: 1}\n", 8, "a device entry needs resource"),
        (MACHINE + DEVICES_DOC + "devices:\n- null\n", 8, "a device entry must be an object, not null"),
        (MACHINE + DEVICES_DOC + "device: []\n", 7, "unknown field 'device'"),
        (MACHINE + "---\napiVersion: v1\nkind: NodeDevices\n", 5, "a NodeDevices has apiVersion pod-resources/v1, not 'v1'"),
        (
            MACHINE + DEVICES_DOC + "devices:\n- {resource: example.com/x, count: 16384}\n- {resource: example.com/y, count: 1}\n",
            9,
            "more than 16384 devices in one node description",
        ),
        (DEVICES_DOC[4:] + "devices:\n- {resource: example.com/x, numaNode: 0, count: 1}\n", 4, "NUMA node 0: the node description has no NUMA topology"),
        # two documents listing one resource differently
        (
            PROFILE + "devices:\n- {resource: example.com/x, numaNode: 0, count: 2}\n" + DEVICES_DOC + "devices:\n- {resource: example.com/x, numaNode: 1, count: 2}\n",
            12,
            "the NodeDevices lists 2 'example.com/x' devices (2 on NUMA node 1), the NodeProfile 2 (2 on NUMA node 0)",
        ),
        # a List item that is not a document; a NodeProfile item is held to the schema
        ("kind: List\nitems:\n- 3\n", 3, "a List item of a node description must be a node document"),
        ("kind: List\nitems:\n- apiVersion: pod-resources/v1\n  kind: NodeProfile\n  coresPerSocket: 1\n  memoryPerNumaNode: 1Gi\n  gpus: 2\n", 3, "unknown field 'gpus'"),
        # a Node's capacity against a NodeResourceTopology's devices
        (
            "apiVersion: topology.node.k8s.io/v1alpha2\nkind: NodeResourceTopology\nzones:\n- name: node-0\n  type: Node\n"
            "  resources: [{name: cpu, capacity: 2}, {name: nvidia.com/gpu, capacity: 2}]\n---\nkind: Node\nstatus:\n  capacity: {nvidia.com/gpu: '1'}\n",
            10,
            "capacity 1 of 'nvidia.com/gpu', but the NodeResourceTopology at line 6 lists 2 devices",
        ),
    ],
)
def test_bad_devices_fail_with_a_location(tmp_path: Path, text: str, line: int, message: str) -> None:
    error = _error(tmp_path, text)
    assert message in str(error), str(error)
    assert error.location is not None and error.location.line == line, str(error)


def test_the_same_devices_in_two_documents_keep_the_first_ids(tmp_path: Path) -> None:
    node = _load(
        tmp_path,
        PROFILE + "devices:\n- {resource: example.com/x, numaNode: 0, ids: [a, b]}\n" + DEVICES_DOC + "devices:\n- {resource: example.com/x, numaNode: 0, count: 2}\n",
    )
    assert [d.device_id for d in node.devices] == ["a", "b"]


@pytest.mark.parametrize(
    ("example", "resource", "expected"),
    [
        ("dgx-like-8gpu.yaml", "nvidia.com/gpu", {(0,): 4, (1,): 4}),
        ("dgx-like-8gpu-nrt.yaml", "nvidia.com/gpu", {(0,): 4, (1,): 4}),
        ("telco-sriov.yaml", "intel.com/sriov_netdevice", {(0,): 8, (1,): 8}),
        ("telco-sriov-nrt.yaml", "intel.com/sriov_netdevice", {(0,): 8, (1,): 8}),
    ],
)
def test_device_examples(example: str, resource: str, expected: dict[tuple[int, ...], int]) -> None:
    node = load_node(str(EXAMPLES / example))
    assert per_numa(node, resource) == expected
    assert node.capacity[resource] == Quantity.from_int(sum(expected.values()))
    assert node.kubelet.cpu_manager_policy == "static"
    policy = "single-numa-node" if example.startswith("dgx") else "restricted"
    assert node.kubelet.topology_manager_policy == policy


def test_telco_example_lists_the_vfs_by_pci_address() -> None:
    node = load_node(str(EXAMPLES / "telco-sriov.yaml"))
    ids = [d.device_id for d in node.devices if d.numa_nodes == (1,)]
    assert ids == [f"0000:86:02.{n}" for n in range(8)]
    nrt = load_node(str(EXAMPLES / "telco-sriov-nrt.yaml"))
    assert {d.device_id for d in nrt.devices if d.numa_nodes == (1,)} == {f"sriov_netdevice-{n}" for n in range(8, 16)}


def test_lint_reports_an_extended_resource_the_node_does_not_advertise() -> None:
    """PR150 as the scheduler sees it: the kubelet drops the request, the scheduler never places the pod."""
    from pathlib import Path

    from pod_resources_cli.lint.config import LintConfig
    from pod_resources_cli.source.node_file import load_node
    from tests.lint_support import lint_text

    node = load_node(str(Path(__file__).resolve().parents[1] / "examples" / "nodes" / "dgx-like-8gpu.yaml"))
    pod = (
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: a\n    image: x\n"
        "    resources:\n      requests: {cpu: \"1\", memory: 1Gi, %s: \"1\"}\n      limits: {cpu: \"1\", memory: 1Gi, %s: \"1\"}\n"
    )
    config = LintConfig(select=frozenset({"PR150"}))
    [finding] = lint_text(pod % ("example.com/fpga", "example.com/fpga"), config=config, node=node).findings
    assert finding.message == (
        "the scheduler never places it on node dgx-like-8gpu: Insufficient example.com/fpga: the node advertises no "
        "example.com/fpga (a kubelet given the pod directly would admit it without one), unless a DeviceClass names "
        "example.com/fpga as its extendedResourceName (DRAExtendedResource: the scheduler then allocates it through a "
        "ResourceClaim)"
    )
    assert finding.location.line == 9
    assert lint_text(pod % ("nvidia.com/gpu", "nvidia.com/gpu"), config=config, node=node).findings == []
