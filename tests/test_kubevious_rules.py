"""Kubevious' rules (kubevious.io) describe other objects; a Sealed Secrets SealedSecret carries no pod.

kubevious/cli @880eca26397f src/types/kubevious.ts (``KUBEVIOUS_API_NAME = 'kubevious.io'``, ``KubeviousKinds``:
Library, ClusterRule, Rule, RuleApplicator): a rule's ``target`` selects other objects and its ``rule`` is a
script the CLI runs over them (src/rules-engine); lint of the repository counted its 16 rules and applicators as
"custom objects with no pod found", as if they were unknown workloads. Its SealedSecret sample (bitnami.com,
bitnami-labs/sealed-secrets @86671a8851be pkg/apis/sealedsecrets/v1alpha1/register.go; pkg/controller/
controller.go unseal makes a Secret) was counted the same way.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.model.decode.describes import describes_objects
from pod_resources_cli.model.decode.no_pods import carries_no_pods

KUBEVIOUS = Path(__file__).parent / "data" / "real" / "kubevious__cli"


def _lint(capsys: pytest.CaptureFixture[str], *paths: Path) -> dict[str, object]:
    main(["lint", "--no-config", "--show-skipped", "-o", "json", *map(str, paths)])
    report: dict[str, object] = json.loads(capsys.readouterr().out)
    return report


def test_the_kinds() -> None:
    for kind in ("ClusterRule", "Rule", "RuleApplicator", "Library"):
        assert describes_objects("kubevious.io", kind)
        assert not carries_no_pods("kubevious.io", kind)
    assert carries_no_pods("bitnami.com", "SealedSecret")
    assert not describes_objects("bitnami.com", "SealedSecret")


def test_the_rules_are_descriptions_and_the_deployment_is_linted(capsys: pytest.CaptureFixture[str]) -> None:
    report = _lint(capsys, KUBEVIOUS)
    skipped = report["skipped"]
    assert isinstance(skipped, list)
    assert sorted((s["reason"], s["kind"], Path(s["path"]).name) for s in skipped) == [
        ("describes-objects", "ClusterRule", "samples__rules__latest-image.yaml"),
        ("describes-objects", "Rule", "samples__rules__test-rule.yaml"),
        ("describes-objects", "RuleApplicator", "samples__argo-rollout__rule-replica-count.yaml"),
        ("no-pods", "SealedSecret", "samples__sealed-secret__secret-ref-test.yaml"),
        ("no-pods", "Secret", "samples__sealed-secret__secret-ref-test.yaml"),
    ]
    summary = report["summary"]
    assert isinstance(summary, dict)
    assert summary["pods"] == 1
    assert summary["skipped"]["nothing-found"] == {}
    assert summary["skipped"]["describes-objects"] == {"ClusterRule": 1, "Rule": 1, "RuleApplicator": 1}
    assert summary["skipped"]["no-pods"] == {"SealedSecret": 1, "Secret": 1}
    # the Deployment beside the SealedSecret: container web (nginx:1) sets no request or limit
    findings = report["findings"]
    assert isinstance(findings, list)
    assert [(f["rule"], f["severity"], f["object"]["kind"], f["object"]["name"], f["line"]) for f in findings] == [
        ("PR201", "warning", "Deployment", "backend-api", 16)
    ]


def test_a_rule_alone_is_no_pod(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "-o", "json", str(KUBEVIOUS / "samples__rules__test-rule.yaml")]) == 0
    assert json.loads(capsys.readouterr().out)["pods"] == []


def test_the_deployment_explained(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "-o", "json", str(KUBEVIOUS / "samples__sealed-secret__secret-ref-test.yaml")]) == 0
    pods = json.loads(capsys.readouterr().out)["pods"]
    assert [(p["workload"]["kind"], p["workload"]["name"], p["qosClass"], p["requests"], p["limits"]) for p in pods] == [
        ("Deployment", "backend-api", "BestEffort", {}, {})
    ]
    assert [c["name"] for c in pods[0]["containers"]] == ["web"]
