"""Grafana Agent's static-mode operator (grafana/agent @372611b64f2c; model/decode/kinds_grafana_agent.py) on its own
example (tests/data/real/grafana__agent, provenance in SOURCES.tsv): a GrafanaAgent's metrics StatefulSets and logs
DaemonSet, built by the operator; its instances and selectors make no pod."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from tests.lint_support import lint_report
from tests.test_operator_kinds import REAL, pods

EXAMPLE = "grafana__agent/cmd__grafana-agent-operator__agent-example-config.yaml"


def test_a_grafana_agent_is_its_metrics_and_logs_pods() -> None:
    """generatePodTemplate: config-reloader (no resources) and grafana-agent (spec.resources, none here); one metrics
    pod (shards and replicas unset: 1) and the logs DaemonSet (no count)."""
    reloader_agent = [("config-reloader", {}, {}), ("grafana-agent", {}, {})]
    assert pods(EXAMPLE) == [("GrafanaAgent", "metrics", 1, reloader_agent, False), ("GrafanaAgent", "logs", None, reloader_agent, False)]


def test_the_grafana_agent_example_is_best_effort_and_its_instances_carry_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    report = lint_report(capsys, str(REAL / EXAMPLE))
    assert sorted({(f["rule"], f["object"]["kind"]) for f in report["findings"]}) == [("PR201", "GrafanaAgent")]
    skipped = report["summary"]["skipped"]
    assert {k: skipped["no-pods"][k] for k in ("MetricsInstance", "LogsInstance", "PodLogs")} == {"MetricsInstance": 1, "LogsInstance": 1, "PodLogs": 1}
    assert skipped["nothing-found"] == {}


def test_shards_replicas_selectors_and_merged_containers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """shards x replicas metrics pods, spec.resources on grafana-agent, spec.initContainers as written and the pod's
    priorityClassName; no instanceSelector, no pods of that subsystem; spec.containers merged by name: as written."""
    (tmp_path / "a.yaml").write_text(
        "apiVersion: monitoring.grafana.com/v1alpha1\nkind: GrafanaAgent\nmetadata: {name: sharded}\nspec:\n"
        "  resources: {requests: {cpu: 100m, memory: 200Mi}, limits: {memory: 1Gi}}\n  priorityClassName: system-cluster-critical\n"
        "  initContainers: [{name: fetch, image: busybox}]\n  metrics: {shards: 3, replicas: 2, instanceSelector: {matchLabels: {a: b}}}\n"
        "  logs: {}\n---\napiVersion: monitoring.grafana.com/v1alpha1\nkind: GrafanaAgent\nmetadata: {name: patched}\nspec:\n"
        "  containers: [{name: grafana-agent, resources: {limits: {cpu: '1'}}}]\n  logs: {instanceSelector: {}}\n",
        encoding="utf-8",
    )
    main(["explain", "-o", "json", str(tmp_path / "a.yaml")])
    got = [
        (p["workload"]["name"], p["workload"]["template"], p["workload"]["replicas"], p["priority"]["className"], p["workload"].get("asWritten") is not None,
         [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]])
        for p in json.loads(capsys.readouterr().out)["pods"]
    ]  # fmt: skip
    assert got == [
        ("sharded", "metrics", 6, "system-cluster-critical", False, [
            ("fetch", "init", {}, {}), ("config-reloader", "regular", {}, {}),
            ("grafana-agent", "regular", {"cpu": "100m", "memory": "200Mi"}, {"memory": "1Gi"})]),
        ("patched", "logs", None, None, True, [("config-reloader", "regular", {}, {}), ("grafana-agent", "regular", {}, {})]),
    ]  # fmt: skip
