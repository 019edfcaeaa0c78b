"""A node's CPU topology drawn as a grid: sockets > NUMA nodes > L3 groups > cores > threads.

Every CPU shows its id and a one-character mark, so the drawing reads the
same without colour: ``*`` a reserved CPU (reservedSystemCPUs, or the static
policy's reservation), a letter the container that holds it (the legend maps
letters to ``owners`` labels), blank a CPU of the shared pool. With colour
each owner also gets its own colour. render/topology_svg.py draws the same
picture as a standalone SVG document, from the same layout
(render/topology_shape.py).

Each NUMA node lists its devices (render/node_devices.py); devices without
topology are listed apart, after the sockets.

Pure: the caller computes what is reserved and who owns which CPU.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pod_resources_cli.kube import names
from pod_resources_cli.kube.allocatable import NodeAllocatable
from pod_resources_cli.model.node import NodeDescription, NUMANode
from pod_resources_cli.quantity import Format, Quantity
from pod_resources_cli.render.node_devices import apart_text, numa_devices_text
from pod_resources_cli.render.safe_text import printable
from pod_resources_cli.render.topology_shape import CORES_PER_ROW, layout, memory_text, owner_marks

def _numa_title(node: NUMANode) -> str:
    parts = [f"NUMA node {node.node_id}", memory_text(node.memory)]
    pages = [f"{memory_text(size)}×{count}" for size, count in sorted(node.hugepages.items()) if count]
    if pages:
        parts.append("hugepages " + ", ".join(pages))
    if node.distances:
        parts.append("distances " + " ".join(str(d) for d in node.distances))
    return " · ".join(parts)


def _thread(cpu: int, reserved: set[int], owners: Mapping[int, str], marks: dict[str, tuple[str, str]]) -> Text:
    if cpu in owners:
        mark, colour = marks[owners[cpu]]
        return Text(f"{cpu:>3}{mark}", style=f"bold white on {colour}")
    if cpu in reserved:
        return Text(f"{cpu:>3}*", style="black on grey62")
    return Text(f"{cpu:>3} ")


# Two panel borders and their padding around a row of cores (socket, NUMA node).
_PANEL_CHROME = 8


def _cores_per_row(cells: list[Text], width: int | None) -> int:
    """As many cores a row as the width holds (CORES_PER_ROW at most, one at least)."""
    if width is None or not cells:
        return CORES_PER_ROW
    cell = max(c.cell_len for c in cells) + 1  # the grid's padding between cells
    return max(1, min(CORES_PER_ROW, (width - _PANEL_CHROME + 1) // cell))


def render_topology(node: NodeDescription, reserved: set[int], owners: dict[int, str] | None, width: int | None = None) -> RenderableType:
    """The CPU map; with ``width`` (the terminal's), rows hold as many cores as fit."""
    topology = node.topology
    if topology is None or not topology.cpus:
        cpu = node.capacity.get("cpu")
        detail = f" (capacity: cpu {cpu})" if cpu is not None else ""
        missing = Text(f"{printable(node.name)}: no CPU topology in this node description{detail}", style="yellow")
        apart = apart_text(node)
        return missing if apart is None else Group(missing, apart)
    owned = owners or {}
    marks = owner_marks(owned)
    sockets = []
    for socket_id, numas in layout(topology):
        numa_panels = []
        for numa in numas:
            parts: list[RenderableType] = []
            for cache, cores in numa.groups:
                if len(numa.groups) > 1:
                    parts.append(Text(f"L3 cache {cache}", style="dim"))
                grid = Table.grid(padding=(0, 1))
                cells: list[Text] = []
                for core in cores:
                    cell = Text("[")
                    cell.append_text(Text(" ").join(_thread(c, reserved, owned, marks) for c in core.threads))
                    cell.append("]")
                    cells.append(cell)
                per_row = _cores_per_row(cells, width)
                for start in range(0, len(cells), per_row):
                    grid.add_row(*cells[start : start + per_row])
                parts.append(grid)
            devices = numa_devices_text(node, numa.node.node_id)
            if devices is not None:
                parts.append(devices)
            numa_panels.append(Panel(Group(*parts), title=_numa_title(numa.node), title_align="left", expand=False))
        sockets.append(Panel(Group(*numa_panels), title=f"Socket {socket_id}", title_align="left", expand=False))
    apart = apart_text(node)
    return Group(*sockets, *([apart] if apart is not None else []), _legend(reserved, marks))


def _legend(reserved: set[int], marks: dict[str, tuple[str, str]]) -> Text:
    legend = Text("[ a  b] one core, its hardware threads   ", style="dim")
    if reserved:
        legend.append_text(Text("  N*", style="black on grey62"))
        legend.append(" reserved   ")
    for label, (mark, colour) in marks.items():
        legend.append_text(Text(f" {mark} ", style=f"bold white on {colour}"))
        legend.append(f" {printable(label)}   ")
    return legend


def managers_line(node: NodeDescription) -> str:
    """The resource managers' policies, as the picture's subtitle says them."""
    k = node.kubelet
    return (
        f"cpuManagerPolicy {k.cpu_manager_policy}, topologyManagerPolicy {k.topology_manager_policy}"
        f" (scope {k.topology_manager_scope}), memoryManagerPolicy {k.memory_manager_policy}"
    )


def render_node_header(node: NodeDescription) -> Text:
    """Who the node is, its shape, and the kubelet settings that place CPUs and memory."""
    out = Text(printable(node.name), style="bold")
    if node.source and not node.embedded:
        out.append(f"  ({printable(node.source)})", style="dim")
    topology = node.topology
    if topology is not None and topology.cpus:
        out.append(
            f"\n{topology.num_cpus} CPUs: {topology.num_sockets} socket(s), {len(topology.numa_nodes)} NUMA node(s), "
            f"{topology.num_cores} cores x {topology.cpus_per_core} threads; memory {memory_text(topology.memory_capacity)}"
        )
    k = node.kubelet
    options = ", ".join(f"{key}={value}" for key, value in sorted(k.cpu_manager_policy_options.items()))
    out.append(
        f"\nkubelet: cpuManagerPolicy {k.cpu_manager_policy}" + (f" ({options})" if options else "")
        + f", topologyManagerPolicy {k.topology_manager_policy} (scope {k.topology_manager_scope})"
        + f", memoryManagerPolicy {k.memory_manager_policy}, cgroup v{k.cgroup_version} ({k.cgroup_driver})",
        style="cyan",
    )
    if k.reserved_system_cpus:
        out.append(f"\nreservedSystemCPUs {k.reserved_system_cpus}", style="cyan")
    out.append(f"\n{_swap_line(node)}", style="cyan")
    return out


def _swap_line(node: NodeDescription) -> str:
    """The machine's swap and the kubelet's swap settings."""
    k = node.kubelet
    swap = node.swap_capacity
    machine = "not described" if swap is None else ("none" if swap == 0 else memory_text(swap))
    behavior = k.swap_behavior or "default (NoSwap since 1.30)"
    controller = "" if k.swap_controller is None else f", swapController {'true' if k.swap_controller else 'false'}"
    return f"swap: {machine}; failSwapOn {'true' if k.fail_swap_on else 'false'}, swapBehavior {behavior}{controller}"


def render_allocatable(a: NodeAllocatable) -> Table:
    """capacity - kubeReserved - systemReserved - hard eviction (- hugepages, for
    memory) = allocatable, per resource; amounts of bytes in binary units."""
    hugepages = a.hugepages_memory
    columns = ["resource", "capacity", "kubeReserved", "systemReserved", "evictionHard", *(["hugepages"] if hugepages else []), "allocatable"]
    table = Table(title="Capacity and allocatable", title_justify="left")
    for column in columns:
        table.add_column(column, justify="left" if column == "resource" else "right")
    for name in sorted(set(a.capacity) | set(a.allocatable)):
        maps = [a.capacity, a.kube_reserved, a.system_reserved, a.eviction]
        if hugepages is not None:
            maps.append({names.MEMORY: hugepages})
        maps.append(a.allocatable)
        cells = [_amount(name, m[name]) if name in m else "-" for m in maps]
        if name in a.reported:
            cells[-1] += " (Node)"
        table.add_row(printable(name), *cells)
    return table


def allocatable_notes(a: NodeAllocatable) -> list[Text]:
    """What the allocatable numbers rest on, a dim line each."""
    from pod_resources_cli.why_words import words

    return [Text(f"  {words(note)}", style="dim") for note in a.notes]


def _amount(resource: str, value: Quantity) -> str:
    """A canonical quantity; bytes (memory, storage, hugepages) in binary units."""
    if resource in (names.MEMORY, names.EPHEMERAL_STORAGE) or names.is_hugepages(resource):
        return value.with_format(Format.BINARY_SI).canonical()
    return value.canonical()
