"""cgroup/: the pod cgroup (ResourceConfigForPod) and every container's CRI
resources, with the cgroup v2 files they become.

How each suite is run, as its upstream source did:

- ``oracle-*.json`` ran the kubelet code on the pod the API server stores:
  ``create_pod`` defaulting, QoS from ``compute_pod_qos``, the node's memory
  capacity. ``expect.pod`` is ResourceConfigForPod (``unified`` {} = not
  set); ``podV2`` is compared file for file with ``pod_cgroup_files``;
  containers are compared field for field, their ``unified`` map and hugepage
  limits exactly, and the ``v2`` files they list. The oracle's kubelet
  (k/k ae5d4d35bd94, 2026-07-24) ran with MemoryQoS off, its default before
  the 1.37 beta (k/k #140007): its containers carry the stale-throttle reset
  ``memory.high: max``. The cases do not name the gate, so it is set off
  here (unless a case names it) rather than taken from 1.37's new default.
- ``upstream.json`` (helpers_linux_test.go) calls ResourceConfigForPod on the
  pod exactly as the test builds it (no defaulting), with the kubelet's
  cpuCFSQuota / period and MemoryQoS as the case says; only the fields the
  test asserts are compared, and ``hugePageLimit`` only when either side is
  non-empty (as the test does).
- ``upstream-containers.json`` comes from kuberuntime_container_linux_test.go
  at k/k 5ecddb65715a, a kubelet from before memoryReservationPolicy (1.36)
  and before the 1.37 ``memory.high: max`` reset: it runs with Kubernetes
  1.35 and the case's extra ``cgroupVersion``. The test builds the pod by
  hand, so no defaulting.
- ``upstream-functions.json`` is in test_cgroup_functions.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from pod_resources_cli.features import FeatureGates, KubernetesVersion
from pod_resources_cli.kube.cgroup import resource_config_for_pod
from pod_resources_cli.kube.cgroup_files import pod_cgroup_files
from pod_resources_cli.kube.container_resources import container_resources, generate_linux_container_resources
from pod_resources_cli.kube.pod_create import create_pod
from pod_resources_cli.kube.qos import compute_pod_qos
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.records import replace
from tests.support import case, case_params, gates_of, node_of, pod_of

ORACLE = ("cgroup/oracle-curated.json", "cgroup/oracle-gen-a.json")
PRE_POLICY = KubernetesVersion(1, 35)


def _allocatable_memory(node: NodeDescription) -> int | None:
    q = (node.allocatable or {}).get("memory")
    return q.value() if q is not None else None


def _pod_config_fields(config: Any) -> dict[str, Any]:
    return {
        "cpuShares": config.cpu_shares,
        "cpuQuota": config.cpu_quota,
        "cpuPeriod": config.cpu_period,
        "memory": config.memory,
        "hugePageLimit": {str(k): v for k, v in config.hugepage_limits.items()},
        "unified": dict(config.unified or {}),
    }


@pytest.mark.parametrize(("suite", "index"), case_params(*ORACLE))
def test_oracle(suite: str, index: int) -> None:
    c = case(suite, index)
    gates = gates_of(c)
    gates = FeatureGates(gates.version, {"MemoryQoS": False, **gates.explicit}, gates.source)
    node = node_of(c)
    assert node.memory_capacity is not None
    pod = create_pod(pod_of(c["pod"]), gates).pod
    qos = compute_pod_qos(pod, gates).qos_class
    expect = c["expect"]
    assert qos.value == expect["qosClass"]
    config = resource_config_for_pod(pod, qos, node.kubelet, gates)
    assert _pod_config_fields(config) == expect["pod"]
    files = pod_cgroup_files(config, node.kubelet)
    assert files.v2 == {k: str(v) for k, v in expect["podV2"].items()}
    containers = {ct.name: ct for ct in pod.all_containers()}
    assert set(containers) == set(expect["containers"])
    for name, want in expect["containers"].items():
        got = container_resources(
            pod,
            containers[name],
            qos,
            node.kubelet,
            gates,
            memory_capacity=node.memory_capacity,
            node_allocatable_memory=_allocatable_memory(node),
        )
        fields = {
            "cpuPeriod": got.cpu_period,
            "cpuQuota": got.cpu_quota,
            "cpuShares": got.cpu_shares,
            "hugepageLimits": dict(got.hugepage_limits),
            "memoryLimitInBytes": got.memory_limit_in_bytes,
            "oomScoreAdj": got.oom_score_adj,
            "unified": dict(got.unified or {}),
        }
        assert fields == {k: v for k, v in want.items() if k != "v2"}, name
        assert {k: got.files.v2[k] for k in want["v2"]} == {k: str(v) for k, v in want["v2"].items()}, name


def _raw_case(c: dict[str, Any], version: KubernetesVersion | None = None) -> tuple[Any, Any, FeatureGates, Any]:
    gates = gates_of(c)
    if version is not None:
        gates = FeatureGates(version, gates.explicit, gates.source)
    node = node_of(c)
    pod = pod_of(c["pod"])
    return pod, compute_pod_qos(pod, gates).qos_class, gates, node


@pytest.mark.parametrize(("suite", "index"), case_params("cgroup/upstream.json"))
def test_upstream_resource_config_for_pod(suite: str, index: int) -> None:
    c = case(suite, index)
    pod, qos, gates, node = _raw_case(c)
    config = resource_config_for_pod(pod, qos, node.kubelet, gates)
    got = _pod_config_fields(config)
    got["unified"] = dict(config.unified) if config.unified is not None else None
    want = c["expect"]["pod"]
    for key, value in want.items():
        if key == "hugePageLimit" and not value and not got[key]:
            continue
        assert got[key] == value, key


@pytest.mark.parametrize(("suite", "index"), case_params("cgroup/upstream-containers.json"))
def test_upstream_containers(suite: str, index: int) -> None:
    c = case(suite, index)
    pod, qos, gates, node = _raw_case(c, PRE_POLICY)
    kubelet = node.kubelet
    if "cgroupVersion" in c:
        kubelet = replace(kubelet, cgroup_version=int(c["cgroupVersion"].lstrip("v")))
    # 00-02 assert no OOM score; the fake runtime manager's node has 32Gi.
    capacity = node.memory_capacity or 32 * 2**30
    for container in pod.all_containers():
        want = c["expect"]["containers"][container.name]
        got = generate_linux_container_resources(
            pod, container, qos, kubelet, gates, memory_capacity=capacity, node_allocatable_memory=None
        )
        fields = {
            "cpuShares": got.cpu_shares,
            "cpuQuota": got.cpu_quota,
            "cpuPeriod": got.cpu_period,
            "memoryLimitInBytes": got.memory_limit_in_bytes,
            "oomScoreAdj": got.oom_score_adj,
            "unified": dict(got.unified) if got.unified is not None else None,
        }
        assert {k: fields[k] for k in want} == want
