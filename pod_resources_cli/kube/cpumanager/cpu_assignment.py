"""Choosing which CPUs a container gets: the packed and the NUMA-distributed algorithms.

Mirrors pkg/kubelet/cm/cpumanager/cpu_assignment.go as of kubernetes v1.32
(cpuAccumulator, takeByTopologyNUMAPacked, takeByTopologyNUMADistributed;
read in the release-1.32 line, e.g. fork commit wongchar/kubernetes@2516651c
which carries the same algorithm), with the later upstream fix of
takePartialUncore for odd CPU counts on SMT machines (kubernetes/kubernetes
master, cpu_assignment.go after 1.32), which the conformance vectors use.

Every tie-break follows upstream: groups are sorted by their number of free
CPUs and then by id; NUMA nodes sit above sockets when a socket holds several
of them ("sockets first" otherwise); the distributed algorithm scores NUMA
combinations with the standard deviation of the free CPUs left, rounded to
three decimals as upstream does.

distribute-cpus-across-cores from 1.38: kubernetes/kubernetes #140766
("CPUMANAGER: spread CPUs across cores using topology", merged 2026-08,
fixing #140688) orders each socket's CPUs round robin over its cores, the
cores sorted as sortAvailableCores sorts them, each core's CPUs by id. No
stored snapshot holds the merged cpu_assignment.go: the order follows the
pull request's description and review, and tests/test_cpu_spread_by_cores.py
ports the rows of its TestCPUAccumulatorFreeCPUsSpreadRoundRobin table that
the review quotes.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

from pod_resources_cli.cpuset import CPUSet, bits_of
from pod_resources_cli.features import KubernetesVersion
from pod_resources_cli.kube.topology import CPUDetails, CPUTopology


SPREAD_BY_CORES_SINCE = KubernetesVersion(1, 38)  # k/k #140766


class SortingStrategy(str, enum.Enum):
    """CPUSortingStrategy: "packed" fills cores, "spread" (distribute-cpus-across-cores) spreads.
    SPREAD orders each socket's CPUs by id (up to 1.37); SPREAD_BY_CORES, from
    1.38 (k/k #140766), takes one CPU of each of the socket's cores in turn."""

    PACKED = "packed"
    SPREAD = "spread"
    SPREAD_BY_CORES = "spread-by-cores"

    @property
    def spreads(self) -> bool:
        return self is not SortingStrategy.PACKED


class AllocationError(Exception):
    """takeByTopology* failed; the message is upstream's error text."""


class Accumulator:
    """cpuAccumulator: what is still free (``details``), what was taken, what is still needed."""

    def __init__(self, topo: CPUTopology, available: int, needed: int, strategy: SortingStrategy) -> None:
        self.topo = topo
        self.details = CPUDetails(topo, available)
        self.needed = needed
        self.result = 0
        self.strategy = strategy
        # NUMA nodes above sockets when each NUMA node holds one or more sockets.
        self.numa_first = topo.num_sockets >= topo.num_numa_nodes

    # -- sorting --------------------------------------------------------------
    def _sort(self, ids: list[int], cpus_of: Callable[..., int]) -> list[int]:
        return sorted(ids, key=lambda i: (cpus_of(i).bit_count(), i))

    def sort_numa_nodes(self) -> list[int]:
        d = self.details
        if self.numa_first:
            return self._sort(d.numa_nodes(), d.cpus_in_numa_nodes)
        out: list[int] = []
        for socket in self.sort_sockets():
            out += self._sort(d.numa_nodes_in_sockets(socket), d.cpus_in_numa_nodes)
        return out

    def sort_sockets(self) -> list[int]:
        d = self.details
        if not self.numa_first:
            return self._sort(d.sockets(), d.cpus_in_sockets)
        out: list[int] = []
        for numa in self.sort_numa_nodes():
            out += self._sort(d.sockets_in_numa_nodes(numa), d.cpus_in_sockets)
        return out

    def sort_cores(self) -> list[int]:
        d = self.details
        out: list[int] = []
        if self.numa_first:
            for socket in self.sort_sockets():
                out += self._sort(d.cores_in_sockets(socket), d.cpus_in_cores)
        else:
            for numa in self.sort_numa_nodes():
                out += self._sort(d.cores_in_numa_nodes(numa), d.cpus_in_cores)
        return out

    def sort_uncore_caches(self) -> list[int]:
        d = self.details
        out: list[int] = []
        for numa in self.sort_numa_nodes():
            out += self._sort(d.uncore_in_numa_nodes(numa), d.cpus_in_uncore_caches)
        return out

    def sort_cpus(self) -> list[int]:
        """Packed: core by core in sort_cores order; spread: socket by socket, ids
        ascending; spread by cores: socket by socket, round robin over the
        socket's cores (sorted as sort_cores sorts), each core's CPUs by id."""
        d = self.details
        out: list[int] = []
        if self.strategy is SortingStrategy.PACKED:
            for core in self.sort_cores():
                out += bits_of(d.cpus_in_cores(core))
        elif self.strategy is SortingStrategy.SPREAD:
            for socket in self.sort_sockets():
                out += bits_of(d.cpus_in_sockets(socket))
        else:
            for socket in self.sort_sockets():
                cores = [list(bits_of(d.cpus_in_cores(c))) for c in self._sort(d.cores_in_sockets(socket), d.cpus_in_cores)]
                for index in range(max(map(len, cores), default=0)):
                    out += [cpus[index] for cpus in cores if index < len(cpus)]
        return out

    # -- state ----------------------------------------------------------------
    def take(self, cpus: int) -> None:
        self.result |= cpus
        self.details = CPUDetails(self.topo, self.details.mask & ~self.result)
        self.needed -= cpus.bit_count()

    def needs_at_least(self, n: int) -> bool:
        return self.needed >= n

    def is_satisfied(self) -> bool:
        return self.needed < 1

    def is_failed(self) -> bool:
        return self.needed > self.details.size()

    # -- whole groups -----------------------------------------------------------
    def _take_full(self, ids: list[int], groups: dict[int, int], is_free: Callable[[int], bool]) -> None:
        for gid in [g for g in ids if is_free(g)]:
            cpus = groups[gid]
            if self.needs_at_least(cpus.bit_count()):
                self.take(cpus)

    def take_full_numa_nodes(self) -> None:
        t = self.topo
        free = lambda n: self.details.cpus_in_numa_nodes(n) == t.numa_cpus[n]  # noqa: E731
        self._take_full(self.sort_numa_nodes(), t.numa_cpus, free)

    def take_full_sockets(self) -> None:
        t = self.topo
        free = lambda s: self.details.cpus_in_sockets(s).bit_count() == t.cpus_per_socket()  # noqa: E731
        self._take_full(self.sort_sockets(), t.socket_cpus, free)

    def take_full_cores(self) -> None:
        t = self.topo
        free = lambda c: self.details.cpus_in_cores(c).bit_count() == t.cpus_per_core()  # noqa: E731
        self._take_full(self.sort_cores(), t.core_cpus, free)

    def take_full_uncore(self) -> None:
        t = self.topo
        free = lambda u: self.details.cpus_in_uncore_caches(u) == t.uncore_cpus[u]  # noqa: E731
        self._take_full(self.sort_uncore_caches(), t.uncore_cpus, free)

    def take_first_level(self) -> None:
        if self.numa_first:
            self.take_full_numa_nodes()
        else:
            self.take_full_sockets()

    def take_second_level(self) -> None:
        if self.numa_first:
            self.take_full_sockets()
        else:
            self.take_full_numa_nodes()

    # -- uncore caches (prefer-align-cpus-by-uncorecache) -----------------------
    def take_partial_uncore(self, uncore: int) -> None:
        """Claim the lowest free cores of one uncore cache if they fit the
        remaining need exactly; on SMT with an odd need, the highest CPU of
        the last core is left out (the post-1.32 upstream fix)."""
        per_core = self.topo.cpus_per_core()
        cores_needed = (self.needed + per_core - 1) // per_core
        cores = self.details.cores_needed_in_uncore_cache(cores_needed, uncore)
        cpus = self.details.cpus_in_cores(*cores)
        if self.needed % 2 != 0 and per_core > 1:
            ids = list(bits_of(cpus))
            if len(ids) > self.needed:
                ids = ids[:-1]
            cpus = CPUSet.from_iterable(ids).mask
        if cpus.bit_count() == self.needed:
            self.take(cpus)

    def take_uncore_cache(self) -> None:
        per_uncore = self.topo.cpus_per_uncore()
        for uncore in self.sort_uncore_caches():
            if self.needs_at_least(per_uncore):
                self.take_full_uncore()
            if self.is_satisfied():
                return
            self.take_partial_uncore(uncore)
            if self.is_satisfied():
                return

    def take_remaining_cpus(self) -> None:
        for cpu in self.sort_cpus():
            self.take(1 << cpu)
            if self.is_satisfied():
                return

    def range_numa_nodes_needed(self, group_size: int) -> tuple[int, int]:
        """rangeNUMANodesNeededToSatisfy: (min, max) NUMA nodes worth trying."""
        num_numa = self.topo.num_numa_nodes
        groups = (self.topo.num_cpus - 1) // group_size + 1
        groups_per_numa = (groups - 1) // num_numa + 1
        groups_needed = (self.needed - 1) // group_size + 1
        return (groups_needed - 1) // groups_per_numa + 1, min(groups_needed, len(self.details.numa_nodes()))


def not_enough(num_cpus: int, available: int) -> AllocationError:
    return AllocationError(
        f"not enough cpus available to satisfy request: requested={num_cpus}, available={available.bit_count()}"
    )


def take_by_topology_numa_packed(
    topo: CPUTopology,
    available: int,
    num_cpus: int,
    strategy: SortingStrategy = SortingStrategy.PACKED,
    prefer_align_by_uncore_cache: bool = False,
) -> int:
    """takeByTopologyNUMAPacked: whole NUMA nodes/sockets, then (option)
    uncore caches, then whole cores (not when spreading), then single CPUs.
    Returns the CPU mask; raises AllocationError."""
    acc = Accumulator(topo, available, num_cpus, strategy)
    if acc.is_satisfied():
        return acc.result
    if acc.is_failed():
        raise not_enough(num_cpus, available)
    steps: list[Callable[[], None]] = [acc.take_first_level, acc.take_second_level]
    if prefer_align_by_uncore_cache:
        steps.append(acc.take_uncore_cache)
    if not strategy.spreads:
        steps.append(acc.take_full_cores)
    steps.append(acc.take_remaining_cpus)
    for step in steps:
        step()
        if acc.is_satisfied():
            return acc.result
    raise AllocationError("failed to allocate cpus")
