"""What a node description leaves out that an answer rests on.

A real Node always reports its cpu and memory; a hand-written file may not
(a bare ``kind: Node`` with memory only). The kubelet's admission then
compares requests with a capacity of 0, so the answers are still the
kubelet's for such a node, but a reader must be told why every pod asking
for cpu is refused rather than be left with "OutOfcpu, capacity: 0".
"""

from __future__ import annotations

from pod_resources_cli.model.node import NodeDescription


def node_gaps(node: NodeDescription) -> tuple[str, ...]:
    """One sentence per missing fact, in a stable order (none for the embedded node)."""
    if node.embedded:
        return ()
    gaps: list[str] = []
    if node.topology is None and "cpu" not in node.capacity:
        gaps.append(
            "the node description states no CPUs (no NodeProfile, MachineInfo or Node cpu capacity): "
            "its cpu capacity is taken as 0, so every pod that requests cpu is refused (OutOfcpu)"
        )
    if node.memory_capacity is None:
        gaps.append(
            "the node description states no memory (no NodeProfile, MachineInfo or Node memory capacity): "
            "its memory capacity is taken as 0, so every pod that requests memory is refused (OutOfmemory), "
            "and OOM scores and memory.high, which divide by it, are not computed"
        )
    return tuple(gaps)
