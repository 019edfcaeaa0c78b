"""`node discover`: read this machine's topology from /sys, as cAdvisor does.

Mirrors cAdvisor's utils/sysinfo/sysinfo.go (GetNodesInfo, getCoresInfo,
addCacheInfo, GetHugePagesInfo, getNodeMemInfo; github.com/google/cadvisor
@6536a6c35e7c, plus the later split of level-3 caches into node and uncore
caches) and produces the MachineInfo document the
kubelet would get (``kubectl get --raw /api/v1/nodes/N/proxy/spec``), which
``--node`` reads back:

- per NUMA node (/sys/devices/system/node/nodeN): its online CPUs, MemTotal
  from ``meminfo``, ``hugepages/hugepages-<size>kB/nr_hugepages``, ``distance``;
- per CPU (/sys/devices/system/cpu/cpuN/topology): ``core_id`` and
  ``physical_package_id`` group the threads into cores; an L3 cache
  (``cache/index*/level`` 3) shared by the whole NUMA node is a node cache,
  one shared by fewer CPUs is the core's uncore cache, with its ``id``;
- without NUMA information (no /sys/devices/system/node), one node 0 holds
  every CPU and the memory of /proc/meminfo.

``root`` lets tests point at a fake tree. Only reading happens here; the CLI
writes the result.
"""

from __future__ import annotations

import json
import os
import re
import socket
from pathlib import Path
from typing import Any, Final

from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.errors import InputError

_MEMTOTAL: Final = re.compile(r"MemTotal:\s*([0-9]+) kB")
_CPU_DIR: Final = re.compile(r"cpu([0-9]+)")
_NODE_DIR: Final = re.compile(r"node([0-9]+)")
_HUGEPAGES_DIR: Final = re.compile(r"hugepages-([0-9]+)kB")


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="ascii", errors="replace").strip()
    except OSError:
        return None


def _read_int(path: Path) -> int | None:
    text = _read(path)
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None


def _numbered(directory: Path, pattern: re.Pattern[str]) -> list[int]:
    try:
        names = os.listdir(directory)
    except OSError:
        return []
    return sorted(int(m.group(1)) for name in names if (m := pattern.fullmatch(name)))


def _memtotal(text: str | None) -> int:
    match = _MEMTOTAL.search(text or "")
    return int(match.group(1)) * 1024 if match else 0


def _hugepages(directory: Path) -> list[dict[str, int]]:
    out = []
    for size_kib in _numbered(directory, _HUGEPAGES_DIR):
        pages = _read_int(directory / f"hugepages-{size_kib}kB" / "nr_hugepages")
        if pages is not None:
            out.append({"page_size": size_kib, "num_pages": pages})
    return out


class _Machine:
    def __init__(self, root: Path) -> None:
        self.cpu_dir = root / "sys/devices/system/cpu"
        self.node_dir = root / "sys/devices/system/node"
        self.root = root
        present = _numbered(self.cpu_dir, _CPU_DIR)
        if not present:
            raise InputError(f"{self.cpu_dir}: no CPUs found (is /sys mounted?)")
        online = _read(self.cpu_dir / "online")
        try:
            self.online = set(CPUSet.parse(online).to_list()) if online else set(present)
        except ValueError:
            self.online = set(present)
        self.cpus = [c for c in present if c in self.online and (self.cpu_dir / f"cpu{c}" / "topology").is_dir()]

    def package(self, cpu: int) -> int:
        return _read_int(self.cpu_dir / f"cpu{cpu}/topology/physical_package_id") or 0

    def core(self, cpu: int) -> int:
        value = _read_int(self.cpu_dir / f"cpu{cpu}/topology/core_id")
        return cpu if value is None else value

    def caches(self, cpu: int) -> list[dict[str, Any]]:
        base = self.cpu_dir / f"cpu{cpu}/cache"
        out = []
        for index in _numbered(base, re.compile(r"index([0-9]+)")):
            d = base / f"index{index}"
            level = _read_int(d / "level")
            if level is None:
                continue
            shared = _read(d / "shared_cpu_list")
            try:
                sharing = CPUSet.parse(shared).size() if shared else 1
            except ValueError:
                sharing = 1
            out.append(
                {
                    "id": _read_int(d / "id") or 0,
                    "size": _size(_read(d / "size")),
                    "type": _read(d / "type") or "Unified",
                    "level": level,
                    "cpus": sharing,
                }
            )
        return out

    def numa_nodes(self) -> list[tuple[int, list[int], int, list[dict[str, int]], list[int]]]:
        """(id, cpus, memory, hugepages, distances) per NUMA node."""
        ids = _numbered(self.node_dir, _NODE_DIR)
        if not ids:
            memory = _memtotal(_read(self.root / "proc/meminfo"))
            return [(0, self.cpus, memory, _hugepages(self.root / "sys/kernel/mm/hugepages"), [])]
        out = []
        for node in ids:
            d = self.node_dir / f"node{node}"
            cpus = [c for c in _numbered(d, _CPU_DIR) if c in self.cpus]
            if not cpus and _read(d / "cpulist"):
                try:
                    cpus = [c for c in CPUSet.parse(_read(d / "cpulist") or "").to_list() if c in self.cpus]
                except ValueError:
                    cpus = []
            distances = [int(x) for x in (_read(d / "distance") or "").split() if x.isdigit()]
            out.append((node, cpus, _memtotal(_read(d / "meminfo")), _hugepages(d / "hugepages"), distances))
        return out


