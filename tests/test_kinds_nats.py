"""NATS on Kubernetes: the NATS operator's NatsCluster (kinds_nats.py, from
nats-io/nats-operator @5e702c59781f pkg/util/kubernetes/kubernetes.go
NewNatsPodSpec), NACK's JetStream objects that carry no pods (no_pods.py), and
a kuttl test case whose TestSteps name their checks (source/harness.py), on
the projects' own files (tests/data/real/nats-io__*, tests/data/harness/
nats-io__nack; SOURCES.tsv)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.model.items import SkippedItem
from pod_resources_cli.run.pipeline import iter_items
from pod_resources_cli.source.harness import TEST_ASSERTION, skip_reason
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real"
OPERATOR = REAL / "nats-io__nats-operator"
NACK_TEST = Path(__file__).parent / "data" / "harness" / "nats-io__nack" / "tests" / "stream-creation"

Row = tuple[str, int | None, str, list[tuple[str, str, dict[str, str], dict[str, str]]]]


def _explain(capsys: pytest.CaptureFixture[str], *paths: Path) -> list[Row]:
    main(["explain", "-o", "json", *(str(p) for p in paths)])
    return [
        (p["workload"]["kind"], p["workload"]["replicas"], p["qosClass"], [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]])
        for p in json.loads(capsys.readouterr().out)["pods"]
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # spec.pod.enableMetrics: the metrics sidecar after nats; no resources anywhere: BestEffort, as fact
        ("example__example-nats-cluster-metrics.yaml", ("NatsCluster", 3, "BestEffort", [("nats", "regular", {}, {}), ("metrics", "regular", {}, {})])),
        # spec.pod.enableConfigReload: the reloader sidecar with spec.pod.reloaderResources (none written)
        ("example__example-nats-cluster-auth.yaml", ("NatsCluster", 3, "BestEffort", [("nats", "regular", {}, {}), ("reloader", "regular", {}, {})])),
        # spec.pod.advertiseExternalIP: the init container bootconfig; a template listing no container: a new nats
        ("example__example-nats-cluster-gateway.yaml", ("NatsCluster", 1, "BestEffort", [("bootconfig", "init", {}, {}), ("nats", "regular", {}, {})])),
        # spec.template's one container becomes nats; no spec.pod: no sidecar
        ("example__example-with-server-name.yaml", ("NatsCluster", 3, "BestEffort", [("nats", "regular", {}, {})])),
    ],
)  # fmt: skip
def test_a_nats_cluster_is_its_size_in_pods_built_by_the_operator(name: str, expected: Row, capsys: pytest.CaptureFixture[str]) -> None:
    assert _explain(capsys, OPERATOR / name) == [expected]


def test_the_nats_examples_lint_as_final_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """Before, the NatsClusters were custom objects with no pod found, but one whose spec.template was found by shape
    (PR138, "its operator may add resources"); the operator adds none: one PR201 each, as fact, and nothing searched
    in vain."""
    report = lint_report(capsys, *(str(p) for p in sorted(OPERATOR.glob("*.yaml"))))
    assert report["summary"]["pods"] == 4
    assert [(f["rule"], f["object"]["name"]) for f in report["findings"]] == [
        ("PR201", "example-nats-auth"), ("PR201", "nats-dev"), ("PR201", "nats-cluster-metrics"), ("PR201", "nats-cluster")]  # fmt: skip
    assert all("as written" not in f["message"] for f in report["findings"])
    assert report["summary"]["skipped"]["nothing-found"] == {}


def test_spec_pod_resources_replace_the_templates_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """containerWithRequirements(container, cs.Pod.Resources) where spec.pod is written, also when it writes no
    resources; the template's first container is renamed nats, its others and init containers stay as written; the
    pod takes the template's priorityClassName."""
    source = (OPERATOR / "example__example-with-server-name.yaml").read_text(encoding="utf-8")
    resources = "    resources: {requests: {cpu: 500m, memory: 1Gi}, limits: {cpu: 500m, memory: 1Gi}}\n"
    template = (
        "  template:\n    spec:\n      priorityClassName: system-cluster-critical\n"
        "      initContainers: [{name: init, image: busybox, resources: {requests: {cpu: 100m}}}]\n"
        "      containers:\n      - name: server\n        image: nats\n        resources: {requests: {cpu: '2', memory: 2Gi}, limits: {cpu: '2', memory: 2Gi}}\n"
        "      - {name: side, image: busybox, resources: {requests: {cpu: 10m, memory: 10Mi}, limits: {cpu: 10m, memory: 10Mi}}}\n"
    )
    head = source.split("  template:")[0]
    cases = {
        "no-pod.yaml": head + template,
        "pod.yaml": head + "  pod:\n" + resources + "    enableConfigReload: true\n"
        "    reloaderResources: {requests: {cpu: 10m, memory: 32Mi}, limits: {cpu: 10m, memory: 32Mi}}\n" + template,
        "pod-without-resources.yaml": head + "  pod:\n    enableMetrics: true\n" + template,
    }
    for name, text in cases.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    two = {"cpu": "2", "memory": "2Gi"}
    half = {"cpu": "500m", "memory": "1Gi"}
    side = ("side", "regular", {"cpu": "10m", "memory": "10Mi"}, {"cpu": "10m", "memory": "10Mi"})
    init = ("init", "init", {"cpu": "100m"}, {})
    assert _explain(capsys, tmp_path / "no-pod.yaml") == [("NatsCluster", 3, "Burstable", [init, ("nats", "regular", two, two), side])]
    reloader = ("reloader", "regular", {"cpu": "10m", "memory": "32Mi"}, {"cpu": "10m", "memory": "32Mi"})
    assert _explain(capsys, tmp_path / "pod.yaml") == [("NatsCluster", 3, "Burstable", [init, ("nats", "regular", half, half), side, reloader])]
    assert _explain(capsys, tmp_path / "pod-without-resources.yaml") == [
        ("NatsCluster", 3, "Burstable", [init, ("nats", "regular", {}, {}), side, ("metrics", "regular", {}, {})])]  # fmt: skip
    main(["explain", "-o", "json", str(tmp_path / "pod.yaml")])
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert pod["priority"]["className"] == "system-cluster-critical"


