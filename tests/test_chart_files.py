"""A chart's files its templates never read are manifests kept beside it
(source/chart_files.py): feast-feature-server's samples/ (an
OpenTelemetryCollector with a target allocator, RBAC) are linted as its
opentelemetry.md has users apply them; a file a template reads, or may
read (``.Files.Glob``, a computed path), stays the chart's data."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pod_resources_cli.source.chart_files import unread
from tests.lint_support import lint_report

CHART = Path(__file__).parent / "data" / "real" / "feast-dev__feast" / "tree" / "infra" / "charts" / "feast-feature-server"


@pytest.fixture
def no_tools(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))


def test_a_charts_samples_are_linted_as_manifests(no_tools: None, capsys: pytest.CaptureFixture[str]) -> None:
    """Its templates use no ``.Files``: samples/otel-collector.yaml is the OpenTelemetry operator's collector
    StatefulSet and target allocator, neither sized (two PR201); samples/rbac.yaml carries no pod; the templates
    stay unrendered without helm, Chart.yaml and values.yaml the chart's."""
    report = lint_report(capsys, str(CHART))
    assert [(f["rule"], f["path"].rpartition("/")[2], f["line"], f["object"]["kind"]) for f in report["findings"]] == [
        ("PR201", "otel-collector.yaml", 7, "OpenTelemetryCollector"), ("PR201", "otel-collector.yaml", 10, "OpenTelemetryCollector")]  # fmt: skip
    summary = report["summary"]
    assert summary["pods"] == 2 and summary["skipped"]["template"] == 2 and summary["skipped"]["chart-file"] == 2
    assert summary["skipped"]["no-pods"] == {"ServiceAccount": 1, "ClusterRole": 1, "ClusterRoleBinding": 1}


def _chart(tmp_path: Path, template: str) -> Path:
    chart = tmp_path / "c"
    shutil.copytree(CHART, chart)
    (chart / "templates" / "configmap.yaml").write_text(template, encoding="utf-8")
    return chart


@pytest.mark.parametrize(
    ("template", "read"),
    [
        ('data:\n  a: {{ .Files.Get "samples/otel-collector.yaml" | quote }}\n', True),  # named: the chart's data
        ('data:\n  a: {{ .Files.Get "samples/other.yaml" | quote }}\n', False),  # another file named: still a manifest
        ("data:\n{{ (.Files.Glob \"samples/*\").AsConfig | indent 2 }}\n", True),  # a glob may read it
        ('data:\n  a: {{ $.Files.Get (printf "samples/%s" .Values.f) | quote }}\n', True),  # a computed path
    ],
)
def test_a_file_a_template_may_read_stays_the_charts(tmp_path: Path, template: str, read: bool) -> None:
    chart = _chart(tmp_path, template)
    assert unread(str(chart / "samples" / "otel-collector.yaml"), str(chart)) is not read
    assert not unread(str(chart / "values.yaml"), str(chart)) and not unread(str(chart / "Chart.yaml"), str(chart))


def test_undeclared_dependencies_keep_every_file(tmp_path: Path) -> None:
    """A dependency not vendored under charts/ may be a library whose helpers read .Files: nothing is unread."""
    chart = _chart(tmp_path, "kind: ConfigMap\n")
    with (chart / "Chart.yaml").open("a", encoding="utf-8") as fh:
        fh.write("dependencies:\n- name: common\n  version: 1.0.0\n  repository: https://example.com\n")
    assert not unread(str(chart / "samples" / "otel-collector.yaml"), str(chart))
