"""The CPU manager's view of the machine: CPUTopology and CPUDetails.

Mirrors pkg/kubelet/cm/cpumanager/topology/topology.go (kubernetes/kubernetes
v1.32, read at commit cb1929221e0a and compared with the release-1.32 tree):
Discover() builds the topology from the machine description,
CPUsPerCore/CPUsPerSocket/CPUsPerUncore divide the CPU count, and
CPUDetails answers "which NUMA nodes / sockets / cores / uncore caches /
CPUs" questions over a subset of the CPUs.

Every group of CPUs is precomputed as a bitmask once per machine, so that a
CPUDetails (a topology restricted to a CPU mask) answers each query with a
few AND operations instead of walking a map of CPUs.
"""

from __future__ import annotations

from collections.abc import Iterable

from pod_resources_cli.cpuset import CPUSet, bits_of
from pod_resources_cli.errors import NodeError
from pod_resources_cli.model.node import CPUInfo, MachineTopology
from pod_resources_cli.records import dataclass


def _group(cpus: Iterable[CPUInfo], key: str) -> dict[int, int]:
    out: dict[int, int] = {}
    for info in cpus:
        group = getattr(info, key)
        out[group] = out.get(group, 0) | 1 << info.cpu_id
    return out


@dataclass(frozen=True, eq=False)
class CPUTopology:
    """topology.CPUTopology: counts plus, per CPU, its core, socket, NUMA node
    and uncore cache; ``*_cpus`` map a group id to the mask of its CPUs."""

    num_cpus: int
    num_cores: int
    num_sockets: int
    num_numa_nodes: int
    num_uncore_cache: int
    info: dict[int, CPUInfo]
    numa_cpus: dict[int, int]
    socket_cpus: dict[int, int]
    core_cpus: dict[int, int]
    uncore_cpus: dict[int, int]
    all_mask: int

    @classmethod
    def discover(cls, machine: MachineTopology) -> CPUTopology:
        """topology.Discover on the machine description."""
        if not machine.cpus:
            raise NodeError("could not detect number of cpus")
        info = {c.cpu_id: c for c in machine.cpus}
        cpus = list(info.values())
        listed = {n.node_id for n in machine.numa_nodes}
        stray = sorted({c.numa_node for c in cpus} - listed) if listed else []
        if stray:
            # cAdvisor nests cores inside their NUMA node, so the kubelet never sees this.
            raise NodeError(f"the machine's CPUs name NUMA node {stray[0]}, which its NUMA node list does not have")
        numa = _group(cpus, "numa_node")
        uncore = _group(cpus, "uncore_cache")
        return cls(
            num_cpus=len(info),
            num_cores=len({c.core_id for c in cpus}),
            num_sockets=len({c.socket_id for c in cpus}),
            num_numa_nodes=len(numa),
            num_uncore_cache=len(uncore),
            info=info,
            numa_cpus=numa,
            socket_cpus=_group(cpus, "socket_id"),
            core_cpus=_group(cpus, "core_id"),
            uncore_cpus=uncore,
            all_mask=sum(1 << c for c in info),
        )

    def cpus_per_core(self) -> int:
        return self.num_cpus // self.num_cores if self.num_cores else 0

    def cpus_per_socket(self) -> int:
        return self.num_cpus // self.num_sockets if self.num_sockets else 0

    def cpus_per_uncore(self) -> int:
        return self.num_cpus // self.num_uncore_cache if self.num_uncore_cache else 0

    def cpu_core_id(self, cpu: int) -> int:
        info = self.info.get(cpu)
        if info is None:
            raise NodeError(f"unknown CPU ID: {cpu}")
        return info.core_id

    @property
    def details(self) -> CPUDetails:
        return CPUDetails(self, self.all_mask)

    def numa_node_ids(self) -> list[int]:
        return sorted(self.numa_cpus)


def _ids_touching(groups: dict[int, int], mask: int) -> list[int]:
    return sorted(gid for gid, cpus in groups.items() if cpus & mask)


def _union(groups: dict[int, int], ids: Iterable[int]) -> int:
    mask = 0
    for gid in ids:
        mask |= groups.get(gid, 0)
    return mask


class CPUDetails:
    """topology.CPUDetails restricted to the CPUs in ``mask``.

    Id queries (numa_nodes, sockets, cores...) return sorted lists of the
    groups that hold at least one of these CPUs; CPU queries return masks.
    """

    __slots__ = ("topo", "mask")

    def __init__(self, topo: CPUTopology, mask: int) -> None:
        self.topo = topo
        self.mask = mask & topo.all_mask

    def keep_only(self, cpus: CPUSet | int) -> CPUDetails:
        return CPUDetails(self.topo, self.mask & (cpus.mask if isinstance(cpus, CPUSet) else cpus))

    def cpus(self) -> CPUSet:
        return CPUSet(self.mask)

    def size(self) -> int:
        return self.mask.bit_count()

    # -- group ids ------------------------------------------------------------
    def numa_nodes(self) -> list[int]:
        return _ids_touching(self.topo.numa_cpus, self.mask)

    def sockets(self) -> list[int]:
        return _ids_touching(self.topo.socket_cpus, self.mask)

    def cores(self) -> list[int]:
        return _ids_touching(self.topo.core_cpus, self.mask)

    def uncore_caches(self) -> list[int]:
        return _ids_touching(self.topo.uncore_cpus, self.mask)

    def numa_nodes_in_sockets(self, *ids: int) -> list[int]:
        return _ids_touching(self.topo.numa_cpus, self.mask & _union(self.topo.socket_cpus, ids))

    def sockets_in_numa_nodes(self, *ids: int) -> list[int]:
        return _ids_touching(self.topo.socket_cpus, self.mask & _union(self.topo.numa_cpus, ids))

    def cores_in_numa_nodes(self, *ids: int) -> list[int]:
        return _ids_touching(self.topo.core_cpus, self.mask & _union(self.topo.numa_cpus, ids))

    def cores_in_sockets(self, *ids: int) -> list[int]:
        return _ids_touching(self.topo.core_cpus, self.mask & _union(self.topo.socket_cpus, ids))

    def uncore_in_numa_nodes(self, *ids: int) -> list[int]:
        return _ids_touching(self.topo.uncore_cpus, self.mask & _union(self.topo.numa_cpus, ids))

    def cores_in_uncore_caches(self, *ids: int) -> list[int]:
        return _ids_touching(self.topo.core_cpus, self.mask & _union(self.topo.uncore_cpus, ids))

    def cores_needed_in_uncore_cache(self, num_cores_needed: int, *ids: int) -> list[int]:
        """CoresNeededInUncoreCache: the lowest ``num_cores_needed`` core ids
        with a CPU here in these uncore caches (all of them if fewer)."""
        return self.cores_in_uncore_caches(*ids)[: max(num_cores_needed, 0)]

    # -- CPU masks --------------------------------------------------------------
    def cpus_in_numa_nodes(self, *ids: int) -> int:
        return self.mask & _union(self.topo.numa_cpus, ids)

    def cpus_in_sockets(self, *ids: int) -> int:
        return self.mask & _union(self.topo.socket_cpus, ids)

    def cpus_in_cores(self, *ids: int) -> int:
        return self.mask & _union(self.topo.core_cpus, ids)

    def cpus_in_uncore_caches(self, *ids: int) -> int:
        return self.mask & _union(self.topo.uncore_cpus, ids)

    def cpu_ids(self) -> list[int]:
        return list(bits_of(self.mask))
