"""Swap (KEP-2400): each container's swap limit, release by release, and the
kubelet's swap start-up checks (kube/swap.py).

The tables are upstream's: pkg/kubelet/util/swap/swap_util_test.go
TestCalcSwapForBurstablePods, limit_calculator_test.go and
kuberuntime_container_linux_test.go TestGenerateLinuxContainerResourcesWithSwap
(a 1.33 tree: the NodeSwap gate can still be set there).
"""

from __future__ import annotations

from typing import Any

import pytest

from pod_resources_cli.errors import NodeError
from pod_resources_cli.features import FeatureGates, KubernetesVersion
from pod_resources_cli.kube.container_resources import container_resources, generate_linux_container_resources
from pod_resources_cli.kube.qos import QOSClass, compute_pod_qos
from pod_resources_cli.kube.swap import calc_swap_for_burstable, container_swap, validate_swap_config
from pod_resources_cli.model.node import KubeletConfig
from pod_resources_cli.model.pod import Pod
from pod_resources_cli.records import replace
from pod_resources_cli.why_words import words
from tests.support import pod_of

GB = 1024**3


def gates(minor: int, **explicit: bool) -> FeatureGates:
    return FeatureGates(KubernetesVersion(1, minor), explicit)


# --- calcSwapForBurstablePods: swap_util_test.go, limit_calculator_test.go -----------------


@pytest.mark.parametrize(
    ("request_", "memory", "swap", "expected"),
    [
        (1 * GB, 80 * GB, 4 * GB, 53687091),
        (2 * GB, 40 * GB, 2 * GB, 107374182),
        (5 * GB, 150 * GB, 40 * GB, 1431655765),
        # limit_calculator_test: int64((float64(5Gi) / float64(512Gi)) * float64(8Gi))
        (5 * GB, 512 * GB, 8 * GB, 83886080),
        # float64 rounds before the truncation: 7/10 is 0.69999..., times 90 is 62.99..., so 62 (not 63)
        (7, 10, 90, 62),
        (0, 40 * GB, 5 * GB, 0),
    ],
)
def test_calc_swap_for_burstable_pods(request_: int, memory: int, swap: int, expected: int) -> None:
    assert calc_swap_for_burstable(request_, memory, swap) == expected


def test_calc_swap_refuses_what_upstream_refuses() -> None:
    assert calc_swap_for_burstable(1, 0, GB) is None  # "total node memory is 0"
    assert calc_swap_for_burstable(2 * GB, GB, GB) is None  # request larger than node memory


# --- TestGenerateLinuxContainerResourcesWithSwap ---------------------------------------------

MEMORY_CAPACITY = 42949672960  # 40Gi
SWAP_CAPACITY = 5368709120  # 5Gi


def _two_container_pod(qos: str, *, without_requests: bool = False, guaranteed_c2: bool = False, critical: bool = False) -> Pod:
    if qos == "Burstable":
        r1: dict[str, Any] = {"requests": {"memory": "1Gi"}}
        r2: dict[str, Any] = {} if without_requests else {"requests": {"memory": "2Gi"}}
        if guaranteed_c2 and not without_requests:
            r2["limits"] = {"memory": "2Gi"}
    elif qos == "Guaranteed":
        r1 = {"requests": {"memory": "1Gi", "cpu": "1"}, "limits": {"memory": "1Gi", "cpu": "1"}}
        r2 = {"requests": {"memory": "2Gi", "cpu": "1"}, "limits": {"memory": "2Gi", "cpu": "1"}}
    else:
        r1 = r2 = {}
    spec: dict[str, Any] = {"containers": [{"name": "c1", "resources": r1}, {"name": "c2", "resources": r2}]}
    if critical:
        spec["priority"] = 2000000000  # scheduling.SystemCriticalPriority
    return pod_of({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "foo", "namespace": "bar"}, "spec": spec})


