"""The project's compact node form (``kind: NodeProfile``) -> topology + kubelet settings.

A hand-written profile states the shape of the machine instead of listing
every CPU: sockets, NUMA nodes per socket, cores per socket, threads per
core, how Linux numbers the CPUs, memory and hugepages per NUMA node, which
cores share an L3 (uncore) cache, and NUMA distances. An embedded
``kubelet:`` block uses the real KubeletConfiguration field names.

The CPU details built here are the ones the kubelet derives from cAdvisor
(pkg/kubelet/cm/cpumanager/topology/topology.go Discover, kubernetes/kubernetes
@08715a58e5cd): a core's id is its lowest thread id; a core without an uncore
cache is aligned to its socket. The schema is schemas/node.schema.json; its
maximums and the totals checked here (at most cpuset.MAX_CPUS CPUs and
MAX_NUMA_NODES NUMA nodes) bound the machine before any CPU is built.

CPU numbering schemes (``cpuNumbering``):
- ``kernel`` (default): cores are numbered socket by socket, then every
  core's second thread, and so on: the siblings of CPU N are N + k * cores.
- ``consecutive``: a core's threads are adjacent: core c holds c*T .. c*T+T-1.
- ``interleaved``: sockets alternate (CPU 0 on socket 0, CPU 1 on socket 1,
  ...), siblings again N + k * cores, as some dual-socket firmware does.

A profile stands for the MachineInfo the kubelet would get, so its numbers
obey the same bounds (values.py): a ``hugepages-<size>`` name is a page size a
kernel has (a power of two, a whole number of KiB, at most 4Ei), the bytes of
all pages of one size and the memory of all NUMA nodes fit int64, and every
quantity fits the int64 the kubelet reads it into (8Ei is refused like
9223372036854775808). Messages quote the input cut short.

``devices`` (top level, or in a ``numaNodes`` entry for that NUMA node) lists
the device plugins' devices: devices.py.
"""

from __future__ import annotations

from pod_resources_cli.records import replace
from typing import Any, Final

from pod_resources_cli.cpuset import MAX_CPUS, MAX_NUMA_NODES
from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.node.devices import DeviceGroup, decode_device_entries
from pod_resources_cli.model.decode.node.kubelet_config import decode_kubelet_config
from pod_resources_cli.model.decode.node.compact_result import CompactResult
from pod_resources_cli.model.decode.node.values import (
    KIB,
    MAX_HUGEPAGE_KIB,
    hugepage_total_problem,
    node_quantity,
    node_resource_list,
)
from pod_resources_cli.model.decode.problems import (
    Problems,
    as_int,
    as_list,
    as_mapping,
    as_str,
)
from pod_resources_cli.model.node import CPUInfo, KubeletConfig, MachineTopology, NUMANode
from pod_resources_cli.quantity import MAX_INT64, Quantity, QuantityError, QuantityRangeError, parse_quantity
from pod_resources_cli.shown import shorten, shown

KIND: Final = "NodeProfile"
API_VERSION: Final = "pod-resources/v1"
NUMBERINGS: Final = ("kernel", "consecutive", "interleaved")
LOCAL_DISTANCE: Final = 10
SAME_SOCKET_DISTANCE: Final = 11
REMOTE_DISTANCE: Final = 21


def is_compact(doc: dict[str, Any]) -> bool:
    return doc.get("kind") == KIND


