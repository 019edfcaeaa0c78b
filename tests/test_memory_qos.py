"""Memory QoS across kubelet versions and settings, and the float64 arithmetic
of memory.high."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.features import FeatureGates, KubernetesVersion
from pod_resources_cli.kube import memory_qos as mq
from pod_resources_cli.kube.container_resources import generate_linux_container_resources
from pod_resources_cli.kube.pod_create import create_pod
from pod_resources_cli.kube.qos import compute_pod_qos
from pod_resources_cli.model.node import KubeletConfig
from pod_resources_cli.why_words import words
from tests.support import pod_of

GI = 2**30
MI = 2**20
V135, V136, V137 = KubernetesVersion(1, 35), KubernetesVersion(1, 36), KubernetesVersion(1, 37)


def _unified(
    resources: dict[str, Any], version: KubernetesVersion, kubelet: KubeletConfig, memory_qos: bool = True
) -> dict[str, str]:
    gates = FeatureGates(version, {"MemoryQoS": memory_qos, "PodLevelResources": True})
    spec = {"containers": [{"name": "c", "resources": resources}]}
    pod = create_pod(pod_of({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": spec}), gates).pod
    qos = compute_pod_qos(pod, gates).qos_class
    got = generate_linux_container_resources(
        pod, pod.containers[0], qos, kubelet, gates, memory_capacity=16 * GI, node_allocatable_memory=8 * GI
    )
    return dict(got.unified or {})


BURSTABLE = {"requests": {"memory": "256Mi"}, "limits": {"memory": "1Gi"}}


def test_before_the_policy_every_request_is_memory_min_and_factor_defaults() -> None:
    got = _unified(BURSTABLE, V135, KubeletConfig(memory_reservation_policy="TieredReservation"))
    assert got == {
        "memory.oom.group": "1",
        "memory.min": str(256 * MI),
        "memory.high": str(mq.memory_high(256 * MI, GI, Decimal("0.9"), 4096)),
    }


@pytest.mark.parametrize("policy", ["TieredReservation", "HardReservation"])
def test_tiered_reservation_gives_burstable_memory_low(policy: str) -> None:
    got = _unified(BURSTABLE, V137, KubeletConfig(memory_reservation_policy=policy))
    assert got == {"memory.oom.group": "1", "memory.low": str(256 * MI)}  # no factor: no memory.high


def test_none_policy_protects_nothing() -> None:
    got = _unified(BURSTABLE, V137, KubeletConfig(memory_throttling_factor=Decimal("0.8")))
    assert (got["memory.min"], got["memory.low"]) == ("0", "0")
    assert got["memory.high"] == str(mq.memory_high(256 * MI, GI, Decimal("0.8"), 4096))


def test_besteffort_throttles_at_node_allocatable_since_the_rework() -> None:
    kubelet = KubeletConfig(memory_throttling_factor=Decimal("0.9"))
    assert "memory.high" not in _unified({}, V135, kubelet)
    assert _unified({}, V136, kubelet)["memory.high"] == str(mq.memory_high(0, 8 * GI, Decimal("0.9"), 4096))


def test_memory_qos_off_resets_memory_high_from_137_on_cgroup_v2() -> None:
    assert _unified(BURSTABLE, V137, KubeletConfig(), memory_qos=False) == {
        "memory.oom.group": "1",
        "memory.high": "max",
    }
    assert _unified(BURSTABLE, V136, KubeletConfig(), memory_qos=False) == {"memory.oom.group": "1"}
    assert _unified(BURSTABLE, V137, KubeletConfig(cgroup_version=1), memory_qos=False) == {}


def test_memory_qos_needs_cgroup_v2() -> None:
    kubelet = KubeletConfig(cgroup_version=1, memory_throttling_factor=Decimal("0.9"))
    assert not mq.enforce_memory_qos(kubelet, FeatureGates(V137, {"MemoryQoS": True}))
    assert _unified(BURSTABLE, V137, kubelet) == {}


def test_memory_high_uses_float64_rounding() -> None:
    """0.7 is a little below 7/10 in binary64: the kubelet lands one page lower
    than exact arithmetic would (946176 = 231 pages exactly)."""
    assert mq.memory_high(0, 1351680, Decimal("0.7"), 4096) == 942080
    assert mq.memory_high(0, 1000 * MI, Decimal("0.6"), 4096) == 600 * MI


def test_container_under_a_pod_memory_limit_is_throttled_at_the_pod() -> None:
    gates = FeatureGates(V137, {"MemoryQoS": True, "PodLevelResources": True})
    spec = {
        "containers": [{"name": "c", "resources": {"requests": {"memory": "256Mi"}}}],
        "resources": {"limits": {"memory": "2Gi"}},
    }
    pod = create_pod(pod_of({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": spec}), gates).pod
    qos = compute_pod_qos(pod, gates).qos_class
    kubelet = KubeletConfig(memory_throttling_factor=Decimal("0.9"))
    got = generate_linux_container_resources(
        pod, pod.containers[0], qos, kubelet, gates, memory_capacity=16 * GI, node_allocatable_memory=8 * GI
    )
    assert "memory.high" not in (got.unified or {}) and "pod cgroup" in words(got.why["memory.high"])
    assert got.memory_limit_in_bytes == 2 * GI
    assert mq.pod_level_memory_high(pod, kubelet, gates).unified == {
        "memory.high": str(mq.memory_high(256 * MI, 2 * GI, Decimal("0.9"), 4096))
    }
    older = FeatureGates(V136, gates.explicit)
    assert mq.pod_level_memory_high(pod, kubelet, older).unified == {}


# --- issue 9, item 1: MemoryQoS beta in 1.37, memoryThrottlingFactor nil from 1.37 ---------


def test_the_factor_defaults_to_0_9_up_to_1_36_and_to_nothing_from_1_37() -> None:
    unset = KubeletConfig(memory_reservation_policy="TieredReservation")
    high = str(mq.memory_high(256 * MI, GI, Decimal("0.9"), 4096))
    assert high == "993210368"
    assert _unified(BURSTABLE, V136, unset)["memory.high"] == high
    assert "memory.high" not in _unified(BURSTABLE, V137, unset)
    gates = FeatureGates(V137, {"MemoryQoS": True})
    assert mq.throttling_factor(unset, gates) is None
    assert mq.throttling_factor(unset, FeatureGates(V136, {"MemoryQoS": True})) == Decimal("0.9")
    pod = create_pod(pod_of({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": {"containers": [{"name": "c", "resources": BURSTABLE}]}}), gates).pod
    why = mq.container_memory_qos(pod, pod.containers[0], compute_pod_qos(pod, gates).qos_class, unset, gates, node_allocatable_memory=None).why
    assert words(why["memory.high"]) == "not set: no memoryThrottlingFactor (no default since Kubernetes 1.37)"


ISSUE_NODE = """\
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
memoryThrottlingFactor: 0.9
memoryReservationPolicy: TieredReservation
---
apiVersion: v1
kind: Node
metadata: {name: n}
status:
  capacity: {memory: 16Gi}
  allocatable: {memory: 8000Mi}
