"""Helm snapshot tests (source/harness_snapshots.py) on kubeflow/kfp-tekton @0b894195443c's real files
(tests/data/real/SOURCES.tsv): manifests/gcp_marketplace/test/snapshots.sh writes each case's `helm template`
output to snapshot-$case.yaml and presubmit.sh fails on any difference: golden files, never applied (15
warnings on snapshot-base.yaml alone before, 60 over the four cases)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real" / "kubeflow__kfp-tekton"
PREFIX = "manifests__gcp_marketplace__test__"
FILES = ("snapshots.sh", "presubmit.sh", "snapshot-base.yaml", "values-base.yaml")


def _tree(tmp_path: Path, files: tuple[str, ...] = FILES) -> Path:
    root = tmp_path / "kfp-tekton"
    test = root / "manifests" / "gcp_marketplace" / "test"
    test.mkdir(parents=True)
    (root / ".git").mkdir()
    for name in files:
        shutil.copy(REAL / f"{PREFIX}{name}", test / name)
    return root


def test_without_the_script_the_snapshot_is_linted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = lint_report(capsys, str(_tree(tmp_path, ("presubmit.sh", "snapshot-base.yaml", "values-base.yaml"))))
    assert sorted(f["rule"] for f in report["findings"]) == ["PR132"] * 6 + ["PR201"] * 9 and report["summary"]["pods"] == 15


def test_a_snapshot_the_script_writes_is_a_test_assertion(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = lint_report(capsys, "--show-skipped", str(_tree(tmp_path)))
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    [skipped] = [s for s in report["skipped"] if s["reason"] == "test-assertion"]
    assert Path(skipped["path"]).name == "snapshot-base.yaml"
    assert skipped["note"].endswith("manifests/gcp_marketplace/test/snapshots.sh writes it with helm template, a snapshot its test compares, never applied")
    assert ("not-kubernetes", "values-base.yaml") in {(s["reason"], Path(s["path"]).name) for s in report["skipped"]}


def test_a_script_that_runs_kubectl_writes_no_snapshot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _tree(tmp_path)
    script = root / "manifests" / "gcp_marketplace" / "test" / "snapshots.sh"
    script.write_text(script.read_text(encoding="utf-8") + 'kubectl apply -f "${DIR}/snapshot-base.yaml"\n', encoding="utf-8")
    report = lint_report(capsys, str(root))
    assert len(report["findings"]) == 15
