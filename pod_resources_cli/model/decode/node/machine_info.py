"""cAdvisor MachineInfo (``kubectl get --raw /api/v1/nodes/N/proxy/spec``) -> MachineTopology.

Mirrors pkg/kubelet/cm/cpumanager/topology/topology.go Discover(): a CPU's
core id is the lowest thread id of its physical core (getUniqueCoreID),
its uncore cache is the first L3 ("uncore_caches") of the core.
"""

from __future__ import annotations

from typing import Any

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.problems import Problems, as_int, as_list, as_mapping
from pod_resources_cli.model.node import CPUInfo, MachineTopology, NUMANode

MACHINE_INFO_KEYS = frozenset({"num_cores", "memory_capacity", "topology", "machine_id", "num_physical_cores"})


def looks_like_machine_info(doc: dict[str, Any]) -> bool:
    return "kind" not in doc and bool(MACHINE_INFO_KEYS & set(doc)) and ("topology" in doc or "memory_capacity" in doc)


def decode_machine_info(doc: dict[str, Any], pointer: Pointer, problems: Problems) -> MachineTopology | None:
    capacity = as_int(doc.get("memory_capacity"), (*pointer, "memory_capacity"), problems) or 0
    cpus: list[CPUInfo] = []
    nodes: list[NUMANode] = []
    for i, raw in enumerate(as_list(doc.get("topology"), (*pointer, "topology"), problems)):
        np = (*pointer, "topology", i)
        node = as_mapping(raw, np, problems) or {}
        node_id = as_int(node.get("node_id"), (*np, "node_id"), problems)
        if node_id is None:
            problems.add((*np, "node_id"), "a NUMA node needs a node_id")
            continue
        hugepages: dict[int, int] = {}
        for j, hp in enumerate(as_list(node.get("hugepages"), (*np, "hugepages"), problems)):
            hp = as_mapping(hp, (*np, "hugepages", j), problems) or {}
            size_kib = as_int(hp.get("page_size"), (*np, "hugepages", j, "page_size"), problems)
            pages = as_int(hp.get("num_pages"), (*np, "hugepages", j, "num_pages"), problems)
            if size_kib is not None and pages is not None:
                hugepages[size_kib * 1024] = pages  # cAdvisor gives page_size in KiB
        distances = tuple(int(x) for x in as_list(node.get("distances"), (*np, "distances"), problems) if isinstance(x, int))
        nodes.append(
            NUMANode(
                node_id=node_id,
                memory=as_int(node.get("memory"), (*np, "memory"), problems) or 0,
                hugepages=hugepages,
                distances=distances,
            )
        )
        for k, raw_core in enumerate(as_list(node.get("cores"), (*np, "cores"), problems)):
            cp = (*np, "cores", k)
            core = as_mapping(raw_core, cp, problems) or {}
            threads = [t for t in as_list(core.get("thread_ids"), (*cp, "thread_ids"), problems) if isinstance(t, int)]
            if not threads:
                problems.add((*cp, "thread_ids"), "a core needs at least one thread id")
                continue
            socket = as_int(core.get("socket_id"), (*cp, "socket_id"), problems) or 0
            uncore = 0
            caches = as_list(core.get("uncore_caches"), (*cp, "uncore_caches"), problems)
            if caches and isinstance(caches[0], dict) and isinstance(caches[0].get("id"), int):
                uncore = caches[0]["id"]
            core_id = min(threads)
            for t in threads:
                cpus.append(CPUInfo(cpu_id=t, core_id=core_id, socket_id=socket, numa_node=node_id, uncore_cache=uncore))
    if not capacity:
        capacity = sum(n.memory for n in nodes)
    return MachineTopology(
        cpus=tuple(sorted(cpus, key=lambda c: c.cpu_id)),
        numa_nodes=tuple(sorted(nodes, key=lambda n: n.node_id)),
        memory_capacity=capacity,
    )
