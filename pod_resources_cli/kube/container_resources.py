"""A container's CRI LinuxContainerResources, and the cgroup files they become.

Mirrors pkg/kubelet/kuberuntime/kuberuntime_container_linux.go (k/k
19c197be0523): getCPULimit /
getMemoryLimit (a container without its own limit gets the pod-level one,
KEP-2837 row 7), calculateLinuxResources (shares from the cpu request, or
from the cpu limit when no request is present at all (fact 6); CFS quota and
period with cpuCFSQuota; memory.oom.group on cgroup v2 unless
singleProcessOOMKill), GetHugepageLimitsFromResources (pod-level hugepage
limits reach containers that do not set their own, k/k PR 131089),
generateLinuxContainerResources (OOM score, swap (kube/swap.py), memory QoS
or the 1.37 stale memory.high reset).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube import memory_qos as mq
from pod_resources_cli.kube import swap as sw
from pod_resources_cli.kube.cgroup import (
    CUSTOM_PERIOD_GATE,
    QUOTA_PERIOD,
    cfs_quota_period,
    milli_cpu_to_quota,
    milli_cpu_to_shares,
)
from pod_resources_cli.kube.cgroup_files import (
    DEFAULT_HUGEPAGE_SIZES,
    CgroupFiles,
    container_cgroup_files,
    hugepage_unit_size,
)
from pod_resources_cli.kube.names import CPU, MEMORY, hugepage_size_bytes
from pod_resources_cli.kube.oom import oom_score_explained
from pod_resources_cli.kube.provenance import Why, because
from pod_resources_cli.kube.qos import QOSClass
from pod_resources_cli.kube.resource import is_pod_level_resources_set
from pod_resources_cli.model.node import KubeletConfig
from pod_resources_cli.model.pod import Container, Pod, ResourceList
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import dataclass, field

OOM_GROUP: Final = "memory.oom.group"
ZERO: Final = Quantity(0)
_REF: Final = "pkg/kubelet/kuberuntime/kuberuntime_container_linux.go calculateLinuxResources"
_GEN_REF: Final = "pkg/kubelet/kuberuntime/kuberuntime_container_linux.go generateLinuxContainerResources"


@dataclass(frozen=True, slots=True, kw_only=True)
class LinuxContainerResources:
    """runtimeapi.LinuxContainerResources: 0 means "not set" for quota,
    period and memory; ``unified`` None is a nil map."""

    cpu_shares: int
    cpu_quota: int = 0
    cpu_period: int = 0
    memory_limit_in_bytes: int = 0
    oom_score_adj: int = 0
    unified: Mapping[str, str] | None = None
    hugepage_limits: Mapping[str, int] = field(default_factory=dict)  # "2MB" -> bytes
    memory_swap_limit_in_bytes: int = 0
    swap: sw.ContainerSwap | None = None  # None: no swap controller, no swap file
    why: Mapping[str, Why] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class ContainerResources(LinuxContainerResources):
    name: str
    files: CgroupFiles


def _pod_level_fallback(pod: Pod, container: Container, name: str, gates: FeatureGates) -> tuple[Quantity, bool]:
    own = container.resources.lim.get(name)
    if (own is None or own.is_zero()) and gates.enabled("PodLevelResources") and is_pod_level_resources_set(pod):
        assert pod.resources is not None
        return pod.resources.lim.get(name, ZERO), True
    return own if own is not None else ZERO, False


def get_cpu_limit(pod: Pod, container: Container, gates: FeatureGates) -> Quantity:
    """getCPULimit: the container's cpu limit, or the pod-level one when it has none."""
    return _pod_level_fallback(pod, container, CPU, gates)[0]


def get_memory_limit(pod: Pod, container: Container, gates: FeatureGates) -> Quantity:
    """getMemoryLimit: the container's memory limit, or the pod-level one when it has none."""
    return _pod_level_fallback(pod, container, MEMORY, gates)[0]