def decode_compact(doc: dict[str, Any], pointer: Pointer, problems: Problems) -> CompactResult | None:
    if not is_compact(doc):
        return None
    p = pointer
    if doc.get("apiVersion") != API_VERSION:
        problems.add((*p, "apiVersion"), f"a NodeProfile has apiVersion {API_VERSION}, not {shown(doc.get('apiVersion'))}")
    shape = _shape(doc, p, problems)
    topology = _topology(doc, p, problems, *shape) if shape is not None else None
    if topology is not None and doc.get("swap") is not None:
        swap = node_quantity(doc["swap"], (*p, "swap"), problems, resource="swap")
        if swap is not None and swap.value() < 0:
            problems.add((*p, "swap"), f"the machine's swap cannot be negative: {shown(doc['swap'])}")
        elif swap is not None:
            topology = replace(topology, swap_capacity=swap.value())
    kubelet: KubeletConfig | None = None
    fields: frozenset[str] = frozenset()
    raw_kubelet = as_mapping(doc.get("kubelet"), (*p, "kubelet"), problems)
    if raw_kubelet is not None:
        kubelet, fields = decode_kubelet_config(raw_kubelet, (*p, "kubelet"), problems)
    kubelet, fields = _project_settings(doc, p, problems, kubelet, fields)
    capacity: dict[str, Quantity] = {}
    if doc.get("ephemeralStorage") is not None:
        storage = node_quantity(doc["ephemeralStorage"], (*p, "ephemeralStorage"), problems, resource="ephemeral-storage")
        if storage is not None:
            capacity["ephemeral-storage"] = storage
    capacity.update(node_resource_list(doc.get("extendedResources"), (*p, "extendedResources"), problems) or {})
    name = as_str(doc.get("name"), (*p, "name"), problems)
    kubelet_pointer = (*p, "kubelet") if raw_kubelet is not None else None
    return CompactResult(topology, kubelet, kubelet_pointer, name, capacity, kubelet_fields=fields, devices=_devices(doc, p, problems))


def _devices(doc: dict[str, Any], p: Pointer, problems: Problems) -> tuple[DeviceGroup, ...]:
    """The top-level ``devices``, then each ``numaNodes[i].devices`` (on NUMA node i): devices.py."""
    groups = decode_device_entries(doc.get("devices"), (*p, "devices"), problems)
    entries = doc.get("numaNodes")
    for i, entry in enumerate(entries if isinstance(entries, list) else []):
        if isinstance(entry, dict) and entry.get("devices") is not None:
            groups.extend(decode_device_entries(entry["devices"], (*p, "numaNodes", i, "devices"), problems, numa_node=i))
    return tuple(groups)


def _project_settings(
    doc: dict[str, Any], p: Pointer, problems: Problems, kubelet: KubeletConfig | None, fields: frozenset[str]
) -> tuple[KubeletConfig | None, frozenset[str]]:
    """Settings that are not kubelet fields: the cgroup version, the runtime's
    cpu.weight mapping, whether container cgroups have a swap file."""
    changes: dict[str, Any] = {}
    if doc.get("cgroupVersion") is not None:
        version = as_int(doc["cgroupVersion"], (*p, "cgroupVersion"), problems)
        if version not in (1, 2, None):
            problems.add((*p, "cgroupVersion"), f"cgroupVersion must be 1 or 2, not {shown(version)}")
        elif version is not None:
            changes["cgroup_version"] = version
    if doc.get("runtimeCPUWeight") is not None:
        mapping = as_str(doc["runtimeCPUWeight"], (*p, "runtimeCPUWeight"), problems)
        if mapping not in ("quadratic", "linear", None):
            problems.add((*p, "runtimeCPUWeight"), f"runtimeCPUWeight must be quadratic or linear, not {shown(mapping)}")
        elif mapping is not None:
            changes["runtime_cpu_weight"] = mapping
    if doc.get("swapController") is not None:
        controller = doc["swapController"]
        if isinstance(controller, bool):
            changes["swap_controller"] = controller
        else:
            problems.add((*p, "swapController"), f"swapController must be true or false, not {shown(controller)}")
    if not changes:
        return kubelet, fields
    return replace(kubelet or KubeletConfig(), **changes), fields | set(changes)


def _count(doc: dict[str, Any], key: str, p: Pointer, problems: Problems, default: int | None) -> int | None:
    if doc.get(key) is None:
        if default is None:
            problems.add(p, f"a NodeProfile needs {key}")
        return default
    value = as_int(doc[key], (*p, key), problems)
    if value is not None and value < 1:
        problems.add((*p, key), f"{key} must be at least 1, not {shown(value)}")
        return None
    return value


