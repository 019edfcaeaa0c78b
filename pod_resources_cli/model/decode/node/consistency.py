"""Checks across the documents of one node description.

Each document may be fine on its own while the whole is not: a kubelet
setting that names a NUMA node or a CPU the machine lacks, a cgroup driver
the kubelet does not know, an eviction threshold it cannot parse. The
kubelet refuses to start with such settings (the reservedMemory checks of
pkg/kubelet/cm/memorymanager/memory_manager.go, getReservedCPUs in
cmd/kubelet/app/server.go, pkg/kubelet/eviction/helpers.go
ParseThresholdConfig, the cgroup driver check of the container manager),
so they are errors here too.

Problems point into the kubelet document that set the field: the caller
passes ``where(field, *path)``, which returns the pointer of that value in
the last kubelet document that sets ``field`` (or the closest existing
parent).
"""

from __future__ import annotations

from typing import Final, Protocol

from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.node.eviction import effective_eviction_hard, parse_threshold
from pod_resources_cli.model.decode.problems import Problems
from pod_resources_cli.model.node import NodeDescription

CGROUP_DRIVERS: Final = ("systemd", "cgroupfs")
CGROUP_VERSIONS: Final = (1, 2)


class FieldLocator(Protocol):
    def __call__(self, field: str, *path: str | int) -> Pointer: ...


def check_node(node: NodeDescription, where: FieldLocator, problems: Problems) -> None:
    kubelet = node.kubelet
    if kubelet.cgroup_driver not in CGROUP_DRIVERS:
        problems.add(where("cgroupDriver"), f"unknown cgroupDriver {kubelet.cgroup_driver!r} (the kubelet knows systemd and cgroupfs)")
    if kubelet.cgroup_version not in CGROUP_VERSIONS:
        problems.add(where("cgroupVersion"), f"cgroupVersion must be 1 or 2, not {kubelet.cgroup_version}")
    for signal, value in sorted(effective_eviction_hard(kubelet).items()):
        try:
            parse_threshold(signal, value)
        except ValueError as exc:
            problems.add(where("evictionHard", signal), str(exc))
    topology = node.topology
    numa_ids = [n.node_id for n in topology.numa_nodes] if topology is not None else []
    if numa_ids:
        for i, reserved in enumerate(kubelet.reserved_memory):
            if reserved.numa_node not in numa_ids:
                problems.add(
                    where("reservedMemory", i, "numaNode"),
                    f"reservedMemory names NUMA node {reserved.numa_node}, the node has NUMA nodes {CPUSet.from_iterable(numa_ids)}",
                )
    if kubelet.reserved_system_cpus is not None:
        _check_reserved_cpus(node, where, problems)


def _check_reserved_cpus(node: NodeDescription, where: FieldLocator, problems: Problems) -> None:
    text = node.kubelet.reserved_system_cpus or ""
    try:
        cpus = CPUSet.parse(text)
    except ValueError as exc:
        problems.add(where("reservedSystemCPUs"), f"invalid cpulist {text!r}: {exc}")
        return
    if node.topology is None or not node.topology.cpus:
        return
    known = CPUSet.from_iterable(c.cpu_id for c in node.topology.cpus)
    missing = cpus.difference(known)
    if missing:
        problems.add(
            where("reservedSystemCPUs"),
            f"reservedSystemCPUs {text!r} names CPU {missing.to_list()[0]}, the node has CPUs {known}",
        )
