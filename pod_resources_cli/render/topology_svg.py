"""A node's topology as an SVG picture: sockets > NUMA nodes > L3 groups > cores > threads.

Each hardware thread is a box with its CPU id: grey a reserved CPU, white a
CPU of the shared pool, a colour (and a letter, for who cannot tell the
colours apart) the container that holds it exclusively. Under the cores of a
NUMA node: its devices, one box each, in the colour of the container that
got it; and its memory as a bar, with the reservedMemory the kubelet keeps
and, under the Static memory manager, the containers' memory blocks. Under
the sockets: the legend (one line per container: its CPUs, devices and
memory) and the pods the kubelet refused, with its reason.

Pure: the caller (render/admit_svg.py, ``node show``) says who holds what,
in a Scene (render/svg_scene.py).
"""

from __future__ import annotations

from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.render.node_devices import natural_key
from pod_resources_cli.render.svg_canvas import Canvas, ink, text_width
from pod_resources_cli.render.svg_legend import apart, legend, refused
from pod_resources_cli.render.svg_scene import Scene
from pod_resources_cli.render.topology_shape import RESERVED_COLOUR, NumaCores, layout, owner_marks
from pod_resources_cli.render.topology_shape import memory_text as _memory

TW, TH = 34, 20  # a hardware thread's box
GAP, PAD, LINE = 6, 12, 18
STYLE = (
    ".title{font-weight:bold;font-size:14px}.head{font-weight:bold}.dim{fill:#555}.refused{fill:#c62828}"
    ".socket{fill:none;stroke:#333;stroke-width:1.5}.numa{fill:#f6f6f6;stroke:#999}.core{fill:#fff;stroke:#bbb}"
    ".cpu,.swatch{stroke:#888}.dev{stroke:#666}.bar{fill:#fff;stroke:#888}"
)


def _colours(scene: Scene) -> dict[str, tuple[str, str]]:
    """label -> (mark, colour): CPU holders as in the terminal map, then the others."""
    marks = owner_marks(scene.owners)
    extra = [h.label for h in scene.holders if h.label not in marks]
    every = owner_marks({i: label for i, label in enumerate([*marks, *extra])})
    return every


