"""Jsonnet programs in a linted tree are said in one note, never silently left out (source/jsonnet_files.py).

argoproj/argocd-example-apps @0d521c6e0498 holds two Jsonnet directory applications (jsonnet-guestbook,
jsonnet-guestbook-tla: a Service and a Deployment each, which Argo CD evaluates, argoproj/argo-cd @37ee0097cf85
reposerver/repository/repository.go findManifests) and a Kasane layer (plugins/kasane/patch.jsonnet): lint of the
repository named none of them, as if the tree had no such applications. The real program here is Argo CD's own
test input for that code (reposerver/repository/testdata/jsonnet), beside the library it imports.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real" / "argoproj__argo-cd"
PROGRAM = REAL / "reposerver__repository__testdata__jsonnet__guestbook-ui.jsonnet"
LIBRARY = REAL / "reposerver__repository__testdata__jsonnet__params.libsonnet"


def _jsonnet_notes(notes: list[str]) -> list[str]:
    return [n for n in notes if "Jsonnet" in n]


def test_a_jsonnet_program_is_said_not_evaluated(capsys: pytest.CaptureFixture[str]) -> None:
    """One program, one library (imported, never a program of its own): one note naming the directory and the
    command that lints the program's output; nothing read, nothing found, no failure."""
    report = lint_report(capsys, "--no-render", str(REAL))
    assert report["findings"] == []
    assert (report["summary"]["files"], report["summary"]["pods"], report["summary"]["failed"]) == (0, 0, False)
    assert _jsonnet_notes(report["summary"]["notes"]) == [
        f"{REAL}: 1 Jsonnet file not evaluated (pod-resources reads YAML and JSON and runs no program): the objects it"
        f" makes are not checked. Lint it with `jsonnet -y {PROGRAM} | pod-resources lint -`."
    ]


def test_explain_reads_the_tree_the_same_way(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "--no-render", str(REAL)]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    assert "1 Jsonnet file not evaluated" in out + err


def test_directories_are_named_a_few_then_counted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Sorted by directory (``a`` before ``a-tla``, as ``jsonnet-guestbook`` before ``jsonnet-guestbook-tla``),
    three named and the rest counted; a chart's Jsonnet file is the chart's (helm does not evaluate it), and a
    ``.libsonnet`` library is no program."""
    for name in ("a", "a-tla", "b", "c", "d"):
        (tmp_path / name).mkdir()
        shutil.copy(PROGRAM, tmp_path / name / "guestbook-ui.jsonnet")
        shutil.copy(LIBRARY, tmp_path / name / "params.libsonnet")
    shutil.copy(PROGRAM, tmp_path / "a" / "second.jsonnet")
    chart = tmp_path / "chart"
    (chart / "files").mkdir(parents=True)
    (chart / "Chart.yaml").write_text("apiVersion: v2\nname: chart\nversion: 0.1.0\n")
    shutil.copy(PROGRAM, chart / "files" / "guestbook-ui.jsonnet")
    report = lint_report(capsys, "--no-render", str(tmp_path))
    assert _jsonnet_notes(report["summary"]["notes"]) == [
        f"{tmp_path / 'a'}, {tmp_path / 'a-tla'}, {tmp_path / 'b'} and 2 more directories: 6 Jsonnet files not evaluated"
        " (pod-resources reads YAML and JSON and runs no program): the objects they make are not checked. Lint each"
        f" with `jsonnet -y {tmp_path / 'a' / 'guestbook-ui.jsonnet'} | pod-resources lint -`."
    ]


def test_a_tree_without_jsonnet_has_no_such_note(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(LIBRARY, tmp_path / "params.libsonnet")
    (tmp_path / "pod.yaml").write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: x}]\n")
    report = lint_report(capsys, "--no-render", str(tmp_path))
    assert _jsonnet_notes(report["summary"]["notes"]) == []
    assert report["summary"]["pods"] == 1