# name, cgroup version, QoS, swap controller, NodeSwap, swapBehavior, no requests in c2, guaranteed c2, critical
CASES = [
    ("cgroups v1, LimitedSwap, Burstable QoS", 1, "Burstable", True, True, "LimitedSwap", False, False, False),
    ("cgroups v1, LimitedSwap, Best-effort QoS", 1, "BestEffort", True, True, "LimitedSwap", False, False, False),
    ("NodeSwap feature gate turned off, cgroups v2, LimitedSwap", 2, "Burstable", True, False, "LimitedSwap", False, False, False),
    ("With no swapBehavior - NoSwap should be the default", 2, "BestEffort", True, True, "", False, False, False),
    ("Best-effort QoS, cgroups v2, NoSwap", 2, "BestEffort", True, True, "NoSwap", False, False, False),
    ("Best-effort QoS, cgroups v2, LimitedSwap", 2, "Burstable", True, True, "LimitedSwap", False, False, False),
    ("Guaranteed QoS, cgroups v2, LimitedSwap", 2, "Guaranteed", True, True, "LimitedSwap", False, False, False),
    ("Burstable QoS, cgroups v2, LimitedSwap, with a guaranteed container", 2, "Burstable", True, True, "LimitedSwap", False, True, False),
    ("Burstable QoS, cgroups v2, LimitedSwap", 2, "Burstable", True, True, "LimitedSwap", False, False, False),
    ("Burstable QoS, cgroups v2, LimitedSwap, with a container with no requests", 2, "Burstable", True, True, "LimitedSwap", True, False, False),
    ("Swap disabled on node, cgroups v1, LimitedSwap, Burstable QoS", 1, "Burstable", False, True, "LimitedSwap", False, False, False),
    ("Swap disabled on node, cgroups v1, LimitedSwap, Best-effort QoS", 1, "BestEffort", False, True, "LimitedSwap", False, False, False),
    ("Swap disabled on node, NodeSwap feature gate turned off, cgroups v2, LimitedSwap", 2, "Burstable", False, False, "LimitedSwap", False, False, False),
    ("Swap disabled on node, With no swapBehavior - NoSwap should be the default", 2, "BestEffort", False, True, "", False, False, False),
    ("Swap disabled on node, Best-effort QoS, cgroups v2, LimitedSwap", 2, "Burstable", False, True, "LimitedSwap", False, False, False),
    ("Swap disabled on node, Guaranteed QoS, cgroups v2, LimitedSwap", 2, "Guaranteed", False, True, "LimitedSwap", False, False, False),
    ("Swap disabled on node, Burstable QoS, cgroups v2, LimitedSwap, with a guaranteed container", 2, "Burstable", False, True, "LimitedSwap", False, True, False),
    ("Swap disabled on node, Burstable QoS, cgroups v2, LimitedSwap", 2, "Burstable", False, True, "LimitedSwap", False, False, False),
    ("Swap disabled on node, Burstable QoS, cgroups v2, LimitedSwap, with a container with no requests", 2, "Burstable", False, True, "LimitedSwap", True, False, False),
    ("Best-effort QoS, cgroups v2, LimitedSwap, critical pod", 2, "Burstable", True, True, "LimitedSwap", False, False, True),
]


@pytest.mark.parametrize(
    ("name", "cgroup", "qos", "controller", "gate", "behavior", "no_requests", "guaranteed_c2", "critical"), CASES, ids=[c[0] for c in CASES]
)
def test_generate_linux_container_resources_with_swap(
    name: str, cgroup: int, qos: str, controller: bool, gate: bool, behavior: str, no_requests: bool, guaranteed_c2: bool, critical: bool
) -> None:
    g = gates(33, NodeSwap=gate)
    pod = _two_container_pod(qos, without_requests=no_requests, guaranteed_c2=guaranteed_c2, critical=critical)
    qos_class = compute_pod_qos(pod, g).qos_class
    kubelet = KubeletConfig(cgroup_version=cgroup, swap_behavior=behavior, swap_controller=controller)
    got = [
        generate_linux_container_resources(
            pod, c, qos_class, kubelet, g, memory_capacity=MEMORY_CAPACITY, node_allocatable_memory=None, swap_capacity=SWAP_CAPACITY
        )
        for c in pod.containers
    ]
    if not controller:  # expectSwapDisabled
        for r in got:
            assert r.memory_swap_limit_in_bytes == 0 and "memory.swap.max" not in (r.unified or {})
        return
    if critical or not gate or cgroup == 1 or behavior in ("", "NoSwap") or qos != "Burstable":  # expectNoSwap
        for r in got:
            if cgroup == 1:
                assert r.memory_swap_limit_in_bytes == r.memory_limit_in_bytes
            else:
                assert (r.unified or {})["memory.swap.max"] == "0"
        return
    c1 = calc_swap_for_burstable(GB, MEMORY_CAPACITY, SWAP_CAPACITY)
    c2 = calc_swap_for_burstable(2 * GB, MEMORY_CAPACITY, SWAP_CAPACITY) if not (no_requests or guaranteed_c2) else 0
    assert [(r.unified or {})["memory.swap.max"] for r in got] == [str(c1), str(c2)]
    assert c1 == 134217728


