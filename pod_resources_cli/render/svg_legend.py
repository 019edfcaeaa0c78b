"""The picture's text under the sockets: devices without NUMA topology, the
legend (one line per container: its CPUs, devices and memory) and the pods
the kubelet refused, with its reason (render/topology_svg.py draws the rest).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.render.node_devices import apart_lines
from pod_resources_cli.render.svg_canvas import Canvas, ink, wrap
from pod_resources_cli.render.svg_scene import Holder, Scene
from pod_resources_cli.render.topology_shape import RESERVED_COLOUR
from pod_resources_cli.render.topology_shape import memory_text as _memory

PAD, LINE, GAP = 12, 18, 6
COLUMNS = 140  # a legend line wraps past this many characters


def apart(canvas: Canvas, node: NodeDescription, y: float) -> float:
    lines = apart_lines(node)
    if not lines:
        return y
    canvas.text(PAD, y + 13, "Devices without NUMA topology (the Device Manager gives no hint for them)", cls="head")
    y += LINE
    for line in lines:
        canvas.text(PAD + 12, y + 13, line)
        y += LINE
    return y + GAP


def legend(canvas: Canvas, scene: Scene, colours: dict[str, tuple[str, str]], y: float) -> float:
    canvas.text(PAD, y + 13, "Legend", cls="head")
    y += LINE + 2
    entries: list[tuple[str, str, str]] = [("", "#ffffff", "shared pool" + (f": CPUs {scene.shared_pool}" if scene.shared_pool else ""))]
    if scene.reserved:
        entries.append(("", RESERVED_COLOUR, "reserved CPUs (reservedSystemCPUs, or the static policy's reservation): " + _cpulist(scene.reserved)))
    holders = {h.label: h for h in scene.holders}
    for label, (mark, colour) in colours.items():
        entries.append((mark, colour, _describe(label, holders.get(label), scene.owners)))
    for mark, colour, text in entries:
        canvas.raw('<g class="entry">')
        canvas.rect(PAD, y, 26, 16, fill=colour, cls="swatch", rx=2)
        if mark:
            canvas.text(PAD + 13, y + 12, mark, anchor="middle", fill=ink(colour))
        for i, line in enumerate(wrap(text, COLUMNS)):
            canvas.text(PAD + 34, y + 12 + i * LINE, line, cls="legend")
        canvas.raw("</g>")
        y += LINE * len(wrap(text, COLUMNS)) + 4
    return y + GAP


def _describe(label: str, holder: Holder | None, owners: Mapping[int, str]) -> str:
    cpus = [cpu for cpu, who in owners.items() if who == label]
    parts = [label]
    if cpus:
        parts.append(f"CPUs {_cpulist(cpus)}")
    elif holder is not None:
        parts.append("CPUs of the shared pool")
    for d in holder.devices if holder is not None else ():
        parts.append(f"{d.resource} {', '.join(d.device_ids)}")
    for block in holder.memory if holder is not None else ():
        parts.append(f"{block.resource} {_memory(block.size)} on NUMA {','.join(map(str, block.numa_nodes))}")
    return " · ".join(parts)


def _cpulist(cpus: Iterable[int]) -> str:
    return str(CPUSet.from_iterable(cpus))


def refused(canvas: Canvas, pods: tuple[tuple[str, str], ...], y: float) -> float:
    """The refused pods, one entry each: ``pod: reason``, wrapped."""
    if not pods:
        return y
    canvas.text(PAD, y + 13, f"Refused ({len(pods)})", cls="head refused")
    y += LINE + 2
    for pod, reason in pods:
        lines = wrap(f"{pod}: {reason}", 120)
        canvas.raw('<g class="refusal">')
        canvas.text(PAD, y + 12, "✗", cls="refused")
        for i, line in enumerate(lines):
            canvas.text(PAD + 16 + (0 if i == 0 else 16), y + 12 + i * LINE, line)
        canvas.raw("</g>")
        y += LINE * len(lines) + 4
    return y
