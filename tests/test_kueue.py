"""Kueue's kinds queue other objects' pods and make none (model/decode/no_pods.py
is_kubernetes_group), and a SkyPilot task YAML, whose ``config.kubernetes.pod_config``
is a fragment SkyPilot merges into the pod it builds, is not a Kubernetes object:
SkyPilot's own test files (skypilot-org/skypilot tests/)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real" / "skypilot-org__skypilot"


def test_kueue_queues_and_priority_classes_carry_no_pods() -> None:
    """A ClusterQueue's nominalQuota (cpu 10000, memory 10000Gi, nvidia.com/gpu 16) is a quota, not a pod: the five
    kueue.x-k8s.io objects are objects without pods, not custom objects searched in vain
    (kubernetes-sigs/kueue apis/kueue/v1beta2)."""
    items = list(iter_items([str(REAL / "tests__kubernetes__kueue-single-clusterqueue.yaml")]))
    assert not [i for i in items if isinstance(i, WorkloadItem)]
    assert sorted((i.reason, i.kind) for i in items if isinstance(i, SkippedItem)) == [
        ("no-pods", "ClusterQueue"), ("no-pods", "LocalQueue"), ("no-pods", "ResourceFlavor"),
        *[("no-pods", "WorkloadPriorityClass")] * 2,
    ]  # fmt: skip


def test_a_skypilot_task_yaml_is_not_a_kubernetes_object(capsys: Any) -> None:
    """Its pod_config's ray-node container asks only ephemeral storage: no pod, no finding, one document skipped."""
    items = list(iter_items([str(REAL / "tests__test_yamls__test_k8s_ephemeral_storage_eviction.yaml")]))
    assert not [i for i in items if isinstance(i, WorkloadItem)]
    assert [i.reason for i in items if isinstance(i, SkippedItem)] == ["not-kubernetes"]
    report = lint_report(capsys, str(REAL))
    assert report["findings"] == []
    assert report["summary"]["pods"] == 0
