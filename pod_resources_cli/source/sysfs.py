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
  every CPU and the memory of /proc/meminfo;
- ``swap_capacity``: SwapTotal of /proc/meminfo in bytes (machine.go
  GetMachineSwapCapacity), 0 when the line is missing.

``root`` lets tests point at a fake tree. Only reading happens here; the CLI
writes the result.

A file that is missing or unreadable, or whose text is not a number or a
cpulist, is left out as before (the defaults above). What would make the
written description wrong or unreadable stops discovery with InputError
naming the sysfs file, as cAdvisor's own parse errors stop it: a number
beyond int64 (MachineInfo holds int64), a CPU id of cpuset.MAX_CPUS or more
or a NUMA node id of MAX_NUMA_NODES or more, a CPU listed by two NUMA nodes,
a distance row that is not one number per NUMA node, and no online CPU at
all (every CPU offline, or none with a ``topology`` directory).

Numbers are ASCII digits only, as cAdvisor's strconv calls read them (a
str.isdigit() would also take "²" or "٣"), and messages quote what a file
holds cut to quantity.SHOWN_CHARS characters.
"""

from __future__ import annotations

import json
import os
import re
import socket
from pathlib import Path
from typing import Any, Final

from pod_resources_cli.cpuset import MAX_CPUS, MAX_NUMA_NODES, CPUIdRangeError, CPUSet
from pod_resources_cli.errors import InputError
from pod_resources_cli.shown import shown

INT64_MAX: Final = 2**63 - 1
_INTEGER: Final = re.compile(r"-?[0-9]+")
_MEMTOTAL: Final = re.compile(r"MemTotal:\s*([0-9]+) kB")
_SWAPTOTAL: Final = re.compile(r"^SwapTotal:\s*([0-9]+) kB", re.MULTILINE)
_CPU_DIR: Final = re.compile(r"cpu([0-9]+)")
_NODE_DIR: Final = re.compile(r"node([0-9]+)")
_HUGEPAGES_DIR: Final = re.compile(r"hugepages-([0-9]+)kB")
_DIGITS: Final = re.compile(r"[0-9]+")  # ASCII, unlike str.isdigit()


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="ascii", errors="replace").strip()
    except OSError:
        return None


def _bounded(path: Path, digits: str, scale: int = 1) -> int:
    """``digits`` (optionally signed) times ``scale``; InputError naming ``path``
    beyond int64, checked on the text's length before it is converted."""
    magnitude = digits.lstrip("-")
    if len(magnitude) > 19 or int(magnitude) * scale > INT64_MAX:
        shown = digits if len(digits) <= 24 else f"{digits[:12]}... ({len(magnitude)} digits)"
        raise InputError(f"{path}: {shown} is out of range (more than 2^63-1)")
    return int(digits) * scale


def _read_int(path: Path) -> int | None:
    text = _read(path)
    if text is None or not _INTEGER.fullmatch(text):
        return None
    return _bounded(path, text)


def _numbered(directory: Path, pattern: re.Pattern[str], limit: int | None = None) -> list[int]:
    """The numbers of ``directory``'s entries named like ``pattern``; with
    ``limit``, a number at or above it is an InputError naming the entry."""
    try:
        names = os.listdir(directory)
    except OSError:
        return []
    out = []
    for name in names:
        if m := pattern.fullmatch(name):
            number = _bounded(directory / name, m.group(1))
            if limit is not None and number >= limit:
                raise InputError(f"{directory / name}: {number} is out of range (Linux numbers these from 0 to {limit - 1})")
            out.append(number)
    return sorted(out)


def _memtotal(path: Path) -> int:
    match = _MEMTOTAL.search(_read(path) or "")
    return _bounded(path, match.group(1), 1024) if match else 0


def _swaptotal(path: Path) -> int:
    """cAdvisor's GetMachineSwapCapacity: SwapTotal of /proc/meminfo in bytes, 0 without the line."""
    match = _SWAPTOTAL.search(_read(path) or "")
    return _bounded(path, match.group(1), 1024) if match else 0


