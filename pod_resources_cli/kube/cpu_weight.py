"""cpu.shares (cgroup v1) -> cpu.weight (cgroup v2), both ways it is done.

Two conversions coexist on a node (fact 5 of the conformance notes):

- the kubelet writes the pod cgroup itself and converts linearly
  (pkg/kubelet/cm/cgroup_manager_linux.go getCPUWeight, k/k afd5df58bd7d):
  ``1 + ((shares - 2) * 9999) / 262142`` -> 1024 shares = weight 39;
- the container runtime writes container cgroups and converts with
  opencontainers/cgroups utils.go ConvertCPUSharesToCgroupV2Value (v0.0.7, used by
  runc >= 1.3.2 and crun >= 1.23): a quadratic in log2(shares) through
  (2, 1), (1024, 100), (262144, 10000). Older runtimes used the linear
  mapping, selected here with ``KubeletConfig.runtime_cpu_weight = "linear"``.

The inverse of the linear mapping (cgroup_v2_manager_linux.go
getCPUSharesFromWeight / CPUSharesEqualAfterV2RoundTrip in helpers_linux.go)
is used when the kubelet reads a pod cgroup back.

The quadratic is evaluated with 50-digit decimals. Its three exact points
(2, 1024, 262144) are powers of two whose exponent is an integer; they are
answered exactly. Over every other share value the result is at least 2e-6
away from an integer, far beyond any binary64 rounding, so the ceiling agrees
with the runtimes' float64 computation.
"""

from __future__ import annotations

from decimal import ROUND_CEILING, Decimal, localcontext
from functools import lru_cache
from typing import Final

from pod_resources_cli.kube.provenance import Why, because

MIN_SHARES: Final = 2
MAX_SHARES: Final = 262144
MAX_WEIGHT: Final = 10000
_SPAN: Final = MAX_SHARES - MIN_SHARES  # 262142


def kubelet_cpu_weight(shares: int) -> int:
    """getCPUWeight: the kubelet's linear map for pod and QoS cgroups."""
    if shares >= MAX_SHARES:
        return MAX_WEIGHT
    return 1 + ((shares - MIN_SHARES) * (MAX_WEIGHT - 1)) // _SPAN


def shares_from_kubelet_weight(weight: int) -> int:
    """getCPUSharesFromWeight: the inverse the kubelet applies on read-back."""
    if weight <= 0:
        return 0
    return MIN_SHARES + ((weight - 1) * _SPAN) // (MAX_WEIGHT - 1)


def cpu_shares_equal_after_v2_roundtrip(allocated: int, readback: int) -> bool:
    """CPUSharesEqualAfterV2RoundTrip: does ``readback`` equal ``allocated``
    after one trip through cpu.weight (50m -> 51 shares -> weight 2 -> 28)?"""
    return shares_from_kubelet_weight(kubelet_cpu_weight(allocated)) == readback


def runtime_linear_cpu_weight(shares: int) -> int:
    """The runtimes' mapping before the quadratic one (same line as the kubelet's)."""
    if shares == 0:
        return 0
    return kubelet_cpu_weight(shares)


def _exact_power_of_ten(shares: int) -> int | None:
    """10**exponent when log2(shares) is an integer k and the exponent
    (k-1)(k+126)/612 is an integer too (shares 2, 1024, 262144)."""
    if shares & (shares - 1):
        return None
    k = shares.bit_length() - 1
    numerator = (k - 1) * (k + 126)
    return 10 ** (numerator // 612) if numerator % 612 == 0 else None


@lru_cache(maxsize=4096)  # a pure function of one integer; a run meets few distinct values
def runtime_quadratic_cpu_weight(shares: int) -> int:
    """ConvertCPUSharesToCgroupV2Value: ceil(10 ** ((l*l + 125*l)/612 - 7/34)), l = log2(shares)."""
    if shares == 0:
        return 0  # unset
    if shares <= MIN_SHARES:
        return 1
    if shares >= MAX_SHARES:
        return MAX_WEIGHT
    exact = _exact_power_of_ten(shares)
    if exact is not None:
        return exact
    with localcontext() as ctx:
        ctx.prec = 50
        log2 = Decimal(shares).ln() / Decimal(2).ln()
        exponent = (log2 * log2 + 125 * log2) / 612 - Decimal(7) / 34
        value = (exponent * Decimal(10).ln()).exp()
        return int(value.to_integral_value(rounding=ROUND_CEILING))


def runtime_cpu_weight(shares: int, mapping: str) -> int:
    """What the container runtime writes to the container's cpu.weight."""
    if mapping == "linear":
        return runtime_linear_cpu_weight(shares)
    return runtime_quadratic_cpu_weight(shares)


KUBELET_REF: Final = "pkg/kubelet/cm/cgroup_manager_linux.go getCPUWeight"
RUNTIME_REF: Final = "opencontainers/cgroups utils.go ConvertCPUSharesToCgroupV2Value"


def kubelet_cpu_weight_why(shares: int) -> Why:
    """The provenance of kubelet_cpu_weight(shares)."""
    return because("cgroup.cpu-weight.kubelet-linear", ref=KUBELET_REF, shares=shares)


def runtime_cpu_weight_why(shares: int, mapping: str) -> Why:
    """The provenance of runtime_cpu_weight(shares, mapping)."""
    if mapping == "linear":
        return because("cgroup.cpu-weight.runtime-linear", ref=RUNTIME_REF, shares=shares)
    return because("cgroup.cpu-weight.runtime-quadratic", ref=RUNTIME_REF, shares=shares)
