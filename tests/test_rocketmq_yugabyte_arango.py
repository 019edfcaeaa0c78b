"""Apache RocketMQ's, YugabyteDB's and ArangoDB's operators on the projects'
own files (tests/data/real, provenance in SOURCES.tsv): the pods each
operator builds, from its Go types and controller code
(model/decode/kinds_rocketmq.py, kinds_yugabyte.py, kinds_arango.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real"
Resources = dict[str, str]
Pod = tuple[str, str | None, int | None, list[tuple[str, str, Resources, Resources]], bool]


def pods(path: Path) -> list[Pod]:
    """(kind, template, count, [(container, type, requests, limits)], as written) of every pod found."""
    out: list[Pod] = []
    for item in iter_items([str(path)]):
        if isinstance(item, WorkloadItem):
            ref = item.workload.ref
            containers = [
                (c.name, c.type.value, {k: v.canonical() for k, v in c.resources.req.items()}, {k: v.canonical() for k, v in c.resources.lim.items()})
                for c in item.workload.pod.all_containers()
            ]
            out.append((ref.kind, ref.template, ref.replicas, containers, ref.as_written is not None))
    return out


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "m.yaml"
    path.write_text(text, encoding="utf-8")
    return path


ROCKETMQ = REAL / "apache__rocketmq-operator"
BROKER = [("broker", "regular", {"cpu": "250m", "memory": "2Gi"}, {"cpu": "500m", "memory": "12Gi"})]


def test_a_rocketmq_cluster_is_its_brokers_name_servers_and_console() -> None:
    """size 1 group of a master and replicaPerGroup 1 replica, each StatefulSet one pod with spec.resources (2048Mi is
    2Gi); the name service's size 1; the console's one container, BestEffort as its template writes it."""
    assert pods(ROCKETMQ / "example__rocketmq_v1alpha1_rocketmq_cluster.yaml") == [
        ("Broker", "master", 1, BROKER, False), ("Broker", "replica", 1, BROKER, False),
        ("NameService", None, 1, [("name-service", "regular", {"cpu": "250m", "memory": "512Mi"}, {"cpu": "500m", "memory": "1Gi"})], False),
        ("Console", None, 1, [("console", "regular", {}, {})], False),
    ]  # fmt: skip


def test_a_rocketmq_controller_and_topic_transfer() -> None:
    """The DLedger controller's StatefulSet of spec.size pods, container controller; a TopicTransfer makes no pod."""
    assert pods(ROCKETMQ / "example__rocketmq_v1alpha1_controller_cr.yaml") == [
        ("Controller", None, 1, [("controller", "regular", {"memory": "2Gi"}, {"memory": "2Gi"})], False)]
    items = list(iter_items([str(ROCKETMQ / "example__rocketmq_v1alpha1_topictransfer_cr.yaml")]))
    assert [(i.kind, i.reason) for i in items if isinstance(i, SkippedItem)] == [("TopicTransfer", "no-pods")]
    assert not any(isinstance(i, WorkloadItem) for i in items)


def test_rocketmq_lint_findings_on_the_real_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    """The broker's 12Gi limit over its 2Gi request (PR134, once per master and replica place: one line) and the
    console's BestEffort pod are the operator's pods as it builds them: no 'as written' hedge."""
    report = lint_report(capsys, str(ROCKETMQ / "example__rocketmq_v1alpha1_rocketmq_cluster.yaml"))
    found = sorted({(f["rule"], f["line"]) for f in report["findings"] if f["severity"] != "info"})
    assert found == [("PR134", 56), ("PR201", 163)]
    assert not any("may add resources" in f["message"] for f in report["findings"])


