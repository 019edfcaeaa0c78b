"""Swap (KEP-2400): each container's swap limit, and the kubelet's start-up checks.

Mirrors, release by release:

- pkg/kubelet/kuberuntime/kuberuntime_container_linux.go
  configureContainerSwapResources, GetContainerSwapBehavior and the
  swapConfigurationHelper (ConfigureNoSwap, ConfigureLimitedSwap,
  configureSwap, calcSwapForBurstablePods) as of the Kubernetes 1.33/1.34 tree, and their unit test
  TestGenerateLinuxContainerResourcesWithSwap of the same tree; pkg/kubelet/util/swap/limit_calculator.go (k/k
  2007aae7fdde) applies the same eligibility;
- the history behind it: 1.22-1.27 (alpha) set only MemorySwapLimitInBytes,
  and only with the gate on (UnlimitedSwap -1, otherwise the memory limit);
  1.28 (k/k PR 118764) writes memory.swap.max through the unified map on
  cgroup v2: 0 with the gate off, the proportional share under LimitedSwap,
  "max" otherwise (UnlimitedSwap, the default then); 1.30 (PR 122745) drops
  UnlimitedSwap and makes NoSwap the default; 1.31 (PR 125277) keeps
  critical pods out of swap;
- the start-up checks: pkg/kubelet/apis/config/validation (swapBehavior
  values; none may be set with NodeSwap off), cmd/kubelet/app/server.go
  (LimitedSwap on cgroup v1 refused since 1.30, PR 123738) and the failSwapOn
  check on /proc/swaps (container_manager_linux.go, later server.go
  validateSwapConfiguration: same text).

The share is ``int64(float64(request) / float64(memoryCapacity) *
float64(swapCapacity))``, computed here with exact binary64 rounding
(kube/float64.py). The swap controller is the kernel's swap file in the
container cgroup (upstream stats it): the kubelet writes nothing without it.
The node description says whether it is there (KubeletConfig.swap_controller),
by default when the machine's swap capacity is described.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.errors import NodeError
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube import float64 as f64
from pod_resources_cli.kube.names import MEMORY
from pod_resources_cli.kube.oom import is_critical_pod
from pod_resources_cli.kube.provenance import Why, because
from pod_resources_cli.kube.qos import QOSClass
from pod_resources_cli.model.node import KubeletConfig
from pod_resources_cli.model.pod import Container, Pod
from pod_resources_cli.quantity import MAX_INT64
from pod_resources_cli.records import dataclass

GATE: Final = "NodeSwap"
SWAP_MAX: Final = "memory.swap.max"  # cm.Cgroup2MaxSwapFilename
MEMSW: Final = "memory.memsw.limit_in_bytes"
NO_SWAP: Final = "NoSwap"
LIMITED_SWAP: Final = "LimitedSwap"
UNLIMITED_SWAP: Final = "UnlimitedSwap"
BETA_MINOR: Final = 28  # memory.swap.max through the unified map; the gate off means no swap
NO_SWAP_MINOR: Final = 30  # NoSwap the default, UnlimitedSwap gone, LimitedSwap refused on v1
CRITICAL_MINOR: Final = 31  # critical pods get no swap
_REF: Final = "pkg/kubelet/kuberuntime/kuberuntime_container_linux.go configureContainerSwapResources"


@dataclass(frozen=True, slots=True)
class ContainerSwap:
    """What the kubelet puts in LinuxContainerResources for swap.

    ``unified`` is memory.swap.max in the unified map (None: not set);
    ``memory_swap_limit_in_bytes`` is the CRI field (0: not set; v1
    memory.memsw.limit_in_bytes, and on v2 the runtime's memory.swap.max =
    it minus the memory limit); ``v2`` and ``v1`` are what the files then hold
    (None: the kernel default, "max")."""

    behavior: str
    why: Why
    unified: str | None = None
    memory_swap_limit_in_bytes: int = 0
    v2: str | None = None
    v1: str | None = None


def controller_available(kubelet: KubeletConfig, swap_capacity: int | None) -> bool:
    """swapControllerAvailable: stated by the node, else present when the machine's swap is described."""
    return kubelet.swap_controller if kubelet.swap_controller is not None else swap_capacity is not None


def node_swap_enabled(gates: FeatureGates) -> bool:
    """The NodeSwap gate (GA and locked on from 1.34 in the feature-gate table;
    setting it off there is refused when the node is loaded)."""
    return gates.enabled(GATE)


def calc_swap_for_burstable(request: int, memory_capacity: int, swap_capacity: int) -> int | None:
    """calcSwapForBurstablePods: None where upstream errs (no node memory, a
    request above it) and the kubelet falls back to no swap."""
    if memory_capacity <= 0 or request > memory_capacity:
        return None
    share = f64.mul(f64.div(f64.round_f64(request), f64.round_f64(memory_capacity)), f64.round_f64(swap_capacity))
    return min(f64.trunc_int64(share), MAX_INT64)


def _no_swap(cgroup_version: int, memory_limit: int, minor: int, why: Why) -> ContainerSwap:
    """ConfigureNoSwap: 0 on cgroup v2; on v1 memory+swap = the memory limit
    (ignored by the runtime when there is no memory limit)."""
    if cgroup_version == 2:
        if minor < BETA_MINOR:  # alpha: only the CRI field; runc writes memsw - memory
            return ContainerSwap(NO_SWAP, why, None, memory_limit, "0" if memory_limit else None)
        return ContainerSwap(NO_SWAP, why, unified="0", v2="0")
    return ContainerSwap(NO_SWAP, why, None, memory_limit, None, str(memory_limit) if memory_limit else None)


