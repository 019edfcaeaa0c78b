"""A node's devices as lines: those of each NUMA node (drawn inside it), and those without topology apart.

One line per resource: ``nvidia.com/gpu ×4: gpu-0, gpu-1, gpu-2, gpu-3``,
IDs in natural order (gpu-2 before gpu-10), at most SHOWN_IDS of them then
how many more. Resource names and IDs come from the input: the callers pass
the lines through render/safe_text.py for their medium.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from xml.sax.saxutils import escape

from rich.text import Text

from pod_resources_cli.model.node import Device, NodeDescription
from pod_resources_cli.render.safe_text import printable, xml_text

SHOWN_IDS: Final = 4
LINE: Final = 16  # SVG: the height of a line of text
PAD: Final = 10  # SVG: as node_topology's padding
_DIGITS: Final = re.compile(r"(\d+)")


def _natural(device_id: str) -> tuple[tuple[int, int | str], ...]:
    return tuple((0, int(part)) if part.isdigit() else (1, part) for part in _DIGITS.split(device_id) if part)


def device_lines(devices: Iterable[Device]) -> list[str]:
    """One line per resource, resources sorted."""
    by_resource: dict[str, list[str]] = {}
    for device in devices:
        by_resource.setdefault(device.resource, []).append(device.device_id)
    lines = []
    for resource, ids in sorted(by_resource.items()):
        ids.sort(key=_natural)
        shown = ", ".join(ids[:SHOWN_IDS]) + (f", … (+{len(ids) - SHOWN_IDS})" if len(ids) > SHOWN_IDS else "")
        lines.append(f"{resource} ×{len(ids)}: {shown}")
    return lines


def numa_device_lines(node: NodeDescription, numa_node: int) -> list[str]:
    """The devices on ``numa_node`` (a device on several NUMA nodes is in each)."""
    return device_lines(d for d in node.devices if numa_node in d.numa_nodes)


def apart_lines(node: NodeDescription) -> list[str]:
    """The devices without topology, and those on NUMA nodes the drawing does not show."""
    drawn = {n.node_id for n in node.topology.numa_nodes} if node.topology is not None and node.topology.cpus else set()
    return device_lines(d for d in node.devices if not d.numa_nodes or not set(d.numa_nodes) & drawn)


def numa_devices_text(node: NodeDescription, numa_node: int) -> Text | None:
    lines = numa_device_lines(node, numa_node)
    if not lines:
        return None
    return Text("\n".join(f"devices: {printable(line)}" for line in lines), style="magenta")


def apart_text(node: NodeDescription) -> Text | None:
    """The devices without topology, under their own title, for the terminal."""
    lines = apart_lines(node)
    if not lines:
        return None
    out = Text("Devices without NUMA topology (the Device Manager gives no hint for them)", style="bold")
    for line in lines:
        out.append(f"\n  {printable(line)}", style="magenta")
    return out


def text_width(line: str) -> int:
    """SVG: the width of ``line`` in monospace 12px, generously."""
    return len(line) * 8


def svg_apart(out: list[str], y: int, width: int, node: NodeDescription) -> tuple[int, int]:
    """SVG: the devices without topology under their title, from ``y``; the new y and width."""
    lines = apart_lines(node)
    if not lines:
        return y, width
    out.append(f'<text x="{PAD}" y="{y + 12}" class="title">Devices without NUMA topology</text>')
    y += LINE + 4
    for line in lines:
        out.append(f'<text x="{PAD + 10}" y="{y + 12}" class="device">{escape(xml_text(line))}</text>')
        y += LINE
        width = max(width, text_width(line) + 2 * PAD + 10)
    return y + 6, width
