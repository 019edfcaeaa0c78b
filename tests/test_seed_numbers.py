"""The worked numbers of the source documents, as the code computes them.

KEP-2837 (seed 000): the OOM score tables on a 1000Gi node and the
"Comprehensive Tabular View" cgroup rows. KEP-2570 (seed 003): the
memory.high tables (1Mi pages) and the per-QoS cases. Where the code
differs from a document (fact 1: a Burstable container without a memory
request scores 999, not the 1000 the KEP table shows) the test says so.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from pod_resources_cli.features import LATEST, FeatureGates
from pod_resources_cli.kube import memory_qos as mq
from pod_resources_cli.kube.cgroup import resource_config_for_pod
from pod_resources_cli.kube.cgroup_files import pod_cgroup_files
from pod_resources_cli.kube.container_resources import container_resources
from pod_resources_cli.kube.cpu_weight import kubelet_cpu_weight, runtime_quadratic_cpu_weight
from pod_resources_cli.kube.oom import container_oom_score_adjust
from pod_resources_cli.kube.pod_create import create_pod
from pod_resources_cli.kube.qos import compute_pod_qos
from pod_resources_cli.model.node import KubeletConfig
from pod_resources_cli.model.pod import Pod
from tests.support import pod_of

GI = 2**30
MI = 2**20
NODE_1000GI = 1000 * GI
GATES = FeatureGates(LATEST, {"PodLevelResources": True})
MQOS = FeatureGates(LATEST, {"PodLevelResources": True, "MemoryQoS": True})


def _pod(containers: list[dict[str, Any]], resources: dict[str, Any] | None = None) -> Pod:
    spec: dict[str, Any] = {"containers": [{"name": f"container-{i + 1}", **c} for i, c in enumerate(containers)]}
    if resources is not None:
        spec["resources"] = resources
    return create_pod(pod_of({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": spec}), GATES).pod


def _scores(pod: Pod, capacity: int = NODE_1000GI) -> list[int]:
    qos = compute_pod_qos(pod, GATES).qos_class
    return [container_oom_score_adjust(pod, c, qos, capacity, GATES) for c in pod.containers]


def _mem(request: str | None = None) -> dict[str, Any]:
    return {"resources": {"requests": {"memory": request}}} if request else {}


def test_kep2837_oom_example1_pod_request_only() -> None:
    # Pod 1: nothing anywhere (BestEffort); Pod 2: pod request 180Gi, none on containers.
    assert _scores(_pod([{}, {}, {}])) == [1000, 1000, 1000]
    assert _scores(_pod([{}, {}, {}], {"requests": {"memory": "180Gi"}})) == [940, 940, 940]


def test_kep2837_oom_example2_mixed_requests() -> None:
    containers = [_mem("50Gi"), _mem("100Gi"), {}]
    # The KEP's "current formula" row says 1000 for container 3; the code gives 999 (fact 1).
    assert _scores(_pod(containers)) == [950, 900, 999]
    assert _scores(_pod(containers, {"requests": {"memory": "180Gi"}})) == [940, 890, 990]


def test_kep2837_row7_pod_limit_reaches_containers() -> None:
    """Row 7 [c]: the pod-level limit becomes each container's cgroup maximum."""
    pod = _pod(
        [{"resources": {"requests": {"cpu": "500m", "memory": "50Gi"}}}] * 2,
        {"limits": {"cpu": "1", "memory": "100Gi"}},
    )
    qos = compute_pod_qos(pod, GATES).qos_class
    kubelet = KubeletConfig()
    config = resource_config_for_pod(pod, qos, kubelet, GATES)
    assert pod_cgroup_files(config, kubelet).v2["memory.max"] == str(100 * GI)
    c = container_resources(
        pod, pod.containers[0], qos, kubelet, GATES, memory_capacity=NODE_1000GI, node_allocatable_memory=None
    )
    assert (c.files.v2["memory.max"], c.files.v2["cpu.max"]) == (str(100 * GI), "100000 100000")


