"""memoryqos/: the memory.* keys the kubelet sets on pod and container cgroups.

- ``oracle-*.json`` ran the kubelet's memory-QoS code on the pod the API
  server stores (``create_pod``), MemoryQoS on a cgroup v2 node, with the
  node's allocatable memory. ``expect.pod`` is what ResourceConfigForPod
  puts in ``Unified``; the containers' maps are the memory.* keys of their
  CRI ``Unified`` (absent key = not set).
- ``upstream.json``:
  - TestGenerateContainerConfigWithMemoryQoSEnforced is from k/k
    5ecddb65715a, a kubelet from before memoryReservationPolicy: it runs with
    Kubernetes 1.35 (memory.min = request for every container) on the pod as
    the test builds it, and only memory.min / memory.high are asserted;
  - TestApplyPodLevelMemoryHigh (newest helpers_linux_test.go) calls
    ApplyPodLevelMemoryHigh alone on the hand-built pod: ``"absent"`` means
    no pod memory.high, and (as the test's ``Unified == nil``) no key at all.
"""

from __future__ import annotations

from typing import Any

import pytest

from pod_resources_cli.features import FeatureGates, KubernetesVersion
from pod_resources_cli.kube import memory_qos as mq
from pod_resources_cli.kube.cgroup import resource_config_for_pod
from pod_resources_cli.kube.container_resources import generate_linux_container_resources
from pod_resources_cli.kube.pod_create import create_pod
from pod_resources_cli.kube.qos import compute_pod_qos
from pod_resources_cli.model.node import NodeDescription
from tests.support import case, case_params, gates_of, node_of, pod_of

ORACLE = ("memoryqos/oracle-curated.json", "memoryqos/oracle-gen-a.json")
PRE_POLICY = KubernetesVersion(1, 35)


def _memory_keys(unified: Any) -> dict[str, str]:
    return {k: v for k, v in (unified or {}).items() if k.startswith("memory.") and k != "memory.oom.group"}


def _allocatable(node: NodeDescription) -> int | None:
    q = (node.allocatable or {}).get("memory")
    return q.value() if q is not None else None


@pytest.mark.parametrize(("suite", "index"), case_params(*ORACLE))
def test_oracle(suite: str, index: int) -> None:
    c = case(suite, index)
    gates = gates_of(c)
    node = node_of(c)
    assert node.memory_capacity is not None and mq.enforce_memory_qos(node.kubelet, gates)
    pod = create_pod(pod_of(c["pod"]), gates).pod
    qos = compute_pod_qos(pod, gates).qos_class
    assert qos.value == c["expect"]["qosClass"]
    config = resource_config_for_pod(pod, qos, node.kubelet, gates)
    assert _memory_keys(config.unified) == c["expect"]["pod"]
    got = {
        ct.name: _memory_keys(
            generate_linux_container_resources(
                pod,
                ct,
                qos,
                node.kubelet,
                gates,
                memory_capacity=node.memory_capacity,
                node_allocatable_memory=_allocatable(node),
            ).unified
        )
        for ct in pod.all_containers()
    }
    assert got == c["expect"]["containers"]


@pytest.mark.parametrize(("suite", "index"), case_params("memoryqos/upstream.json"))
def test_upstream(suite: str, index: int) -> None:
    c = case(suite, index)
    node = node_of(c)
    pod = pod_of(c["pod"])
    expect = c["expect"]
    if "TestApplyPodLevelMemoryHigh" in c["id"]:
        gates = gates_of(c)
        high = mq.pod_level_memory_high(pod, node.kubelet, gates)
        assert expect["pod"] == {"memory.high": "absent"}
        assert high.unified == {}
        return
    base = gates_of(c)
    gates = FeatureGates(PRE_POLICY, base.explicit, base.source)
    qos = compute_pod_qos(pod, gates).qos_class
    for ct in pod.all_containers():
        want = expect["containers"][ct.name]
        got = generate_linux_container_resources(
            pod, ct, qos, node.kubelet, gates, memory_capacity=2**40, node_allocatable_memory=_allocatable(node)
        )
        assert {k: (got.unified or {}).get(k) for k in want} == want
