"""The Memory manager's Static policy: hints, allocation and release per container.

Mirrors pkg/kubelet/cm/memorymanager/policy_static.go (kubernetes/kubernetes
commit 030880a5dc5449403c6d1f0aa146a7dc21d6c6dc, and the KEP-5526 version,
first released in v1.36, with pod-level resource managers): NewPolicyStatic, getDefaultMachineState,
Allocate, GetTopologyHints, GetPodTopologyHints, regenerateHints,
RemoveContainer, the init-container reuse bookkeeping
(initContainersReusableMemory, updatePodReusableMemory). Block bookkeeping is
in blocks.py, pod-scope allocation (KEP-5526) in policy_static_pod.py.

Only Guaranteed pods get memory pinned. A failure raises MemoryManagerError
carrying the kubelet's message; the caller turns it into the pod's refusal.
"""

from __future__ import annotations

from pod_resources_cli.errors import NodeError
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.memorymanager.blocks import (
    regenerate_hints,
    release_memory,
    update_init_containers_memory_blocks,
    update_machine_state,
)
from pod_resources_cli.kube.memorymanager.numa_hints import (
    MemoryHints,
    affinity_satisfies_request,
    calculate_hints,
    default_hint,
    extend_hint,
    violates_numa_allocations,
)
from pod_resources_cli.kube.memorymanager.requests import (
    Requested,
    RequestError,
    container_requested_resources,
    pod_requested_resources,
    pod_scope_problem,
    skips_pod_level,
)
from pod_resources_cli.kube.memorymanager.reserved import SystemReserved, hugepage_resource_name
from pod_resources_cli.kube.memorymanager.state import (
    Block,
    MemoryState,
    MemoryTable,
    NUMANodeMap,
    NUMANodeState,
    pod_key,
)
from pod_resources_cli.kube.names import MEMORY
from pod_resources_cli.kube.qos import QOSClass, get_pod_qos
from pod_resources_cli.kube.topologymanager.hints import TopologyHint, mask_of, nodes_of
from pod_resources_cli.model.node import MachineTopology
from pod_resources_cli.model.pod import Container, Pod

UNEXPECTED = "UnexpectedAdmissionError"
EMPTY_POD_SHARED_POOL = "EmptyPodSharedPoolError"
_U64 = 2**64


class MemoryManagerError(Exception):
    """An allocation the kubelet refuses: ``reason`` is its admission reason."""

    def __init__(self, message: str, reason: str = UNEXPECTED) -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason


