"""The static CPU policy as a topology hint provider.

Mirrors GetTopologyHints, GetPodTopologyHints, generateCPUTopologyHints and
isHintSocketAligned of pkg/kubelet/cm/cpumanager/policy_static.go
(kubernetes v1.32): one hint per NUMA-node combination with enough free
(plus reusable) CPUs; the narrowest such combinations, counted on the whole
machine, are preferred; under align-by-socket, a combination spanning the
fewest sockets possible is preferred too.

KEP-5526 (the upstream policy_static.go with PodLevelResourceManagers):
pods with pod-level resources give no hint while a gate is off; under the
gate, a pod whose exclusive containers would leave its shared containers no
CPU gives an empty hint list (the merge then fails).

The masks come from bitmask.IterateBitMasks (kube/topologymanager/hints.py
iterate_bitmasks), as generateCPUTopologyHints walks them (policy_static.go
of kubernetes v1.32.3, read in the vendored copy of
github.com/ffromani/cpumgrx@b3f04a4b). They are built the first time a pod
asks for hints, never when the node is loaded: the kubelet asks only when
its topology manager runs (a policy other than none), and that refuses
machines with more NUMA nodes than max-allowable-numa-nodes, so a 24- or
1,024-NUMA-node machine under policy none never enumerates anything.
"""

from __future__ import annotations

from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.kube.cpumanager.policy_static import StaticPolicy
from pod_resources_cli.kube.cpumanager.policy_static_pod import pod_scope_problem
from pod_resources_cli.kube.cpumanager.requests import pod_level_managed, pod_level_unmanaged
from pod_resources_cli.kube.cpumanager.state import CPUState, pod_uid
from pod_resources_cli.kube.topologymanager.hints import HintMap, TopologyHint, iterate_bitmasks
from pod_resources_cli.model.pod import Container, Pod


class CPUHints:
    """Hint generation for one static policy; the per-mask CPU sets are computed
    once, when the first pod asks for hints (``masks``)."""

    def __init__(self, policy: StaticPolicy) -> None:
        self.policy = policy
        self.numa_nodes = policy.topo.numa_node_ids()
        self._masks: list[tuple[int, int, int]] | None = None

    @property
    def built(self) -> bool:
        """Whether the NUMA masks have been enumerated (only once a pod asked for hints)."""
        return self._masks is not None

    @property
    def masks(self) -> list[tuple[int, int, int]]:
        """(NUMA mask, its CPUs, NUMA count) for every IterateBitMasks mask."""
        if self._masks is None:
            topo = self.policy.topo
            masks: list[tuple[int, int, int]] = []
            for mask in iterate_bitmasks(self.numa_nodes):
                cpus = 0
                for n in self.numa_nodes:
                    if mask >> n & 1:
                        cpus |= topo.numa_cpus[n]
                masks.append((mask, cpus, mask.bit_count()))
            self._masks = masks
        return self._masks

    def generate(self, available: CPUSet, reusable: CPUSet, request: int) -> list[TopologyHint]:
        """generateCPUTopologyHints."""
        min_size = len(self.numa_nodes)
        found: list[int] = []
        for mask, cpus, size in self.masks:
            if cpus.bit_count() >= request and size < min_size:
                min_size = size
            if reusable.mask & ~cpus:
                continue  # a reusable CPU lies outside these NUMA nodes
            if reusable.size() + (available.mask & cpus).bit_count() < request:
                continue
            found.append(mask)
        return [TopologyHint(m, self.is_socket_aligned(m, min_size) or m.bit_count() == min_size) for m in found]

    def is_socket_aligned(self, mask: int, min_size: int) -> bool:
        topo = self.policy.topo
        if not self.policy.options.align_by_socket:
            return False
        per_socket = topo.num_numa_nodes // topo.num_sockets
        if per_socket == 0:
            return False
        min_sockets = (min_size + per_socket - 1) // per_socket
        numa = [n for n in self.numa_nodes if mask >> n & 1]
        return len(topo.details.sockets_in_numa_nodes(*numa)) == min_sockets

    def container_hints(self, state: CPUState, pod: Pod, container: Container) -> HintMap | None:
        """GetTopologyHints: None = no preference (not an exclusive-CPU container)."""
        policy = self.policy
        request = policy.guaranteed_cpus(pod, container)
        if request == 0 or pod_level_unmanaged(pod, policy.gates):
            return None
        uid = pod_uid(pod)
        allocated = state.get_cpuset(uid, container.name)
        if allocated is not None:
            if allocated.size() != request:
                return {"cpu": []}
            return {"cpu": self.generate(allocated, CPUSet(), request)}
        reusable = policy.cpus_to_reuse.get(uid, CPUSet())
        return {"cpu": self.generate(policy.available_cpus(state), reusable, request)}

    def pod_hints(self, state: CPUState, pod: Pod) -> HintMap | None:
        """GetPodTopologyHints: one request for the whole pod."""
        policy = self.policy
        request = policy.pod_guaranteed_cpus(pod)
        if request == 0 or pod_level_unmanaged(pod, policy.gates):
            return None
        if pod_level_managed(pod, policy.gates) and pod_scope_problem(policy, pod) is not None:
            return {"cpu": []}
        uid = pod_uid(pod)
        assigned = CPUSet()
        for c in pod.all_containers():
            allocated = state.get_cpuset(uid, c.name)
            if allocated is not None:
                if allocated.size() != policy.guaranteed_cpus(pod, c):
                    return {"cpu": []}
                assigned = assigned | allocated
        if assigned.size() == request:
            return {"cpu": self.generate(assigned, CPUSet(), request)}
        reusable = policy.cpus_to_reuse.get(uid, CPUSet()) | assigned
        return {"cpu": self.generate(policy.available_cpus(state), reusable, request)}
