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
from tests.support import FoundPod, found_pods

REAL = Path(__file__).parent / "data" / "real"
pods = found_pods
Pod = FoundPod


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


ARANGO = REAL / "arangodb__kube-arangodb"
UUID = ("uuid", "init", {"cpu": "100m", "memory": "50Mi"}, {"cpu": "100m", "memory": "50Mi"})
BARE = ("server", "regular", {}, {})


def _arango_bare(group: str, count: int, version_check: bool = True, *extra: Any) -> Pod:
    """A member pod of a group that sets no resources: init-lifecycle and version-check take the server's (none);
    uuid keeps the operator's 100m/50Mi."""
    init = [("init-lifecycle", "init", {}, {}), UUID, *([("version-check", "init", {}, {})] if version_check else [])]
    return ("ArangoDeployment", group, count, [*init, BARE, *extra], False)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # mode Cluster: 3 agents, dbservers and coordinators each (count unset); coordinators have no version check
        ("examples__simple-cluster.yaml", [
            _arango_bare("agents", 3), _arango_bare("dbservers", 3), _arango_bare("coordinators", 3, False)]),
        # mode Single: one single server, no agents
        ("examples__single-server.yaml", [_arango_bare("single", 1)]),
        # metrics enabled in mode sidecar (not internal): the exporter after the server, spec.metrics.resources (none)
        ("examples__production-cluster-with-metrics.yaml", [
            _arango_bare("agents", 3, True, ("exporter", "regular", {}, {})),
            _arango_bare("dbservers", 3, True, ("exporter", "regular", {}, {})),
            _arango_bare("coordinators", 3, False, ("exporter", "regular", {}, {}))]),
    ],
)  # fmt: skip
def test_an_arango_deployment_is_a_pod_per_member_of_each_group_its_mode_uses(name: str, expected: list[Pod]) -> None:
    assert pods(ARANGO / name) == expected


def test_an_arango_deployment_without_resources_is_burstable_by_the_uuid_init_container(capsys: pytest.CaptureFixture[str]) -> None:
    """No group sets resources, yet the operator's uuid init container asks 100m/50Mi: the pod is Burstable (PR137 says
    where the request comes from), never BestEffort; the server's missing resources are PR138."""
    report = lint_report(capsys, str(ARANGO / "examples__single-server.yaml"))
    assert sorted({(f["rule"], f["line"]) for f in report["findings"]}) == [("PR137", 5), ("PR138", 5)]
    assert not any(f["rule"] == "PR201" for f in report["findings"])


def test_arango_operator_init_containers_are_raised_to_the_server(tmp_path: Path) -> None:
    """ActiveFailover: 2 single servers (count unset) and agents whose count 0 is 3; the server keeps cpu, memory and
    ephemeral-storage only; init-lifecycle (spec.lifecycle.resources) and uuid take what they lack of the server's and
    are raised where it is higher, limits at least requests; the user's init containers and sidecars as written;
    a mode the operator refuses makes no pod."""
    path = _write(tmp_path, (
        "apiVersion: database.arangodb.com/v1\nkind: ArangoDeployment\nmetadata: {name: d}\nspec:\n  mode: ActiveFailover\n"
        "  lifecycle: {resources: {requests: {memory: 1Gi}, limits: {memory: 1Gi}}}\n"
        "  single:\n    resources: {requests: {cpu: '1', memory: 512Mi, storage: 10Gi}, limits: {cpu: '2', memory: 512Mi, nvidia.com/gpu: '1'}}\n"
        "    initContainers: {containers: [{name: mine, image: x}]}\n"
        "    sidecars: [{name: side, image: y, resources: {limits: {cpu: 10m}}}]\n"
        "  agents: {count: 0, resources: {requests: {cpu: 50m, memory: 40Mi}, limits: {memory: 80Mi}}}\n"
        "  dbservers: {count: 5}\n"
        "---\napiVersion: database.arangodb.com/v1\nkind: ArangoDeployment\nmetadata: {name: bad}\nspec: {mode: Multi}\n"
    ))
    server = {"cpu": "1", "memory": "512Mi"}, {"cpu": "2", "memory": "512Mi"}
    agents = {"cpu": "50m", "memory": "40Mi"}, {"memory": "80Mi"}
    assert pods(path) == [
        ("ArangoDeployment", "single", 2, [
            ("mine", "init", {}, {}), ("init-lifecycle", "init", {"cpu": "1", "memory": "1Gi"}, {"cpu": "2", "memory": "1Gi"}),
            ("uuid", "init", *server), ("version-check", "init", *server), ("server", "regular", *server),
            ("side", "regular", {}, {"cpu": "10m"})], False),
        ("ArangoDeployment", "agents", 3, [
            ("init-lifecycle", "init", {"cpu": "50m", "memory": "1Gi"}, {"memory": "1Gi"}),
            ("uuid", "init", {"cpu": "100m", "memory": "50Mi"}, {"cpu": "100m", "memory": "80Mi"}),
            ("version-check", "init", *agents), ("server", "regular", *agents)], False),
    ]  # fmt: skip


