"""The kubelet's CPU manager on one node, as a topology-manager hint provider.

Mirrors pkg/kubelet/cm/cpumanager/cpu_manager.go (kubernetes v1.32; NewManager
read again at commit 001332b0422071acf4860769f18e34b5e9b7c1bc): NewManager
(policy choice; the none policy's errors wrapped "new none policy error: ",
NewStaticPolicy's "new static policy error: "; the static policy needs a CPU
reservation, whose size is ceil(kubeReserved.cpu + systemReserved.cpu) as
GetNodeAllocatableReservation sums them, or the explicit reservedSystemCPUs,
which the kubelet's server.go checks against the online CPUs and which then
replace both reservations), GetTopologyHints, GetPodTopologyHints, Allocate,
AllocatePod and GetResourceIsolationLevel (KEP-5526), and removeStaleState
(``remove_pod``), plus policy_none.go (no options, no pinning).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.errors import NodeError
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.cpumanager.hints import CPUHints
from pod_resources_cli.kube.cpumanager.policy_options import new_static_policy_options, validate_static_policy_options
from pod_resources_cli.kube.cpumanager.policy_static import StaticPolicy
from pod_resources_cli.kube.cpumanager.policy_static_pod import allocate_pod
from pod_resources_cli.kube.cpumanager.requests import pod_level_managed, qualifies_for_exclusive_cpus
from pod_resources_cli.kube.cpumanager.state import CPUState, pod_uid
from pod_resources_cli.kube.topology import CPUTopology
from pod_resources_cli.kube.topologymanager.errors import AdmitError
from pod_resources_cli.kube.topologymanager.hints import HintMap, TopologyHint
from pod_resources_cli.model.decode.node.reserved import ReservationError, cpu_reservation, reserved_cpus
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.model.pod import Container, Pod

Isolation = Literal["container", "pod", "host"]


def _go_map(options: Mapping[str, str]) -> str:
    return "map[" + " ".join(f"{k}:{v}" for k, v in sorted(options.items())) + "]"


def explicit_reserved_cpus(node: NodeDescription, topo: CPUTopology) -> CPUSet:
    """reservedSystemCPUs, checked as the kubelet does at start (whatever the policy)."""
    try:
        return reserved_cpus(node.kubelet, CPUSet(topo.all_mask).to_list())
    except ReservationError as exc:
        raise NodeError(exc.message) from None


def num_reserved_cpus(node: NodeDescription, explicit: CPUSet) -> int:
    """ceil(kubeReserved.cpu + systemReserved.cpu); reservedSystemCPUs replaces both."""
    try:
        total = cpu_reservation(node.kubelet, explicit.size())
    except ReservationError as exc:
        raise NodeError(exc.message) from None
    if total.is_zero():
        # GetNodeAllocatableReservation leaves out a zero total, so NewManager finds
        # no cpu entry; its "must be greater than zero" check cannot be reached.
        raise NodeError("[cpumanager] unable to determine reserved CPU resources for static policy")
    return -(-total.milli_value() // 1000)


class CPUManager:
    """Implements kube.topologymanager.hints.HintProvider for the CPU manager."""

    def __init__(self, node: NodeDescription, gates: FeatureGates, topology_policy: str) -> None:
        kubelet = node.kubelet
        self.node = node
        self.policy_name = kubelet.cpu_manager_policy
        self.topo = CPUTopology.discover(node.topology) if node.topology is not None else None
        self.static: StaticPolicy | None = None
        self.hints: CPUHints | None = None
        explicit = explicit_reserved_cpus(node, self.topo) if self.topo is not None else CPUSet()
        if self.policy_name == "none":
            if kubelet.cpu_manager_policy_options:
                raise NodeError(
                    f"new none policy error: None policy: received unsupported options={_go_map(kubelet.cpu_manager_policy_options)}"
                )
            self.state = CPUState(CPUSet(self.topo.all_mask) if self.topo else CPUSet())
            return
        if self.policy_name != "static":
            raise NodeError(f'unknown policy: "{self.policy_name}"')
        if self.topo is None:
            raise NodeError(
                'cpuManagerPolicy "static" needs the machine\'s CPU topology '
                "(a cAdvisor MachineInfo or a compact node description)"
            )
        count = num_reserved_cpus(node, explicit)
        try:  # NewStaticPolicy
            options = new_static_policy_options(kubelet.cpu_manager_policy_options, gates)
            validate_static_policy_options(options, self.topo, topology_policy)
            self.static = StaticPolicy(self.topo, count, explicit, options, gates)
        except NodeError as exc:
            raise NodeError(f"new static policy error: {exc.message}") from None
        self.hints = CPUHints(self.static)
        self.state = CPUState(self.static.initial_default())

    # -- HintProvider -----------------------------------------------------------
    def get_topology_hints(self, pod: Pod, container: Container) -> HintMap | None:
        return self.hints.container_hints(self.state, pod, container) if self.hints else None

    def get_pod_topology_hints(self, pod: Pod) -> HintMap | None:
        return self.hints.pod_hints(self.state, pod) if self.hints else None

    def allocate_checked(self, pod: Pod, container: Container, hint: TopologyHint) -> AdmitError | None:
        """Allocate, with the kubelet's admission reason on failure."""
        if self.static is None:
            return None
        try:
            self.static.allocate(self.state, pod, container, hint.affinity)
        except AdmitError as exc:
            return exc
        return None

    def allocate_pod_checked(self, pod: Pod, hint: TopologyHint) -> AdmitError | None:
        """KEP-5526 AllocatePod: the pod's whole pool at once (topology scope pod)."""
        if self.static is None:
            return None
        try:
            allocate_pod(self.static, self.state, pod, hint.affinity)
        except AdmitError as exc:
            return exc
        return None

    def allocate(self, pod: Pod, container: Container, affinity: TopologyHint) -> str | None:
        error = self.allocate_checked(pod, container, affinity)
        return None if error is None else error.message

    def remove_pod(self, pod: Pod | str) -> None:
        """removeStaleState for one pod: every container's CPUs go back."""
        uid = pod if isinstance(pod, str) else pod_uid(pod)
        if self.static is None:
            return
        for name in list(self.state.assignments.get(uid, {})):
            self.static.remove_container(self.state, uid, name)
        pool = self.state.pod_assignments.pop(uid, None)
        if pool is not None:  # a pod-level pool whose partition failed
            self.state.default = self.state.default | pool
        self.static.cpus_to_reuse.pop(uid, None)

    # -- queries ----------------------------------------------------------------
    @property
    def shared_pool(self) -> CPUSet:
        return self.state.default

    def assigned_cpus(self, pod: Pod, container_name: str) -> CPUSet | None:
        """The container's own cpuset in the state (exclusive, or its pod's shared pool)."""
        return self.state.get_cpuset(pod_uid(pod), container_name)

    def isolation(self, pod: Pod, container: Container) -> Isolation:
        """GetResourceIsolationLevel: container (exclusive CPUs), pod (the pod shared pool)
        or host (the node's shared pool)."""
        if self.assigned_cpus(pod, container.name) is None:
            return "host"
        if self.static is not None and pod_level_managed(pod, self.static.gates) and not qualifies_for_exclusive_cpus(container):
            return "pod"
        return "container"

    def reserved(self) -> CPUSet:
        return self.static.reserved if self.static else CPUSet()
