"""PriorityClasses an operator creates at start (model/decode/made_priority_classes.py): the
HyperConverged Cluster Operator's kubevirt-cluster-critical, on its real deploy/operator.yaml."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pod_resources_cli.cli import main
from tests.lint_support import lint_report

HCO = Path(__file__).parent / "data" / "real" / "kubevirt__hyperconverged-cluster-operator" / "deploy__operator.yaml"
NAMING = ["virt-operator", "cdi-operator", "hostpath-provisioner-operator", "aaq-operator", "kubevirt-migration-operator"]


def _explain(capsys: Any, path: Path) -> dict[str, Any]:
    main(["explain", "-o", "json", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    report: dict[str, Any] = json.loads(out)
    return report


def test_hco_creates_kubevirt_cluster_critical_for_the_operators_beside_it(capsys: Any) -> None:
    report = lint_report(capsys, str(HCO))
    assert [f for f in report["findings"] if f["rule"] in ("PR167", "PR168")] == []
    pods = {p["workload"]["name"]: p for p in _explain(capsys, HCO)["pods"]}
    assert len(pods) == 13
    for name in NAMING:
        assert pods[name]["priority"]["className"] == "kubevirt-cluster-critical"
        assert pods[name]["priority"]["value"] == 1000000000  # controllers/handlers/kubevirt.go NewKubeVirtPriorityClass
    assert pods["hyperconverged-cluster-operator"]["priority"]["className"] == "system-cluster-critical"
    # the real requests stay as written: virt-operator asks 10m and 450Mi, no limits
    assert pods["virt-operator"]["requests"] == {"cpu": "10m", "memory": "450Mi"}
    assert pods["virt-operator"]["limits"] == {}
    assert pods["virt-operator"]["qosClass"] == "Burstable"


def _without_hco(text: str) -> str:
    """The documents of the file but the operator's own Deployment (the first)."""
    docs = text.split("\n---\n")
    assert "name: hyperconverged-cluster-operator\nspec:" in docs[0] or "name: hyperconverged-cluster-operator\n" in docs[0]
    return "\n---\n".join(docs[1:])


def test_without_the_operator_the_class_is_not_there(capsys: Any, tmp_path: Path) -> None:
    path = tmp_path / "operands.yaml"
    path.write_text(_without_hco(HCO.read_text()))
    report = lint_report(capsys, str(path))
    named = sorted(f["object"]["name"] for f in report["findings"] if f["rule"] == "PR168")
    assert named == sorted(NAMING)


def test_the_webhook_binary_creates_no_class(capsys: Any, tmp_path: Path) -> None:
    text = _without_hco(HCO.read_text())
    # the webhook Deployment runs the same image with another binary: it creates nothing
    assert "- hyperconverged-cluster-webhook" in text
    path = tmp_path / "webhook.yaml"
    path.write_text(text)
    report = lint_report(capsys, str(path))
    assert any(f["rule"] == "PR168" and f["object"]["name"] == "virt-operator" for f in report["findings"])


def test_a_class_made_in_one_plain_file_is_found_from_every_pod_as_a_written_one_is(capsys: Any, tmp_path: Path) -> None:
    """Cluster-scoped, like a PriorityClass written in a plain file (docs/policies.md): the operator's Deployment in
    one directory, its operands in another."""
    text = HCO.read_text()
    (tmp_path / "operator").mkdir()
    (tmp_path / "operands").mkdir()
    (tmp_path / "operator" / "hco.yaml").write_text(text.split("\n---\n")[0])
    (tmp_path / "operands" / "operands.yaml").write_text(_without_hco(text))
    report = lint_report(capsys, str(tmp_path))
    assert [f for f in report["findings"] if f["rule"] in ("PR167", "PR168")] == []
