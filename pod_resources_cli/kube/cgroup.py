"""The pod cgroup's values: CPU shares and quota, memory limit, hugepages.

Mirrors pkg/kubelet/cm/helpers_linux.go (k/k 9d1c3c225945; for the memory-QoS and round-trip helpers, its test
file helpers_linux_test.go of the Kubernetes 1.37 tree): MilliCPUToShares, MilliCPUToQuota, SharesToMilliCPU,
QuotaToMilliCPU, HugePageLimits and ResourceConfigForPod with pod-level
resources, plus what pod_container_manager_linux.go EnsureExists adds before
creating the cgroup (pids limit, pod-level memory.high). The CFS period:
MilliCPUToQuota falls back to 100ms without CustomCPUCFSQuotaPeriod, and
pkg/kubelet/apis/config/validation/validation.go (Kubernetes 1.35 and 1.36 trees) refuses a
kubelet whose cpuCFSQuotaPeriod is not 100ms without the gate, or outside
1ms-1s with it.

ResourceConfigForPod takes the pod's requests and limits from the
component-helpers (pod-level spec.resources win, overhead included), then
keeps only what the QoS class allows: Guaranteed gets everything, Burstable
gets a CPU quota / memory limit only when every container (init containers
and sidecars included) or the pod itself declares one,
BestEffort gets the minimum shares.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube import memory_qos as mq
from pod_resources_cli.kube.go_int import go_div, go_duration_us
from pod_resources_cli.kube.names import CPU, MEMORY, hugepage_size_bytes
from pod_resources_cli.kube.provenance import Why, because
from pod_resources_cli.kube.qos import QOSClass
from pod_resources_cli.kube.resource import (
    PodResourcesOptions,
    is_pod_level_resources_set,
    pod_limits,
    pod_requests,
)
from pod_resources_cli.model.node import KubeletConfig
from pod_resources_cli.model.pod import Pod, ResourceList
from pod_resources_cli.records import dataclass, field, replace

MIN_SHARES: Final = 2
MAX_SHARES: Final = 262144
SHARES_PER_CPU: Final = 1024
MILLI_CPU_TO_CPU: Final = 1000
QUOTA_PERIOD: Final = 100000  # 100ms in microseconds
MIN_QUOTA_PERIOD: Final = 1000  # the kernel's 1ms floor
MIN_MILLI_CPU_LIMIT: Final = 10
CUSTOM_PERIOD_GATE: Final = "CustomCPUCFSQuotaPeriod"


@dataclass(frozen=True, slots=True)
class ResourceConfig:
    """cm.ResourceConfig: ``None`` = not set (a nil pointer / nil map upstream)."""

    cpu_shares: int | None = None
    cpu_quota: int | None = None
    cpu_period: int | None = None
    memory: int | None = None
    hugepage_limits: Mapping[int, int] = field(default_factory=dict)  # page size -> limit, bytes
    pids_limit: int | None = None
    unified: Mapping[str, str] | None = None
    why: Mapping[str, Why] = field(default_factory=dict)  # field or file -> rule


def milli_cpu_to_shares(milli_cpu: int) -> int:
    """MilliCPUToShares: 1024 per CPU, clamped to the kernel's [2, 262144]."""
    shares = milli_cpu * SHARES_PER_CPU // MILLI_CPU_TO_CPU if milli_cpu > 0 else 0
    return min(max(shares, MIN_SHARES), MAX_SHARES)


def milli_cpu_to_quota(milli_cpu: int, period: int) -> int:
    """MilliCPUToQuota for a period in microseconds: 0 = no quota; at least 1ms."""
    if milli_cpu == 0:
        return 0
    return max(go_div(milli_cpu * period, MILLI_CPU_TO_CPU), MIN_QUOTA_PERIOD)


