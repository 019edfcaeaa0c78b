"""The devices of every document of a node description -> one inventory, its capacity, the NRT's policy.

Devices come from a NodeProfile's ``devices``, a ``kind: NodeDevices``
document (``node discover``), the extended resources of a
NodeResourceTopology's zones, and, failing those, a Node's status.capacity:

- a resource listed by two documents must have the same number of devices
  on each NUMA node in both; the first document's devices (and IDs) are kept;
- a device's NUMA node must be one of the machine's;
- a resource with devices counts them into capacity (and into a Node's
  allocatable when the Node does not state it) unless the description
  states its capacity; a stated capacity that differs is a problem
  (device_checks.py, which can name lines);
- an extended resource whose capacity is stated (a Node's status.capacity,
  a NodeProfile's extendedResources) and that no document lists becomes
  that many devices without topology, IDs generated (devices.py).
  A count that is not a whole number, or beyond MAX_DEVICES over the node,
  stays a counted resource without devices: extended resources are not all
  a device plugin's (a cluster may advertise any count of anything).

A NodeResourceTopology's topologyManagerPolicy/Scope are the kubelet's
unless a kubelet document sets them: then they must agree.
"""

from __future__ import annotations

from collections import Counter
from pod_resources_cli.records import dataclass, field, replace
from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.node.devices import MAX_DEVICES, DeviceGroup, build_devices, generated_id, is_extended_resource
from pod_resources_cli.model.decode.node.nrt_policy import POLICY_ATTRIBUTE, SCOPE_ATTRIBUTE, Stated
from pod_resources_cli.model.decode.problems import Problems
from pod_resources_cli.model.node import Device, KubeletConfig, MachineTopology
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.shown import shown

STATED: Final = "capacity"


@dataclass(frozen=True, slots=True)
class DeviceSource:
    kind: str  # NodeProfile, NodeDevices, NodeResourceTopology
    groups: tuple[DeviceGroup, ...]


@dataclass(slots=True)
class Inventory:
    """What settle_devices leaves for the cross-document checks."""

    devices: tuple[Device, ...] = ()
    listed: dict[str, tuple[Pointer, str]] = field(default_factory=dict)  # resource -> (its first entry, document kind)


def _per_numa(groups: list[DeviceGroup]) -> dict[tuple[int, ...], int]:
    counts: Counter[tuple[int, ...]] = Counter()
    for group in groups:
        counts[group.numa_nodes] += group.count
    return dict(counts)


def _numa_text(counts: dict[tuple[int, ...], int]) -> str:
    parts = [f"{n} on NUMA node {','.join(map(str, key))}" if key else f"{n} without topology" for key, n in sorted(counts.items())]
    return ", ".join(parts)


def _kept_groups(sources: list[DeviceSource], problems: Problems, inventory: Inventory) -> list[DeviceGroup]:
    kept: list[DeviceGroup] = []
    first: dict[str, tuple[str, dict[tuple[int, ...], int]]] = {}
    for source in sources:
        by_resource: dict[str, list[DeviceGroup]] = {}
        for group in source.groups:
            by_resource.setdefault(group.resource, []).append(group)
        for resource, groups in by_resource.items():
            counts = _per_numa(groups)
            if resource not in first:
                first[resource] = (source.kind, counts)
                inventory.listed[resource] = (groups[0].pointer, source.kind)
                kept.extend(groups)
            elif first[resource][1] != counts:
                kind, earlier = first[resource]
                problems.add(
                    groups[0].pointer,
                    f"the {source.kind} lists {sum(counts.values())} {shown(resource)} devices ({_numa_text(counts)}), "
                    f"the {kind} {sum(earlier.values())} ({_numa_text(earlier)}): they describe different machines",
                )
    return kept


def _check_numa(groups: list[DeviceGroup], topology: MachineTopology | None, problems: Problems) -> list[DeviceGroup]:
    known = {n.node_id for n in topology.numa_nodes} if topology is not None else set()
    out = []
    for group in groups:
        missing = [n for n in group.numa_nodes if n not in known]
        if not missing:
            out.append(group)
        elif topology is None or not known:
            problems.add(group.pointer, f"NUMA node {missing[0]}: the node description has no NUMA topology (a MachineInfo or NodeProfile)")
        else:
            problems.add(
                group.pointer,
                f"NUMA node {missing[0]} is not one of this machine's (NUMA nodes {', '.join(map(str, sorted(known)))})",
            )
    return out


def settle_devices(
    sources: list[DeviceSource],
    topology: MachineTopology | None,
    capacity: dict[str, Quantity],
    allocatable: dict[str, Quantity] | None,
    problems: Problems,
) -> Inventory:
    """The node's devices; fills ``capacity`` (what the documents state) and ``allocatable`` in place."""
    inventory = Inventory()
    stated = dict(capacity)
    groups = _check_numa(_kept_groups(sources, problems, inventory), topology, problems)
    devices = [device for device, _ in build_devices(groups, problems)]
    counts = Counter(d.resource for d in devices)
    for resource, count in counts.items():
        capacity.setdefault(resource, Quantity.from_int(count))
        if allocatable is not None:
            allocatable.setdefault(resource, Quantity.from_int(count))
    for resource, quantity in sorted(stated.items()):
        if resource in inventory.listed or not is_extended_resource(resource):
            continue
        if quantity.nanos % 10**9 or quantity.nanos < 0 or len(devices) + quantity.value() > MAX_DEVICES:
            continue
        devices.extend(Device(resource, generated_id(resource, n)) for n in range(quantity.value()))
        inventory.listed[resource] = ((), STATED)
    inventory.devices = tuple(sorted(devices, key=lambda d: (d.resource, d.device_id)))
    return inventory


def apply_nrt_settings(
    kubelet: KubeletConfig, stated_fields: frozenset[str], policy: Stated | None, scope: Stated | None, problems: Problems
) -> KubeletConfig:
    """The NRT's policy and scope where no kubelet document sets them; a disagreement is a problem."""
    changes: dict[str, Any] = {}
    for stated, attr, name in ((policy, "topology_manager_policy", POLICY_ATTRIBUTE), (scope, "topology_manager_scope", SCOPE_ATTRIBUTE)):
        if stated is None:
            continue
        if attr not in stated_fields:
            changes[attr] = stated.value
        elif getattr(kubelet, attr) != stated.value:
            problems.add(
                stated.pointer,
                f"the NodeResourceTopology says {name} {stated.value}, the kubelet configuration sets "
                f"{getattr(kubelet, attr)}: they describe different kubelets",
            )
    return replace(kubelet, **changes) if changes else kubelet
