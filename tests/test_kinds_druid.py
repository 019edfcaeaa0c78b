"""The Druid operator's Druid (kinds_druid.py, from datainfrahq/druid-operator
@8da631fa8709 controllers/druid/handler.go makePodSpec and
additional_containers.go) and its DruidIngestion, which makes no pod, on the
project's own files (tests/data/real/datainfrahq__druid-operator;
SOURCES.tsv)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from tests.lint_support import lint_report

DRUID = Path(__file__).parent / "data" / "real" / "datainfrahq__druid-operator"
Row = tuple[str, str, str | None, int | None, str, int, list[tuple[str, str, dict[str, str], dict[str, str]]]]


def _explain(capsys: pytest.CaptureFixture[str], *paths: Path | str) -> list[Row]:
    main(["explain", "-o", "json", *map(str, paths)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return [
        (p["workload"]["kind"], p["workload"]["name"], p["workload"]["template"], p["workload"]["replicas"], p["qosClass"],
         p["priority"]["value"], [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]])
        for p in json.loads(out)["pods"]
    ]  # fmt: skip


MYSQL = ("mysqlconnector", "init", {}, {})
CRITICAL = 2000000000


def test_each_node_group_is_a_workload_of_its_replicas(capsys: pytest.CaptureFixture[str]) -> None:
    """Five node groups, one pod each: ``druid-<name>-<key>`` with the group's resources whole, after the Druid-wide
    init container mysqlconnector (runAsInit); the brokers' priorityClassName is theirs
    (system-cluster-critical)."""
    assert _explain(capsys, DRUID / "examples__tiny-cluster-mmless.yaml") == [
        ("Druid", "tiny-cluster", "nodes[brokers]", 1, "BestEffort", CRITICAL, [MYSQL, ("druid-tiny-cluster-brokers", "regular", {}, {})]),
        ("Druid", "tiny-cluster", "nodes[coordinators]", 1, "BestEffort", 0,
         [MYSQL, ("druid-tiny-cluster-coordinators", "regular", {}, {})]),
        ("Druid", "tiny-cluster", "nodes[hot]", 1, "Burstable", 0,
         [MYSQL, ("druid-tiny-cluster-hot", "regular", {"cpu": "1", "memory": "1536Ki"}, {})]),
        ("Druid", "tiny-cluster", "nodes[cold]", 1, "Burstable", 0,
         [MYSQL, ("druid-tiny-cluster-cold", "regular", {"cpu": "500m", "memory": "512Ki"}, {})]),
        ("Druid", "tiny-cluster", "nodes[routers]", 1, "BestEffort", 0, [MYSQL, ("druid-tiny-cluster-routers", "regular", {}, {})]),
    ]  # fmt: skip


def test_the_pod_is_the_one_the_operators_own_test_expects(capsys: pytest.CaptureFixture[str]) -> None:
    """The operator's unit test (handler_test.go) builds broker-statefulset-sidecar.yaml from druid-test-cr-sidecar.yaml's
    brokers: the same containers, names and resources, a Druid-wide additional container without runAsInit being a
    regular container after the main one; each of the five node groups is a workload of its replicas."""
    got = _explain(capsys, DRUID / "controllers__druid__testdata__druid-test-cr-sidecar.yaml")
    four, half = {"cpu": "4", "memory": "2Gi"}, {"cpu": "500m", "memory": "1Gi"}
    brokers = [("druid-druid-test-brokers", "regular", four, four), ("forwarder", "regular", half, half)]
    assert got[0] == ("Druid", "druid-test", "nodes[brokers]", 2, "Guaranteed", 0, brokers)
    assert [(row[2], row[3]) for row in got] == [
        ("nodes[brokers]", 2), ("nodes[coordinators]", 1), ("nodes[historicals]", 2), ("nodes[overlords]", 1), ("nodes[middlemanagers]", 1)]
    expected = _explain(capsys, DRUID / "controllers__druid__testdata__broker-statefulset-sidecar.yaml")
    assert [(r[3], r[4], r[6]) for r in expected] == [(2, "Guaranteed", brokers)]


def test_a_druid_the_operator_refuses_makes_no_pod(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """verifyDruidSpec: a node group with no image where the Druid has none, or additional containers repeating a
    name, and the operator returns before any node group; replicas unset is 0 (an int32 with no default)."""
    base = "apiVersion: druid.apache.org/v1alpha1\nkind: Druid\nmetadata: {name: d}\nspec:\n"
    group = "  nodes:\n    b: {nodeType: broker, druid.port: 8088, replicas: 2, resources: {requests: {cpu: '1'}}}\n"
    (tmp_path / "noimage.yaml").write_text(base + group, encoding="utf-8")
    (tmp_path / "twice.yaml").write_text(
        base + "  image: apache/druid:28.0.0\n  additionalContainer: [{containerName: x, image: i}]\n"
        "  nodes:\n    b: {nodeType: broker, druid.port: 8088, replicas: 2, additionalContainer: [{containerName: x, image: i}]}\n",
        encoding="utf-8",
    )
    (tmp_path / "ok.yaml").write_text(base + "  image: apache/druid:28.0.0\n" + group.replace("replicas: 2, ", ""), encoding="utf-8")
    assert _explain(capsys, tmp_path / "noimage.yaml") == []
    assert _explain(capsys, tmp_path / "twice.yaml") == []
    assert _explain(capsys, tmp_path / "ok.yaml") == [("Druid", "d", "nodes[b]", 0, "Burstable", 0, [("druid-d-b", "regular", {"cpu": "1"}, {})])]


def test_bad_node_groups_give_no_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.yaml").write_text(
        "apiVersion: druid.apache.org/v1alpha1\nkind: Druid\nmetadata: {name: d}\nspec:\n  image: x\n  additionalContainer: [3, {runAsInit: yes}]\n"
        "  nodes: {a: 5, b: {replicas: x, resources: [1], additionalContainer: {}}, c: null}\n",
        encoding="utf-8",
    )
    lint_report(capsys, str(tmp_path))


def test_the_examples_lint(capsys: pytest.CaptureFixture[str]) -> None:
    """Before, every Druid and DruidIngestion was a custom object with no pod found. Now: the DruidIngestion makes no
    pod, the scaffold's sample Druid (an empty spec) has no node group, and the example's groups are judged: three
    BestEffort pods (PR201) and the hot and cold groups' memory requested without a limit (PR132), as written."""
    report = lint_report(capsys, str(DRUID / "examples__tiny-cluster-mmless.yaml"), str(DRUID / "examples__ingestion.yaml"),
                         str(DRUID / "config__samples__druid_v1alpha1_druid.yaml"))  # fmt: skip
    summary = report["summary"]
    assert summary["pods"] == 5
    assert summary["skipped"]["no-pods"] == {"DruidIngestion": 1, "Role": 1, "RoleBinding": 1}
    assert summary["skipped"]["nothing-found"] == {"Druid": 1}
    assert summary["byRule"] == {"PR201": 3, "PR132": 2}
    assert sorted((f["rule"], f["container"]) for f in report["findings"] if f["rule"] == "PR132") == [
        ("PR132", "druid-tiny-cluster-cold"), ("PR132", "druid-tiny-cluster-hot")]  # fmt: skip
