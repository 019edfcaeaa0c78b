"""The device manager's topology hints.

Mirrors pkg/kubelet/cm/devicemanager/topology_hints.go (kubernetes/kubernetes
commit 584e224b4318336dc15ccf3886f7df9abd89fd04): GetTopologyHints,
GetPodTopologyHints, generateDeviceTopologyHints, getContainerDeviceRequest
and getPodDeviceRequest. For each device-plugin resource the container (or
the pod) asks for: no topology on any of its devices -> nil (no
preference); devices already allocated -> hints regenerated from them (an
empty list when their number differs from the request); not enough free
(plus reusable) devices -> an empty list; else one hint per NUMA-node
combination (bitmask.IterateBitMasks) holding every reusable device and
enough devices, preferred when its size is the smallest that could hold
the request on the whole machine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence

from pod_resources_cli.kube.devicemanager.state import Inventory, PodDevices, Reusable
from pod_resources_cli.kube.resource import PodResourcesOptions, pod_limits
from pod_resources_cli.kube.topologymanager.hints import TopologyHint, iterate_bitmasks, mask_of
from pod_resources_cli.model.pod import Container, Pod

DeviceHints = dict[str, list[TopologyHint] | None]


def container_device_request(inventory: Inventory, container: Container) -> dict[str, int]:
    """getContainerDeviceRequest: the limits of device-plugin resources, Value() devices."""
    return {r: q.value() for r, q in sorted(container.resources.lim.items()) if r in inventory.devices}


def pod_device_request(inventory: Inventory, pod: Pod) -> dict[str, int]:
    """getPodDeviceRequest: PodLimits without overhead (max of init containers, sum of the rest)."""
    limits = pod_limits(pod, PodResourcesOptions(exclude_overhead=True))
    return {r: q.value() for r, q in sorted(limits.items()) if r in inventory.devices}


def generate_device_topology_hints(
    inventory: Inventory,
    numa_nodes: Sequence[int],
    resource: str,
    available: Collection[str],
    reusable: Collection[str],
    request: int,
) -> list[TopologyHint]:
    """generateDeviceTopologyHints. Devices are counted by their NUMA mask (a
    machine has few distinct ones), so each NUMA combination costs the number
    of distinct masks, not of devices."""
    masks = {i: mask_of(inventory.numa_nodes(resource, i)) for i in inventory.ids(resource)}
    every = Counter(masks.values())
    free = Counter(masks.get(d, 0) for d in available)
    reusable_masks = {masks.get(d, 0) for d in reusable} - {0}  # devices without topology are skipped
    reusable_count = sum(1 for d in reusable if masks.get(d, 0))
    min_size = len(numa_nodes)
    found: list[int] = []
    for mask in iterate_bitmasks(numa_nodes):
        size = mask.bit_count()
        if size < min_size and sum(n for m, n in every.items() if m & mask) >= request:
            min_size = size
        if any(not m & mask for m in reusable_masks):
            continue  # a reusable device with topology lies outside these NUMA nodes
        if reusable_count + sum(n for m, n in free.items() if m & mask) >= request:
            found.append(mask)
    return [TopologyHint(m, m.bit_count() == min_size) for m in found]


def _hints(
    inventory: Inventory,
    numa_nodes: Sequence[int],
    requests: Mapping[str, int],
    allocated_of: Mapping[str, Collection[str]],
    available_of: Mapping[str, Collection[str]],
    reusable: Reusable,
) -> DeviceHints:
    out: DeviceHints = {}
    for resource, requested in requests.items():
        if not inventory.has_topology(resource):
            out[resource] = None
            continue
        allocated = allocated_of.get(resource, ())
        if allocated:  # already allocated (a restarted container): the same hints again
            same = len(allocated) == requested
            out[resource] = generate_device_topology_hints(inventory, numa_nodes, resource, allocated, (), requested) if same else []
            continue
        available = available_of.get(resource, ())
        reuse = reusable.get(resource, [])
        if len(set(available) | set(reuse)) < requested:
            out[resource] = []
            continue
        out[resource] = generate_device_topology_hints(inventory, numa_nodes, resource, available, reuse, requested)
    return out


def container_hints(
    inventory: Inventory,
    numa_nodes: Sequence[int],
    pod_devices: PodDevices,
    available_of: Mapping[str, Collection[str]],
    reusable: Reusable,
    uid: str,
    container: Container,
) -> DeviceHints:
    """GetTopologyHints for one container."""
    requests = container_device_request(inventory, container)
    allocated = {r: pod_devices.container_devices(uid, container.name, r) or [] for r in requests}
    return _hints(inventory, numa_nodes, requests, allocated, available_of, reusable)


def pod_hints(
    inventory: Inventory,
    numa_nodes: Sequence[int],
    pod_devices: PodDevices,
    available_of: Mapping[str, Collection[str]],
    uid: str,
    pod: Pod,
) -> DeviceHints:
    """GetPodTopologyHints: one request for the whole pod, nothing reusable."""
    requests = pod_device_request(inventory, pod)
    allocated = {r: pod_devices.pod_devices(uid, r) for r in requests}
    return _hints(inventory, numa_nodes, requests, allocated, available_of, {})
