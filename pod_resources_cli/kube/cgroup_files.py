"""Cgroup values -> the files as the kernel shows them, v2 and v1.

The pod cgroup is written by the kubelet (pkg/kubelet/cm/cgroup_manager_linux.go
toResources / maybeSetHugetlb and cgroup_v2_manager_linux.go, k/k
afd5df58bd7d), container cgroups by the runtime from the CRI
LinuxContainerResources (opencontainers/cgroups v0.0.7 fs2: cpu.max,
memory.max, hugetlb.<size>.max, the unified map as files). A value that is
not set leaves the kernel default, which is what the file then shows:
``cpu.max`` "max 100000", ``memory.max`` "max", ``cpu.cfs_quota_us`` -1.

Every hugepage size the machine supports gets a hugetlb file, 0 unless the
pod or container asked for pages of that size (the kubelet and the runtime
both "limit to 0" the sizes not requested).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Final, TypeVar

from pod_resources_cli.kube.cgroup import QUOTA_PERIOD, ResourceConfig
from pod_resources_cli.kube.cpu_weight import (
    kubelet_cpu_weight,
    kubelet_cpu_weight_why,
    runtime_cpu_weight,
    runtime_cpu_weight_why,
)
from pod_resources_cli.kube.provenance import Why, because
from pod_resources_cli.model.node import KubeletConfig, MachineTopology
from pod_resources_cli.records import dataclass

MI: Final = 1 << 20
GI: Final = 1 << 30
# x86-64 (2MB and 1GB pages); a machine description that lists hugepages replaces it.
DEFAULT_HUGEPAGE_SIZES: Final = (2 * MI, GI)
_UNITS: Final = ("B", "KB", "MB", "GB", "TB", "PB")
_V = TypeVar("_V")


@dataclass(frozen=True, slots=True)
class CgroupFiles:
    """File name -> content, for cgroup v2 and v1, and the rule behind each."""

    v2: dict[str, str]
    v1: dict[str, str]
    why: dict[str, Why]


@lru_cache(maxsize=256)  # every pod asks for the machine's few page sizes
def hugepage_unit_size(size: int) -> str | None:
    """HugePageUnitSizeFromByteSize: 2097152 -> "2MB", 1073741824 -> "1GB";
    None for a size that does not divide into its largest unit (2000000)."""
    value, unit = size, 0
    while value % 1024 == 0 and unit < len(_UNITS) - 1:
        value //= 1024
        unit += 1
    if value > 1024 and unit < len(_UNITS) - 1:
        return None
    return f"{value}{_UNITS[unit]}"


def machine_hugepage_sizes(topology: MachineTopology | None) -> tuple[int, ...]:
    """The page sizes the machine reports, or the x86-64 pair when it lists none."""
    sizes = sorted({size for node in (topology.numa_nodes if topology else ()) for size in node.hugepages})
    return tuple(sizes) if sizes else DEFAULT_HUGEPAGE_SIZES


def v1_unlimited_memory(page_size: int) -> str:
    """memory.limit_in_bytes when unlimited: PAGE_COUNTER_MAX pages."""
    return str((2**63 - 1) // page_size * page_size)


def cpu_max(quota: int | None, period: int | None) -> str:
    """cpu.max: quota ("max" when unset or -1) and period (default 100000)."""
    head = str(quota) if quota is not None and quota > 0 else "max"
    return f"{head} {period if period else QUOTA_PERIOD}"


_NO_QUOTA: Final = because("cgroup.cpu-max.kernel-default")
_NO_MEMORY_LIMIT: Final = because("cgroup.memory-max.kernel-default")
# the rules without inputs, made once (a Why is a value: every pod's report may share it)
_POD_CPU_REQUEST: Final = because("cgroup.pod-cpu-request")
_POD_MEMORY_LIMIT: Final = because("cgroup.pod-memory-limit")
_CONTAINER_CPU_LIMIT: Final = because("cgroup.container-cpu-limit")
_CONTAINER_CPU_REQUEST: Final = because("cgroup.container-cpu-request")
_CONTAINER_MEMORY_LIMIT: Final = because("cgroup.container-memory-limit")
_UNIFIED: Final = because("cgroup.unified")
_HUGETLB_ZERO: Final = because("cgroup.hugetlb.zero")
_HUGETLB_LIMIT: Final = {who: because("cgroup.hugetlb.limit", cgroup=who) for who in ("pod", "container")}


def _hugetlb(limits: Mapping[str, int], v2: dict[str, str], v1: dict[str, str], why: dict[str, Why], who: str) -> None:
    for unit, value in limits.items():
        v2[f"hugetlb.{unit}.max"] = str(value)
        v1[f"hugetlb.{unit}.limit_in_bytes"] = str(value)
        why[f"hugetlb.{unit}.max"] = (_HUGETLB_LIMIT.get(who) or because("cgroup.hugetlb.limit", cgroup=who)) if value else _HUGETLB_ZERO


def pod_hugetlb_limits(limits: Mapping[int, int], sizes: Iterable[int]) -> dict[str, int]:
    """maybeSetHugetlb: the pod's limits by page size name, every other
    supported size limited to 0."""
    out: dict[str, int] = {}
    for size in sorted(set(sizes) | set(limits)):
        unit = hugepage_unit_size(size)
        if unit is not None:
            out[unit] = limits.get(size, 0)
    return out


def pod_cgroup_files(
    config: ResourceConfig, kubelet: KubeletConfig, *, hugepage_sizes: Sequence[int] = DEFAULT_HUGEPAGE_SIZES
) -> CgroupFiles:
    """The pod cgroup as the kubelet's cgroup manager writes it."""
    v2: dict[str, str] = {}
    v1: dict[str, str] = {}
    why: dict[str, Why] = {}
    shares = config.cpu_shares
    if shares is not None:
        v2["cpu.weight"] = str(kubelet_cpu_weight(shares))
        why["cpu.weight"] = kubelet_cpu_weight_why(shares)
        v1["cpu.shares"] = str(shares)
        why["cpu.shares"] = config.why.get("cpu_shares", _POD_CPU_REQUEST)
    v2["cpu.max"] = cpu_max(config.cpu_quota, config.cpu_period)
    why["cpu.max"] = config.why.get("cpu_quota", _NO_QUOTA) if config.cpu_quota is not None else _NO_QUOTA
    v1["cpu.cfs_quota_us"] = str(config.cpu_quota if config.cpu_quota else -1)
    v1["cpu.cfs_period_us"] = str(config.cpu_period or QUOTA_PERIOD)
    memory = config.memory
    v2["memory.max"] = str(memory) if memory else "max"
    v1["memory.limit_in_bytes"] = str(memory) if memory else v1_unlimited_memory(kubelet.page_size)
    why["memory.max"] = config.why.get("memory", _POD_MEMORY_LIMIT) if memory else _NO_MEMORY_LIMIT
    _hugetlb(pod_hugetlb_limits(config.hugepage_limits, hugepage_sizes), v2, v1, why, "pod")
    if config.pids_limit is not None:
        v2["pids.max"] = v1["pids.max"] = str(config.pids_limit)
        why["pids.max"] = config.why.get("pids_limit", because("cgroup.pids.pod-pids-limit", setting="podPidsLimit"))
    for key, value in sorted((config.unified or {}).items()):
        v2[key] = value
        why[key] = config.why.get(key, _UNIFIED)
    return CgroupFiles(_sorted(v2), _sorted(v1), _sorted(why))


