"""How memory blocks change the per-NUMA state, and hints from existing blocks.

Mirrors pkg/kubelet/cm/memorymanager/policy_static.go updateMachineState,
releaseMemory, updateInitContainersMemoryBlocks and regenerateHints
(kubernetes/kubernetes commit 030880a5dc5449403c6d1f0aa146a7dc21d6c6dc and
its KEP-5526 successor, first released in v1.36).
"""

from __future__ import annotations

from pod_resources_cli.kube.memorymanager.numa_hints import MemoryHints
from pod_resources_cli.kube.memorymanager.requests import Requested
from pod_resources_cli.kube.memorymanager.state import Block, MemoryState, NUMANodeMap, pod_key
from pod_resources_cli.kube.topologymanager.hints import TopologyHint, mask_of
from pod_resources_cli.model.pod import Container, Pod


def regenerate_hints(blocks: list[Block], requested: Requested) -> MemoryHints | None:
    """Hints that repeat an allocation already made (after a restart upstream)."""
    if len(blocks) != len(requested):
        return None
    hints: MemoryHints = {name: [] for name in requested}
    for block in blocks:
        if block.type not in requested or block.size != requested[block.type]:
            return None
        hints[block.type].append(TopologyHint(mask_of(block.numa_affinity), True))
    return hints


def update_machine_state(machine: NUMANodeMap, bits: tuple[int, ...], resource: str, size: int) -> None:
    """Reserve ``size`` bytes across the nodes, in node order; every node of
    the mask counts one more assignment and joins the group."""
    for node in bits:
        state = machine[node]
        state.number_of_assignments += 1
        state.cells = bits
        if size == 0:
            continue
        table = state.memory_map.get(resource)
        if table is None or table.free <= 0:
            continue
        taken = min(table.free, size)
        table.reserved += taken
        table.free -= taken
        size -= taken


def release_memory(machine: NUMANodeMap, blocks: list[Block]) -> None:
    for block in blocks:
        size = block.size
        for node in block.numa_affinity:
            state = machine[node]
            state.number_of_assignments -= 1
            if state.number_of_assignments == 0:
                state.cells = (node,)
            if size == 0:
                continue
            table = state.memory_map.get(block.type)
            if table is None or table.reserved == 0:
                continue
            given = min(table.reserved, size)
            table.free += given
            table.reserved -= given
            size -= given


def update_init_containers_memory_blocks(
    state: MemoryState, pod: Pod, container: Container, blocks: list[Block]
) -> None:
    """Shrink earlier regular init containers' blocks by what this container
    reused, so that the pod's blocks add up to what the node reserved."""
    key = pod_key(pod)
    for block in blocks:
        size = block.size
        for init in pod.init_containers:
            if init.name == container.name or size == 0:
                break
            if init.is_restartable_init:
                continue
            init_blocks = state.get_memory_blocks(key, init.name)
            if not init_blocks:
                continue
            for i, ib in enumerate(init_blocks):
                if ib.size == 0 or ib.type != block.type or ib.numa_affinity != block.numa_affinity:
                    continue
                used = min(ib.size, size)
                init_blocks[i] = Block(ib.numa_affinity, ib.type, ib.size - used)
                size -= used
            state.set_memory_blocks(key, init.name, init_blocks)
