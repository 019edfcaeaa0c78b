"""The device manager's inventory and its record of allocated devices.

Mirrors pkg/kubelet/cm/devicemanager/pod_devices.go (kubernetes/kubernetes
commit d30c489c54c5e6d41ae3a1e1fcd96d24dba4fc51 for the podDevices methods,
podDevices(podUID, resource) as the newer files have it since v1.27) and the
allDevices / healthyDevices maps of manager.go (@7510f32987fe). The node
model has no device health, so every advertised device is healthy. Device
IDs are kept in the node description's order (upstream keeps Go sets, whose
order is arbitrary).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pod_resources_cli.model.node import Device
from pod_resources_cli.records import dataclass


@dataclass(frozen=True, slots=True)
class DeviceAllocation:
    """The devices of one extended resource given to one container."""

    resource: str
    device_ids: tuple[str, ...]
    numa_nodes: tuple[int, ...]  # the devices' NUMA nodes; () = the plugin gives no topology


class Inventory:
    """allDevices / healthyDevices: resource -> device ID -> Device, in the node's order."""

    def __init__(self, devices: Iterable[Device]) -> None:
        self.devices: dict[str, dict[str, Device]] = {}
        for d in devices:
            self.devices.setdefault(d.resource, {})[d.device_id] = d

    def has_topology(self, resource: str) -> bool:
        """deviceHasTopologyAlignment: any device of the resource names a NUMA node."""
        return any(d.numa_nodes for d in self.devices.get(resource, {}).values())

    def ids(self, resource: str) -> list[str]:
        return list(self.devices.get(resource, {}))

    def numa_nodes(self, resource: str, device_id: str) -> tuple[int, ...]:
        d = self.devices.get(resource, {}).get(device_id)
        return d.numa_nodes if d is not None else ()

    def allocation(self, resource: str, ids: Sequence[str]) -> DeviceAllocation:
        nodes = sorted({n for i in ids for n in self.numa_nodes(resource, i)})
        return DeviceAllocation(resource, tuple(ids), tuple(nodes))


Reusable = dict[str, list[str]]  # resource -> device IDs (devicesToReuse of one pod)


class PodDevices:
    """podDevices: pod -> container -> resource -> device IDs."""

    def __init__(self) -> None:
        self.devs: dict[str, dict[str, dict[str, list[str]]]] = {}

    def insert(self, uid: str, container: str, resource: str, ids: Sequence[str]) -> None:
        self.devs.setdefault(uid, {}).setdefault(container, {})[resource] = list(ids)

    def delete(self, uid: str) -> None:
        self.devs.pop(uid, None)

    def container_devices(self, uid: str, container: str, resource: str) -> list[str] | None:
        """containerDevices: None when nothing is recorded for the triple."""
        return self.devs.get(uid, {}).get(container, {}).get(resource)

    def container_resources(self, uid: str, container: str) -> dict[str, list[str]]:
        return dict(self.devs.get(uid, {}).get(container, {}))

    def pod_devices(self, uid: str, resource: str) -> list[str]:
        """podDevices(podUID, resource): the union over the pod's containers."""
        out: dict[str, None] = {}  # an ordered set
        for resources in self.devs.get(uid, {}).values():
            out.update(dict.fromkeys(resources.get(resource, ())))
        return list(out)

    def devices(self) -> dict[str, set[str]]:
        """devices(): everything allocated, per resource (allocatedDevices)."""
        out: dict[str, set[str]] = {}
        for containers in self.devs.values():
            for resources in containers.values():
                for resource, ids in resources.items():
                    out.setdefault(resource, set()).update(ids)
        return out

    def add_container_allocated_resources(self, uid: str, container: str, target: Reusable) -> None:
        for resource, ids in self.container_resources(uid, container).items():
            target[resource] = list(dict.fromkeys([*target.get(resource, []), *ids]))

    def remove_container_allocated_resources(self, uid: str, container: str, target: Reusable) -> None:
        for resource, ids in self.container_resources(uid, container).items():
            gone = set(ids)
            target[resource] = [i for i in target.get(resource, []) if i not in gone]
