"""cgroup/upstream-functions.json: the number-in/number-out helpers.

Each case names the upstream function it came from; this maps the name to
ours. GetHugepageLimitsFromResources lists every page size of the machine;
the upstream test (and so the case) names only the sizes it checks, so those
are compared and every other size must be 0. calculateLinuxResources runs
with the case's cgroup version, singleProcessOOMKill and CFS settings.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.cgroup import (
    hugepage_limits,
    milli_cpu_to_quota,
    milli_cpu_to_shares,
    quota_to_milli_cpu,
    shares_to_milli_cpu,
)
from pod_resources_cli.kube.container_resources import calculate_linux_resources, hugepage_limits_from_resources
from pod_resources_cli.kube.cpu_weight import cpu_shares_equal_after_v2_roundtrip
from pod_resources_cli.model.decode.node.kubelet_config import parse_duration_us
from pod_resources_cli.model.node import KubeletConfig
from pod_resources_cli.quantity import Quantity
from tests.support import case, case_params

SUITE = "cgroup/upstream-functions.json"


def _quantities(mapping: dict[str, str]) -> dict[str, Quantity]:
    return {name: Quantity.parse(value) for name, value in mapping.items()}


def _calculate(args: dict[str, Any]) -> dict[str, Any]:
    kubelet = KubeletConfig(
        cgroup_version=int(args["cgroupVersion"].lstrip("v")),
        single_process_oom_kill=args["singleProcessOOMKill"],
        cpu_cfs_quota=args["cpuCFSQuota"],
        cpu_cfs_quota_period_us=parse_duration_us(args["cpuCFSQuotaPeriod"]) or 0,
    )
    request = Quantity.parse(args["cpuRequest"]) if args["cpuRequest"] is not None else None
    got = calculate_linux_resources(
        request, Quantity.parse(args["cpuLimit"]), Quantity.parse(args["memoryLimit"]), kubelet, FeatureGates()
    )
    return {
        "cpuPeriod": got.cpu_period,
        "cpuQuota": got.cpu_quota,
        "cpuShares": got.cpu_shares,
        "memoryLimitInBytes": got.memory_limit_in_bytes,
        "unified": dict(got.unified) if got.unified is not None else None,
    }


def _hugepages_from_resources(args: dict[str, Any]) -> dict[str, Any]:
    return {"hugepageLimits": hugepage_limits_from_resources(_quantities(args["limits"]))}


FUNCTIONS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "MilliCPUToQuota": lambda a: {"quota": milli_cpu_to_quota(a["milliCPU"], a["period"])},
    "MilliCPUToShares": lambda a: {"shares": milli_cpu_to_shares(a["milliCPU"])},
    "SharesToMilliCPU": lambda a: {"milliCPU": shares_to_milli_cpu(a["shares"])},
    "SharesToMilliCPU(MilliCPUToShares(x))": lambda a: {
        "milliCPU": shares_to_milli_cpu(milli_cpu_to_shares(a["milliCPU"]))
    },
    "QuotaToMilliCPU": lambda a: {"milliCPU": quota_to_milli_cpu(a["quota"], a["period"])},
    "CPUSharesEqualAfterV2RoundTrip": lambda a: {
        "equal": cpu_shares_equal_after_v2_roundtrip(a["allocatedShares"], a["readbackShares"])
    },
    "HugePageLimits": lambda a: {
        "hugePageLimits": {str(k): v for k, v in hugepage_limits(_quantities(a["resourceList"])).items()}
    },
    "kubeGenericRuntimeManager.calculateLinuxResources": _calculate,
    "GetHugepageLimitsFromResources": _hugepages_from_resources,
}


@pytest.mark.parametrize(("suite", "index"), case_params(SUITE))
def test_function(suite: str, index: int) -> None:
    c = case(suite, index)
    got = FUNCTIONS[c["function"]](c["args"])
    want = c["expect"]
    if c["function"] == "GetHugepageLimitsFromResources":
        named = want["hugepageLimits"]
        assert {k: got["hugepageLimits"][k] for k in named} == named
        assert all(v == 0 for k, v in got["hugepageLimits"].items() if k not in named)
        return
    assert got == want


def test_every_function_is_mapped() -> None:
    from tests.support import load_suite

    assert {c["function"] for c in load_suite(SUITE)} <= set(FUNCTIONS)