# --- the releases before: 1.27 alpha, 1.28 beta, 1.30 NoSwap, 1.31 critical pods ----------


def _swap(minor: int, behavior: str = "", cgroup: int = 2, critical: bool = False, memory: dict[str, Any] | None = None, **explicit: bool) -> tuple[str | None, int, str | None]:
    resources = memory if memory is not None else {"requests": {"memory": "1Gi"}, "limits": {"memory": "2Gi"}}
    spec: dict[str, Any] = {"containers": [{"name": "c", "resources": resources}]}
    if critical:
        spec["priority"] = 2000001000
    pod = pod_of({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": spec})
    g = gates(minor, **explicit)
    kubelet = KubeletConfig(cgroup_version=cgroup, swap_behavior=behavior)
    limit = pod.containers[0].resources.lim["memory"].value() if "limits" in resources else 0
    s = container_swap(
        pod, pod.containers[0], compute_pod_qos(pod, g).qos_class, kubelet, g,
        memory_capacity=MEMORY_CAPACITY, swap_capacity=SWAP_CAPACITY, memory_limit=limit,
    )
    assert s is not None
    return s.unified, s.memory_swap_limit_in_bytes, s.v2


def test_alpha_sets_only_the_cri_field_and_only_with_the_gate() -> None:
    pod = _two_container_pod("Burstable")
    kubelet = KubeletConfig(swap_behavior="UnlimitedSwap", swap_controller=True)
    off = container_swap(pod, pod.containers[0], QOSClass.BURSTABLE, kubelet, gates(27), memory_capacity=GB, swap_capacity=GB, memory_limit=0)
    assert off is not None and (off.unified, off.memory_swap_limit_in_bytes, off.v2, off.v1) == (None, 0, None, None)  # 1.27, gate off: nothing written
    assert _swap(27, "UnlimitedSwap", NodeSwap=True) == (None, -1, "max")
    assert _swap(27, "LimitedSwap", NodeSwap=True) == (None, 2 * GB, "0")  # memsw = the memory limit
    assert _swap(27, "", NodeSwap=True, memory={"requests": {"memory": "1Gi"}}) == (None, 0, None)  # no limit: ignored


def test_beta_writes_memory_swap_max_and_defaults_to_unlimited_until_1_30() -> None:
    assert _swap(28) == ("0", 0, "0")  # gate off (the 1.28 default): no swap
    assert _swap(29, NodeSwap=True) == ("max", 0, "max")  # "" meant UnlimitedSwap
    assert _swap(29, "UnlimitedSwap", NodeSwap=True) == ("max", 0, "max")
    assert _swap(29, "UnlimitedSwap", cgroup=1, NodeSwap=True) == (None, 2 * GB, None)  # v1: memsw = limit
    assert _swap(30) == ("0", 0, "0")  # the gate is on, "" is NoSwap
    assert _swap(30, "LimitedSwap") == ("134217728", 0, "134217728")


def test_critical_pods_lose_swap_from_1_31() -> None:
    assert _swap(30, "LimitedSwap", critical=True) == ("134217728", 0, "134217728")
    assert _swap(31, "LimitedSwap", critical=True) == ("0", 0, "0")


def test_static_pods_are_critical_whatever_their_priority() -> None:
    pod = pod_of(
        {
            "apiVersion": "v1",
            "kind": "Pod",
            "metadata": {"name": "s", "annotations": {"kubernetes.io/config.source": "file"}},
            "spec": {"containers": [{"name": "c", "resources": {"requests": {"memory": "1Gi"}}}]},
        }
    )
    kubelet = KubeletConfig(swap_behavior="LimitedSwap", swap_controller=True)
    got = {
        minor: container_swap(
            pod, pod.containers[0], QOSClass.BURSTABLE, kubelet, gates(minor),
            memory_capacity=MEMORY_CAPACITY, swap_capacity=SWAP_CAPACITY, memory_limit=0,
        )
        for minor in (30, 31)
    }
    assert got[30] is not None and got[30].unified == "134217728"
    assert got[31] is not None and got[31].unified == "0" and "critical pod" in words(got[31].why)


def test_ga_gate_is_on_whatever_is_asked() -> None:
    # From 1.34 NodeSwap is locked on: LimitedSwap applies.
    assert _swap(34, "LimitedSwap") == ("134217728", 0, "134217728")
    assert _swap(37, "LimitedSwap") == ("134217728", 0, "134217728")


def test_files_and_why() -> None:
    pod = _two_container_pod("Burstable", guaranteed_c2=True)
    g = gates(37)
    kubelet = KubeletConfig(swap_behavior="LimitedSwap", swap_controller=True)
    c1, c2 = (
        container_resources(pod, c, QOSClass.BURSTABLE, kubelet, g, memory_capacity=MEMORY_CAPACITY, node_allocatable_memory=None, swap_capacity=SWAP_CAPACITY)
        for c in pod.containers
    )
    assert c1.files.v2["memory.swap.max"] == "134217728"
    assert words(c1.files.why["memory.swap.max"]) == "LimitedSwap: memory request 1073741824 / node memory 42949672960 * swap 5368709120 (float64, truncated)"
    assert (c2.files.v2["memory.swap.max"], words(c2.files.why["memory.swap.max"])) == ("0", "LimitedSwap, memory request equals limit: no swap")
    v1 = container_resources(
        pod, pod.containers[1], QOSClass.BURSTABLE, replace(kubelet, cgroup_version=1, swap_behavior=""), g,
        memory_capacity=MEMORY_CAPACITY, node_allocatable_memory=None, swap_capacity=SWAP_CAPACITY,
    )
    assert v1.files.v1["memory.memsw.limit_in_bytes"] == str(2 * GB) == v1.files.v1["memory.limit_in_bytes"]
    # No swap described, no swapController: no swap file at all.
    none = container_resources(pod, pod.containers[0], QOSClass.BURSTABLE, KubeletConfig(), g, memory_capacity=MEMORY_CAPACITY, node_allocatable_memory=None)
    assert "memory.swap.max" not in none.files.v2 and "memory.memsw.limit_in_bytes" not in none.files.v1


# --- start-up: validation.go, server.go, failSwapOn ------------------------------------------


@pytest.mark.parametrize(
    ("minor", "explicit", "kubelet", "swap", "error"),
    [
        (37, {}, KubeletConfig(swap_behavior="UnlimitedSwap"), 0, 'invalid configuration: memorySwap.swapBehavior "UnlimitedSwap" must be one of: "", "LimitedSwap" or "NoSwap"'),
        (29, {"NodeSwap": True}, KubeletConfig(swap_behavior="NoSwap"), 0, 'invalid configuration: memorySwap.swapBehavior "NoSwap" must be one of: "", "LimitedSwap", or "UnlimitedSwap"'),
        (29, {}, KubeletConfig(swap_behavior="LimitedSwap"), 0, "invalid configuration: memorySwap.swapBehavior cannot be set when NodeSwap feature flag is disabled"),
        (33, {"NodeSwap": False}, KubeletConfig(swap_behavior="NoSwap"), 0, "invalid configuration: memorySwap.swapBehavior cannot be set when NodeSwap feature flag is disabled"),
        (30, {}, KubeletConfig(swap_behavior="LimitedSwap", cgroup_version=1), 0, "swap feature is enabled and LimitedSwap but it is only supported with cgroupv2"),
        (37, {}, KubeletConfig(), GB, "running with swap on is not supported, please disable swap! or set --fail-swap-on flag to false"),
    ],
)
def test_the_kubelet_refuses(minor: int, explicit: dict[str, bool], kubelet: KubeletConfig, swap: int, error: str) -> None:
    with pytest.raises(NodeError) as exc:
        validate_swap_config(kubelet, swap, gates(minor, **explicit))
    assert exc.value.message.startswith(error)


@pytest.mark.parametrize(
    ("minor", "explicit", "kubelet", "swap"),
    [
        (37, {}, KubeletConfig(), 0),  # failSwapOn with no swap on the machine
        (37, {}, KubeletConfig(), None),  # swap not described
        (37, {}, KubeletConfig(fail_swap_on=False, swap_behavior="LimitedSwap"), GB),
        (29, {"NodeSwap": True}, KubeletConfig(fail_swap_on=False, swap_behavior="UnlimitedSwap"), GB),
        (29, {"NodeSwap": True}, KubeletConfig(fail_swap_on=False, swap_behavior="LimitedSwap", cgroup_version=1), GB),  # only logged then
        (27, {}, KubeletConfig(fail_swap_on=False), GB),
    ],
)
def test_the_kubelet_starts(minor: int, explicit: dict[str, bool], kubelet: KubeletConfig, swap: int | None) -> None:
    validate_swap_config(kubelet, swap, gates(minor, **explicit))
