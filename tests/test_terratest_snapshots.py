"""Terratest's Helm snapshots (source/harness_terratest.py) on DataDog/helm-charts @79f7c74fd252's real files
(tests/data/real/SOURCES.tsv): test/private-action-runner/baseline_test.go renders the chart and compares it with
``__snapshot__/<case>.yaml`` through ``helm.DiffAgainstSnapshot`` (gruntwork-io/terratest @2b415016a88f
modules/helm/template.go: the default snapshot directory ``__snapshot__``): golden files, never applied."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pod_resources_cli.source.harness_terratest import terratest_snapshots
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real" / "DataDog__helm-charts"
TEST = "test__private-action-runner__baseline_test.go"
SNAPSHOT = "test__private-action-runner____snapshot____custom-resources.yaml"


def _tree(tmp_path: Path, with_test: bool = True) -> tuple[Path, Path]:
    root = tmp_path / "helm-charts"
    package = root / "test" / "private-action-runner"
    (package / "__snapshot__").mkdir(parents=True)
    (root / ".git").mkdir()
    if with_test:
        shutil.copy(REAL / TEST, package / "baseline_test.go")
    shutil.copy(REAL / SNAPSHOT, package / "__snapshot__" / "custom-resources.yaml")
    return root, package


def test_without_the_go_test_the_snapshot_is_linted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root, _ = _tree(tmp_path, with_test=False)
    report = lint_report(capsys, str(root))
    assert report["summary"]["pods"] == 1
    assert sorted((f["rule"], f["object"]["name"]) for f in report["findings"]) == [
        ("PR133", "resources-test-private-action-runner"),
        ("PR134", "resources-test-private-action-runner"),
    ]
    [limit] = [f for f in report["findings"] if f["rule"] == "PR134"]
    assert "cpu limit 500m is 5x its request 100m" in limit["message"]


def test_a_snapshot_the_go_test_compares_is_a_test_assertion(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root, _ = _tree(tmp_path)
    report = lint_report(capsys, "--show-skipped", str(root))
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    [skipped] = [s for s in report["skipped"] if s["reason"] == "test-assertion"]
    assert Path(skipped["path"]).name == "custom-resources.yaml"
    assert skipped["note"].endswith(
        "test/private-action-runner/baseline_test.go compares it with the chart it renders (terratest's helm snapshot), never applied"
    )


def test_the_refs_name_the_default_directory_and_a_literal_snapshot_path(tmp_path: Path) -> None:
    _, package = _tree(tmp_path)
    [test] = terratest_snapshots(str(package))
    assert [r.pattern for r in test.refs] == [str(package / "__snapshot__" / "*.yaml")]
    text = (REAL / TEST).read_text(encoding="utf-8").replace("&helm.Options{}", '&helm.Options{SnapshotPath: "golden"}', 1)
    other = tmp_path / "other"
    other.mkdir()
    (other / "baseline_test.go").write_text(text, encoding="utf-8")
    [test] = terratest_snapshots(str(other))
    assert [r.pattern for r in test.refs] == [str(other / "__snapshot__" / "*.yaml"), str(other / "golden" / "*.yaml")]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ('"github.com/gruntwork-io/terratest/modules/helm"', '"example.com/helm"', []),  # not terratest's helm package
        ("Snapshot(t, &helm.Options{}", "Template(t, &helm.Options{}", []),  # renders, compares with no snapshot
        ("&helm.Options{}", '&helm.Options{SnapshotPath: "../elsewhere"}', ["__snapshot__"]),  # out of the package: not followed
        ("&helm.Options{}", '&helm.Options{SnapshotPath: "/abs"}', ["__snapshot__"]),
    ],
)
def test_what_names_no_snapshot(tmp_path: Path, old: str, new: str, expected: list[str]) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    text = (REAL / TEST).read_text(encoding="utf-8")
    assert old in text
    (package / "baseline_test.go").write_text(text.replace(old, new), encoding="utf-8")
    found = terratest_snapshots(str(package))
    assert [r.pattern for t in found for r in t.refs] == [str(package / d / "*.yaml") for d in expected]


def test_an_aliased_import(tmp_path: Path) -> None:
    text = (REAL / TEST).read_text(encoding="utf-8")
    text = text.replace('"github.com/gruntwork-io/terratest/modules/helm"', 'th "github.com/gruntwork-io/terratest/modules/helm"')
    text = text.replace("helm.DiffAgainstSnapshot(", "th.DiffAgainstSnapshot(").replace("helm.UpdateSnapshot(", "th.UpdateSnapshot(")
    (tmp_path / "baseline_test.go").write_text(text, encoding="utf-8")
    [test] = terratest_snapshots(str(tmp_path))
    assert [r.pattern for r in test.refs] == [str(tmp_path / "__snapshot__" / "*.yaml")]


def test_a_snapshot_linted_alone_is_a_test_assertion(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, package = _tree(tmp_path)
    report = lint_report(capsys, str(package / "__snapshot__" / "custom-resources.yaml"))
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    assert report["summary"]["skipped"]["test-assertion"] == 1