def test_arango_local_storage_route_and_cluster_sync(capsys: pytest.CaptureFixture[str]) -> None:
    """ArangoLocalStorage: the provisioner DaemonSet (one pod a node: no count), one container without resources,
    BestEffort as the operator builds it; ArangoRoute and ArangoClusterSynchronization make no pod; the route's
    deployment is its single server (the gateway group is not modelled)."""
    assert pods(ARANGO / "examples__arango-local-storage.yaml") == [
        ("ArangoLocalStorage", None, None, [("provisioner", "regular", {}, {})], False)]
    report = lint_report(capsys, str(ARANGO / "examples__arango-local-storage.yaml"))
    assert [f["rule"] for f in report["findings"]] == ["PR201"]
    skipped = [(i.kind, i.reason) for name in ("examples__arangoclustersync.yaml", "examples__single-server-route.yaml")
               for i in iter_items([str(ARANGO / name)]) if isinstance(i, SkippedItem)]
    assert skipped == [("ArangoClusterSynchronization", "no-pods"), ("ArangoRoute", "no-pods")]
    # gateway.enabled, gateways.count 1: the gateway pod, server and init-lifecycle without resources, as written
    assert pods(ARANGO / "examples__single-server-route.yaml") == [
        _arango_bare("single", 1),
        ("ArangoDeployment", "gateways", 1, [("init-lifecycle", "init", {}, {}), ("server", "regular", {}, {})], True)]


def test_an_arango_gateway_takes_three_quarters_of_the_groups_resources(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """ScaleQuantity truncates: 333m * 0.75 is 249m, 1Gi 768Mi; init-lifecycle raised to them; 3 gateways when count
    is unset; the pod is as written (the ArangoProfile's integration sidecar): no QoS finding claims it."""
    path = _write(tmp_path, (
        "apiVersion: database.arangodb.com/v1\nkind: ArangoDeployment\nmetadata: {name: g}\nspec:\n  mode: Single\n"
        "  gateway: {enabled: true}\n  single: {resources: {requests: {cpu: '1', memory: 1Gi}, limits: {cpu: '1', memory: 1Gi}}}\n"
        "  gateways:\n    resources: {requests: {cpu: 333m, memory: 1Gi}, limits: {cpu: '1', memory: 1Gi}}\n"
    ))
    gateway = {"cpu": "249m", "memory": "768Mi"}, {"cpu": "750m", "memory": "768Mi"}
    one = {"cpu": "1", "memory": "1Gi"}
    assert pods(path) == [
        ("ArangoDeployment", "single", 1, [("init-lifecycle", "init", one, one), ("uuid", "init", one, one),
                                           ("version-check", "init", one, one), ("server", "regular", one, one)], False),
        ("ArangoDeployment", "gateways", 3, [("init-lifecycle", "init", *gateway), ("server", "regular", *gateway)], True),
    ]  # fmt: skip
    report = lint_report(capsys, str(path))
    assert [f for f in report["findings"] if f["severity"] != "info"] == []
