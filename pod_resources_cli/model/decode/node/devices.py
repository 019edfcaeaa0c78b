"""Device lists of a node description -> model.node.Device, the Device Manager's inventory.

A ``devices:`` list (a NodeProfile's top level, a NodeProfile's
``numaNodes[i]``, a ``kind: NodeDevices`` document as ``node discover``
writes it) holds entries::

    {resource: nvidia.com/gpu, numaNode: 0, count: 4}
    {resource: nvidia.com/gpu, numaNode: 1, ids: [GPU-4, GPU-5]}
    {resource: example.com/fpga, count: 1}        # no numaNode: no topology

``resource`` is an extended resource name, as a device plugin registers it
(domain/name outside kubernetes.io: pkg/apis/core/v1/helper/helpers.go
IsExtendedResourceName, k/k a23d4fdd58ee, as kube/names.py reads it). ``numaNode`` is the NUMA node of the device's
TopologyInfo; absent, the plugin gives no topology and the Device Manager no
hint. Under ``numaNodes[i]`` it is implied (and, when written, must be i).
An entry has ``count`` or ``ids``, not both.

Generated IDs: ``<name>-<n>``, ``<name>`` the part of the resource after its
``/`` (``gpu-0`` for nvidia.com/gpu), ``n`` counting the generated devices of
one resource from 0, in the order they are listed (top-level entries first,
then the NUMA nodes' entries in NUMA node order). The kubelet treats IDs as
opaque strings unique per resource; an ID given twice for one resource is a
problem. A node holds at most MAX_DEVICES devices: the tool builds one
object per device.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.problems import Problems, as_int, as_list, as_mapping, as_str, type_name
from pod_resources_cli.model.node import Device
from pod_resources_cli.records import dataclass
from pod_resources_cli.shown import shown

MAX_DEVICES: Final = 16384
ENTRY_FIELDS: Final = frozenset({"resource", "numaNode", "count", "ids"})
_NAME: Final = r"[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?"
_DOMAIN: Final = r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*"
_EXTENDED: Final = re.compile(rf"(?={_DOMAIN}/)[^/]{{1,253}}/{_NAME}")


@dataclass(frozen=True, slots=True)
class DeviceGroup:
    """One entry: devices of one resource on the same NUMA nodes."""

    resource: str
    numa_nodes: tuple[int, ...]
    count: int
    ids: tuple[str, ...] | None  # None: generated IDs
    pointer: Pointer


def is_extended_resource(name: str) -> bool:
    """IsExtendedResourceName without the qualified-name check: domain/name, not kubernetes.io, not requests.*."""
    return "/" in name and "kubernetes.io/" not in name and not name.startswith("requests.")


def extended_resource_problem(name: str) -> str | None:
    if is_extended_resource(name) and _EXTENDED.fullmatch(name):
        return None
    return (
        f"{shown(name)} is not an extended resource name: a device plugin's resource is "
        "<domain>/<name> outside kubernetes.io (e.g. nvidia.com/gpu)"
    )


def decode_device_entries(value: Any, pointer: Pointer, problems: Problems, *, numa_node: int | None = None) -> list[DeviceGroup]:
    """The entries of one ``devices:`` list; ``numa_node``: the list belongs to that NUMA node."""
    groups: list[DeviceGroup] = []
    for i, raw in enumerate(as_list(value, pointer, problems)):
        entry_ptr = (*pointer, i)
        entry = as_mapping(raw, entry_ptr, problems)
        if entry is None:
            if raw is None:
                problems.add(entry_ptr, "a device entry must be an object, not null")
            continue
        group = _entry(entry, entry_ptr, problems, numa_node)
        if group is not None:
            groups.append(group)
    return groups


def _entry(entry: dict[str, Any], p: Pointer, problems: Problems, numa_node: int | None) -> DeviceGroup | None:
    for key in entry:
        if key not in ENTRY_FIELDS:
            problems.add((*p, key), f"unknown field {shown(key)} (a device entry has resource, numaNode, count or ids)")
    resource = as_str(entry.get("resource"), (*p, "resource"), problems)
    if resource is None:
        if "resource" not in entry or entry["resource"] is None:
            problems.add(p, "a device entry needs resource (e.g. nvidia.com/gpu)")
        return None
    name_problem = extended_resource_problem(resource)
    if name_problem is not None:
        problems.add((*p, "resource"), name_problem)
        return None
    numa = numa_node
    if entry.get("numaNode") is not None:
        stated = as_int(entry["numaNode"], (*p, "numaNode"), problems)
        if stated is None:
            return None
        if stated < 0:
            problems.add((*p, "numaNode"), f"numaNode {stated} is negative (omit numaNode for a device without topology)")
            return None
        if numa_node is not None and stated != numa_node:
            problems.add((*p, "numaNode"), f"numaNode {stated} in the devices of NUMA node {numa_node}")
            return None
        numa = stated
    numas = () if numa is None else (numa,)
    has_count, has_ids = entry.get("count") is not None, entry.get("ids") is not None
    if has_count == has_ids:
        problems.add(p, f"a device entry of {shown(resource)} needs count or ids ({'not both' if has_count else 'one of them'})")
        return None
    if has_count:
        count = as_int(entry["count"], (*p, "count"), problems)
        if count is None:
            return None
        if not 1 <= count <= MAX_DEVICES:
            problems.add((*p, "count"), f"count must be between 1 and {MAX_DEVICES}, not {shown(count)}")
            return None
        return DeviceGroup(resource, numas, count, None, p)
    ids = _ids(entry["ids"], (*p, "ids"), problems)
    return None if ids is None else DeviceGroup(resource, numas, len(ids), ids, p)


def _ids(value: Any, pointer: Pointer, problems: Problems) -> tuple[str, ...] | None:
    listed = as_list(value, pointer, problems)
    if not isinstance(value, list):
        return None
    if not listed:
        problems.add(pointer, "ids must list at least one device ID")
        return None
    if len(listed) > MAX_DEVICES:
        problems.add(pointer, f"ids lists {len(listed)} devices, more than {MAX_DEVICES}")
        return None
    out: list[str] = []
    for j, item in enumerate(listed):
        if not isinstance(item, str) or not item:
            what = "an empty string" if item == "" else type_name(item)
            problems.add((*pointer, j), f"a device ID must be a non-empty string, not {what}")
            return None
        out.append(item)
    return tuple(out)


def generated_id(resource: str, n: int) -> str:
    return f"{resource.rsplit('/', 1)[-1]}-{n}"


def build_devices(groups: Iterable[DeviceGroup], problems: Problems, *, total: int = 0) -> list[tuple[Device, DeviceGroup]]:
    """Devices with their IDs (generated ones numbered per resource), each with its
    entry; a repeated ID, or more than MAX_DEVICES over the node (``total`` already
    built elsewhere), is a problem."""
    out: list[tuple[Device, DeviceGroup]] = []
    next_n: dict[str, int] = {}
    seen: dict[tuple[str, str], Pointer] = {}
    for group in groups:
        if total + len(out) + group.count > MAX_DEVICES:
            problems.add(group.pointer, f"more than {MAX_DEVICES} devices in one node description: pod-resources models at most {MAX_DEVICES}")
            return out
        if group.ids is None:
            start = next_n.get(group.resource, 0)
            ids: tuple[str, ...] = tuple(generated_id(group.resource, n) for n in range(start, start + group.count))
            next_n[group.resource] = start + group.count
        else:
            ids = group.ids
        for j, device_id in enumerate(ids):
            key = (group.resource, device_id)
            where = group.pointer if group.ids is None else (*group.pointer, "ids", j)
            if key in seen:
                problems.add(where, f"device {shown(device_id)} of {shown(group.resource)} is listed twice (IDs are unique per resource)")
                continue
            seen[key] = where
            out.append((Device(group.resource, device_id, group.numa_nodes), group))
    return out


def sort_devices(devices: Iterable[Device]) -> tuple[Device, ...]:
    return tuple(sorted(devices, key=lambda d: (d.resource, d.device_id)))


DEVICES_KIND: Final = "NodeDevices"
DEVICES_API_VERSION: Final = "pod-resources/v1"
DEVICES_FIELDS: Final = frozenset({"apiVersion", "kind", "name", "description", "devices"})


def is_devices_document(doc: dict[str, Any]) -> bool:
    return doc.get("kind") == DEVICES_KIND


def decode_devices_document(doc: dict[str, Any], pointer: Pointer, problems: Problems) -> tuple[str | None, list[DeviceGroup]]:
    """``kind: NodeDevices``: a node's devices only, beside a MachineInfo (what ``node discover`` writes)."""
    if doc.get("apiVersion") != DEVICES_API_VERSION:
        problems.add((*pointer, "apiVersion"), f"a {DEVICES_KIND} has apiVersion {DEVICES_API_VERSION}, not {shown(doc.get('apiVersion'))}")
    for key in doc:
        if key not in DEVICES_FIELDS:
            problems.add((*pointer, key), f"unknown field {shown(key)} (a {DEVICES_KIND} has {', '.join(sorted(DEVICES_FIELDS))})")
    as_str(doc.get("description"), (*pointer, "description"), problems)
    name = as_str(doc.get("name"), (*pointer, "name"), problems)
    return name, decode_device_entries(doc.get("devices"), (*pointer, "devices"), problems)
