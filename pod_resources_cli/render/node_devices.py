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

from rich.text import Text

from pod_resources_cli.model.node import Device, NodeDescription
from pod_resources_cli.render.safe_text import printable

SHOWN_IDS: Final = 4
_DIGITS: Final = re.compile(r"(\d+)")


def natural_key(device_id: str) -> tuple[tuple[int, int | str], ...]:
    return tuple((0, int(part)) if part.isdigit() else (1, part) for part in _DIGITS.split(device_id) if part)


def device_lines(devices: Iterable[Device]) -> list[str]:
    """One line per resource, resources sorted."""
    by_resource: dict[str, list[str]] = {}
    for device in devices:
        by_resource.setdefault(device.resource, []).append(device.device_id)
    lines = []
    for resource, ids in sorted(by_resource.items()):
        ids.sort(key=natural_key)
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
