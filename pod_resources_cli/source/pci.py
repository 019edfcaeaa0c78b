"""`node discover`: the PCI devices device plugins advertise, from /sys/bus/pci/devices.

Each device directory (named by its PCI address, 0000:3b:00.0) holds its
``class`` (0x030200), ``vendor`` (0x10de) and ``numa_node`` (-1: the
firmware gives none; the device then has no topology, as device plugins
report it). A ``physfn`` link marks an SR-IOV virtual function and names
its physical function.

Only resource names a vendor's device plugin registers by default are
written as devices, each by its PCI address as ID:

- VGA (0x0300), 3D (0x0302) and other display (0x0380, AMD Instinct)
  controllers of NVIDIA (0x10de): ``nvidia.com/gpu`` (k8s-device-plugin;
  it names devices by GPU UUID, which sysfs does not give);
- of AMD (0x1002): ``amd.com/gpu`` (ROCm k8s-device-plugin).

Other display controllers (a server's BMC VGA...) and SR-IOV network VFs
(class 0x0200 with ``physfn``), whose resource names the SR-IOV network
device plugin's configuration chooses, are listed as comments under the
devices, for the user to name. A NUMA node the machine's topology does not
list is dropped (no topology) so the description stays loadable. ``root``
lets tests point at a fake tree; only reading happens here.

The devices are written as a ``kind: NodeDevices`` document after the
MachineInfo (YAML, with the unnamed ones as comments), or with it in a
``kind: List`` (JSON, which has no comments: the unnamed ones are left out
and the CLI says how many).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, Final

from pod_resources_cli.errors import InputError
from pod_resources_cli.records import dataclass

PCI_DIR: Final = "sys/bus/pci/devices"
MAX_PCI_DEVICES: Final = 16384  # the node model's bound (model/decode/node/devices.py MAX_DEVICES)
DISPLAY_CLASSES: Final = (0x0300, 0x0302, 0x0380)
ETHERNET_CLASS: Final = 0x0200
GPU_RESOURCES: Final = {0x10DE: "nvidia.com/gpu", 0x1002: "amd.com/gpu"}
_ADDRESS: Final = re.compile(r"[0-9a-f]{4,8}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]")
_HEX: Final = re.compile(r"0x[0-9a-fA-F]{1,8}")
_NUMA: Final = re.compile(r"-?[0-9]{1,5}")


@dataclass(frozen=True, slots=True)
class PCIGroup:
    """Devices of one kind on one NUMA node (None: no topology)."""

    what: str  # a resource name, or what an unnamed device is
    numa_node: int | None
    ids: tuple[str, ...]
    named: bool


def _hex(path: Path) -> int | None:
    try:
        text = path.read_text(encoding="ascii", errors="replace").strip()
    except OSError:
        return None
    return int(text, 16) if _HEX.fullmatch(text) else None


def _numa(path: Path, known: set[int]) -> int | None:
    try:
        text = path.read_text(encoding="ascii", errors="replace").strip()
    except OSError:
        return None
    if not _NUMA.fullmatch(text):
        return None
    node = int(text)
    return node if node in known else None


def _classify(device: Path) -> tuple[str, bool] | None:
    """(resource name, True) or (what it is, False) for the devices a plugin may advertise; None for the rest."""
    cls, vendor = _hex(device / "class"), _hex(device / "vendor")
    if cls is None or vendor is None:
        return None
    if cls >> 8 in DISPLAY_CLASSES:
        resource = GPU_RESOURCES.get(vendor)
        return (resource, True) if resource else (f"display controller, vendor 0x{vendor:04x}", False)
    if cls >> 8 == ETHERNET_CLASS and os.path.islink(device / "physfn"):
        try:
            pf = os.path.basename(os.readlink(device / "physfn"))
        except OSError:
            pf = ""
        return f"SR-IOV VFs of {pf if _ADDRESS.fullmatch(pf) else 'a physical function'}, vendor 0x{vendor:04x}", False
    return None


def discover_pci(root: str, numa_nodes: list[int]) -> list[PCIGroup]:
    """The devices under ``root``/sys/bus/pci/devices, grouped; named groups first."""
    directory = Path(root) / PCI_DIR
    try:
        names = sorted(n for n in os.listdir(directory) if _ADDRESS.fullmatch(n))
    except OSError:
        return []
    if len(names) > MAX_PCI_DEVICES:
        raise InputError(f"{directory}: {len(names)} PCI devices, more than {MAX_PCI_DEVICES}")
    known = set(numa_nodes)
    groups: dict[tuple[str, int | None, bool], list[str]] = {}
    for address in names:
        device = directory / address
        kind = _classify(device)
        if kind is not None:
            what, named = kind
            groups.setdefault((what, _numa(device / "numa_node", known), named), []).append(address)
    out = [PCIGroup(what, numa, tuple(ids), named) for (what, numa, named), ids in groups.items()]
    return sorted(out, key=lambda g: (not g.named, g.what, -1 if g.numa_node is None else g.numa_node))


def devices_document(groups: list[PCIGroup]) -> dict[str, Any]:
    """The named groups as a NodeDevices document (model/decode/node/devices.py reads it)."""
    entries: list[dict[str, Any]] = []
    for group in groups:
        if group.named:
            entry: dict[str, Any] = {"resource": group.what}
            if group.numa_node is not None:
                entry["numaNode"] = group.numa_node
            entry["ids"] = list(group.ids)
            entries.append(entry)
    return {"apiVersion": "pod-resources/v1", "kind": "NodeDevices", "devices": entries}


def render_devices(groups: list[PCIGroup], fmt: str, machine: dict[str, Any], machine_text: str) -> str:
    """``machine_text`` (render_machine's) followed by the devices: a second YAML
    document, or, in JSON, a List of both; unchanged without devices."""
    named = [g for g in groups if g.named]
    if fmt == "json":
        if not named:
            return machine_text
        return json.dumps({"apiVersion": "v1", "kind": "List", "items": [machine, devices_document(groups)]}, indent=2) + "\n"
    if not groups:
        return machine_text
    lines = [
        "---",
        "# Devices of device plugins, from /sys/bus/pci/devices: each by its PCI address, on the NUMA",
        "# node of its numa_node file (none when the firmware gives -1). Names are the vendors' plugins'.",
        "apiVersion: pod-resources/v1",
        "kind: NodeDevices",
        "devices:" if named else "devices: []",
    ]
    for group in named:
        numa = "" if group.numa_node is None else f", numaNode: {group.numa_node}"
        lines.append(f"- {{resource: {group.what}{numa}, ids: [{', '.join(repr(i) for i in group.ids)}]}}")
    unnamed = [g for g in groups if not g.named]
    if unnamed:
        lines.append("# Devices without a well-known resource name: name them as your device plugin's")
        lines.append("# configuration does (e.g. the SR-IOV network device plugin's resourceName) and")
        lines.append("# move them into devices:")
        for group in unnamed:
            numa = "" if group.numa_node is None else f", numaNode: {group.numa_node}"
            lines.append(f"# - {{resource: <domain>/<name>{numa}, ids: [{', '.join(repr(i) for i in group.ids)}]}}  # {len(group.ids)} {group.what}")
    return machine_text + "\n".join(lines) + "\n"
