"""cAdvisor MachineInfo (``kubectl get --raw /api/v1/nodes/N/proxy/spec``) -> MachineTopology.

Mirrors pkg/kubelet/cm/cpumanager/topology/topology.go Discover()
(kubernetes/kubernetes @08715a58e5cd): a CPU's core id is the lowest
thread id of its physical core (getUniqueCoreID, which refuses a core
listing a thread twice), its uncore cache is the first entry of the core's
``uncore_caches``, or the socket id when cAdvisor reports none
(getUncoreCacheID).

What the kubelet would silently get wrong is a problem here: a thread in
two cores, distances whose length is not the number of NUMA nodes, a NUMA
node with CPUs but no ``memory`` field, ``num_cores`` that disagrees with
the thread ids. Ids no Linux kernel reports (a negative thread or NUMA node
id, a thread id of cpuset.MAX_CPUS or more, a NUMA node id of
MAX_NUMA_NODES or more) and negative memory are problems too, found before
any CPU mask is built.

Numbers must also be what cAdvisor's Go types hold and what the kubelet can
turn into resources (values.py): thread ids are ints, memory and distances
uint64, memory within int64 (CapacityFromMachineInfo reports
int64(MemoryCapacity)); a hugepage page size (KiB) a positive power of two of
at most 2^52 KiB, its number of pages a uint64, and the bytes of all pages of
one size within int64. The top-level ``hugepages`` list, which the kubelet's
capacity comes from, is checked like the NUMA nodes' lists.
"""

from __future__ import annotations

from typing import Any

from pod_resources_cli.cpuset import MAX_CPUS, MAX_NUMA_NODES
from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.node.values import (
    KIB,
    UINT64_MAX,
    hugepage_size_problem,
    hugepage_total_problem,
    int_in_range,
)
from pod_resources_cli.model.decode.problems import Problems, as_int, as_list, as_mapping, type_name
from pod_resources_cli.model.node import CPUInfo, MachineTopology, NUMANode
from pod_resources_cli.quantity import MAX_INT64
from pod_resources_cli.shown import shown

MACHINE_INFO_KEYS = frozenset({"num_cores", "memory_capacity", "topology", "machine_id", "num_physical_cores"})

# cAdvisor's SwapCapacity (uint64, /proc/meminfo SwapTotal), which the kubelet reads as int64.
SWAP_CAPACITY = "swap_capacity"


def looks_like_machine_info(doc: dict[str, Any]) -> bool:
    return "kind" not in doc and bool(MACHINE_INFO_KEYS & set(doc)) and ("topology" in doc or "memory_capacity" in doc)


def _hugepages(node: dict[str, Any], np: Pointer, problems: Problems) -> dict[int, int]:
    """{page size in bytes: pages}; cAdvisor gives page_size in KiB."""
    hugepages: dict[int, int] = {}
    for j, raw in enumerate(as_list(node.get("hugepages"), (*np, "hugepages"), problems)):
        hp_ptr = (*np, "hugepages", j)
        hp = as_mapping(raw, hp_ptr, problems) or {}
        size_kib = as_int(hp.get("page_size"), (*hp_ptr, "page_size"), problems)
        pages = int_in_range(hp.get("num_pages"), (*hp_ptr, "num_pages"), problems, 0, UINT64_MAX, "cAdvisor counts pages in a uint64")
        if size_kib is None:
            continue
        problem = hugepage_size_problem(size_kib)
        if problem is not None:
            problems.add((*hp_ptr, "page_size"), problem)
        elif pages is not None:
            total = hugepage_total_problem(size_kib * KIB, pages)
            if total is not None:
                problems.add((*hp_ptr, "num_pages"), total)
            else:
                hugepages[size_kib * KIB] = pages
    return hugepages


def _distances(node: dict[str, Any], np: Pointer, problems: Problems) -> tuple[int, ...]:
    out: list[int] = []
    for k, raw in enumerate(as_list(node.get("distances"), (*np, "distances"), problems)):
        value = int_in_range(raw, (*np, "distances", k), problems, 0, UINT64_MAX, "cAdvisor holds NUMA distances as uint64")
        if value is not None:
            out.append(value)
    return tuple(out)


def _check_hugepage_totals(nodes: list[NUMANode], pointers: list[Pointer], problems: Problems) -> None:
    """The kubelet's capacity holds the bytes of all pages of a size, over the NUMA nodes, in an int64."""
    totals: dict[int, int] = {}
    for node, np in zip(nodes, pointers):
        for size, pages in sorted(node.hugepages.items()):
            totals[size] = totals.get(size, 0) + pages
            problem = hugepage_total_problem(size, totals[size])
            if problem is not None:
                problems.add((*np, "hugepages"), f"over the NUMA nodes so far, {problem}")
                return


