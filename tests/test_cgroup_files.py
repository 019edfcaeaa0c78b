"""Cgroup paths, the files written for pod and container cgroups (v2 and v1),
what EnsureExists adds to ResourceConfigForPod, and the shares/weight maps."""

from __future__ import annotations

import math
from decimal import Decimal
from typing import Any

import pytest

from pod_resources_cli.features import LATEST, FeatureGates
from pod_resources_cli.kube.cgroup import ResourceConfig, pod_cgroup_config, resource_config_for_pod
from pod_resources_cli.kube.cgroup_files import (
    container_cgroup_files,
    hugepage_unit_size,
    machine_hugepage_sizes,
    pod_cgroup_files,
)
from pod_resources_cli.kube.cgroup_paths import cgroup_paths
from pod_resources_cli.kube.container_resources import container_resources
from pod_resources_cli.kube.cpu_weight import runtime_cpu_weight, runtime_quadratic_cpu_weight
from pod_resources_cli.kube.pod_create import create_pod
from pod_resources_cli.kube.qos import QOSClass, compute_pod_qos
from pod_resources_cli.model.node import KubeletConfig, MachineTopology, NUMANode
from pod_resources_cli.kube.provenance import because
from pod_resources_cli.why_words import words
from tests.support import pod_of

GI = 2**30
MI = 2**20
UID = "1234-abcd"


@pytest.mark.parametrize(
    ("qos", "driver", "parent", "pod"),
    [
        (QOSClass.GUARANTEED, "cgroupfs", "/kubepods", f"/kubepods/pod{UID}"),
        (QOSClass.BURSTABLE, "cgroupfs", "/kubepods/burstable", f"/kubepods/burstable/pod{UID}"),
        (QOSClass.BEST_EFFORT, "cgroupfs", "/kubepods/besteffort", f"/kubepods/besteffort/pod{UID}"),
        (QOSClass.GUARANTEED, "systemd", "/kubepods.slice", "/kubepods.slice/kubepods-pod1234_abcd.slice"),
        (
            QOSClass.BURSTABLE,
            "systemd",
            "/kubepods.slice/kubepods-burstable.slice",
            "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod1234_abcd.slice",
        ),
    ],
)
def test_cgroup_paths(qos: QOSClass, driver: str, parent: str, pod: str) -> None:
    assert cgroup_paths(UID, qos, KubeletConfig(cgroup_driver=driver)) == (parent, pod)


def test_pod_files_v2_v1_and_why() -> None:
    config = ResourceConfig(
        cpu_shares=1024,
        cpu_quota=150000,
        cpu_period=100000,
        memory=GI,
        hugepage_limits={2 * MI: 64 * MI},
        pids_limit=4096,
        why={"memory": because("cgroup.memory.pod", source=because("cgroup.source.pod-level", kind="limit"))},
    )
    files = pod_cgroup_files(config, KubeletConfig())
    assert files.v2 == {
        "cpu.max": "150000 100000",
        "cpu.weight": "39",
        "hugetlb.1GB.max": "0",
        "hugetlb.2MB.max": str(64 * MI),
        "memory.max": str(GI),
        "pids.max": "4096",
    }
    assert files.v1 == {
        "cpu.cfs_period_us": "100000",
        "cpu.cfs_quota_us": "150000",
        "cpu.shares": "1024",
        "hugetlb.1GB.limit_in_bytes": "0",
        "hugetlb.2MB.limit_in_bytes": str(64 * MI),
        "memory.limit_in_bytes": str(GI),
        "pids.max": "4096",
    }
    assert list(files.v2) == sorted(files.v2)
    assert "9999" in words(files.why["cpu.weight"]) and words(files.why["memory.max"]).endswith("(pod-level spec.resources limit)")


def test_unset_values_show_kernel_defaults() -> None:
    files = pod_cgroup_files(ResourceConfig(cpu_shares=2, cpu_quota=-1, cpu_period=100000), KubeletConfig())
    assert (files.v2["cpu.max"], files.v2["memory.max"], files.v2["cpu.weight"]) == ("max 100000", "max", "1")
    assert (files.v1["cpu.cfs_quota_us"], files.v1["memory.limit_in_bytes"]) == ("-1", "9223372036854771712")


