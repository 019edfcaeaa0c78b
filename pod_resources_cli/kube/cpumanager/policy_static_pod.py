"""KEP-5526: one CPU pool for a pod with pod-level resources, partitioned among its containers.

Mirrors validatePodScopeResources and AllocatePod of
pkg/kubelet/cm/cpumanager/policy_static.go (the upstream version with the
PodLevelResourceManagers gate, first released in v1.36) and EmptyPodSharedPoolError of
pkg/kubelet/cm/admission/errors.go. Under topology scope pod the pod gets
spec.resources' CPUs once, NUMA-aligned by the pod's hint; containers
Guaranteed on their own get exclusive slices of it (a regular init
container's slice may be reused afterwards, a sidecar's is kept for the
pod's life); every other container gets the pod shared pool: what is left
after the sidecars' and app containers' slices (a regular init container
without its own CPUs may use everything the sidecars before it left).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.kube.cpumanager.cpu_assignment import AllocationError
from pod_resources_cli.kube.cpumanager.policy_static import StaticPolicy
from pod_resources_cli.kube.cpumanager.state import CPUState, pod_uid
from pod_resources_cli.kube.topologymanager.errors import AdmitError, unexpected
from pod_resources_cli.model.pod import Pod

EMPTY_POD_SHARED_POOL_ERROR: Final = "EmptyPodSharedPoolError"


def pod_scope_problem(policy: StaticPolicy, pod: Pod) -> str | None:
    """validatePodScopeResources: the kubelet's text when a container would get no CPU at all."""
    total = policy.pod_guaranteed_cpus(pod)
    shared_long_running = False
    long_running_exclusive = 0
    for c in pod.init_containers:
        n = policy.guaranteed_cpus(pod, c)
        if not c.is_restartable_init:
            if n > 0:
                pool = total - long_running_exclusive
                if n > pool:
                    return f"pod rejected, largest exclusive init container requests {n} cpus, but only {pool} available"
            elif long_running_exclusive >= total:
                return "pod rejected, pod has shared init containers but no cpus available for them"
            continue
        if n == 0:
            shared_long_running = True
        long_running_exclusive += n
    for c in pod.containers:
        n = policy.guaranteed_cpus(pod, c)
        if n == 0:
            shared_long_running = True
        long_running_exclusive += n
    if shared_long_running and long_running_exclusive >= total:
        return "pod rejected, sum of exclusive container cpu requests equals pod budget, leaving no cpus for shared containers"
    return None


def _take(policy: StaticPolicy, pool: CPUSet, count: int) -> CPUSet:
    try:
        return policy.take_by_topology(pool, count)
    except AllocationError as exc:
        raise unexpected(str(exc)) from exc


def allocate_pod(policy: StaticPolicy, state: CPUState, pod: Pod, numa_affinity: int | None) -> None:
    """AllocatePod: raises AdmitError (EmptyPodSharedPoolError, SMTAlignmentError, unexpected)."""
    total = policy.pod_guaranteed_cpus(pod)
    if total == 0:
        return
    problem = pod_scope_problem(policy, pod)
    if problem is not None:
        raise AdmitError(EMPTY_POD_SHARED_POOL_ERROR, problem)
    policy.enforce_smt_alignment(state, total)
    try:
        bubble = policy.allocate_cpus(state, total, numa_affinity, CPUSet())
    except AllocationError as exc:
        raise unexpected(str(exc)) from exc
    uid = pod_uid(pod)
    state.pod_assignments[uid] = bubble
    own: dict[str, CPUSet] = {}
    sidecars = CPUSet()
    for c in pod.init_containers:
        n = policy.guaranteed_cpus(pod, c)
        if n > 0:
            own[c.name] = _take(policy, bubble - sidecars, n)
            if c.is_restartable_init:
                sidecars = sidecars | own[c.name]
        elif not c.is_restartable_init:
            own[c.name] = bubble - sidecars  # may burst over all but the running sidecars' CPUs
    shared = bubble - sidecars
    for c in pod.containers:
        n = policy.guaranteed_cpus(pod, c)
        if n > 0:
            own[c.name] = _take(policy, shared, n)
            shared = shared - own[c.name]
    for c in pod.all_containers():
        state.set_cpuset(uid, c.name, own.get(c.name, shared))
