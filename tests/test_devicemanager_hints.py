"""The device manager's topology hints: upstream's tables as vectors.

Ported from pkg/kubelet/cm/devicemanager/topology_hints_test.go (the version
with getCommonTestCases / getPodScopeTestCases, kubernetes >= v1.27):
TestGetTopologyHints (the common cases, one container), TestGetPodTopologyHints
(the common cases and the pod-scope cases, with another active pod) and
TestGetPodDeviceRequest. Hints are compared as upstream does, both lists
sorted by TopologyHint.LessThan (preferred first, then the narrower mask).
A device with ``Topology: {Nodes: []}`` or ``nil`` has no NUMA node, as in
the node model.
"""

from __future__ import annotations

from typing import Any

import pytest

from pod_resources_cli.kube.devicemanager.device_manager import DeviceManager
from pod_resources_cli.kube.devicemanager.hints import pod_device_request
from pod_resources_cli.kube.topologymanager.hints import TopologyHint, mask_of
from pod_resources_cli.model.node import Device
from pod_resources_cli.model.pod import Container, ContainerType, Pod, ResourceRequirements
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import replace
from tests.test_cpu_manager import TWO_NUMA, make_node

Devices = dict[str, list[tuple[str, int | None]]]  # resource -> (ID, NUMA node or None)
Allocated = dict[str, dict[str, dict[str, list[str]]]]  # pod -> container -> resource -> IDs


def numa(*ids: str, node: int) -> list[tuple[str, int | None]]:
    return [(i, node) for i in ids]


def c(name: str, limits: dict[str, str], kind: ContainerType = ContainerType.REGULAR, index: int = 0) -> Container:
    lim = {r: Quantity.parse(v) for r, v in limits.items()}
    return Container(name, kind, index, ResourceRequirements(limits=lim))


def pod(*containers: Container, init: tuple[Container, ...] = ()) -> Pod:
    return Pod("fakePod", containers=containers, init_containers=init)


def H(*nodes: int, preferred: bool) -> TopologyHint:
    return TopologyHint(mask_of(nodes), preferred)


def manager(devices: Devices, allocated: Allocated | None = None) -> DeviceManager:
    inventory = tuple(
        Device(resource, device_id, () if node is None else (node,))
        for resource, items in devices.items()
        for device_id, node in items
    )
    dm = DeviceManager(replace(make_node(TWO_NUMA), devices=inventory))  # numaNodes [0, 1]
    for uid, containers in (allocated or {}).items():
        for name, resources in containers.items():
            for resource, ids in resources.items():
                dm.pod_devices.insert(uid, name, resource, ids)
                dm.allocated[resource] = set(ids)
    return dm


def less_than(h: TopologyHint) -> tuple[int, int, int]:
    """TopologyHint.LessThan: preferred first, then IsNarrowerThan."""
    m = h.affinity or 0
    return (0 if h.preferred else 1, m.bit_count(), m)


def same(got: list[TopologyHint] | None, want: list[TopologyHint] | None) -> bool:
    if got is None or want is None:
        return got is want
    return sorted(got, key=less_than) == sorted(want, key=less_than)


FOUR = {"testdevice": numa("Dev1", "Dev3", node=0) + numa("Dev2", "Dev4", node=1)}
FOUR_PAIRED = {"testdevice": numa("Dev1", "Dev2", node=0) + numa("Dev3", "Dev4", node=1)}
ANY_NODE = [H(0, preferred=True), H(1, preferred=True), H(0, 1, preferred=False)]