@pytest.mark.parametrize("text", ["spec: {size: 2, template: 3, pod: [1]}\n", "spec: {size: 1, template: {spec: {containers: [7]}}}\n", "spec: x\n"])
def test_a_broken_nats_cluster_is_reported_not_a_traceback(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "b.yaml").write_text("apiVersion: nats.io/v1alpha2\nkind: NatsCluster\nmetadata: {name: b}\n" + text, encoding="utf-8")
    code = main(["lint", "--no-config", "-o", "json", str(tmp_path / "b.yaml")])
    assert code in (0, 1)
    json.loads(capsys.readouterr().out)


def test_nack_jetstream_objects_carry_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    files = {"nats-io__nack/deploy__examples__stream.yml": "Stream", "nats-io__nack/deploy__examples__consumer_pull.yml": "Consumer"}
    for name, kind in files.items():
        assert [(i.reason, i.kind) for i in iter_items([str(REAL / name)]) if isinstance(i, SkippedItem)] == [("no-pods", kind)]
    report = lint_report(capsys, *(str(REAL / name) for name in files))
    assert report["findings"] == [] and report["summary"]["skipped"]["no-pods"] == {"Stream": 1, "Consumer": 1}
    assert report["summary"]["skipped"]["nothing-found"] == {}


def test_a_kuttl_test_case_whose_steps_name_their_checks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """NACK's tests/stream-creation: 02-natscli-stream.yaml (a TestStep) applies natscli.yaml and asserts
    asserted-natscli.yaml, a partial Pod (status.phase only) that was linted as a pod with no container (PR002, an
    error); no file name says assert, so the TestStep itself makes the directory a test case."""
    found = skip_reason(str(NACK_TEST / "asserted-natscli.yaml"))
    assert found is not None and found[0] == TEST_ASSERTION and "02-natscli-stream.yaml" in found[1]
    assert skip_reason(str(NACK_TEST / "natscli.yaml")) is None
    project = tmp_path / "nack"
    shutil.copytree(NACK_TEST.parent.parent, project)
    (project / ".git").mkdir()
    monkeypatch.chdir(project)
    report = lint_report(capsys, ".")
    assert [(f["rule"], f["path"]) for f in report["findings"]] == [("PR201", "./tests/stream-creation/natscli.yaml")]
    assert report["summary"]["skipped"]["test-assertion"] == 2
    # the file alone, as pre-commit passes it
    alone = lint_report(capsys, "tests/stream-creation/asserted-natscli.yaml")
    assert alone["findings"] == [] and alone["summary"]["skipped"]["test-assertion"] == 1


def test_numbered_manifests_without_a_test_step_are_no_test_case(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Plain manifests numbered for order (no TestStep naming a check) stay manifests."""
    for name in ("01-namespace.yaml", "02-pod.yaml"):
        shutil.copy(NACK_TEST / "natscli.yaml", tmp_path / name)
    (tmp_path / "03-asserted.yaml").write_text((NACK_TEST / "asserted-natscli.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    report: dict[str, Any] = lint_report(capsys, str(tmp_path))
    assert sorted(f["rule"] for f in report["findings"]) == ["PR002", "PR201", "PR201"]