def _shape(doc: dict[str, Any], p: Pointer, problems: Problems) -> tuple[int, int, int, int, str] | None:
    sockets = _count(doc, "sockets", p, problems, 1)
    per_socket = _count(doc, "numaNodesPerSocket", p, problems, 1)
    cores = _count(doc, "coresPerSocket", p, problems, None)
    threads = _count(doc, "threadsPerCore", p, problems, 1)
    numbering = as_str(doc.get("cpuNumbering"), (*p, "cpuNumbering"), problems) or "kernel"
    if numbering not in NUMBERINGS:
        problems.add((*p, "cpuNumbering"), f"cpuNumbering must be one of {', '.join(NUMBERINGS)}, not {shown(numbering)}")
        return None
    if sockets is None or per_socket is None or cores is None or threads is None:
        return None
    if cores % per_socket:
        problems.add((*p, "coresPerSocket"), f"{cores} cores per socket cannot be split evenly into {per_socket} NUMA nodes")
        return None
    # Bounded before a CPU is built: the schema caps each count, the product is checked here.
    if sockets * cores * threads > MAX_CPUS:
        problems.add(
            (*p, "coresPerSocket"),
            f"{sockets} sockets x {cores} cores x {threads} threads is {sockets * cores * threads} CPUs, "
            f"more than Linux numbers ({MAX_CPUS})",
        )
        return None
    if sockets * per_socket > MAX_NUMA_NODES:
        problems.add(
            (*p, "numaNodesPerSocket" if "numaNodesPerSocket" in doc else "sockets"),
            f"{sockets} sockets x {per_socket} NUMA nodes is {sockets * per_socket} NUMA nodes, "
            f"more than Linux numbers ({MAX_NUMA_NODES})",
        )
        return None
    return sockets, per_socket, cores, threads, numbering


def _cpu_id(numbering: str, sockets: int, cores: int, threads: int, socket: int, local: int, thread: int) -> int:
    total = sockets * cores
    if numbering == "consecutive":
        return (socket * cores + local) * threads + thread
    if numbering == "interleaved":
        return local * sockets + socket + thread * total
    return socket * cores + local + thread * total


