"""The Memory manager's state: per-NUMA memory tables and per-container blocks.

Mirrors pkg/kubelet/cm/memorymanager/state/state.go (MemoryTable,
NUMANodeState, NUMANodeMap, Block, ContainerMemoryAssignments,
PodMemoryAssignments) and state_mem.go (the in-memory store), read at
kubernetes/kubernetes commit 030880a5dc5449403c6d1f0aa146a7dc21d6c6dc and the
later version with pod-level assignments (KEP-5526, v1.36). The checkpoint file is
not modelled: this tool never restarts a kubelet.

Sizes are whole bytes (Python ints; the kubelet uses uint64).
"""

from __future__ import annotations

from pod_resources_cli.model.pod import Pod
from pod_resources_cli.records import dataclass, field


def pod_key(pod: Pod) -> str:
    """Stands for the pod UID: ``namespace/name``, or the name alone."""
    return f"{pod.namespace}/{pod.name}" if pod.namespace else pod.name


@dataclass(slots=True)
class MemoryTable:
    """One resource (``memory`` or ``hugepages-<size>``) on one NUMA node."""

    total_mem_size: int
    system_reserved: int
    allocatable: int
    reserved: int
    free: int

    def copy(self) -> MemoryTable:
        return MemoryTable(self.total_mem_size, self.system_reserved, self.allocatable, self.reserved, self.free)


@dataclass(slots=True)
class NUMANodeState:
    """``cells``: the group of NUMA nodes this node is allocated with (itself when
    unused or used alone); ``number_of_assignments``: blocks touching the node."""

    number_of_assignments: int
    memory_map: dict[str, MemoryTable]
    cells: tuple[int, ...]

    def copy(self) -> NUMANodeState:
        return NUMANodeState(
            self.number_of_assignments,
            {name: table.copy() for name, table in self.memory_map.items()},
            self.cells,
        )


NUMANodeMap = dict[int, NUMANodeState]


def clone_machine_state(machine: NUMANodeMap) -> NUMANodeMap:
    return {node_id: node.copy() for node_id, node in machine.items()}


@dataclass(frozen=True, slots=True)
class Block:
    """Memory of one type pinned to a set of NUMA nodes (sorted node ids)."""

    numa_affinity: tuple[int, ...]
    type: str
    size: int


@dataclass(slots=True)
class MemoryState:
    """state_mem.go: the machine state plus container and pod assignments,
    keyed by a pod key (the pod UID upstream) and a container name."""

    machine_state: NUMANodeMap = field(default_factory=dict)
    assignments: dict[str, dict[str, list[Block]]] = field(default_factory=dict)
    pod_assignments: dict[str, list[Block]] = field(default_factory=dict)

    def get_memory_blocks(self, pod: str, container: str) -> list[Block] | None:
        """None when the container has no entry; an entry may be an empty list."""
        blocks = self.assignments.get(pod, {}).get(container)
        return None if blocks is None else list(blocks)

    def set_memory_blocks(self, pod: str, container: str, blocks: list[Block]) -> None:
        self.assignments.setdefault(pod, {})[container] = list(blocks)

    def get_pod_memory_blocks(self, pod: str) -> list[Block] | None:
        blocks = self.pod_assignments.get(pod)
        return None if blocks is None else list(blocks)

    def set_pod_memory_blocks(self, pod: str, blocks: list[Block]) -> None:
        self.pod_assignments[pod] = list(blocks)

    def delete(self, pod: str, container: str) -> None:
        containers = self.assignments.get(pod)
        if containers is None:
            return
        containers.pop(container, None)
        if not containers:
            del self.assignments[pod]

    def delete_pod(self, pod: str) -> None:
        self.assignments.pop(pod, None)
        self.pod_assignments.pop(pod, None)
