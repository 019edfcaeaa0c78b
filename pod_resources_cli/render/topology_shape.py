"""The shape of a node's CPU drawing, shared by the terminal map
(render/node_topology.py) and the SVG picture (render/topology_svg.py,
render/svg_legend.py): sockets > NUMA nodes > L3 groups > cores > threads,
who holds a CPU as a letter and a colour, memory sizes as words.

Below the three drawing modules, so that none of them imports another for
these.
"""

from __future__ import annotations

from collections.abc import Mapping

from pod_resources_cli.model.node import CPUInfo, MachineTopology, NUMANode
from pod_resources_cli.quantity import Format, Quantity
from pod_resources_cli.records import dataclass

PALETTE = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1", "#76b7b2", "#edc948", "#ff9da7", "#9c755f", "#86bcb6")
RESERVED_COLOUR = "#9e9e9e"
MARKS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
CORES_PER_ROW = 8


@dataclass(frozen=True, slots=True)
class Core:
    core_id: int
    threads: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NumaCores:
    node: NUMANode
    groups: tuple[tuple[int, tuple[Core, ...]], ...]  # (uncore cache id, cores)


def layout(topology: MachineTopology) -> list[tuple[int, list[NumaCores]]]:
    """Sockets, each with its NUMA nodes, each with its L3 groups of cores."""
    numa_by_id = {n.node_id: n for n in topology.numa_nodes}
    by_core: dict[int, list[CPUInfo]] = {}
    for cpu in topology.cpus:
        by_core.setdefault(cpu.core_id, []).append(cpu)
    sockets: dict[int, dict[int, dict[int, list[Core]]]] = {}
    for core_id in sorted(by_core):
        first = by_core[core_id][0]
        core = Core(core_id, tuple(sorted(c.cpu_id for c in by_core[core_id])))
        sockets.setdefault(first.socket_id, {}).setdefault(first.numa_node, {}).setdefault(first.uncore_cache, []).append(core)
    out = []
    for socket_id in sorted(sockets):
        numas = []
        for numa_id in sorted(sockets[socket_id]):
            node = numa_by_id.get(numa_id, NUMANode(numa_id, 0))
            groups = tuple((cache, tuple(cores)) for cache, cores in sorted(sockets[socket_id][numa_id].items()))
            numas.append(NumaCores(node, groups))
        out.append((socket_id, numas))
    return out


def owner_marks(owners: Mapping[int, str] | None) -> dict[str, tuple[str, str]]:
    """label -> (mark, colour), in order of first CPU."""
    out: dict[str, tuple[str, str]] = {}
    for _, label in sorted((owners or {}).items()):
        if label not in out:
            i = len(out)
            out[label] = (MARKS[i % len(MARKS)], PALETTE[i % len(PALETTE)])
    return out


def memory_text(value: int) -> str:
    return Quantity.from_int(value, Format.BINARY_SI).canonical()