class StaticPolicy:
    name = "Static"

    def __init__(self, topology: MachineTopology, reserved: SystemReserved, gates: FeatureGates) -> None:
        if sum(per_node.get(MEMORY, 0) for per_node in reserved.values()) <= 0:
            raise NodeError("[memorymanager] you should specify the system reserved memory")
        self.topology = topology
        self.reserved = reserved
        self.gates = gates
        # pod -> mask -> resource -> bytes that regular init containers leave for later ones
        self.reusable: dict[str, dict[int, dict[str, int]]] = {}

    # -- machine state ------------------------------------------------
    def default_machine_state(self) -> NUMANodeMap:
        machine: NUMANodeMap = {}
        for numa in self.topology.numa_nodes:
            node_reserved = self.reserved.get(numa.node_id, {})
            tables: dict[str, MemoryTable] = {}
            hugepages_total = 0
            for page_size, pages in numa.hugepages.items():
                name = hugepage_resource_name(page_size)
                total = page_size * pages
                allocatable = (total - node_reserved.get(name, 0)) % _U64  # uint64, as the kubelet
                tables[name] = MemoryTable(total, node_reserved.get(name, 0), allocatable, 0, allocatable)
                hugepages_total += total
            allocatable = (numa.memory - node_reserved.get(MEMORY, 0) - hugepages_total) % _U64
            tables[MEMORY] = MemoryTable(numa.memory, node_reserved.get(MEMORY, 0), allocatable, 0, allocatable)
            machine[numa.node_id] = NUMANodeState(0, tables, (numa.node_id,))
        return machine

    # -- hints --------------------------------------------------------
    def guaranteed(self, pod: Pod) -> bool:
        """qos.GetPodQOS: the class recorded in the pod's status, else computed."""
        return get_pod_qos(pod, self.gates) == QOSClass.GUARANTEED.value

    def reusable_for(self, pod: Pod) -> dict[int, dict[str, int]]:
        return self.reusable.get(pod_key(pod), {})

    def _calculate(self, state: MemoryState, pod: Pod, requested: Requested) -> MemoryHints:
        return calculate_hints(state.machine_state, requested, self.reusable_for(pod))

    def get_topology_hints(self, state: MemoryState, pod: Pod, container: Container) -> MemoryHints | None:
        if not self.guaranteed(pod):
            return None
        try:
            requested = container_requested_resources(pod, container, self.gates)
        except RequestError:
            return None
        if skips_pod_level(pod, self.gates):
            return None
        blocks = state.get_memory_blocks(pod_key(pod), container.name)
        if blocks is not None:
            return regenerate_hints(blocks, requested)
        return self._calculate(state, pod, requested)

    def get_pod_topology_hints(self, state: MemoryState, pod: Pod) -> MemoryHints | None:
        if not self.guaranteed(pod):
            return None
        try:
            requested = pod_requested_resources(pod, self.gates)
        except RequestError:
            return None
        if skips_pod_level(pod, self.gates):
            return None
        if pod_scope_problem(pod, self.gates) is not None:
            return {name: [] for name in requested}  # no possible placement: refused
        if not requested:
            return None
        for ctr in pod.all_containers():
            blocks = state.get_memory_blocks(pod_key(pod), ctr.name)
            if blocks is not None:
                return regenerate_hints(blocks, requested)
        return self._calculate(state, pod, requested)

    # -- allocation ---------------------------------------------------
    def allocate(self, state: MemoryState, pod: Pod, container: Container, hint: TopologyHint) -> None:
        if not self.guaranteed(pod) or skips_pod_level(pod, self.gates):
            return
        key = pod_key(pod)
        existing = state.get_memory_blocks(key, container.name)
        if existing is not None:
            self.update_pod_reusable_memory(pod, container, existing)
            return
        try:
            requested = container_requested_resources(pod, container, self.gates)
        except RequestError as exc:
            raise MemoryManagerError(str(exc)) from None
        machine = state.machine_state
        mask = self.best_mask(state, pod, requested, hint)
        bits = tuple(nodes_of(mask))
        reusable = self.reusable_for(pod).get(mask, {})
        blocks: list[Block] = []
        for name, size in requested.items():
            blocks.append(Block(bits, name, size))
            update_machine_state(machine, bits, name, max(size - reusable.get(name, 0), 0))
        self.update_pod_reusable_memory(pod, container, blocks)
        state.set_memory_blocks(key, container.name, blocks)
        update_init_containers_memory_blocks(state, pod, container, blocks)

    def best_mask(self, state: MemoryState, pod: Pod, requested: Requested, hint: TopologyHint) -> int:
        """The topology manager's hint, else the default one, widened until the
        request fits; refused if it breaks the single/cross-NUMA rule."""
        machine = state.machine_state
        reuse = self.reusable_for(pod)
        best = hint
        if hint.affinity is None:
            found = default_hint(machine, requested, reuse)
            if found is None:
                raise MemoryManagerError(
                    "[memorymanager] failed to get the default NUMA affinity, no NUMA nodes with enough memory is available"
                )
            if not found.preferred and best.preferred:
                raise MemoryManagerError("[memorymanager] failed to find the default preferred hint")
            best = found
        if not affinity_satisfies_request(machine, best.affinity, requested):
            extended = extend_hint(machine, requested, reuse, best.affinity)
            if extended is None:
                raise MemoryManagerError(
                    "[memorymanager] failed to find NUMA nodes to extend the current topology hint"
                )
            if not extended.preferred and best.preferred:
                raise MemoryManagerError("[memorymanager] failed to find the extended preferred hint")
            best = extended
        if violates_numa_allocations(machine, best.affinity):
            raise MemoryManagerError("[memorymanager] preferred hint violates NUMA node allocation")
        return best.affinity or 0

    # -- init-container reuse -----------------------------------------
    def update_pod_reusable_memory(self, pod: Pod, container: Container, blocks: list[Block]) -> None:
        key = pod_key(pod)
        for other in [k for k in self.reusable if k != key]:
            del self.reusable[other]  # only the pod being admitted keeps an entry
        if _is_regular_init_container(pod, container):
            per_pod = self.reusable.setdefault(key, {})
            for block in blocks:
                per_mask = per_pod.setdefault(mask_of(block.numa_affinity), {})
                if block.size > per_mask.get(block.type, 0):
                    per_mask[block.type] = block.size
            return
        for block in blocks:
            left = self.reusable.get(key, {}).get(mask_of(block.numa_affinity), {})
            if left.get(block.type, 0):
                left[block.type] = max(left[block.type] - block.size, 0)

    # -- release ------------------------------------------------------
    def remove_container(self, state: MemoryState, pod: str, container: str) -> None:
        pod_blocks = state.get_pod_memory_blocks(pod)
        if pod_blocks is not None:  # pod-level allocation: freed with its last container
            state.delete(pod, container)
            if not state.assignments.get(pod):
                release_memory(state.machine_state, pod_blocks)
                state.delete_pod(pod)
            return
        blocks = state.get_memory_blocks(pod, container)
        if blocks is None:
            return
        state.delete(pod, container)
        release_memory(state.machine_state, blocks)


def _is_regular_init_container(pod: Pod, container: Container) -> bool:
    for init in pod.init_containers:
        if init.name == container.name:
            return not init.is_restartable_init
    return False
