"""A JavaScript mock server's data (source/harness_mockserver.py) on kubeflow/kfp-tekton @0b894195443c's real
frontend files (tests/data/real/SOURCES.tsv): the Argo Workflows its mock backend serves to the UI as pipeline
templates are test inputs, never applied (20 PR138 warnings before)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real" / "kubeflow__kfp-tekton"
DATA = ("mock-template.yaml", "mock-template-str.json", "mock-conditional-template.yaml")
SCRIPTS = ("mock-api-middleware.ts", "fixed-data.ts")


def _tree(tmp_path: Path, scripts: tuple[str, ...] = SCRIPTS) -> Path:
    """The repository's frontend/, rebuilt from the flattened real files, in a git work tree."""
    root = tmp_path / "kfp-tekton"
    data = root / "frontend" / "mock-backend" / "data" / "v1" / "template"
    data.mkdir(parents=True)
    (root / ".git").mkdir()
    shutil.copy(REAL / "frontend__package.json", root / "frontend" / "package.json")
    for name in scripts:
        shutil.copy(REAL / f"frontend__mock-backend__{name}", root / "frontend" / "mock-backend" / name)
    for name in DATA:
        shutil.copy(REAL / f"frontend__mock-backend__data__v1__template__{name}", data / name)
    return root


def test_without_the_mock_server_the_workflows_are_linted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = lint_report(capsys, str(_tree(tmp_path, ())))
    assert [f["rule"] for f in report["findings"]] == ["PR138"] * 20
    assert {(f["object"]["kind"], f["object"]["name"]) for f in report["findings"]} == {("Workflow", "xgboosttrainer-"), ("Workflow", "pipeline-flip-coin-")}


def test_what_the_mock_server_reads_is_a_test_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """mock-api-middleware.ts reads './mock-backend/data/v1/template/mock-template.yaml' from the package root
    (npm's working directory, frontend/); fixed-data.ts imports './data/v1/template/mock-template-str.json' from
    its own directory."""
    report = lint_report(capsys, "--show-skipped", str(_tree(tmp_path)))
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    notes = {Path(s["path"]).name: s["note"] for s in report["skipped"] if s["reason"] == "test-input"}
    middleware = "the mock server frontend/mock-backend/mock-api-middleware.ts reads it to answer a web UI's API calls (a fixture), never applies it"
    assert {name: note.replace(str(tmp_path / "kfp-tekton") + "/", "") for name, note in notes.items()} == {
        "mock-template.yaml": middleware,
        "mock-conditional-template.yaml": middleware,
        "mock-template-str.json": middleware.replace("mock-api-middleware.ts", "fixed-data.ts"),
    }


def test_a_script_that_talks_to_a_cluster_names_no_test_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same middleware, had it run kubectl: what it names may be applied, so it is linted."""
    root = _tree(tmp_path, ("mock-api-middleware.ts",))
    script = root / "frontend" / "mock-backend" / "mock-api-middleware.ts"
    script.write_text(script.read_text(encoding="utf-8") + "\nexecSync('kubectl apply -f ./mock-backend/data/v1/template/mock-template.yaml');\n", encoding="utf-8")
    report = lint_report(capsys, str(root))
    assert [f["rule"] for f in report["findings"]] == ["PR138"] * 20
