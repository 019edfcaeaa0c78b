"""Testkube's TestWorkflow and TestWorkflowTemplate (kinds_testkube.py) on kubeshop/testkube 2b73b1310e9d's own
workflows: one pod a run (no count), its containers the step executions run one after another (the last regular),
each with the workflow's container resources merged key by key with its steps', as written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from tests.lint_support import lint_report

TK = Path(__file__).parent / "data" / "real" / "kubeshop__testkube"


def explain(capsys: pytest.CaptureFixture[str], path: Path) -> list[tuple[Any, ...]]:
    main(["explain", "-o", "json", str(path)])
    return [
        (p["workload"]["kind"], p["workload"]["name"], p["workload"]["replicas"], p["qosClass"], p["requests"], p["limits"],
         p["workload"]["asWritten"] is not None, [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]])
        for p in json.loads(capsys.readouterr().out)["pods"]
    ]  # fmt: skip


def test_each_execution_is_a_container_run_one_after_another(capsys: pytest.CaptureFixture[str]) -> None:
    """The root's Git checkout (no resources: spec.container sets none), the build step (2 cpu, 4Gi) with its pure
    artifacts upload, the test step (1 cpu, 1Gi) last: the pod asks for the largest, 2 cpu and 4Gi."""
    two, one = {"cpu": "2", "memory": "4Gi"}, {"cpu": "1", "memory": "1Gi"}
    emulator = {"cpu": "2", "memory": "3Gi"}
    assert explain(capsys, TK / "test__espresso__crd-workflow__smoke.yaml") == [
        ("TestWorkflow", "espresso-android-workflow", None, "Burstable", two, {}, True,
         [("1", "init", {}, {}), ("2", "init", two, {}), ("3", "regular", one, {})]),
        # the emulator service: its own pod, its container config alone (services.go), the services' starter (pure)
        # joined the main pod's containers
        ("TestWorkflow", "espresso-android-workflow", None, "Burstable", emulator, {}, True, [("1", "regular", emulator, {})]),
    ]  # fmt: skip


def test_the_workflow_container_is_every_containers_default(capsys: pytest.CaptureFixture[str]) -> None:
    got = explain(capsys, TK / "test__cypress__crd-workflow__smoke.yaml")
    assert len(got) == 15
    big, small = {"cpu": "1500m", "memory": "2Gi"}, {"cpu": "128m", "memory": "128Mi"}
    assert got[0] == ("TestWorkflow", "cypress-workflow-smoke", None, "Burstable", big, {}, True,
                      [("1", "init", big, {}), ("2", "regular", big, {})])  # fmt: skip
    # a step whose content is written with `use` only (cypress-workflow-smoke-template): its one run container
    assert got[7][1] == "cypress-workflow-smoke-template" and got[7][7] == [("1", "regular", big, {})]
    # a distributed run: the main pod's Git checkout with the workflow's 128m/128Mi (the parallel starter is pure and
    # joins it), and the workers with the parallel's container over the inherited one (ProcessParallel)
    assert got[-2][1] == got[-1][1] == "cypress-workflow-smoke-matrix-junit"
    assert got[-2][4] == small and got[-2][7] == [("1", "regular", small, {})]
    assert got[-1][4] == big and got[-1][7] == [("1", "regular", big, {})]


def test_a_memory_limit_alone_and_a_suite(capsys: pytest.CaptureFixture[str]) -> None:
    """A memory limit alone: the API server makes it the request too; a suite's execute step runs in the toolkit
    container with the workflow's 32m/32Mi requests."""
    assert explain(capsys, TK / "test__special-cases__edge-cases-random.yaml")[0][3:] == (
        "Burstable", {"memory": "50Mi"}, {"memory": "50Mi"}, True, [("1", "regular", {"memory": "50Mi"}, {"memory": "50Mi"})])
    assert explain(capsys, TK / "test__suites__tools__artillery-suite-full.yaml")[0][7] == [
        ("1", "regular", {"cpu": "32m", "memory": "32Mi"}, {})]


def test_findings_are_as_written_and_a_template_is_a_preset(capsys: pytest.CaptureFixture[str]) -> None:
    report = lint_report(capsys, str(TK / "test__special-cases__edge-cases-random.yaml"))
    assert [(f["rule"], f["container"]) for f in report["findings"]] == [("PR130", "1")]
    assert "as written: Testkube merges its installation's global template" in report["findings"][0]["message"]
    # the espresso build step asks more than the last container: PR137 (info) on init container '2', for cpu and
    # memory; the last container and the emulator's have no memory limit
    report = lint_report(capsys, str(TK / "test__espresso__crd-workflow__smoke.yaml"))
    assert sorted((f["rule"], f["container"], f["line"]) for f in report["findings"]) == [
        ("PR132", "1", 29), ("PR132", "3", 80), ("PR137", "2", 59), ("PR137", "2", 60)]  # fmt: skip
    # the official k6 template: merged into the workflows that use it, a missing resource is no finding
    report = lint_report(capsys, str(TK / "k8s__templates__official--k6--v1.yaml"))
    assert report["findings"] == [] and report["summary"]["pods"] == 1