def shares_to_milli_cpu(shares: int) -> int:
    """SharesToMilliCPU: ceil(shares * 1000 / 1024), 0 below the minimum."""
    if shares < MIN_SHARES:
        return 0
    return -(-shares * MILLI_CPU_TO_CPU // SHARES_PER_CPU)


def quota_to_milli_cpu(quota: int, period: int) -> int:
    """QuotaToMilliCPU: -1 (unlimited) and a zero period give 0."""
    if quota == -1 or period == 0:
        return 0
    return go_div(quota * MILLI_CPU_TO_CPU, period)


def hugepage_limits(resources: ResourceList) -> dict[int, int]:
    """HugePageLimits: page size -> summed Value() of every hugepages-<size> entry."""
    out: dict[int, int] = {}
    for name, quantity in resources.items():
        size = hugepage_size_bytes(name)
        if size is not None:
            out[size] = out.get(size, 0) + quantity.value()
    return out


def cfs_quota_period(kubelet: KubeletConfig, gates: FeatureGates) -> int:
    """The period quotas are computed over: cpuCFSQuotaPeriod only with the
    CustomCPUCFSQuotaPeriod gate (MilliCPUToQuota and the kuberuntime
    container path fall back to 100ms without it)."""
    return kubelet.cpu_cfs_quota_period_us if gates.enabled(CUSTOM_PERIOD_GATE) else QUOTA_PERIOD


MAX_CUSTOM_PERIOD: Final = 1_000_000  # 1s


def cfs_quota_period_refusal(kubelet: KubeletConfig, gates: FeatureGates) -> str | None:
    """ValidateKubeletConfiguration's cpuCFSQuotaPeriod checks
    (pkg/kubelet/apis/config/validation/validation.go, 1.33+ text): a period
    other than 100ms needs the gate; with the gate it must be 1ms to 1s."""
    period = kubelet.cpu_cfs_quota_period_us
    shown = go_duration_us(period)
    if not gates.enabled(CUSTOM_PERIOD_GATE):
        if period != QUOTA_PERIOD:
            return (
                f"invalid configuration: cpuCFSQuotaPeriod (--cpu-cfs-quota-period) {shown} "
                f"requires feature gate {CUSTOM_PERIOD_GATE}"
            )
        return None
    if not MIN_QUOTA_PERIOD <= period <= MAX_CUSTOM_PERIOD:
        return (
            f"invalid configuration: cpuCFSQuotaPeriod (--cpu-cfs-quota-period) {shown} "
            "must be between 1ms and 1sec, inclusive"
        )
    return None


def _zero(resources: ResourceList, name: str) -> bool:
    q = resources.get(name)
    return q is None or q.is_zero()


def limits_declared(pod: Pod) -> tuple[bool, bool]:
    """(cpu, memory): does every container, init containers and sidecars
    included, set a non-zero limit? (PodLimits' ContainerFn sees each
    container's own limits, component-helpers 1961876b9c57.)"""
    views = [c.resources.lim for c in pod.all_containers()]
    return all(not _zero(v, CPU) for v in views), all(not _zero(v, MEMORY) for v in views)


def _from(pod: Pod, kind: str, name: str, pod_level: bool) -> Why:
    if (
        pod_level
        and pod.resources is not None
        and name in (pod.resources.req if kind == "request" else pod.resources.lim)
    ):
        return because("cgroup.source.pod-level", kind=kind)
    return because("cgroup.source.aggregate", kind=kind)


_REF = "pkg/kubelet/cm/helpers_linux.go ResourceConfigForPod"


def resource_config_for_pod(
    pod: Pod,
    qos: QOSClass,
    kubelet: KubeletConfig,
    gates: FeatureGates,
    *,
    enforce_cpu_limits: bool | None = None,
    enforce_memory_qos: bool | None = None,
) -> ResourceConfig:
    """ResourceConfigForPod on the kubelet's (defaulted) pod.

    ``enforce_cpu_limits`` defaults to ``kubelet.cpu_cfs_quota`` (the caller
    turns it off for a pod with exclusive CPUs); ``enforce_memory_qos`` to the
    MemoryQoS gate on a cgroup v2 node.
    """
    pod_level_gate = gates.enabled("PodLevelResources")
    opts = PodResourcesOptions(
        skip_pod_level_resources=not pod_level_gate,
        use_dra_node_allocatable_claim_status=gates.enabled("DRANodeAllocatableResources"),
    )
    reqs, limits = pod_requests(pod, opts), pod_limits(pod, opts)
    cpu_declared, memory_declared = limits_declared(pod)
    pod_level = pod_level_gate and is_pod_level_resources_set(pod)
    if pod_level:
        assert pod.resources is not None
        cpu_declared = cpu_declared or not _zero(pod.resources.lim, CPU)
        memory_declared = memory_declared or not _zero(pod.resources.lim, MEMORY)
    cpu_request = reqs[CPU].milli_value() if CPU in reqs else 0
    cpu_limit = limits[CPU].milli_value() if CPU in limits else 0
    memory_limit = limits[MEMORY].value() if MEMORY in limits else 0
    shares = milli_cpu_to_shares(cpu_request)
    # EnsureExists passes the configured period; the kubelet only starts
    # with a non-default one when the gate is on (cfs_quota_period_refusal).
    period = cfs_quota_period(kubelet, gates)
    quota = milli_cpu_to_quota(cpu_limit, period)
    enforce = kubelet.cpu_cfs_quota if enforce_cpu_limits is None else enforce_cpu_limits
    period_why = _period_why(kubelet, gates)
    custom = (period_why,) if period != QUOTA_PERIOD else ()
    quota_why = because("cgroup.cpu-quota.pod", *custom, ref=_REF, milli=cpu_limit, period=period, source=_from(pod, "limit", CPU, pod_level))
    if not enforce:
        quota, quota_why = -1, because("cgroup.cpu-quota.cfs-off", ref=_REF, setting="cpuCFSQuota")
    why: dict[str, Why] = {
        "cpu_shares": because("cgroup.cpu-shares.pod", ref=_REF, milli=cpu_request, source=_from(pod, "request", CPU, pod_level)),
        "cpu_quota": quota_why,
        "cpu_period": period_why,
        "memory": because("cgroup.memory.pod", ref=_REF, source=_from(pod, "limit", MEMORY, pod_level)),
    }
    config: dict[str, Any] = {}  # the ResourceConfig's fields as upstream sets them, made into one at the end
    if qos is QOSClass.GUARANTEED:
        config.update(cpu_shares=shares, cpu_quota=quota, cpu_period=period, memory=memory_limit)
    elif qos is QOSClass.BURSTABLE:
        config["cpu_shares"] = shares
        if cpu_declared:
            config.update(cpu_quota=quota, cpu_period=period)
        else:
            why["cpu_quota"] = because("cgroup.cpu-quota.not-declared", ref=_REF)
        if memory_declared:
            config["memory"] = memory_limit
        else:
            why["memory"] = because("cgroup.memory.not-declared", ref=_REF)
    else:
        config["cpu_shares"] = MIN_SHARES
        why["cpu_shares"] = because("cgroup.cpu-shares.best-effort", ref=_REF)
    if enforce_memory_qos if enforce_memory_qos is not None else mq.enforce_memory_qos(kubelet, gates):
        request = reqs[MEMORY].value() if MEMORY in reqs else 0
        protection = mq.pod_memory_protection(request, qos, kubelet, gates)
        if protection.unified:
            config["unified"] = dict(protection.unified)
            why.update(protection.why)
    return ResourceConfig(hugepage_limits=hugepage_limits(reqs), why=why, **config)


def _period_why(kubelet: KubeletConfig, gates: FeatureGates) -> Why:
    if cfs_quota_period(kubelet, gates) != QUOTA_PERIOD:
        return because(
            "cgroup.cpu-period.custom", setting="cpuCFSQuotaPeriod", period=kubelet.cpu_cfs_quota_period_us,
            gate=gates.decide(CUSTOM_PERIOD_GATE),
        )  # fmt: skip
    return because("cgroup.cpu-period.default", setting="cpuCFSQuotaPeriod")


def pod_cgroup_config(
    pod: Pod, qos: QOSClass, kubelet: KubeletConfig, gates: FeatureGates, *, enforce_cpu_limits: bool | None = None
) -> ResourceConfig:
    """What EnsureExists hands the cgroup manager: ResourceConfigForPod, the
    pod pids limit, and (MemoryQoS, 1.37+) the pod-level memory.high.
    ``enforce_cpu_limits=False`` for a pod with exclusive CPUs
    (DisableCPUQuotaWithExclusiveCPUs), as EnsureExists decides."""
    config = resource_config_for_pod(pod, qos, kubelet, gates, enforce_cpu_limits=enforce_cpu_limits)
    why = dict(config.why)
    changes: dict[str, Any] = {}
    if kubelet.pod_pids_limit is not None and kubelet.pod_pids_limit > 0:
        changes["pids_limit"] = kubelet.pod_pids_limit
        why["pids_limit"] = because(
            "cgroup.pids.pod-pids-limit", ref="pkg/kubelet/cm/pod_container_manager_linux.go EnsureExists", setting="podPidsLimit"
        )
    if mq.enforce_memory_qos(kubelet, gates):
        high = mq.pod_level_memory_high(pod, kubelet, gates)
        if high.unified:
            changes["unified"] = {**(config.unified or {}), **high.unified}
            why.update(high.why)
    return replace(config, why=why, **changes)
