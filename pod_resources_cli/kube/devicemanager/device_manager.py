"""The kubelet's Device Manager on one node, as a topology-manager hint provider.

Mirrors pkg/kubelet/cm/devicemanager/manager.go (kubernetes/kubernetes commit
7510f32987feb7efbaced9aec1ca15303dea252b): newManagerImpl (the machine's
NUMA nodes), Allocate (init containers first; the devices of a finished
init container become reusable by the next containers of the pod, a
restartable init container keeps its own; devicesToReuse holds only the
pod being admitted), allocateContainerResources (each device-plugin
resource the container's limits name), isDevicePluginResource (a resource
some device is advertised for: the node's device list, every device
healthy), GetTopologyHints / GetPodTopologyHints (hints.py) and the
garbage collection of UpdateAllocatedDevices for a refused pod
(``remove_pod``). An extended resource no device is advertised for is not
the device manager's: it gives it no hint and allocates nothing.

KEP-5526 (upstream with PodLevelResourceManagers): the device manager's
AllocatePod does nothing ("Device Manager does not support pod level
resource allocation", manager.go of v1.36, quoted by two write-ups of that
release; the stored upstream copies predate it); the kubelet allocates the
devices when it creates each container (GetDeviceRunContainerOptions finds
none and calls Allocate under the pod's hint), so an error there fails the
container's creation, not the pod's admission. ``allocate_pod`` does that
allocation at once and keeps its errors as ``creation_errors``.
"""

from __future__ import annotations

from pod_resources_cli.kube.cpumanager.state import pod_uid
from pod_resources_cli.kube.devicemanager.allocate import AllocationError, Preferred, devices_to_allocate
from pod_resources_cli.kube.devicemanager.hints import DeviceHints, container_hints, pod_hints
from pod_resources_cli.kube.devicemanager.state import DeviceAllocation, Inventory, PodDevices, Reusable
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.model.pod import Container, ContainerType, Pod


class DeviceManager:
    def __init__(self, node: NodeDescription, preferred: dict[str, Preferred] | None = None) -> None:
        self.inventory = Inventory(node.devices)
        self.numa_nodes = [n.node_id for n in node.topology.numa_nodes] if node.topology is not None else []
        self.pod_devices = PodDevices()
        self.allocated: dict[str, set[str]] = {}  # allocatedDevices
        self.devices_to_reuse: dict[str, Reusable] = {}
        self.preferred = preferred or {}  # resource -> its plugin's GetPreferredAllocation
        self.creation_errors: dict[tuple[str, str], str] = {}

    def is_device_plugin_resource(self, resource: str) -> bool:
        return resource in self.inventory.devices or resource in self.allocated

    def available(self) -> dict[str, list[str]]:
        """getAvailableDevices for every resource: healthy minus allocated."""
        return {r: [d for d in self.inventory.ids(r) if d not in self.allocated.get(r, set())] for r in self.inventory.devices}

    # -- HintProvider -----------------------------------------------------------
    def get_topology_hints(self, pod: Pod, container: Container) -> DeviceHints:
        uid = pod_uid(pod)
        reusable = self.devices_to_reuse.get(uid, {})
        return container_hints(self.inventory, self.numa_nodes, self.pod_devices, self.available(), reusable, uid, container)

    def get_pod_topology_hints(self, pod: Pod) -> DeviceHints:
        return pod_hints(self.inventory, self.numa_nodes, self.pod_devices, self.available(), pod_uid(pod), pod)

    def allocate(self, pod: Pod, container: Container, affinity: int | None) -> str | None:
        """Allocate: the error text (UnexpectedAdmissionError for the kubelet), or None."""
        uid = pod_uid(pod)
        reuse = self.devices_to_reuse.setdefault(uid, {})
        for other in [p for p in self.devices_to_reuse if p != uid]:
            del self.devices_to_reuse[other]
        try:
            self._allocate_container_resources(uid, container, reuse, affinity)
        except AllocationError as exc:
            return str(exc)
        if container.type != ContainerType.REGULAR and not container.is_restartable_init:
            self.pod_devices.add_container_allocated_resources(uid, container.name, reuse)
        else:
            self.pod_devices.remove_container_allocated_resources(uid, container.name, reuse)
        return None

    def allocate_pod(self, pod: Pod, affinity: int | None) -> None:
        """KEP-5526 AllocatePod admits without allocating; the containers get
        their devices when they are created, each under the pod's hint."""
        for c in pod.all_containers():
            error = self.allocate(pod, c, affinity)
            if error is not None:
                self.creation_errors[(pod_uid(pod), c.name)] = error

    def _allocate_container_resources(self, uid: str, container: Container, reuse: Reusable, affinity: int | None) -> None:
        for resource, quantity in sorted(container.resources.lim.items()):
            if not self.is_device_plugin_resource(resource):
                continue
            in_use = self.allocated.setdefault(resource, set())
            ids = devices_to_allocate(
                self.inventory,
                resource,
                quantity.value(),
                in_use,
                self.pod_devices.container_devices(uid, container.name, resource),
                reuse.get(resource, []),
                affinity,
                self.preferred.get(resource),
                (uid, container.name),
            )
            if ids:
                self.pod_devices.insert(uid, container.name, resource, ids)

    # -- lifecycle and queries ----------------------------------------------------
    def remove_pod(self, pod: Pod | str) -> None:
        """UpdateAllocatedDevices once the pod is no longer active."""
        uid = pod if isinstance(pod, str) else pod_uid(pod)
        self.pod_devices.delete(uid)
        self.devices_to_reuse.pop(uid, None)
        self.allocated = self.pod_devices.devices()
        self.creation_errors = {k: v for k, v in self.creation_errors.items() if k[0] != uid}

    def creation_error(self, pod: Pod, container_name: str) -> str | None:
        """The error the container's creation meets (KEP-5526 path); None when none."""
        return self.creation_errors.get((pod_uid(pod), container_name))

    def container_devices(self, pod: Pod, container_name: str) -> tuple[DeviceAllocation, ...]:
        """GetDevices: the container's devices per resource, sorted by resource."""
        resources = self.pod_devices.container_resources(pod_uid(pod), container_name)
        return tuple(self.inventory.allocation(r, ids) for r, ids in sorted(resources.items()))
