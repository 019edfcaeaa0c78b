"""A NodeResourceTopology (topology.node.k8s.io v1alpha1, v1alpha2) -> NUMA nodes, devices, policy.

The object NFD's nfd-topology-updater publishes per node and the
topology-aware scheduler plugin reads (github.com/k8stopologyawareschedwg/
noderesourcetopology-api @7f99f9c2af03e0dd95ca81b650cd5f2427fbc8bd,
pkg/apis/topology/v1alpha2/types.go and v1alpha1/types.go;
v1alpha2/helper/numanode/numanode.go for zone names). Its ``zones`` of type
``Node`` are the NUMA nodes, named ``node-<id>``; zones of other types
(sockets, cores) are not modelled and are skipped. In a zone:

- ``resources``: ``cpu`` capacity is the NUMA node's CPU count, ``memory``
  its bytes, ``hugepages-<size>`` its hugepages, and every extended resource
  (nvidia.com/gpu...) that many devices on that NUMA node, with generated
  IDs (devices.py). ``allocatable`` and ``available`` are checked as
  quantities and not used: the reservations come from the kubelet's
  configuration, and ``available`` is one moment of a running node.
- ``costs``: the NUMA distances to the zones they name.

The machine built from the zones, used when no MachineInfo or NodeProfile
describes it, numbers the CPUs zone by zone in NUMA node order, each CPU its
own core on a socket of its NUMA node: the object says nothing of threads,
cores or sockets. Beside a machine description, its CPU counts are checked
against it instead (device_checks.py). The policy and scope are in nrt_policy.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from pod_resources_cli.cpuset import MAX_CPUS, MAX_NUMA_NODES
from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.node.devices import DeviceGroup, extended_resource_problem, is_extended_resource
from pod_resources_cli.model.decode.node.nrt_policy import Stated, topology_settings
from pod_resources_cli.model.decode.node.values import node_quantity
from pod_resources_cli.model.decode.problems import Problems, as_int, as_list, as_mapping, as_str
from pod_resources_cli.model.node import CPUInfo, MachineTopology, NUMANode
from pod_resources_cli.quantity import MAX_INT64, parse_quantity, shown

KIND: Final = "NodeResourceTopology"
GROUP: Final = "topology.node.k8s.io"
VERSIONS: Final = ("v1alpha1", "v1alpha2")
ZONE_TYPE_NUMA: Final = "Node"
ZONE_PREFIX: Final = "node-"
TOP_FIELDS: Final = frozenset({"apiVersion", "kind", "metadata", "topologyPolicies", "zones"})
ZONE_FIELDS: Final = frozenset({"name", "type", "parent", "costs", "attributes", "resources"})
RESOURCE_FIELDS: Final = frozenset({"name", "capacity", "allocatable", "available"})
COST_FIELDS: Final = frozenset({"name", "value"})


@dataclass(frozen=True, slots=True)
class ZoneCPUs:
    numa_node: int
    count: int
    pointer: Pointer  # the zone's cpu capacity


@dataclass(frozen=True, slots=True)
class NRTResult:
    name: str | None
    topology: MachineTopology | None
    zone_cpus: tuple[ZoneCPUs, ...]
    devices: tuple[DeviceGroup, ...]
    policy: Stated | None = None
    scope: Stated | None = None
    zone_pointers: dict[int, Pointer] = field(default_factory=dict)


def is_nrt(doc: dict[str, Any]) -> bool:
    return doc.get("kind") == KIND


def _unknown(mapping: dict[str, Any], known: frozenset[str], pointer: Pointer, problems: Problems, what: str) -> None:
    for key in mapping:
        if key not in known:
            problems.add((*pointer, key), f"unknown field {shown(key)} in {what} (it has {', '.join(sorted(known))})")


def decode_nrt(doc: dict[str, Any], pointer: Pointer, problems: Problems) -> NRTResult:
    p = pointer
    version = doc.get("apiVersion")
    v1alpha2 = version == f"{GROUP}/v1alpha2"
    if version not in tuple(f"{GROUP}/{v}" for v in VERSIONS):
        problems.add((*p, "apiVersion"), f"a NodeResourceTopology has apiVersion {GROUP}/v1alpha2 or /v1alpha1, not {shown(version)}")
    _unknown(doc, TOP_FIELDS | ({"attributes"} if v1alpha2 else set()), p, problems, "a NodeResourceTopology")
    metadata = as_mapping(doc.get("metadata"), (*p, "metadata"), problems) or {}
    name = metadata.get("name") if isinstance(metadata.get("name"), str) else None
    policy, scope = topology_settings(doc, p, problems, v1alpha2)
    nodes: list[NUMANode] = []
    cpus: list[ZoneCPUs] = []
    groups: list[DeviceGroup] = []
    costs: dict[int, list[tuple[str, int, Pointer]]] = {}
    zone_pointers: dict[int, Pointer] = {}
    for i, raw in enumerate(as_list(doc.get("zones"), (*p, "zones"), problems)):
        zp = (*p, "zones", i)
        zone = as_mapping(raw, zp, problems) or {}
        _unknown(zone, ZONE_FIELDS, zp, problems, "a zone")
        if as_str(zone.get("type"), (*zp, "type"), problems) != ZONE_TYPE_NUMA:
            continue
        numa = _zone_id(zone.get("name"), (*zp, "name"), problems)
        if numa is None:
            continue
        if numa in zone_pointers:
            problems.add((*zp, "name"), f"NUMA node zone {ZONE_PREFIX}{numa} is listed twice")
            continue
        zone_pointers[numa] = zp
        node, count = _resources(zone, zp, numa, problems, groups)
        nodes.append(node)
        if count is not None:
            cpus.append(ZoneCPUs(numa, count[0], count[1]))
        costs[numa] = _costs(zone.get("costs"), (*zp, "costs"), problems)
    nodes = [_with_distances(n, costs[n.node_id], zone_pointers, problems) for n in sorted(nodes, key=lambda n: n.node_id)]
    topology = _machine(nodes, cpus, p, problems) if cpus else None
    return NRTResult(name, topology, tuple(cpus), tuple(groups), policy, scope, zone_pointers)


def _zone_id(value: Any, pointer: Pointer, problems: Problems) -> int | None:
    """numanode.NameToID: ``node-<id>``, id a non-negative decimal."""
    name = as_str(value, pointer, problems)
    digits = name[len(ZONE_PREFIX) :] if name is not None and name.startswith(ZONE_PREFIX) else ""
    if not digits.isascii() or not digits.isdigit():
        if name is not None or value is None:
            problems.add(pointer, f"a NUMA node zone is named node-<id>, not {shown(value)}")
        return None
    if len(digits) > 4 or int(digits) >= MAX_NUMA_NODES:
        problems.add(pointer, f"NUMA node id {shown(digits)} is out of range (Linux numbers NUMA nodes from 0 to {MAX_NUMA_NODES - 1})")
        return None
    return int(digits)


def _resources(
    zone: dict[str, Any], zp: Pointer, numa: int, problems: Problems, groups: list[DeviceGroup]
) -> tuple[NUMANode, tuple[int, Pointer] | None]:
    memory = 0
    hugepages: dict[int, int] = {}
    cpus: tuple[int, Pointer] | None = None
    for j, raw in enumerate(as_list(zone.get("resources"), (*zp, "resources"), problems)):
        rp = (*zp, "resources", j)
        entry = as_mapping(raw, rp, problems) or {}
        _unknown(entry, RESOURCE_FIELDS, rp, problems, "a zone resource")
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
    return size if 0 < size <= MAX_INT64 and not size & (size - 1) else None


def _costs(value: Any, pointer: Pointer, problems: Problems) -> list[tuple[str, int, Pointer]]:
    out = []
    for k, raw in enumerate(as_list(value, pointer, problems)):
        cp = (*pointer, k)
        cost = as_mapping(raw, cp, problems) or {}
        _unknown(cost, COST_FIELDS, cp, problems, "a cost")
        name = as_str(cost.get("name"), (*cp, "name"), problems)
        number = as_int(cost.get("value"), (*cp, "value"), problems)
        if number is not None and not 0 <= number <= MAX_INT64:
            problems.add((*cp, "value"), f"cost {shown(number)} is out of range (an int64 distance, not negative)")
        elif name is not None and number is not None:
            out.append((name, number, cp))
    return out


def _with_distances(node: NUMANode, costs: list[tuple[str, int, Pointer]], zones: dict[int, Pointer], problems: Problems) -> NUMANode:
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


def _machine(nodes: list[NUMANode], zone_cpus: list[ZoneCPUs], p: Pointer, problems: Problems) -> MachineTopology | None:
    total = sum(z.count for z in zone_cpus)
    if total > MAX_CPUS:
        problems.add((*p, "zones"), f"the zones hold {total} CPUs, more than Linux numbers ({MAX_CPUS})")
        return None
    cpus: list[CPUInfo] = []
    for zone in sorted(zone_cpus, key=lambda z: z.numa_node):
        first = len(cpus)
        cpus.extend(CPUInfo(c, c, zone.numa_node, zone.numa_node, zone.numa_node) for c in range(first, first + zone.count))
    memory = sum(n.memory for n in nodes)
    if memory > MAX_INT64:
        problems.add((*p, "zones"), f"the zones' memory adds up to {memory} bytes, more than 2^63-1")
        return None
    return MachineTopology(tuple(cpus), tuple(nodes), memory)