"""
ISSUE_POD = """\
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers:
  - name: c
    resources: {requests: {memory: 256Mi}, limits: {memory: 1Gi}}
"""


def _container_cgroup(tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str, node: str = ISSUE_NODE) -> dict[str, Any]:
    (tmp_path / "node.yaml").write_text(node)
    (tmp_path / "pod.yaml").write_text(ISSUE_POD)
    assert main(["explain", "-o", "json", "--node", str(tmp_path / "node.yaml"), *args, str(tmp_path / "pod.yaml")]) == 0
    cgroup: dict[str, Any] = json.loads(capsys.readouterr().out)["pods"][0]["containers"][0]["cgroup"]
    return cgroup


def test_issue_reproduction_memory_qos_is_on_by_default_in_1_37(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cgroup = _container_cgroup(tmp_path, capsys)
    assert cgroup["v2"]["memory.high"] == "993210368"
    assert cgroup["v2"]["memory.low"] == str(256 * MI)
    assert "factor: memoryThrottlingFactor" in cgroup["why"]["memory.high"]
    # 1.36: MemoryQoS is alpha and off: the stale-throttle reset is 1.37's, so no memory.* key
    older = _container_cgroup(tmp_path, capsys, "--kubernetes-version", "1.36")
    assert not {"memory.high", "memory.low", "memory.min"} & set(older["v2"])
    # 1.36 with the gate on and no factor in the node file: the 0.9 default still applies
    no_factor = ISSUE_NODE.replace("memoryThrottlingFactor: 0.9\n", "")
    on = _container_cgroup(tmp_path, capsys, "--kubernetes-version", "1.36", "--feature-gates", "MemoryQoS=true", node=no_factor)
    assert on["v2"]["memory.high"] == "993210368"
    assert "the default memoryThrottlingFactor before Kubernetes 1.37" in on["why"]["memory.high"]
    latest = _container_cgroup(tmp_path, capsys, node=no_factor)
    assert "memory.high" not in latest["v2"]