def container_cgroup_files(
    *,
    cpu_shares: int,
    cpu_quota: int,
    cpu_period: int,
    memory_limit: int,
    hugepage_limits: Mapping[str, int],
    unified: Mapping[str, str] | None,
    kubelet: KubeletConfig,
    notes: Mapping[str, Why] | None = None,
    swap: tuple[str | None, str | None] | None = None,
) -> CgroupFiles:
    """A container cgroup as the runtime writes it from LinuxContainerResources
    (0 = unset for quota, period and memory; hugepage limits by page size name,
    every size the machine supports present). ``swap``: (v2 memory.swap.max,
    v1 memory.memsw.limit_in_bytes), None each for the kernel default; None
    when the cgroup has no swap file (kube/swap.py)."""
    notes = notes or {}
    mapping = kubelet.runtime_cpu_weight
    v2 = {"cpu.weight": str(runtime_cpu_weight(cpu_shares, mapping)), "cpu.max": cpu_max(cpu_quota, cpu_period)}
    why = {
        "cpu.weight": runtime_cpu_weight_why(cpu_shares, mapping),
        "cpu.max": notes.get("cpu_quota", _CONTAINER_CPU_LIMIT),
    }
    v1 = {
        "cpu.shares": str(cpu_shares),
        "cpu.cfs_quota_us": str(cpu_quota if cpu_quota else -1),
        "cpu.cfs_period_us": str(cpu_period or QUOTA_PERIOD),
    }
    why["cpu.shares"] = notes.get("cpu_shares", _CONTAINER_CPU_REQUEST)
    v2["memory.max"] = str(memory_limit) if memory_limit else "max"
    v1["memory.limit_in_bytes"] = str(memory_limit) if memory_limit else v1_unlimited_memory(kubelet.page_size)
    why["memory.max"] = notes.get("memory", _CONTAINER_MEMORY_LIMIT) if memory_limit else _NO_MEMORY_LIMIT
    _hugetlb(hugepage_limits, v2, v1, why, "container")
    if swap is not None:
        _swap_files(swap, v2, v1, why, notes, kubelet.page_size)
    for key, value in sorted((unified or {}).items()):
        v2[key] = value
        why[key] = notes.get(key, _UNIFIED)
    return CgroupFiles(_sorted(v2), _sorted(v1), _sorted(why))


def _swap_files(
    swap: tuple[str | None, str | None], v2: dict[str, str], v1: dict[str, str], why: dict[str, Why], notes: Mapping[str, Why], page_size: int
) -> None:
    """memory.swap.max (v2) and memory.memsw.limit_in_bytes (v1); unset, the
    kernel's "max" (v1: PAGE_COUNTER_MAX pages, as -1 shows)."""
    swap_v2, swap_v1 = swap
    v2["memory.swap.max"] = swap_v2 if swap_v2 is not None else "max"
    v1["memory.memsw.limit_in_bytes"] = v1_unlimited_memory(page_size) if swap_v1 is None or swap_v1 == "-1" else swap_v1
    for name, value in (("memory.swap.max", swap_v2), ("memory.memsw.limit_in_bytes", swap_v1)):
        note = notes.get(name)
        if value is None or value == "-1":
            why[name] = because("cgroup.swap.kernel-default", *(() if note is None else (note,)))
        elif note is not None:
            why[name] = note


def _sorted(files: Mapping[str, _V]) -> dict[str, _V]:
    return dict(sorted(files.items()))
