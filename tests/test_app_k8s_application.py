"""The Application of kubernetes-sigs/application (app.k8s.io) describes other objects and makes no pod.

kubernetes-sigs/application @e5329b1b083e: an Application names the kinds (``componentKinds``) and labels
(``selector``) of its namespace's objects that make one application; its controller lists them, may add itself to
their owner references and sums their readiness (controllers/application_controller.go). GKE Marketplace charts
render one beside their Deployments (triton-inference-server/server @e1db8a603d86
deploy/gke-marketplace-app/server-deployer/chart/triton/templates/application.yaml): it was counted as a "custom
object with no pod found", as if it were an unknown workload.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.model.decode.describes import describes_objects

APP = Path(__file__).parent / "data" / "real" / "kubernetes-sigs__application"


def _lint(capsys: pytest.CaptureFixture[str], *paths: Path) -> dict[str, object]:
    main(["lint", "--no-config", "--show-skipped", "-o", "json", *map(str, paths)])
    report: dict[str, object] = json.loads(capsys.readouterr().out)
    return report


def test_the_application_is_a_description_of_other_objects() -> None:
    assert describes_objects("app.k8s.io", "Application")
    # Argo CD's Application (argoproj.io) deploys manifests and charts: still searched
    assert not describes_objects("argoproj.io", "Application")


def test_the_wordpress_application_beside_its_stateful_set(capsys: pytest.CaptureFixture[str]) -> None:
    report = _lint(capsys, APP)
    skipped = report["skipped"]
    assert isinstance(skipped, list)
    assert sorted((s["reason"], s["kind"], Path(s["path"]).name) for s in skipped) == [
        ("describes-objects", "Application", "docs__examples__wordpress__application.yaml"),
        ("no-pods", "Service", "docs__examples__wordpress__webserver.yaml"),
        ("no-pods", "Service", "docs__examples__wordpress__webserver.yaml"),
    ]
    summary = report["summary"]
    assert isinstance(summary, dict)
    assert summary["pods"] == 1
    assert summary["skipped"]["nothing-found"] == {}
    assert summary["skipped"]["describes-objects"] == {"Application": 1}
    # its component, the StatefulSet, is linted as written: no container sets a cpu or memory request or limit
    findings = report["findings"]
    assert isinstance(findings, list)
    assert [(f["rule"], f["severity"], f["object"]["kind"], f["object"]["name"]) for f in findings] == [
        ("PR201", "warning", "StatefulSet", "wordpress-webserver")
    ]


def test_the_application_alone_is_no_pod(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "-o", "json", str(APP / "docs__examples__wordpress__application.yaml")]) == 0
    assert json.loads(capsys.readouterr().out)["pods"] == []
    assert main(["explain", "-o", "json", str(APP / "docs__examples__wordpress__webserver.yaml")]) == 0
    pods = json.loads(capsys.readouterr().out)["pods"]
    assert [(p["workload"]["kind"], p["workload"]["replicas"], [c["name"] for c in p["containers"]]) for p in pods] == [
        ("StatefulSet", 1, ["wordpress"])
    ]
    assert pods[0]["requests"] == {}
    assert pods[0]["limits"] == {}
    assert pods[0]["qosClass"] == "BestEffort"
