"""OOM score adjustment of a container's processes.

Mirrors pkg/kubelet/qos/policy.go GetContainerOOMScoreAdjust (with the
DRA share of the newest copy read) with
pkg/kubelet/qos/helpers.go (k/k 78fc8e44052f: minRegularContainerMemory,
remainingPodMemReqPerContainer) and pkg/kubelet/types/pod_update.go
(IsCriticalPod, IsNodeCriticalPod).

- Node-critical pods (system-node-critical priority class on a critical
  pod) and Guaranteed pods: -997. BestEffort: 1000.
- Burstable: ``1000 - 1000 * request / capacity`` in int64 arithmetic; with
  pod-level memory requests (KEP-2837) every container also gets an equal
  share of the pod request its containers leave unclaimed.
- A sidecar is never scored above the lowest-requesting regular container.
- Clamped to [3, 999]: above Guaranteed's 3, below BestEffort's 1000.

Not modelled: the KubeletOOMScoreAdjTieBreak refinement (a gate this
project's versions do not have).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.go_int import go_div
from pod_resources_cli.kube.names import MEMORY
from pod_resources_cli.kube.provenance import Why, because
from pod_resources_cli.kube.qos import QOSClass
from pod_resources_cli.kube.resource import aggregate_container_requests, is_pod_level_requests_set
from pod_resources_cli.model.pod import Container, ContainerType, Pod

GUARANTEED_OOM_SCORE_ADJ: Final = -997
BESTEFFORT_OOM_SCORE_ADJ: Final = 1000
KUBELET_OOM_SCORE_ADJ: Final = -999
SYSTEM_CRITICAL_PRIORITY: Final = 2 * 1_000_000_000
NODE_CRITICAL_CLASS: Final = "system-node-critical"
CONFIG_SOURCE: Final = "kubernetes.io/config.source"
CONFIG_MIRROR: Final = "kubernetes.io/config.mirror"
_REF: Final = "pkg/kubelet/qos/policy.go GetContainerOOMScoreAdjust"



def is_static_pod(pod: Pod) -> bool:
    source = pod.annotations.get(CONFIG_SOURCE)
    return source is not None and source != "api"


def is_critical_pod(pod: Pod) -> bool:
    """IsCriticalPod: static, mirror, or priority at least system-cluster-critical's."""
    if is_static_pod(pod) or CONFIG_MIRROR in pod.annotations:
        return True
    return pod.priority is not None and pod.priority >= SYSTEM_CRITICAL_PRIORITY


def is_node_critical_pod(pod: Pod) -> bool:
    return is_critical_pod(pod) and pod.priority_class_name == NODE_CRITICAL_CLASS


def effective_memory_request(pod: Pod, container: Container, gates: FeatureGates) -> int:
    """getEffectiveContainerMemoryRequest: the request plus, with
    DRANodeAllocatableResources, this container's share of node-allocatable claims."""
    q = container.resources.req.get(MEMORY)
    request = q.value() if q is not None else 0
    if not gates.enabled("DRANodeAllocatableResources"):
        return request
    for claim in pod.status.claim_statuses:
        if container.name not in claim.containers:
            continue
        refs = len(claim.containers)
        request += sum(go_div(qty.value(), refs) for name, qty in claim.mapping if name == MEMORY)
        for overhead in claim.overhead:
            if overhead.name == MEMORY:
                request += go_div(overhead.per_pod.value(), refs) if overhead.per_pod is not None else 0
                request += overhead.per_container.value() if overhead.per_container is not None else 0
    return request


def remaining_pod_memory_request_per_container(pod: Pod) -> int:
    """remainingPodMemReqPerContainer: (pod request - aggregate container
    requests) / number of containers, init containers included."""
    assert pod.resources is not None
    pod_request = pod.resources.req.get(MEMORY)
    if pod_request is None or pod_request.is_zero():
        return 0
    count = len(pod.containers) + len(pod.init_containers)
    aggregate = aggregate_container_requests(pod).get(MEMORY)
    remaining = pod_request.value() - (aggregate.value() if aggregate is not None else 0)
    return go_div(remaining, count)


def _burstable_score(request: int, memory_capacity: int) -> int:
    return 1000 - go_div(1000 * request, memory_capacity)


def oom_score_explained(
    pod: Pod, container: Container, qos: QOSClass, memory_capacity: int, gates: FeatureGates
) -> tuple[int, Why]:
    """The oom_score_adj and the rule that produced it."""
    if memory_capacity <= 0:
        raise ValueError(f"memory capacity must be positive, not {memory_capacity}")
    if is_node_critical_pod(pod):
        return GUARANTEED_OOM_SCORE_ADJ, because("oom.node-critical", ref=_REF)
    if qos is QOSClass.GUARANTEED:
        return GUARANTEED_OOM_SCORE_ADJ, because("oom.guaranteed", ref=_REF)
    if qos is QOSClass.BEST_EFFORT:
        return BESTEFFORT_OOM_SCORE_ADJ, because("oom.best-effort", ref=_REF)
    request = effective_memory_request(pod, container, gates)
    share = 0
    if gates.enabled("PodLevelResources") and is_pod_level_requests_set(pod):
        share = remaining_pod_memory_request_per_container(pod)
        score = _burstable_score(request + share, memory_capacity)
        why = because("oom.burstable.pod-share", ref=_REF, request=request, share=share, capacity=memory_capacity)
    else:
        score = _burstable_score(request, memory_capacity)
        why = because("oom.burstable", ref=_REF, request=request, capacity=memory_capacity)
    if container.type is ContainerType.SIDECAR and pod.containers:
        lowest = min(_request(c) for c in pod.containers) + share
        cap = _burstable_score(lowest, memory_capacity)
        if score > cap:
            score, why = cap, because("oom.sidecar-capped", why, ref=_REF)
    if score < 1000 + GUARANTEED_OOM_SCORE_ADJ:
        return 1000 + GUARANTEED_OOM_SCORE_ADJ, because("oom.raised-to-3", why, ref=_REF)
    if score == BESTEFFORT_OOM_SCORE_ADJ:
        return 999, because("oom.lowered-to-999", why, ref=_REF)
    return score, why


def _request(container: Container) -> int:
    q = container.resources.req.get(MEMORY)
    return q.value() if q is not None else 0


def container_oom_score_adjust(
    pod: Pod, container: Container, qos: QOSClass, memory_capacity: int, gates: FeatureGates
) -> int:
    """GetContainerOOMScoreAdjust."""
    return oom_score_explained(pod, container, qos, memory_capacity, gates)[0]