def decode_machine_info(doc: dict[str, Any], pointer: Pointer, problems: Problems) -> MachineTopology | None:
    capacity = _memory(doc.get("memory_capacity"), (*pointer, "memory_capacity"), problems) or 0
    _hugepages(doc, pointer, problems)  # machine-wide: checked, the NUMA nodes' lists are used
    cpus: list[CPUInfo] = []
    nodes: list[NUMANode] = []
    seen: dict[int, Pointer] = {}  # thread id -> the core that lists it
    node_pointers: list[Pointer] = []
    for i, raw in enumerate(as_list(doc.get("topology"), (*pointer, "topology"), problems)):
        np = (*pointer, "topology", i)
        node = as_mapping(raw, np, problems) or {}
        node_id = as_int(node.get("node_id"), (*np, "node_id"), problems)
        if node_id is None:
            problems.add((*np, "node_id"), "a NUMA node needs a node_id")
            continue
        if not 0 <= node_id < MAX_NUMA_NODES:
            problems.add(
                (*np, "node_id"), f"NUMA node id {shown(node_id)} is out of range (Linux numbers NUMA nodes from 0 to {MAX_NUMA_NODES - 1})"
            )
            continue
        cores = as_list(node.get("cores"), (*np, "cores"), problems)
        memory = _memory(node.get("memory"), (*np, "memory"), problems)
        if node.get("memory") is None and cores:
            problems.add(np, f"NUMA node {node_id} has CPUs but no memory field")
        nodes.append(NUMANode(node_id, memory or 0, _hugepages(node, np, problems), _distances(node, np, problems)))
        node_pointers.append(np)
        for k, raw_core in enumerate(cores):
            cp = (*np, "cores", k)
            core = as_mapping(raw_core, cp, problems) or {}
            listed = as_list(core.get("thread_ids"), (*cp, "thread_ids"), problems)
            threads = [t for t in listed if isinstance(t, int) and not isinstance(t, bool)]
            typed = [j for j, t in enumerate(listed) if not isinstance(t, int) or isinstance(t, bool)]
            if typed:  # cAdvisor's Threads is []int: encoding/json refuses anything else
                problems.add((*cp, "thread_ids", typed[0]), f"must be an integer, not {type_name(listed[typed[0]])}")
                continue
            bad = [j for j, t in enumerate(listed) if not 0 <= t < MAX_CPUS]
            if bad:
                problems.add(
                    (*cp, "thread_ids", bad[0]),
                    f"CPU id {shown(listed[bad[0]])} is out of range (Linux numbers CPUs from 0 to {MAX_CPUS - 1})",
                )
                continue
            if not threads:
                problems.add((*cp, "thread_ids"), "a core needs at least one thread id")
                continue
            if len(set(threads)) != len(threads):
                problems.add((*cp, "thread_ids"), f"thread ids {shown(threads)} are not unique (the kubelet refuses the core)")
                continue
            clash = [t for t in threads if t in seen]
            if clash:
                problems.add((*cp, "thread_ids"), f"CPU {clash[0]} is also a thread of the core at {_where(seen[clash[0]])}")
                continue
            for t in threads:
                seen[t] = cp
            socket = as_int(core.get("socket_id"), (*cp, "socket_id"), problems) or 0
            uncore = socket  # the kubelet falls back to socket alignment without an uncore cache
            caches = as_list(core.get("uncore_caches"), (*cp, "uncore_caches"), problems)
            if caches and isinstance(caches[0], dict) and isinstance(caches[0].get("id"), int):
                uncore = caches[0]["id"]
            core_id = min(threads)
            for t in threads:
                cpus.append(CPUInfo(cpu_id=t, core_id=core_id, socket_id=socket, numa_node=node_id, uncore_cache=uncore))
    _check_nodes(nodes, node_pointers, problems)
    _check_hugepage_totals(nodes, node_pointers, problems)
    num_cores = as_int(doc.get("num_cores"), (*pointer, "num_cores"), problems)
    if num_cores is not None and cpus and num_cores != len(cpus):
        problems.add((*pointer, "num_cores"), f"num_cores is {shown(num_cores)} but the topology lists {len(cpus)} CPUs")
    if not capacity:
        capacity = sum(n.memory for n in nodes)
        if capacity > MAX_INT64:
            problems.add(
                (*pointer, "topology"),
                f"the NUMA nodes' memory adds up to {capacity} bytes, more than 2^63-1: "
                "the kubelet reports memory capacity as an int64",
            )
    swap = None
    if doc.get(SWAP_CAPACITY) is not None:
        swap = _memory(doc[SWAP_CAPACITY], (*pointer, SWAP_CAPACITY), problems)
    return MachineTopology(
        cpus=tuple(sorted(cpus, key=lambda c: c.cpu_id)),
        numa_nodes=tuple(sorted(nodes, key=lambda n: n.node_id)),
        memory_capacity=capacity,
        swap_capacity=swap,
    )


def _memory(value: object, pointer: Pointer, problems: Problems) -> int | None:
    """A uint64 of bytes that the kubelet's int64(MemoryCapacity) holds."""
    memory = as_int(value, pointer, problems)
    if memory is not None and memory < 0:
        problems.add(pointer, f"memory cannot be negative: {shown(memory)}")
        return None
    if memory is not None and memory > MAX_INT64:
        problems.add(
            pointer, f"memory {shown(memory)} is more than 2^63-1 bytes: the kubelet reports memory capacity as an int64"
        )
        return None
    return memory


def _check_nodes(nodes: list[NUMANode], pointers: list[Pointer], problems: Problems) -> None:
    ids: set[int] = set()
    for node, np in zip(nodes, pointers):
        if node.node_id in ids:
            problems.add((*np, "node_id"), f"NUMA node {node.node_id} is listed twice")
        ids.add(node.node_id)
        if node.distances and len(node.distances) != len(nodes):
            problems.add(
                (*np, "distances"),
                f"NUMA node {node.node_id} has {len(node.distances)} distances, expected {len(nodes)} (one per NUMA node)",
            )


def _where(pointer: Pointer) -> str:
    return "/" + "/".join(str(p) for p in pointer)
