"""An umbrella chart (no templates of its own, its pods in its dependencies) not rendered is said, not passed over.

aws-containers/retail-store-sample-app @1a28474f2461 src/app/chart: Chart.yaml lists five ``file://`` dependencies
under aliases (cart, catalog, checkout, orders, ui) and has no ``templates/``. Without helm, lint and explain
of the repository gave a note for each of the five charts but none for the chart that deploys them together.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.source.chart_umbrella import umbrella_dependencies
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real" / "helm" / "aws-containers__retail-store-sample-app"
CHART = REAL / "src" / "app" / "chart"


@pytest.fixture
def no_helm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))


def _note(rel: str) -> str:
    return (
        f"{rel}: Helm chart not rendered (helm is not on PATH); no templates of its own; its 5 dependencies "
        "(cart, catalog, checkout, orders, ui) render with its values. Lint it, after "
        f"`helm dependency build {rel}`, with `pod-resources lint {rel}` (helm on PATH) or "
        f"`helm template {rel} | pod-resources lint -`."
    )


def test_the_dependencies_are_named_by_alias() -> None:
    assert umbrella_dependencies(str(CHART)) == ("cart", "catalog", "checkout", "orders", "ui")


@pytest.mark.usefixtures("no_helm")
def test_lint_of_the_umbrella_chart_says_it_is_not_rendered(capsys: pytest.CaptureFixture[str]) -> None:
    for given in (CHART, REAL):
        report = lint_report(capsys, str(given))
        summary: dict[str, Any] = report["summary"]
        assert report["findings"] == [] and summary["pods"] == 0
        assert summary["skipped"]["chart-file"] == 2  # Chart.yaml and values.yaml: no manifest
        assert summary["notes"] == [_note(str(CHART))]


@pytest.mark.usefixtures("no_helm")
def test_explain_gives_the_same_note(capsys: pytest.CaptureFixture[str]) -> None:
    main(["explain", "-o", "json", str(CHART)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err and json.loads(out)["pods"] == []
    assert _note(str(CHART)) in err + out


@pytest.mark.usefixtures("no_helm")
def test_a_chart_with_templates_keeps_its_own_note(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chart = tmp_path / "chart"
    (chart / "templates").mkdir(parents=True)
    (chart / "Chart.yaml").write_text((CHART / "Chart.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (chart / "templates" / "cm.yaml").write_text("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n")
    [note] = lint_report(capsys, str(chart))["summary"]["notes"]
    assert note.startswith(f"{chart}: Helm chart not rendered (helm is not on PATH); 1 template skipped.")


@pytest.mark.usefixtures("no_helm")
def test_packaged_dependencies_need_no_build(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chart = tmp_path / "chart"
    (chart / "charts").mkdir(parents=True)
    (chart / "Chart.yaml").write_text((CHART / "Chart.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (chart / "charts" / "retail-store-sample-cart-chart-1.6.2.tgz").write_bytes(b"")
    [note] = lint_report(capsys, str(chart))["summary"]["notes"]
    assert "dependency build" not in note and note.endswith(
        f"render with its values. Lint it with `pod-resources lint {chart}` (helm on PATH) or `helm template {chart} | pod-resources lint -`."
    )


@pytest.mark.parametrize(
    ("chart_yaml", "requirements", "expected"),
    [
        ("apiVersion: v1\nname: a\nversion: 1.0.0\n", "dependencies:\n- name: redis\n  repository: file://../redis\n", ("redis",)),
        ("apiVersion: v1\nname: a\nversion: 1.0.0\n", None, ()),
        ("apiVersion: v2\nname: a\nversion: 1.0.0\n", None, ()),  # no dependency: renders nothing, nothing to say
        ("apiVersion: v2\nname: a\ndependencies: app\n", None, ()),
        ("apiVersion: v2\nname: a\ndependencies: [{name: b, alias: ''}, 7, {alias: c}, {version: 1}]\n", None, ("b", "c")),
        ("dependencies: [\n  {name: b\n", None, ()),  # broken YAML
        ("- a\n- b\n", None, ()),
    ],
)  # fmt: skip
def test_dependencies_as_helm_reads_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    chart_yaml: str, requirements: str | None, expected: tuple[str, ...],
) -> None:  # fmt: skip
    (tmp_path / "Chart.yaml").write_text(chart_yaml)
    if requirements is not None:
        (tmp_path / "requirements.yaml").write_text(requirements)
    assert umbrella_dependencies(str(tmp_path)) == expected
    empty = tmp_path / "bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    report = lint_report(capsys, str(tmp_path))
    notes = report["summary"]["notes"]
    assert report["summary"]["pods"] == 0
    assert len(notes) == (1 if expected else 0)
