"""The scheduler-plugins' kinds and Kubeflow's Profile and PodDefault carry no pods of their own.

kubernetes-sigs/scheduler-plugins @903da7df82cb: PodGroup and ElasticQuota (apis/scheduling/v1alpha1/types.go),
NetworkTopology and controller-runtime's ControllerManagerConfig are objects without pods (no_pods.py); the AppGroup
names other workloads (describes.py). kubeflow/dashboard @d84246482d86: a Profile makes a namespace and its RBAC,
AuthorizationPolicy and ResourceQuota (no_pods.py); a PodDefault is merged into other pods by a webhook
(describes.py). Linted whole, both repositories reported these as "custom objects with no pod found".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.cli import main

REAL = Path(__file__).parent / "data" / "real"
SP = REAL / "kubernetes-sigs__scheduler-plugins"
KD = REAL / "kubeflow__dashboard"


def _lint(capsys: pytest.CaptureFixture[str], *paths: Path) -> dict[str, object]:
    main(["lint", "--no-config", "--show-skipped", "-o", "json", *map(str, paths)])
    report: dict[str, object] = json.loads(capsys.readouterr().out)
    return report


def test_scheduler_plugins_kinds_are_not_searched_for_pods(capsys: pytest.CaptureFixture[str]) -> None:
    report = _lint(capsys, SP)
    assert report["findings"] == []
    skipped = report["skipped"]
    assert isinstance(skipped, list)
    assert sorted((s["reason"], s["kind"], Path(s["path"]).name) for s in skipped) == [
        ("describes-objects", "AppGroup", "manifests__appgroup__appGroup-example.yaml"),
        ("no-pods", "ControllerManagerConfig", "config__manager__controller_manager_config.yaml"),
        ("no-pods", "ElasticQuota", "manifests__capacityscheduling__elasticquota-example.yaml"),
        ("no-pods", "NetworkTopology", "manifests__networktopology__networkTopology-example.yaml"),
    ]
    summary = report["summary"]
    assert isinstance(summary, dict)
    assert summary["pods"] == 0
    assert summary["skipped"]["nothing-found"] == {}


# the coscheduling plugin's page of the project's site (site/content/en, plugins/coscheduling.md @903da7df82cb):
# a PodGroup and the ReplicaSet whose pods name it in their scheduling.x-k8s.io/pod-group label
COSCHEDULING = """\
apiVersion: scheduling.x-k8s.io/v1alpha1
kind: PodGroup
metadata:
  name: nginx
spec:
  scheduleTimeoutSeconds: 10
  minMember: 3
---
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  replicas: 6
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      name: nginx
      labels:
        app: nginx
        scheduling.x-k8s.io/pod-group: nginx
    spec:
      containers:
      - name: nginx
        image: nginx
        resources:
          limits:
            cpu: 3000m
            memory: 500Mi
          requests:
            cpu: 3000m
            memory: 500Mi
"""


def test_a_pod_group_beside_its_replica_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "coscheduling.yaml"
    path.write_text(COSCHEDULING, encoding="utf-8")
    report = _lint(capsys, path)
    skipped = report["skipped"]
    assert isinstance(skipped, list)
    assert [(s["reason"], s["kind"]) for s in skipped] == [("no-pods", "PodGroup")]
    assert main(["explain", "-o", "json", str(path)]) == 0
    pods = json.loads(capsys.readouterr().out)["pods"]
    assert [(p["workload"]["kind"], p["workload"]["replicas"], [c["name"] for c in p["containers"]]) for p in pods] == [
        ("ReplicaSet", 6, ["nginx"])
    ]
    assert pods[0]["requests"] == {"cpu": "3", "memory": "500Mi"}
    assert pods[0]["limits"] == {"cpu": "3", "memory": "500Mi"}
    assert pods[0]["qosClass"] == "Guaranteed"


def test_kubeflow_profile_and_pod_default_beside_a_notebook(capsys: pytest.CaptureFixture[str]) -> None:
    report = _lint(capsys, KD)
    skipped = report["skipped"]
    assert isinstance(skipped, list)
    assert sorted((s["reason"], s["kind"]) for s in skipped) == [
        ("describes-objects", "PodDefault"),
        ("no-pods", "PersistentVolumeClaim"),
        ("no-pods", "Profile"),
    ]
    # the Notebook (components/centraldashboard-angular/integration/resources/test-notebook.yaml) is still a pod:
    # its container requests memory and sets no limit
    findings = report["findings"]
    assert isinstance(findings, list)
    assert [(f["rule"], f["severity"]) for f in findings] == [("PR132", "warning")]
    summary = report["summary"]
    assert isinstance(summary, dict)
    assert summary["pods"] == 1
    assert summary["skipped"]["nothing-found"] == {}
    notebook = KD / "components__centraldashboard-angular__integration__resources__test-notebook.yaml"
    assert main(["explain", "-o", "json", str(notebook)]) == 0
    pods = json.loads(capsys.readouterr().out)["pods"]
    assert [(p["workload"]["kind"], p["workload"]["replicas"], [c["name"] for c in p["containers"]]) for p in pods] == [
        ("Notebook", 1, ["test-notebook"])
    ]
    assert pods[0]["requests"] == {"cpu": "500m", "memory": "1Gi"}
    assert pods[0]["limits"] == {}
    assert pods[0]["qosClass"] == "Burstable"
