"""Stackable's data-platform operators (model/decode/kinds_stackable.py), on
their own example manifests (tests/data/real/stackabletech__*, provenance in
SOURCES.tsv): the pods each operator builds, with the resources it merges
over its defaults."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main

REAL = Path(__file__).parent / "data" / "real"
TRINO = REAL / "stackabletech__trino-operator"
GETTING_STARTED = TRINO / "docs__modules__trino__examples__getting_started__code__trino.yaml"
FTE = TRINO / "docs__modules__trino__examples__usage-guide__fault-tolerant-execution.yaml"
PREPARE = ("prepare", "init", {"cpu": "500m", "memory": "4Gi"}, {"cpu": "2", "memory": "4Gi"})
VECTOR = ("vector", "regular", {"cpu": "250m", "memory": "128Mi"}, {"cpu": "500m", "memory": "128Mi"})


def _explain(capsys: pytest.CaptureFixture[str], *paths: Path | str) -> list[Any]:
    assert main(["explain", "-o", "json", *map(str, paths)]) == 0
    pods = json.loads(capsys.readouterr().out)["pods"]
    return [
        (p["workload"]["kind"], p["workload"]["template"], p["workload"]["replicas"], p["qosClass"],
         [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]], p["workload"]["asWritten"])
        for p in pods
    ]  # fmt: skip


def _trino(coordinators: int, workers: int, worker: tuple[dict[str, str], dict[str, str]] = ({"cpu": "1", "memory": "4Gi"}, {"cpu": "4", "memory": "4Gi"})) -> list[Any]:
    coordinator = ("trino", "regular", {"cpu": "500m", "memory": "4Gi"}, {"cpu": "2", "memory": "4Gi"})
    return [
        ("TrinoCluster", "coordinators.roleGroups[default] coordinator", coordinators, "Burstable", [PREPARE, coordinator], None),
        ("TrinoCluster", "workers.roleGroups[default] worker", workers, "Burstable", [PREPARE, ("trino", "regular", *worker)], None),
    ]


def test_a_trino_cluster_is_a_statefulset_per_role_group_with_the_operators_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    """No resources written: trino-operator's TrinoConfig::default_config (coordinator cpu 500m..2, worker 1..4,
    memory 4Gi) on ``trino``, and the ``prepare`` init container's fixed 500m..2000m, 4Gi. Before, each
    TrinoCluster was a custom object with no pod found."""
    assert _explain(capsys, GETTING_STARTED) == _trino(1, 1)
    assert _explain(capsys, FTE) == _trino(1, 3)
    assert main(["lint", "--no-config", "-o", "json", str(GETTING_STARTED), str(FTE)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["pods"] == 4


def test_trino_resources_merge_role_group_over_role_over_defaults(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """stackable-operator's validate_config merges the group's config over the role's over the defaults, field by
    field; memory.limit is both request and limit; the vector agent where the merged logging enables it; a pod
    with podOverrides is as written."""
    text = FTE.read_text(encoding="utf-8").replace(
        "  workers:\n    roleGroups:\n      default:\n        replicas: 3\n",
        "  workers:\n    config:\n      resources:\n        cpu:\n          min: '1000m'\n          max: '4000m'\n"
        "        memory:\n          limit: '4Gi'\n      logging:\n        enableVectorAgent: true\n"
        "    roleGroups:\n      default:\n        replicas: 3\n        config:\n          resources:\n            memory:\n"
        "              limit: 8Gi\n          logging:\n            enableVectorAgent: false\n"
        "      large:\n        config:\n          resources:\n            cpu:\n              max: '8'\n",
    ).replace(
        "  coordinators:\n    roleGroups:\n", "  coordinators:\n    podOverrides:\n      spec:\n        priorityClassName: high\n    roleGroups:\n"
    )  # fmt: skip
    assert text.count("enableVectorAgent") == 2
    path = tmp_path / "trino.yaml"
    path.write_text(text, encoding="utf-8")
    pods = _explain(capsys, path)
    assert pods[0][1] == "coordinators.roleGroups[default] coordinator" and pods[0][5] is not None and "podOverrides" in pods[0][5]
    assert pods[1:] == [
        ("TrinoCluster", "workers.roleGroups[default] worker", 3, "Burstable",
         [PREPARE, ("trino", "regular", {"cpu": "1", "memory": "8Gi"}, {"cpu": "4", "memory": "8Gi"})], None),
        ("TrinoCluster", "workers.roleGroups[large] worker", 1, "Burstable",
         [PREPARE, ("trino", "regular", {"cpu": "1", "memory": "4Gi"}, {"cpu": "8", "memory": "4Gi"}), VECTOR], None),
    ]  # fmt: skip


def test_a_trino_quantity_that_is_none_is_reported_not_raised(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "trino.yaml"
    path.write_text(GETTING_STARTED.read_text(encoding="utf-8").replace(
        "        replicas: 1\n  workers:", "        replicas: 1\n        config: {resources: {cpu: {min: lots}, memory: [1]}}\n  workers:"), encoding="utf-8")  # fmt: skip
    assert main(["lint", "--no-config", "-o", "json", str(path)]) == 1
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["rule"], f["field"]) for f in findings if f["severity"] == "error"] == [("PR002", "spec.coordinators.roleGroups.default.config.resources.cpu.min")]


SPARK = REAL / "stackabletech__spark-k8s-operator"
SPARK_PI = SPARK / "docs__modules__spark-k8s__examples__getting_started__application.yaml"
SPARK_IMAGE = SPARK / "docs__modules__spark-k8s__examples__example-sparkapp-image.yaml"
SPARK_AS_WRITTEN = "Spark's spark-submit sets the container's cpu and memory from the properties the operator derives from the merged resources"


def test_a_spark_application_is_its_submit_job_driver_and_executors(capsys: pytest.CaptureFixture[str]) -> None:
    """spark-k8s-operator: the submit Job's ``spark-submit`` takes spec.job.config.resources over SubmitConfig's
    defaults; the driver's and executors' ``spark`` container is sized by Spark from the properties the operator
    derives (not computed: as written, no QoS claimed), after the ``job`` init container (spec.image) and
    ``requirements`` (spec.deps.requirements). Before, each SparkApplication was a custom object with no pod found."""
    spark = ("spark", "regular", {}, {})
    assert _explain(capsys, SPARK_PI) == [
        ("SparkApplication", "spark-submit", 1, "Burstable", [("spark-submit", "regular", {"cpu": "1", "memory": "1Gi"}, {"cpu": "2", "memory": "1Gi"})], None),
        ("SparkApplication", "driver", 1, "BestEffort", [spark], SPARK_AS_WRITTEN),
        ("SparkApplication", "executor", 1, "BestEffort", [spark], SPARK_AS_WRITTEN),
    ]  # fmt: skip
    inits = [("job", "init", {"cpu": "250m", "memory": "128Mi"}, {"cpu": "500m", "memory": "128Mi"}),
             ("requirements", "init", {"cpu": "250m", "memory": "1Gi"}, {"cpu": "1", "memory": "1Gi"})]  # fmt: skip
    assert _explain(capsys, SPARK_IMAGE) == [
        ("SparkApplication", "spark-submit", 1, "Guaranteed", [("spark-submit", "regular", {"cpu": "1", "memory": "1Gi"}, {"cpu": "1", "memory": "1Gi"})], None),
        ("SparkApplication", "driver", 1, "Burstable", [*inits, spark], SPARK_AS_WRITTEN),
        ("SparkApplication", "executor", 3, "Burstable", [*inits, spark], SPARK_AS_WRITTEN),
    ]  # fmt: skip
    assert main(["lint", "--no-config", "-o", "json", str(SPARK_PI)]) == 0
    assert json.loads(capsys.readouterr().out)["findings"] == []  # no PR201 on pods Spark sizes


def test_spark_submit_defaults_and_unknown_executor_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No spec.job: SubmitConfig::default_config (cpu 100m..400m, memory 512Mi); no executor replicas: Spark's or
    sparkConf's number, unknown; podOverrides: that pod as written; vector with enableVectorAgent and an aggregator."""
    text = SPARK_PI.read_text(encoding="utf-8")
    job = text.index("  job: # <5>")
    driver = text.index("  driver: # <6>")
    text = text[:job] + text[driver:]
    text = text.replace("    replicas: 1\n", "").replace(
        "  driver: # <6>\n    config:\n", "  vectorAggregatorConfigMapName: vector\n  driver: # <6>\n    config:\n      logging:\n        enableVectorAgent: true\n"
    ) + "    podOverrides:\n      spec:\n        priorityClassName: high\n"  # fmt: skip
    path = tmp_path / "app.yaml"
    path.write_text(text, encoding="utf-8")
    pods = _explain(capsys, path)
    assert pods[0] == ("SparkApplication", "spark-submit", 1, "Burstable",
                       [("spark-submit", "regular", {"cpu": "100m", "memory": "512Mi"}, {"cpu": "400m", "memory": "512Mi"})], None)  # fmt: skip
    assert pods[1][1:4] == ("driver", 1, "Burstable") and pods[1][4] == [("spark", "regular", {}, {}), VECTOR]
    assert pods[2][1:3] == ("executor", None) and pods[2][4] == [("spark", "regular", {}, {})]