def test_steps_merge_key_by_key_and_expressions_are_left_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "w.yaml").write_text(
        "apiVersion: testworkflows.testkube.io/v1\nkind: TestWorkflow\nmetadata: {name: w}\nspec:\n"
        "  container: {resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {memory: 1Gi}}}\n"
        "  setup:\n  - shell: echo setup\n"
        "  steps:\n  - name: a\n    container: {resources: {requests: {cpu: '{{ config.cpu }}', memory: 256Mi}}}\n"
        "    steps:\n    - run: {image: x, resources: {limits: {cpu: '2'}}}\n    - delay: 1s\n"
        "  after:\n  - artifacts: {paths: ['*']}\n",
        encoding="utf-8",
    )
    got = explain(capsys, tmp_path / "w.yaml")
    base = ({"cpu": "100m", "memory": "64Mi"}, {"memory": "1Gi"})
    step = ({"cpu": "100m", "memory": "256Mi"}, {"cpu": "2", "memory": "1Gi"})
    assert got[0][7] == [("1", "init", *base), ("2", "regular", *step)]


def test_nothing_to_run_and_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "w.yaml").write_text(
        "apiVersion: testworkflows.testkube.io/v1\nkind: TestWorkflow\nmetadata: {name: w}\nspec:\n  use: [{name: t}]\n---\n"
        "apiVersion: testworkflows.testkube.io/v1\nkind: TestWorkflow\nmetadata: {name: v}\nspec:\n"
        "  container: {resources: [1]}\n  steps: [3, {shell: x, steps: 4, container: {resources: {requests: 5}}}]\n",
        encoding="utf-8",
    )
    report = lint_report(capsys, str(tmp_path / "w.yaml"))
    # `use` alone: nothing of its own to run (its template's steps are not followed); bad values are findings
    assert report["summary"]["skipped"]["nothing-found"] == {"TestWorkflow": 1}
    assert [(f["rule"], f["line"]) for f in report["findings"]] == [("PR002", 11)]


@pytest.mark.parametrize(
    ("name", "kind"),
    [("test__env__dev__dev-mongo__triggers__trigger-small-suite-on-deployment.yaml", "TestTrigger"),
     ("test__env__dev__dev-mongo__webhooks__cloud-ui-e2e-alerts-slack.yaml", "Webhook")],
)  # fmt: skip
def test_triggers_and_webhooks_carry_no_pods(capsys: pytest.CaptureFixture[str], name: str, kind: str) -> None:
    report = lint_report(capsys, str(TK / name))
    assert report["findings"] == []
    assert report["summary"]["skipped"]["no-pods"] == {kind: 1}
    assert report["summary"]["skipped"]["nothing-found"] == {}


def test_a_workflow_that_includes_a_template_misses_no_resource(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`use` (top level, or on a step) and `template` steps bring a TestWorkflowTemplate's container config: a resource
    left out is no finding there (resolver apply.go); without them it is one, as written."""
    head = "apiVersion: testworkflows.testkube.io/v1\nkind: TestWorkflow\nmetadata: {name: w}\nspec:\n"
    for extra, rules in [
        ("  use: [{name: t}]\n  steps: [{shell: echo}]\n", []),
        ("  steps:\n  - steps: [{template: {name: t}}, {shell: echo}]\n", []),
        ("  steps: [{shell: echo}]\n", ["PR138"]),
    ]:
        (tmp_path / "w.yaml").write_text(head + extra, encoding="utf-8")
        report = lint_report(capsys, str(tmp_path / "w.yaml"))
        assert [f["rule"] for f in report["findings"]] == rules, extra
    main(["explain", "-o", "json", str(tmp_path / "w.yaml")])
    (tmp_path / "w.yaml").write_text(head + "  use: [{name: t}]\n  steps: [{shell: echo}]\n", encoding="utf-8")
    capsys.readouterr()
    main(["explain", "-o", "json", str(tmp_path / "w.yaml")])
    assert "not followed here" in json.loads(capsys.readouterr().out)["pods"][0]["workload"]["asWritten"]


def test_the_run_pod_takes_spec_pods_priority_class(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "w.yaml").write_text(
        "apiVersion: testworkflows.testkube.io/v1\nkind: TestWorkflow\nmetadata: {name: w}\nspec:\n"
        "  pod: {priorityClassName: system-cluster-critical}\n  steps: [{shell: echo}]\n",
        encoding="utf-8",
    )
    main(["explain", "-o", "json", str(tmp_path / "w.yaml")])
    assert json.loads(capsys.readouterr().out)["pods"][0]["priority"]["value"] == 2000000000
