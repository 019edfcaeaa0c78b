"""A plain file a kustomization takes as a resource and deletes objects of is read on its own too
(source/layout.py), as a base it deletes from is built on its own: aquasecurity/trivy-operator @1006872c1463
(tests/data/real/SOURCES.tsv) installs with ``kubectl apply -f deploy/static/trivy-operator.yaml``
(its installation guide, kubectl.md), and its CI builds ``kubectl create -k deploy/static``, whose
kustomization deletes the trivy-operator Deployment ("to avoid conflicts with the test suite"). Was: the file was
only read through that build, so the operator's own Deployment (no resources: BestEffort) was never checked."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from pod_resources_cli.source.kustomization import parse_kustomization
from tests.lint_support import lint_report

STATIC = Path(__file__).parent / "data" / "real" / "kustomize" / "aquasecurity__trivy-operator" / "deploy" / "static"
BUILDS = shutil.which("kubectl") is not None or shutil.which("kustomize") is not None


def test_the_real_kustomization_deletes_inline() -> None:
    path = STATIC / "kustomization.yaml"
    parsed = parse_kustomization(str(path), yaml.safe_load(path.read_text(encoding="utf-8")))
    assert parsed.deletes and [Path(r).name for r in parsed.resources] == ["trivy-operator.yaml"]


@pytest.mark.skipif(not BUILDS, reason="needs a kustomize build")
def test_the_deployment_the_build_deletes_is_checked_in_its_file(capsys: pytest.CaptureFixture[str]) -> None:
    report = lint_report(capsys, str(STATIC))
    assert report["summary"]["pods"] == 1  # was 0
    got = [(f["rule"], Path(f["path"]).name, f["line"], f["object"]["namespace"], f["object"]["name"]) for f in report["findings"]]
    assert got == [("PR201", "trivy-operator.yaml", 3129, "trivy-system", "trivy-operator")]
    assert "builds" not in report["findings"][0]  # the file's own reading: the build has no such Deployment
    assert report["summary"]["notes"] == []


@pytest.mark.skipif(not BUILDS, reason="needs a kustomize build")
def test_a_finding_of_both_readings_is_given_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The real kustomization over a file that also holds a Deployment it keeps: that Deployment is read by the
    build and by the file alone, and its finding is reported once (was twice)."""
    root = tmp_path / "static"
    root.mkdir()
    (root / ".git").mkdir()
    shutil.copy(STATIC / "kustomization.yaml", root / "kustomization.yaml")
    kept = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: kept\n  namespace: trivy-system\nspec:\n  selector:\n    matchLabels: {app: kept}\n  template:\n    metadata:\n      labels: {app: kept}\n    spec:\n      containers:\n      - name: kept\n        image: nginx\n---\n"
    (root / "trivy-operator.yaml").write_text(kept + (STATIC / "trivy-operator.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    report = lint_report(capsys, str(root))
    got = [(f["rule"], f["object"]["name"], f["line"]) for f in report["findings"]]
    assert got == [("PR201", "kept", 13), ("PR201", "trivy-operator", 3129 + 16)]
