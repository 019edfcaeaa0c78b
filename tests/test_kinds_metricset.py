"""The Metrics Operator's MetricSet (model/decode/kinds_metricset.py) on the project's own examples
(tests/data/real/converged-computing__metrics-operator, SOURCES.tsv): the JobSet's pods as
converged-computing/metrics-operator @8f15755c2daa builds them, and nothing where it makes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.model.items import SkippedItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report
from tests.test_operator_kinds import REAL, pods

MO = "converged-computing__metrics-operator/"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # perf-sysstat (an application metric), pods unset: 1 pod; the application addon's app-addon before app
        ("examples__tests__perf-lammps__metrics.yaml", [
            ("MetricSet", "metrics[0] perf-sysstat app", 1, [("app-addon", {}, {}), ("app", {}, {})], False)]),
        # app-lammps over 4 pods: the launcher and 3 workers (the hpctoolkit init container is not a regular one)
        ("examples__addons__hpctoolkit-lammps__metrics.yaml", [
            ("MetricSet", "metrics[0] app-lammps launcher", 1, [("launcher", {}, {})], False),
            ("MetricSet", "metrics[0] app-lammps workers", 3, [("workers", {}, {})], False)]),
        ("examples__tests__network-osu-benchmark__metrics.yaml", [
            ("MetricSet", "metrics[0] network-osu-benchmark launcher", 1, [("launcher", {}, {})], False),
            ("MetricSet", "metrics[0] network-osu-benchmark workers", 1, [("workers", {}, {})], False)]),
        # perf-hpctoolkit is an addon, not a registered metric: GetMetric fails and the reconciler makes nothing
        ("examples__tests__perf-hpctoolkit__metrics.yaml", []),
    ],
)  # fmt: skip
def test_a_metricset_is_its_metrics_replicated_jobs(name: str, expected: list[Any]) -> None:
    assert pods(MO + name) == expected


def test_addon_init_containers_and_nothing_found() -> None:
    items = list(iter_items([str(REAL / MO / "examples__addons__hpctoolkit-lammps__metrics.yaml")]))
    inits = [[c.name for c in item.workload.pod.init_containers] for item in items if hasattr(item, "workload")]
    assert inits == [["hpctoolkit"], ["hpctoolkit"]]
    skipped = list(iter_items([str(REAL / MO / "examples__tests__perf-hpctoolkit__metrics.yaml")]))
    assert [(s.reason, s.kind) for s in skipped if isinstance(s, SkippedItem)] == [("nothing-found", "MetricSet")]


def test_the_real_examples_findings(capsys: pytest.CaptureFixture[str]) -> None:
    """Every pod is BestEffort: the operator gives none but the metric's resources, which these leave out."""
    report = lint_report(capsys, str(REAL / MO))
    found = sorted((f["path"].rsplit("/", 1)[-1], f["rule"], f["object"]["name"]) for f in report["findings"])
    assert found == [
        ("examples__addons__hpctoolkit-lammps__metrics.yaml", "PR201", "metricset-sample"),
        ("examples__tests__network-osu-benchmark__metrics.yaml", "PR201", "metricset-sample"),
        ("examples__tests__perf-lammps__metrics.yaml", "PR201", "metricset-sample"),
    ]


def test_resources_validation_and_duplicates(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """getResourceGroup: an int as its decimal text, any key a resource; spec.resources unread; a launcher/worker
    metric under 2 pods, an application addon without a command, or pods 0 make nothing; a metric named twice once."""
    (tmp_path / "m.yaml").write_text(
        "apiVersion: flux-framework.org/v1alpha2\nkind: MetricSet\nmetadata: {name: a}\n"
        "spec:\n  pods: 1\n  resources: {cpu: 8}\n  metrics:\n  - name: app-lammps\n"
        "    resources:\n      limits: {cpu: 2, memory: 1Gi, smarter-devices/fuse: 1}\n      requests: {cpu: 500m, memory: 1Gi, smarter-devices/fuse: 1}\n"
        "    addons: [{name: perf-mpitrace}, {name: application, options: {image: x, command: run}}]\n"
        "---\napiVersion: flux-framework.org/v1alpha2\nkind: MetricSet\nmetadata: {name: b}\nspec: {pods: 1, metrics: [{name: app-amg}]}\n"
        "---\napiVersion: flux-framework.org/v1alpha2\nkind: MetricSet\nmetadata: {name: c}\n"
        "spec: {pods: 3, metrics: [{name: io-ior, resources: {limits: {cpu: 1, memory: 1Gi}}}, {name: io-ior}]}\n"
        "---\napiVersion: flux-framework.org/v1alpha2\nkind: MetricSet\nmetadata: {name: d}\n"
        "spec: {pods: 2, metrics: [{name: app-amg, addons: [{name: application, options: {image: x}}]}]}\n"
        "---\napiVersion: flux-framework.org/v1alpha2\nkind: MetricSet\nmetadata: {name: e}\nspec: {pods: 0, metrics: [{name: io-fio}]}\n"
        "---\napiVersion: flux-framework.org/v1alpha2\nkind: MetricSet\nmetadata: {name: f}\nspec: [1]\n"
        "---\napiVersion: flux-framework.org/v1alpha2\nkind: MetricSet\nmetadata: {name: g}\nspec: {metrics: [3, {name: io-ior, resources: [1]}]}\n",
        encoding="utf-8",
    )
    fuse = {"cpu": "2", "memory": "1Gi", "smarter-devices/fuse": "1"}
    assert pods(str(tmp_path / "m.yaml")) == [
        ("MetricSet", "metrics[0] app-lammps launcher", 1,
         [("app-addon", {}, {}), ("launcher", {"cpu": "500m", "memory": "1Gi", "smarter-devices/fuse": "1"}, fuse)], False),
        ("MetricSet", "metrics[0] io-ior storage", 3, [("storage", {}, {"cpu": "1", "memory": "1Gi"})], False),
    ]  # fmt: skip
    # the requests left unset (an empty ResourceList is omitted) are defaulted from the limits: Guaranteed
    main(["explain", "-o", "json", str(tmp_path / "m.yaml")])
    explained = json.loads(capsys.readouterr().out)["pods"]
    assert [(p["workload"]["name"], p["qosClass"], p["requests"]) for p in explained] == [
        ("a", "Burstable", {"cpu": "500m", "memory": "1Gi", "smarter-devices/fuse": "1"}),
        ("c", "Guaranteed", {"cpu": "1", "memory": "1Gi"}),
    ]
    report = lint_report(capsys, str(tmp_path / "m.yaml"))
    assert sorted((f["object"]["name"], f["rule"]) for f in report["findings"]) == [("a", "PR138")]
    assert report["summary"]["skipped"]["nothing-found"] == {"MetricSet": 5}
