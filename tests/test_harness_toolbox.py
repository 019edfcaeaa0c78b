"""Grafana's helm-chart-toolbox test plans are scenarios (source/harness_toolbox.py), on
grafana/k8s-monitoring-helm's own plans (tests/data/harness/grafana__k8s-monitoring-helm,
provenance in tests/data/harness/SOURCES.tsv)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pod_resources_cli.source.harness import scenario_root, skip_reason

PROJECT = Path(__file__).parent / "data" / "harness" / "grafana__k8s-monitoring-helm"
EXAMPLES = PROJECT / "charts/k8s-monitoring/docs/examples"
FARGATE = PROJECT / "charts/k8s-monitoring/tests/platform/eks-fargate"
ISTIO = EXAMPLES / "istio-service-mesh" / "test"
ENRICH = EXAMPLES / "metric-enrichment" / "test"


def test_a_test_plans_dependencies_are_its_scenario() -> None:
    """deploy-dependencies applies ``file:`` entries relative to the plan's directory, into the plan's own cluster."""
    assert scenario_root(str(ISTIO / "dependencies" / "default-namespace-label.yaml")) == str(ISTIO)
    assert scenario_root(str(ENRICH / "pod.yaml")) == str(ENRICH)
    assert scenario_root(str(ENRICH / "default-namespace-label.yaml")) == str(ENRICH)
    assert skip_reason(str(ENRICH / "pod.yaml")) is None  # applied: linted
    # ``directory: dependencies``: kubectl apply -f <dir>, its YAML and JSON files
    assert scenario_root(str(FARGATE / "dependencies" / "fargate-workload.yaml")) == str(FARGATE)


def _lint(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    from pod_resources_cli.cli import main

    main(["lint", "--no-config", "-o", "json", str(path)])
    report: dict[str, object] = json.loads(capsys.readouterr().out)
    return report


def test_one_plans_istio_label_stays_in_its_cluster(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """istio-service-mesh's plan labels its cluster's ``default`` Namespace istio-injection=enabled; eks-fargate's
    my-workload (busybox, no resources, namespace default) runs in another plan's cluster (an EKS one): it is
    BestEffort as written, no Istio sidecar (711 of the repository's 759 findings carried that false note, my-workload's
    a PR138 on an assumed istio-proxy). metric-enrichment's my-pod is BestEffort in its own plan's cluster too."""
    copy = tmp_path / "p"
    shutil.copytree(PROJECT, copy)
    report = _lint(copy, capsys)
    findings = report["findings"]
    assert isinstance(findings, list)
    got = sorted((f["rule"], f["object"]["kind"], f["object"]["name"]) for f in findings)
    assert got == [("PR201", "Deployment", "my-workload"), ("PR201", "Pod", "my-pod")]
    assert not any("Istio" in f["message"] for f in findings)
    summary = report["summary"]
    assert isinstance(summary, dict)
    assert summary["pods"] == 2
    assert summary["skipped"]["describes-objects"] == {"TestPlan": 3}
    # without the plans, istio-service-mesh's Namespace is a plain file stating its namespace: its label meets
    # every object of namespace default, my-workload too (a fresh copy: harness files are read once a directory)
    bare = tmp_path / "q"
    shutil.copytree(PROJECT, bare)
    for plan in bare.rglob("test-plan.yaml"):
        plan.unlink()
    findings = _lint(bare, capsys)["findings"]
    assert isinstance(findings, list)
    workload = [f for f in findings if f["object"]["name"] == "my-workload"]
    assert [f["rule"] for f in workload] == ["PR138"] and "Istio adds its istio-proxy sidecar" in workload[0]["message"]