def calculate_linux_resources(
    cpu_request: Quantity | None,
    cpu_limit: Quantity,
    memory_limit: Quantity,
    kubelet: KubeletConfig,
    gates: FeatureGates,
    *,
    disable_cpu_quota: bool = False,
) -> LinuxContainerResources:
    """calculateLinuxResources. ``cpu_request`` None = no cpu key in requests."""
    why: dict[str, Why] = {}
    if cpu_request is None:
        shares = milli_cpu_to_shares(cpu_limit.milli_value())
        why["cpu_shares"] = because("container.cpu-shares.from-limit", ref=_REF, limit=cpu_limit)
    else:
        shares = milli_cpu_to_shares(cpu_request.milli_value())
        why["cpu_shares"] = because("container.cpu-shares.request", ref=_REF, request=cpu_request)
    quota = period = 0
    if kubelet.cpu_cfs_quota:
        period = cfs_quota_period(kubelet, gates)
        quota = milli_cpu_to_quota(cpu_limit.milli_value(), period)
        if not quota:
            why["cpu_quota"] = because("container.cpu-quota.no-limit", ref=_REF)
        elif period == QUOTA_PERIOD:
            why["cpu_quota"] = because("container.cpu-quota.limit", ref=_REF, limit=cpu_limit, period=period)
        else:
            custom = because("cgroup.cpu-period.custom", setting="cpuCFSQuotaPeriod", period=period, gate=gates.decide(CUSTOM_PERIOD_GATE))
            why["cpu_quota"] = because("container.cpu-quota.limit", custom, ref=_REF, limit=cpu_limit, period=period)
        if disable_cpu_quota:
            quota, why["cpu_quota"] = -1, because("container.cpu-quota.exclusive-cpus", ref=_REF, setting="DisableCPUQuotaWithExclusiveCPUs")
    else:
        why["cpu_quota"] = because("container.cpu-quota.cfs-off", ref=_REF, setting="cpuCFSQuota")
    unified = None
    if kubelet.cgroup_version == 2 and not kubelet.single_process_oom_kill:
        unified = {OOM_GROUP: "1"}
        why[OOM_GROUP] = because("container.oom-group", ref=_REF, setting="singleProcessOOMKill")
    return LinuxContainerResources(
        cpu_shares=shares,
        cpu_quota=quota,
        cpu_period=period,
        memory_limit_in_bytes=memory_limit.value(),
        unified=unified,
        why=why,
    )


def hugepage_limits_from_resources(
    limits: ResourceList, sizes: Sequence[int] = DEFAULT_HUGEPAGE_SIZES, pod_limits: ResourceList | None = None
) -> dict[str, int]:
    """GetHugepageLimitsFromResources: every supported page size, 0 unless
    limited; the container's own limit wins over the pod-level one (k/k PR
    131089); limits on unsupported or malformed sizes are dropped."""
    out = {unit: 0 for unit in (hugepage_unit_size(s) for s in sorted(sizes)) if unit is not None}
    for source in (pod_limits or {}, limits):
        for name, quantity in source.items():
            size = hugepage_size_bytes(name)
            unit = hugepage_unit_size(size) if size is not None else None
            if unit in out:
                out[unit] = quantity.value()
    return out


def _pod_hugepage_limits(pod: Pod, gates: FeatureGates) -> ResourceList | None:
    if gates.enabled("PodLevelResources") and is_pod_level_resources_set(pod):
        assert pod.resources is not None
        return pod.resources.lim
    return None