def test_a_rocketmq_broker_sizes_groups_and_replicas(tmp_path: Path) -> None:
    """size groups of 1 + replicaPerGroup StatefulSets; size unset: none; a clusterMode the operator names no
    StatefulSet for: none; the console keeps only its template's first container, with the template's replicas."""
    path = _write(tmp_path, (
        "apiVersion: rocketmq.apache.org/v1alpha1\nkind: Broker\nmetadata: {name: b}\nspec:\n  size: 3\n  replicaPerGroup: 2\n"
        "  clusterMode: CONTROLLER\n  resources: {limits: {cpu: '1', memory: 1Gi}}\n"
        "---\napiVersion: rocketmq.apache.org/v1alpha1\nkind: Broker\nmetadata: {name: none}\nspec: {replicaPerGroup: 1}\n"
        "---\napiVersion: rocketmq.apache.org/v1alpha1\nkind: Broker\nmetadata: {name: c}\nspec: {size: 1, clusterMode: CONTAINER}\n"
        "---\napiVersion: rocketmq.apache.org/v1alpha1\nkind: Console\nmetadata: {name: c}\nspec:\n  consoleDeployment:\n"
        "    spec:\n      replicas: 2\n      template:\n        spec:\n          priorityClassName: high\n"
        "          initContainers: [{name: i, resources: {requests: {cpu: '4'}}}]\n"
        "          containers:\n          - {name: ui, resources: {requests: {cpu: 100m}}}\n"
        "          - {name: dropped, resources: {requests: {cpu: '8'}}}\n"
    ))
    one = {"cpu": "1", "memory": "1Gi"}
    assert pods(path) == [
        ("Broker", "master", 3, [("broker", "regular", {}, one)], False), ("Broker", "replica", 6, [("broker", "regular", {}, one)], False),
        ("Broker", "master", 0, [("broker", "regular", {}, {})], False), ("Broker", "replica", 0, [("broker", "regular", {}, {})], False),
        ("Console", None, 2, [("ui", "regular", {"cpu": "100m"}, {})], False),
    ]  # fmt: skip
    console = [i for i in iter_items([str(path)]) if isinstance(i, WorkloadItem)][-1]
    assert console.workload.pod.priority_class_name is None


# yugabyte/yugabyte-operator carries no licence file: its samples are not copied; these objects follow
# deploy/crds/yugabyte.com_v1alpha1_ybcluster_cr.yaml and _full_cr.yaml in shape, written here.
YBCLUSTER = (
    "apiVersion: yugabyte.com/v1alpha1\nkind: YBCluster\nmetadata: {name: example-ybcluster, namespace: yb-operator}\nspec:\n"
    "  replicationFactor: 3\n  master:\n    replicas: 3\n    storage: {size: 1Gi}\n"
    "    resources: {requests: {cpu: 200m, memory: 256Mi}, limits: {cpu: 500m, memory: 512Mi}}\n"
    "  tserver:\n    replicas: 5\n    storage: {count: 1, size: 1Gi}\n"
    "---\napiVersion: yugabyte.com/v1alpha1\nkind: YBCluster\nmetadata: {name: bare}\nspec:\n  master: {storage: {size: 1Gi}}\n"
)


def test_a_ybcluster_is_its_master_and_tserver_statefulsets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """yb-master and yb-tserver, each spec.<role>.replicas pods of one container with spec.<role>.resources whole; no
    default: a tserver without resources is BestEffort, an unset count 0 pods (validateCR's error is discarded)."""
    path = _write(tmp_path, YBCLUSTER)
    sized = {"cpu": "200m", "memory": "256Mi"}, {"cpu": "500m", "memory": "512Mi"}
    assert pods(path) == [
        ("YBCluster", "master", 3, [("yb-master", "regular", *sized)], False),
        ("YBCluster", "tserver", 5, [("yb-tserver", "regular", {}, {})], False),
        ("YBCluster", "master", 0, [("yb-master", "regular", {}, {})], False),
        ("YBCluster", "tserver", 0, [("yb-tserver", "regular", {}, {})], False),
    ]
    report = lint_report(capsys, str(path))
    assert [(f["rule"], f["object"]["name"]) for f in report["findings"] if f["severity"] == "warning"] == [
        ("PR201", "example-ybcluster"), ("PR201", "bare")]
    assert report["findings"][0]["line"] == 4  # spec: the tserver's place (no resources written), the master's sized