def _unlimited(cgroup_version: int, memory_limit: int, minor: int, why: Why) -> ContainerSwap:
    if minor < BETA_MINOR:
        return ContainerSwap(UNLIMITED_SWAP, why, None, -1, "max", "-1")
    if cgroup_version != 2:
        return _no_swap(cgroup_version, memory_limit, minor, because("swap.v1-no-swap", why, ref=_REF))
    return ContainerSwap(UNLIMITED_SWAP, why, unified="max", v2="max")


def container_swap(
    pod: Pod,
    container: Container,
    qos: QOSClass,
    kubelet: KubeletConfig,
    gates: FeatureGates,
    *,
    memory_capacity: int,
    swap_capacity: int | None,
    memory_limit: int,
) -> ContainerSwap | None:
    """configureContainerSwapResources for one container; None without a
    swap controller (no swap file at all).
    ``memory_limit`` is LinuxContainerResources.MemoryLimitInBytes."""
    if not controller_available(kubelet, swap_capacity):
        return None
    minor = gates.version.minor
    on = node_swap_enabled(gates)
    behavior = kubelet.swap_behavior
    v = kubelet.cgroup_version
    if minor < BETA_MINOR:
        if not on:  # alpha: nothing is written, the kernel's unlimited default stays
            return ContainerSwap("", because("swap.alpha.gate-off", ref=_REF, gate=gates.decide(GATE)))
        if behavior == UNLIMITED_SWAP:
            return _unlimited(v, memory_limit, minor, because("swap.alpha.unlimited", ref=_REF))
        return _no_swap(v, memory_limit, minor, because("swap.alpha.memory-limit", ref=_REF, behavior=behavior))
    if not on:
        return _no_swap(v, memory_limit, minor, because("swap.gate-off", ref=_REF, gate=gates.decide(GATE)))
    if behavior != LIMITED_SWAP:
        if minor < NO_SWAP_MINOR:
            return _unlimited(v, memory_limit, minor, because("swap.unlimited", ref=_REF, behavior=behavior))
        return _no_swap(v, memory_limit, minor, because("swap.no-swap", ref=_REF, behavior=behavior))
    if v != 2:
        return _no_swap(v, memory_limit, minor, because("swap.limited.needs-v2", ref=_REF))
    ruled_out = _ruled_out(pod, container, qos, minor)
    if ruled_out is not None:
        return _no_swap(v, memory_limit, minor, because("swap.limited.ruled-out", ruled_out, ref=_REF))
    request = container.resources.req.get(MEMORY)
    req = request.value() if request is not None else 0
    cap = swap_capacity or 0
    share = calc_swap_for_burstable(req, memory_capacity, cap)
    if share is None:
        return _no_swap(v, memory_limit, minor, because("swap.limited.above-node", ref=_REF, request=req, memory=memory_capacity))
    why = because("swap.limited", ref=_REF, request=req, memory=memory_capacity, swap=cap)
    return ContainerSwap(LIMITED_SWAP, why, unified=str(share), v2=str(share))


def _ruled_out(pod: Pod, container: Container, qos: QOSClass, minor: int) -> Why | None:
    """GetContainerSwapBehavior's exclusions under LimitedSwap."""
    if minor >= CRITICAL_MINOR and is_critical_pod(pod):
        return because("swap.excluded.critical")
    if qos is not QOSClass.BURSTABLE:
        return because("swap.excluded.qos", qos=qos.value)
    req, lim = container.resources.req.get(MEMORY), container.resources.lim.get(MEMORY)
    if (req is None or req.is_zero()) and (lim is None or lim.is_zero()):
        return because("swap.excluded.no-memory")
    if (req.nanos if req is not None else 0) == (lim.nanos if lim is not None else 0):  # Cmp == 0
        return because("swap.excluded.request-equals-limit")
    return None



def validate_swap_config(kubelet: KubeletConfig, swap_capacity: int | None, gates: FeatureGates) -> None:
    """Raise NodeError with the kubelet's text for a swap setting it refuses at start."""
    minor = gates.version.minor
    on = node_swap_enabled(gates)
    behavior = kubelet.swap_behavior
    if on:
        allowed = ("", LIMITED_SWAP, NO_SWAP) if minor >= NO_SWAP_MINOR else ("", LIMITED_SWAP, UNLIMITED_SWAP)
        if behavior not in allowed:
            if minor >= NO_SWAP_MINOR:
                choices = f'"", "{LIMITED_SWAP}" or "{NO_SWAP}"'
            else:
                choices = f'"", "{LIMITED_SWAP}", or "{UNLIMITED_SWAP}"'
            raise NodeError(f'invalid configuration: memorySwap.swapBehavior "{behavior}" must be one of: {choices}')
    elif behavior:
        raise NodeError("invalid configuration: memorySwap.swapBehavior cannot be set when NodeSwap feature flag is disabled")
    if on and minor >= NO_SWAP_MINOR and kubelet.cgroup_version != 2 and behavior == LIMITED_SWAP:
        raise NodeError("swap feature is enabled and LimitedSwap but it is only supported with cgroupv2")
    if kubelet.fail_swap_on and swap_capacity:
        raise NodeError(
            "running with swap on is not supported, please disable swap! or set --fail-swap-on flag to false "
            f"(the machine has {swap_capacity} bytes of swap and failSwapOn is true)"
        )
