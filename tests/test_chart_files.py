"""A chart's files its templates never read are manifests kept beside it
(source/chart_files.py): feast-feature-server's samples/ (an
OpenTelemetryCollector with a target allocator, RBAC) are linted as its
opentelemetry.md has users apply them; a file a template reads, or may
read (``.Files.Glob``, a computed path), stays the chart's data."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from pod_resources_cli.source.chart_files import glob_matches, unread
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


CNPG = Path(__file__).parent / "data" / "real" / "cloudnative-pg__charts" / "tree" / "charts" / "cluster"


def test_a_glob_read_leaves_the_charts_other_files_manifests(no_tools: None, capsys: pytest.CaptureFixture[str]) -> None:
    """cloudnative-pg/charts (b21ad2dac799) charts/cluster: its one ``Files`` use is ``range $path, $_ := .Files.Glob
    "prometheus_rules/**.yaml"`` then ``tpl ($.Files.Get $path)``: the rules stay the chart's, and the Jobs its chainsaw
    tests apply (test/postgresql-minio-backup-restore: minio-cleanup, data-write, no resources: BestEffort) are linted
    (before: every file of the chart its data, 0 pods over the repository; now 36 Jobs). The scheduledbackups test
    names neither 00-minio_cleanup.yaml nor its assert file (a Job with only a status) and its inline scripts run only
    helm on the chart: never applied (source/harness.py), no PR002."""
    report = lint_report(capsys, "--show-skipped", str(CNPG))
    findings = sorted((f["rule"], f["path"].rpartition("/")[2], f["object"]["name"], f["severity"]) for f in report["findings"])
    assert findings == [("PR201", "00-minio_cleanup.yaml", "minio-cleanup", "warning"), ("PR201", "02-data_write.yaml", "data-write", "warning")]
    skipped = {os.path.relpath(s["path"], CNPG): s["reason"] for s in report["skipped"]}
    assert skipped["prometheus_rules/cluster-offline.yaml"] == "chart-file" and skipped["Chart.yaml"] == "chart-file"
    assert skipped["templates/prometheus-rule.yaml"] == "template"
    assert skipped["test/scheduledbackups/00-minio_cleanup.yaml"] == "test-input"
    assert skipped["test/scheduledbackups/00-minio_cleanup-assert.yaml"] == "test-input"
    assert skipped["test/postgresql-minio-backup-restore/00-minio_cleanup-assert.yaml"] == "test-assertion"
    assert report["summary"]["pods"] == 2
    from pod_resources_cli.cli import main

    main(["explain", "-o", "json", str(CNPG / "test" / "postgresql-minio-backup-restore")])
    explained = json.loads(capsys.readouterr().out)
    assert [(p["workload"]["name"], p["qosClass"], [c["name"] for c in p["containers"]], p["requests"], p["limits"]) for p in explained["pods"]] == [
        ("minio-cleanup", "BestEffort", ["minio-cleanup"], {}, {}), ("data-write", "BestEffort", ["data-write"], {}, {})]  # fmt: skip


@pytest.mark.parametrize(
    ("template", "read"),
    [
        ('{{- range $path, $_ := .Files.Glob "prometheus_rules/**.yaml" }}{{ tpl ($.Files.Get $path) $ }}{{ end }}', False),
        ('{{- range $path, $_ := .Files.Glob "test/**" }}{{ $.Files.Get $path }}{{ end }}', True),  # the glob matches it
        ('{{- range $path, $_ := .Files.Glob "test/*.yaml" }}{{ $.Files.Get $path }}{{ end }}', False),  # * stops at /
        ('{{- range $path, $_ := .Files.Glob "{x,test}/*/*.yaml" }}{{ $.Files.Get $path }}{{ end }}', True),
        ('{{ (.Files.Glob "test/*/00-minio_cleanup.[!y]aml").AsConfig }}', False),
        ('{{ (.Files.Glob "test/*/00-minio_cleanup.[x-z]aml").AsConfig }}', True),
        ('{{ (.Files.Glob "test/[").AsConfig }}', True),  # does not compile: helm's "**"
        # $path bound again: the Get may name any file
        ('{{- range $path, $_ := .Files.Glob "p/*.yaml" }}{{ $path := "x" }}{{ $.Files.Get $path }}{{ end }}', True),
        ('{{- range $path, $_ := .Files.Glob "p/*.yaml" }}{{ $.Files.Get $other }}{{ end }}', True),  # another variable
    ],
)
def test_a_glob_reads_what_it_matches(tmp_path: Path, template: str, read: bool) -> None:
    chart = tmp_path / "c"
    shutil.copytree(CNPG, chart)
    (chart / "templates" / "prometheus-rule.yaml").write_text(template, encoding="utf-8")
    target = chart / "test" / "scheduledbackups" / "00-minio_cleanup.yaml"
    assert unread(str(target), str(chart)) is not read


@pytest.mark.parametrize(
    ("pattern", "name", "matches"),
    [
        ("prometheus_rules/**.yaml", "prometheus_rules/a/b.yaml", True),
        ("*.yaml", "a/b.yaml", False),
        ("**.yaml", "a/b.yaml", True),
        ("a?c", "a/c", False),
        ("a?c", "abc", True),
        ("{a,b}/*", "b/x", True),
        ("{a,b", "anything", True),  # does not compile: helm's "**"
        ("a\\*b", "a*b", True),
        ("a\\*b", "axb", False),
        ("*" * 300 + "a" * 200 + "b", "a" * 400, False),  # a table, never backtracking
    ],
)
def test_glob_matches_as_gobwas_with_the_slash_separator(pattern: str, name: str, matches: bool) -> None:
    assert glob_matches(pattern, name) is matches