def _cpulist(path: Path, text: str) -> CPUSet:
    """A cpulist read from ``path``: ValueError for bad syntax (the caller's
    fallback), InputError naming ``path`` for a CPU id no kernel reports."""
    try:
        return CPUSet.parse(text)
    except CPUIdRangeError as exc:
        raise InputError(f"{path}: {exc}") from None


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
        present = _numbered(self.cpu_dir, _CPU_DIR, MAX_CPUS)
        if not present:
            raise InputError(f"{self.cpu_dir}: no CPUs found (is /sys mounted?)")
        online = _read(self.cpu_dir / "online")
        try:
            self.online = set(_cpulist(self.cpu_dir / "online", online).to_list()) if online else set(present)
        except ValueError:
            self.online = set(present)
        self.cpus = [c for c in present if c in self.online and (self.cpu_dir / f"cpu{c}" / "topology").is_dir()]
        if not self.cpus:
            reason = (
                f"{self.cpu_dir / 'online'} lists {shown(online)}, none of the CPUs present ({CPUSet.from_iterable(present)})"
                if not self.online & set(present)
                else "no online CPU has a topology directory"
            )
            raise InputError(f"no online CPUs found under {self.cpu_dir}: {reason}")

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
                sharing = _cpulist(d / "shared_cpu_list", shared).size() if shared else 1
            except ValueError:
                sharing = 1
            out.append(
                {
                    "id": _read_int(d / "id") or 0,
                    "size": _size(d / "size"),
                    "type": _read(d / "type") or "Unified",
                    "level": level,
                    "cpus": sharing,
                }
            )
        return out

    def numa_nodes(self) -> list[tuple[int, list[int], int, list[dict[str, int]], list[int]]]:
        """(id, cpus, memory, hugepages, distances) per NUMA node."""
        ids = _numbered(self.node_dir, _NODE_DIR, MAX_NUMA_NODES)
        if not ids:
            memory = _memtotal(self.root / "proc/meminfo")
            return [(0, self.cpus, memory, _hugepages(self.root / "sys/kernel/mm/hugepages"), [])]
        out = []
        listed_by: dict[int, Path] = {}  # CPU -> the sysfs entry that put it in a NUMA node
        for node in ids:
            d = self.node_dir / f"node{node}"
            cpus = [c for c in _numbered(d, _CPU_DIR, MAX_CPUS) if c in self.cpus]
            sources = {c: d / f"cpu{c}" for c in cpus}
            cpulist = _read(d / "cpulist")
            if not cpus and cpulist:
                try:
                    cpus = [c for c in _cpulist(d / "cpulist", cpulist).to_list() if c in self.cpus]
                except ValueError:
                    cpus = []
                sources = {c: d / "cpulist" for c in cpus}
            for c in cpus:
                if c in listed_by:
                    raise InputError(f"{sources[c]}: CPU {c} is also in another NUMA node ({listed_by[c]}); a CPU belongs to one NUMA node")
                listed_by[c] = sources[c]
            out.append((node, cpus, _memtotal(d / "meminfo"), _hugepages(d / "hugepages"), self._distances(d / "distance", len(ids))))
        return out

    @staticmethod
    def _distances(path: Path, nodes: int) -> list[int]:
        """One distance per NUMA node, or none when the file is missing or empty."""
        fields = (_read(path) or "").split()
        if not fields:
            return []
        if len(fields) != nodes or not all(_DIGITS.fullmatch(f) for f in fields):
            raise InputError(f"{path}: expected {nodes} distance(s), one number per NUMA node, not {shown(' '.join(fields))}")
        return [_bounded(path, f) for f in fields]


def _size(path: Path) -> int:
    """A sysfs cache size ("32K", "1024K", "16M") in bytes."""
    text = _read(path)
    if not text:
        return 0
    units = {"K": 1024, "M": 1024**2, "G": 1024**3}
    number, unit = (text[:-1], text[-1]) if text[-1] in units else (text, "")
    return _bounded(path, number, units.get(unit, 1)) if _DIGITS.fullmatch(number) else 0


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
    num_cores = sum(len(core["thread_ids"]) for node in topology for core in node["cores"])
    if not num_cores:
        raise InputError(f"no online CPUs found under {machine.node_dir}: no NUMA node lists an online CPU")
    return {
        "num_cores": num_cores,
        "num_physical_cores": physical,
        "num_sockets": len(sockets),
        "memory_capacity": _memtotal(Path(root) / "proc/meminfo") or sum(n["memory"] for n in topology),
        "swap_capacity": _swaptotal(Path(root) / "proc/meminfo"),
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