def _size(text: str | None) -> int:
    """A sysfs cache size ("32K", "1024K", "16M") in bytes."""
    if not text:
        return 0
    units = {"K": 1024, "M": 1024**2, "G": 1024**3}
    number, unit = (text[:-1], text[-1]) if text[-1] in units else (text, "")
    return int(number) * units.get(unit, 1) if number.isdigit() else 0


def discover_machine(root: str = "/") -> dict[str, Any]:
    """The MachineInfo of the machine under ``root`` (cAdvisor's JSON field names)."""
    machine = _Machine(Path(root))
    topology: list[dict[str, Any]] = []
    sockets: set[int] = set()
    physical = 0
    for node_id, cpus, memory, hugepages, distances in machine.numa_nodes():
        cores: dict[tuple[int, int], list[int]] = {}
        for cpu in cpus:
            cores.setdefault((machine.package(cpu), machine.core(cpu)), []).append(cpu)
        entries = []
        node_caches: list[dict[str, Any]] = []
        for (package, core_id), threads in sorted(cores.items(), key=lambda kv: min(kv[1])):
            sockets.add(package)
            core: dict[str, Any] = {"core_id": core_id, "thread_ids": sorted(threads), "socket_id": package}
            for cache in machine.caches(threads[0]):
                entry = {k: cache[k] for k in ("id", "size", "type", "level")}
                if cache["level"] > 2 and cache["cpus"] == len(cpus):
                    if entry not in node_caches:
                        node_caches.append(entry)
                elif cache["level"] > 2:
                    core.setdefault("uncore_caches", []).append(entry)
                elif cache["cpus"] == len(threads):
                    core.setdefault("caches", []).append(entry)
            entries.append(core)
        physical += len(entries)
        topology.append(
            {"node_id": node_id, "memory": memory, "hugepages": hugepages, "cores": entries, "caches": node_caches, "distances": distances}
        )
    return {
        "num_cores": sum(len(core["thread_ids"]) for node in topology for core in node["cores"]),
        "num_physical_cores": physical,
        "num_sockets": len(sockets),
        "memory_capacity": _memtotal(_read(Path(root) / "proc/meminfo")) or sum(n["memory"] for n in topology),
        "hugepages": _hugepages(Path(root) / "sys/kernel/mm/hugepages"),
        "topology": topology,
    }


def render_machine(info: dict[str, Any], fmt: str = "yaml") -> str:
    """The discovered document as YAML (with a header comment) or JSON."""
    if fmt == "json":
        return json.dumps(info, indent=2) + "\n"
    import yaml

    class _Dumper(yaml.SafeDumper):
        pass

    def _list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
        flow = all(not isinstance(v, (dict, list)) for v in data)
        return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)

    _Dumper.add_representer(list, _list)
    header = (
        f"# Node description of {socket.gethostname()}, discovered from /sys by `pod-resources node discover`.\n"
        "# A cAdvisor MachineInfo (as `kubectl get --raw /api/v1/nodes/NODE/proxy/spec` prints it).\n"
        "# Add the kubelet's settings as another document: ---, then a KubeletConfiguration.\n"
    )
    body: str = yaml.dump(info, Dumper=_Dumper, sort_keys=False, default_flow_style=False)
    return header + body