def _per_row(cores: int) -> int:
    """Cores a row: at most 8 (14 on a big NUMA node), the rows as even as they can be."""
    most = 8 if cores <= 32 else 14
    rows = -(-cores // most)
    return -(-cores // rows) if rows else most


ROW_WIDTH = 1400  # sockets stand side by side while they fit in this width


def svg(scene: Scene) -> str:
    node, canvas = scene.node, Canvas()
    colours = _colours(scene)
    device_owner = {(d.resource, i): h.label for h in scene.holders for d in h.devices for i in d.device_ids}
    canvas.text(PAD, PAD + 14, _title(node), cls="title")
    y: float = PAD + 22
    if scene.subtitle:
        canvas.text(PAD, y + 12, scene.subtitle, cls="dim")
        y += LINE
    y += GAP
    topology = node.topology
    x, row_bottom = float(PAD), y
    for socket_id, numas in layout(topology) if topology is not None and topology.cpus else []:
        width, height = _socket(Canvas(), scene, socket_id, numas, 0, 0, colours, device_owner)  # measured first
        if x > PAD and x + width > ROW_WIDTH:
            x, y = float(PAD), row_bottom + GAP
        _socket(canvas, scene, socket_id, numas, x, y, colours, device_owner)
        row_bottom = max(row_bottom, y + height)
        x += width + PAD
    y = row_bottom + PAD
    if topology is None or not topology.cpus:
        canvas.text(PAD, y + 12, "no CPU topology in this node description", cls="dim")
        y += LINE + GAP
    y = apart(canvas, node, y)
    y = legend(canvas, scene, colours, y)
    refused(canvas, scene.refused, y)
    return canvas.document(_title(node), STYLE)


def _socket(
    canvas: Canvas, scene: Scene, socket_id: int, numas: list[NumaCores], x: float, y: float,
    colours: dict[str, tuple[str, str]], device_owner: dict[tuple[str, str], str],
) -> tuple[float, float]:  # fmt: skip
    """One socket's box from (x, y), its NUMA nodes stacked; its width and height."""
    top, right = y, 0.0
    y += 26
    for numa in numas:
        y, width = _numa(canvas, scene, numa, x + PAD, y, colours, device_owner)
        right = max(right, width + 2 * PAD)
        y += GAP
    canvas.rect(x, top, right, y - top + GAP, cls="socket", rx=8)
    canvas.text(x + 10, top + 18, f"Socket {socket_id}", cls="head")
    return right, y - top + GAP


def _title(node: NodeDescription) -> str:
    t = node.topology
    if t is None or not t.cpus:
        return node.name
    return (
        f"{node.name}: {t.num_cpus} CPUs, {t.num_sockets} socket(s), {len(t.numa_nodes)} NUMA node(s), "
        f"{t.num_cores} cores x {t.cpus_per_core} threads, memory {_memory(t.memory_capacity)}"
    )


def _numa(
    canvas: Canvas, scene: Scene, numa: NumaCores, x: float, y: float,
    colours: dict[str, tuple[str, str]], device_owner: dict[tuple[str, str], str],
) -> tuple[float, float]:  # fmt: skip
    """One NUMA node's box from (x, y); the y under it and its width."""
    node = numa.node
    body: list[float] = []  # the widths of what is inside, for the box
    inner_x, cy = x + PAD, y + 26
    start = len(canvas.parts)
    for cache, cores in numa.groups:
        if len(numa.groups) > 1:
            canvas.text(inner_x, cy + 11, f"L3 cache {cache}", cls="dim", size=11)
            cy += 16
        per_row = _per_row(len(cores))
        width = 0.0
        for i, core in enumerate(cores):
            core_w = len(core.threads) * TW + 4
            cx = inner_x + (i % per_row) * (core_w + GAP)
            ty = cy + (i // per_row) * (TH + 4 + GAP)
            canvas.rect(cx, ty, core_w, TH + 4, cls="core", rx=3)
            for t, cpu in enumerate(core.threads):
                _thread(canvas, scene, colours, cpu, cx + 2 + t * TW, ty + 2)
            width = max(width, cx + core_w - inner_x)
        cy += -(-len(cores) // per_row) * (TH + 4 + GAP)
        body.append(width)
    details = [_memory(node.memory)]
    details += [f"hugepages {_memory(size)}×{count}" for size, count in sorted(node.hugepages.items()) if count]
    if node.distances:
        details.append("distances " + " ".join(str(d) for d in node.distances))
    title, detail = f"NUMA node {node.node_id}", " · ".join(details)
    inner_w = max(body + [360.0, text_width(f"{title}  {detail}") - 2 * PAD + 16])
    cy = _devices(canvas, scene, node.node_id, inner_x, cy, inner_w, colours, device_owner)
    cy, text_w = _memory_bar(canvas, scene, node.node_id, node.memory, inner_x, cy, inner_w, colours)
    numa_w = max(inner_w, text_w) + 2 * PAD
    canvas.rect(x, y, numa_w, cy - y + PAD - GAP, cls="numa", rx=6, at=start)
    canvas.text(x + 8, y + 17, title, cls="head")
    canvas.text(x + 8 + text_width(f"{title}  "), y + 17, detail, cls="dim")
    return cy + PAD - GAP, numa_w


def _thread(canvas: Canvas, scene: Scene, colours: dict[str, tuple[str, str]], cpu: int, x: float, y: float) -> None:
    label = scene.owners.get(cpu)
    if label is not None:
        mark, fill = colours[label]
        text, tip = f"{cpu}{mark}", f"CPU {cpu}: {label}"
    elif cpu in scene.reserved:
        fill, text, tip = RESERVED_COLOUR, f"{cpu}", f"CPU {cpu}: reserved"
    else:
        fill, text, tip = "#ffffff", str(cpu), f"CPU {cpu}: shared pool"
    canvas.raw("<g>")
    canvas.rect(x, y, TW - 2, TH, cls="cpu", fill=fill, tip=tip, rx=2)
    canvas.text(x + (TW - 2) / 2, y + 14, text, size=11, anchor="middle", fill=ink(fill))
    canvas.raw("</g>")


def _devices(
    canvas: Canvas, scene: Scene, numa_id: int, x: float, y: float, width: float,
    colours: dict[str, tuple[str, str]], device_owner: dict[tuple[str, str], str],
) -> float:  # fmt: skip
    """The NUMA node's devices, a box each, by resource; the y under them."""
    by_resource: dict[str, list[str]] = {}
    for device in scene.node.devices:
        if numa_id in device.numa_nodes:
            by_resource.setdefault(device.resource, []).append(device.device_id)
    for resource, ids in sorted(by_resource.items()):
        canvas.text(x, y + 13, f"{resource} ×{len(ids)}", cls="dim")
        y += LINE
        cx = x
        for device_id in sorted(ids, key=natural_key):
            owner = device_owner.get((resource, device_id))
            mark, fill = colours[owner] if owner is not None else ("", "#ffffff")
            shown = f"{device_id} {mark}" if mark else device_id
            box = max(48.0, text_width(shown, 11) + 12)
            if cx > x and cx + box > x + width:
                cx, y = x, y + TH + GAP
            tip = f"{resource} {device_id}: " + (owner if owner is not None else "free")
            canvas.rect(cx, y, box, TH, cls="dev", fill=fill, tip=tip, rx=4)
            canvas.text(cx + box / 2, y + 14, shown, size=11, anchor="middle", fill=ink(fill))
            cx += box + GAP
        y += TH + GAP
    return y


def _memory_bar(
    canvas: Canvas, scene: Scene, numa_id: int, capacity: int, x: float, y: float, width: float,
    colours: dict[str, tuple[str, str]],
) -> tuple[float, float]:  # fmt: skip
    """The NUMA node's memory; under the Static memory manager a bar: the
    reservedMemory, then each container's memory blocks. The y under it and its width."""
    text = f"memory {_memory(capacity)}"
    if scene.node.kubelet.memory_manager_policy != "Static":
        text += " (memoryManagerPolicy None: not pinned to NUMA nodes)"
        canvas.text(x, y + 13, text, cls="dim", size=11)
        return y + LINE + 2, text_width(text, 11)
    reserved = sum(q.value() for r in scene.node.kubelet.reserved_memory if r.numa_node == numa_id for k, q in r.limits.items() if k == "memory")
    parts: list[tuple[int, str, str]] = []  # (bytes, colour, tooltip)
    if reserved:
        parts.append((reserved, RESERVED_COLOUR, f"reservedMemory on NUMA node {numa_id}: {_memory(reserved)}"))
    pinned = 0
    for holder in scene.holders:
        for block in holder.memory:
            if block.resource == "memory" and numa_id in block.numa_nodes:
                share = block.size // len(block.numa_nodes)  # a block over several nodes: drawn shared evenly
                where = "" if len(block.numa_nodes) == 1 else f" over NUMA nodes {','.join(map(str, block.numa_nodes))}"
                parts.append((share, colours[holder.label][1], f"{holder.label}: memory {_memory(block.size)}{where}"))
                pinned += share
    canvas.rect(x, y + 2, width, 14, cls="bar", tip=f"NUMA node {numa_id}: memory {_memory(capacity)}")
    left = x
    for size, fill, tip in parts:
        w = min(max(2.0, width * size / capacity) if capacity else 0.0, x + width - left)
        canvas.rect(left, y + 2, w, 14, fill=fill, tip=tip)
        left += w
    if reserved:
        text += f" · reservedMemory {_memory(reserved)}"
    text += f" · pinned by containers {_memory(pinned) if pinned else 'none'}"
    canvas.text(x, y + 30, text, cls="dim", size=11)
    return y + 36, text_width(text, 11)


def topology_svg(node: NodeDescription, reserved: set[int], owners: dict[int, str] | None, subtitle: str = "") -> str:
    """The node alone (``node show -o svg``): the terminal map's drawing as a standalone SVG document."""
    return svg(Scene(node, frozenset(reserved), owners or {}, subtitle=subtitle))
