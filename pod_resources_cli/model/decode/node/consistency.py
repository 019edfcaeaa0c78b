"""Checks across the documents of one node description.

Each document may be fine on its own while the whole is not: a kubelet
setting that names a CPU the machine lacks, a cgroup driver the kubelet
does not know, an eviction threshold it cannot parse, a resource it cannot
reserve. The kubelet refuses to start with such settings
(pkg/kubelet/apis/config/validation/validation.go ValidateKubeletConfiguration
for maxPods, podsPerCore and reservedSystemCPUs; getReservedCPUs and
parseResourceList in cmd/kubelet/app/server.go, through reserved.py;
pkg/kubelet/eviction/helpers.go ParseThresholdConfig; the cgroup driver
check of the container manager), so they are errors here too. They run on
the merged configuration, as the kubelet validates it after its drop-ins.

reservedMemory is checked by the kubelet's own code in kube/ (the
configuration checks whatever the memory manager policy, the NUMA nodes it
names only by the Static policy).

Problems point into the kubelet document that set the field: the caller
passes ``where(field, *path)``, which returns the pointer of that value in
the last kubelet document that sets ``field`` (or the closest existing
parent).

check_machine_and_node compares two documents: a Node's status.capacity is
what its kubelet reported, and the kubelet reports the machine's CPU count
(pkg/kubelet/cadvisor/util.go CapacityFromMachineInfo: cpu = NumCores), so
a Node whose cpu capacity differs from the MachineInfo or NodeProfile beside
it describes another machine. The problem points at the Node's value and
names the other document's line. (Memory is not compared: a hand-written
profile rounds what the kernel reports.)
"""

from __future__ import annotations

from typing import Final, Protocol

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.node.merge import NodeOrigins
from pod_resources_cli.model.decode.node.eviction import effective_eviction_hard, parse_threshold
from pod_resources_cli.model.decode.node.reserved import (
    ReservationError,
    check_reserved_cpus_cgroups,
    kubelet_reservations,
    reserved_cpus,
)
from pod_resources_cli.model.decode.problems import Problems
from pod_resources_cli.model.node import NodeDescription

CGROUP_DRIVERS: Final = ("systemd", "cgroupfs")
CGROUP_VERSIONS: Final = (1, 2)


class FieldLocator(Protocol):
    def __call__(self, field: str, *path: str | int) -> Pointer: ...


class LineOf(Protocol):
    """The line of the file where the value at ``pointer`` is."""

    def __call__(self, pointer: Pointer) -> int: ...


def check_node(node: NodeDescription, where: FieldLocator, problems: Problems) -> None:
    kubelet = node.kubelet
    if kubelet.cgroup_driver not in CGROUP_DRIVERS:
        problems.add(where("cgroupDriver"), f"unknown cgroupDriver {kubelet.cgroup_driver!r} (the kubelet knows systemd and cgroupfs)")
    if kubelet.cgroup_version not in CGROUP_VERSIONS:
        problems.add(where("cgroupVersion"), f"cgroupVersion must be 1 or 2, not {kubelet.cgroup_version}")
    for field_name, flag, count in (("maxPods", "max-pods", kubelet.max_pods), ("podsPerCore", "pods-per-core", kubelet.pods_per_core)):
        if count < 0:
            problems.add(where(field_name), f"invalid configuration: {field_name} (--{flag}) {count} must not be a negative number")
    _check_reservations(node, where, problems)
    # server.go parses the thresholds after the reservations.
    for signal, value in sorted(effective_eviction_hard(kubelet).items()):
        try:
            parse_threshold(signal, value)
        except ValueError as exc:
            problems.add(where("evictionHard", signal), str(exc))


def _check_reservations(node: NodeDescription, where: FieldLocator, problems: Problems) -> None:
    """reserved.py's checks in the kubelet's order; it stops at the first failure."""
    kubelet = node.kubelet
    online = [c.cpu_id for c in node.topology.cpus] if node.topology is not None and node.topology.cpus else None
    try:
        check_reserved_cpus_cgroups(kubelet)
        count = reserved_cpus(kubelet, online).size()
        kubelet_reservations(kubelet, count)
    except ReservationError as exc:
        path = () if exc.key is None else (exc.key,)
        problems.add(where(exc.field, *path), exc.message)


def check_machine_and_node(node: NodeDescription, origins: NodeOrigins, line_of: LineOf, problems: Problems) -> None:
    """A Node's cpu capacity against the machine description's CPUs."""
    cpu = node.capacity.get("cpu")
    if cpu is None or origins.node_status is None or origins.machine is None or node.topology is None or not node.topology.cpus:
        return
    count = node.topology.num_cpus
    if cpu.milli_value() != count * 1000:
        problems.add(
            (*origins.node_status, "capacity", "cpu"),
            f"the Node reports {cpu} CPUs but the {origins.machine_kind} at line {line_of(origins.machine)} has {count}: "
            "a kubelet reports its machine's CPU count, so they describe different machines",
        )
