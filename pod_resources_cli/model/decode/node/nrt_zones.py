"""The resources and costs of one NodeResourceTopology zone (nrt.py) -> a NUMA node and its devices.

``cpu`` capacity is the NUMA node's CPU count, ``memory`` its bytes,
``hugepages-<size>`` its hugepages (a page size a kernel has: a power of two,
a whole number of KiB, at most 4Ei, as values.py bounds a MachineInfo's), an
extended resource that many devices on the NUMA node (devices.py), with
generated IDs. ``costs`` become the NUMA node's distance row: all zones or
none, since the topology manager reads whole rows. Types and names:
github.com/k8stopologyawareschedwg/noderesourcetopology-api
@7f99f9c2af03e0dd95ca81b650cd5f2427fbc8bd pkg/apis/topology/v1alpha2/types.go
(ResourceInfo, CostInfo).
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.node.devices import DeviceGroup, extended_resource_problem, is_extended_resource
from pod_resources_cli.model.decode.node.values import KIB, MAX_HUGEPAGE_KIB, node_quantity
from pod_resources_cli.model.decode.problems import Problems, as_int, as_list, as_mapping, as_str
from pod_resources_cli.model.node import NUMANode
from pod_resources_cli.quantity import MAX_INT64, parse_quantity
from pod_resources_cli.shown import shown

ZONE_PREFIX: Final = "node-"
RESOURCE_FIELDS: Final = frozenset({"name", "capacity", "allocatable", "available"})
COST_FIELDS: Final = frozenset({"name", "value"})


def unknown_fields(mapping: dict[str, Any], known: frozenset[str], pointer: Pointer, problems: Problems, what: str) -> None:
    for key in mapping:
        if key not in known:
            problems.add((*pointer, key), f"unknown field {shown(key)} in {what} (it has {', '.join(sorted(known))})")


def zone_resources(
    zone: dict[str, Any], zp: Pointer, numa: int, problems: Problems, groups: list[DeviceGroup]
) -> tuple[NUMANode, tuple[int, Pointer] | None]:
    memory = 0
    hugepages: dict[int, int] = {}
    cpus: tuple[int, Pointer] | None = None
    for j, raw in enumerate(as_list(zone.get("resources"), (*zp, "resources"), problems)):
        rp = (*zp, "resources", j)
        entry = as_mapping(raw, rp, problems) or {}
        unknown_fields(entry, RESOURCE_FIELDS, rp, problems, "a zone resource")
        name = as_str(entry.get("name"), (*rp, "name"), problems)
        if name is None:
            problems.add(rp, "a zone resource needs a name")
            continue
        for key in ("allocatable", "available"):
            if entry.get(key) is not None:
                node_quantity(entry[key], (*rp, key), problems, resource=name)
        if entry.get("capacity") is None:
            problems.add(rp, f"zone resource {shown(name)} needs a capacity")
            continue
        capacity = node_quantity(entry["capacity"], (*rp, "capacity"), problems, resource=name)
        if capacity is None:
            continue
        cp = (*rp, "capacity")
        if capacity.nanos < 0:
            problems.add(cp, f"capacity {capacity} cannot be negative")
        elif name == "cpu":
            if capacity.milli_value() % 1000:
                problems.add(cp, f"cpu capacity {capacity} is not a whole number of CPUs")
            else:
                cpus = (capacity.milli_value() // 1000, cp)
        elif name == "memory":
            memory = capacity.value()
        elif name.startswith("hugepages-"):
            size = _page_size(name)
            if size is None or capacity.value() % size:
                problems.add(cp, f"{shown(name)} capacity {capacity} is not a whole number of pages of a hugepage size")
            else:
                hugepages[size] = capacity.value() // size
        elif is_extended_resource(name):
            problem = extended_resource_problem(name)
            if problem is not None:
                problems.add((*rp, "name"), problem)
            elif capacity.nanos % 10**9:
                problems.add(cp, f"{shown(name)} capacity {capacity} is not a whole number of devices")
            elif capacity.value():
                groups.append(DeviceGroup(name, (numa,), capacity.value(), None, cp))
    return NUMANode(numa, memory, hugepages), cpus


def _page_size(name: str) -> int | None:
    try:
        size = parse_quantity(name[len("hugepages-") :], saturate=False).value()
    except ValueError:
        return None
    return size if 0 < size <= MAX_HUGEPAGE_KIB * KIB and not size & (size - 1) and not size % KIB else None


def zone_costs(value: Any, pointer: Pointer, problems: Problems) -> list[tuple[str, int, Pointer]]:
    out = []
    for k, raw in enumerate(as_list(value, pointer, problems)):
        cp = (*pointer, k)
        cost = as_mapping(raw, cp, problems) or {}
        unknown_fields(cost, COST_FIELDS, cp, problems, "a cost")
        name = as_str(cost.get("name"), (*cp, "name"), problems)
        number = as_int(cost.get("value"), (*cp, "value"), problems)
        if number is not None and not 0 <= number <= MAX_INT64:
            problems.add((*cp, "value"), f"cost {shown(number)} is out of range (an int64 distance, not negative)")
        elif name is not None and number is not None:
            out.append((name, number, cp))
    return out


def with_distances(node: NUMANode, costs: list[tuple[str, int, Pointer]], zones: dict[int, Pointer], problems: Problems) -> NUMANode:
    """costs -> the distance row in NUMA node order; all or nothing (the topology manager reads whole rows)."""
    if not costs:
        return node
    by_zone: dict[int, int] = {}
    for name, value, cp in costs:
        numa = int(name[len(ZONE_PREFIX) :]) if name.startswith(ZONE_PREFIX) and name[len(ZONE_PREFIX) :].isdigit() else None
        if numa is None or numa not in zones:
            problems.add((*cp, "name"), f"cost to {shown(name)}, which is not a NUMA node zone of this object")
            return node
        by_zone[numa] = value
    if set(by_zone) != set(zones):
        missing = sorted(set(zones) - set(by_zone))
        problems.add(costs[0][2][:-1], f"costs of {ZONE_PREFIX}{node.node_id} name no distance to {', '.join(f'{ZONE_PREFIX}{m}' for m in missing)}")
        return node
    return NUMANode(node.node_id, node.memory, node.hugepages, tuple(by_zone[z] for z in sorted(zones)))
