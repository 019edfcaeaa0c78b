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
- ``costs``: the NUMA distances to the zones they name (nrt_zones.py).

The machine built from the zones, used when no MachineInfo or NodeProfile
describes it, numbers the CPUs zone by zone in NUMA node order, each CPU its
own core on a socket of its NUMA node: the object says nothing of threads,
cores or sockets. Beside a machine description, its CPU counts are checked
against it instead (device_checks.py). The policy and scope are in nrt_policy.py.
"""

from __future__ import annotations

from pod_resources_cli.records import dataclass, field
from typing import Any, Final

from pod_resources_cli.cpuset import MAX_CPUS, MAX_NUMA_NODES
from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.node.devices import DeviceGroup
from pod_resources_cli.model.decode.node.nrt_policy import Stated, topology_settings
from pod_resources_cli.model.decode.node.nrt_zones import ZONE_PREFIX, unknown_fields, with_distances, zone_costs, zone_resources
from pod_resources_cli.model.decode.node.values import hugepage_total_problem
from pod_resources_cli.model.decode.problems import Problems, as_list, as_mapping, as_str
from pod_resources_cli.model.node import CPUInfo, MachineTopology, NUMANode
from pod_resources_cli.quantity import MAX_INT64
from pod_resources_cli.shown import shown

KIND: Final = "NodeResourceTopology"
GROUP: Final = "topology.node.k8s.io"
VERSIONS: Final = ("v1alpha1", "v1alpha2")
ZONE_TYPE_NUMA: Final = "Node"
TOP_FIELDS: Final = frozenset({"apiVersion", "kind", "metadata", "topologyPolicies", "zones"})
ZONE_FIELDS: Final = frozenset({"name", "type", "parent", "costs", "attributes", "resources"})


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


def decode_nrt(doc: dict[str, Any], pointer: Pointer, problems: Problems) -> NRTResult:
    p = pointer
    version = doc.get("apiVersion")
    v1alpha2 = version == f"{GROUP}/v1alpha2"
    if version not in tuple(f"{GROUP}/{v}" for v in VERSIONS):
        problems.add((*p, "apiVersion"), f"a NodeResourceTopology has apiVersion {GROUP}/v1alpha2 or /v1alpha1, not {shown(version)}")
    unknown_fields(doc, TOP_FIELDS | ({"attributes"} if v1alpha2 else set()), p, problems, "a NodeResourceTopology")
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
        unknown_fields(zone, ZONE_FIELDS, zp, problems, "a zone")
        if as_str(zone.get("type"), (*zp, "type"), problems) != ZONE_TYPE_NUMA:
            continue
        numa = _zone_id(zone.get("name"), (*zp, "name"), problems)
        if numa is None:
            continue
        if numa in zone_pointers:
            problems.add((*zp, "name"), f"NUMA node zone {ZONE_PREFIX}{numa} is listed twice")
            continue
        zone_pointers[numa] = zp
        node, count = zone_resources(zone, zp, numa, problems, groups)
        nodes.append(node)
        if count is not None:
            cpus.append(ZoneCPUs(numa, count[0], count[1]))
        costs[numa] = zone_costs(zone.get("costs"), (*zp, "costs"), problems)
    nodes = [with_distances(n, costs[n.node_id], zone_pointers, problems) for n in sorted(nodes, key=lambda n: n.node_id)]
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
    pages: dict[int, int] = {}
    for node in nodes:
        for size, count in node.hugepages.items():
            pages[size] = pages.get(size, 0) + count
    for size, count in sorted(pages.items()):
        problem = hugepage_total_problem(size, count)
        if problem is not None:
            problems.add((*p, "zones"), f"over the zones, {problem}")
            return None
    return MachineTopology(tuple(cpus), tuple(nodes), memory)
