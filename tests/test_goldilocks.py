"""Goldilocks makes a VerticalPodAutoscaler for each controller of a Namespace labelled
``goldilocks.fairwinds.com/enabled`` (model/decode/goldilocks.py, FairwindsOps/goldilocks @3be8f9e44843
pkg/vpa/vpa.go): ``Off`` by default, recommendations only; a mode the Namespace or the controller names makes the
VPA admission controller set the requests. On Goldilocks' own controller Deployment (tests/data/real, SOURCES.tsv),
put in a Namespace as its e2e tests do (e2e/tests/10_basic.yaml: ``kubectl label ns demo
goldilocks.fairwinds.com/enabled=true``, ``kubectl annotate ns ... goldilocks.fairwinds.com/vpa-resource-policy=...``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.location import Location
from pod_resources_cli.model.decode.goldilocks import goldilocks_autoscaler, managed_namespace, resource_policy, update_mode
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real" / "FairwindsOps__goldilocks" / "hack__manifests__controller__deployment.yaml"
HERE = Location("ns.yaml", 1, 1)


def _deployment(annotations: str = "", resources: bool = False) -> str:
    """The real controller Deployment in namespace demo; without its resources unless ``resources``."""
    text = REAL.read_text()
    text = text.replace("  name: goldilocks-controller\n", "  name: goldilocks-controller\n  namespace: demo\n" + annotations, 1)
    if not resources:
        text = text[: text.index("          resources:")]
    return text


def _namespace(labels: str, annotations: str = "") -> str:
    text = f"apiVersion: v1\nkind: Namespace\nmetadata:\n  name: demo\n  labels:\n{labels}"
    return text + (f"  annotations:\n{annotations}" if annotations else "")


def _lint(tmp_path: Path, capsys: pytest.CaptureFixture[str], namespace: str, deployment: str) -> list[tuple[str, str]]:
    (tmp_path / "ns.yaml").write_text(namespace)
    (tmp_path / "deployment.yaml").write_text(deployment)
    report: dict[str, Any] = lint_report(capsys, str(tmp_path))
    assert report["summary"]["pods"] == 1
    return [(f["rule"], f["message"]) for f in report["findings"]]


def test_the_real_controller_deployment_is_guaranteed(capsys: pytest.CaptureFixture[str]) -> None:
    report = lint_report(capsys, str(REAL))
    assert report["findings"] == [] and report["summary"]["pods"] == 1


def test_an_enabled_namespace_in_off_mode_changes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The label alone: the VPA only recommends, the pod is BestEffort as written."""
    found = _lint(tmp_path, capsys, _namespace('    goldilocks.fairwinds.com/enabled: "true"\n'), _deployment())
    assert [rule for rule, _ in found] == ["PR201"] and "as written" not in found[0][1]


