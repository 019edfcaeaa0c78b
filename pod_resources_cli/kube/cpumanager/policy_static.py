"""The static CPU policy: exclusive CPUs for integer-CPU containers of Guaranteed pods.

Mirrors pkg/kubelet/cm/cpumanager/policy_static.go (kubernetes v1.32; read at
fork commit wongchar/kubernetes@d732ec69 of the 1.32 line and at
kubernetes/kubernetes commit 62c7eac08995112e3699b2c523cdaf8b51774e04, compared
with the v1.36 version that adds AllocatePod): NewStaticPolicy (the reserved CPUs, taken by
topology from the lowest cores unless reservedSystemCPUs lists them),
validateState's initial shared pool (without the reserved CPUs under
strict-cpu-reservation), Allocate (full-pcpus-only SMT checks, NUMA-aligned
CPUs first, init-container CPUs reused), RemoveContainer, guaranteedCPUs
and podGuaranteedCPUs. Topology hints are in ``hints.py``, the KEP-5526
pod-level allocation (AllocatePod) in ``policy_static_pod.py``.
"""

from __future__ import annotations

from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.errors import NodeError
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.cpumanager.cpu_assignment import (
    SPREAD_BY_CORES_SINCE,
    AllocationError,
    SortingStrategy,
    take_by_topology_numa_packed,
)
from pod_resources_cli.kube.cpumanager.cpu_distribute import take_by_topology_numa_distributed
from pod_resources_cli.kube.cpumanager.policy_options import StaticPolicyOptions
from pod_resources_cli.kube.cpumanager.requests import PLRM, container_cpus, pod_cpus, pod_level_unmanaged
from pod_resources_cli.kube.cpumanager.state import CPUState, pod_uid
from pod_resources_cli.kube.topology import CPUTopology
from pod_resources_cli.kube.topologymanager.errors import AdmitError, unexpected
from pod_resources_cli.model.pod import Container, ContainerType, Pod

SMT_ALIGNMENT_ERROR = "SMTAlignmentError"


def smt_alignment_error(requested: int, per_core: int, available_physical: int | None = None) -> AdmitError:
    if available_physical is not None:
        return AdmitError(
            SMT_ALIGNMENT_ERROR,
            "SMT Alignment Error: not enough free physical CPUs: "
            f"available physical CPUs = {available_physical}, requested CPUs = {requested}, CPUs per core = {per_core}",
        )
    return AdmitError(
        SMT_ALIGNMENT_ERROR, f"SMT Alignment Error: requested {requested} cpus not multiple cpus per core = {per_core}"
    )


