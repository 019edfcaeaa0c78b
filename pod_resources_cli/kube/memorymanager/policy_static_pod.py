"""KEP-5526 pod-scope allocation of the Static Memory manager policy.

Mirrors pkg/kubelet/cm/memorymanager/policy_static.go validatePodScopeResources
and AllocatePod (kubernetes/kubernetes, the version with the
PodLevelResourceManagers gate, first released in v1.36): with topologyManagerScope pod and pod-level
resources, the pod gets one NUMA-aligned allocation of spec.resources;
containers Guaranteed on their own (cpu and memory request == limit) get
exclusive blocks carved from it, a regular init container without requests may
use everything the sidecars started before it left, and every other container
shares what remains (the pod shared pool).
"""

from __future__ import annotations

from pod_resources_cli.kube.memorymanager.blocks import update_machine_state
from pod_resources_cli.kube.memorymanager.policy_static import EMPTY_POD_SHARED_POOL, MemoryManagerError, StaticPolicy
from pod_resources_cli.kube.memorymanager.requests import (
    RequestError,
    container_requested_resources,
    pod_requested_resources,
    pod_scope_problem,
)
from pod_resources_cli.kube.memorymanager.state import Block, MemoryState, pod_key
from pod_resources_cli.kube.topologymanager.hints import TopologyHint, nodes_of
from pod_resources_cli.model.pod import Pod

_U64 = 2**64


def allocate_pod(policy: StaticPolicy, state: MemoryState, pod: Pod, hint: TopologyHint) -> None:
    """AllocatePod: one allocation for the pod, partitioned among its containers."""
    gates = policy.gates
    if not policy.guaranteed(pod):
        return
    try:
        total = pod_requested_resources(pod, gates)
    except RequestError:
        return  # the kubelet logs it and admits without pinning
    problem = pod_scope_problem(pod, gates)
    if problem is not None:
        raise MemoryManagerError(problem, EMPTY_POD_SHARED_POOL)
    mask = policy.best_mask(state, pod, total, hint)
    bits = tuple(nodes_of(mask))
    exclusive: dict[str, list[Block]] = {}
    sidecars: dict[str, int] = {}
    for ctr in pod.init_containers:
        reqs = container_requested_resources(pod, ctr, gates)
        if not reqs:
            if ctr.is_restartable_init:
                continue  # a shared sidecar uses the pod shared pool
            runnable = {name: (size - sidecars.get(name, 0)) % _U64 for name, size in total.items()}
            exclusive[ctr.name] = [Block(bits, name, size) for name, size in runnable.items() if size > 0]
            continue
        exclusive[ctr.name] = [Block(bits, name, size) for name, size in reqs.items() if size > 0]
        if ctr.is_restartable_init:
            for name, size in reqs.items():
                sidecars[name] = sidecars.get(name, 0) + size
    pool = {name: (size - sidecars.get(name, 0)) % _U64 for name, size in total.items()}
    for ctr in pod.containers:
        reqs = container_requested_resources(pod, ctr, gates)
        if not reqs:
            continue
        exclusive[ctr.name] = [Block(bits, name, size) for name, size in reqs.items() if size > 0]
        for name, size in reqs.items():
            if size > 0:
                pool[name] = (pool.get(name, 0) - size) % _U64
    shared = [Block(bits, name, size) for name, size in pool.items() if size > 0]
    key = pod_key(pod)
    state.set_pod_memory_blocks(key, [Block(bits, name, size) for name, size in total.items()])
    for name, size in total.items():
        update_machine_state(state.machine_state, bits, name, size)
    for ctr in pod.all_containers():
        state.set_memory_blocks(key, ctr.name, exclusive.get(ctr.name, shared))
