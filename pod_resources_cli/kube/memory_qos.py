"""Memory QoS (KEP-2570): memory.min, memory.low and memory.high on cgroup v2.

Mirrors the kubelet's memory-QoS branches:

- pod cgroup: pkg/kubelet/cm/helpers_linux.go ResourceConfigForPod
  (``enforceMemoryQoS`` with ``memoryReservationPolicy``, k/k 9d1c3c225945)
  and ApplyPodLevelMemoryHigh, called from pod_container_manager_linux.go
  EnsureExists (Kubernetes 1.37 tree);
- container cgroups: pkg/kubelet/kuberuntime/kuberuntime_container_linux.go
  generateLinuxContainerResources (k/k 19c197be0523), including the stale ``memory.high = max`` reset of
  k/k PR 139377 when the feature is off.

What changed between releases, and is selected with the Kubernetes version:

- before 1.36 there is no ``memoryReservationPolicy``: memory.min = request
  for every container and pod, memory.high only when request != limit, and
  memoryThrottlingFactor defaults to 0.9;
- 1.36 adds the policy: ``None`` (default) protects nothing (containers get
  ``memory.min: "0"`` and ``memory.low: "0"``), ``TieredReservation`` (first
  named ``HardReservation``) gives Guaranteed memory.min and the others
  memory.low (a BestEffort pod's request is its overhead); memory.high is also computed for request = limit = 0;
  an unset factor still defaults to 0.9;
- 1.37 makes MemoryQoS beta and on by default and drops the factor's
  default (k/k #140007, KEP-2570 update kubernetes/enhancements#6143): an
  unset memoryThrottlingFactor writes no memory.high;
- 1.37 also throttles a pod with a pod-level memory limit at the pod cgroup
  (pod memory.high) and no longer sets memory.high on its containers that
  have no limit of their own; with the feature off, containers get
  ``memory.high: "max"`` so a stale value is cleared.

ApplyPodLevelMemoryHigh's source could not be read; it is rebuilt from its
unit test (helpers_linux_test.go, Kubernetes 1.37 tree): only a pod-level
memory limit triggers it, overhead counts, and the KEP formula applies to the
pod's request and limit.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from typing import Final

from pod_resources_cli.features import FeatureGates, KubernetesVersion
from pod_resources_cli.kube import float64 as f64
from pod_resources_cli.kube.names import MEMORY
from pod_resources_cli.kube.provenance import Why, because
from pod_resources_cli.kube.qos import QOSClass
from pod_resources_cli.kube.resource import is_pod_level_resources_set, pod_limits, pod_requests
from pod_resources_cli.model.node import KubeletConfig
from pod_resources_cli.model.pod import Container, Pod, ResourceList
from pod_resources_cli.records import dataclass, field

MEMORY_MIN: Final = "memory.min"
MEMORY_LOW: Final = "memory.low"
MEMORY_HIGH: Final = "memory.high"

NONE_POLICY: Final = "None"
TIERED: Final = "TieredReservation"
HARD_RESERVATION: Final = "HardReservation"  # the policy's first name
LEGACY: Final = "legacy"  # before the policy existed: memory.min = request everywhere

RESERVATION_POLICY_SINCE: Final = KubernetesVersion(1, 36)
POD_LEVEL_MEMORY_HIGH_SINCE: Final = KubernetesVersion(1, 37)
FACTOR_NIL_SINCE: Final = KubernetesVersion(1, 37)  # memoryThrottlingFactor defaults to nil (k/k #140007)
LEGACY_DEFAULT_FACTOR: Final = Decimal("0.9")
_POD_REF: Final = "pkg/kubelet/cm/helpers_linux.go ResourceConfigForPod"
_CONTAINER_REF: Final = "pkg/kubelet/kuberuntime/kuberuntime_container_linux.go generateLinuxContainerResources"


@dataclass(frozen=True, slots=True)
class MemoryQoS:
    """memory.* keys for one cgroup, and why each was (not) set."""

    unified: dict[str, str] = field(default_factory=dict)
    why: dict[str, Why] = field(default_factory=dict)


def enforce_memory_qos(kubelet: KubeletConfig, gates: FeatureGates) -> bool:
    """enforceMemoryQoS: the MemoryQoS gate on a cgroup v2 node."""
    return gates.enabled("MemoryQoS") and kubelet.cgroup_version == 2


def reservation_policy(kubelet: KubeletConfig, gates: FeatureGates) -> str:
    """LEGACY, NONE_POLICY or TIERED."""
    if gates.version < RESERVATION_POLICY_SINCE:
        return LEGACY
    if kubelet.memory_reservation_policy in (TIERED, HARD_RESERVATION):
        return TIERED
    return NONE_POLICY


def throttling_factor(kubelet: KubeletConfig, gates: FeatureGates) -> Decimal | None:
    """memoryThrottlingFactor as the kubelet's defaulting leaves it: 0.9 when
    unset up to 1.36 (v1beta1 defaults.go DefaultMemoryThrottlingFactor), nil
    from 1.37 (k/k #140007: no memory.high unless the node sets a factor)."""
    if kubelet.memory_throttling_factor is None and gates.version < FACTOR_NIL_SINCE:
        return LEGACY_DEFAULT_FACTOR
    return kubelet.memory_throttling_factor


def factor_why(kubelet: KubeletConfig, gates: FeatureGates) -> Why:
    """Where the factor in a memory.high formula comes from."""
    if kubelet.memory_throttling_factor is not None:
        return because("memory-qos.factor.configured", setting="memoryThrottlingFactor")
    return because("memory-qos.factor.legacy-default", setting="memoryThrottlingFactor", since=FACTOR_NIL_SINCE)


def memory_high(request: int, ceiling: int, factor: Decimal, page_size: int) -> int:
    """floor[(request + factor * (ceiling - request)) / pageSize] * pageSize, in
    the kubelet's float64 arithmetic (see kube.float64)."""
    req = f64.round_f64(request)
    scaled = f64.mul(f64.sub(f64.round_f64(ceiling), req), f64.parse_f64(factor))
    floored = Fraction(math.floor(f64.add(req, scaled)))
    return f64.trunc_int64(f64.div(floored, f64.round_f64(page_size))) * page_size


def _value(resources: ResourceList, name: str) -> int:
    q = resources.get(name)
    return q.value() if q is not None else 0


def pod_memory_protection(
    pod_memory_request: int, qos: QOSClass, kubelet: KubeletConfig, gates: FeatureGates
) -> MemoryQoS:
    """ResourceConfigForPod's memory-QoS branch (callers check enforce_memory_qos)."""
    out = MemoryQoS()
    if pod_memory_request <= 0:
        return out
    policy = reservation_policy(kubelet, gates)
    value = str(pod_memory_request)
    if policy == LEGACY:
        out.unified[MEMORY_MIN] = value
        out.why[MEMORY_MIN] = because("memory-qos.min.legacy-pod", ref=_POD_REF, since=RESERVATION_POLICY_SINCE)
    elif policy == TIERED and qos is QOSClass.GUARANTEED:
        out.unified[MEMORY_MIN] = value
        out.why[MEMORY_MIN] = because("memory-qos.min.tiered-pod", ref=_POD_REF)
    elif policy == TIERED:
        # BestEffort too: its request is the pod overhead, if any.
        out.unified[MEMORY_LOW] = value
        out.why[MEMORY_LOW] = because("memory-qos.low.tiered-pod", ref=_POD_REF, qos=qos.value)
    return out


def pod_level_memory_high(pod: Pod, kubelet: KubeletConfig, gates: FeatureGates) -> MemoryQoS:
    """ApplyPodLevelMemoryHigh: memory.high on the pod cgroup of a pod with a
    pod-level memory limit (1.37+; callers check enforce_memory_qos)."""
    out = MemoryQoS()
    factor = throttling_factor(kubelet, gates)
    if factor is None or gates.version < POD_LEVEL_MEMORY_HIGH_SINCE:
        return out
    if not (gates.enabled("PodLevelResources") and is_pod_level_resources_set(pod)):
        return out
    assert pod.resources is not None
    if _value(pod.resources.lim, MEMORY) == 0:
        return out
    request = _value(pod_requests(pod), MEMORY)
    limit = _value(pod_limits(pod), MEMORY)
    if request == limit:
        return out
    high = memory_high(request, limit, factor, kubelet.page_size)
    if high > request:
        out.unified[MEMORY_HIGH] = str(high)
        out.why[MEMORY_HIGH] = because(
            "memory-qos.high.pod", ref="pkg/kubelet/cm/helpers_linux.go ApplyPodLevelMemoryHigh",
            request=request, factor=factor, limit=limit, page_size=kubelet.page_size,
        )  # fmt: skip
    return out


def _has_pod_memory_limit(pod: Pod, gates: FeatureGates) -> bool:
    if not (gates.enabled("PodLevelResources") and is_pod_level_resources_set(pod)):
        return False
    assert pod.resources is not None
    return _value(pod.resources.lim, MEMORY) != 0


def container_memory_qos(
    pod: Pod,
    container: Container,
    qos: QOSClass,
    kubelet: KubeletConfig,
    gates: FeatureGates,
    *,
    node_allocatable_memory: int | None,
) -> MemoryQoS:
    """generateLinuxContainerResources' memory-QoS branch (callers check enforce_memory_qos)."""
    out = MemoryQoS()
    request = _value(container.resources.req, MEMORY)
    limit = _value(container.resources.lim, MEMORY)
    policy = reservation_policy(kubelet, gates)
    if policy == LEGACY:
        if request != 0:
            out.unified[MEMORY_MIN] = str(request)
            out.why[MEMORY_MIN] = because("memory-qos.min.legacy-container", ref=_CONTAINER_REF)
    elif policy == TIERED and request != 0:
        key = MEMORY_MIN if qos is QOSClass.GUARANTEED else MEMORY_LOW
        out.unified[key] = str(request)
        out.why[key] = because("memory-qos.tiered-container", ref=_CONTAINER_REF, qos=qos.value)
    else:
        for key in (MEMORY_MIN, MEMORY_LOW):
            out.unified[key] = "0"
            out.why[key] = because(
                "memory-qos.no-protection", ref=_CONTAINER_REF, setting="memoryReservationPolicy", tiered=policy == TIERED
            )
    _container_memory_high(out, pod, request, limit, policy, kubelet, gates, node_allocatable_memory)
    return out


def _container_memory_high(
    out: MemoryQoS,
    pod: Pod,
    request: int,
    limit: int,
    policy: str,
    kubelet: KubeletConfig,
    gates: FeatureGates,
    node_allocatable_memory: int | None,
) -> None:
    factor = throttling_factor(kubelet, gates)
    if factor is None:
        out.why[MEMORY_HIGH] = because(
            "memory-qos.high.no-factor", ref=_CONTAINER_REF, setting="memoryThrottlingFactor", since=FACTOR_NIL_SINCE
        )
        return
    if request == limit and (policy == LEGACY or request != 0):
        out.why[MEMORY_HIGH] = because("memory-qos.high.request-equals-limit", ref=_CONTAINER_REF)
        return
    if limit != 0:
        ceiling, source = limit, "limit"
    elif gates.version >= POD_LEVEL_MEMORY_HIGH_SINCE and _has_pod_memory_limit(pod, gates):
        out.why[MEMORY_HIGH] = because("memory-qos.high.pod-throttles", ref=_CONTAINER_REF)
        return
    elif node_allocatable_memory:
        ceiling, source = node_allocatable_memory, "node allocatable"
    else:
        out.why[MEMORY_HIGH] = because("memory-qos.high.no-ceiling", ref=_CONTAINER_REF)
        return
    high = memory_high(request, ceiling, factor, kubelet.page_size)
    if high != 0 and high > request:
        out.unified[MEMORY_HIGH] = str(high)
        out.why[MEMORY_HIGH] = because(
            "memory-qos.high.container", ref=_CONTAINER_REF, request=request, factor=factor,
            ceiling_from=source, ceiling=ceiling, page_size=kubelet.page_size, factor_from=factor_why(kubelet, gates),
        )  # fmt: skip


def resets_stale_memory_high(kubelet: KubeletConfig, gates: FeatureGates) -> bool:
    """With MemoryQoS off on cgroup v2, 1.37 kubelets write memory.high = max."""
    return (
        kubelet.cgroup_version == 2 and not gates.enabled("MemoryQoS") and gates.version >= POD_LEVEL_MEMORY_HIGH_SINCE
    )