def generate_linux_container_resources(
    pod: Pod,
    container: Container,
    qos: QOSClass,
    kubelet: KubeletConfig,
    gates: FeatureGates,
    *,
    memory_capacity: int,
    node_allocatable_memory: int | None,
    enforce_memory_qos: bool | None = None,
    disable_cpu_quota: bool = False,
    hugepage_sizes: Sequence[int] = DEFAULT_HUGEPAGE_SIZES,
    swap_capacity: int | None = None,
) -> LinuxContainerResources:
    """generateLinuxContainerResources for one container of the kubelet's pod
    (``swap_capacity``: the machine's swap, None when not described)."""
    memory_limit, memory_from_pod = _pod_level_fallback(pod, container, MEMORY, gates)
    cpu_limit, cpu_from_pod = _pod_level_fallback(pod, container, CPU, gates)
    base = calculate_linux_resources(
        container.resources.req.get(CPU), cpu_limit, memory_limit, kubelet, gates, disable_cpu_quota=disable_cpu_quota
    )
    why = dict(base.why)
    if cpu_from_pod and not cpu_limit.is_zero():
        why["cpu_quota"] = because("container.cpu-quota.pod-level", why["cpu_quota"], ref=_GEN_REF)
    why["memory"] = (
        because("container.memory.pod-level", ref=_GEN_REF, limit=memory_limit)
        if memory_from_pod and not memory_limit.is_zero()
        else because("container.memory.limit", ref=_GEN_REF, limit=memory_limit)
    )
    oom, why["oom_score_adj"] = oom_score_explained(pod, container, qos, memory_capacity, gates)
    unified = dict(base.unified) if base.unified is not None else None
    swap = sw.container_swap(
        pod,
        container,
        qos,
        kubelet,
        gates,
        memory_capacity=memory_capacity,
        swap_capacity=swap_capacity,
        memory_limit=base.memory_limit_in_bytes,
    )
    if swap is not None:
        why[sw.SWAP_MAX] = why[sw.MEMSW] = swap.why
        if swap.unified is not None:
            unified = {**(unified or {}), sw.SWAP_MAX: swap.unified}
    if enforce_memory_qos if enforce_memory_qos is not None else mq.enforce_memory_qos(kubelet, gates):
        memory = mq.container_memory_qos(
            pod, container, qos, kubelet, gates, node_allocatable_memory=node_allocatable_memory
        )
        why.update(memory.why)
        if memory.unified:
            unified = {**(unified or {}), **memory.unified}
    elif mq.resets_stale_memory_high(kubelet, gates):
        unified = {**(unified or {}), mq.MEMORY_HIGH: "max"}
        why[mq.MEMORY_HIGH] = because("memory-qos.high.stale-reset", ref=_GEN_REF, setting="MemoryQoS")
    return LinuxContainerResources(
        cpu_shares=base.cpu_shares,
        cpu_quota=base.cpu_quota,
        cpu_period=base.cpu_period,
        memory_limit_in_bytes=base.memory_limit_in_bytes,
        oom_score_adj=oom,
        unified=dict(sorted(unified.items())) if unified is not None else None,
        hugepage_limits=hugepage_limits_from_resources(
            container.resources.lim, hugepage_sizes, _pod_hugepage_limits(pod, gates)
        ),
        memory_swap_limit_in_bytes=swap.memory_swap_limit_in_bytes if swap is not None else 0,
        swap=swap,
        why=why,
    )


def container_resources(
    pod: Pod,
    container: Container,
    qos: QOSClass,
    kubelet: KubeletConfig,
    gates: FeatureGates,
    *,
    memory_capacity: int,
    node_allocatable_memory: int | None,
    disable_cpu_quota: bool = False,
    hugepage_sizes: Sequence[int] = DEFAULT_HUGEPAGE_SIZES,
    swap_capacity: int | None = None,
) -> ContainerResources:
    """The CRI resources of one container and the cgroup files the runtime writes."""
    r = generate_linux_container_resources(
        pod,
        container,
        qos,
        kubelet,
        gates,
        memory_capacity=memory_capacity,
        node_allocatable_memory=node_allocatable_memory,
        disable_cpu_quota=disable_cpu_quota,
        hugepage_sizes=hugepage_sizes,
        swap_capacity=swap_capacity,
    )
    files = container_cgroup_files(
        cpu_shares=r.cpu_shares,
        cpu_quota=r.cpu_quota,
        cpu_period=r.cpu_period,
        memory_limit=r.memory_limit_in_bytes,
        hugepage_limits=r.hugepage_limits,
        unified=r.unified,
        kubelet=kubelet,
        notes=r.why,
        swap=(r.swap.v2, r.swap.v1) if r.swap is not None else None,
    )
    return ContainerResources(
        name=container.name,
        files=files,
        cpu_shares=r.cpu_shares,
        cpu_quota=r.cpu_quota,
        cpu_period=r.cpu_period,
        memory_limit_in_bytes=r.memory_limit_in_bytes,
        oom_score_adj=r.oom_score_adj,
        unified=r.unified,
        hugepage_limits=r.hugepage_limits,
        memory_swap_limit_in_bytes=r.memory_swap_limit_in_bytes,
        swap=r.swap,
        why=r.why,
    )