def test_kep2837_pod_request_only_leaves_containers_at_defaults() -> None:
    """Pod request set, nothing on containers: pod memory.max=max, container
    cpu.weight 1 and cpu.max "max 100000"; the pod's cpu.weight from its request."""
    pod = _pod([{}, {}], {"requests": {"cpu": "1", "memory": "100Gi"}})
    qos = compute_pod_qos(pod, GATES).qos_class
    kubelet = KubeletConfig()
    pod_files = pod_cgroup_files(resource_config_for_pod(pod, qos, kubelet, GATES), kubelet)
    assert (pod_files.v2["memory.max"], pod_files.v2["cpu.weight"]) == ("max", "39")
    c = container_resources(
        pod, pod.containers[1], qos, kubelet, GATES, memory_capacity=NODE_1000GI, node_allocatable_memory=None
    )
    assert (c.files.v2["cpu.weight"], c.files.v2["cpu.max"]) == ("1", "max 100000")


@pytest.mark.parametrize(("request_mi", "high_mi"), [(r, 900 + r // 10) for r in range(0, 1001, 100)])
def test_kep2570_memory_high_table(request_mi: int, high_mi: int) -> None:
    """limit 1000, factor 0.9, 1Mi pages: 900, 910, ..., 1000."""
    assert mq.memory_high(request_mi * MI, 1000 * MI, Decimal("0.9"), MI) == high_mi * MI


@pytest.mark.parametrize(
    ("request_mi", "factor", "high_mi"),
    [(500, "0.6", 800), (800, "0.6", 920), (500, "0.8", 900), (850, "0.8", 970), (500, "0.4", 700)],
)
def test_kep2570_v127_comparison_table(request_mi: int, factor: str, high_mi: int) -> None:
    assert mq.memory_high(request_mi * MI, 1000 * MI, Decimal(factor), MI) == high_mi * MI


def _container_high(resources: dict[str, Any], factor: str = "0.6") -> str | None:
    pod = _pod([{"resources": resources}])
    qos = compute_pod_qos(pod, MQOS).qos_class
    kubelet = KubeletConfig(memory_throttling_factor=Decimal(factor), page_size=MI)
    got = container_resources(
        pod, pod.containers[0], qos, kubelet, MQOS, memory_capacity=8 * GI, node_allocatable_memory=2000 * MI
    )
    return (got.unified or {}).get("memory.high")


def test_kep2570_request_equal_to_limit_is_not_throttled() -> None:
    """The comparison table's "request 1000Mi, factor 0.6: max": no memory.high is set."""
    assert _container_high({"requests": {"memory": "1000Mi"}, "limits": {"memory": "1000Mi"}}) is None


def test_kep2570_qos_cases() -> None:
    limit, alloc = 1000 * MI, 2000 * MI
    # Case I: request and limit; Case II: request only (node allocatable); Case III: explicit "0" request.
    assert _container_high({"requests": {"memory": "500Mi"}, "limits": {"memory": "1000Mi"}}) == str(800 * MI)
    assert _container_high({"requests": {"memory": "500Mi"}}) == str(500 * MI + (alloc - 500 * MI) * 6 // 10)
    assert _container_high({"requests": {"memory": "0"}, "limits": {"memory": "1000Mi"}}) == str(limit * 6 // 10)
    # BestEffort: factor * node allocatable.
    assert _container_high({}) == str(alloc * 6 // 10)


def test_cpu_weight_examples() -> None:
    """Fact 5: the kubelet's linear pod cpu.weight against the runtime's quadratic one."""
    assert [kubelet_cpu_weight(s) for s in (2, 1024, 262144)] == [1, 39, 10000]
    assert [runtime_quadratic_cpu_weight(s) for s in (2, 512, 1024, 2048, 262144)] == [1, 59, 100, 174, 10000]