# (description, pod, devices, allocated, expected hints)
COMMON: list[tuple[str, Pod, Devices, Allocated | None, dict[str, list[TopologyHint] | None]]] = [
    ("Single Request, no alignment", pod(c("fakeContainer", {"testdevice": "1"})),
     {"testdevice": [("Dev1", None), ("Dev2", None), ("Dev3", None), ("Dev4", None)]}, None, {"testdevice": None}),
    ("Single Request, only one with alignment", pod(c("fakeContainer", {"testdevice": "1"})),
     {"testdevice": [("Dev1", None), ("Dev2", 1)]}, None,
     {"testdevice": [H(1, preferred=True), H(0, 1, preferred=False)]}),
    ("Single Request, one device per socket", pod(c("fakeContainer", {"testdevice": "1"})),
     {"testdevice": [("Dev1", 0), ("Dev2", 1)]}, None, {"testdevice": ANY_NODE}),
    ("Request for 2, one device per socket", pod(c("fakeContainer", {"testdevice": "2"})),
     {"testdevice": [("Dev1", 0), ("Dev2", 1)]}, None, {"testdevice": [H(0, 1, preferred=True)]}),
    ("Request for 2, 2 devices per socket", pod(c("fakeContainer", {"testdevice": "2"})), FOUR, None,
     {"testdevice": ANY_NODE}),
    ("Request for 2, optimal on 1 NUMA node, forced cross-NUMA", pod(c("fakeContainer", {"testdevice": "2"})), FOUR,
     {"fakePod": {"fakeOtherContainer": {"testdevice": ["Dev1", "Dev2"]}}},
     {"testdevice": [H(0, 1, preferred=False)]}),
    ("2 device types, mixed configuration", pod(c("fakeContainer", {"testdevice1": "2", "testdevice2": "1"})),
     {"testdevice1": FOUR["testdevice"], "testdevice2": [("Dev1", 0)]}, None,
     {"testdevice1": ANY_NODE, "testdevice2": [H(0, preferred=True), H(0, 1, preferred=False)]}),
    ("Single device type, more requested than available", pod(c("fakeContainer", {"testdevice": "6"})), FOUR_PAIRED,
     None, {"testdevice": []}),
    ("Single device type, all already allocated to container", pod(c("fakeContainer", {"testdevice": "2"})),
     {"testdevice": numa("Dev1", "Dev2", node=0)},
     {"fakePod": {"fakeContainer": {"testdevice": ["Dev1", "Dev2"]}}},
     {"testdevice": [H(0, preferred=True), H(0, 1, preferred=False)]}),
    ("Single device type, less already allocated to container than requested", pod(c("fakeContainer", {"testdevice": "4"})),
     FOUR_PAIRED, {"fakePod": {"fakeContainer": {"testdevice": ["Dev1", "Dev2"]}}}, {"testdevice": []}),
    ("Single device type, more already allocated to container than requested", pod(c("fakeContainer", {"testdevice": "2"})),
     FOUR_PAIRED, {"fakePod": {"fakeContainer": {"testdevice": ["Dev1", "Dev2", "Dev3", "Dev4"]}}}, {"testdevice": []}),
]  # fmt: skip

TWO_TYPES = {"testdevice1": FOUR_PAIRED["testdevice"], "testdevice2": FOUR_PAIRED["testdevice"]}
POD_SCOPE: list[tuple[str, Pod, Devices, Allocated | None, dict[str, list[TopologyHint] | None]]] = [
    ("2 device types, user container only",
     pod(c("fakeContainer1", {"testdevice1": "2"}), c("fakeContainer2", {"testdevice2": "2"}, index=1),
         c("fakeContainer3", {"notRegistered": "2"}, index=2)),
     TWO_TYPES, None, {"testdevice1": ANY_NODE, "testdevice2": ANY_NODE}),
    ("2 device types, request resources for init containers and user container",
     pod(c("fakeContainer1", {"testdevice1": "1", "testdevice2": "1"}),
         c("fakeContainer2", {"testdevice1": "1", "testdevice2": "1"}, index=1),
         c("fakeContainer3", {"notRegistered": "1"}, index=2),
         init=(c("init1", {"testdevice1": "1", "testdevice2": "1"}, ContainerType.INIT),
               c("init2", {"testdevice1": "1", "testdevice2": "2"}, ContainerType.INIT, 1))),
     TWO_TYPES, None, {"testdevice1": ANY_NODE, "testdevice2": ANY_NODE}),
    ("2 device types, user container only, optimal on 1 NUMA node, forced cross-NUMA",
     pod(c("fakeContainer1", {"testdevice1": "1", "testdevice2": "1"}),
         c("fakeContainer2", {"testdevice1": "1", "testdevice2": "1"}, index=1),
         c("fakeContainer3", {"notRegistered": "1"}, index=2)),
     TWO_TYPES, {"fakeOtherPod": {"fakeOtherContainer": {"testdevice1": ["Dev1", "Dev3"], "testdevice2": ["Dev1", "Dev3"]}}},
     {"testdevice1": [H(0, 1, preferred=False)], "testdevice2": [H(0, 1, preferred=False)]}),
]  # fmt: skip


