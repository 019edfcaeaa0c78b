"""Memory QoS across kubelet versions and settings, and the float64 arithmetic
of memory.high."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from pod_resources_cli.features import FeatureGates, KubernetesVersion
from pod_resources_cli.kube import memory_qos as mq
from pod_resources_cli.kube.container_resources import generate_linux_container_resources
from pod_resources_cli.kube.pod_create import create_pod
from pod_resources_cli.kube.qos import compute_pod_qos
from pod_resources_cli.model.node import KubeletConfig
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
    assert "memory.high" not in (got.unified or {}) and "pod cgroup" in got.why["memory.high"]
    assert got.memory_limit_in_bytes == 2 * GI
    assert mq.pod_level_memory_high(pod, kubelet, gates).unified == {
        "memory.high": str(mq.memory_high(256 * MI, 2 * GI, Decimal("0.9"), 4096))
    }
    older = FeatureGates(V136, gates.explicit)
    assert mq.pod_level_memory_high(pod, kubelet, older).unified == {}
