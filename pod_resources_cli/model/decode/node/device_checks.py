"""Devices and NodeResourceTopology zones against the other documents of a node description.

Like consistency.check_machine_and_node, each check compares two documents
and names the other one's line:

- a capacity a Node or a NodeProfile's extendedResources states for a
  resource whose devices a document lists must be that number of devices:
  the kubelet reports a device plugin's resource capacity as the number of
  devices it registered (pkg/kubelet/cm/devicemanager/manager.go
  GetCapacity, k/k 7510f32987fe: capacity counts the healthy and unhealthy
  devices, allocatable the healthy ones);
- a NodeResourceTopology beside a MachineInfo or NodeProfile must give each
  NUMA node the CPUs the machine has there (nfd-topology-updater counts the
  kubelet's CPUs per NUMA node). Memory is not compared, as in
  consistency.py: a hand-written profile rounds what the kernel reports.
"""

from __future__ import annotations

from collections import Counter

from pod_resources_cli.model.decode.node.consistency import LineOf
from pod_resources_cli.model.decode.node.device_merge import STATED
from pod_resources_cli.model.decode.node.merge import NodeOrigins
from pod_resources_cli.model.decode.problems import Problems
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.shown import shown


def check_device_capacity(node: NodeDescription, origins: NodeOrigins, line_of: LineOf, problems: Problems) -> None:
    counts = Counter(d.resource for d in node.devices)
    for resource, (entry, kind) in sorted(origins.devices.items()):
        stated = origins.capacity.get(resource)
        quantity = node.capacity.get(resource)
        if kind == STATED or stated is None or quantity is None:
            continue
        if quantity.nanos != counts[resource] * 10**9:
            problems.add(
                stated,
                f"capacity {quantity} of {shown(resource)}, but the {kind} at line {line_of(entry)} lists "
                f"{counts[resource]} devices: a device plugin's capacity is its number of devices",
            )


def check_zones(node: NodeDescription, origins: NodeOrigins, line_of: LineOf, problems: Problems) -> None:
    topology = node.topology
    if origins.nrt is None or origins.machine is None or origins.machine == origins.nrt or topology is None:
        return
    per_node = Counter(c.numa_node for c in topology.cpus)
    known = {n.node_id for n in topology.numa_nodes}
    where = f"the {origins.machine_kind} at line {line_of(origins.machine)}"
    for zone in origins.zones:
        if zone.numa_node not in known:
            problems.add(zone.pointer, f"NUMA node {zone.numa_node} is not one of the machine's: {where} has NUMA nodes {sorted(known)}")
        elif per_node[zone.numa_node] != zone.count:
            problems.add(
                zone.pointer,
                f"the zone has {zone.count} CPUs but NUMA node {zone.numa_node} of {where} has "
                f"{per_node[zone.numa_node]}: they describe different machines",
            )