def _check(hints: dict[str, list[TopologyHint] | None], expected: dict[str, list[TopologyHint] | None]) -> None:
    for resource, want in expected.items():
        assert same(hints.get(resource), want), (resource, hints.get(resource), want)


@pytest.mark.parametrize(("description", "the_pod", "devices", "allocated", "expected"), COMMON, ids=[t[0] for t in COMMON])
def test_get_topology_hints(description: str, the_pod: Pod, devices: Devices, allocated: Allocated | None, expected: Any) -> None:
    dm = manager(devices, allocated)
    _check(dm.get_topology_hints(the_pod, the_pod.containers[0]), expected)


@pytest.mark.parametrize(
    ("description", "the_pod", "devices", "allocated", "expected"), COMMON + POD_SCOPE, ids=[t[0] for t in COMMON + POD_SCOPE]
)
def test_get_pod_topology_hints(description: str, the_pod: Pod, devices: Devices, allocated: Allocated | None, expected: Any) -> None:
    dm = manager(devices, allocated)
    _check(dm.get_pod_topology_hints(the_pod), expected)


def test_a_resource_without_devices_gets_no_hint() -> None:
    """isDevicePluginResource: nothing is advertised for notRegistered (nor for cpu)."""
    dm = manager({"testdevice": [("Dev1", 0)]})
    the_pod = pod(c("app", {"notRegistered": "1", "cpu": "1", "testdevice": "1"}))
    assert set(dm.get_topology_hints(the_pod, the_pod.containers[0])) == {"testdevice"}


GPU = "gpu"
NIC = "nic"


@pytest.mark.parametrize(
    ("init", "regular", "expected"),
    [
        ([], [], {}),
        ([{GPU: "2"}], [], {GPU: 2}),
        ([{GPU: "2"}, {GPU: "4"}], [], {GPU: 4}),
        ([], [{GPU: "2"}], {GPU: 2}),
        ([{GPU: "2", NIC: "2"}, {GPU: "2", NIC: "2"}], [{GPU: "1", NIC: "1"}, {GPU: "1", NIC: "1"}], {GPU: 2, NIC: 2}),
        ([{GPU: "2", NIC: "1"}, {GPU: "3", NIC: "2"}], [{GPU: "1", NIC: "1"}, {GPU: "1"}], {GPU: 3, NIC: 2}),
        ([{GPU: "2", NIC: "1"}, {GPU: "2", NIC: "1"}], [{GPU: "3", NIC: "2"}, {GPU: "3", NIC: "2"}], {GPU: 6, NIC: 4}),
    ],
    ids=["empty pod", "init container", "init containers", "user container", "the same", "init more", "user more"],
)
def test_get_pod_device_request(init: list[dict[str, str]], regular: list[dict[str, str]], expected: dict[str, int]) -> None:
    """TestGetPodDeviceRequest (cpu: 2 and memory: 1G in every container, not device resources)."""
    extra = {"cpu": "2", "memory": "1G"}
    the_pod = pod(
        *(c(f"c{i}", {**extra, **lim}, index=i) for i, lim in enumerate(regular)),
        init=tuple(c(f"i{i}", {**extra, **lim}, ContainerType.INIT, i) for i, lim in enumerate(init)),
    )
    dm = manager({GPU: [("g", 0)], NIC: [("n", 0)]})
    assert pod_device_request(dm.inventory, the_pod) == expected
