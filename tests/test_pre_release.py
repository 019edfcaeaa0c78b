"""--kubernetes-version 1.38 (no tag yet: the table marks it pre-release) is
accepted and every report says so, in every format; 1.37's say nothing of it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.features import LATEST, NEWEST, pre_release

ROOT = Path(__file__).resolve().parent.parent
NODE = str(ROOT / "examples" / "nodes" / "dual-socket-ht.yaml")
POD = """\
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers:
  - name: c
    resources: {requests: {cpu: "2", memory: 1Gi}, limits: {cpu: "2", memory: 1Gi}}
"""
NOTE = pre_release(NEWEST)["note"]  # type: ignore[index]

RUNS = [
    ["explain"],
    ["explain", "-o", "wide"],
    ["explain", "-o", "json"],
    ["explain", "-o", "yaml"],
    ["admit", "--node", NODE],
    ["admit", "--node", NODE, "-o", "wide"],
    ["admit", "--node", NODE, "-o", "json"],
    ["admit", "--node", NODE, "-o", "yaml"],
    ["lint"],
    ["lint", "-o", "json"],
    ["lint", "-o", "sarif"],
    ["lint", "-o", "github"],
    ["lint", "-o", "junit"],
]


def _run(args: list[str], version: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    pod = tmp_path / "pod.yaml"
    pod.write_text(POD)
    code = main([*args, "--kubernetes-version", version, str(pod)])
    out, err = capsys.readouterr()
    assert code in (0, 1), err
    return out, err


def test_the_next_release_is_pre_release_and_the_default_is_not() -> None:
    assert str(NEWEST) == "1.38" and NEWEST.prerelease
    assert str(LATEST) == "1.37" and pre_release(LATEST) is None


@pytest.mark.parametrize("args", RUNS, ids=lambda a: "-".join(x for x in a if x != NODE))
def test_every_report_says_so(args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, err = _run(args, "1.38", tmp_path, capsys)
    assert f"pod-resources: warning: {NOTE}" in err.splitlines()
    assert NOTE in " ".join(out.split())  # YAML folds long lines
    if "json" in args:
        assert json.loads(out)["preRelease"] == {"kubernetesVersion": "1.38", "note": NOTE}
    out, err = _run(args, "1.37", tmp_path, capsys)
    assert "pre-release" not in out + err


def test_the_reports_without_a_place_for_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """GitLab's report is a list of issues and -q prints findings alone: the warning on stderr says it."""
    for args in (["lint", "-o", "gitlab"], ["lint", "-q"]):
        out, err = _run(args, "1.38", tmp_path, capsys)
        assert f"pod-resources: warning: {NOTE}" in err.splitlines()
    svg = tmp_path / "admit.svg"
    _run(["admit", "--node", NODE, "-o", "svg", "--output-file", str(svg)], "1.38", tmp_path, capsys)
    assert "Kubernetes 1.38 is a pre-release" in svg.read_text()


def test_diff_marks_the_side(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pod = tmp_path / "pod.yaml"
    pod.write_text(POD)
    assert main(["diff", "--from-version", "1.37", "--to-version", "1.38", str(pod)]) == 0
    out = capsys.readouterr().out
    assert "From: Kubernetes 1.37, node" in out and "To:   Kubernetes 1.38 (pre-release), node" in out
    assert main(["diff", "--from-version", "1.37", "--to-version", "1.38", "-o", "json", str(pod)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "preRelease" not in data["from"] and data["to"]["preRelease"] is True
    assert NOTE in data["summary"]["notes"]


def test_lint_upgrade_to_a_pre_release_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = _run(["lint", "-o", "json", "--upgrade-to", "1.38"], "1.37", tmp_path, capsys)
    assert json.loads(out)["preRelease"]["kubernetesVersion"] == "1.38"
