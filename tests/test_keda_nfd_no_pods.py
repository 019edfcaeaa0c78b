"""KEDA's eventing kinds and Node Feature Discovery's kinds carry no pods (no_pods.py): counted with the objects without
pods, not among the custom objects searched in vain (kedacore/keda's config/samples, kubernetes-sigs/
node-feature-discovery's examples)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.cli import main

REAL = Path(__file__).parent / "data" / "real"
KEDA = REAL / "kedacore__keda"
NFD = REAL / "kubernetes-sigs__node-feature-discovery"


def _skipped(capsys: pytest.CaptureFixture[str], *paths: Path) -> list[tuple[str, str]]:
    assert main(["lint", "--no-config", "--show-skipped", "-o", "json", *map(str, paths)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == []
    assert report["summary"]["pods"] == 0
    assert report["summary"]["skipped"]["nothing-found"] == {}
    return sorted((s["reason"], s["kind"]) for s in report["skipped"])


def test_keda_cloud_event_sources_are_objects_without_pods(capsys: pytest.CaptureFixture[str]) -> None:
    # kedacore/keda apis/eventing/v1alpha1/cloudeventsource_types.go: a destination the keda-operator's emitter posts to
    assert _skipped(
        capsys,
        KEDA / "config__samples__eventing_v1alpha1_cloudeventsource.yaml",
        KEDA / "config__samples__eventing_v1alpha1_clustercloudeventsource.yaml",
    ) == [("no-pods", "CloudEventSource"), ("no-pods", "ClusterCloudEventSource")]


def test_node_feature_discovery_objects_are_objects_without_pods(capsys: pytest.CaptureFixture[str]) -> None:
    # kubernetes-sigs/node-feature-discovery api/nfd/v1alpha1/types.go: features, labelling rules and node groups
    assert _skipped(
        capsys,
        NFD / "examples__nodefeature.yaml",
        NFD / "examples__nodefeaturegroup.yaml",
        NFD / "examples__nodefeaturerule.yaml",
    ) == [
        ("no-pods", "NodeFeature"),
        ("no-pods", "NodeFeatureGroup"),
        ("no-pods", "NodeFeatureRule"),
        ("no-pods", "NodeFeatureRule"),
    ]
