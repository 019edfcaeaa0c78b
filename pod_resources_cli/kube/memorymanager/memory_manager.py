"""The kubelet's Memory manager on one node, as a topology-manager hint provider.

Mirrors pkg/kubelet/cm/memorymanager/memory_manager.go (kubernetes/kubernetes
commit 03830db82de748fe063ff3db1d471080f4d5a48a and later): NewManager (policy
choice, reservedMemory validation), GetTopologyHints, GetPodTopologyHints,
Allocate, AllocatePod (KEP-5526), AddContainer (init containers release their
memory once the next container starts), RemoveContainer, GetMemoryNUMANodes,
GetAllocatableMemory. The kubelet's removeStaleState (state of pods that are
no longer active is dropped before the next call) is the caller's
``remove_pod`` after a refusal.

Pods are identified by ``pod_key(pod)`` (``namespace/name`` or the name):
the admission driver must give every pod it admits a distinct key.
"""

from __future__ import annotations

from pod_resources_cli.errors import NodeError
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.memorymanager.numa_hints import MemoryHints
from pod_resources_cli.kube.memorymanager.policy_none import NonePolicy
from pod_resources_cli.kube.memorymanager.policy_static import MemoryManagerError, StaticPolicy
from pod_resources_cli.kube.memorymanager.policy_static_pod import allocate_pod
from pod_resources_cli.kube.memorymanager.reserved import system_reserved_memory, validate_reserved_memory_configuration
from pod_resources_cli.kube.memorymanager.state import Block, MemoryState, NUMANodeMap, clone_machine_state, pod_key
from pod_resources_cli.kube.topologymanager.hints import TopologyHint
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.model.pod import Container, Pod


def _make_policy(node: NodeDescription, gates: FeatureGates) -> StaticPolicy | NonePolicy:
    name = node.kubelet.memory_manager_policy
    if name == NonePolicy.name:
        return NonePolicy()
    if name == StaticPolicy.name:
        if node.topology is None or not node.topology.numa_nodes:
            raise NodeError(
                'memoryManagerPolicy "Static" needs the machine\'s NUMA topology '
                "(a cAdvisor MachineInfo or a compact node description)"
            )
        return StaticPolicy(node.topology, system_reserved_memory(node), gates)
    if name == "BestEffort":
        raise NodeError('policy "BestEffort" is not available for platform "linux"')
    raise NodeError(f'unknown policy: "{name}"')


class MemoryManager:
    """Implements kube.topologymanager.hints.HintProvider.

    Raises NodeError (the kubelet's start-up error text) for a configuration
    the kubelet refuses: an unknown policy, invalid reservedMemory, or
    reservedMemory totals that differ from kubeReserved + systemReserved +
    the hard memory eviction threshold.
    """

    def __init__(self, node: NodeDescription, gates: FeatureGates) -> None:
        validate_reserved_memory_configuration(node.kubelet.reserved_memory)
        self.node = node
        self.gates = gates
        self.policy = _make_policy(node, gates)
        self.state = MemoryState(machine_state=self.policy.default_machine_state())

    @property
    def policy_name(self) -> str:
        return self.policy.name

    # -- HintProvider ---------------------------------------------------
    def get_topology_hints(self, pod: Pod, container: Container) -> MemoryHints | None:
        """Per resource, the NUMA masks that fit; None = no preference (the
        kubelet's empty map, returned when nothing fits at all, means the same)."""
        return self.policy.get_topology_hints(self.state, pod, container) or None

    def get_pod_topology_hints(self, pod: Pod) -> MemoryHints | None:
        return self.policy.get_pod_topology_hints(self.state, pod) or None

    def allocate(self, pod: Pod, container: Container, affinity: TopologyHint) -> str | None:
        """Pin the container's memory under the merged hint. Returns the
        kubelet's error text (e.g. "[memorymanager] failed to find NUMA nodes
        to extend the current topology hint"), which the kubelet reports as
        UnexpectedAdmissionError "Allocate failed due to <text>, which is
        unexpected"; None when allocated or nothing to pin."""
        try:
            self.policy.allocate(self.state, pod, container, affinity)
        except MemoryManagerError as exc:
            return exc.message
        return None

    def allocate_pod(self, pod: Pod, affinity: TopologyHint) -> MemoryManagerError | None:
        """KEP-5526 AllocatePod (topology scope pod, PodLevelResourceManagers,
        pod-level resources): one allocation for the whole pod. The error's
        ``reason`` is "EmptyPodSharedPoolError" (message as is) or
        "UnexpectedAdmissionError" (message to wrap as for ``allocate``).
        The containers' ``allocate`` calls that follow find their blocks and
        do nothing."""
        if not isinstance(self.policy, StaticPolicy):
            return None
        try:
            allocate_pod(self.policy, self.state, pod, affinity)
        except MemoryManagerError as exc:
            return exc
        return None

    # -- lifecycle ------------------------------------------------------
    def add_container(self, pod: Pod, container: Container) -> None:
        """The container starts: regular init containers before it have
        finished, so their memory goes back to the node."""
        for init in pod.init_containers:
            if init.name == container.name:
                break
            if not init.is_restartable_init:
                self.remove_container(pod, init.name)

    def remove_container(self, pod: Pod | str, container_name: str) -> None:
        key = pod if isinstance(pod, str) else pod_key(pod)
        self.policy.remove_container(self.state, key, container_name)

    def remove_pod(self, pod: Pod | str) -> None:
        """Drop everything the pod holds (removeStaleState after a refusal)."""
        key = pod if isinstance(pod, str) else pod_key(pod)
        for name in list(self.state.assignments.get(key, {})):
            self.policy.remove_container(self.state, key, name)
        self.state.delete_pod(key)

    # -- queries --------------------------------------------------------
    def memory_blocks(self, pod: Pod | str, container_name: str) -> list[Block] | None:
        key = pod if isinstance(pod, str) else pod_key(pod)
        return self.state.get_memory_blocks(key, container_name)

    def numa_nodes(self, pod: Pod | str, container_name: str) -> list[int] | None:
        """GetMemoryNUMANodes: the container's cpuset.mems; None = not pinned."""
        nodes = sorted({n for block in self.memory_blocks(pod, container_name) or [] for n in block.numa_affinity})
        return nodes or None

    def state_snapshot(self) -> dict[int, dict[str, int]]:
        """Free bytes per NUMA node and memory type (empty with policy None)."""
        return {
            node_id: {name: table.free for name, table in sorted(node.memory_map.items())}
            for node_id, node in sorted(self.state.machine_state.items())
        }

    def machine_state(self) -> NUMANodeMap:
        """A copy of the full per-NUMA state (totals, reserved, groups)."""
        return clone_machine_state(self.state.machine_state)

    def allocatable_memory(self) -> list[Block]:
        """GetAllocatableMemory: one block per NUMA node and type with memory to give."""
        return [
            Block((node_id,), name, table.allocatable)
            for node_id, node in sorted(self.state.machine_state.items())
            for name, table in sorted(node.memory_map.items())
            if table.allocatable
        ]
