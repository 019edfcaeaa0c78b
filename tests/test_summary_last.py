"""The summary is the last line of every text report: notes (a chart left
unrendered, ...) come before it, so ``tail -1`` and a CI log's tail show the
summary. Run on the real chart of tests/data/real/helm with helm off PATH
(one note) beside a real manifest with findings."""

from __future__ import annotations

from pathlib import Path

import pytest

from pod_resources_cli.cli import main

REAL = Path(__file__).parent / "data" / "real"
CHART = REAL / "helm" / "prometheus-community__helm-charts" / "charts" / "prometheus-nginx-exporter"
ROLLOUT = REAL / "argoproj__argo-rollouts" / "examples__apisix__rollout.yaml"  # one PR132 finding


@pytest.fixture(autouse=True)
def no_tools(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.setenv("COLUMNS", "80")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], list[str]]:
    code = main(["lint", "--no-config", *args])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err.splitlines()


def test_lint_text_ends_on_its_summary_after_the_notes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(CHART), str(ROLLOUT))
    assert code == 0
    assert out[-1] == (
        "Found 0 errors, 1 warning, 0 info: 14 files, 1 object, 1 pod checked; "
        "skipped 6 unrendered templates, 7 chart values or data files."
    )
    assert out[-2].startswith(f"{CHART}: Helm chart not rendered")
    assert out[-3] == ""  # the findings end with a blank line, then the notes
    assert any(" PR132 [warning] " in line for line in out[:-3])


def test_no_findings_still_ends_on_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(CHART))
    assert code == 0 and len(out) == 2
    assert "Helm chart not rendered (helm is not on PATH)" in out[0]
    assert out[1] == "No Kubernetes objects in 13 files; skipped 6 unrendered templates, 7 chart values or data files."


def test_github_annotations_end_on_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "-o", "github", str(CHART), str(ROLLOUT))
    assert out[0].startswith("::warning file=") and out[-1].startswith("Found 0 errors, 1 warning, 0 info: 14 files")
    assert "Helm chart not rendered" in out[-2]


def test_gitlab_stderr_ends_on_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(capsys, "-o", "gitlab", str(CHART), str(ROLLOUT))
    assert "Helm chart not rendered" in err[-2] and err[-1].startswith("Found 0 errors, 1 warning, 0 info: 14 files")


def test_quiet_prints_the_finding_lines_alone(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "-q", str(CHART), str(ROLLOUT))
    assert len(out) == 1 and " PR132 [warning] " in out[0]
