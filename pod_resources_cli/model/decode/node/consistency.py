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

check_topology_manager_numa_limit is the topology manager's NUMA node limit
(pkg/kubelet/cm/topologymanager/topology_manager.go NewManager and
policy_options.go NewPolicyOptions, kubernetes v1.32.3, read in the vendored
copy of github.com/ffromani/cpumgrx@b3f04a4b): a policy other than none on a
machine with more NUMA nodes than max-allowable-numa-nodes (8 unless
topologyManagerPolicyOptions raises it) stops the kubelet, because its hints
enumerate every combination of NUMA nodes. It is checked here, where the
problem can point at the setting, before any hint could be built. The
kubelet's own order is kept: a setting it refuses earlier (an unknown
option, a bad value, missing NUMA distances) is left to
kube/topologymanager/topology_manager.py, which reports it with the
kubelet's text. A raised limit is bounded too: pod-resources enumerates the
masks of at most MAX_HINT_NUMA_NODES NUMA nodes (2^16), and refuses larger
machines under a topology manager policy, saying so.
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
from pod_resources_cli.shown import shown

CGROUP_DRIVERS: Final = ("systemd", "cgroupfs")
# The topology manager (topology_manager.go defaultMaxAllowableNUMANodes, policy_options.go).
TOPOLOGY_POLICIES_WITH_HINTS: Final = ("best-effort", "restricted", "single-numa-node")
TOPOLOGY_SCOPES: Final = ("container", "pod")
DEFAULT_MAX_ALLOWABLE_NUMA_NODES: Final = 8
MAX_ALLOWABLE_NUMA_NODES_OPTION: Final = "max-allowable-numa-nodes"
PREFER_CLOSEST_NUMA_NODES_OPTION: Final = "prefer-closest-numa-nodes"
# pod-resources' own bound: hints enumerate 2^n NUMA masks (kube/topologymanager/hints.py).
MAX_HINT_NUMA_NODES: Final = 16
_GO_BOOLS: Final = ("1", "t", "T", "TRUE", "true", "True", "0", "f", "F", "FALSE", "false", "False")
CGROUP_VERSIONS: Final = (1, 2)


class FieldLocator(Protocol):
    def __call__(self, field: str, *path: str | int) -> Pointer: ...


class LineOf(Protocol):
    """The line of the file where the value at ``pointer`` is."""

    def __call__(self, pointer: Pointer) -> int: ...


def check_node(node: NodeDescription, where: FieldLocator, problems: Problems) -> None:
    kubelet = node.kubelet
    if kubelet.cgroup_driver not in CGROUP_DRIVERS:
        problems.add(where("cgroupDriver"), f"unknown cgroupDriver {shown(kubelet.cgroup_driver)} (the kubelet knows systemd and cgroupfs)")
    if kubelet.cgroup_version not in CGROUP_VERSIONS:
        problems.add(where("cgroupVersion"), f"cgroupVersion must be 1 or 2, not {shown(kubelet.cgroup_version)}")
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
    check_topology_manager_numa_limit(node, where, problems)


def _atoi(text: str) -> int | None:
    """strconv.Atoi: optional sign and decimal digits, nothing else."""
    digits = text[1:] if text[:1] in ("+", "-") else text
    if not digits or not digits.isascii() or not digits.isdigit():
        return None
    return int(text)


def check_topology_manager_numa_limit(node: NodeDescription, where: FieldLocator, problems: Problems) -> None:
    """More NUMA nodes than the topology manager allows: the kubelet does not start."""
    kubelet = node.kubelet
    policy = kubelet.topology_manager_policy
    topology = node.topology
    if policy not in TOPOLOGY_POLICIES_WITH_HINTS or kubelet.topology_manager_scope not in TOPOLOGY_SCOPES:
        return  # none never counts NUMA nodes; an unknown name is refused first
    if topology is None or not topology.numa_nodes:
        return  # the topology manager's own error: it needs the NUMA topology
    options = kubelet.topology_manager_policy_options
    if set(options) - {MAX_ALLOWABLE_NUMA_NODES_OPTION, PREFER_CLOSEST_NUMA_NODES_OPTION}:
        return  # NewPolicyOptions fails first
    limit = DEFAULT_MAX_ALLOWABLE_NUMA_NODES
    if MAX_ALLOWABLE_NUMA_NODES_OPTION in options:
        value = _atoi(options[MAX_ALLOWABLE_NUMA_NODES_OPTION])
        if value is None or value < DEFAULT_MAX_ALLOWABLE_NUMA_NODES:
            return
        limit = value
    if PREFER_CLOSEST_NUMA_NODES_OPTION in options:
        closest = options[PREFER_CLOSEST_NUMA_NODES_OPTION]
        if closest not in _GO_BOOLS:
            return
        if closest in _GO_BOOLS[:6] and any(not n.distances for n in topology.numa_nodes):
            return  # NewNUMAInfo fails first
    count = len(topology.numa_nodes)
    if MAX_ALLOWABLE_NUMA_NODES_OPTION in options:
        pointer = where("topologyManagerPolicyOptions", MAX_ALLOWABLE_NUMA_NODES_OPTION)
    else:
        pointer = where("topologyManagerPolicy")
    if count > limit:
        problems.add(
            pointer,
            f"unsupported on machines with more than {limit} NUMA Nodes: the kubelet does not start its topology "
            f"manager (topologyManagerPolicy {policy}) on this machine's {count} NUMA nodes; "
            f'topologyManagerPolicyOptions "{MAX_ALLOWABLE_NUMA_NODES_OPTION}" raises the limit',
        )
    elif count > MAX_HINT_NUMA_NODES:
        problems.add(
            pointer,
            f"the kubelet's topology hints on this machine's {count} NUMA nodes enumerate 2^{count} NUMA "
            f'masks ("{MAX_ALLOWABLE_NUMA_NODES_OPTION}" is {limit}); pod-resources simulates them on at most '
            f"{MAX_HINT_NUMA_NODES} NUMA nodes (topologyManagerPolicy none needs no hints)",
        )


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
