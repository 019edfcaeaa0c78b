"""A chart whose dependency is bjw-s' app-template: its values.yaml holds the pods app-template renders.

khuedoan/homelab @cb046acfba61 wraps app-template in 13 charts of its own (apps/*/Chart.yaml lists it under
``dependencies``; Argo CD renders each directory with its values.yaml). Without the dependency in ``charts/`` (or
without helm) nothing renders them, and their values were counted as chart files: 14 pods never looked at.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from pod_resources_cli.cli import main
from pod_resources_cli.model.items import SkippedItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real" / "helm" / "khuedoan__homelab" / "apps"


def _explained(capsys: pytest.CaptureFixture[str], *paths: Path) -> list[dict[str, Any]]:
    main(["explain", "--no-render", "-o", "json", *(str(p) for p in paths)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    pods: list[dict[str, Any]] = json.loads(out)["pods"]
    return pods


def _pods(capsys: pytest.CaptureFixture[str], *paths: Path) -> list[tuple[str, str, str, int | None, list[tuple[str, dict[str, str], dict[str, str]]], str]]:
    return [
        (p["workload"]["kind"], p["workload"]["name"], p["workload"]["template"], p["workload"]["replicas"],
         [(c["name"], c["requests"], c["limits"]) for c in p["containers"]], p["qosClass"])
        for p in _explained(capsys, *paths)
    ]  # fmt: skip


def test_the_values_of_an_app_template_chart_are_its_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """common 2.6.0 (paperless, jellyfin) orders containers by ``order`` text, main's 1 before the others' 99, then
    by key; 3.1.0 (tailscale) by dependsOn, none here: sorted keys. No container sets resources: BestEffort, as the
    chart renders them (lib/container/_spec.tpl writes ``resources`` only where set)."""
    assert _pods(capsys, REAL / "paperless", REAL / "jellyfin", REAL / "tailscale") == [
        ("Chart", "paperless", "app-template.controllers[main]", 1, [("main", {}, {}), ("redis", {}, {})], "BestEffort"),
        ("Chart", "jellyfin", "app-template.controllers[main]", 1, [
            ("main", {}, {}), ("jellyseerr", {}, {}), ("prowlarr", {}, {}), ("radarr", {}, {}), ("sonarr", {}, {}), ("transmission", {}, {}),
        ], "BestEffort"),
        ("Chart", "tailscale", "app-template.controllers[tailscale]", 1, [("app", {}, {})], "BestEffort"),
    ]  # fmt: skip


def test_lint_reports_them_where_the_values_are_written(capsys: pytest.CaptureFixture[str]) -> None:
    report = lint_report(capsys, "--no-render", str(REAL))
    found = [(f["rule"], Path(f["path"]).parent.name, f["line"], f["column"], f["object"]["kind"], f["object"]["name"]) for f in report["findings"]]
    assert found == [
        ("PR201", "jellyfin", 6, 5, "Chart", "jellyfin"),
        ("PR201", "paperless", 3, 5, "Chart", "paperless"),
        ("PR201", "tailscale", 5, 5, "Chart", "tailscale"),
    ]
    summary = report["summary"]
    assert summary["pods"] == 3 and summary["skipped"]["chart-file"] == 3  # the three Chart.yaml files


def _chart(tmp_path: Path, source: str, chart: dict[str, Any] | None = None, values: dict[str, Any] | None = None) -> Path:
    """A copy of a real chart, its Chart.yaml or values changed."""
    directory = tmp_path / source
    shutil.copytree(REAL / source, directory)
    if chart is not None:
        (directory / "Chart.yaml").write_text(yaml.safe_dump(chart))
    if values is not None:
        (directory / "values.yaml").write_text(yaml.safe_dump(values))
    return directory


def _real(source: str, name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((REAL / source / name).read_text())
    return loaded


def test_a_dependency_switched_off_by_its_condition_installs_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """helm pkg/chart/v2/util/dependencies.go processDependencyConditions: the first path holding a boolean decides."""
    chart = _real("paperless", "Chart.yaml")
    chart["dependencies"][0]["condition"] = "missing.enabled,app-template.enabled"
    values = _real("paperless", "values.yaml")
    values["app-template"]["enabled"] = False
    directory = _chart(tmp_path, "paperless", chart, values)
    assert _pods(capsys, directory) == []
    assert [(i.reason, i.kind) for i in iter_items([str(directory)]) if isinstance(i, SkippedItem)] == [
        ("chart-file", None), ("not-searched", "Chart"),
    ]  # fmt: skip
    values["app-template"]["enabled"] = True
    assert [p[1] for p in _pods(capsys, _chart(tmp_path / "on", "paperless", chart, values))] == ["paperless"]


def test_the_release_the_chart_names_decides_the_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """defaultContainerOptions came with common 3.4.0, pod-level resources with 4.0.0: a 2.6.0 chart ignores both,
    a 4.x chart applies them; an alias is the key of the values."""
    chart = _real("paperless", "Chart.yaml")
    values = _real("paperless", "values.yaml")
    main = values["app-template"]["controllers"]["main"]
    main["defaultContainerOptions"] = {"resources": {"requests": {"cpu": "100m", "memory": "128Mi"}}}
    main["containers"]["redis"]["resources"] = {"limits": {"memory": "256Mi"}}
    values["app-template"]["defaultPodOptions"] = {"resources": {"requests": {"cpu": "1"}, "limits": {"cpu": "2"}}}
    old = _pods(capsys, _chart(tmp_path / "old", "paperless", chart, values))
    assert old == [("Chart", "paperless", "app-template.controllers[main]", 1, [("main", {}, {}), ("redis", {"memory": "256Mi"}, {"memory": "256Mi"})], "Burstable")]
    chart["dependencies"][0].update(version="4.1.1", alias="app")
    values["app"] = values.pop("app-template")
    new = _pods(capsys, _chart(tmp_path / "new", "paperless", chart, values))
    assert new == [("Chart", "paperless", "app.controllers[main]", 1, [
        ("main", {"cpu": "100m", "memory": "128Mi"}, {}), ("redis", {"memory": "256Mi"}, {"memory": "256Mi"}),
    ], "Burstable")]  # fmt: skip
    [pod] = _explained(capsys, tmp_path / "new" / "paperless")
    # the pod's own cpu; its memory, which the pod leaves unset, the containers' sum
    assert (pod["requests"], pod["limits"]) == ({"cpu": "1", "memory": "384Mi"}, {"cpu": "2", "memory": "256Mi"})


def test_dependson_orders_common_2_containers_as_kahn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    values = _real("jellyfin", "values.yaml")
    values["app-template"]["controllers"]["main"]["containers"]["main"]["dependsOn"] = "transmission"
    names = [c[0] for c in _pods(capsys, _chart(tmp_path, "jellyfin", None, values))[0][4]]
    assert names == ["jellyseerr", "prowlarr", "radarr", "sonarr", "transmission", "main"]


@pytest.mark.parametrize(
    "chart",
    [
        {"apiVersion": "v2", "name": "paperless", "dependencies": [{"name": "app-template", "version": "2.6.0", "repository": "https://example.com/charts"}]},
        {"apiVersion": "v2", "name": "paperless", "dependencies": [{"name": "common", "version": "2.6.0", "repository": "https://bjw-s-labs.github.io/helm-charts"}]},
        {"apiVersion": "v2", "name": "paperless", "dependencies": "app-template"},
        {"apiVersion": "v1", "name": "paperless"},
        {"apiVersion": "v2", "name": "paperless", "dependencies": [{"name": "app-template", "alias": "a.b", "repository": "https://bjw-s.github.io/helm-charts"}]},
    ],
)  # fmt: skip
def test_other_charts_values_stay_chart_files(tmp_path: Path, chart: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    directory = _chart(tmp_path, "paperless", chart)
    assert _pods(capsys, directory) == []
    report = lint_report(capsys, str(directory))
    assert report["findings"] == [] and report["summary"]["skipped"]["chart-file"] == 2


def test_a_broken_chart_yaml_is_no_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    directory = _chart(tmp_path, "paperless")
    (directory / "Chart.yaml").write_text("dependencies: [\n  {name: app-template\n")
    report = lint_report(capsys, str(directory))
    assert report["summary"]["pods"] == 0


def test_with_helm_failing_for_the_missing_dependency_the_values_are_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """helm template refuses a chart whose dependency is not in charts/ (helm pkg/action/dependency.go
    CheckDependencies); the chart's files are then read as they are, its values.yaml for app-template's pods."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    helm = bin_dir / "helm"
    helm.write_text(
        f"#!{sys.executable}\nimport sys\n"
        "sys.stderr.write('Error: An error occurred while checking for chart dependencies. You may need to run `helm dependency build` "
        "to fetch missing dependencies: found in Chart.yaml, but missing in charts/ directory: app-template\\n')\n"
        "sys.exit(1)\n",
        encoding="utf-8",
    )
    helm.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    report = lint_report(capsys, str(REAL / "paperless"))
    assert [(f["rule"], f["line"], f["object"]["kind"]) for f in report["findings"]] == [("PR201", 3, "Chart")]
    [note] = report["summary"]["notes"]
    assert "missing in charts/ directory: app-template" in note and "its files are read as they are" in note