def test_container_files_follow_the_runtime_mapping() -> None:
    kwargs: dict[str, Any] = {
        "cpu_shares": 1024,
        "cpu_quota": 0,
        "cpu_period": 0,
        "memory_limit": 0,
        "hugepage_limits": {"2MB": 0},
        "unified": {"memory.oom.group": "1"},
    }
    quadratic = container_cgroup_files(kubelet=KubeletConfig(), **kwargs)
    linear = container_cgroup_files(kubelet=KubeletConfig(runtime_cpu_weight="linear"), **kwargs)
    assert (quadratic.v2["cpu.weight"], linear.v2["cpu.weight"]) == ("100", "39")
    assert quadratic.v2["memory.oom.group"] == "1" and quadratic.v2["cpu.max"] == "max 100000"
    assert quadratic.v1["cpu.cfs_period_us"] == "100000"


def test_hugepage_sizes_and_names() -> None:
    assert [hugepage_unit_size(s) for s in (2 * MI, GI, 64 * 1024, 2_000_000)] == ["2MB", "1GB", "64KB", None]
    topology = MachineTopology(cpus=(), numa_nodes=(NUMANode(0, 8 * GI, {2 * MI: 10}),), memory_capacity=8 * GI)
    assert machine_hugepage_sizes(topology) == (2 * MI,)
    assert machine_hugepage_sizes(None) == (2 * MI, GI)


def test_quadratic_weight_agrees_with_float64_evaluation() -> None:
    """Our decimal evaluation against the runtimes' float64 formula, sampled."""
    for shares in range(3, 262144, 97):
        log = math.log2(shares)
        expected = math.ceil(math.pow(10, (log * log + 125 * log) / 612.0 - 7.0 / 34.0))
        assert runtime_quadratic_cpu_weight(shares) == expected, shares
    assert runtime_cpu_weight(0, "quadratic") == 0 and runtime_cpu_weight(0, "linear") == 0


def _defaulted(spec: dict[str, Any], gates: FeatureGates) -> Any:
    return create_pod(pod_of({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": spec}), gates).pod


def test_pod_cgroup_config_adds_pids_and_pod_memory_high() -> None:
    gates = FeatureGates(LATEST, {"PodLevelResources": True, "MemoryQoS": True})
    pod = _defaulted(
        {
            "containers": [{"name": "a", "resources": {"requests": {"memory": "128Mi"}}}],
            "resources": {"limits": {"memory": "1Gi"}},
        },
        gates,
    )
    kubelet = KubeletConfig(pod_pids_limit=1024, memory_throttling_factor=Decimal("0.9"))
    qos = compute_pod_qos(pod, gates).qos_class
    plain = resource_config_for_pod(pod, qos, kubelet, gates)
    config = pod_cgroup_config(pod, qos, kubelet, gates)
    assert plain.pids_limit is None and "memory.high" not in (plain.unified or {})
    # 128Mi + 0.9 * (1Gi - 128Mi), floored to 4KiB pages
    assert (config.pids_limit, dict(config.unified or {})) == (1024, {"memory.high": "979787776"})
    assert pod_cgroup_files(config, kubelet).v2["memory.high"] == "979787776"


def test_exclusive_cpus_disable_quota() -> None:
    gates = FeatureGates(LATEST)
    pod = _defaulted({"containers": [{"name": "a", "resources": {"limits": {"cpu": "2", "memory": "1Gi"}}}]}, gates)
    kubelet = KubeletConfig()
    got = container_resources(
        pod,
        pod.containers[0],
        QOSClass.GUARANTEED,
        kubelet,
        gates,
        memory_capacity=8 * GI,
        node_allocatable_memory=None,
        disable_cpu_quota=True,
    )
    assert (got.cpu_quota, got.files.v2["cpu.max"]) == (-1, "max 100000")
    config = resource_config_for_pod(pod, QOSClass.GUARANTEED, kubelet, gates, enforce_cpu_limits=False)
    assert (config.cpu_quota, config.cpu_period) == (-1, 100000)
    ensured = pod_cgroup_config(pod, QOSClass.GUARANTEED, kubelet, gates, enforce_cpu_limits=False)
    assert pod_cgroup_files(ensured, kubelet).v2["cpu.max"] == "max 100000"
    assert pod_cgroup_files(pod_cgroup_config(pod, QOSClass.GUARANTEED, kubelet, gates), kubelet).v2["cpu.max"] == (
        "200000 100000"
    )