def _topology(
    doc: dict[str, Any], p: Pointer, problems: Problems, sockets: int, per_socket: int, cores: int, threads: int, numbering: str
) -> MachineTopology | None:
    n_numa = sockets * per_socket
    cores_per_numa = cores // per_socket
    per_cache = _count(doc, "coresPerUncoreCache", p, problems, cores) if doc.get("coresPerUncoreCache") is not None else None
    if per_cache is not None and cores % per_cache:
        problems.add((*p, "coresPerUncoreCache"), f"{cores} cores per socket cannot be split evenly into caches of {per_cache} cores")
        per_cache = None
    cpus: list[CPUInfo] = []
    for socket in range(sockets):
        for local in range(cores):
            ids = [_cpu_id(numbering, sockets, cores, threads, socket, local, t) for t in range(threads)]
            numa = socket * per_socket + local // cores_per_numa
            uncore = socket if per_cache is None else socket * (cores // per_cache) + local // per_cache
            cpus.extend(CPUInfo(cpu, min(ids), socket, numa, uncore) for cpu in ids)
    memories, hugepages = _numa_memory(doc, p, problems, n_numa)
    distances = _distances(doc, p, problems, sockets, per_socket)
    if memories is None or distances is None or not _fits_int64(doc, p, problems, memories, hugepages):
        return None
    nodes = tuple(NUMANode(i, memories[i], hugepages[i], distances[i]) for i in range(n_numa))
    return MachineTopology(tuple(sorted(cpus, key=lambda c: c.cpu_id)), nodes, sum(memories))


def _numa_memory(
    doc: dict[str, Any], p: Pointer, problems: Problems, n_numa: int
) -> tuple[list[int] | None, list[dict[int, int]]]:
    shared = _hugepages(doc.get("hugepagesPerNumaNode"), (*p, "hugepagesPerNumaNode"), problems)
    hugepages = [dict(shared) for _ in range(n_numa)]
    if doc.get("numaNodes") is not None:
        entries = as_list(doc["numaNodes"], (*p, "numaNodes"), problems)
        if len(entries) != n_numa:
            problems.add((*p, "numaNodes"), f"numaNodes lists {len(entries)} NUMA nodes, the shape has {n_numa}")
            return None, hugepages
        memories: list[int] = []
        for i, raw in enumerate(entries):
            ep = (*p, "numaNodes", i)
            entry = as_mapping(raw, ep, problems) or {}
            if entry.get("memory") is None:
                problems.add(ep, f"NUMA node {i} has no memory")
                return None, hugepages
            memory = node_quantity(entry["memory"], (*ep, "memory"), problems, resource="memory")
            memories.append(memory.value() if memory is not None else 0)
            if entry.get("hugepages") is not None:
                hugepages[i] = _hugepages(entry["hugepages"], (*ep, "hugepages"), problems)
        return memories, hugepages
    if doc.get("memoryPerNumaNode") is None:
        problems.add(p, "a NodeProfile needs memoryPerNumaNode (or numaNodes with the memory of each NUMA node)")
        return None, hugepages
    memory = node_quantity(doc["memoryPerNumaNode"], (*p, "memoryPerNumaNode"), problems, resource="memory")
    if memory is None:
        return None, hugepages
    return [memory.value()] * n_numa, hugepages


def _hugepages(value: Any, pointer: Pointer, problems: Problems) -> dict[int, int]:
    """``{hugepages-2Mi: 1Gi}`` -> {page size in bytes: number of pages}."""
    out: dict[int, int] = {}
    for name, amount in (node_resource_list(value, pointer, problems) or {}).items():
        size = _page_size(name)
        if isinstance(size, str):
            problems.add((*pointer, name), size)
        elif amount.value() % size:
            problems.add((*pointer, name), f"{amount} is not a whole number of {shorten(name[len('hugepages-') :])} pages")
        else:
            out[size] = amount.value() // size
    return out


def _page_size(name: object) -> int | str:
    """The page size in bytes of a ``hugepages-<size>`` name, or why it is not one
    a MachineInfo can hold (a power of two in KiB, at most 2^52 KiB)."""
    if not isinstance(name, str) or not name.startswith("hugepages-"):
        return f"{shown(name)} is not a hugepages-<size> resource name"
    try:
        size = parse_quantity(name[len("hugepages-") :], saturate=False).value()
    except QuantityRangeError:
        size = MAX_INT64 + 1  # 8Ei: refused below, not capped
    except QuantityError:
        return f"{shown(name)} is not a hugepages-<size> resource name"
    if size > MAX_HUGEPAGE_KIB * KIB:
        return f"{shown(name)} is more than the kubelet can hold: a page size is at most 2^52 KiB (4Ei), in bytes an int64"
    if size <= 0 or size & (size - 1) or size % KIB:
        return (
            f"{shown(name)} is not a hugepage size: a kernel's page sizes are powers of two, "
            "a whole number of KiB (cAdvisor gives them in KiB)"
        )
    return size


def _fits_int64(
    doc: dict[str, Any], p: Pointer, problems: Problems, memories: list[int], hugepages: list[dict[int, int]]
) -> bool:
    """The machine's memory and each hugepages capacity, summed over the NUMA nodes, are int64s in the kubelet."""
    per_node = doc.get("numaNodes") is None
    if sum(memories) > MAX_INT64:
        problems.add(
            (*p, "memoryPerNumaNode" if per_node else "numaNodes"),
            f"the NUMA nodes' memory adds up to {sum(memories)} bytes, more than 2^63-1: "
            "the kubelet reports memory capacity as an int64",
        )
        return False
    totals: dict[int, int] = {}
    for pages in hugepages:
        for size, count in pages.items():
            totals[size] = totals.get(size, 0) + count
    for size, count in sorted(totals.items()):
        problem = hugepage_total_problem(size, count)
        if problem is not None:
            field = "hugepagesPerNumaNode" if doc.get("hugepagesPerNumaNode") is not None else "numaNodes"
            problems.add((*p, field), f"over the {len(hugepages)} NUMA nodes, {problem}")
            return False
    return True


def _distances(doc: dict[str, Any], p: Pointer, problems: Problems, sockets: int, per_socket: int) -> list[tuple[int, ...]] | None:
    n = sockets * per_socket
    if doc.get("distances") is None:
        return [
            tuple(
                LOCAL_DISTANCE if i == j else SAME_SOCKET_DISTANCE if i // per_socket == j // per_socket else REMOTE_DISTANCE
                for j in range(n)
            )
            for i in range(n)
        ]
    rows = as_list(doc["distances"], (*p, "distances"), problems)
    if len(rows) != n:
        problems.add((*p, "distances"), f"distances has {len(rows)} rows, expected {n} (one per NUMA node)")
        return None
    out: list[tuple[int, ...]] = []
    for i, raw in enumerate(rows):
        row = as_list(raw, (*p, "distances", i), problems)
        if len(row) != n:
            problems.add((*p, "distances", i), f"row {i} of distances has {len(row)} entries, expected {n}")
            return None
        values = [as_int(v, (*p, "distances", i, j), problems) for j, v in enumerate(row)]
        if any(v is None for v in values):
            return None
        out.append(tuple(v for v in values if v is not None))
    return out
