"""``node discover``: this machine as ``--node`` reads it (cAdvisor MachineInfo
from /sys and /proc, source/sysfs.py; PCI devices as a NodeDevices document,
source/pci.py), and the counts the command reports."""

from __future__ import annotations

from pod_resources_cli.records import dataclass


@dataclass(frozen=True, slots=True)
class Discovered:
    text: str  # the description, in the asked format
    cpus: int
    numa_nodes: int
    devices: int  # devices with a well-known resource name
    unnamed: int  # PCI devices without one (YAML lists them as comments, JSON leaves them out)


def discover_node(root: str, fmt: str) -> Discovered:
    """``fmt`` is "yaml" or "json"; ``root`` where /sys and /proc are read."""
    from pod_resources_cli.source.pci import discover_pci, render_devices
    from pod_resources_cli.source.sysfs import discover_machine, render_machine

    info = discover_machine(root)
    groups = discover_pci(root, [n["node_id"] for n in info["topology"]])
    text = render_devices(groups, fmt, info, render_machine(info, fmt))
    named = sum(len(g.ids) for g in groups if g.named)
    unnamed = sum(len(g.ids) for g in groups if not g.named)
    return Discovered(text, info["num_cores"], len(info["topology"]), named, unnamed)