class StaticPolicy:
    name = "static"

    def __init__(
        self,
        topo: CPUTopology,
        num_reserved: int,
        reserved_cpus: CPUSet,
        options: StaticPolicyOptions,
        gates: FeatureGates,
    ) -> None:
        self.topo = topo
        self.options = options
        self.gates = gates
        self.group_size = topo.cpus_per_core()
        self.cpus_to_reuse: dict[str, CPUSet] = {}
        all_cpus = CPUSet(topo.all_mask)
        if reserved_cpus:
            reserved = reserved_cpus
        else:
            try:
                reserved = self.take_by_topology(all_cpus, num_reserved)
            except AllocationError:
                reserved = CPUSet()
        if reserved.size() != num_reserved:
            raise NodeError(
                f"[cpumanager] unable to reserve the required amount of CPUs (size of {reserved} did not equal {num_reserved})"
            )
        physical = CPUSet()
        for cpu in reserved:
            physical = physical | CPUSet(topo.core_cpus[topo.cpu_core_id(cpu)])
        self.reserved = reserved
        self.reserved_physical = physical

    def initial_default(self) -> CPUSet:
        """The shared pool before any pod: every CPU (less the reserved ones when strict)."""
        all_cpus = CPUSet(self.topo.all_mask)
        return all_cpus - self.reserved if self.options.strict_cpu_reservation else all_cpus

    def available_cpus(self, state: CPUState) -> CPUSet:
        return state.default - self.reserved

    def available_physical_cpus(self, state: CPUState) -> CPUSet:
        return state.default - self.reserved_physical

    def guaranteed_cpus(self, pod: Pod, container: Container) -> int:
        return container_cpus(pod, container, self.gates)

    def pod_guaranteed_cpus(self, pod: Pod) -> int:
        return pod_cpus(pod, self.gates)

    def take_by_topology(self, available: CPUSet, count: int) -> CPUSet:
        strategy = SortingStrategy.PACKED
        if self.options.distribute_cpus_across_cores:  # by the cores' topology from 1.38 (k/k #140766)
            strategy = SortingStrategy.SPREAD_BY_CORES if self.gates.version >= SPREAD_BY_CORES_SINCE else SortingStrategy.SPREAD
        if self.options.distribute_cpus_across_numa:
            group = self.group_size if self.options.full_physical_cpus_only else 1
            return CPUSet(take_by_topology_numa_distributed(self.topo, available.mask, count, group, strategy))
        return CPUSet(
            take_by_topology_numa_packed(
                self.topo, available.mask, count, strategy, self.options.prefer_align_by_uncore_cache
            )
        )

    # -- allocation -----------------------------------------------------------
    def update_cpus_to_reuse(self, pod: Pod, container: Container, cpus: CPUSet) -> None:
        """Init containers' CPUs may be reused by the containers after them;
        app containers (and sidecars, which keep running) consume theirs."""
        uid = pod_uid(pod)
        self.cpus_to_reuse = {uid: self.cpus_to_reuse.get(uid, CPUSet())}
        if container.type is ContainerType.INIT and not container.is_restartable_init:
            self.cpus_to_reuse[uid] = self.cpus_to_reuse[uid] | cpus
        else:
            self.cpus_to_reuse[uid] = self.cpus_to_reuse[uid] - cpus

    def allocate(self, state: CPUState, pod: Pod, container: Container, numa_affinity: int | None) -> None:
        """Allocate: raises AdmitError (SMTAlignmentError, or the unexpected wrapper)."""
        count = self.guaranteed_cpus(pod, container)
        if count == 0 or pod_level_unmanaged(pod, self.gates):
            return
        self.enforce_smt_alignment(state, count)
        uid = pod_uid(pod)
        existing = state.get_cpuset(uid, container.name)
        if existing is not None:
            self.update_cpus_to_reuse(pod, container, existing)
            return
        try:
            cpus = self.allocate_cpus(state, count, numa_affinity, self.cpus_to_reuse.get(uid, CPUSet()))
        except AllocationError as exc:
            raise unexpected(str(exc)) from exc
        state.set_cpuset(uid, container.name, cpus)
        self.update_cpus_to_reuse(pod, container, cpus)

    def enforce_smt_alignment(self, state: CPUState, count: int) -> None:
        """full-pcpus-only: whole cores only, and enough whole free cores."""
        if not self.options.full_physical_cpus_only:
            return
        if count % self.group_size != 0:
            raise smt_alignment_error(count, self.group_size)
        physical = self.available_physical_cpus(state).size()
        if count > physical:
            raise smt_alignment_error(count, self.group_size, physical)

    def aligned_cpus(self, numa_affinity: int, allocatable: CPUSet) -> CPUSet:
        """getAlignedCPUs: the allocatable CPUs of the hint's NUMA nodes (of their sockets under align-by-socket)."""
        numa = [n for n in self.topo.numa_cpus if numa_affinity >> n & 1]
        details = self.topo.details
        if self.options.align_by_socket:
            groups = [self.topo.socket_cpus[s] for s in details.sockets_in_numa_nodes(*numa)]
        else:
            groups = [self.topo.numa_cpus[n] for n in numa]
        mask = 0
        for g in groups:
            mask |= g
        return allocatable & CPUSet(mask)

    def allocate_cpus(self, state: CPUState, count: int, numa_affinity: int | None, reusable: CPUSet) -> CPUSet:
        allocatable = self.available_cpus(state) | reusable
        result = CPUSet()
        if numa_affinity is not None:
            aligned = self.aligned_cpus(numa_affinity, allocatable)
            result = self.take_by_topology(aligned, min(count, aligned.size()))
        result = result | self.take_by_topology(allocatable - result, count - result.size())
        state.default = state.default - result
        return result

    def remove_container(self, state: CPUState, uid: str, name: str) -> None:
        """RemoveContainer: CPUs go back to the shared pool unless a sibling still
        holds them; a pod-level pool goes back whole with the pod's last container."""
        if state.get_cpuset(uid, name) is None:
            return
        pod_pool = state.pod_assignments.get(uid) if self.gates.enabled(PLRM) else None
        if pod_pool is not None:
            state.delete(uid, name)
            if uid not in state.assignments:
                state.default = state.default | pod_pool
                del state.pod_assignments[uid]
            return
        in_use = CPUSet()
        for other, cpus in state.assignments.get(uid, {}).items():
            if other != name:
                in_use = in_use | cpus
        released = state.get_cpuset(uid, name)
        if released is not None:
            state.delete(uid, name)
            state.default = state.default | (released - in_use)