def test_an_auto_namespace_has_the_vpa_set_the_requests(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    labels = '    goldilocks.fairwinds.com/enabled: "true"\n    goldilocks.fairwinds.com/vpa-update-mode: Auto\n'
    found = _lint(tmp_path, capsys, _namespace(labels), _deployment())
    # no BestEffort claim, no missing request: the VPA sets both; the memory limit stays missing (a VPA sets none)
    assert [rule for rule, _ in found] == ["PR132"]
    assert "Goldilocks makes the VerticalPodAutoscaler goldilocks-goldilocks-controller" in found[0][1]
    assert "the Namespace demo is labelled goldilocks.fairwinds.com/enabled" in found[0][1]


def test_a_controllers_own_annotation_overrides_the_namespace(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    labels = '    goldilocks.fairwinds.com/enabled: "true"\n    goldilocks.fairwinds.com/vpa-update-mode: auto\n'
    off = _deployment("  annotations:\n    goldilocks.fairwinds.com/vpa-update-mode: \"off\"\n")
    assert [rule for rule, _ in _lint(tmp_path, capsys, _namespace(labels), off)] == ["PR201"]
    # a mode Goldilocks does not know is no override (vpaUpdateModeForResource: explicit only for a known mode)
    unknown = _deployment("  annotations:\n    goldilocks.fairwinds.com/vpa-update-mode: sometimes\n")
    assert [rule for rule, _ in _lint(tmp_path, capsys, _namespace(labels), unknown)] == ["PR132"]
    # and in an Off namespace, a controller may ask for one itself
    recreate = _deployment().replace("  labels:\n", "  labels:\n    goldilocks.fairwinds.com/vpa-update-mode: Recreate\n", 1)
    enabled = '    goldilocks.fairwinds.com/enabled: "true"\n'
    assert [rule for rule, _ in _lint(tmp_path, capsys, _namespace(enabled), recreate)] == ["PR132"]


def test_the_resource_policy_annotation_chooses_what_the_vpa_sets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The e2e test's annotation, its container renamed to the Deployment's: cpu only is controlled."""
    labels = '    goldilocks.fairwinds.com/enabled: "true"\n    goldilocks.fairwinds.com/vpa-update-mode: auto\n'
    policy = """    goldilocks.fairwinds.com/vpa-resource-policy: '{ "containerPolicies": [ { "containerName": "goldilocks", "controlledResources": ["cpu"] } ] }'\n"""
    found = _lint(tmp_path, capsys, _namespace(labels, policy), _deployment())
    assert sorted(rule for rule, _ in found) == ["PR131", "PR132"]  # the memory request is the manifest's, missing
    off = policy.replace('"controlledResources": ["cpu"]', '"mode": "Off"')
    found = _lint(tmp_path, capsys, _namespace(labels, off), _deployment())
    assert [rule for rule, _ in found] == ["PR201"]


def test_a_label_parsebool_refuses_or_false_manages_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for value in ('"yes"', '"false"', '"0"'):
        labels = f"    goldilocks.fairwinds.com/enabled: {value}\n    goldilocks.fairwinds.com/vpa-update-mode: auto\n"
        assert [rule for rule, _ in _lint(tmp_path, capsys, _namespace(labels), _deployment())] == ["PR201"]


def test_the_decoding_follows_goldilocks() -> None:
    ns = {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "demo", "labels": {"goldilocks.fairwinds.com/Enabled": "T"}}}
    managed = managed_namespace(ns, HERE)
    assert managed is not None and managed.mode == "Off" and managed.policy is None
    # an annotation present wins over the label, even empty
    assert update_mode({"annotations": {"goldilocks.fairwinds.com/vpa-update-mode": ""}, "labels": {"goldilocks.fairwinds.com/vpa-update-mode": "auto"}}) == ("Off", False)
    assert update_mode({"labels": {"goldilocks.fairwinds.com/vpa-update-mode": "INPLACEORRECREATE"}}) == ("InPlaceOrRecreate", True)
    # Go's decoder matches field names in any case; JSON it cannot decode gives no policy, explicitly
    assert resource_policy({"annotations": {"goldilocks.fairwinds.com/vpa-resource-policy": '{"ContainerPolicies": [{"containername": "a", "MODE": "Off"}]}'}}) == (
        {"containerPolicies": [{"containerName": "a", "mode": "Off"}]}, True
    )
    assert resource_policy({"annotations": {"goldilocks.fairwinds.com/vpa-resource-policy": "{not json"}}) == (None, True)
    auto = managed_namespace({**ns, "metadata": {"name": "demo", "labels": {"goldilocks.fairwinds.com/enabled": "true", "goldilocks.fairwinds.com/vpa-update-mode": "auto"}}}, HERE)
    assert auto is not None
    vpa = goldilocks_autoscaler(auto, "StatefulSet", "redis-replicas", {"metadata": {}})
    assert vpa is not None and vpa.name == "goldilocks-redis-replicas" and vpa.target == ("StatefulSet", "redis-replicas") and vpa.namespace == "demo"
    assert goldilocks_autoscaler(auto, "Pod", "bare", None) is None  # a bare pod has no top controller
    assert goldilocks_autoscaler(auto, "RayCluster", "r", None) is None  # a kind the VPA does not follow without /scale