def test_spark_pods_whose_spark_container_spark_sizes_get_no_init_container_comparison(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The driver's and executors' `spark` container is sized by Spark (operator_sets): PR137 would compare the
    operator's `job` and `requirements` init containers with a running request of 0 that is not what runs."""
    main(["lint", "--no-config", "-o", "json", str(SPARK_IMAGE)])
    assert [f for f in json.loads(capsys.readouterr().out)["findings"] if f["rule"] == "PR137"] == []
    # the same containers in a plain Pod (no operator): the rule still speaks
    plain = tmp_path / "pod.yaml"
    plain.write_text(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n"
        "  initContainers: [{name: job, image: i, resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {cpu: 100m, memory: 64Mi}}}]\n"
        "  containers: [{name: spark, image: i}]\n"
    )
    main(["lint", "--no-config", "-o", "json", str(plain)])
    assert sorted(f["container"] + " " + f["message"].split(" makes")[0] for f in json.loads(capsys.readouterr().out)["findings"] if f["rule"] == "PR137") == [
        "job init container 'job'", "job init container 'job'"]


def test_an_unknown_field_in_a_kuttl_step_is_dropped_not_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """stackabletech/spark-k8s-operator @405d55143e7d tests/templates/kuttl/delta-lake/20-setup-minio.yaml: a Pod
    with ``spec.selector``. kuttl (and chainsaw) create a step's objects with client-go and no ``fieldValidation``,
    so the API server's default (Warn) drops the field and the pod runs; ``kubectl apply`` asks for Strict and is
    refused. Before: 4 PR004 errors "kubectl apply rejects the object" over the repository's kuttl tests; now a
    warning saying who applies it. The same object in a plain file stays an error."""
    import shutil

    from tests.lint_support import lint_report

    step = Path(__file__).parent / "data" / "harness" / "stackabletech__spark-k8s-operator" / "tests" / "templates" / "kuttl" / "delta-lake"
    report = lint_report(capsys, str(step / "20-setup-minio.yaml"))
    [found] = [f for f in report["findings"] if f["rule"] == "PR004"]
    assert (found["severity"], found["line"]) == ("warning", 20)
    assert found["message"] == ('unknown field "selector"; its test harness (a kuttl or chainsaw step file) creates the object without strict '
                                "field validation: the API server drops the field (with a warning) and runs the rest")  # fmt: skip
    plain = tmp_path / "setup-minio.yaml"
    shutil.copyfile(step / "20-setup-minio.yaml", plain)
    [refused] = [f for f in lint_report(capsys, str(plain))["findings"] if f["rule"] == "PR004"]
    assert refused["severity"] == "error" and refused["message"].endswith("kubectl apply rejects the object (strict field validation)")


HDFS = REAL / "stackabletech__hdfs-operator" / "docs__modules__hdfs__examples__getting_started__hdfs.yaml"
KAFKA = REAL / "stackabletech__kafka-operator"
KAFKA_GETTING_STARTED = KAFKA / "docs__modules__kafka__examples__getting_started__kafka.yaml"
KAFKA_CONTROLLERS = KAFKA / "docs__modules__kafka__examples__kraft_migration__02-start-controllers.yaml"
ZKFC = ("zkfc", "regular", {"cpu": "100m", "memory": "512Mi"}, {"cpu": "400m", "memory": "512Mi"})
KCAT = ("kcat-prober", "regular", {"cpu": "100m", "memory": "128Mi"}, {"cpu": "200m", "memory": "128Mi"})


def test_an_hdfs_cluster_is_a_statefulset_per_role_group_of_each_node_role(capsys: pytest.CaptureFixture[str]) -> None:
    """hdfs-operator @d7841e93ba28: namenode (defaults cpu 250m..1000m, memory 1024Mi) with the fixed ``zkfc`` and the
    init containers ``format-namenodes`` and ``format-zookeeper``, which take the main container's merged resources
    (ContainerConfig::init_container); datanode (100m..400m, 512Mi) after ``wait-for-namenodes``; journalnode
    (100m..400m, 512Mi). Before, the HdfsCluster was a custom object with no pod found."""
    nn = ({"cpu": "250m", "memory": "1Gi"}, {"cpu": "1", "memory": "1Gi"})
    small = ({"cpu": "100m", "memory": "512Mi"}, {"cpu": "400m", "memory": "512Mi"})
    assert _explain(capsys, HDFS) == [
        ("HdfsCluster", "nameNodes.roleGroups[default] namenode", 2, "Burstable",
         [("format-namenodes", "init", *nn), ("format-zookeeper", "init", *nn), ("namenode", "regular", *nn), ZKFC], None),
        ("HdfsCluster", "dataNodes.roleGroups[default] datanode", 1, "Burstable",
         [("wait-for-namenodes", "init", *small), ("datanode", "regular", *small)], None),
        ("HdfsCluster", "journalNodes.roleGroups[default] journalnode", 1, "Burstable", [("journalnode", "regular", *small)], None),
    ]  # fmt: skip
    assert main(["lint", "--no-config", "-o", "json", str(HDFS)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["pods"] == 3 and report["summary"]["skipped"]["nothing-found"] == {}


def test_hdfs_init_containers_follow_the_merged_group_resources_and_vector_sits_before_zkfc(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The group's config.resources over the role's: the namenode and both its init containers take them; the vector
    agent (role logging) is added after the main container, before zkfc; a datanode group with podOverrides is as written."""
    text = HDFS.read_text(encoding="utf-8").replace(
        "  nameNodes:\n    config:\n",
        "  nameNodes:\n    config:\n      logging:\n        enableVectorAgent: true\n      resources:\n        memory:\n          limit: 2Gi\n",
    ).replace(
        "      default:\n        replicas: 2\n",
        "      default:\n        replicas: 2\n        config:\n          resources:\n            cpu:\n              min: '1'\n              max: '2'\n",
    ).replace("      default:\n        replicas: 1\n  journalNodes:",
              "      default:\n        replicas: 1\n        podOverrides:\n          spec:\n            priorityClassName: high\n  journalNodes:")  # fmt: skip
    path = tmp_path / "hdfs.yaml"
    path.write_text(text, encoding="utf-8")
    pods = _explain(capsys, path)
    nn = ({"cpu": "1", "memory": "2Gi"}, {"cpu": "2", "memory": "2Gi"})
    assert pods[0][4] == [("format-namenodes", "init", *nn), ("format-zookeeper", "init", *nn), ("namenode", "regular", *nn), VECTOR, ZKFC]
    assert pods[1][1] == "dataNodes.roleGroups[default] datanode" and pods[1][5] is not None and "podOverrides" in pods[1][5]


def test_a_kafka_cluster_is_its_brokers_and_controllers(capsys: pytest.CaptureFixture[str]) -> None:
    """kafka-operator @ef8435677471: a broker pod is ``kafka`` (BrokerConfig::default_config: cpu 250m..1000m, memory
    2Gi) and the fixed ``kcat-prober`` (100m..200m, 128Mi); a controller pod ``kafka`` alone (ControllerConfig: 250m..1000m,
    1Gi). Before, each KafkaCluster was a custom object with no pod found."""
    brokers = ("KafkaCluster", "brokers.roleGroups[default] broker", 3, "Burstable",
               [("kafka", "regular", {"cpu": "250m", "memory": "2Gi"}, {"cpu": "1", "memory": "2Gi"}), KCAT], None)  # fmt: skip
    assert _explain(capsys, KAFKA_GETTING_STARTED) == [brokers]
    assert _explain(capsys, KAFKA_CONTROLLERS) == [
        brokers,
        ("KafkaCluster", "controllers.roleGroups[default] controller", 3, "Burstable",
         [("kafka", "regular", {"cpu": "250m", "memory": "1Gi"}, {"cpu": "1", "memory": "1Gi"})], None),
    ]  # fmt: skip
    assert main(["lint", "--no-config", "-o", "json", str(KAFKA_GETTING_STARTED), str(KAFKA_CONTROLLERS)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["pods"] == 3


def test_kafka_broker_vector_comes_after_kcat_prober_and_resources_merge(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """add_vector_container runs after kafka and kcat-prober are added; the group's memory over the role's cpu; a
    quantity that is not one is a finding, not a traceback."""
    text = KAFKA_GETTING_STARTED.read_text(encoding="utf-8").replace(
        "  brokers:\n    config:\n",
        "  brokers:\n    config:\n      logging:\n        enableVectorAgent: true\n      resources:\n        cpu:\n          min: '2'\n          max: '2'\n",
    ).replace("        replicas: 3\n", "        replicas: 3\n        config:\n          resources:\n            memory:\n              limit: 4Gi\n")  # fmt: skip
    path = tmp_path / "kafka.yaml"
    path.write_text(text, encoding="utf-8")
    four = {"cpu": "2", "memory": "4Gi"}
    assert _explain(capsys, path)[0][3:5] == ("Burstable", [("kafka", "regular", four, four), KCAT, VECTOR])
    path.write_text(text.replace("limit: 4Gi", "limit: lots"), encoding="utf-8")
    assert main(["lint", "--no-config", "-o", "json", str(path)]) == 1
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["rule"], f["field"]) for f in findings if f["severity"] == "error"] == [("PR002", "spec.brokers.roleGroups.default.config.resources.memory.limit")]


MIRROR_SOURCE = KAFKA / "docs__modules__kafka__examples__mirror_maker__01-setup-source.yaml"


def test_a_stackable_zookeeper_cluster_and_the_stackable_objects_without_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """zookeeper-operator @79a5f62efbcf: a server pod is the fixed init container ``prepare`` (200m..800m, 512Mi) and
    ``zookeeper`` (default_server_config: 200m..800m, 512Mi). The ZookeeperZnode (a znode and a ConfigMap), the
    SecretClasses and the AuthenticationClass make no pod. Before: 5 custom objects with no pod found and no pods."""
    assert _explain(capsys, MIRROR_SOURCE) == [
        ("ZookeeperCluster", "servers.roleGroups[default] server", 1, "Burstable",
         [("prepare", "init", {"cpu": "200m", "memory": "512Mi"}, {"cpu": "800m", "memory": "512Mi"}),
          ("zookeeper", "regular", {"cpu": "200m", "memory": "512Mi"}, {"cpu": "800m", "memory": "512Mi"})], None),
        ("KafkaCluster", "brokers.roleGroups[default] broker", 1, "Burstable",
         [("kafka", "regular", {"cpu": "250m", "memory": "2Gi"}, {"cpu": "1", "memory": "2Gi"}), KCAT], None),
    ]  # fmt: skip
    assert main(["lint", "--no-config", "-o", "json", str(MIRROR_SOURCE)]) == 0
    summary = json.loads(capsys.readouterr().out)["summary"]
    assert summary["pods"] == 2 and summary["skipped"]["nothing-found"] == {}
    assert summary["skipped"]["no-pods"] == {"AuthenticationClass": 1, "Namespace": 1, "SecretClass": 2, "ZookeeperZnode": 1}
