"""Serving and operator workloads on the projects' own files (tests/data/real,
provenance in SOURCES.tsv): what the operator builds, from its Go types and
code (model/decode/kinds_operators.py, tests/data/real/WORKLOAD_KINDS.md);
pods that are only as written get no QoS claim; kinds that describe other
objects are never searched."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report
from tests.support import requests_limits

REAL = Path(__file__).parent / "data" / "real"
Resources = dict[str, str]


def pods(name: str) -> list[tuple[str, str | None, int | None, list[tuple[str, Resources, Resources]], bool]]:
    out = []
    for item in iter_items([str(REAL / name)]):
        if isinstance(item, WorkloadItem):
            ref = item.workload.ref
            containers = [
                (c.name, {k: v.canonical() for k, v in c.resources.req.items()}, {k: v.canonical() for k, v in c.resources.lim.items()})
                for c in item.workload.pod.containers
            ]
            out.append((ref.kind, ref.template, ref.replicas, containers, ref.as_written is not None))
    return out


GPU_6_24 = {"cpu": "6", "memory": "24Gi", "nvidia.com/gpu": "1"}
MONGO, MONGO_LIMITS = {"cpu": "300m", "memory": "1Gi"}, {"cpu": "600m", "memory": "1Gi"}
LOGS, LOGROTATE = (("logs", {"cpu": "200m", "memory": "100M"}, {}), ("logrotate", {"cpu": "200m", "memory": "100M"}, {}))
RDMA_10_120 = {"cpu": "10", "memory": "120Gi", "vke.volcengine.com/rdma": "1"}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # KServe: the framework spec is the kserve-container; minReplicas defaults to 1; merged with the runtime: as written
        ("kserve__kserve/docs__samples__storage__hf__hf_isvc.yaml", [
            ("InferenceService", "predictor", 1, [("kserve-container", GPU_6_24, GPU_6_24)], True),
        ]),
        # an alibi explainer: no such framework in the v1beta1 types (only art), so no explainer pod
        ("kserve__kserve/docs__samples__explanation__alibi__income__income.yaml", [
            ("InferenceService", "predictor", 1, [("kserve-container", {"cpu": "100m", "memory": "1Gi"}, {"cpu": "1", "memory": "1Gi"})], True),
        ]),
        ("kserve__kserve/docs__samples__v1beta1__transformer__collocation__collocation.yaml", [
            ("InferenceService", "predictor", 1, [
                ("kserve-container", {"cpu": "100m", "memory": "256Mi"}, {"cpu": "1", "memory": "1Gi"}),
                ("transformer-container", {"cpu": "100m", "memory": "256Mi"}, {"cpu": "1", "memory": "1Gi"}),
            ], True),
        ]),
        ("kserve__kserve/config__runtimes__kserve-huggingfaceserver.yaml", [
            ("ClusterServingRuntime", "runtime", None, [("kserve-container", {"cpu": "1", "memory": "2Gi"}, {"cpu": "1", "memory": "2Gi"})], True),
        ]),
        ("kserve__kserve/docs__samples__llmisvc__multi-gpu-vendor__llm-inference-service-qwen2-7b-nvidia-with-scheduler.yaml", [
            ("LLMInferenceService", "template", 3, [
                ("main", {"cpu": "2", "memory": "16Gi", "nvidia.com/gpu": "1"}, {"cpu": "4", "memory": "32Gi", "nvidia.com/gpu": "1"}),
            ], True),
        ]),
        # Kubeflow Trainer: a TrainJob's node container takes resourcesPerNode, numNodes pods (the runtime's when unset:
        # unknown here); the runtime writes the rest, so the pod is as written
        ("kubeflow__trainer/examples__yaml__02-runtime-patches.yaml", [
            ("TrainJob", None, 2, [("node", {"cpu": "2", "memory": "4Gi"}, {"cpu": "4", "memory": "8Gi"})], True),
        ]),
        ("kubeflow__trainer/examples__yaml__01-multi-node.yaml", [("TrainJob", None, 3, [("node", {}, {})], True)]),
        ("kubeflow__trainer/examples__yaml__05-multi-step.yaml", [
            ("TrainingRuntime", "template.spec.replicatedJobs[0] dataset-initializer", 1, [("dataset-initializer", {}, {})], False),
            ("TrainingRuntime", "template.spec.replicatedJobs[1] node", 1, [("node", {}, {})], True),
            ("TrainJob", None, 2, [("node", {"cpu": "2", "memory": "4Gi"}, {"cpu": "4", "memory": "8Gi"})], True),
        ]),
        # Envoy Gateway: per Gateway, envoy (container.resources, else requests 100m/512Mi) and shutdown-manager (10m/32Mi)
        ("envoyproxy__gateway/examples__kubernetes__envoy-proxy-config.yaml", [
            ("EnvoyProxy", "envoy", 2, [("envoy", {"cpu": "150m", "memory": "640Mi"}, {"cpu": "500m", "memory": "1Gi"}),
                                        ("shutdown-manager", {"cpu": "10m", "memory": "32Mi"}, {})], True),
        ]),
        ("envoyproxy__gateway/test__e2e__testdata__envoyproxy-daemonset.yaml", [  # a DaemonSet: one pod a node
            ("EnvoyProxy", "envoy", None, [("envoy", {"cpu": "100m", "memory": "512Mi"}, {}), ("shutdown-manager", {"cpu": "10m", "memory": "32Mi"}, {})], True),
        ]),
        # Percona's operator builds every MongoDB pod from the CR's resources, no defaults: final
        ("percona__percona-server-mongodb-operator/deploy__cr.yaml", [
            ("PerconaServerMongoDB", "replsets[0] rs0", 3, [("mongod", MONGO, MONGO_LIMITS), ("backup-agent", {}, {}), LOGS, LOGROTATE], False),
            ("PerconaServerMongoDB", "cfg", 3, [("mongod", MONGO, MONGO_LIMITS), ("backup-agent", {}, {}), LOGS, LOGROTATE], False),
            ("PerconaServerMongoDB", "mongos", 3, [("mongos", MONGO, MONGO_LIMITS)], False),
        ]),
        ("percona__percona-server-mongodb-operator/deploy__cr-minimal.yaml", [
            ("PerconaServerMongoDB", "replsets[0] rs0", 1, [("mongod", {}, {})], False),
            ("PerconaServerMongoDB", "cfg", 1, [("mongod", {}, {})], False),
            ("PerconaServerMongoDB", "mongos", 1, [("mongos", {}, {})], False),
        ]),
        ("percona__percona-server-mongodb-operator/e2e-tests__arbiter__conf__arbiter-rs0.yml", [
            ("PerconaServerMongoDB", "replsets[0] rs0", 4, [("mongod", {}, {})], False),
            ("PerconaServerMongoDB", "replsets[0] rs0 arbiter", 1, [("mongod-arbiter", {}, {})], False),
        ]),
        # llmaz: a Playground's model-runner takes its backendRuntimeConfig.resources over its BackendRuntime's chosen config
        ("InftyAI__llmaz/docs__examples__runai-streamer__playground-streaming-from-s3.yaml", [
            ("Playground", None, 1, [("model-runner", {"cpu": "4", "memory": "16Gi", "nvidia.com/gpu": "1"}, {"cpu": "4", "memory": "16Gi", "nvidia.com/gpu": "1"})], True),
        ]),
        ("InftyAI__llmaz/test__config__backends__vllm.yaml", [
            ("BackendRuntime", "recommendedConfigs[0] default", None, [("model-runner", {"cpu": "4", "memory": "8Gi"}, {"cpu": "4", "memory": "8Gi"})], True),
            ("BackendRuntime", "recommendedConfigs[1] speculative-decoding", None, [("model-runner", {"cpu": "4", "memory": "8Gi"}, {"cpu": "8", "memory": "16Gi"})], True),
        ]),
        # kthena: per serving group (1) each role runs `replicas` times (2): an entry pod and workerReplicas (1) workers
        ("volcano-sh__kthena/examples__model-serving__gangPolicy.yaml", [
            ("ModelServing", f"template.roles[{i}] {role} {pod}", 2, [(container, {"cpu": "100m"}, {"cpu": "100m"})], False)
            for pod, container in (("entry", "leader"), ("worker", "worker")) for i, role in enumerate(("prefill", "decode"))
        ]),
        # MariaDB's operator: mariadb from spec.resources, sidecars and init containers as written, the agent with an HA
        # topology, the metrics exporter's own pod; no defaults
        ("mariadb-operator__mariadb-operator/examples__manifests__mariadb.yaml", [
            ("MariaDB", "mariadb", 1, [("mariadb", {"cpu": "300m", "memory": "128Mi"}, {"memory": "2Gi"})], False),
            ("MariaDB", "exporter", 1, [("exporter", {}, {})], False),
        ]),
        ("mariadb-operator__mariadb-operator/examples__manifests__mariadb_init_and_sidecar.yaml", [
            ("MariaDB", "mariadb", 1, [("sidecar", {}, {}), ("mariadb", {}, {})], False),
        ]),
        ("mariadb-operator__mariadb-operator/examples__manifests__mariadb_galera.yaml", [
            ("MariaDB", "mariadb", 3, [("mariadb", {}, {}), ("agent", {}, {})], False),
            ("MariaDB", "exporter", 1, [("exporter", {}, {})], False),
        ]),
        # KEDA copies a ScaledJob's jobTargetRef into each Job it makes: the pod is final
        ("kedacore__sample-go-rabbitmq/deploy__deploy-consumer-job.yaml", [("ScaledJob", None, None, [("rabbitmq-client", {}, {})], False)]),
        # ECK: the main container added when missing, the kind's defaults when it sets none, count as written (0 when omitted)
        ("elastic__cloud-on-k8s/config__samples__elasticsearch__elasticsearch.yaml", [
            ("Elasticsearch", "nodeSets[0] default", 3, [("elasticsearch", {}, {"cpu": "1", "memory": "4Gi"})], False),
        ]),
        ("elastic__cloud-on-k8s/config__samples__kibana__kibana_es.yaml", [
            ("Elasticsearch", "nodeSets[0] default", 2, [("elasticsearch", {"memory": "2Gi"}, {"memory": "2Gi"})], False),
            ("Kibana", None, 1, [("kibana", {}, {"cpu": "1", "memory": "1Gi"})], False),
        ]),
        ("elastic__cloud-on-k8s/config__recipes__beats__metricbeat_hosts.yaml", [
            ("Beat", "daemonSet.podTemplate", None, [("metricbeat", {"cpu": "100m", "memory": "300Mi"}, {"cpu": "100m", "memory": "300Mi"})], False),
            ("Elasticsearch", "nodeSets[0] default", 3, [("elasticsearch", {"memory": "2Gi"}, {"memory": "2Gi"})], False),
            ("Kibana", None, 1, [("kibana", {"memory": "2Gi"}, {"memory": "2Gi"})], False),
        ]),
        ("elastic__cloud-on-k8s/config__recipes__elastic-agent__fleet-kubernetes-integration.yaml", [
            ("Kibana", None, 1, [("kibana", {"memory": "2Gi"}, {"memory": "2Gi"})], False),
            ("Elasticsearch", "nodeSets[0] default", 3, [("elasticsearch", {"memory": "2Gi"}, {"memory": "2Gi"})], False),
            ("Agent", "deployment.podTemplate", 1, [("agent", {"cpu": "200m", "memory": "1Gi"}, {"cpu": "200m", "memory": "1Gi"})], False),
            ("Agent", "daemonSet.podTemplate", None, [("agent", {"cpu": "200m", "memory": "1Gi"}, {"cpu": "200m", "memory": "1Gi"})], False),
        ]),
        # vLLM production-stack: the operator's containers from deploymentConfig, each value both request and limit
        ("vllm-project__production-stack/operator__config__samples__production-stack_v1alpha1_vllmruntime.yaml", [
            ("VLLMRuntime", None, 2, [
                ("vllm", {"cpu": "5", "memory": "32Gi", "nvidia.com/gpu": "1"}, {"cpu": "5", "memory": "32Gi", "nvidia.com/gpu": "1"}),
                ("sidecar", {"cpu": "500m", "memory": "128Mi"}, {"cpu": "500m", "memory": "128Mi"}),
            ], False),
        ]),
        # Flink: each template as written (merged into the JobManager and TaskManager pods); flink-main-container
        # added when missing, its cpu and memory left to Flink (not computed); the JobManager's replicas default to 1
        ("apache__flink-kubernetes-operator/examples__pod-template.yaml", [
            ("FlinkDeployment", "podTemplate", None, [("flink-main-container", {}, {}), ("fluentbit", {}, {})], True),
            ("FlinkDeployment", "jobManager.podTemplate", 1, [("flink-main-container", {}, {})], True),
        ]),
        ("apache__flink-kubernetes-operator/e2e-tests__data__bluegreen-laststate.yaml", [
            ("FlinkBlueGreenDeployment", "template.spec.jobManager.podTemplate", 1,
             [("flink-main-container", {"ephemeral-storage": "2Gi"}, {"ephemeral-storage": "2Gi"})], True),
        ]),
        # Knative names unnamed containers user-container-0, -1... when there are several (revision_defaults.go)
        ("knative__serving/test__test_images__multicontainer__service.yaml", [
            ("Service", None, None, [("user-container-0", {}, {}), ("user-container-1", {}, {})], True),
        ]),
        # aibrix's KVCache: the backend annotation picks the pods (vineyard by default, spec.mode is read by nothing);
        # spec.cache.template is used as written; each RuntimeSpec's resources are its container's, no defaults
        ("vllm-project__aibrix/samples__kvcache__infinistore__kvcache.yaml", [
            ("KVCache", "cache", 1, [("kvcache-server", RDMA_10_120, RDMA_10_120)], False),
            ("KVCache", "redis", 1, [("redis", {"cpu": "1", "memory": "1Gi"}, {"cpu": "1", "memory": "1Gi"})], False),
            ("KVCache", "watcher", 1, [("kvcache-watcher", {"cpu": "500m", "memory": "256Mi"}, {"cpu": "500m", "memory": "256Mi"})], False),
        ]),
        ("vllm-project__aibrix/samples__kvcache__infinistore__kvcache_customized.yaml", [
            ("KVCache", "cache", 3, [("infinistore", RDMA_10_120, RDMA_10_120)], False),
            ("KVCache", "redis", 1, [("redis", {"cpu": "1", "memory": "1Gi"}, {"cpu": "1", "memory": "1Gi"})], False),
            ("KVCache", "watcher", 1, [("kvcache-watcher", {"cpu": "500m", "memory": "256Mi"}, {"cpu": "500m", "memory": "256Mi"})], False),
        ]),
        ("vllm-project__aibrix/samples__kvcache__vineyard__kvcache.yaml", [
            ("KVCache", "cache", 1, [("kvcache", {"cpu": "2", "memory": "4Gi"}, {"cpu": "2", "memory": "4Gi"})], False),
        ]),
        # Zalando's postgresql: postgres from spec.resources, as written (the configuration fills unset keys, bounds limits)
        ("zalando__postgres-operator/manifests__complete-postgres-manifest.yaml", [
            ("postgresql", "database", 2, [("postgres", {"cpu": "10m", "memory": "100Mi"}, {"cpu": "500m", "memory": "500Mi"})], True),
        ]),
        ("zalando__postgres-operator/manifests__minimal-postgres-manifest.yaml", [("postgresql", "database", 2, [("postgres", {}, {})], True)]),
        # SparkConnect (sparkoperator.k8s.io is no Kubernetes group): the server pod is its template; Spark sizes the executors
        ("kubeflow__spark-operator/examples__sparkconnect__spark-connect.yaml", [
            ("SparkConnect", "server", 1, [("spark-kubernetes-driver", {"cpu": "1", "memory": "1Gi"}, {"cpu": "1", "memory": "1Gi"})], False),
            ("SparkConnect", "executor", None, [("spark-kubernetes-executor", {}, {})], True),
        ]),
        # Contour's ContourDeployment: parameters the Gateway provisioner lays over each Gateway's pods (a preset)
        # (workloadType: Deployment with deployment.replicas 2; shutdown-manager's fixed 25m/50Mi, 200m/100Mi: dataplane.go:69)
        ("projectcontour__contour/vendored-in-knative__contour-gateway.yaml", [
            ("ContourDeployment", "contour", 1, [("contour", {}, {})], True),
            ("ContourDeployment", "envoy", 2, [
                ("shutdown-manager", {"cpu": "25m", "memory": "50Mi"}, {"cpu": "200m", "memory": "100Mi"}),
                ("envoy", {"cpu": "100m", "memory": "100Mi"}, {"cpu": "1", "memory": "1000Mi"}),
            ], True),
        ] * 2),
        # Strimzi builds every pod itself, giving nothing where resources are unset: kafka.strimzi.io/v1 pools are final;
        # a Kafka with the node-pools annotation makes no broker pod itself; the entity operator makes a container per section
        ("strimzi__strimzi-kafka-operator/packaging__examples__cruise-control__kafka-cruise-control.yaml", [
            ("KafkaNodePool", None, 3, [("kafka", {}, {})], False),
            ("KafkaNodePool", None, 3, [("kafka", {}, {})], False),
            ("Kafka", "entity-operator", 1, [("topic-operator", {}, {}), ("user-operator", {}, {})], False),
            ("Kafka", "cruise-control", 1, [("cruise-control", {}, {})], False),
        ]),
        ("strimzi__strimzi-kafka-operator/packaging__examples__connect__kafka-connect.yaml", [
            ("KafkaConnect", None, 1, [("my-connect-cluster-connect", {}, {})], False),
        ]),
        # v1beta2 pools without resources took their Kafka's spec.kafka.resources before 1.0.0: as written
        ("strimzi__strimzi-kafka-operator/0.45.0__packaging__examples__kafka__kafka-with-node-pools.yaml", [
            ("KafkaNodePool", None, 3, [("kafka", {}, {})], True),
            ("KafkaNodePool", None, 3, [("kafka", {}, {})], True),
            ("Kafka", "zookeeper", 3, [("zookeeper", {}, {})], False),
            ("Kafka", "entity-operator", 1, [("topic-operator", {}, {}), ("user-operator", {}, {})], False),
        ]),
        # a Kafka without node pools: brokers from spec.kafka, ZooKeeper, and a tls-sidecar written for Strimzi before 0.41.0
        ("GoogleCloudPlatform__kubernetes-engine-samples/streaming__kafka-strimzi__manifests__02-prometheus-metrics__my-cluster.yaml", [
            ("Kafka", "kafka", 3, [("kafka", {"memory": "5Gi", "cpu": "1"}, {"memory": "5Gi", "cpu": "2"})], False),
            ("Kafka", "zookeeper", 3, [("zookeeper", {"memory": "2560Mi", "cpu": "1"}, {"memory": "2560Mi", "cpu": "2"})], False),
            ("Kafka", "entity-operator", 1, [
                ("topic-operator", {"cpu": "100m", "memory": "512Mi"}, {"cpu": "500m", "memory": "512Mi"}),
                ("user-operator", {"cpu": "500m", "ephemeral-storage": "1Gi", "memory": "2Gi"}, {"cpu": "500m", "ephemeral-storage": "1Gi", "memory": "2Gi"}),
                ("tls-sidecar", {"cpu": "100m", "memory": "128Mi"}, {"cpu": "500m", "memory": "128Mi"}),
            ], False),
        ]),
    ],
)  # fmt: skip
def test_operator_pods_as_the_operator_builds_them(name: str, expected: list[Any]) -> None:
    assert (REAL / name).is_file()
    assert pods(name) == expected


def skipped(name: str) -> list[tuple[str, str | None]]:
    return [(i.reason, i.kind) for i in iter_items([str(REAL / name)]) if isinstance(i, SkippedItem) and i.reason != "no-pods"]


def test_contour_provisions_envoy_as_a_daemonset_unless_told_and_counts_the_deprecated_replicas(tmp_path: Path) -> None:
    """projectcontour/contour 31c4bb38e0a5 internal/provisioner: model.Default makes Envoy a DaemonSet with 2 contour
    replicas; gateway.go takes spec.contour.deployment.replicas, else the deprecated spec.contour.replicas (each above 0),
    and Envoy's replicas only for workloadType Deployment. The envoy pod always has the envoy-initconfig init container
    and the shutdown-manager, each at defContainerResources (25m/50Mi requests, 200m/100Mi limits)."""
    import yaml

    real = REAL / "projectcontour__contour/vendored-in-knative__contour-gateway.yaml"
    docs = [d for d in yaml.safe_load_all(real.read_text(encoding="utf-8")) if d and d.get("kind") == "ContourDeployment"]
    external = docs[0]
    assert external["metadata"]["name"] == "contour-external"
    del external["spec"]["envoy"]["workloadType"]  # the default: a DaemonSet, its deployment.replicas read by nothing
    external["spec"]["contour"] = {"replicas": 3}  # the deprecated field
    variant = tmp_path / "contour.yaml"
    variant.write_text(yaml.safe_dump(external), encoding="utf-8")
    [contour, envoy] = [item.workload for item in iter_items([str(variant)]) if isinstance(item, WorkloadItem)]
    assert (contour.ref.template, contour.ref.replicas) == ("contour", 3)
    assert (envoy.ref.template, envoy.ref.replicas) == ("envoy", None)
    assert [c.name for c in envoy.pod.containers] == ["shutdown-manager", "envoy"]
    [init] = envoy.pod.init_containers
    assert init.name == "envoy-initconfig"
    assert {k: v.canonical() for k, v in init.resources.req.items()} == {"cpu": "25m", "memory": "50Mi"}
    assert {k: v.canonical() for k, v in init.resources.lim.items()} == {"cpu": "200m", "memory": "100Mi"}
    external["spec"] = {}  # nothing written: 2 contour pods, the Envoy DaemonSet, envoy without resources
    variant.write_text(yaml.safe_dump(external), encoding="utf-8")
    found = [(i.workload.ref.template, i.workload.ref.replicas, [c.name for c in i.workload.pod.containers if c.resources.req])
             for i in iter_items([str(variant)]) if isinstance(i, WorkloadItem)]
    assert found == [("contour", 2, []), ("envoy", None, ["shutdown-manager"])]


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("cilium__cilium/examples__kubernetes-dns__dns-matchname.yaml", "CiliumNetworkPolicy"),
        ("cilium__tetragon/examples__tracingpolicy__fd_install_cap_changes.yaml", "TracingPolicy"),
        ("cilium__tetragon/examples__quickstart__file_monitoring_enforce.yaml", "TracingPolicyNamespaced"),
    ],
)
def test_cilium_io_kinds_describe_other_objects(name: str, kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    """No cilium.io kind holds a pod: a network or tracing policy selects other pods (endpointSelector,
    podSelector); it is never searched, by table or by shape, and counted apart, not as a custom object where
    nothing was found."""
    assert skipped(name) == [("describes-objects", kind)]
    report = lint_report(capsys, str(REAL / name))
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    counted = report["summary"]["skipped"]
    assert counted["describes-objects"] == {kind: 1} and counted["nothing-found"] == {}


def test_kuma_and_kubescape_kinds_describe_other_objects(capsys: pytest.CaptureFixture[str]) -> None:
    """kumahq/kuma's kuma.io kinds (what ``kumactl export --format kubernetes`` prints: a Mesh, a MeshAccessLog
    whose targetRef selects other proxies) and Kubescape's policy parameters (a ControlConfiguration, the paramKind
    of its ValidatingAdmissionPolicies, whose cpuLimitMax bounds other pods; a ControlInput) hold no pod: counted
    as describing other objects, not as custom objects where nothing was found."""
    export = "kumahq__kuma/app__kumactl__cmd__export__testdata__export-kube-federation-with-policies.golden.yaml"
    assert skipped(export) == [("describes-objects", "Mesh"), ("describes-objects", "MeshAccessLog")]
    config = "kubescape__kubescape/core__pkg__opaprocessor__cel__vapdata__basic-control-configuration.yaml"
    assert skipped(config) == [("describes-objects", "ControlConfiguration")]
    assert skipped("kubescape__kubescape/examples__default-controlinput.yaml") == [("describes-objects", "ControlInput")]
    report = lint_report(capsys, str(REAL / export), str(REAL / config))
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    counted = report["summary"]["skipped"]
    assert counted["describes-objects"] == {"Mesh": 1, "MeshAccessLog": 1, "ControlConfiguration": 1} and counted["nothing-found"] == {}
    from pod_resources_cli.model.decode.describes import describes_objects

    assert not describes_objects("kuma.io", "MeshGatewayInstance")  # it made a gateway Deployment in earlier releases


def _no_pods_alone_and_together(capsys: pytest.CaptureFixture[str], files: dict[str, str]) -> dict[str, Any]:
    """Each real file (name -> its one kind) skipped as an object without pods, alone; linted together, no pod and
    nothing counted as searched in vain. The lint report, parsed."""
    for name, kind in files.items():
        assert [(i.reason, i.kind) for i in iter_items([str(REAL / name)]) if isinstance(i, SkippedItem)] == [("no-pods", kind)], name
    report = lint_report(capsys, *(str(REAL / name) for name in files))
    counted = report["summary"]["skipped"]
    assert report["summary"]["pods"] == 0 and counted["nothing-found"] == {}
    assert counted["no-pods"] == {kind: 1 for kind in files.values()}
    return report


def test_ingress_controllers_routing_kinds_carry_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """Contour's HTTPProxy and ExtensionService, NGINX Ingress Controller's VirtualServer and Policy, HAProxy Ingress's
    TCP and Backend (their CRDs at projectcontour/contour 31c4bb38e0a5, nginx/kubernetes-ingress 0eb3072d14f0,
    haproxytech/kubernetes-ingress fc1206761aa7): routes and proxy settings the controller's own pods apply, counted
    as objects without pods, not custom objects searched in vain (728 of those over nginx/kubernetes-ingress before);
    Contour's ContourDeployment still makes pods."""
    files = {
        "projectcontour__contour/examples__grafana__httpproxy.yaml": "HTTPProxy",
        "projectcontour__contour/examples__ratelimit__03-ratelimit-extsvc.yaml": "ExtensionService",
        "nginx__kubernetes-ingress/examples__custom-resources__cross-namespace-configuration__cafe-virtual-server.yaml": "VirtualServer",
        "nginx__kubernetes-ingress/examples__custom-resources__access-control__access-control-policy-allow.yaml": "Policy",
        "haproxytech__kubernetes-ingress/documentation__tcp-cr-full-example__tcp-cr-full.yaml": "TCP",
        "haproxytech__kubernetes-ingress/deploy__tests__e2e__crd-tcp__config__crd-v3__backend-cr.yaml": "Backend",
        # KEDA's ScaledObject scales the nginx-ingress Deployment it names (kedacore/keda apis/keda/v1alpha1)
        "nginx__kubernetes-ingress/examples__shared-examples__autoscaling-keda__scaled-object.yaml": "ScaledObject",
        # OpenShift's SecurityContextConstraints: what admitted pods may ask for, as a PodSecurityPolicy (openshift/api
        # security/v1/types.go); ceph-csi's plugins run under it
        "ceph__ceph-csi/deploy__scc.yaml": "SecurityContextConstraints",
    }
    report = _no_pods_alone_and_together(capsys, files)
    from pod_resources_cli.model.decode.no_pods import carries_no_pods

    assert not carries_no_pods("projectcontour.io", "ContourDeployment")


def test_istio_configuration_and_kserves_storage_containers_carry_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """Istio's VirtualService, DestinationRule and AuthorizationPolicy (istio/api b8f8791d9653) configure the proxies
    of other pods; KServe's ClusterStorageContainer (kserve/kserve pkg/apis/serving/v1alpha1/storage_container_types.go)
    is the storage-initializer container its webhook adds to InferenceService pods: objects without pods, not custom
    objects searched in vain (10 of those over kubeflow/model-registry before); IstioOperator still installs pods."""
    files = {
        "kubeflow__model-registry/manifests__kustomize__options__istio__virtual-service.yaml": "VirtualService",
        "kubeflow__model-registry/manifests__kustomize__options__istio__destination-rule.yaml": "DestinationRule",
        "kubeflow__model-registry/manifests__kustomize__options__istio__istio-authorization-policy.yaml": "AuthorizationPolicy",
        "kubeflow__model-registry/manifests__kustomize__options__csi__clusterstoragecontainer.yaml": "ClusterStorageContainer",
    }
    report = _no_pods_alone_and_together(capsys, files)
    assert report["findings"] == []
    from pod_resources_cli.model.decode.no_pods import carries_no_pods

    assert not carries_no_pods("install.istio.io", "IstioOperator")


def test_cert_manager_certificates_and_k3d_cluster_files_carry_no_pods_and_an_argo_cd_project_describes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """cert-manager's Certificate is signed through its issuer (cert-manager/cert-manager 2d0d7f7f7424: the one pod it
    makes is a Challenge's HTTP-01 solver, pkg/issuer/acme/http/pod.go) and k3d's Simple is its local cluster's nodes
    (k3d-io/k3d 46f3480daa74 pkg/config/v1alpha5/types.go): objects without pods, not custom objects searched in vain
    (ChristianLempa/boilerplates 07dd3cb6f7ec, khuedoan/homelab cb046acfba61); Argo CD's AppProject (argoproj/argo-cd
    37ee0097cf85 app_project_types.go) is a policy over Applications: describes other objects. Issuers stay searched."""
    files = {
        "ChristianLempa__boilerplates/kubernetes__templates__certificate.yaml": "Certificate",
        "khuedoan__homelab/metal__k3d-dev.yaml": "Simple",
    }
    report = _no_pods_alone_and_together(capsys, files)
    assert report["findings"] == []
    project = "argoproj-labs__argocd-operator/config__samples__argoproj.io_v1alpha1_appproject.yaml"
    assert skipped(project) == [("describes-objects", "AppProject")]
    from pod_resources_cli.model.decode.describes import describes_objects
    from pod_resources_cli.model.decode.no_pods import carries_no_pods

    assert carries_no_pods("cert-manager.io", "CertificateRequest") and carries_no_pods("acme.cert-manager.io", "Order")
    assert not carries_no_pods("cert-manager.io", "Issuer") and not carries_no_pods("acme.cert-manager.io", "Challenge")
    assert not describes_objects("argoproj.io", "Application") and not describes_objects("argoproj.io", "Workflow")


def test_external_secrets_managed_prometheus_targets_and_gke_load_balancer_settings_carry_no_pods(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """knative/infra cddef0b5c857 prow/cluster: External Secrets' ClusterSecretStore and ExternalSecret
    (external-secrets/external-secrets cc5bfbc2234a apis/externalsecrets/v1), Managed Prometheus' PodMonitoring
    (GoogleCloudPlatform/prometheus-engine 2ffde4ec7b7e pkg/operator/apis/monitoring/v1/pod_types.go), ingress-gce's
    BackendConfig (kubernetes/ingress-gce acbcf5d66dd9) and GKE's ManagedCertificate (GoogleCloudPlatform/gke-managed-certs
    3498c2a06d02): objects without pods, not 36 custom objects searched in vain over the repository."""
    names = [
        "knative__infra/prow__cluster__build__secrets.yaml",
        "knative__infra/prow__cluster__trusted__monitoring.yaml",
        "knative__infra/prow__cluster__gitops__bootstrap__extras.yaml",
    ]
    for name in names:
        assert skipped(name) == [], name
    report = lint_report(capsys, *(str(REAL / name) for name in names))
    counted = report["summary"]["skipped"]
    assert report["findings"] == [] and report["summary"]["pods"] == 0 and counted["nothing-found"] == {}
    assert counted["no-pods"] == {"ClusterSecretStore": 2, "ExternalSecret": 7, "PodMonitoring": 1, "BackendConfig": 1, "ManagedCertificate": 1, "Ingress": 1}
    from pod_resources_cli.model.decode.no_pods import carries_no_pods

    assert carries_no_pods("generators.external-secrets.io", "Password")
    assert not carries_no_pods("monitoring.googleapis.com", "OperatorConfig")


def test_policies_reviews_and_runtimes_without_the_operators_fields() -> None:
    # Kyverno patterns ('?*', '<4m') are not quantities of a pod: the policy is never searched
    assert skipped("kyverno__kyverno/test__policy__validate__check_cpu_memory.yaml") == [("describes-objects", "ClusterPolicy")]
    # a Koordinator Reservation's template is what the scheduler holds for its owners: no container of it runs
    assert skipped("koordinator-sh__koordinator/config__samples__scheduling_v1alpha1_reservation.yaml") == [("describes-objects", "Reservation")]
    # a KubeVirt instancetype and preset are sizes VMs take (the VMI's pod is modelled where a VM names them)
    assert skipped("kubevirt__kubevirt/examples__csmall.yaml") == [("describes-objects", "VirtualMachineInstancetype")]
    assert skipped("kubevirt__kubevirt/examples__vmi-preset-small.yaml") == [("describes-objects", "VirtualMachineInstancePreset")]
    assert skipped("open-policy-agent__gatekeeper-library/library__pod-security-policy__volumes__samples__psp-volume-types__update.yaml") == [
        ("describes-objects", "AdmissionReview")
    ]
    # KubeArmor's policies select pods or nodes and say what runs there: no pod of their own
    assert skipped("kubearmor__KubeArmor/examples__multiubuntu__security-policies__ksp-group-1-proc-path-block.yaml") == [
        ("describes-objects", "KubeArmorPolicy")
    ]
    assert skipped("kubearmor__KubeArmor/examples__host-security-policies__hsp-k8s-kubearmor-dev-file-dir-block-fromSource.yaml") == [
        ("describes-objects", "KubeArmorHostPolicy")
    ]
    # spec.resources and spec.podTemplate are no VLLMRuntime fields (operator/api/v1alpha1): the operator builds nothing from them
    assert skipped("vllm-project__production-stack/src__gateway_inference_extension__configs__vllm__vllm-runtime.yaml") == [
        ("nothing-found", "VLLMRuntime")
    ]


lint = lint_report  # lint --no-config -o json, parsed


def test_no_qos_claim_on_a_pod_that_is_only_as_written(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # The KServe runtime asks no resources of its model container; by shape, an unknown operator's template sets none.
    (tmp_path / "isvc.yaml").write_text(
        "apiVersion: serving.kserve.io/v1beta1\nkind: InferenceService\nmetadata: {name: m}\nspec:\n  predictor:\n"
        "    model: {modelFormat: {name: sklearn}, storageUri: 'gs://x'}\n"
        "---\napiVersion: example.com/v1\nkind: Trainer\nmetadata: {name: t}\nspec:\n  template:\n    spec:\n"
        "      containers: [{name: w, image: x}]\n",
        encoding="utf-8",
    )
    findings = lint(capsys, str(tmp_path / "isvc.yaml"))["findings"]
    assert not [f for f in findings if f["rule"] == "PR201"]  # no "BestEffort, OOM score 1000" as fact
    caveats = [f["message"] for f in findings if f["rule"] == "PR138"]
    # the model container is its ServingRuntime's with the InferenceService's fields merged over it (MergeRuntimeContainers):
    # the cpu and memory it leaves out are the runtime's to set, so no missing request is reported for it
    assert caveats == [
        "container 'w' sets no cpu or memory request or limit (no cpu request, no memory request, no memory limit): "
        "the scheduler reserves nothing for it and its memory is bounded only by the pod or the node "
        "(as written: found by its shape in a kind the tool does not know; its operator may add resources)",
    ]
    # the same pod of a built-in kind is BestEffort, as fact
    (tmp_path / "pod.yaml").write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: w, image: x}]\n", encoding="utf-8")
    assert [f["rule"] for f in lint(capsys, str(tmp_path / "pod.yaml"))["findings"] if f["severity"] == "warning"] == ["PR201"]


def test_explain_shows_what_the_operator_did_and_what_is_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "-o", "json", str(REAL / "elastic__cloud-on-k8s/config__samples__kibana__kibana_es.yaml")]) == 0
    es, kibana = json.loads(capsys.readouterr().out)["pods"]
    assert es["workload"]["asWritten"] is None and es["qosClass"] == "Burstable"
    assert es["workload"]["operator"] == [
        "the operator adds container 'elasticsearch', which the template does not list (elastic/cloud-on-k8s "
        "pkg/controller/elasticsearch/nodespec/defaults.go DefaultResources, WithResourcesAndOverrides)",
        "container 'elasticsearch' sets no resources: the operator's defaults apply, requests memory 2Gi, limits memory 2Gi "
        "(elastic/cloud-on-k8s pkg/controller/elasticsearch/nodespec/defaults.go DefaultResources, WithResourcesAndOverrides)",
    ]
    assert kibana["workload"]["operator"] == [] and kibana["qosClass"] == "Guaranteed"
    assert main(["explain", str(REAL / "kserve__kserve/docs__samples__storage__hf__hf_isvc.yaml")]) == 0
    text = capsys.readouterr().out
    assert "As written: KServe merges the ServingRuntime's container into it and may add containers" in text
    assert "Operator: container 'kserve-container' is spec.predictor.model" in text


HF = str(REAL / "kserve__kserve/docs__samples__storage__hf__hf_isvc.yaml")


def test_a_declared_path_that_holds_no_pod_is_an_error_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    # A predictor is no pod template: the declaration is refused at the path, and no BestEffort pod is made up.
    declared = "InferenceService.serving.kserve.io=spec.predictor"
    node = str(Path(__file__).parents[1] / "examples/nodes/dgx-like-8gpu.yaml")
    for command in (["explain", "-o", "json"], ["admit", "--node", node, "-o", "json"]):
        code = main([*command, "--workload-kind", declared, HF])
        report = json.loads(capsys.readouterr().out)
        assert code == 2 and report["pods"] == []
        assert report["problems"][0]["message"].startswith("spec.predictor holds no pod template: the workload kind declared for it")
    report = lint(capsys, "--workload-kind", declared, HF)
    [error] = report["findings"]
    assert (error["rule"], error["line"], error["field"]) == ("PR002", 6, "spec.predictor")
    # the same path declared as what it is (a PodSpec holding containers) is read; the diff command takes it too
    collocation = str(REAL / "kserve__kserve/docs__samples__v1beta1__transformer__collocation__collocation.yaml")
    assert main(["explain", "-o", "json", "--workload-kind", "InferenceService.serving.kserve.io=podspec:spec.predictor", collocation]) == 0
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert [c["name"] for c in pod["containers"]] == ["kserve-container", "transformer-container"] and pod["workload"]["asWritten"] is None
    assert main(["diff", "-o", "json", "--to-version", "1.36", "--workload-kind", "InferenceService.serving.kserve.io=podspec:spec.predictor", collocation]) == 0
    assert json.loads(capsys.readouterr().out)["summary"]["pods"] == 1
    assert main(["lint", "--workload-kind", "InferenceService.serving.kserve.io=podset:spec.predictor", HF]) == 2
    assert "'podset' is not what a path can hold" in capsys.readouterr().err


def test_the_configuration_declares_holders_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "c.yaml"
    config.write_text(
        "workload-kinds:\n- apiVersion: serving.kserve.io/v1beta1\n  kind: InferenceService\n  podspecs: [spec.predictor]\n"
        "  replicas: [/spec.predictor.minReplicas]\n",
        encoding="utf-8",
    )
    collocation = str(REAL / "kserve__kserve/docs__samples__v1beta1__transformer__collocation__collocation.yaml")
    main(["lint", "--config", str(config), "-o", "json", "--select", "PR10", collocation])
    report = json.loads(capsys.readouterr().out)
    assert report["summary"]["pods"] == 1 and report["findings"] == []


def test_a_preset_is_explained_but_not_told_it_lacks_resources(capsys: pytest.CaptureFixture[str]) -> None:
    # A preset's main container sets none: the LLMInferenceServices that name it bring theirs (their values win).
    preset = str(REAL / "kserve__kserve/config__llmisvcconfig__config-llm-template.yaml")
    report = lint(capsys, "--extend-select", "PR135", preset)
    assert report["summary"]["pods"] == 1 and report["findings"] == []
    assert main(["explain", "-o", "json", preset]) == 0
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert pod["workload"]["asWritten"] == "a preset: KServe merges it into the LLMInferenceServices that name it, their values win"
    assert pod["qosClass"] == "BestEffort"  # as written, with the caveat beside it


def test_a_training_runtime_is_explained_but_not_called_best_effort(capsys: pytest.CaptureFixture[str]) -> None:
    # Kubeflow Trainer builds each TrainJob's JobSet from the runtime and sets the TrainJob's resourcesPerNode on the
    # node container (Builder.Trainer): the runtime's own BestEffort pods are no fact (each gave a PR201).
    runtime = str(REAL / "kubeflow__trainer/manifests__base__runtimes__deepspeed_distributed.yaml")
    report = lint(capsys, "--extend-select", "PR135", runtime)
    assert report["summary"]["pods"] == 2 and report["findings"] == []
    assert main(["explain", "-o", "json", runtime]) == 0
    pods = json.loads(capsys.readouterr().out)["pods"]
    assert [p["workload"]["asWritten"] for p in pods] == [
        "a runtime: Kubeflow Trainer builds each TrainJob's pods from it, the TrainJob's resourcesPerNode on its node container"
    ] * 2
    assert [p["qosClass"] for p in pods] == ["BestEffort", "BestEffort"]  # as written, with the caveat beside it


def test_a_trainjob_without_resources_per_node_has_no_missing_resource_finding(capsys: pytest.CaptureFixture[str]) -> None:
    # its node container's resources are the runtime's (trainingruntime.go merges resourcesPerNode over them): a
    # TrainJob that sets none is no BestEffort pod and misses no resource; a ScaledJob's pod is final (scale_jobs.go)
    trainjob = str(REAL / "kubeflow__trainer/examples__yaml__01-multi-node.yaml")
    scaledjob = str(REAL / "kedacore__sample-go-rabbitmq/deploy__deploy-consumer-job.yaml")
    report = lint(capsys, trainjob, scaledjob)
    assert report["summary"]["pods"] == 2
    assert [(f["rule"], f["path"].rpartition("/")[2], f["line"]) for f in report["findings"]] == [("PR201", "deploy__deploy-consumer-job.yaml", 18)]


def test_a_trainjobs_pod_count_is_the_runtimes_when_it_sets_no_num_nodes(tmp_path: Path) -> None:
    # unset numNodes: the runtime's mlPolicy.numNodes (trainingruntime.go), another object: unknown, not 1
    job = tmp_path / "job.yaml"
    job.write_text("apiVersion: trainer.kubeflow.org/v1alpha1\nkind: TrainJob\nmetadata: {name: t}\n"
                   "spec:\n  runtimeRef: {name: torch-distributed}\n  trainer:\n    resourcesPerNode: {limits: {nvidia.com/gpu: 2}}\n")  # fmt: skip
    [item] = [i for i in iter_items([str(job)]) if isinstance(i, WorkloadItem)]
    assert item.workload.ref.replicas is None
    assert [(c.name, {k: v.canonical() for k, v in c.resources.lim.items()}) for c in item.workload.pod.containers] == [("node", {"nvidia.com/gpu": "2"})]


def test_flink_sets_its_main_containers_cpu_and_memory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Flink (InitJobManagerDecorator, InitTaskManagerDecorator) sets flink-main-container's cpu and memory requests and
    # limits over the template's: nothing says they are missing there (each gave a PR138), a sidecar's still are.
    report = lint(capsys, str(REAL / "apache__flink-kubernetes-operator"))
    found = [(Path(f["path"]).name, f["rule"], f["container"]) for f in report["findings"]]
    assert found == [("examples__pod-template.yaml", "PR138", "fluentbit")]
    assert "(as written: Flink merges podTemplate" in report["findings"][0]["message"]
    # What the template writes for them is replaced: no ratio is judged on it, and explain says what the operator does.
    text = (REAL / "apache__flink-kubernetes-operator/examples__basic-checkpoint-ha.yaml").read_text(encoding="utf-8")
    written = text.replace("        - name: flink-main-container\n", "        - name: flink-main-container\n          resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {cpu: '4', memory: 1Gi}}\n")
    assert written != text
    (tmp_path / "flink.yaml").write_text(written, encoding="utf-8")
    assert lint(capsys, str(tmp_path / "flink.yaml"))["findings"] == []  # no PR134 (cpu limit 40x), no PR133
    assert main(["explain", "-o", "json", str(tmp_path / "flink.yaml")]) == 0
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert pod["containers"][0]["requests"] == {} and pod["containers"][0]["limits"] == {}
    assert "the operator sets its cpu and memory requests and limits, not computed here; the template's cpu and memory are replaced" in pod["workload"]["operator"][0]


def test_eck_gives_init_containers_without_resources_the_main_containers() -> None:
    # pod_template.go WithInitContainerDefaults: max-map-count-check sets none, so it gets elasticsearch's
    # (limits 1 cpu / 4Gi; the API server then defaults the requests from them); the pod is Burstable
    # because of the metrics sidecar (25m/100m), which the finding names
    name = "GoogleCloudPlatform__kubernetes-engine-samples/databases__elasticsearch__manifests__02-elasticsearch__elasticsearch.yaml"
    [item] = [i for i in iter_items([str(REAL / name)]) if isinstance(i, WorkloadItem)]
    [init] = item.workload.pod.init_containers
    assert (init.name, init.resources.requests, {k: v.canonical() for k, v in init.resources.lim.items()}) == (
        "max-map-count-check", None, {"memory": "4Gi", "cpu": "1"}
    )
    assert any("init container 'max-map-count-check' sets no resources" in n for n in item.workload.ref.operator_notes)


def test_strimzi_annotations_move_brokers_to_node_pools_and_drop_zookeeper(tmp_path: Path) -> None:
    # KafkaCluster/ZookeeperCluster before 0.46.0: with strimzi.io/node-pools the brokers come from the pools,
    # with strimzi.io/kraft: enabled there is no ZooKeeper; without them spec.kafka and spec.zookeeper make pods
    kafka = "apiVersion: kafka.strimzi.io/v1beta2\nkind: Kafka\nmetadata:\n  name: k{annotations}\nspec:\n" \
            "  kafka: {{replicas: 3}}\n  zookeeper: {{replicas: 1}}\n  entityOperator: {{topicOperator: {{}}}}\n"
    cases = {
        "": ["kafka", "zookeeper", "entity-operator"],
        "\n  annotations: {strimzi.io/node-pools: enabled}": ["zookeeper", "entity-operator"],
        "\n  annotations: {strimzi.io/node-pools: enabled, strimzi.io/kraft: enabled}": ["entity-operator"],
        "\n  annotations: {strimzi.io/node-pools: enabled, strimzi.io/kraft: migration}": ["zookeeper", "entity-operator"],
    }
    for annotations, expected in cases.items():
        (tmp_path / "k.yaml").write_text(kafka.format(annotations=annotations), encoding="utf-8")
        found = [i.workload.ref.template for i in iter_items([str(tmp_path / "k.yaml")]) if isinstance(i, WorkloadItem)]
        assert found == expected, annotations


@pytest.mark.parametrize(
    ("containers", "init", "expected"),
    [
        (["", "web"], [], ["user-container-0", "web"]),  # several: numbered
        ([""], [], ["user-container"]),
        ([""], ["user-container"], ["user-container-0"]),  # the name is taken (an init container's)
        (["", "user-container-0", ""], [], ["user-container-1", "user-container-0", "user-container-2"]),  # a taken number is skipped
        (["a"], ["", ""], ["a", "init-container-0", "init-container-1"]),
    ],
)  # fmt: skip
def test_knative_default_container_names(containers: list[str], init: list[str], expected: list[str], tmp_path: Path) -> None:
    # knative/serving pkg/apis/serving/v1/revision_defaults.go applyDefaultContainerNames
    def listed(names: list[str]) -> str:
        return "[" + ", ".join("{image: x" + (f", name: {n}" if n else "") + "}" for n in names) + "]"

    text = (
        "apiVersion: serving.knative.dev/v1\nkind: Service\nmetadata: {name: s}\nspec:\n  template:\n    spec:\n"
        f"      containers: {listed(containers)}\n" + (f"      initContainers: {listed(init)}\n" if init else "")
    )
    (tmp_path / "s.yaml").write_text(text, encoding="utf-8")
    [item] = [i for i in iter_items([str(tmp_path / "s.yaml")]) if isinstance(i, WorkloadItem)]
    pod = item.workload.pod
    assert [c.name for c in pod.containers] + [c.name for c in pod.init_containers if c.name.startswith("init-container")] == expected


def test_a_training_runtimes_initializers_are_final_and_its_trainer_is_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    # trainingruntime.go sets a TrainJob's resourcesPerNode on the trainer's job only (its ancestor label); a TrainJob
    # cannot give dataset-initializer or model-initializer resources, so their BestEffort pods are said as fact
    name = "kubeflow__trainer/manifests__base__runtimes__torchtune__llama3_2__llama3_2_1B.yaml"
    got = [(ref.template, ref.as_written is not None, ref.preset) for ref in (i.workload.ref for i in iter_items([str(REAL / name)]) if isinstance(i, WorkloadItem))]
    assert got == [
        ("template.spec.replicatedJobs[0] dataset-initializer", False, False),
        ("template.spec.replicatedJobs[1] model-initializer", False, False),
        ("template.spec.replicatedJobs[2] node", True, True),
    ]
    assert main(["lint", "--no-config", "-o", "json", str(REAL / name)]) == 0
    assert [(f["rule"], f["line"]) for f in json.loads(capsys.readouterr().out)["findings"]] == [("PR201", 45), ("PR201", 62)]


def test_a_field_named_patch_holds_no_pod() -> None:
    # sgl-project/rbg: each role's templatePatch is merged into the shared role template (api/workloads/v1alpha2/
    # helper.go), never a pod by itself (the patches gave 2 false PR138); the role template is no pod of its own
    # either: each role that names it is
    items = list(iter_items([str(REAL / "sgl-project__rbg/examples__deprecated__v1alpha1__basics__rbg-with-roletemplates.yaml")]))
    assert [(i.workload.ref.template, i.workload.ref.replicas) for i in items if isinstance(i, WorkloadItem)] == [
        ("roles[0] frontend", 2), ("roles[1] backend", 3)]


RBG = "sgl-project__rbg/examples__"
NGINX_100M_64MI = [("nginx", {"cpu": "100m", "memory": "64Mi"}, {})]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # a role template named by templateRef: the roles' pods, from it; a patch makes that role's pod as written
        (f"{RBG}basic__rbg__role-template__rbg-with-roletemplates.yaml", [
            ("RoleBasedGroup", "roles[0] frontend", 2, NGINX_100M_64MI, False),
            ("RoleBasedGroup", "roles[1] backend", 3, NGINX_100M_64MI, True),
        ]),
        # leaderWorkerPattern: replicas x size pods; leader and worker patches make the pod as written
        (f"{RBG}basic__rbg__patterns__leader-worker-pattern.yaml", [
            ("RoleBasedGroup", "roles[0] prefill", 8, [("nginx", {}, {})], True),
            ("RoleBasedGroup", "roles[1] decode", 4, [("nginx", {}, {})], False),
        ]),
        # NVIDIA Dynamo's roles name one template each and patch the GPU into it
        (f"{RBG}inference__ecosystem__dynamo__pd-disagg.yaml", [
            ("RoleBasedGroup", "roles[0] processor", 1, [("sglang", {}, {})], True),
            ("RoleBasedGroup", "roles[1] prefill", 1, [("sglang", {}, {})], True),
            ("RoleBasedGroup", "roles[2] decode", 1, [("sglang", {}, {})], True),
        ]),
        # v1alpha1 components: the role's replicas x each component's size
        (f"{RBG}deprecated__v1alpha1__instanceset__instanceset-with-components.yaml", [
            ("RoleBasedGroup", f"roles[0].components[{i}] component-{i + 1}", 3 * (i + 1), [("main", {}, {})], False) for i in range(3)
        ]),
        # engineRuntimes add the profile's containers: as written, the role's own containers still final
        (f"{RBG}basic__engine-runtime__engine-runtime-profile.yaml", [
            ("RoleBasedGroup", "roles[0] prefill", 2, [("prefill-main", {"nvidia.com/gpu": "1"}, {"nvidia.com/gpu": "1"})], True),
            ("RoleBasedGroup", "roles[1] decode", 4, [("decode-main", {"nvidia.com/gpu": "1"}, {"nvidia.com/gpu": "1"})], True),
        ]),
    ],
)
def test_a_role_based_group_builds_each_roles_pods(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_a_role_template_without_patch_is_judged_where_it_is_written(capsys: pytest.CaptureFixture[str]) -> None:
    """The decode role's pods are the role template's, with no patch: BestEffort, said at the template's
    containers (line 67), for the role that names it; the patched prefill role gets no QoS claim."""
    main(["lint", "--no-config", "-o", "json", str(REAL / f"{RBG}basic__rbg__patterns__leader-worker-pattern.yaml")])
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["rule"], f["line"], f["field"], f["object"]["template"]) for f in findings] == [
        ("PR201", 67, "spec.roleTemplates[0].template.spec.containers", "roles[1] decode")]


def test_a_patch_an_operator_applies_is_never_a_pod() -> None:
    # Envoy Gateway's EnvoyProxy: envoyDeployment.patch.value is a strategic merge patch of the Deployment it
    # generates (envoyproxy/gateway api/v1alpha1/shared_types.go KubernetesPatchSpec): its shutdown-manager
    # container without resources gave a false PR138. The EnvoyProxy's own pod is the one Envoy Gateway makes,
    # patched: as written
    items = list(iter_items([str(REAL / "vllm-project__aibrix/config__gateway__gateway.yaml")]))
    [pod] = [i.workload for i in items if isinstance(i, WorkloadItem)]
    assert (pod.ref.kind, [c.name for c in pod.pod.containers], pod.ref.preset) == ("EnvoyProxy", ["envoy", "shutdown-manager"], True)
    assert pod.ref.as_written is not None and pod.ref.as_written.endswith("which can set any container's resources")


@pytest.mark.parametrize(
    ("annotation", "spec", "expected"),
    [
        ("", "{}", [("cache", "kvcache")]),  # vineyard by default; spec.cache defaulted by the CRD
        ("", "{metadata: {etcd: {runtime: {replicas: 3}}}}", [("cache", "kvcache"), ("etcd", "etcd")]),
        ("hpkv", "{metadata: {redis: {runtime: {}}}}", [("cache", "kvcache-server"), ("redis", "redis")]),
        ("hpkv", "{metadata: {redis: {externalConnection: {address: 'r:6379'}, runtime: {}}}}", [("cache", "kvcache-server")]),
        ("infinistore", "{watcher: {}, cache: {template: {spec: {containers: [{name: s, image: x}]}}}}", [("cache", "s"), ("watcher", "kvcache-watcher")]),
        ("vineyard", "{cache: {template: {spec: {containers: [{name: s, image: x}]}}}}", [("cache", "kvcache")]),  # vineyard ignores it
        ("other", "{}", []),  # an unknown backend: the controller builds nothing
    ],
)  # fmt: skip
def test_the_kvcache_backend_decides_the_pods(annotation: str, spec: str, expected: list[tuple[str, str]], tmp_path: Path) -> None:
    annotations = f"\n  annotations: {{kvcache.orchestration.aibrix.ai/backend: {annotation}}}" if annotation else ""
    text = f"apiVersion: orchestration.aibrix.ai/v1alpha1\nkind: KVCache\nmetadata:\n  name: k{annotations}\nspec: {spec}\n"
    (tmp_path / "k.yaml").write_text(text, encoding="utf-8")
    found = [(i.workload.ref.template, i.workload.pod.containers[0].name) for i in iter_items([str(tmp_path / "k.yaml")]) if isinstance(i, WorkloadItem)]
    assert found == expected


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("{numberOfInstances: 1}", [("database", 1, ["postgres"])]),
        ("{numberOfInstances: 3, sidecars: [{name: exporter, resources: {requests: {cpu: 10m}}}], enableConnectionPooler: true}",
         [("database", 3, ["exporter", "postgres"]), ("pooler", 2, ["connection-pooler"])]),
        ("{numberOfInstances: 1, connectionPooler: {numberOfInstances: 3}}", [("database", 1, ["postgres"]), ("pooler", 3, ["connection-pooler"])]),
        ("{numberOfInstances: 1, connectionPooler: {}, enableConnectionPooler: false}", [("database", 1, ["postgres"])]),
        ("{numberOfInstances: 1, enableReplicaConnectionPooler: true}", [("database", 1, ["postgres"]), ("pooler-repl", 2, ["connection-pooler"])]),
    ],
)  # fmt: skip
def test_zalando_postgresql_pods(spec: str, expected: list[tuple[str, int, list[str]]], tmp_path: Path) -> None:
    # k8sres.go generateStatefulSet; connection_pooler.go needConnectionPoolerWorker (enableConnectionPooler, or
    # connectionPooler written and enableConnectionPooler unset), numberOfInstances else the configuration's 2
    (tmp_path / "pg.yaml").write_text(f"apiVersion: acid.zalan.do/v1\nkind: postgresql\nmetadata: {{name: pg}}\nspec: {spec}\n", encoding="utf-8")
    items = [i for i in iter_items([str(tmp_path / "pg.yaml")]) if isinstance(i, WorkloadItem)]
    assert [(i.workload.ref.template, i.workload.ref.replicas, [c.name for c in i.workload.pod.containers]) for i in items] == expected
    assert all(i.workload.ref.as_written for i in items)


def test_a_declared_containers_path_takes_one_container_or_a_list_and_a_wrong_one_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    # KFP's ScheduledWorkflow embeds an Argo workflow: each template's `container` is one container (not a list).
    # Declared as containers:, it was found nowhere and said nothing; a template without the field is no pod.
    swf = str(REAL / "kubeflow__pipelines/backend__src__crd__samples__scheduledworkflow__every-minute-cron.yaml")
    declared = "ScheduledWorkflow.kubeflow.org=containers:spec.workflow.spec.templates[*].container"
    report = lint(capsys, "--workload-kind", declared, swf)
    assert [(f["rule"], f["line"]) for f in report["findings"]] == [("PR201", 34)] and report["summary"]["pods"] == 1  # the template: - name: whalesay
    # a field that holds something else than containers (the workflow's name string) is an error naming it
    report = lint(capsys, "--workload-kind", "ScheduledWorkflow.kubeflow.org=containers:spec.workflow.spec.entrypoint", swf)
    [error] = [f for f in report["findings"] if f["severity"] == "error"]
    assert error["rule"] == "PR002" and error["message"].startswith("spec.workflow.spec.entrypoint holds no container: ")
    # an optional list left out is no error (Tekton's sidecars), and the lists of one holder make one pod
    both = "ScheduledWorkflow.kubeflow.org=containers:spec.workflow.spec.templates[*].container,containers:spec.workflow.spec.templates[*].sidecars"
    report = lint(capsys, "--workload-kind", both, swf)
    assert [(f["rule"], f["line"]) for f in report["findings"]] == [("PR201", 34)] and report["summary"]["pods"] == 1


@pytest.mark.parametrize(
    ("tenant", "expected"),
    [
        # minio/operator's examples are AGPL-3.0: these follow examples/kustomization/base/tenant.yaml's fields
        ("pools: [{name: pool-0, servers: 4, volumesPerServer: 4}]", [("pool-0", 4, ["minio", "sidecar"], {})]),
        ("pools: [{name: p, servers: 1, resources: {requests: {cpu: '2', memory: 8Gi}}}]\n  sideCars: {resources: {requests: {cpu: 100m}}}",
         [("p", 1, ["minio", "sidecar"], {"minio": {"cpu": "2", "memory": "8Gi"}, "sidecar": {"cpu": "100m"}})]),
        ("pools: [{name: p, servers: 2}]\n  sideCars: {containers: [{name: warp, image: w}]}\n  kes: {image: k}",
         [("p", 2, ["warp", "minio", "sidecar"], {}), ("kes", 2, ["kes"], {})]),
    ],
)  # fmt: skip
def test_a_minio_tenant_is_built_pool_by_pool(tenant: str, expected: list[Any], tmp_path: Path) -> None:
    # minio-statefulset.go: per pool, `servers` pods of minio (pool resources) and the operator's sidecar
    # (sideCars.resources, else none), sideCars.containers as written; kes-statefulset.go: 2 KES pods by default
    path = tmp_path / "tenant.yaml"
    path.write_text(f"apiVersion: minio.min.io/v2\nkind: Tenant\nmetadata: {{name: myminio}}\nspec:\n  {tenant}\n", encoding="utf-8")
    assert _pods(path) == expected


def _pods(path: Path) -> list[tuple[str, object, list[str], dict[str, dict[str, str]]]]:
    """(template label's last word, pod count, container names, each container's requests) of every pod in ``path``."""
    got = []
    for item in iter_items([str(path)]):
        if isinstance(item, WorkloadItem):
            w = item.workload
            requests = {c.name: {k: v.canonical() for k, v in c.resources.req.items()} for c in w.pod.containers if c.resources.req}
            got.append(((w.ref.template or "").split(" ")[-1], w.ref.replicas, [c.name for c in w.pod.containers], requests))
    return got


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # SparkClusterResourceSpec.java: one master pod, initWorkers worker pods, `master`/`worker` added when missing
        ("examples__prod-cluster-with-three-workers.yaml", [("master", 1, ["master"], {}), ("worker", 3, ["worker"], {})]),
        ("examples__cluster-with-template.yaml",
         [("master", 1, ["master", "sidecar"], {"master": {"cpu": "2", "memory": "2Gi"}, "sidecar": {"cpu": "100m", "memory": "10Mi"}}),
          ("worker", 1, ["worker", "sidecar"], {"worker": {"cpu": "2", "memory": "2Gi"}, "sidecar": {"cpu": "100m", "memory": "10Mi"}})]),
    ],
)  # fmt: skip
def test_an_apache_spark_cluster_has_a_master_and_its_initial_workers(name: str, expected: list[Any]) -> None:
    assert _pods(REAL / "apache__spark-kubernetes-operator" / name) == expected


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        # no clusterTolerations: WorkerInstanceConfig's initWorkers defaults to 0
        ("runtimeVersions: {sparkVersion: 4.0.0}", [("master", 1, ["master"], {}), ("worker", 0, ["worker"], {})]),
        # a template without the operator's container: it is added beside the others
        ("workerSpec: {statefulSetSpec: {template: {spec: {containers: [{name: log, image: l}]}}}}",
         [("master", 1, ["master"], {}), ("worker", 0, ["log", "worker"], {})]),
        # a masterSpec that is not a mapping: no master pod is made up
        ("masterSpec: broken", [("worker", 0, ["worker"], {})]),
    ],
)  # fmt: skip
def test_an_apache_spark_cluster_written_without_specs(spec: str, expected: list[Any], tmp_path: Path) -> None:
    path = tmp_path / "cluster.yaml"
    path.write_text(f"apiVersion: spark.apache.org/v1\nkind: SparkCluster\nmetadata: {{name: c}}\nspec:\n  {spec}\n", encoding="utf-8")
    assert _pods(path) == expected


def test_an_inference_service_in_modelmesh_mode_has_no_predictor_pod(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """kserve/kserve controller.go: with serving.kserve.io/deploymentMode ModelMesh the predictor is not reconciled
    (ModelMesh loads the model into its shared runtime pods); a transformer still gets its pod."""
    isvc = REAL / "kserve__modelmesh-serving" / "config__example-isvcs__example-keras-mnist-isvc.yaml"
    assert _pods(isvc) == []
    main(["lint", "--no-config", "-o", "json", str(isvc)])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["skipped"]["nothing-found"] == {"InferenceService": 1}
    text = isvc.read_text(encoding="utf-8")
    with_transformer = tmp_path / "isvc.yaml"
    with_transformer.write_text(text + "  transformer:\n    containers:\n    - name: kserve-container\n      image: t\n", encoding="utf-8")
    assert _pods(with_transformer) == [("transformer", 1, ["kserve-container"], {})]
    serverless = tmp_path / "serverless.yaml"
    serverless.write_text(text.replace("ModelMesh", "Serverless"), encoding="utf-8")
    assert [p[:3] for p in _pods(serverless)] == [("predictor", 1, ["kserve-container"])]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # replicas x shards pods; config-reloader 10m/50Mi, the operator's default flags (cmd/operator/main.go)
        ("prometheus-operator__prometheus-operator/example__shards__prometheus.yaml",
         [("", 4, ["prometheus", "config-reloader"], {"config-reloader": {"cpu": "10m", "memory": "50Mi"}})]),
        # spec.thanos: the operator adds thanos-sidecar (createThanosContainer), with spec.thanos.resources (none here)
        ("prometheus-operator__prometheus-operator/example__thanos__prometheus.yaml",
         [("", 2, ["prometheus", "config-reloader", "thanos-sidecar"], {"config-reloader": {"cpu": "10m", "memory": "50Mi"}})]),
        ("prometheus-operator__kube-prometheus/manifests__prometheus-prometheus.yaml",
         [("", 2, ["prometheus", "config-reloader"], {"prometheus": {"memory": "400Mi"}, "config-reloader": {"cpu": "10m", "memory": "50Mi"}})]),
        ("prometheus-operator__kube-prometheus/manifests__alertmanager-alertmanager.yaml",
         [("", 3, ["alertmanager", "config-reloader"],
           {"alertmanager": {"cpu": "4m", "memory": "100Mi"}, "config-reloader": {"cpu": "10m", "memory": "50Mi"}})]),
        # ThanosRuler (pkg/thanos/statefulset.go makeStatefulSet): thanos-ruler with a 200Mi memory request where
        # spec.resources asks none; config-reloader always (the rule syncer always makes one ConfigMap); replicas unset: 1
        ("prometheus-operator__prometheus-operator/example__thanos__thanos-ruler.yaml",
         [("", 1, ["thanos-ruler", "config-reloader"], {"thanos-ruler": {"memory": "200Mi"}, "config-reloader": {"cpu": "10m", "memory": "50Mi"}})]),
        # PrometheusAgent without spec.mode: StatefulSet mode, replicas x shards pods (pkg/prometheus/agent/statefulset.go)
        ("prometheus-operator__prometheus-operator/example__rbac__prometheus-agent__prometheus.yaml",
         [("StatefulSet", 2, ["prometheus", "config-reloader"], {"config-reloader": {"cpu": "10m", "memory": "50Mi"}})]),
    ],
)  # fmt: skip
def test_the_prometheus_operator_builds_its_servers_pods(name: str, expected: list[Any]) -> None:
    assert _pods(REAL / name) == expected


@pytest.mark.parametrize(
    ("resources", "requests", "limits"),
    [
        # statefulset.go: a memory request of 200Mi where spec.resources asks none
        ("", {"memory": "200Mi"}, {}),
        ("resources: {limits: {cpu: 100m}}", {"memory": "200Mi"}, {"cpu": "100m"}),
        ("resources: {requests: {memory: 1Gi}, limits: {memory: 1Gi}}", {"memory": "1Gi"}, {"memory": "1Gi"}),
    ],
)
def test_an_alertmanager_gets_a_memory_request_where_it_writes_none(resources: str, requests: dict[str, str], limits: dict[str, str], tmp_path: Path) -> None:
    path = tmp_path / "am.yaml"
    path.write_text(f"apiVersion: monitoring.coreos.com/v1\nkind: Alertmanager\nmetadata: {{name: main}}\nspec:\n  replicas: 1\n  {resources}\n", encoding="utf-8")
    [item] = [i for i in iter_items([str(path)]) if isinstance(i, WorkloadItem)]
    [alertmanager] = [c for c in item.workload.pod.containers if c.name == "alertmanager"]
    got = alertmanager.resources
    assert {k: v.canonical() for k, v in got.req.items()} == requests and {k: v.canonical() for k, v in got.lim.items()} == limits


def test_a_prometheus_agent_in_daemonset_mode_is_one_pod_per_node(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """pkg/prometheus/agent/operator.go: spec.mode DaemonSet builds a DaemonSet (daemonset.go makeDaemonSetSpec), one
    pod per node, replicas and shards unused; the real sample's StatefulSet mode is replicas x shards."""
    text = (REAL / "prometheus-operator__prometheus-operator/example__rbac__prometheus-agent__prometheus.yaml").read_text(encoding="utf-8")
    path = tmp_path / "agent.yaml"
    path.write_text(text.replace("spec:\n", "spec:\n  mode: DaemonSet\n  shards: 3\n  resources: {requests: {cpu: 100m, memory: 128Mi}}\n"), encoding="utf-8")
    assert _pods(path) == [("DaemonSet", None, ["prometheus", "config-reloader"],
                            {"prometheus": {"cpu": "100m", "memory": "128Mi"}, "config-reloader": {"cpu": "10m", "memory": "50Mi"}})]
    path.write_text(text.replace("spec:\n", "spec:\n  mode: StatefulSet\n  shards: 3\n"), encoding="utf-8")
    assert [p[:2] for p in _pods(path)] == [("StatefulSet", 6)]
    # common.go shardsNumber: a shards value of 1 or less is one StatefulSet (ptr.Deref(cpf.Shards, 1) <= 1: 1)
    for shards in ("0", "1"):
        path.write_text(text.replace("spec:\n", f"spec:\n  mode: StatefulSet\n  shards: {shards}\n"), encoding="utf-8")
        assert [p[:2] for p in _pods(path)] == [("StatefulSet", 2)]


def test_a_thanos_ruler_without_resources_is_linted_with_the_operators_memory_request(capsys: pytest.CaptureFixture[str]) -> None:
    """The real ThanosRuler sets no resources: thanos-ruler has the operator's 200Mi memory request, so only its cpu
    request and memory limit are missing (no PR138 "sets nothing"); config-reloader has the default flags' 10m/50Mi."""
    main(["lint", "--no-config", "-o", "json", str(REAL / "prometheus-operator__prometheus-operator/example__thanos__thanos-ruler.yaml")])
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert sorted((f["rule"], f["object"]["kind"]) for f in findings) == [("PR130", "ThanosRuler"), ("PR132", "ThanosRuler")]
    assert all("'thanos-ruler'" in f["message"] for f in findings)


def test_a_prometheus_with_merged_containers_is_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """spec.containers is merged into the operator's containers by name (k8s.MergePatchContainers): where it is
    written, the pod is as written and a resource left out is no finding."""
    path = tmp_path / "p.yaml"
    path.write_text("apiVersion: monitoring.coreos.com/v1\nkind: Prometheus\nmetadata: {name: p}\nspec:\n  replicas: 1\n", encoding="utf-8")
    main(["lint", "--no-config", "-o", "json", str(path)])
    assert {f["rule"] for f in json.loads(capsys.readouterr().out)["findings"]} == {"PR138"}  # prometheus sets nothing
    path.write_text(path.read_text(encoding="utf-8") + "  containers: [{name: prometheus, resources: {}}]\n", encoding="utf-8")
    main(["lint", "--no-config", "-o", "json", str(path)])
    assert json.loads(capsys.readouterr().out)["findings"] == []


def test_names_the_api_server_refuses_are_errors_not_pods(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """ValidatePodName (a DNS-1123 subdomain) and validateContainerCommon (a container name is a DNS-1123 label):
    HAMi's iluvatar example is never created, so no BestEffort warning is given for it."""
    pod = REAL.parent / "refused" / "Project-HAMi__HAMi" / "examples__iluvatar__default_use_BI-V100.yaml"
    report = lint(capsys, str(pod))
    assert [(f["rule"], f["line"], f["field"]) for f in report["findings"]] == [
        ("PR002", 4, "metadata.name"), ("PR002", 8, "spec.containers[0].name")]
    assert report["findings"][1]["message"].startswith('Invalid value: "BI-V100-poddemo": a lowercase RFC 1123 label must consist of')
    assert report["summary"]["pods"] == 0
    # lower case: a pod like any other (BestEffort: only extended resources)
    lower = tmp_path / "pod.yaml"
    lower.write_text(pod.read_text(encoding="utf-8").replace("BI-V100-poddemo", "bi-v100-poddemo"), encoding="utf-8")
    assert [f["rule"] for f in lint(capsys, str(lower))["findings"]] == ["PR201"]
    # a Deployment's name, an init container's name; a custom kind's names are its operator's business
    (tmp_path / "d.yaml").write_text(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: Web}\nspec:\n  selector: {matchLabels: {a: b}}\n  template:\n"
        "    metadata: {labels: {a: b}}\n    spec:\n      initContainers: [{name: Init, image: i}]\n      containers: [{name: app, image: x}]\n"
        "---\napiVersion: example.com/v1\nkind: Trainer\nmetadata: {name: T}\nspec:\n  template:\n    spec:\n      containers: [{name: W, image: x}]\n",
        encoding="utf-8",
    )
    found = lint(capsys, str(tmp_path / "d.yaml"))["findings"]
    assert [(f["rule"], f["field"]) for f in found if f["rule"] == "PR002"] == [("PR002", "metadata.name"), ("PR002", "spec.template.spec.initContainers[0].name")]
    assert {f["object"]["kind"] for f in found if f["rule"] != "PR002"} == {"Trainer"}


def test_declared_container_lists_of_one_holder_run_in_one_pod(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Tekton-like steps and sidecars: one pod, whose sidecar without resources makes it Burstable (PR138, no PR201)."""
    path = tmp_path / "run.yaml"
    path.write_text(
        "apiVersion: example.com/v1\nkind: Run\nmetadata: {name: r}\nspec:\n  runner:\n"
        "    steps: [{name: s, image: b, resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {memory: 64Mi}}}]\n"
        "    sidecars: [{name: docker, image: d}]\n",
        encoding="utf-8",
    )
    report = lint(capsys, "--workload-kind", "Run.example.com=containers:spec.runner.steps,containers:spec.runner.sidecars", str(path))
    assert report["summary"]["pods"] == 1 and [(f["rule"], f["container"]) for f in report["findings"]] == [("PR138", "docker")]


def test_a_pvcviewers_pod_spec_is_its_deployments_pod(tmp_path: Path) -> None:
    """kubeflow/notebooks' pvcviewer controller: Deployment.Spec.Template.Spec = viewer.Spec.PodSpec, one pod; an empty
    podSpec is the webhook's to fill from the cluster's defaults: no pod made up (the repository's own sample)."""
    path = tmp_path / "viewer.yaml"
    path.write_text(
        "apiVersion: kubeflow.org/v1alpha1\nkind: PVCViewer\nmetadata: {name: v, namespace: ns}\nspec:\n  pvc: data\n  podSpec:\n"
        "    containers: [{name: browser, image: filebrowser/filebrowser, resources: {requests: {cpu: 100m}}}]\n",
        encoding="utf-8",
    )
    assert _pods(path) == [("", 1, ["browser"], {"browser": {"cpu": "100m"}})]
    path.write_text("apiVersion: kubeflow.org/v1alpha1\nkind: PVCViewer\nmetadata: {name: v}\nspec: {pvc: data}\n", encoding="utf-8")
    assert _pods(path) == []


def test_a_pod_without_a_name_is_a_pod_template(capsys: pytest.CaptureFixture[str]) -> None:
    """apache/yunikorn-k8shim's Spark example hands driver.yaml to Spark as its driver podTemplateFile: a Pod
    with neither name nor containers, never applied (it gave a false PR002 "the pod has no container")."""
    driver = REAL / "apache__yunikorn-k8shim" / "deployments__examples__spark__driver.yaml"
    [item] = [i for i in iter_items([str(driver)]) if isinstance(i, (SkippedItem, WorkloadItem))]
    assert isinstance(item, SkippedItem) and item.reason == "template" and "neither metadata.name nor generateName" in (item.note or "")
    assert main(["lint", "--no-config", str(driver)]) == 0


@pytest.mark.parametrize(
    ("name", "kinds"),
    [
        # spec.override.statefulSet: the RabbitmqCluster's own pod is the operator's, as written; the override is none
        ("rabbitmq__cluster-operator/docs__examples__additionalPorts__rabbitmq.yaml", [("RabbitmqCluster", None)]),
        # spec.template.spec.overlay.pod: the TiCDCGroup's own pod is the operator's, as written; the overlay is none
        ("pingcap__tidb-operator/examples__basic__06-ticdc.yaml", [("TiCDCGroup", None)]),
    ],
)
def test_an_override_or_overlay_merged_over_the_operators_pod_is_no_pod(name: str, kinds: list[tuple[str, None]]) -> None:
    """Their containers are merged by name into the pod the operator builds, with the operator's resources (the
    RabbitmqCluster's CRD default of 1 CPU / 2Gi, the TiCDCGroup's 1 CPU / 2Gi): found by shape as whole pods
    they gave false PR138 and PR137 warnings."""
    found = [i.workload.ref for i in iter_items([str(REAL / name)]) if isinstance(i, WorkloadItem)]
    assert [(ref.kind, ref.template) for ref in found] == kinds


GPU = "nvidia.com/gpu"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # resources.limits.gpu becomes nvidia.com/gpu on `main` (GetResourcesConfig); the API server defaults its request
        ("ai-dynamo__dynamo/examples__backends__vllm__deploy__disagg.yaml", [
            ("DynamoGraphDeployment", "services[Frontend]", 1, [("main", {}, {})], True),
            ("DynamoGraphDeployment", "services[VllmDecodeWorker]", 1, [("main", {}, {GPU: "1"})], True),
            ("DynamoGraphDeployment", "services[VllmPrefillWorker]", 1, [("main", {}, {GPU: "1"})], True),
        ]),
        # multinode: nodeCount pods a replica, each with the service's GPUs
        ("ai-dynamo__dynamo/examples__backends__sglang__deploy__disagg-multinode.yaml", [
            ("DynamoGraphDeployment", "services[Frontend]", 1, [("main", {}, {})], True),
            ("DynamoGraphDeployment", "services[decode]", 2, [("main", {}, {GPU: "4"})], True),
            ("DynamoGraphDeployment", "services[prefill]", 2, [("main", {}, {GPU: "4"})], True),
        ]),
    ],
)
def test_a_dynamo_graph_deployments_services_are_its_pods(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


@pytest.mark.parametrize(
    ("service", "expected"),
    [
        # each entry of resources over mainContainer's; gpuType names the GPU; custom resources by name
        ("{resources: {requests: {cpu: '4', memory: 32Gi, gpu: '2', gpuType: gpu.intel.com/xe}, limits: {memory: 32Gi, custom: {rdma/ib: '1'}}},"
         " extraPodSpec: {mainContainer: {image: x, resources: {requests: {cpu: '1'}, limits: {cpu: '8', memory: 8Gi}}}}}",
         ({"cpu": "4", "memory": "32Gi", "gpu.intel.com/xe": "2"}, {"cpu": "8", "memory": "32Gi", "rdma/ib": "1"}, 1)),
        # multinode written without nodeCount: the CRD's default, 2
        ("{replicas: 3, multinode: {}, extraPodSpec: {mainContainer: {image: x}}}", ({}, {}, 6)),
        # no extraPodSpec at all: the operator's main container, with the service's resources
        ("{resources: {limits: {gpu: '1'}}}", ({}, {GPU: "1"}, 1)),
    ],
)
def test_dynamo_sets_each_resource_over_the_main_container(service: str, expected: tuple[Any, ...], tmp_path: Path) -> None:
    (tmp_path / "dgd.yaml").write_text(
        f"apiVersion: nvidia.com/v1alpha1\nkind: DynamoGraphDeployment\nmetadata: {{name: d}}\nspec:\n  services:\n    w: {service}\n", encoding="utf-8"
    )
    [(_, _, count, [(container, requests, limits)], _)] = pods(str(tmp_path / "dgd.yaml"))
    assert (container, requests, limits, count) == ("main", *expected)


RABBIT_DEFAULT = [("rabbitmq", {"cpu": "1", "memory": "2Gi"}, {"cpu": "2", "memory": "2Gi"})]
CNPG_FULL = {"cpu": "1", "memory": "512Mi"}, {"cpu": "2", "memory": "1Gi"}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # spec.resources left out: the CRD's default on rabbitmq (setup-container is the pod's init container)
        ("rabbitmq__cluster-operator/docs__examples__hello-world__rabbitmq.yaml", [("RabbitmqCluster", None, 1, RABBIT_DEFAULT, False)]),
        ("rabbitmq__cluster-operator/docs__examples__resource-limits__rabbitmq.yaml", [
            ("RabbitmqCluster", None, 1, [("rabbitmq", {"cpu": "500m", "memory": "1Gi"}, {"cpu": "800m", "memory": "1Gi"})], False)]),
        # a spec.override.statefulSet template: as written
        ("rabbitmq__cluster-operator/docs__examples__additionalPorts__rabbitmq.yaml", [("RabbitmqCluster", None, 1, RABBIT_DEFAULT, True)]),
        ("cloudnative-pg__cloudnative-pg/docs__src__samples__cluster-example-full.yaml", [("Cluster", None, 3, [("postgres", *CNPG_FULL)], False)]),
        ("cloudnative-pg__cloudnative-pg/docs__src__samples__cluster-example.yaml", [("Cluster", None, 3, [("postgres", {}, {})], False)]),
        ("cloudnative-pg__cloudnative-pg/docs__src__samples__pooler-basic-auth.yaml", [("Pooler", None, 1, [("pgbouncer", {}, {})], False)]),
    ],
)
def test_rabbitmq_and_cloudnativepg_build_their_pods(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_the_operators_init_containers_are_the_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """RabbitMQ's setup-container asks 20m and 64Mi (requests and limits); CloudNativePG's bootstrap-controller takes
    spec.resources, as postgres does: both join the pod's init containers."""
    main(["explain", "-o", "json", str(REAL / "rabbitmq__cluster-operator/docs__examples__hello-world__rabbitmq.yaml"),
          str(REAL / "cloudnative-pg__cloudnative-pg/docs__src__samples__cluster-example-full.yaml")])
    rabbit, postgres = json.loads(capsys.readouterr().out)["pods"]
    assert [(c["name"], c["type"], c["requests"], c["limits"]) for c in rabbit["containers"]] == [
        ("setup-container", "init", {"cpu": "20m", "memory": "64Mi"}, {"cpu": "20m", "memory": "64Mi"}),
        ("rabbitmq", "regular", {"cpu": "1", "memory": "2Gi"}, {"cpu": "2", "memory": "2Gi"}),
    ]
    assert rabbit["qosClass"] == "Burstable" and postgres["qosClass"] == "Burstable"
    assert [(c["name"], c["type"], c["requests"], c["limits"]) for c in postgres["containers"]] == [
        ("bootstrap-controller", "init", *CNPG_FULL), ("postgres", "regular", *CNPG_FULL)]


OTEL = "open-telemetry__opentelemetry-operator/tests__"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # statefulset mode: spec.replicas (1) pods of otc-container with spec.resources; the enabled target allocator's pod
        (f"{OTEL}e2e-pdb__target-allocator__00-install.yaml", [
            ("OpenTelemetryCollector", "collector", 1, [("otc-container", {"cpu": "5m", "memory": "64Mi"}, {"cpu": "500m", "memory": "128Mi"})], False),
            ("OpenTelemetryCollector", "targetAllocator", 1, [("ta-container", {}, {})], False),
        ]),
        # daemonset mode: one pod a node (no count), with its additional container (and init container)
        (f"{OTEL}e2e__smoke-collector__smoke-collector-daemonset__00-install.yaml", [
            ("OpenTelemetryCollector", "collector", None, [("otc-container", {}, {}), ("alpine", {}, {})], False),
        ]),
        (f"{OTEL}e2e-crd-validations__sidecar__01-install-tolerations.yaml", []),  # sidecar mode: injected into other pods
    ],
)
def test_an_opentelemetry_collectors_mode_decides_its_pods(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_an_opamp_bridge_is_one_operator_container_with_its_resources() -> None:
    """open-telemetry/opentelemetry-operator be8944414a87 internal/manifests/opampbridge/container.go: the
    Deployment's one container, opamp-bridge-container, takes spec.resources whole; the chart's rendered example."""
    name = "open-telemetry__opentelemetry-helm-charts/charts__opentelemetry-kube-stack__examples__cloud-demo__rendered__bridge.yaml"
    both = {"cpu": "250m", "memory": "256Mi"}
    assert pods(name) == [("OpAMPBridge", None, 1, [("opamp-bridge-container", both, both)], False)]


KNATIVE = "knative__eventing/"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # a ContainerSource's Deployment is spec.template whole; the webhook names an unnamed container <source>-<index>
        (f"{KNATIVE}config__tools__heartbeats__heartbeats.yaml", [("ContainerSource", None, 1, [("heartbeats-source-0", {}, {})], False)]),
        # a JobSink's Job is spec.job, made once for each event (not counted), its resources as written
        (f"{KNATIVE}docs__sink__jobsink-success.yaml", [("JobSink", None, None, [("main", {}, {})], False)]),
    ],
)
def test_knative_eventing_makes_its_pods_from_the_template_as_written(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


VM = "VictoriaMetrics__operator/config__examples__"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # no resources: the operator's defaults, cpu and memory each a request and a limit
        (f"{VM}vmsingle.yaml", [("VMSingle", None, 1, [("vmsingle", {"cpu": "150m", "memory": "500Mi"}, {"cpu": "1200m", "memory": "1500Mi"})], True)]),
        # each resource apart: vmstorage writes cpu and memory limits, so neither is defaulted (the API server copies
        # them to the requests); vmselect and vminsert write both
        (f"{VM}vmcluster.yaml", [
            ("VMCluster", "vmselect", 2, [("vmselect", {"cpu": "500m", "memory": "500Mi"}, {"cpu": "1", "memory": "1000Mi"})], True),
            ("VMCluster", "vminsert", 2, [("vminsert", {"cpu": "500m", "memory": "500Mi"}, {"cpu": "1", "memory": "1000Mi"})], True),
            ("VMCluster", "vmstorage", 2, [("vmstorage", {}, {"cpu": "1", "memory": "1500Mi"})], True),
        ]),
        # daemonSetMode: one pod a node (no count)
        (f"{VM}vmagent_daemonset.yaml", [("VMAgent", "vmagent", None, [("vmagent", {"cpu": "50m", "memory": "350Mi"}, {"cpu": "500m", "memory": "850Mi"})], True)]),
    ],
)
def test_victoriametrics_fills_in_each_resource_left_out(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_victoriametrics_defaults_each_resource_apart(tmp_path: Path) -> None:
    """build.Resources: cpu written only as a request keeps no cpu limit; memory, left out, gets both defaults."""
    (tmp_path / "s.yaml").write_text(
        "apiVersion: operator.victoriametrics.com/v1beta1\nkind: VMSingle\nmetadata: {name: s}\nspec:\n  resources: {requests: {cpu: '2'}}\n", encoding="utf-8"
    )
    assert pods(str(tmp_path / "s.yaml")) == [("VMSingle", None, 1, [("vmsingle", {"cpu": "2", "memory": "500Mi"}, {"memory": "1500Mi"})], True)]


NIM = "NVIDIA__k8s-nim-operator/config__samples__nim__"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # the caching Job: cpu and memory each a request and a limit, 0 unset; the service: <name>-ctr with spec.resources,
        # scaled by the HPA from its minReplicas; the GPUs of a NIMCache profile may be added: as written
        (f"{NIM}serving__standalone__full__multi-llm.yaml", [
            ("NIMCache", None, 1, [("nim-cache-ctr", {"cpu": "0", "memory": "0"}, {"cpu": "0", "memory": "0"})], False),
            ("NIMService", "service", 1, [("meta-llama-3-2-1b-instruct-ctr", {"cpu": "4", "memory": "6Gi", GPU: "1"},
                                           {"cpu": "12", "memory": "32Gi", GPU: "1"})], True),
        ]),
        (f"{NIM}caching__hf__nimcache.yaml", [
            ("NIMCache", None, 1, [("nim-cache-ctr", {"cpu": "0", "memory": "0"}, {"cpu": "0", "memory": "0"})], False)]),
    ],
)
def test_the_nim_operator_builds_its_cache_jobs_and_services(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_a_nim_service_scaled_by_its_hpa_starts_at_min_replicas(tmp_path: Path) -> None:
    (tmp_path / "n.yaml").write_text(
        "apiVersion: apps.nvidia.com/v1alpha1\nkind: NIMService\nmetadata: {name: llm}\nspec:\n  replicas: 5\n"
        "  scale: {enabled: true, hpa: {minReplicas: 2, maxReplicas: 4}}\n  multiNode: {parallelism: {pipeline: 2, tensor: 8}}\n", encoding="utf-8"
    )
    [(_, _, count, [(container, _, _)], as_written)] = pods(str(tmp_path / "n.yaml"))
    assert (container, count, as_written) == ("llm-ctr", 4, True)  # minReplicas 2 x pipeline 2


XP = "crossplane__crossplane/test__e2e__manifests__pkg__"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # the template copied as it is, package-runtime first; how many packages name it is not in the object
        (f"{XP}deployment-runtime-config__setup__deployment-runtime-config.yaml", [
            ("DeploymentRuntimeConfig", None, None, [("package-runtime", {"cpu": "100m", "memory": "128Mi"}, {"cpu": "2", "memory": "2Gi"}),
                                                     ("sidecar", {}, {})], False)]),
        # containers: []: Crossplane adds package-runtime, with no resources (a BestEffort pod, as fact)
        (f"{XP}externally-managed-service-account__setup__deployment-runtime-config.yaml", [
            ("DeploymentRuntimeConfig", None, None, [("package-runtime", {}, {})], False)]),
    ],
)
def test_a_crossplane_deployment_runtime_config_is_its_packages_pod(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_crossplane_moves_package_runtime_first_and_builds_it_from_no_template(tmp_path: Path) -> None:
    (tmp_path / "rc.yaml").write_text(
        "apiVersion: pkg.crossplane.io/v1beta1\nkind: DeploymentRuntimeConfig\nmetadata: {name: a}\nspec:\n  deploymentTemplate:\n    spec:\n"
        "      selector: {}\n      template:\n        spec:\n          containers: [{name: s, image: x}, {name: package-runtime}]\n"
        "---\napiVersion: pkg.crossplane.io/v1beta1\nkind: DeploymentRuntimeConfig\nmetadata: {name: default}\nspec: {}\n", encoding="utf-8"
    )
    assert [[c for c, _, _ in containers] for _, _, _, containers, _ in pods(str(tmp_path / "rc.yaml"))] == [["package-runtime", "s"], ["package-runtime"]]


def test_grafanas_container_keeps_each_request_and_limit_its_template_does_not_write(tmp_path: Path) -> None:
    """grafana-operator merges spec.deployment over its own Deployment (a strategic merge patch that removes nothing):
    onedr0p/home-ops' Grafana writes env only, so grafana asks 100m and 256Mi and is limited to 1024Mi (it gave a
    false PR138 "sets no cpu or memory request or limit"); a written cpu limit joins them; no spec.deployment: one pod."""
    grafana = {"cpu": "100m", "memory": "256Mi"}, {"memory": "1Gi"}
    assert pods("onedr0p__home-ops/kubernetes__apps__o11y__grafana-operator__instance__grafana.yaml") == [
        ("Grafana", None, 1, [("grafana", *grafana)], False)]
    (tmp_path / "g.yaml").write_text(
        "apiVersion: grafana.integreatly.org/v1beta1\nkind: Grafana\nmetadata: {name: a}\nspec:\n  deployment:\n    spec:\n      replicas: 2\n"
        "      template: {spec: {containers: [{name: grafana, resources: {limits: {cpu: '1'}}}]}}\n"
        "---\napiVersion: grafana.integreatly.org/v1beta1\nkind: Grafana\nmetadata: {name: b}\nspec: {config: {}}\n", encoding="utf-8"
    )
    assert pods(str(tmp_path / "g.yaml")) == [
        ("Grafana", None, 2, [("grafana", {"cpu": "100m", "memory": "256Mi"}, {"cpu": "1", "memory": "1Gi"})], False),
        ("Grafana", None, 1, [("grafana", *grafana)], False),
    ]


def test_a_dragonfly_is_its_operators_statefulset(tmp_path: Path) -> None:
    """dragonfly takes spec.resources whole, first; spec.replicas is an int32 without a default: unset, no pod."""
    assert pods("dragonflydb__dragonfly-operator/config__samples__v1alpha1_dragonfly.yaml") == [
        ("Dragonfly", None, 2, [("dragonfly", {"cpu": "500m", "memory": "500Mi"}, {"cpu": "600m", "memory": "750Mi"})], False)]
    (tmp_path / "d.yaml").write_text(
        "apiVersion: dragonflydb.io/v1alpha1\nkind: Dragonfly\nmetadata: {name: d}\nspec:\n  additionalContainers: [{name: exporter, image: x}]\n",
        encoding="utf-8",
    )
    assert pods(str(tmp_path / "d.yaml")) == [("Dragonfly", None, 0, [("dragonfly", {}, {}), ("exporter", {}, {})], False)]


TIDB = "pingcap__tidb-operator/examples__"
TIDB_4_8 = {"cpu": "4", "memory": "8Gi"}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # v2 (core.pingcap.com): spec.replicas pods; resources.cpu and memory each both the request and the limit
        (f"{TIDB}basic__02-tikv.yaml", [("TiKVGroup", None, 3, [("tikv", TIDB_4_8, TIDB_4_8)], False)]),
        (f"{TIDB}basic__03-tidb.yaml", [("TiDBGroup", None, 2, [("tidb", {"cpu": "1", "memory": "2Gi"}, {"cpu": "1", "memory": "2Gi"})], False)]),
        (f"{TIDB}basic__04-tiflash.yaml", [("TiFlashGroup", None, 1, [("tiflash", TIDB_4_8, TIDB_4_8)], False)]),
        # overlay.pod.spec is merged over the pod: as written (no resources: pd has none)
        (f"{TIDB}overlay__01-pd.yaml", [("PDGroup", None, 3, [("pd", {}, {})], True)]),
        (f"{TIDB}basic__06-ticdc.yaml", [("TiCDCGroup", None, 2, [("ticdc", {"cpu": "1", "memory": "2Gi"}, {"cpu": "1", "memory": "2Gi"})], True)]),
        # v1 TidbCluster (pingcap.com): a StatefulSet per component, requests and limits less storage; the discovery
        # Deployment (one pod, with pd); tidb's slowlog tailer (separateSlowLog, true unset) with slowLogTailer's;
        # tiflash's serverlog, errorlog and clusterlog tailers with logTailer's (none)
        (f"{TIDB}tiflash__tidb-cluster.yaml", [
            ("TidbCluster", "discovery", 1, [("discovery", {}, {})], False),
            ("TidbCluster", "pd", 3, [("pd", {}, {})], False),
            ("TidbCluster", "tikv", 3, [("tikv", {}, {})], False),
            ("TidbCluster", "tidb", 2, [("slowlog", {"cpu": "20m", "memory": "5Mi"}, {"cpu": "100m", "memory": "50Mi"}), ("tidb", {}, {})], False),
            ("TidbCluster", "tiflash", 2, [("tiflash", {}, {}), ("serverlog", {}, {}), ("errorlog", {}, {}), ("clusterlog", {}, {})], False),
        ]),
        # pd.mode ms: each pdms entry is a StatefulSet of its replicas, its container named by its name
        (f"{TIDB}basic__pd-micro-service-cluster.yaml", [
            ("TidbCluster", "discovery", 1, [("discovery", {}, {})], False),
            ("TidbCluster", "pd", 1, [("pd", {}, {})], False),
            ("TidbCluster", "pdms[0] tso", 2, [("tso", {}, {})], False),
            ("TidbCluster", "pdms[1] scheduling", 2, [("scheduling", {}, {})], False),
            ("TidbCluster", "tikv", 1, [("tikv", {}, {})], False),
            ("TidbCluster", "tidb", 1, [("slowlog", {}, {}), ("tidb", {}, {})], False),
        ]),
        # separateRocksDBLog and separateRaftLog: the rocksdblog and raftlog tailers (containers: no useSidecar)
        (f"{TIDB}basic-storagevolumes__tidb-cluster.yaml", [
            ("TidbCluster", "discovery", 1, [("discovery", {}, {})], False),
            ("TidbCluster", "pd", 1, [("pd", {}, {})], False),
            ("TidbCluster", "tikv", 1, [("raftlog", {}, {}), ("rocksdblog", {}, {}), ("tikv", {}, {})], False),
            ("TidbCluster", "tidb", 1, [("slowlog", {}, {}), ("tidb", {}, {})], False),
        ]),
    ],
)
def test_the_tidb_operator_builds_each_components_pods(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def _containers(capsys: pytest.CaptureFixture[str], *paths: str) -> list[tuple[str, list[tuple[str, str, Resources, Resources]]]]:
    main(["explain", "-o", "json", *paths])
    return [(p["qosClass"], [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]]) for p in json.loads(capsys.readouterr().out)["pods"]]


def test_the_tidb_operators_init_containers_and_sidecars(capsys: pytest.CaptureFixture[str]) -> None:
    """v2: TiKV's ti-prestop-checker (no resources) keeps its pod from Guaranteed; TiFlash's log tailers are sidecars
    (restartPolicy Always), with logTailer.resources where written."""
    assert _containers(capsys, str(REAL / f"{TIDB}basic__02-tikv.yaml"), str(REAL / f"{TIDB}basic__04-tiflash.yaml")) == [
        ("Burstable", [("ti-prestop-checker", "init", {}, {}), ("tikv", "regular", TIDB_4_8, TIDB_4_8)]),
        ("Burstable", [("ti-serverlog", "sidecar", {}, {}), ("ti-errorlog", "sidecar", {}, {}), ("tiflash", "regular", TIDB_4_8, TIDB_4_8)]),
    ]


def test_tidb_v2_slow_log_and_log_tailer_resources(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """slowLog written (even empty) adds the ti-slowlog sidecar with slowLog.resources; a TiDB instance is one pod; a
    group without replicas makes none (a required int32); cpu alone is only cpu."""
    tail = {"cpu": "100m", "memory": "64Mi"}
    (tmp_path / "g.yaml").write_text(
        "apiVersion: core.pingcap.com/v1alpha1\nkind: TiDBGroup\nmetadata: {name: db}\nspec:\n  replicas: 2\n  template:\n    spec:\n"
        "      resources: {cpu: 2, memory: 4Gi}\n      slowLog: {resources: {cpu: 100m, memory: 64Mi}}\n"
        "---\napiVersion: core.pingcap.com/v1alpha1\nkind: TiFlashGroup\nmetadata: {name: flash}\nspec:\n  replicas: 1\n  template:\n    spec:\n"
        "      resources: {cpu: 4, memory: 8Gi}\n      logTailer: {resources: {cpu: 100m, memory: 64Mi}}\n"
        "---\napiVersion: core.pingcap.com/v1alpha1\nkind: TiDB\nmetadata: {name: db-x}\nspec:\n  resources: {memory: 1Gi}\n  slowLog: {}\n"
        "---\napiVersion: core.pingcap.com/v1alpha1\nkind: TiKVGroup\nmetadata: {name: kv}\nspec:\n  template: {spec: {resources: {cpu: 1}}}\n",
        encoding="utf-8",
    )
    path = str(tmp_path / "g.yaml")
    assert [(kind, count) for kind, _, count, _, _ in pods(path)] == [("TiDBGroup", 2), ("TiFlashGroup", 1), ("TiDB", 1), ("TiKVGroup", 0)]
    assert _containers(capsys, path) == [
        ("Guaranteed", [("ti-slowlog", "sidecar", tail, tail), ("tidb", "regular", {"cpu": "2", "memory": "4Gi"}, {"cpu": "2", "memory": "4Gi"})]),
        ("Guaranteed", [("ti-serverlog", "sidecar", tail, tail), ("ti-errorlog", "sidecar", tail, tail), ("tiflash", "regular", TIDB_4_8, TIDB_4_8)]),
        ("Burstable", [("ti-slowlog", "sidecar", {}, {}), ("tidb", "regular", {"memory": "1Gi"}, {"memory": "1Gi"})]),
        ("Burstable", [("ti-prestop-checker", "init", {}, {}), ("tikv", "regular", {"cpu": "1"}, {"cpu": "1"})]),
    ]


def test_tidb_v1_sidecars_init_containers_and_merged_containers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """useSidecar makes the tailers sidecars: TiKV's and TiDB's before the written init containers (with TiDB's startup
    probe binary), TiFlash's after them; storage is dropped; the mount-cm annotation leaves out TiFlash's init; acrossK8s
    makes the discovery pod without pd; written additionalContainers are merged by name: as written."""
    small = {"cpu": "10m", "memory": "16Mi"}
    kv, db = {"cpu": "2", "memory": "4Gi"}, {"cpu": "1", "memory": "2Gi"}
    (tmp_path / "tc.yaml").write_text(
        "apiVersion: pingcap.com/v1alpha1\nkind: TidbCluster\nmetadata: {name: t}\nspec:\n  acrossK8s: true\n"
        "  discovery: {requests: {cpu: 10m, memory: 20Mi}}\n"
        "  tikv:\n    replicas: 3\n    requests: {cpu: '2', memory: 4Gi, storage: 100Gi}\n    limits: {cpu: '2', memory: 4Gi}\n"
        "    separateRocksDBLog: true\n    separateRaftLog: true\n"
        "    logTailer: {useSidecar: true, requests: {cpu: 10m, memory: 16Mi}, limits: {cpu: 10m, memory: 16Mi}}\n"
        "    initContainers: [{name: mine, image: x}]\n"
        "  tidb:\n    replicas: 2\n    requests: {cpu: '1', memory: 2Gi}\n    limits: {cpu: '1', memory: 2Gi}\n"
        "    slowLogTailer: {useSidecar: true, requests: {cpu: 10m, memory: 16Mi}, limits: {cpu: 10m, memory: 16Mi}}\n"
        "    customizedStartupProbe: {image: p, binaryName: probe, args: []}\n    initContainers: [{name: mine, image: x}]\n"
        "    additionalContainers: [{name: extra, image: y}]\n"
        "  tiflash:\n    replicas: 1\n    annotations: {tiflash.tidb.pingcap.com/mount-cm-in-tiflash-container: 'true'}\n"
        "    logTailer: {useSidecar: true}\n    initContainers: [{name: mine, image: x}]\n",
        encoding="utf-8",
    )
    path = str(tmp_path / "tc.yaml")
    assert [(label, count, as_written) for _, label, count, _, as_written in pods(path)] == [
        ("discovery", 1, False), ("tikv", 3, False), ("tidb", 2, True), ("tiflash", 1, False)]
    assert _containers(capsys, path) == [
        ("Burstable", [("discovery", "regular", {"cpu": "10m", "memory": "20Mi"}, {})]),
        ("Burstable", [("rocksdblog", "sidecar", small, small), ("raftlog", "sidecar", small, small), ("mine", "init", {}, {}), ("tikv", "regular", kv, kv)]),
        ("Burstable", [("slowlog", "sidecar", small, small), ("probe", "init", {}, {}), ("mine", "init", {}, {}), ("extra", "regular", {}, {}),
                       ("tidb", "regular", db, db)]),
        ("BestEffort", [("mine", "init", {}, {}), ("serverlog", "sidecar", {}, {}), ("errorlog", "sidecar", {}, {}), ("clusterlog", "sidecar", {}, {}),
                        ("tiflash", "regular", {}, {})]),
    ]


@pytest.mark.parametrize(
    ("tidb", "init", "containers"),
    [
        ("separateSlowLog: false", [], ["tidb"]),  # no tailer
        ("slowLogTailer: {requests: {cpu: 10m}}", [], ["slowlog", "tidb"]),  # a container without useSidecar
        ("slowLogTailer: {useSidecar: true}", ["slowlog"], ["tidb"]),  # a sidecar
        ("separateSlowLog: false, slowLogTailer: {useSidecar: true}", [], ["tidb"]),
    ],
)
def test_tidb_v1_slow_log_tailer_is_made_as_the_spec_says(tidb: str, init: list[str], containers: list[str], tmp_path: Path) -> None:
    (tmp_path / "tc.yaml").write_text(
        f"apiVersion: pingcap.com/v1alpha1\nkind: TidbCluster\nmetadata: {{name: t}}\nspec:\n  tidb: {{replicas: 1, {tidb}}}\n", encoding="utf-8"
    )
    [item] = [i for i in iter_items([str(tmp_path / "tc.yaml")]) if isinstance(i, WorkloadItem)]
    assert ([c.name for c in item.workload.pod.init_containers], [c.name for c in item.workload.pod.containers]) == (init, containers)


KV = "kubevirt__kubevirt/examples__"
CIRROS = {"cpu": "100m", "ephemeral-storage": "50M", "memory": "416Mi"}  # 1 vCPU / 10; guest 128Mi + 288Mi overhead


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # dedicatedCpuPlacement, 1 vCPU and the isolated emulator thread: cpu 2; the guest's 1024M and the 388Mi overhead (240Mi
        # for its processes, 8Mi a vCPU, 8Mi the IOThread, 32Mi video, 100Mi for dedicated CPUs), the memory limit its request
        (f"{KV}vmi-fedora-isolated.yaml", [("VirtualMachineInstance", None, 1, [
            ("compute", {"cpu": "2", "ephemeral-storage": "50M", "memory": "1430847488"}, {"cpu": "2", "memory": "1430847488"})], True)]),
        # 2 cores and no resources: 2 vCPUs / cpuAllocationRatio 10; 2Gi and 349Mi (16Mi for 2 vCPUs, 53Mi for the TPM); no limits
        (f"{KV}vmi-windows.yaml", [("VirtualMachineInstance", None, 1, [
            ("compute", {"cpu": "200m", "ephemeral-storage": "50M", "memory": "2397Mi"}, {})], True)]),
        # a device-plugin GPU: one of it, requested and limited; 1Gi of VFIO overhead
        (f"{KV}vmi-gpu.yaml", [("VirtualMachineInstance", None, 1, [
            ("compute", {"cpu": "100m", "ephemeral-storage": "50M", "memory": "2399731712", "nvidia.com/GP102GL_Tesla_P40": "1"},
             {"nvidia.com/GP102GL_Tesla_P40": "1"})], True)]),
        # runStrategy Halted: no VMI until it is started (x0, as a Deployment of 0 replicas); an instancetype's VM likewise
        (f"{KV}vm-cirros.yaml", [("VirtualMachine", "virt-launcher", 0, [("compute", CIRROS, {})], True)]),
        (f"{KV}vm-cirros-csmall.yaml", [("VirtualMachine", "virt-launcher", 0, [("compute", CIRROS, {})], True)]),
        # 3 VMs that run (runStrategy Always), 3 VMIs
        (f"{KV}vm-pool-cirros.yaml", [("VirtualMachinePool", "virt-launcher", 3, [("compute", CIRROS, {})], True)]),
    ],
)  # fmt: skip
def test_kubevirt_renders_each_vmis_virt_launcher_compute_container(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def _vmis(capsys: pytest.CaptureFixture[str], tmp_path: Path, *docs: str) -> list[tuple[object, str, dict[str, str], dict[str, str]]]:
    """Each pod's count, QoS class and its one container's requests and limits."""
    (tmp_path / "v.yaml").write_text("---\n".join(docs), encoding="utf-8")
    assert main(["explain", "-o", "json", str(tmp_path / "v.yaml")]) == 0
    out = []
    for pod in json.loads(capsys.readouterr().out)["pods"]:
        [container] = pod["containers"]
        out.append((pod["workload"]["replicas"], pod["qosClass"], container["requests"], container["limits"]))
    return out


def test_a_virtual_machine_runs_by_its_run_strategy(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """vm.go: Always, RerunOnFailure and Once start the VMI; Halted (also with neither field), Manual and WaitAsReceiver do
    not; running: true is Always. One pod per VM, never two (the API server refuses running beside runStrategy)."""
    written = ["running: true", "running: false", "", "runStrategy: Always", "runStrategy: RerunOnFailure", "runStrategy: Once",
               "runStrategy: Manual", "runStrategy: Halted", "runStrategy: WaitAsReceiver", "running: true\n  runStrategy: Always"]  # fmt: skip
    docs = [f"apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata: {{name: v{i}}}\nspec:\n  {w}\n  template: {{spec: {{domain: {{memory: {{guest: 1Gi}}}}}}}}\n"
            for i, w in enumerate(written)]  # fmt: skip
    assert [count for count, *_ in _vmis(capsys, tmp_path, *docs)] == [1, 0, 0, 1, 1, 1, 0, 0, 0, 1]


def test_a_vmi_replica_set_runs_its_replicas_one_unset(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """replicaset.go calcDiff: spec.replicas, 1 when unset (examples/vmi-replicaset-cirros.yaml, 3 replicas, is left out of
    tests/data/real: its 32-letter kind cannot be broken, and the real files' wide table would no longer fit 80 columns)."""
    rs = "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstanceReplicaSet\nmetadata: {{name: r}}\nspec:\n{replicas}" \
         "  template: {{spec: {{domain: {{memory: {{guest: 128Mi}}}}}}}}\n"  # fmt: skip
    found = _vmis(capsys, tmp_path, rs.format(replicas="  replicas: 3\n"), rs.format(replicas=""))
    assert found == [(3, "Burstable", CIRROS, {}), (1, "Burstable", CIRROS, {})]


def test_kubevirt_hugepages_leave_memory_the_overhead(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """WithHugePages: the hugepages are the memory request up to the guest memory, memory the overhead; KubeVirt's own
    test (template_test.go "should add to the template constraints") finds 303 MB on amd64 and 437 MB on arm64 (128Mi more)."""
    vmi = "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nmetadata: {{name: h}}\nspec:\n  architecture: {arch}\n  domain:\n" \
          "    memory: {{hugepages: {{pageSize: 2Mi}}}}\n    resources: {{requests: {{memory: 64M}}, limits: {{memory: 64M}}}}\n"  # fmt: skip
    [amd64, arm64] = _vmis(capsys, tmp_path, vmi.format(arch="amd64"), vmi.format(arch="arm64"))
    assert amd64 == (1, "Burstable", {"cpu": "100m", "ephemeral-storage": "50M", "hugepages-2Mi": "64M", "memory": "302114888"},
                     {"hugepages-2Mi": "64M", "memory": "302114888"})  # fmt: skip
    assert arm64[3] == {"hugepages-2Mi": "64M", "memory": "436332616"}  # ceil(436332616 / 10^6) = 437


def test_kubevirt_pods_are_guaranteed_where_its_code_makes_them(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Dedicated CPUs: the vCPUs (from the cpu request where no topology is written), the emulator thread (two with the
    even-parity annotation on 2 vCPUs), memory limit = request; requests equal to limits (a cpu limit alone is also its
    request) keep the 100Mi overhead on both; overcommitGuestOverhead leaves it off the request: Burstable."""
    head = "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nmetadata: {name: v, annotations: {%s}}\nspec:\n  domain:\n"
    found = _vmis(
        capsys, tmp_path,
        head % "" + "    cpu: {dedicatedCpuPlacement: true}\n    resources: {requests: {cpu: '4', memory: 1Gi}}\n",
        head % "alpha.kubevirt.io/EmulatorThreadCompleteToEvenParity: ''"
        + "    cpu: {cores: 2, dedicatedCpuPlacement: true, isolateEmulatorThread: true}\n    memory: {guest: 1Gi}\n",
        head % "" + "    cpu: {cores: 2, dedicatedCpuPlacement: true, isolateEmulatorThread: true}\n    memory: {guest: 1Gi}\n",
        head % "" + "    resources: {limits: {cpu: 1500m, memory: 1Gi}}\n",
        head % "" + "    resources: {overcommitGuestOverhead: true, requests: {cpu: '2', memory: 2Gi}, limits: {cpu: '2', memory: 2Gi}}\n",
    )
    assert [(qos, req["cpu"], req["memory"], lim.get("cpu"), lim.get("memory")) for _, qos, req, lim in found] == [
        ("Guaranteed", "4", "1438Mi", "4", "1438Mi"),  # 1Gi + 2Mi pagetables, 240Mi, 4 × 8Mi, 8Mi, 32Mi, 100Mi
        ("Guaranteed", "4", "1420Mi", "4", "1420Mi"),
        ("Guaranteed", "3", "1420Mi", "3", "1420Mi"),
        ("Guaranteed", "1500m", "1420Mi", "1500m", "1420Mi"),  # 2 vCPUs: the limit's whole cores
        ("Burstable", "2", "2Gi", "2", "2448Mi"),
    ]


def test_kubevirt_pods_claim_no_qos_class_and_an_instancetype_sets_the_rest(capsys: pytest.CaptureFixture[str]) -> None:
    report = lint(capsys, *(str(REAL / f"{KV}{n}.yaml") for n in ("vm-cirros", "vm-cirros-csmall", "vmi-fedora-isolated")))
    findings = report["findings"]
    assert not [f for f in findings if f["rule"] in ("PR201", "PR401")]
    [limit] = [f for f in findings if f["rule"] == "PR132"]  # the instancetype's VM: its resources come from that object
    assert limit["object"]["name"] == "vm-cirros" and limit["field"] == "spec.template.spec.domain.resources"
    assert "(as written: KubeVirt adds its support containers" in limit["message"]
    main(["explain", str(REAL / f"{KV}vmi-fedora-isolated.yaml")])
    text = " ".join(capsys.readouterr().out.split())
    assert "QoS class: Guaranteed" in text
    assert "cpu 2, request and limit: dedicatedCpuPlacement, 1 vCPU (sockets × cores × threads) + 1 emulator thread" in text


def with_init(name: str) -> list[tuple[str | None, list[tuple[str, Resources, Resources]]]]:
    """Each pod's template label and init containers, with their requests and limits."""
    out = []
    for item in iter_items([str(REAL / name)]):
        if isinstance(item, WorkloadItem):
            init = item.workload.pod.init_containers
            out.append((item.workload.ref.template, [
                (c.name, {k: v.canonical() for k, v in c.resources.req.items()}, {k: v.canonical() for k, v in c.resources.lim.items()}) for c in init
            ]))  # fmt: skip
    return out


CASS = "k8ssandra__cass-operator/"
K8SSANDRA = "k8ssandra__k8ssandra-operator/"
LOGGER = ("server-system-logger", {"cpu": "100m", "memory": "64M"}, {"memory": "128M"})  # cass-operator's DefaultsLoggerContainer
CONFIG_INIT = ("server-config-init", {"cpu": "1", "memory": "256M"}, {"cpu": "1", "memory": "384M"})  # DefaultsConfigInitContainer
BASE_INIT = ("server-config-init-base", {}, {})
REAPER = [("reaper", {"cpu": "100m", "memory": "256Mi"}, {"memory": "3Gi"})]
REAPER_INIT = [("reaper-schema-init", {"cpu": "100m", "memory": "128Mi"}, {"memory": "512Mi"})]
MEDUSA = {"cpu": "100m", "memory": "100Mi"}, {"memory": "8Gi"}


@pytest.mark.parametrize(
    ("name", "expected", "init"),
    [
        # Cassandra 4.1.2: spec.resources on cassandra (the template names it without resources), the operator's logger
        # and config init container, and server-config-init-base (k8ssandra-client builds the configuration)
        (f"{CASS}config__samples__example-cassdc-three-nodes-single-rack.yaml",
         [("CassandraDatacenter", None, 3, [("cassandra", {"cpu": "1", "memory": "2Gi"}, {}), LOGGER], False)], [BASE_INIT, CONFIG_INIT]),
        # systemLoggerResources and configBuilderResources replace the operator's defaults whole (requests only)
        (f"{CASS}config__samples__example-cassandradatacenter-full.yaml", [("CassandraDatacenter", None, 9, [
            ("cassandra", {"cpu": "2", "memory": "8Gi"}, {"cpu": "4", "memory": "16Gi"}),
            ("server-system-logger", {"cpu": "100m", "memory": "128Mi"}, {})], False)],
         [BASE_INIT, ("server-config-init", {"cpu": "200m", "memory": "256Mi"}, {})]),
        # DSE 6.8 without serverImage runs with a read-only root filesystem: server-config-init-base too; no podTemplateSpec
        (f"{CASS}tests__testdata__smoke-test-dse.yaml", [("CassandraDatacenter", None, 1, [("cassandra", {}, {}), LOGGER], False)], [BASE_INIT, CONFIG_INIT]),
        # Cassandra 3.11: no server-config-init-base; the template's extra container stays, the operator's follow it
        (f"{CASS}tests__testdata__default-single-rack-single-node-extra-container-dc.yaml", [
            ("CassandraDatacenter", None, 1, [("another-tailing-logger", {}, {}), ("cassandra", {}, {}), LOGGER], False)], [CONFIG_INIT]),
        # cluster-level Vector: the written server-system-logger (no resources) gets telemetry.vector.resources; a datacenter
        # pod is as written (cluster-level containers merged by name, server-config-init-base and per-node config left out)
        (f"{K8SSANDRA}test__testdata__fixtures__single-dc__k8ssandra.yaml", [("K8ssandraCluster", "cassandra.datacenters[0] dc1", 3, [
            ("cassandra", {}, {}), ("server-system-logger", {"cpu": "100m", "memory": "128Mi"}, {"cpu": "100m", "memory": "128Mi"}),
            ("busybox", {}, {})], True)], [("cassandra.datacenters[0] dc1", [CONFIG_INIT, ("init-busybox", {}, {})])]),
        # a SINGLE Reaper: one pod, whatever the number of datacenters
        (f"{K8SSANDRA}test__testdata__fixtures__stop-dc__k8ssandra.yaml", [
            ("K8ssandraCluster", "cassandra.datacenters[0] dc1", 1, [("cassandra", {}, {}), LOGGER], True),
            ("K8ssandraCluster", "cassandra.datacenters[1] dc2", 1, [("cassandra", {}, {}), LOGGER], True),
            ("K8ssandraCluster", "reaper", 1, REAPER, False)],
         [("cassandra.datacenters[0] dc1", [CONFIG_INIT]), ("cassandra.datacenters[1] dc2", [CONFIG_INIT]), ("reaper", REAPER_INIT)]),
        # Medusa's containers with its defaults
        (f"{K8SSANDRA}test__testdata__samples__k8ssandra-single-kind-medusa.yaml", [("K8ssandraCluster", "cassandra.datacenters[0] dc1", 3, [
            ("cassandra", {}, {}), LOGGER, ("medusa", *MEDUSA)], True)], [("cassandra.datacenters[0] dc1", [CONFIG_INIT, ("medusa-restore", *MEDUSA)])]),
        # a Reaper per datacenter (PER_DC by default); Stargate is not listed
        (f"{K8SSANDRA}docs__content__en__tasks__monitor__prometheus-grafana__k8ssandra.yaml", [
            ("K8ssandraCluster", "cassandra.datacenters[0] dc1", 3, [("cassandra", {}, {}), LOGGER], True),
            ("K8ssandraCluster", "cassandra.datacenters[0] dc1 reaper", 1, REAPER, False)],
         [("cassandra.datacenters[0] dc1", [CONFIG_INIT]), ("cassandra.datacenters[0] dc1 reaper", REAPER_INIT)]),
        (f"{K8SSANDRA}test__testdata__fixtures__reaper__reaper.yaml", [("Reaper", None, 1, REAPER, False)], [(None, REAPER_INIT)]),
    ],
)  # fmt: skip
def test_k8ssandra_builds_its_pods(name: str, expected: list[Any], init: list[Any]) -> None:
    assert pods(name) == expected
    assert with_init(name) == (init if not name.startswith(CASS) else [(None, init)])


def _cassdc(tmp_path: Path, spec: str, annotations: str = "{}") -> list[Any]:
    (tmp_path / "dc.yaml").write_text(
        f"apiVersion: cassandra.datastax.com/v1beta1\nkind: CassandraDatacenter\nmetadata: {{name: dc, annotations: {annotations}}}\nspec:\n{spec}",
        encoding="utf-8",
    )
    name = str(tmp_path / "dc.yaml")
    return [(count, containers, [i[0] for i in init]) for (_, _, count, containers, _), (_, init) in zip(pods(name), with_init(name))]


@pytest.mark.parametrize(
    ("spec", "annotations", "expected"),
    [
        # the template's cassandra keeps its own resources; the logger and config init container get the operator's whatever
        # the template writes; systemLoggerResources: {} names no requests or limits: the defaults (getResourcesOrDefault)
        ("  size: 2\n  serverType: cassandra\n  serverVersion: 4.0.9\n  resources: {requests: {cpu: 2}}\n  systemLoggerResources: {}\n"
         "  podTemplateSpec:\n    spec:\n      containers:\n      - {name: cassandra, resources: {limits: {memory: 1Gi}}}\n"
         "      - {name: server-system-logger, resources: {requests: {cpu: 5}}}\n"
         "      initContainers: [{name: server-config-init, resources: {requests: {cpu: 5}}}]\n", "{}",
         (2, [("cassandra", {}, {"memory": "1Gi"}), LOGGER], ["server-config-init"])),
        # configBuilderResources with an empty requests map is set: the config init container asks nothing; no logger; stopped: no pod
        ("  size: 3\n  stopped: true\n  serverType: hcd\n  serverVersion: 1.0.0\n  disableSystemLoggerSidecar: true\n"
         "  configBuilderResources: {requests: {}}\n", "{}", (0, [("cassandra", {}, {})], ["server-config-init-base", "server-config-init"])),
        # the annotation asks for k8ssandra-client; DSE 6.9 with serverImage has no read-only root filesystem
        ("  size: 1\n  serverType: dse\n  serverVersion: 6.9.0\n  serverImage: x\n", "{cassandra.datastax.com/use-new-config-builder: 'true'}",
         (1, [("cassandra", {}, {}), LOGGER], ["server-config-init-base", "server-config-init"])),
        ("  size: 1\n  serverType: dse\n  serverVersion: 6.9.0\n  serverImage: x\n", "{}", (1, [("cassandra", {}, {}), LOGGER], ["server-config-init"])),
        ("  size: 1\n  serverType: dse\n  serverVersion: 6.7.0\n  readOnlyRootFilesystem: true\n", "{}",
         (1, [("cassandra", {}, {}), LOGGER], ["server-config-init-base", "server-config-init"])),
        ("  size: 1\n  serverType: cassandra\n  serverVersion: 4.1.0-beta1\n", "{}", (1, [("cassandra", {}, {}), LOGGER], ["server-config-init"])),
    ],
)  # fmt: skip
def test_cass_operator_merges_its_containers_into_the_template(spec: str, annotations: str, expected: tuple[Any, ...], tmp_path: Path) -> None:
    assert _cassdc(tmp_path, spec, annotations) == [expected]


def test_a_cassandradatacenter_can_be_guaranteed_before_cassandra_4_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Every container the operator makes has requests equal to limits: Guaranteed, as fact; from Cassandra 4.1 its
    server-config-init-base (no resources) makes the pod Burstable."""
    same = "{requests: {cpu: 100m, memory: 64Mi}, limits: {cpu: 100m, memory: 64Mi}}"
    qos = []
    for version in ("4.0.9", "4.1.0"):
        _cassdc(tmp_path, f"  size: 1\n  serverType: cassandra\n  serverVersion: {version}\n  resources: {same}\n  systemLoggerResources: {same}\n"
                          f"  configBuilderResources: {same}\n")  # fmt: skip
        main(["explain", "-o", "json", str(tmp_path / "dc.yaml")])
        [pod] = json.loads(capsys.readouterr().out)["pods"]
        qos.append((pod["workload"]["asWritten"], pod["qosClass"]))
    assert qos == [(None, "Guaranteed"), (None, "Burstable")]


def _k8ssandra(tmp_path: Path, spec: str) -> list[Any]:
    name = str(tmp_path / "kc.yaml")
    Path(name).write_text(f"apiVersion: k8ssandra.io/v1alpha1\nkind: K8ssandraCluster\nmetadata: {{name: kc}}\nspec:\n{spec}", encoding="utf-8")
    return [(label, count, containers, [i[0] for i in init]) for (_, label, count, containers, _), (_, init) in zip(pods(name), with_init(name))]


def test_a_k8ssandra_cluster_merges_its_options_into_each_datacenter(tmp_path: Path) -> None:
    """resources and Vector's resources: the datacenter's over the cluster's, key by key; Vector enabled at either level
    (the datacenter's false wins); a stopped datacenter has no pod, and no Reaper; reaperRef: no Reaper at all."""
    spec = (
        "  cassandra:\n    serverVersion: 4.0.17\n    resources: {requests: {cpu: 1, memory: 2Gi}, limits: {memory: 2Gi}}\n"
        "    telemetry: {vector: {enabled: true, resources: {requests: {cpu: 50m}}}}\n    datacenters:\n"
        "    - {metadata: {name: dc1}, size: 3, resources: {limits: {cpu: 2, memory: 4Gi}}, perNodeConfigMapRef: {name: p},\n"
        "       telemetry: {vector: {resources: {limits: {cpu: 100m}}}}}\n"
        "    - {metadata: {name: dc2}, size: 2, stopped: true, telemetry: {vector: {enabled: false}},\n"
        "       containers: [{name: cassandra, resources: {requests: {cpu: 3}}}]}\n"
        "  medusa: {containerResources: {requests: {cpu: 1}}}\n"
        "  reaper: {skipSchemaMigration: true, resources: {}}\n"
    )
    medusa = ("medusa", {"cpu": "1"}, {})
    assert _k8ssandra(tmp_path, spec) == [
        ("cassandra.datacenters[0] dc1", 3, [("cassandra", {"cpu": "1", "memory": "2Gi"}, {"cpu": "2", "memory": "4Gi"}),
                                             ("server-system-logger", {"cpu": "50m"}, {"cpu": "100m"}), medusa],
         ["server-config-init", "medusa-restore", "per-node-config"]),
        ("cassandra.datacenters[1] dc2", 0, [("cassandra", {"cpu": "3"}, {}), LOGGER, medusa], ["server-config-init", "medusa-restore"]),
        ("cassandra.datacenters[0] dc1 reaper", 1, [("reaper", {}, {})], []),
        ("cassandra.datacenters[1] dc2 reaper", 0, [("reaper", {}, {})], []),
    ]  # fmt: skip
    assert [p[0] for p in _k8ssandra(tmp_path, spec.replace("skipSchemaMigration: true", "reaperRef: {name: r}"))] == [
        "cassandra.datacenters[0] dc1", "cassandra.datacenters[1] dc2"]


def test_semantic_versions_and_field_tests_compare_as_go_does() -> None:
    from pod_resources_cli.model.decode.kind_types import FieldIn
    from pod_resources_cli.model.decode.semver import semver_compare

    assert [semver_compare(v, "4.1.0") for v in ("4.1.0", "4.1", "4.10.0", "4.0.17", "4.1.0-rc1", "v4.1.0", "", "4.1.0+b")] == [0, 0, 1, -1, -1, -1, -1, 0]
    assert semver_compare("1.0.0-alpha.1", "1.0.0-alpha.beta") == -1 and semver_compare("1.0.0-11", "1.0.0-2") == 1
    assert FieldIn("v", ("6.8", "6.9"), match="prefix").matches("6.8.31") and not FieldIn("v", ("6.8",), match="prefix").matches(None)
    assert FieldIn("f", ("false",), "false").matches(None) and FieldIn("f", ("true",)).matches(True)
    below = FieldIn("v", ("1.14.0",), "1.20.0", match="since", negate=True)
    assert [below.matches(v) for v in ("1.13.0", "1.14.0", None, "9.9.9", "invalid-version")] == [True, False, False, False, True]


def test_an_argo_rollouts_job_metric_runs_its_job_as_written() -> None:
    """metricproviders/job/job.go newMetricJob: the Job's spec is the metric's JobSpec, unchanged; the pod is final
    (BestEffort here, with no resources), not a shape found with 'its operator may add resources'."""
    sleep = [("sleep", {}, {})]
    assert pods("argoproj__argo-rollouts/examples__analysis-templates.yaml") == [
        ("AnalysisTemplate", "metrics[0] pass", 1, sleep, False), ("AnalysisTemplate", "metrics[0] random-fail", 1, sleep, False)]


RAY_JOB = """apiVersion: ray.io/v1
kind: RayJob
metadata: {{name: j}}
spec:
  entrypoint: python x.py
  {mode}
  rayClusterSpec:
    headGroupSpec:
      template:
        spec:
          containers: [{{name: ray-head, image: rayproject/ray, resources: {{requests: {{cpu: "1", memory: 2Gi}}, limits: {{cpu: "1", memory: 2Gi}}}}}}]
    workerGroupSpecs:
    - groupName: cpu
      replicas: 2
      template:
        spec:
          containers: [{{name: ray-worker, image: rayproject/ray}}]
"""


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        # K8sJobMode (the default): a submitter Job of GetSubmitterTemplate's default container
        ("", [("rayClusterSpec.headGroupSpec", "Guaranteed", ["ray-head"]), ("rayClusterSpec.workerGroupSpecs[0] cpu", "Burstable", ["ray-worker"]),
              ("submitterPodTemplate", "Burstable", ["ray-job-submitter"])]),
        # SidecarMode: the submitter runs in the head pod, which is Burstable for it
        ("submissionMode: SidecarMode", [("rayClusterSpec.headGroupSpec", "Burstable", ["ray-head", "ray-job-submitter"]),
                                         ("rayClusterSpec.workerGroupSpecs[0] cpu", "Burstable", ["ray-worker"])]),
        ("submissionMode: HTTPMode", [("rayClusterSpec.headGroupSpec", "Guaranteed", ["ray-head"]),
                                      ("rayClusterSpec.workerGroupSpecs[0] cpu", "Burstable", ["ray-worker"])]),
    ],
)  # fmt: skip
def test_kuberay_adds_wait_gcs_ready_and_the_job_submitter(
    mode: str, expected: list[Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """KubeRay's worker pods get the init container wait-gcs-ready (200m and 256Mi, requests and limits: a worker
    without resources is Burstable, not BestEffort); a RayJob's submitter (500m/200Mi, limits 1/1Gi) is a Job of its
    own or, in SidecarMode, a container of the head pod (ray-project/kuberay feeaf72facab)."""
    (tmp_path / "j.yaml").write_text(RAY_JOB.format(mode=mode))
    assert main(["explain", "-o", "json", str(tmp_path / "j.yaml")]) == 0
    got = json.loads(capsys.readouterr().out)["pods"]
    assert [(p["workload"]["template"], p["qosClass"], [c["name"] for c in p["containers"] if c["type"] != "init"]) for p in got] == expected
    [wait] = [c for c in got[1]["containers"] if c["type"] == "init"]
    assert (wait["name"], wait["requests"], wait["limits"]) == ("wait-gcs-ready", {"cpu": "200m", "memory": "256Mi"}, {"cpu": "200m", "memory": "256Mi"})
    submitter = next(c for p in got for c in p["containers"] if c["name"] == "ray-job-submitter") if mode != "submissionMode: HTTPMode" else None
    if submitter is not None:
        assert (submitter["requests"], submitter["limits"]) == ({"cpu": "500m", "memory": "200Mi"}, {"cpu": "1", "memory": "1Gi"})


MONGO_DEFAULT = ({"cpu": "500m", "memory": "400M"}, {"cpu": "1", "memory": "500M"})


def test_the_mongodb_community_operator_keeps_its_defaults_where_the_template_writes_none() -> None:
    """resourcerequirements.Defaults() on each of its four containers, merged with the template by name (a written
    requests or limits map replaces the operator's whole): the readiness-probe sample's mongodb-agent is not 'without
    resources' (2 false PR138)."""
    name = "mongodb__mongodb-kubernetes-operator/config__samples__mongodb.com_v1_mongodbcommunity_"
    assert pods(f"{name}readiness_probe_values.yaml") == [
        ("MongoDBCommunity", None, 3, [("mongodb-agent", *MONGO_DEFAULT), ("mongod", *MONGO_DEFAULT)], False)]
    small = ({"cpu": "200m", "memory": "200M"}, {"cpu": "200m", "memory": "250M"})
    assert pods(f"{name}specify_pod_resources.yaml") == [("MongoDBCommunity", None, 3, [("mongod", *small), ("mongodb-agent", *small)], False)]


def test_a_mongodb_container_writing_only_limits_keeps_the_operators_requests(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "m.yaml").write_text(
        "apiVersion: mongodbcommunity.mongodb.com/v1\nkind: MongoDBCommunity\nmetadata: {name: m}\nspec:\n  members: 1\n"
        "  statefulSet:\n    spec:\n      template:\n        spec:\n          containers:\n          - name: mongod\n"
        "            resources: {limits: {cpu: '2'}}\n")
    assert main(["explain", "-o", "json", str(tmp_path / "m.yaml")]) == 0
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    got = {c["name"]: (c["type"], c["requests"], c["limits"]) for c in pod["containers"]}
    assert got == {
        "mongod-posthook": ("init", *MONGO_DEFAULT), "mongodb-agent-readinessprobe": ("init", *MONGO_DEFAULT),
        "mongod": ("regular", {"cpu": "500m", "memory": "400M"}, {"cpu": "2"}), "mongodb-agent": ("regular", *MONGO_DEFAULT)}


REDIS = "OT-CONTAINER-KIT__redis-operator/example__v1beta2__"
REDIS_101 = {"cpu": "101m", "memory": "128Mi"}
REDIS_100 = {"cpu": "100m", "memory": "128Mi"}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # clusterSize leaders and clusterSize followers, each redis container named after its StatefulSet
        (f"{REDIS}redis-cluster.yaml", [
            ("RedisCluster", "leader", 3, [("redis-cluster-leader", REDIS_101, REDIS_101)], False),
            ("RedisCluster", "follower", 3, [("redis-cluster-follower", REDIS_101, REDIS_101)], False),
        ]),
        # a Redis is one pod; a sidecar is as written (no resources: the pod is Burstable)
        (f"{REDIS}sidecar_features__sidecar.yaml", [("Redis", None, 1, [("redis-standalone2", REDIS_101, REDIS_101), ("test", {}, {})], False)]),
        # the embedded Sentinel is a second StatefulSet of sentinel.size pods, with sentinel.resources
        (f"{REDIS}replication_sentinel__redis-replication.yaml", [
            ("RedisReplication", "redis", 3, [("redis-replication", REDIS_101, REDIS_101)], False),
            ("RedisReplication", "sentinel", 3, [("sentinel", REDIS_100, REDIS_100)], False),
        ]),
        (f"{REDIS}redis-sentinel.yaml", [("RedisSentinel", None, 3, [("redis-sentinel-sentinel", REDIS_101, REDIS_101)], False)]),
        # redisExporter.enabled: redis-exporter beside redis, neither with resources (no default anywhere)
        (f"{REDIS}redis_monitoring__standalone.yaml", [("Redis", None, 1, [("redis-standalone", {}, {}), ("redis-exporter", {}, {})], False)]),
    ],
)
def test_the_redis_operator_builds_its_statefulsets_pods(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_a_redis_clusters_enabled_init_container_runs_in_leaders_and_followers(capsys: pytest.CaptureFixture[str]) -> None:
    """initContainer.enabled: init<statefulset> with initContainer.resources, in both StatefulSets' pods (Guaranteed)."""
    assert main(["explain", "-o", "json", str(REAL / f"{REDIS}backup_restore__restore__redis-cluster.yaml")]) == 0
    got = [(p["workload"]["template"], p["qosClass"], [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]])
           for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip
    assert got == [
        ("leader", "Guaranteed", [("initredis-cluster-leader", "init", REDIS_100, REDIS_100), ("redis-cluster-leader", "regular", REDIS_101, REDIS_101)]),
        ("follower", "Guaranteed", [("initredis-cluster-follower", "init", REDIS_100, REDIS_100), ("redis-cluster-follower", "regular", REDIS_101, REDIS_101)]),
    ]


def test_a_redis_cluster_role_takes_its_own_replicas_and_resources_else_the_clusters(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """GetReplicaCounts and GetRedisLeaderResources: redisLeader.replicas and .resources where written (an empty
    resources too), else clusterSize and kubernetesConfig.resources; redis-exporter after redis, then the sidecars;
    both StatefulSets take spec.priorityClassName."""
    (tmp_path / "c.yaml").write_text(
        "apiVersion: redis.redis.opstreelabs.in/v1beta2\nkind: RedisCluster\nmetadata: {name: c}\nspec:\n  clusterSize: 3\n"
        "  priorityClassName: system-cluster-critical\n"
        "  kubernetesConfig: {image: r, resources: {requests: {cpu: '1', memory: 1Gi}, limits: {memory: 1Gi}}}\n"
        "  redisLeader: {replicas: 5, resources: {requests: {cpu: '2', memory: 2Gi}}}\n  redisFollower: {replicas: 0}\n"
        "  redisExporter: {enabled: true, image: e, resources: {requests: {cpu: 10m}}}\n"
        "  initContainer: {enabled: false, image: i, resources: {requests: {cpu: '9'}}}\n"
        "  sidecars: [{name: s, image: s, resources: {limits: {cpu: 50m}}}]\n"
        "---\napiVersion: redis.redis.opstreelabs.in/v1beta2\nkind: RedisCluster\nmetadata: {name: d}\nspec:\n  clusterSize: 1\n"
        "  kubernetesConfig: {image: r, resources: {requests: {cpu: '1'}}}\n  redisLeader: {resources: {}}\n",
        encoding="utf-8",
    )
    exporter, sidecar = ("redis-exporter", {"cpu": "10m"}, {}), ("s", {}, {"cpu": "50m"})
    assert pods(str(tmp_path / "c.yaml")) == [
        ("RedisCluster", "leader", 5, [("c-leader", {"cpu": "2", "memory": "2Gi"}, {}), exporter, sidecar], False),
        ("RedisCluster", "follower", 0, [("c-follower", {"cpu": "1", "memory": "1Gi"}, {"memory": "1Gi"}), exporter, sidecar], False),
        ("RedisCluster", "leader", 1, [("d-leader", {}, {})], False),
        ("RedisCluster", "follower", 1, [("d-follower", {"cpu": "1"}, {})], False),
    ]
    assert main(["explain", "-o", "json", str(tmp_path / "c.yaml")]) == 0
    got = json.loads(capsys.readouterr().out)["pods"]
    assert [p["priority"]["className"] for p in got] == ["system-cluster-critical", "system-cluster-critical", None, None]
    assert "neither spec.redisLeader.resources" not in json.dumps(got[2]["workload"]["operator"])  # written, though empty


def test_a_redis_replication_without_sentinel_size_has_one_statefulset(tmp_path: Path) -> None:
    """clusterSize is required (no default: no count where it is unset); the sentinel StatefulSet exists only with spec.sentinel."""
    (tmp_path / "r.yaml").write_text(
        "apiVersion: redis.redis.opstreelabs.in/v1beta1\nkind: RedisReplication\nmetadata: {name: r}\nspec:\n"
        "  kubernetesConfig: {image: r}\n",
        encoding="utf-8",
    )
    assert pods(str(tmp_path / "r.yaml")) == [("RedisReplication", "redis", None, [("r", {}, {})], False)]


def test_a_redis_cluster_without_resources_is_best_effort_and_says_where_none_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "c.yaml").write_text(
        "apiVersion: redis.redis.opstreelabs.in/v1beta2\nkind: RedisCluster\nmetadata: {name: c}\nspec:\n  clusterSize: 3\n  kubernetesConfig: {image: r}\n",
        encoding="utf-8",
    )
    assert main(["explain", "-o", "json", str(tmp_path / "c.yaml")]) == 0
    leader, follower = json.loads(capsys.readouterr().out)["pods"]
    assert (leader["qosClass"], follower["qosClass"]) == ("BestEffort", "BestEffort")
    assert any("neither spec.redisLeader.resources nor spec.kubernetesConfig.resources is set" in n for n in leader["workload"]["operator"])


SOLR = "apache__solr-operator/example__"
CP_SOLR_XML = ("init", {"cpu": "50m", "memory": "50M"}, {"cpu": "50m", "memory": "50M"})
SETUP_ZK = ("init", {"cpu": "400m", "memory": "200M"}, {"cpu": "400m", "memory": "200M"})


def solr_pods(capsys: pytest.CaptureFixture[str], path: str) -> list[dict[str, Any]]:
    assert main(["explain", "-o", "json", path]) == 0
    pods: list[dict[str, Any]] = json.loads(capsys.readouterr().out)["pods"]
    return pods


def solr_containers(pod: dict[str, Any]) -> list[tuple[str, str, dict[str, str], dict[str, str]]]:
    return [(c["name"], c["type"], c["requests"], c["limits"]) for c in pod["containers"]]


def test_the_solr_operator_builds_its_pods_with_cp_solr_xml_and_setup_zk(capsys: pytest.CaptureFixture[str]) -> None:
    """apache/solr-operator ed5c5c7d28a4 controllers/util/solr_util.go: solrcloud-node takes podOptions.resources,
    cp-solr-xml is always there (50m/50M), setup-zk (400m/200M) only with a chroot other than "/" (test_solrcloud's
    provided ZooKeeper has one, the toleration example's none); the exporter's one pod sets nothing: BestEffort."""
    small = ({"cpu": "65m", "memory": "156Mi"}, {"memory": "1G"})
    assert pods(f"{SOLR}test_solrcloud.yaml") == [("SolrCloud", None, 3, [("solrcloud-node", *small)], False)]
    [cloud] = solr_pods(capsys, str(REAL / f"{SOLR}test_solrcloud.yaml"))
    assert solr_containers(cloud) == [("cp-solr-xml", *CP_SOLR_XML), ("setup-zk", *SETUP_ZK), ("solrcloud-node", "regular", *small)]
    assert (cloud["qosClass"], cloud["requests"]) == ("Burstable", {"cpu": "400m", "memory": "200M"})  # setup-zk's, kept after it ends
    [tolerating] = solr_pods(capsys, str(REAL / f"{SOLR}test_solrcloud_toleration_example.yaml"))
    assert solr_containers(tolerating) == [("cp-solr-xml", *CP_SOLR_XML), ("solrcloud-node", "regular", *small)]
    assert tolerating["workload"]["replicas"] == 1 and tolerating["requests"] == {"cpu": "65m", "memory": "156Mi"}
    [volume] = solr_pods(capsys, str(REAL / f"{SOLR}test_solrcloud_additional_volume.yaml"))  # beside a ConfigMap
    assert solr_containers(volume) == [("cp-solr-xml", *CP_SOLR_XML), ("solrcloud-node", "regular", {}, {}), ("config-loader", "regular", {}, {})]
    assert (volume["workload"]["replicas"], volume["qosClass"], volume["workload"]["asWritten"]) == (1, "Burstable", None)
    [exporter] = solr_pods(capsys, str(REAL / f"{SOLR}test_solrprometheusexporter.yaml"))
    assert solr_containers(exporter) == [("solr-prometheus-exporter", "regular", {}, {})]
    assert (exporter["workload"]["replicas"], exporter["qosClass"], exporter["workload"]["asWritten"]) == (1, "BestEffort", None)


SOLR_CLOUD = "apiVersion: solr.apache.org/v1beta1\nkind: SolrCloud\nmetadata: {{name: s}}\nspec:\n{spec}"


@pytest.mark.parametrize(
    ("spec", "setup_zk", "as_written"),
    [
        ("  replicas: 1\n", False, False),
        # connectionInfo wins: the provided ZooKeeper (and its chroot) is dropped (ZookeeperRef.withDefaults)
        ("  zookeeperRef:\n    connectionInfo: {internalConnectionString: 'zk:2181', chroot: /}\n    provided: {chroot: /solr}\n", False, False),
        ("  zookeeperRef:\n    connectionInfo: {internalConnectionString: 'zk:2181', chroot: solr}\n", True, False),
        ("  zookeeperRef:\n    provided: {chroot: /}\n", False, False),
        # a security.json the operator bootstraps, or the user's beside a basicAuthSecret; a basicAuthSecret alone: none
        ("  solrSecurity: {authenticationType: Basic}\n", True, False),
        ("  solrSecurity: {authenticationType: Basic, basicAuthSecret: creds}\n", False, False),
        ("  solrSecurity: {authenticationType: Basic, basicAuthSecret: creds, bootstrapSecurityJson: {name: j, key: security.json}}\n", True, False),
        # TLS: setup-zk sets the urlScheme, and the operator may add init containers without resources: as written
        ("  solrTLS: {pkcs12Secret: {name: tls, key: keystore.p12}}\n", True, True),
    ],
)
def test_the_solr_operator_adds_setup_zk_where_it_has_a_command(
    spec: str, setup_zk: bool, as_written: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "s.yaml").write_text(SOLR_CLOUD.format(spec=spec))
    [pod] = solr_pods(capsys, str(tmp_path / "s.yaml"))
    names = [c["name"] for c in pod["containers"]]
    assert names == ["cp-solr-xml", *(["setup-zk"] if setup_zk else []), "solrcloud-node"]
    assert (pod["workload"]["asWritten"] is not None) == as_written


def test_solr_default_init_container_resources_replace_the_operators(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """podOptions.defaultInitContainerResources, where it writes requests or limits, replaces both operator init
    containers' resources whole; the user's initContainers and sidecars keep theirs and follow; an empty
    podOptions.resources leaves solrcloud-node without any (Go tests the maps for nil); no spec: 3 pods."""
    (tmp_path / "s.yaml").write_text(SOLR_CLOUD.format(spec=(
        "  replicas: 2\n  zookeeperRef: {provided: {chroot: solr}}\n  customSolrKubeOptions:\n    podOptions:\n      resources: {}\n"
        "      defaultInitContainerResources: {requests: {cpu: 10m}}\n"
        "      initContainers: [{name: u, image: x, resources: {requests: {cpu: '1'}, limits: {cpu: '1'}}}]\n"
        "      sidecarContainers: [{name: s, image: x}]\n")) + "---\n" + SOLR_CLOUD.format(spec="").replace("name: s}", "name: t}"))
    cloud, bare = solr_pods(capsys, str(tmp_path / "s.yaml"))
    assert solr_containers(cloud) == [
        ("cp-solr-xml", "init", {"cpu": "10m"}, {}), ("setup-zk", "init", {"cpu": "10m"}, {}), ("u", "init", {"cpu": "1"}, {"cpu": "1"}),
        ("solrcloud-node", "regular", {}, {}), ("s", "regular", {}, {})]
    assert cloud["workload"]["replicas"] == 2 and bare["workload"]["replicas"] == 3
    assert [c["name"] for c in bare["containers"]] == ["cp-solr-xml", "solrcloud-node"]


def test_field_tests_for_written_fields_and_negation() -> None:
    from pod_resources_cli.model.decode.kind_types import FieldIn

    written = FieldIn("spec.solrTLS", (), match="written")
    assert written.holds({"spec": {"solrTLS": {}}}) and not written.holds({"spec": {}}) and not written.matches("")
    assert FieldIn("c", ("", "/"), negate=True).matches("/solr") and not FieldIn("c", ("", "/"), negate=True).matches(None)
    assert FieldIn("s", (), match="written", negate=True).matches(None)
    # a list in the path: any item passes (the Crunchy operator's RepoHostVolumeDefined); no item is an unset field
    volume = FieldIn("spec.repos[*].volume", (), match="written")
    assert volume.holds({"spec": {"repos": [{"s3": {}}, {"volume": {}}]}}) and not volume.holds({"spec": {"repos": [{"s3": {}}]}})
    assert not volume.holds({"spec": {"repos": []}}) and FieldIn("spec.repos[*].volume", (), match="written", negate=True).holds({"spec": {}})


PXC = "percona__percona-xtradb-cluster-operator/"
PXC_INIT = {"cpu": "50m", "memory": "50M"}  # CheckNSetDefaults' initContainer limits (crVersion 1.14.0 and later)
PXC_LOGS = {"cpu": "200m", "memory": "100M"}
PMM = ({"cpu": "308m", "memory": "508M"}, {"cpu": "1", "memory": "1G"})
PXC_SMALL = ({"cpu": "100m", "memory": "100M"}, {"cpu": "1", "memory": "2G"})
PROXYSQL = ({"cpu": "100m", "memory": "100M"}, {"cpu": "700m", "memory": "1G"})


@pytest.mark.parametrize(
    ("name", "expected", "init"),
    [
        # deploy/cr.yaml: logcollector enabled (logs, logrotate), HAProxy, no PMM; every init container with the operator's limits
        ("deploy__cr.yaml", [
            ("PerconaXtraDBCluster", "pxc", 3, [("logs", PXC_LOGS, {}), ("logrotate", PXC_LOGS, {}), ("pxc", {"cpu": "600m", "memory": "1G"}, {})], False),
            ("PerconaXtraDBCluster", "haproxy", 3, [("haproxy", {"cpu": "600m", "memory": "1G"}, {}), ("pxc-monit", {}, {})], False),
        ], [("pxc", [("pxc-init", {}, PXC_INIT)]), ("haproxy", [("pxc-init", {}, PXC_INIT), ("haproxy-init", {}, PXC_INIT)])]),
        # pmm.enabled: pmm-client with pmm.resources in the pxc and the haproxy pods
        ("e2e-tests__monitoring-pmm3__conf__monitoring.yml", [
            ("PerconaXtraDBCluster", "pxc", 3, [("pmm-client", *PMM), ("pxc", {"cpu": "300m", "memory": "500M"}, {})], False),
            ("PerconaXtraDBCluster", "haproxy", 2, [("pmm-client", *PMM), ("haproxy", {"cpu": "300m", "memory": "500M"}, {}), ("pxc-monit", {}, {})], False),
        ], [("pxc", [("pxc-init", {}, PXC_INIT)]), ("haproxy", [("pxc-init", {}, PXC_INIT), ("haproxy-init", {}, PXC_INIT)])]),
        # proxysql.scheduler.enabled: no proxysql-monit (SidecarContainers)
        ("e2e-tests__proxysql-scheduler__conf__some-name.yml", [
            ("PerconaXtraDBCluster", "pxc", 3, [("pxc", *PXC_SMALL)], False),
            ("PerconaXtraDBCluster", "proxysql", 2, [("proxysql", *PROXYSQL), ("pxc-monit", {}, {})], False),
        ], [("pxc", [("pxc-init", {}, PXC_INIT)]), ("proxysql", [("pxc-init", {}, PXC_INIT), ("proxysql-init", {}, PXC_INIT)])]),
        # sidecarResources on both monitors
        ("e2e-tests__proxysql-sidecar-res-limits__conf__side-car.yml", [
            ("PerconaXtraDBCluster", "pxc", 3, [("pxc", *PXC_SMALL)], False),
            ("PerconaXtraDBCluster", "proxysql", 2, [
                ("proxysql", {"cpu": "100m", "memory": "100M"}, {}),
                ("pxc-monit", {"cpu": "500m", "memory": "1G"}, {"cpu": "600m", "memory": "2G"}),
                ("proxysql-monit", {"cpu": "500m", "memory": "1G"}, {"cpu": "600m", "memory": "2G"})], False),
        ], [("pxc", [("pxc-init", {}, PXC_INIT)]), ("proxysql", [("pxc-init", {}, PXC_INIT), ("proxysql-init", {}, PXC_INIT)])]),
        # initContainer.resources written: every init container takes them; haproxy's sidecar as written
        ("e2e-tests__haproxy__conf__haproxy.yml", [
            ("PerconaXtraDBCluster", "pxc", 3, [("pxc", *PXC_SMALL)], False),
            ("PerconaXtraDBCluster", "haproxy", 3, [("my-sidecar-1", {}, {}), ("haproxy", {}, {}), ("pxc-monit", {}, {})], False),
        ], [("pxc", [("pxc-init", {"cpu": "300m", "memory": "200M"}, {"cpu": "1", "memory": "500M"})]),
            ("haproxy", [("pxc-init", {"cpu": "300m", "memory": "200M"}, {"cpu": "1", "memory": "500M"}),
                         ("haproxy-init", {"cpu": "300m", "memory": "200M"}, {"cpu": "1", "memory": "500M"})])]),
        # backup.pitr.enabled: the binlog collector, one pod
        ("e2e-tests__pitr__conf__pitr.yml", [
            ("PerconaXtraDBCluster", "pxc", 3, [("pxc", *PXC_SMALL)], False),
            ("PerconaXtraDBCluster", "proxysql", 2, [("proxysql", *PROXYSQL), ("pxc-monit", {}, {}), ("proxysql-monit", {}, {})], False),
            ("PerconaXtraDBCluster", "pitr", 1, [("pitr", {}, {})], False),
        ], [("pxc", [("pxc-init", {}, PXC_INIT)]), ("proxysql", [("pxc-init", {}, PXC_INIT), ("proxysql-init", {}, PXC_INIT)]),
            ("pitr", [("pitr-init", {}, PXC_INIT)])]),
        # a restore Job: xtrabackup from spec.resources; its init container is the cluster's: as written
        ("e2e-tests__demand-backup__conf__restore-on-demand-backup-pvc.yaml", [
            ("PerconaXtraDBClusterRestore", None, 1, [("xtrabackup", {"cpu": "500m", "memory": "500M"}, {"cpu": "2", "memory": "3G"})], True),
        ], [(None, [])]),
    ],
)  # fmt: skip
def test_the_pxc_operator_builds_its_pods(name: str, expected: list[Any], init: list[Any]) -> None:
    """percona/percona-xtradb-cluster-operator b3b0b10a7c2a: each value here is what the e2e compare files show for
    the StatefulSets the operator made from these objects (pkg/pxc/statefulset.go, app/statefulset/*.go)."""
    assert pods(PXC + name) == expected
    assert with_init(PXC + name) == init


PXC_CR = """apiVersion: pxc.percona.com/v1
kind: PerconaXtraDBCluster
metadata: {{name: c}}
spec:
  {extra}
  pxc:
    size: 3
    image: percona/percona-xtradb-cluster
    resources: {{requests: {{cpu: "1", memory: 2Gi}}, limits: {{cpu: "1", memory: 2Gi}}}}
  haproxy: {{enabled: true, size: 2, image: percona/haproxy}}
  pmm: {{enabled: true, image: percona/pmm-client{pmm}}}
  logcollector: {{enabled: true, image: percona/fluentbit{logs}}}
"""


def _pxc(tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: str = "", pmm: str = "", logs: str = "") -> list[Any]:
    (tmp_path / "c.yaml").write_text(PXC_CR.format(extra=extra, pmm=pmm, logs=logs))
    assert main(["explain", "-o", "json", str(tmp_path / "c.yaml")]) == 0
    got = json.loads(capsys.readouterr().out)["pods"]
    return [(p["workload"]["template"], p["workload"].get("replicas"), p["qosClass"],
             {c["name"]: (c["requests"], c["limits"]) for c in p["containers"]}) for p in got]  # fmt: skip


def test_a_pxc_cluster_runs_by_its_cr_version(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Unset, crVersion is the operator's (1.20.0): pxc-init has CheckNSetDefaults' 50m/50M limits; before 1.14.0 it
    takes spec.pxc.resources, before 1.10.0 an empty pmm or logcollector resources are spec.pxc.resources, before
    1.13.0 HAProxy's pods have no init container (and no haproxy-init before 1.15.0), before 1.7.0 no log collector."""
    big = ({"cpu": "1", "memory": "2Gi"}, {"cpu": "1", "memory": "2Gi"})
    init = (PXC_INIT, PXC_INIT)
    [pxc, haproxy] = _pxc(tmp_path, capsys)
    assert pxc[:3] == ("pxc", 3, "Burstable") and pxc[3] == {
        "pxc-init": init, "pmm-client": ({}, {}), "logs": ({}, {}), "logrotate": ({}, {}), "pxc": big}
    assert haproxy[3] == {"pxc-init": init, "haproxy-init": init, "pmm-client": ({}, {}), "haproxy": ({}, {}), "pxc-monit": ({}, {})}
    [pxc, haproxy] = _pxc(tmp_path, capsys, "crVersion: 1.13.0")
    assert pxc[3]["pxc-init"] == big and pxc[3]["pmm-client"] == ({}, {}) and haproxy[3]["pxc-init"] == big and "haproxy-init" not in haproxy[3]
    [pxc, haproxy] = _pxc(tmp_path, capsys, "crVersion: 1.9.0", pmm=", resources: {}", logs=", resources: {limits: {memory: 1Gi}}")
    assert pxc[:3] == ("pxc", 3, "Burstable")
    assert pxc[3] == {"pxc-init": big, "pmm-client": big, "logs": ({"memory": "1Gi"}, {"memory": "1Gi"}), "logrotate": ({"memory": "1Gi"}, {"memory": "1Gi"}),
                      "pxc": big}  # fmt: skip
    assert haproxy[3] == {"pmm-client": big, "haproxy": ({}, {}), "pxc-monit": ({}, {})}
    [pxc, _] = _pxc(tmp_path, capsys, "crVersion: 1.6.0")
    assert "logs" not in pxc[3] and pxc[3]["pmm-client"] == big
    # a written initContainer.resources, even empty, replaces the operator's (a pointer); pause runs no pod
    [pxc, _] = _pxc(tmp_path, capsys, "initContainer: {resources: {}}")
    assert pxc[3]["pxc-init"] == ({}, {})
    [pxc, _] = _pxc(tmp_path, capsys, "crVersion: 1.12.0\n  initContainer: {resources: {}}")
    assert pxc[3]["pxc-init"] == ({}, {})
    assert [(p[0], p[1]) for p in _pxc(tmp_path, capsys, "pause: true")] == [("pxc", 0), ("haproxy", 0)]


def test_a_pxc_cluster_with_pmm_and_logs_resources_is_guaranteed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pmm = ", resources: {limits: {cpu: 100m, memory: 100M}}"
    [pxc, haproxy] = _pxc(tmp_path, capsys, "initContainer: {resources: {limits: {cpu: 10m, memory: 10M}}}", pmm=pmm, logs=pmm)
    assert pxc[2] == "Guaranteed" and haproxy[2] == "Burstable"  # haproxy and pxc-monit set none


FLUX = "flux-framework__flux-operator/examples__"
FLUX_40 = {"cpu": "40", "memory": "200M"}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # the lone container is the runFlux one, named after the MiniCluster; size 4 Job pods
        (f"{FLUX}experimental__multiple-pods-per-node__minicluster-4.yaml", [("MiniCluster", "job", 4, [("flux-sample", FLUX_40, FLUX_40)], False)]),
        (f"{FLUX}elasticity__horizontal-autoscaler__v2-cpu__minicluster.yaml", [("MiniCluster", "job", 2, [("flux-sample", {"cpu": "1"}, {"cpu": "1"})], False)]),
        # runFlux: true names that container after the MiniCluster; the registry keeps its name
        (f"{FLUX}services__sidecar__minicluster-registry.yaml", [("MiniCluster", "job", 2, [("flux-sample", {}, {}), ("registry", {}, {})], False)]),
        # spec.services: one more pod, <name>-services
        (f"{FLUX}services__single__minicluster-registry.yaml", [
            ("MiniCluster", "job", 2, [("flux-sample", {}, {})], False), ("MiniCluster", "services", 1, [("registry", {}, {})], False)]),
    ],
)  # fmt: skip
def test_the_flux_operator_builds_a_miniclusters_job_and_services_pods(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_a_miniclusters_flux_view_init_container_decides_its_qos(capsys: pytest.CaptureFixture[str]) -> None:
    """NewMiniClusterJob always adds flux-view with flux.container.resources: with them equal to the container's the
    pod is Guaranteed (as the example's comment says), without them Burstable (cpu 1/1 gets no exclusive CPUs)."""
    assert main(["explain", "-o", "json", str(REAL / f"{FLUX}experimental__multiple-pods-per-node__minicluster-4.yaml"),
                 str(REAL / f"{FLUX}elasticity__horizontal-autoscaler__v2-cpu__minicluster.yaml")]) == 0  # fmt: skip
    got = [(p["qosClass"], [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]]) for p in json.loads(capsys.readouterr().out)["pods"]]
    assert got == [
        ("Guaranteed", [("flux-view", "init", FLUX_40, FLUX_40), ("flux-sample", "regular", FLUX_40, FLUX_40)]),
        ("Burstable", [("flux-view", "init", {}, {}), ("flux-sample", "regular", {"cpu": "1"}, {"cpu": "1"})]),
    ]
    report = lint(capsys, str(REAL / f"{FLUX}elasticity__horizontal-autoscaler__v2-cpu__minicluster.yaml"))
    assert sorted(f["rule"] for f in report["findings"]) == ["PR131", "PR132", "PR401"]


def test_a_miniclusters_services_pod_beside_its_job_pod_is_one_best_effort_finding(capsys: pytest.CaptureFixture[str]) -> None:
    """Both pods are written at `spec`: their BestEffort finding is said once, and covers the services pod's
    container too (no PR138 beside it)."""
    report = lint(capsys, str(REAL / f"{FLUX}services__single__minicluster-registry.yaml"))
    assert [(f["rule"], f["line"]) for f in report["findings"]] == [("PR201", 5)]


def test_a_minicluster_v1alpha1_has_no_flux_view_and_pod_resources_leave_it_as_written(tmp_path: Path) -> None:
    """v1alpha1 (before 27799d10afed) ran flux in the application container; spec.pod.resources is the Job pod's
    overhead, not added here."""
    (tmp_path / "m.yaml").write_text(
        "apiVersion: flux-framework.org/v1alpha1\nkind: MiniCluster\nmetadata: {name: m}\nspec:\n  size: 2\n"
        "  containers:\n  - {image: i, resources: {requests: {cpu: '1'}, limits: {cpu: '1'}}}\n---\n"
        "apiVersion: flux-framework.org/v1alpha2\nkind: MiniCluster\nmetadata: {name: mc}\nspec:\n  pod: {resources: {cpu: 250m}}\n"
        "  containers:\n  - {image: i, name: a, runFlux: true}\n  - {image: i, name: b}\n")
    got = [(i.workload.ref.name, i.workload.ref.replicas, [(c.name, c.type.value) for c in i.workload.pod.all_containers()], i.workload.ref.as_written is not None)
           for i in iter_items([str(tmp_path / "m.yaml")]) if isinstance(i, WorkloadItem)]  # fmt: skip
    assert got == [("m", 2, [("m", "regular")], False), ("mc", 1, [("flux-view", "init"), ("mc", "regular"), ("b", "regular")], True)]


SLURM = """\
apiVersion: slinky.slurm.net/v1beta1
kind: NodeSet
metadata: {name: slurm-worker-a}
spec:
  controllerRef: {name: slurm}
  replicas: 3
  slurmd: {image: s, resources: {requests: {cpu: "4", memory: 8Gi}, limits: {cpu: "4", memory: 8Gi}}}
  logfile: {image: b}
---
apiVersion: slinky.slurm.net/v1beta1
kind: NodeSet
metadata: {name: slurm-worker-b}
spec:
  scalingMode: DaemonSet
  slurmd: {image: s}
  template: {spec: {containers: [{name: extra, image: e}]}}
---
apiVersion: slinky.slurm.net/v1beta1
kind: Controller
metadata: {name: slurm}
spec:
  inplaceReconfigure: true
  ha: {enabled: true}
  slurmctld: {image: i, resources: {requests: {cpu: "1", memory: 1Gi}, limits: {memory: 1Gi}}}
  logfile: {image: i, resources: {requests: {cpu: 10m, memory: 16Mi}}}
---
apiVersion: slinky.slurm.net/v1beta1
kind: LoginSet
metadata: {name: login}
spec: {login: {image: i}, initconf: {image: i}}
---
apiVersion: slinky.slurm.net/v1beta1
kind: RestApi
metadata: {name: rest}
spec:
  replicas: 2
  slurmrestd: {image: i, resources: {requests: {cpu: 100m, memory: 128Mi}, limits: {cpu: 100m, memory: 128Mi}}}
---
apiVersion: slinky.slurm.net/v1beta1
kind: Accounting
metadata: {name: acct}
spec: {external: true, slurmdbd: {image: i}}
"""


def test_slurm_operator_kinds_merge_their_containers_resources_over_the_operators_pod(tmp_path: Path) -> None:
    """Each operator container takes its ContainerWrapper's resources (BuildContainer); the template's containers are
    appended; logfile and reconfigure are sidecars; a Controller with ha.enabled is 1 + ha.backups (default 1) pods,
    an external Accounting none; a DaemonSet-mode NodeSet has no count."""
    (tmp_path / "s.yaml").write_text(SLURM)
    got = [(ref.kind, ref.template, ref.replicas, [(c.name, c.type.value, {k: v.canonical() for k, v in c.resources.req.items()})
                                                  for c in i.workload.pod.all_containers()], ref.as_written is not None)
           for i in iter_items([str(tmp_path / "s.yaml")]) if isinstance(i, WorkloadItem) for ref in (i.workload.ref,)]  # fmt: skip
    ctld = [("reconfigure", "sidecar", {}), ("logfile", "sidecar", {"cpu": "10m", "memory": "16Mi"}), ("slurmctld", "regular", {"cpu": "1", "memory": "1Gi"})]
    assert got == [
        ("NodeSet", "slurmd", 3, [("logfile", "sidecar", {}), ("slurmd", "regular", {"cpu": "4", "memory": "8Gi"})], False),
        ("NodeSet", "slurmd", None, [("logfile", "sidecar", {}), ("slurmd", "regular", {}), ("extra", "regular", {})], False),
        ("Controller", "slurmctld", 1, ctld, False),
        ("Controller", "backup", 1, ctld, False),
        ("LoginSet", "template", 1, [("initconf", "init", {}), ("login", "regular", {})], False),
        ("RestApi", "template", 2, [("slurmrestd", "regular", {"cpu": "100m", "memory": "128Mi"})], False),
    ]


def test_a_slurm_nodesets_logfile_sidecar_without_resources_keeps_slurmd_from_exclusive_cpus(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "s.yaml").write_text(SLURM.split("---\n")[0])
    report = lint(capsys, str(tmp_path / "s.yaml"))
    assert [(f["rule"], f["container"]) for f in report["findings"]] == [("PR138", "logfile"), ("PR401", "slurmd")]


OPENSEARCH = "opensearch-project__opensearch-k8s-operator/opensearch-operator__examples__"
OS_500M_1GI = {"cpu": "500m", "memory": "1Gi"}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # each nodePool is `replicas` pods, opensearch with the pool's resources; dashboards where enabled, `replicas` pods
        (f"{OPENSEARCH}2.x__opensearch-cluster.yaml", [
            ("OpenSearchCluster", "nodePools[0] masters", 3, [("opensearch", {"cpu": "1", "memory": "4Gi"}, {"cpu": "1", "memory": "4Gi"})], False),
            ("OpenSearchCluster", "dashboards", 1, [("dashboards", {"cpu": "200m", "memory": "512Mi"}, {"cpu": "200m", "memory": "512Mi"})], False),
        ]),
        (f"{OPENSEARCH}1.3.x__opensearch-cluster-initcontainer-resources.yaml", [
            *(("OpenSearchCluster", f"nodePools[{i}] {pool}", 1, [("opensearch", OS_500M_1GI, OS_500M_1GI)], False)
              for i, pool in enumerate(("masters", "nodes", "coordinators"))),
            ("OpenSearchCluster", "dashboards", 1, [("dashboards", OS_500M_1GI, OS_500M_1GI)], False),
        ]),
    ],
)  # fmt: skip
def test_an_opensearch_cluster_is_its_node_pools_and_dashboards(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_opensearch_init_containers_take_the_init_helpers_resources(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """init, and init-sysctl where setVMMaxMapCount is true, take spec.initHelper.resources whole (none: the pod is
    Burstable, never Guaranteed); a pool without replicas makes no pod, disabled dashboards none."""
    main(["explain", "-o", "json", str(REAL / f"{OPENSEARCH}2.x__opensearch-cluster-custom-admin-user.yaml"),
          str(REAL / f"{OPENSEARCH}2.x__opensearch-cluster.yaml")])
    admin, _, plain, _ = json.loads(capsys.readouterr().out)["pods"]
    helper = ({"cpu": "500m", "memory": "512Mi"}, {"cpu": "1", "memory": "1Gi"})
    assert [(c["name"], c["type"], c["requests"], c["limits"]) for c in admin["containers"]] == [
        ("init", "init", *helper), ("init-sysctl", "init", *helper), ("opensearch", "regular", OS_500M_1GI, {"cpu": "500m", "memory": "2Gi"})]
    assert [(c["name"], c["type"]) for c in plain["containers"]] == [("init", "init"), ("opensearch", "regular")]
    assert plain["qosClass"] == "Burstable"
    (tmp_path / "o.yaml").write_text(
        "apiVersion: opensearch.org/v1\nkind: OpenSearchCluster\nmetadata: {name: o}\nspec:\n"
        "  general: {keystore: [{secret: {name: s}}]}\n  dashboards: {enable: false}\n"
        "  nodePools:\n  - {component: a, roles: [data]}\n  - {component: b, replicas: 2, roles: [data], initContainers: [{name: x, image: i}]}\n",
        encoding="utf-8",
    )
    main(["explain", "-o", "json", str(tmp_path / "o.yaml")])
    pools = json.loads(capsys.readouterr().out)["pods"]
    assert [(p["workload"]["replicas"], [c["name"] for c in p["containers"]]) for p in pools] == [(0, ["init", "keystore", "opensearch"]), (2, ["x", "init", "keystore", "opensearch"])]


CFK = "confluentinc__confluent-kubernetes-examples/"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # spec.replicas pods, the component's container with spec.podTemplate.resources; the operator's config-init-container
        # has resources of its own, not published: as written (SchemaRegistry, KsqlDB... not modelled: nothing names their containers)
        (f"{CFK}hybrid__replicator__components-destination.yaml", [
            ("Zookeeper", None, 3, [("zookeeper", {"cpu": "100m", "memory": "512Mi"}, {})], True),
            ("Kafka", None, 3, [("kafka", {"cpu": "100m", "memory": "512Mi"}, {})], True),
            ("Connect", None, 2, [("connect", {"cpu": "1", "memory": "2Gi"}, {})], True),
        ]),
        (f"{CFK}quickstart-deploy__kraft-quickstart__confluent-platform.yaml", [
            ("KRaftController", None, 3, [("kraftcontroller", {}, {})], True),
            ("Kafka", None, 3, [("kafka", {}, {})], True),
            ("Connect", None, 1, [("connect", {}, {})], True),
        ]),
    ],
)  # fmt: skip
def test_confluent_for_kubernetes_components_are_as_written(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_a_confluent_component_without_resources_is_not_called_best_effort(capsys: pytest.CaptureFixture[str]) -> None:
    """The operator's config-init-container has resources (its pod-overlay example zeroes them for BestEffort): no PR201."""
    findings = lint(capsys, str(REAL / f"{CFK}quickstart-deploy__kraft-quickstart__confluent-platform.yaml"))["findings"]
    assert {f["rule"] for f in findings} == {"PR138"} and all("(as written: Confluent for Kubernetes" in f["message"] for f in findings)


CRUNCHY = "CrunchyData__postgres-operator-examples/"
NONE: tuple[Resources, Resources] = ({}, {})


@pytest.mark.parametrize(
    ("name", "expected", "init"),
    [
        # an instance set of 2, a repo on a volume (the repo host), pgBouncer of 2: no resources written, and the
        # operator sets none (postgres.InstancePod, pgbackrest.AddServerToRepoPod, pgbouncer.Pod): BestEffort as fact
        ("kustomize__high-availability__ha-postgres.yaml", [
            ("PostgresCluster", "instances[0] pgha1 instance", 2,
             [("database", *NONE), ("replication-cert-copy", *NONE), ("pgbackrest", *NONE), ("pgbackrest-config", *NONE)], False),
            ("PostgresCluster", "repo-host", 1, [("pgbackrest", *NONE), ("pgbackrest-config", *NONE)], False),
            ("PostgresCluster", "pgbouncer", 2, [("pgbouncer", *NONE), ("pgbouncer-config", *NONE)], False),
        ], [("instances[0] pgha1 instance", [("postgres-startup", *NONE), ("nss-wrapper-init", *NONE)]),
            ("repo-host", [("pgbackrest-log-dir", *NONE), ("nss-wrapper-init", *NONE)]), ("pgbouncer", [])]),
        # four repos, one on a volume: one repo host (RepoHostVolumeDefined)
        ("kustomize__multi-backup-repo__postgres.yaml", [
            ("PostgresCluster", "instances[0] instance", 1,
             [("database", *NONE), ("replication-cert-copy", *NONE), ("pgbackrest", *NONE), ("pgbackrest-config", *NONE)], False),
            ("PostgresCluster", "repo-host", 1, [("pgbackrest", *NONE), ("pgbackrest-config", *NONE)], False),
        ], [("instances[0] instance", [("postgres-startup", *NONE), ("nss-wrapper-init", *NONE)]),
            ("repo-host", [("pgbackrest-log-dir", *NONE), ("nss-wrapper-init", *NONE)])]),
        # a standalone PGAdmin: one StatefulSet pod (standalone_pgadmin/pod.go)
        ("kustomize__pgadmin__pgadmin.yaml", [("PGAdmin", None, 1, [("pgadmin", *NONE)], False)], [(None, [("pgadmin-startup", *NONE)])]),
    ],
)  # fmt: skip
def test_the_crunchy_operator_builds_its_pods(name: str, expected: list[Any], init: list[Any]) -> None:
    """CrunchyData/postgres-operator 0fbac3062d64: the pods it builds from these examples
    (CrunchyData/postgres-operator-examples bf03957b965e)."""
    assert pods(CRUNCHY + name) == expected
    assert with_init(CRUNCHY + name) == init


CRUNCHY_CR = """apiVersion: postgres-operator.crunchydata.com/v1beta1
kind: PostgresCluster
metadata: {{name: c}}
spec:
  {extra}
  instances:
  - replicas: 3
    resources: {{requests: {{cpu: "1", memory: 2Gi}}, limits: {{cpu: "1", memory: 2Gi}}}}
    sidecars: {{replicaCertCopy: {{resources: {{limits: {{cpu: 10m, memory: 32Mi}}}}}}}}
    containers: [{{name: extra, image: x, resources: {{limits: {{cpu: 10m, memory: 10Mi}}}}}}]
  backups:
    pgbackrest:
      repoHost: {{resources: {{requests: {{cpu: 100m, memory: 128Mi}}}}}}
      sidecars: {{pgbackrest: {{resources: {{limits: {{cpu: 50m, memory: 64Mi}}}}}}, pgbackrestConfig: {{resources: {{limits: {{cpu: 5m, memory: 16Mi}}}}}}}}
      repos: [{{name: repo1, s3: {{bucket: b}}}}{repo2}]
  monitoring: {{pgmonitor: {{exporter: {{resources: {{limits: {{cpu: 20m, memory: 64Mi}}}}}}}}}}
  proxy: {{pgBouncer: {{{bouncer}}}}}
"""


def _crunchy(tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: str = "", repo2: str = "", bouncer: str = "") -> list[Any]:
    (tmp_path / "c.yaml").write_text(CRUNCHY_CR.format(extra=extra, repo2=repo2, bouncer=bouncer))
    assert main(["explain", "-o", "json", str(tmp_path / "c.yaml")]) == 0
    got = json.loads(capsys.readouterr().out)["pods"]
    return [(p["workload"]["template"], p["workload"].get("replicas"), p["qosClass"], p["workload"]["asWritten"] is not None,
             {c["name"]: (c["requests"], c["limits"]) for c in p["containers"]}) for p in got]  # fmt: skip


def test_a_crunchy_cluster_takes_each_container_from_its_own_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The instance pod: database from the set's resources (its init containers alike), the sidecars' own, the set's
    containers as written, the exporter's; no repo on a volume, no repo host; pgbouncer-config's 5m/16Mi limits only
    beside a pgbouncer with resources, a written pgbouncerConfig replacing them (pgbouncer/reconcile.go Pod)."""
    big = ({"cpu": "1", "memory": "2Gi"}, {"cpu": "1", "memory": "2Gi"})
    config = ({"cpu": "5m", "memory": "16Mi"}, {"cpu": "5m", "memory": "16Mi"})
    [instance, bouncer] = _crunchy(tmp_path, capsys)
    assert instance[:4] == ("instances[0] instance", 3, "Guaranteed", False) and instance[4] == {
        "postgres-startup": big, "nss-wrapper-init": big, "database": big, "extra": ({"cpu": "10m", "memory": "10Mi"},) * 2,
        "replication-cert-copy": ({"cpu": "10m", "memory": "32Mi"},) * 2, "pgbackrest": ({"cpu": "50m", "memory": "64Mi"},) * 2,
        "pgbackrest-config": config, "exporter": ({"cpu": "20m", "memory": "64Mi"},) * 2}
    assert bouncer[:4] == ("pgbouncer", 1, "BestEffort", False) and bouncer[4] == {"pgbouncer": NONE, "pgbouncer-config": NONE}
    [_, repo, bouncer] = _crunchy(tmp_path, capsys, repo2=", {name: repo2, volume: {volumeClaimSpec: {}}}", bouncer="resources: {requests: {cpu: 100m}}")
    assert repo[:4] == ("repo-host", 1, "Burstable", False) and repo[4] == {
        "pgbackrest-log-dir": ({"cpu": "100m", "memory": "128Mi"}, {}), "nss-wrapper-init": ({"cpu": "100m", "memory": "128Mi"}, {}),
        "pgbackrest": ({"cpu": "100m", "memory": "128Mi"}, {}), "pgbackrest-config": config}
    assert bouncer[4] == {"pgbouncer": ({"cpu": "100m"}, {}), "pgbouncer-config": config}
    written = "resources: {limits: {cpu: 100m, memory: 64Mi}}, sidecars: {pgbouncerConfig: {resources: {limits: {cpu: 1m, memory: 1Mi}}}}"
    [_, bouncer] = _crunchy(tmp_path, capsys, bouncer=written)
    assert bouncer[2] == "Guaranteed" and bouncer[4]["pgbouncer-config"] == ({"cpu": "1m", "memory": "1Mi"},) * 2
    # PgBouncer's containers need a gate that is off by default, the collector another: as written; shutdown runs no pod
    [instance, bouncer] = _crunchy(tmp_path, capsys, "instrumentation: {logs: {retentionPeriod: 1d}}", bouncer="containers: [{name: x, image: x}]")
    assert instance[3] and bouncer[3]
    assert [(p[0], p[1]) for p in _crunchy(tmp_path, capsys, "shutdown: true")] == [("instances[0] instance", 0), ("pgbouncer", 0)]


def test_a_chaos_mesh_workflow_task_is_one_pod_of_its_container() -> None:
    """chaos-mesh/chaos-mesh 608b61e7c1b1 pkg/workflow/task/pod.go SpawnPodForTask: the container as written (the
    1000m limit it means to set goes to a Quantity the nil map never holds); the chaos templates run no pod."""
    assert pods("chaos-mesh__chaos-mesh/examples__workflow__custom-task.yaml") == [
        ("Workflow", "templates[0] the-entry", 1, [("main-contaienr", {}, {})], False),
        ("Workflow", "templates[3] on-failed", 1, [("main-contaienr", {}, {})], False),
    ]


CNF = "openshift-kni__cnf-features-deploy/"


def _all(path: Path) -> list[tuple[str, str | None, int | None, list[tuple[str, str, Resources, Resources]], bool]]:
    return [(ref.kind, ref.template, ref.replicas, [(c.name, c.type.value, {k: v.canonical() for k, v in c.resources.req.items()},
                                                    {k: v.canonical() for k, v in c.resources.lim.items()}) for c in i.workload.pod.all_containers()],
             ref.as_written is not None)
            for i in iter_items([str(path)]) if isinstance(i, WorkloadItem) for ref in (i.workload.ref,)]  # fmt: skip


GATEKEEPER_MANAGER = [("manager", "regular", {"cpu": "100m", "memory": "512Mi"}, {"memory": "512Mi"})]
BUILD_INIT = [("git-clone", "init", {}, {}), ("manage-dockerfile", "init", {}, {})]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # the operator's manifests: 1 audit and 3 controller-manager pods, manager 100m/512Mi, limit 512Mi
        (f"{CNF}feature-configs__deploy__gatekeeper__config.yaml", [
            ("Gatekeeper", "audit", 1, GATEKEEPER_MANAGER, False), ("Gatekeeper", "controller-manager", 3, GATEKEEPER_MANAGER, False)]),
        # a source build from git: every container takes spec.resources ({}); the cluster's build defaults may fill them
        (f"{CNF}feature-configs__deploy__s2i__build-config.yaml", [("BuildConfig", None, 1, [*BUILD_INIT, ("sti-build", "regular", {}, {})], True)]),
        # dockerStrategy written beside type: Source: the written strategy decides
        (f"{CNF}tools__s2i-dpdk__base-image__build-config.yaml", [("BuildConfig", None, 1, [*BUILD_INIT, ("docker-build", "regular", {}, {})], True)]),
        (f"{CNF}tools__buildingsctp__buildconfig.yaml", [("BuildConfig", None, 1, [*BUILD_INIT, ("docker-build", "regular", {}, {})], True)]),
    ],
)  # fmt: skip
def test_gatekeeper_and_openshift_builds_make_the_operators_pods(name: str, expected: list[Any]) -> None:
    assert _all(REAL / name) == expected


GATEKEEPER_AND_BUILDS = """\
apiVersion: operator.gatekeeper.sh/v1alpha1
kind: Gatekeeper
metadata: {name: gatekeeper}
spec:
  audit: {replicas: 2, resources: {}}
  webhook: {resources: {requests: {cpu: "1", memory: 1Gi}, limits: {cpu: "1", memory: 1Gi}}}
---
apiVersion: build.openshift.io/v1
kind: BuildConfig
metadata: {name: images}
spec:
  source: {images: [{from: {kind: ImageStreamTag, name: a:latest}}]}
  strategy: {sourceStrategy: {from: {kind: DockerImage, name: s2i}}}
  resources: {requests: {cpu: 500m, memory: 1Gi}, limits: {memory: 2Gi}}
---
apiVersion: build.openshift.io/v1
kind: BuildConfig
metadata: {name: binary}
spec:
  source: {type: Binary}
  strategy: {type: Docker}
---
apiVersion: build.openshift.io/v1
kind: Build
metadata: {name: custom}
spec:
  source: {git: {uri: https://example.com/r.git}}
  strategy: {customStrategy: {from: {kind: DockerImage, name: c}}}
  resources: {limits: {cpu: "1", memory: 1Gi}}
---
apiVersion: build.openshift.io/v1
kind: BuildConfig
metadata: {name: pipeline}
spec:
  strategy: {jenkinsPipelineStrategy: {jenkinsfile: x}}
"""


def test_gatekeeper_overrides_and_each_build_strategys_containers(tmp_path: Path) -> None:
    """A written audit or webhook ``resources``, even ``{}``, replaces the manifest's whole (setResources); a build's
    containers follow its strategy (``type: Docker`` alone is docker, ``source.type: Binary`` clones), each with
    spec.resources; a Jenkins pipeline runs no build pod."""
    (tmp_path / "g.yaml").write_text(GATEKEEPER_AND_BUILDS)
    mid = ({"cpu": "500m", "memory": "1Gi"}, {"memory": "2Gi"})
    assert _all(tmp_path / "g.yaml") == [
        ("Gatekeeper", "audit", 2, [("manager", "regular", {}, {})], False),
        ("Gatekeeper", "controller-manager", 3, [("manager", "regular", {"cpu": "1", "memory": "1Gi"}, {"cpu": "1", "memory": "1Gi"})], False),
        ("BuildConfig", None, 1, [("extract-image-content", "init", *mid), ("manage-dockerfile", "init", *mid), ("sti-build", "regular", *mid)], True),
        ("BuildConfig", None, 1, [*BUILD_INIT, ("docker-build", "regular", {}, {})], True),
        ("Build", None, 1, [("custom-build", "regular", {}, {"cpu": "1", "memory": "1Gi"})], True),  # requests default to the limits
    ]
    assert [(i.reason, i.kind) for i in iter_items([str(tmp_path / "g.yaml")]) if isinstance(i, SkippedItem)] == [("nothing-found", "BuildConfig")]


def test_a_build_pod_is_only_as_written_and_gatekeepers_operator_is_no_policy(capsys: pytest.CaptureFixture[str]) -> None:
    """The cluster's build defaults may fill the build's resources: no BestEffort claim, the missing ones said as
    written; the Gatekeeper Operator's group is searched, Gatekeeper's own policy groups still describe objects."""
    report = lint(capsys, str(REAL / f"{CNF}tools__buildingsctp__buildconfig.yaml"), str(REAL / f"{CNF}feature-configs__deploy__gatekeeper__config.yaml"))
    assert [(f["rule"], f["container"]) for f in report["findings"]] == [("PR138", "docker-build")]
    assert "as written: the cluster's build defaults" in report["findings"][0]["message"]
    from pod_resources_cli.model.decode.describes import describes_objects

    assert not describes_objects("operator.gatekeeper.sh", "Gatekeeper") and describes_objects("templates.gatekeeper.sh", "ConstraintTemplate")


def test_the_gatekeeper_operators_pods_are_system_cluster_critical(capsys: pytest.CaptureFixture[str]) -> None:
    """config/gatekeeper/apps_v1_deployment_gatekeeper-{audit,controller-manager}.yaml (gatekeeper-operator 703c99dfe251)
    give both Deployments' pods priorityClassName system-cluster-critical: priority 2000000000, not 0."""
    main(["explain", "-o", "json", str(REAL / f"{CNF}feature-configs__deploy__gatekeeper__config.yaml")])
    pods = json.loads(capsys.readouterr().out)["pods"]
    assert [(p["workload"]["template"], p["priority"]["value"], p["priority"]["className"]) for p in pods] == [
        ("audit", 2000000000, "system-cluster-critical"), ("controller-manager", 2000000000, "system-cluster-critical")]


AE = "argoproj__argo-events/"


def test_argo_events_controller_pods_and_sensor_trigger_objects() -> None:
    """argo-events 6478ece495f9: an EventSource and a Sensor are each one Deployment pod whose container ``main`` takes
    spec.template.container.resources (none written: none set); a Sensor's trigger Deployment is found as written; a
    JetStream EventBus is 3 pods of main, reloader, metrics (buildStatefulSetSpec)."""
    assert _all(REAL / f"{AE}examples__event-sources__webhook.yaml") == [("EventSource", None, 1, [("main", "regular", {}, {})], False)]
    assert _all(REAL / f"{AE}examples__tutorials__04-standard-k8s-resources__sensor-deployment.yaml") == [
        ("Sensor", "sensor", 1, [("main", "regular", {}, {})], False),
        ("Sensor", "spec.triggers[0].template.k8s.source.resource.spec.template", None, [("hello-container", "regular", {}, {})], True),
    ]
    assert _all(REAL / f"{AE}test__stress__testdata__eventbus__jetstream.yaml") == [  # named: the kind has two ways now
        ("EventBus", "jetstream", 3, [("main", "regular", {}, {}), ("reloader", "regular", {}, {}), ("metrics", "regular", {}, {})], False)]


def test_argo_events_template_resources_and_priority_class(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """spec.template.container.resources becomes main's whole, spec.template.priorityClassName the pod's; the trigger's
    object is as written for the sensor's reason, not as a kind the tool does not know."""
    (tmp_path / "s.yaml").write_text(
        "apiVersion: argoproj.io/v1alpha1\nkind: Sensor\nmetadata: {name: s}\nspec:\n  replicas: 2\n  template:\n"
        "    priorityClassName: system-cluster-critical\n"
        "    container: {resources: {requests: {cpu: 50m, memory: 64Mi}, limits: {cpu: 50m, memory: 64Mi}}}\n"
        "  triggers:\n  - template:\n      name: t\n      k8s:\n        operation: create\n        source:\n          resource:\n"
        "            apiVersion: v1\n            kind: Pod\n            metadata: {generateName: p-}\n"
        "            spec: {containers: [{name: c, image: busybox}]}\n"
    )
    assert _all(tmp_path / "s.yaml") == [
        ("Sensor", "sensor", 2, [("main", "regular", {"cpu": "50m", "memory": "64Mi"}, {"cpu": "50m", "memory": "64Mi"})], False),
        ("Sensor", "spec.triggers[0].template.k8s.source.resource", None, [("c", "regular", {}, {})], True),
    ]
    main(["explain", "-o", "json", str(tmp_path / "s.yaml")])
    pods = json.loads(capsys.readouterr().out)["pods"]
    assert (pods[0]["qosClass"], pods[0]["priority"]["className"]) == ("Guaranteed", "system-cluster-critical")
    report = lint(capsys, str(tmp_path / "s.yaml"))
    assert [f["rule"] for f in report["findings"]] == ["PR138"]
    assert "sensor creates this object when its trigger fires" in report["findings"][0]["message"]


K6 = "grafana__k6-operator/config__samples__"
K6_STARTER = ("k6-curl", {"cpu": "50m", "memory": "2Mi"}, {"cpu": "100m", "memory": "200Mi"})


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # 4 runners and the initializer, each k6 after its unnamed init container (k6-init-0, an init container: not
        # listed among the regular ones); the starter's k6-curl with the operator's fallback resources
        (f"{K6}k6_v1alpha1_testrun_with_initContainers.yaml", [
            ("TestRun", "runner", 4, [("k6", {}, {})], False), ("TestRun", "initializer", 1, [("k6", {}, {})], False),
            ("TestRun", "starter", 1, [K6_STARTER], False)]),
        # initializer.disabled: no initializer pod
        (f"{K6}k6_v1alpha1_testrun_initializer_disabled.yaml", [
            ("TestRun", "runner", 4, [("k6", {}, {})], False), ("TestRun", "starter", 1, [K6_STARTER], False)]),
    ],
)  # fmt: skip
def test_a_k6_testrun_is_its_runners_initializer_and_starter(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_a_k6_runners_init_containers_and_written_resources(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """getInitContainers names an unnamed init container k6-init-<i> and keeps its resources; the runner's k6 takes
    spec.runner.resources whole, the initializer (unset) a copy of the runner; the starter's own requests replace its
    fallback whole; the pods take spec.runner's priorityClassName."""
    (tmp_path / "t.yaml").write_text(
        "apiVersion: k6.io/v1alpha1\nkind: TestRun\nmetadata: {name: t}\nspec:\n  parallelism: 2\n"
        "  script: {configMap: {name: s, file: t.js}}\n  runner:\n    priorityClassName: system-cluster-critical\n"
        "    resources: {requests: {cpu: '1', memory: 1Gi}, limits: {cpu: '1', memory: 1Gi}}\n"
        "    initContainers:\n    - {image: busybox, resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {cpu: 100m, memory: 64Mi}}}\n"
        "  starter:\n    resources: {requests: {cpu: 10m}}\n",
        encoding="utf-8",
    )
    main(["explain", "-o", "json", str(tmp_path / "t.yaml")])
    got = [(p["workload"]["template"], p["qosClass"], p["priority"]["value"], [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]])
           for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip
    one = {"cpu": "1", "memory": "1Gi"}
    init = ("k6-init-0", "init", {"cpu": "100m", "memory": "64Mi"}, {"cpu": "100m", "memory": "64Mi"})
    assert got == [
        ("runner", "Guaranteed", 2000000000, [init, ("k6", "regular", one, one)]),
        ("initializer", "Guaranteed", 2000000000, [init, ("k6", "regular", one, one)]),
        ("starter", "Burstable", 0, [("k6-curl", "regular", {"cpu": "10m"}, {})]),
    ]


LOKI = REAL / "grafana__loki"


def _loki(*names: str) -> dict[str, tuple[dict[str, str], dict[str, str]]]:
    return {n: ({}, {}) for n in names}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # 1x.small, no tenants, no rules: six components with sizes.go's requests and no limits; the compactor is 1
        ("operator__config__samples__loki_v1_lokistack.yaml", [
            ("distributor", 2, [], ["loki-distributor"], {"loki-distributor": ({"cpu": "2", "memory": "2Gi"}, {})}),
            ("ingester", 3, [], ["loki-ingester"], {"loki-ingester": ({"cpu": "2500m", "memory": "13568Mi"}, {})}),
            ("querier", 2, [], ["loki-querier"], {"loki-querier": ({"cpu": "4", "memory": "4Gi"}, {})}),
            ("query-frontend", 2, [], ["loki-query-frontend"], {"loki-query-frontend": ({"cpu": "4", "memory": "2560Mi"}, {})}),
            ("compactor", 1, [], ["loki-compactor"], {"loki-compactor": ({"cpu": "2", "memory": "4Gi"}, {})}),
            ("index-gateway", 2, [], ["loki-index-gateway"], {"loki-index-gateway": ({"cpu": "1", "memory": "2Gi"}, {})})]),
        # 1x.demo (no resources), openshift-logging tenants (the gateway runs opa beside it), rules enabled (the ruler)
        ("operator__hack__lokistack_gateway_ocp.yaml", [
            ("distributor", 1, [], ["loki-distributor"], _loki("loki-distributor")),
            ("ingester", 1, [], ["loki-ingester"], _loki("loki-ingester")),
            ("querier", 1, [], ["loki-querier"], _loki("loki-querier")),
            ("query-frontend", 1, [], ["loki-query-frontend"], _loki("loki-query-frontend")),
            ("compactor", 1, [], ["loki-compactor"], _loki("loki-compactor")),
            ("index-gateway", 1, [], ["loki-index-gateway"], _loki("loki-index-gateway")),
            ("ruler", 1, [], ["loki-ruler"], _loki("loki-ruler")),
            ("gateway", 2, [], ["gateway", "opa"], _loki("gateway", "opa"))]),
        # static tenants: the gateway without opa; rules not written: no ruler
        ("operator__hack__lokistack_gateway_dev.yaml", [
            ("distributor", 1, [], ["loki-distributor"], _loki("loki-distributor")),
            ("ingester", 1, [], ["loki-ingester"], _loki("loki-ingester")),
            ("querier", 1, [], ["loki-querier"], _loki("loki-querier")),
            ("query-frontend", 1, [], ["loki-query-frontend"], _loki("loki-query-frontend")),
            ("compactor", 1, [], ["loki-compactor"], _loki("loki-compactor")),
            ("index-gateway", 1, [], ["loki-index-gateway"], _loki("loki-index-gateway")),
            ("gateway", 2, [], ["gateway"], _loki("gateway"))]),
    ],
)  # fmt: skip
def test_a_lokistack_is_the_components_of_its_size(name: str, expected: list[Any]) -> None:
    assert operator_pods(LOKI / name) == expected


def test_lokistack_findings_on_the_real_samples(capsys: pytest.CaptureFixture[str]) -> None:
    """1x.small sets requests and no limits: a PR132 (no memory limit) for each of the six containers, at spec.size;
    1x.demo sets nothing: its pods are BestEffort, as fact (PR201)."""
    small = lint_report(capsys, str(LOKI / "operator__config__samples__loki_v1_lokistack.yaml"))
    assert sorted((f["rule"], f["line"], f["message"].split("'")[1]) for f in small["findings"]) == [
        ("PR132", 6, c) for c in sorted(("loki-distributor", "loki-ingester", "loki-querier", "loki-query-frontend", "loki-compactor", "loki-index-gateway"))
    ]
    demo = lint_report(capsys, str(LOKI / "operator__hack__lokistack_gateway_ocp.yaml"))
    assert [f["rule"] for f in demo["findings"]] == ["PR201"]
    assert demo["summary"]["pods"] == 8


def test_lokistack_limits_replicas_zones_and_passthrough(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """useRequestsAsLimits copies each request to its limit (ResourceRequirementsForSize); a written replicas wins,
    0 is unset (mergo's override skips a zero int32), the compactor is always 1; replication.zones adds the init
    container az-annotation-check (no resources: never Guaranteed) to all but the gateway and the compactor; a
    passthrough gateway runs no opa; 1x.medium runs 3 queriers."""
    (tmp_path / "l.yaml").write_text(
        "apiVersion: loki.grafana.com/v1\nkind: LokiStack\nmetadata: {name: l}\nspec:\n  size: 1x.medium\n"
        "  storage: {secret: {name: s, type: s3}}\n  storageClassName: gp3\n  tenants: {mode: passthrough}\n"
        "  replication: {factor: 2, zones: [{topologyKey: topology.kubernetes.io/zone, maxSkew: 1}]}\n"
        "  template:\n    useRequestsAsLimits: true\n    distributor: {replicas: 0}\n    ingester: {replicas: 5}\n"
        "    compactor: {replicas: 4}\n",
        encoding="utf-8",
    )
    got = {p[0]: p for p in operator_pods(tmp_path / "l.yaml")}
    six_30 = {"cpu": "6", "memory": "30Gi"}
    assert got["ingester"] == ("ingester", 5, ["az-annotation-check"], ["loki-ingester"], {"az-annotation-check": ({}, {}), "loki-ingester": (six_30, six_30)})
    assert [(k, got[k][1], got[k][2]) for k in ("distributor", "querier", "compactor", "gateway")] == [
        ("distributor", 2, ["az-annotation-check"]), ("querier", 3, ["az-annotation-check"]), ("compactor", 1, []), ("gateway", 2, [])]
    assert got["gateway"][3:] == (["gateway"], {"gateway": ({"cpu": "1", "memory": "1Gi"},) * 2})
    assert "ruler" not in got
    main(["explain", "-o", "json", str(tmp_path / "l.yaml")])
    qos = {p["workload"]["template"]: p["qosClass"] for p in json.loads(capsys.readouterr().out)["pods"]}
    assert (qos["ingester"], qos["compactor"], qos["gateway"]) == ("Burstable", "Guaranteed", "Guaranteed")


INTEL = "intel__intel-device-plugins-for-kubernetes/deployments__operator__samples__deviceplugin_v1_"
OME = "sgl-project__ome/config__"
OME_GPU8 = {"nvidia.com/gpu": "8"}
OME_ROUTER = ("router", {}, {"cpu": "1", "memory": "2Gi"})  # limits only: the API server copies them to requests
ROOK = "rook__rook/deploy__examples__"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # one DaemonSet pod a node (no count): the plugin container with its shipped manifest's resources, which the
        # controller never changes
        (f"{INTEL}gpudeviceplugin.yaml", [("GpuDevicePlugin", None, None, [
            ("intel-gpu-plugin", {"cpu": "40m", "memory": "45Mi"}, {"cpu": "100m", "memory": "90Mi"})], False)]),
        (f"{INTEL}qatdeviceplugin.yaml", [("QatDevicePlugin", None, None, [
            ("intel-qat-plugin", {"cpu": "70m", "memory": "15Mi"}, {"cpu": "140m", "memory": "30Mi"})], False)]),
        (f"{INTEL}fpgadeviceplugin.yaml", [("FpgaDevicePlugin", None, None, [
            ("intel-fpga-plugin", {"cpu": "80m", "memory": "30Mi"}, {"cpu": "160m", "memory": "60Mi"})], False)]),
        (f"{INTEL}npudeviceplugin.yaml", [("NpuDevicePlugin", None, None, [
            ("intel-npu-plugin", {"cpu": "40m", "memory": "45Mi"}, {"cpu": "100m", "memory": "90Mi"})], False)]),
    ],
)  # fmt: skip
def test_an_intel_device_plugin_is_its_daemonset_pod(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


@pytest.mark.parametrize(
    ("name", "init", "qos"),
    [
        (f"{INTEL}gpudeviceplugin.yaml", [], "Burstable"),  # no initImage: no init container (setInitContainer not called)
        (f"{INTEL}qatdeviceplugin.yaml", ["intel-qat-initcontainer"], "Burstable"),  # initImage: setInitContainer, no resources
        (f"{INTEL}fpgadeviceplugin.yaml", ["intel-fpga-initcontainer"], "Burstable"),  # the manifest's own, always kept
        (f"{INTEL}npudeviceplugin.yaml", [], "Burstable"),
    ],
)
def test_an_intel_device_plugins_init_container_and_findings(name: str, init: list[str], qos: str, capsys: pytest.CaptureFixture[str]) -> None:
    main(["explain", "-o", "json", str(REAL / name)])
    (pod,) = json.loads(capsys.readouterr().out)["pods"]
    assert [c["name"] for c in pod["containers"] if c["type"] == "init"] == init
    assert all(not (c["requests"] or c["limits"]) for c in pod["containers"] if c["type"] == "init")
    assert (pod["qosClass"], pod["workload"]["replicas"]) == (qos, None)
    # the plugin asks half its memory limit: only the info that the rest is not reserved; no warning
    assert [(f["rule"], f["severity"]) for f in lint(capsys, str(REAL / name))["findings"]] == [("PR133", "info")]


KAI_SHARD = "NVIDIA__KAI-Scheduler/examples__time-based-fairshare__scheduling-shard-minimal.yaml"


def test_a_kai_scheduling_shard_is_its_scheduler_pod_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    """DeploymentForKAIConfig names the container <schedulerName>-<shard> and gives it the Config's scheduler resources,
    defaulted to 250m/512Mi requests and 700m/512Mi limits; the Config (another object) decides them and the replicas:
    as written, no count, and no finding claims a QoS class for it."""
    assert pods(KAI_SHARD) == [
        ("SchedulingShard", None, None, [("kai-scheduler-default", {"cpu": "250m", "memory": "512Mi"}, {"cpu": "700m", "memory": "512Mi"})], True),
    ]
    assert lint(capsys, str(REAL / KAI_SHARD))["findings"] == []


SRIOV_CONFIG = "k8snetworkplumbingwg__sriov-network-operator/deploy__sriovoperatorconfig.yaml"
SRIOV_CNI = {"cpu": "10m", "memory": "10Mi"}
SRIOV_DP = ("sriov-device-plugin", {"cpu": "10m", "memory": "50Mi"}, {})


def test_the_sriov_operator_config_is_its_config_daemon(capsys: pytest.CaptureFixture[str]) -> None:
    """The object named default gets the sriov-network-config-daemon and sriov-device-plugin DaemonSets (one a node:
    no count) as the operator's manifests write them; its webhook flags hold envsubst placeholders, not true: no
    webhook pods."""
    assert pods(SRIOV_CONFIG) == [
        ("SriovOperatorConfig", "sriov-network-config-daemon", None, [("sriov-network-config-daemon", {"cpu": "100m", "memory": "100Mi"}, {})], False),
        ("SriovOperatorConfig", "sriov-device-plugin", None, [SRIOV_DP], False),
    ]  # fmt: skip
    main(["explain", "-o", "json", str(REAL / SRIOV_CONFIG)])
    (pod, plugin) = json.loads(capsys.readouterr().out)["pods"]
    # helper.go syncPluginDaemonObjs: the init container while blockDevicePluginUntilConfigured holds (on by default)
    assert [(c["name"], c["type"], c["requests"]) for c in plugin["containers"]] == [
        ("sriov-device-plugin-init", "init", {}), ("sriov-device-plugin", "regular", SRIOV_DP[1])]
    assert (plugin["priority"]["className"], {c["oomScoreAdj"] for c in plugin["containers"]}) == ("system-node-critical", {-997})
    assert [(c["name"], c["type"], c["requests"], c["limits"]) for c in pod["containers"]] == [
        ("sriov-cni", "init", SRIOV_CNI, {}), ("sriov-infiniband-cni", "init", SRIOV_CNI, {}),
        ("sriov-network-config-daemon", "regular", {"cpu": "100m", "memory": "100Mi"}, {}),
    ]
    assert (pod["qosClass"], pod["requests"]) == ("Burstable", {"cpu": "100m", "memory": "100Mi"})
    # the operator's manifests set no memory limit on the daemon nor on the device plugin: true, warnings
    assert sorted((f["rule"], f["message"].split(":")[0]) for f in lint(capsys, str(REAL / SRIOV_CONFIG))["findings"]) == [
        ("PR132", "container 'sriov-device-plugin' has no memory limit"), ("PR132", "container 'sriov-network-config-daemon' has no memory limit")]


def test_the_sriov_operator_config_webhooks_systemd_mode_and_other_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """enableInjector and enableOperatorWebhook add their webhook-server pods (10m/50Mi requests); systemd mode adds
    the sriov-service-copy init container; an object not named default is never reconciled."""
    text = (REAL / SRIOV_CONFIG).read_text(encoding="utf-8")
    (tmp_path / "on.yaml").write_text(text.replace("$ADMISSION_CONTROLLERS_ENABLED", "true").replace("configurationMode: daemon", "configurationMode: systemd"), encoding="utf-8")
    (tmp_path / "other.yaml").write_text(text.replace("name: default", "name: other"), encoding="utf-8")
    main(["explain", "-o", "json", str(tmp_path / "on.yaml")])
    got = [(p["workload"]["template"], [(c["name"], c["type"], c["requests"]) for c in p["containers"]]) for p in json.loads(capsys.readouterr().out)["pods"]]
    webhook = [("webhook-server", "regular", {"cpu": "10m", "memory": "50Mi"})]
    assert got == [
        ("sriov-network-config-daemon", [("sriov-cni", "init", SRIOV_CNI), ("sriov-infiniband-cni", "init", SRIOV_CNI),
                                         ("sriov-service-copy", "init", SRIOV_CNI), ("sriov-network-config-daemon", "regular", {"cpu": "100m", "memory": "100Mi"})]),
        ("network-resources-injector", webhook), ("operator-webhook", webhook),
        ("sriov-device-plugin", [("sriov-device-plugin-init", "init", {}), ("sriov-device-plugin", "regular", SRIOV_DP[1])]),
    ]  # fmt: skip
    assert [i for i in iter_items([str(tmp_path / "other.yaml")]) if isinstance(i, WorkloadItem)] == []


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # a runtime's multi-node engine and decoder (leader and worker runners, 8 GPUs each) and its router: presets,
        # no count (each InferenceService that uses it decides)
        (f"{OME}runtimes__srt__deepseek-rdma-pd-rt.yaml", [
            ("ClusterServingRuntime", "engine leader", None, [("ome-container", OME_GPU8, OME_GPU8)], True),
            ("ClusterServingRuntime", "engine worker", None, [("ome-container", OME_GPU8, OME_GPU8)], True),
            ("ClusterServingRuntime", "decoder leader", None, [("ome-container", OME_GPU8, OME_GPU8)], True),
            ("ClusterServingRuntime", "decoder worker", None, [("ome-container", OME_GPU8, OME_GPU8)], True),
            ("ClusterServingRuntime", "router", None, [OME_ROUTER], True)]),
        (f"{OME}runtimes__srt__Qwen__Qwen-7B-Chat-rt.yaml", [
            ("ClusterServingRuntime", "engine", None, [("ome-container", *[{"cpu": "10", "memory": "30Gi", "nvidia.com/gpu": "1"}] * 2)], True),
            ("ClusterServingRuntime", "router", None, [OME_ROUTER], True)]),
        # an InferenceService that writes no runner: its engine and router pods are its runtime's ome-container
        (f"{OME}samples__isvc__Qwen__Qwen-7B-Chat.yaml", [
            ("InferenceService", "engine", 1, [("ome-container", {}, {})], True), ("InferenceService", "router", 1, [("ome-container", {}, {})], True)]),
        # the benchmark's Job: genai-bench with the installation's shipped 2 CPUs and 2Gi
        (f"{OME}samples__benchmark__deepseek-r1-rdma.yaml", [
            ("BenchmarkJob", None, 1, [("genai-bench", {"cpu": "2", "memory": "2Gi"}, {"cpu": "2", "memory": "2Gi"})], True)]),
    ],
)  # fmt: skip
def test_ome_serving_runtimes_inference_services_and_benchmarks(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_ome_runtime_gpu_pods_have_no_finding(capsys: pytest.CaptureFixture[str]) -> None:
    """Runtimes are presets and InferenceServices are completed by theirs: no missing-resource or QoS finding."""
    report = lint(capsys, str(REAL / "sgl-project__ome"))
    assert report["findings"] == []
    assert report["summary"]["pods"] == 10
    assert "ClusterServingRuntime" not in report["summary"]["skipped"]["nothing-found"]


def test_ome_multinode_inference_service_counts_and_runner_resources(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With a leader, the engine's own PodSpec is no pod (DetermineEngineDeploymentMode, reconcilePodSpec); the
    LeaderWorkerSet adds worker.size workers to each of minReplicas leaders; a runner's resources are its container's,
    and podOverride.resources is merged over the benchmark's defaults key by key."""
    (tmp_path / "i.yaml").write_text(
        "apiVersion: ome.io/v1beta1\nkind: InferenceService\nmetadata: {name: i}\nspec:\n  engine:\n    minReplicas: 2\n"
        "    leader:\n      runner: {name: ome-container, resources: {limits: {nvidia.com/gpu: 4, cpu: '8', memory: 64Gi}}}\n"
        "    worker:\n      size: 3\n  decoder:\n    worker: {}\n---\n"
        "apiVersion: ome.io/v1beta1\nkind: BenchmarkJob\nmetadata: {name: b}\nspec:\n  podOverride: {resources: {limits: {memory: 4Gi}}}\n",
        encoding="utf-8",
    )
    main(["explain", "-o", "json", str(tmp_path / "i.yaml")])
    got = [(p["workload"]["template"], p["workload"]["replicas"], [(c["name"], c["requests"], c["limits"]) for c in p["containers"]])
           for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip
    leader = {"cpu": "8", "memory": "64Gi", "nvidia.com/gpu": "4"}
    assert got == [
        ("engine leader", 2, [("ome-container", leader, leader)]),
        ("engine worker", 6, [("ome-container", {}, {})]),
        ("decoder", 1, [("ome-container", {}, {})]),
        ("decoder worker", None, [("ome-container", {}, {})]),
        (None, 1, [("genai-bench", {"cpu": "2", "memory": "2Gi"}, {"cpu": "2", "memory": "4Gi"})]),
    ]


def test_an_inference_pool_carries_no_pods(tmp_path: Path) -> None:
    """The Inference Extension's InferencePool selects model-server pods and names the endpoint picker's Service
    (api/v1/inferencepool_types.go): an object without pods, like its HTTPRoute, in v1 and in the x-k8s.io channel."""
    pool = REAL / "kubernetes-sigs__gateway-api-inference-extension/conformance__tests__inferencepool_missing_epp_ref.yaml"
    assert [(i.reason, i.kind) for i in iter_items([str(pool)]) if isinstance(i, SkippedItem)] == [("no-pods", "InferencePool"), ("no-pods", "HTTPRoute")]
    (tmp_path / "p.yaml").write_text(
        "apiVersion: inference.networking.x-k8s.io/v1alpha2\nkind: InferencePool\nmetadata: {name: p}\n"
        "spec: {selector: {app: vllm}, targetPortNumber: 8000, extensionRef: {name: epp}}\n",
        encoding="utf-8",
    )
    assert [(i.reason, i.kind) for i in iter_items([str(tmp_path / "p.yaml")]) if isinstance(i, SkippedItem)] == [("no-pods", "InferencePool")]


def test_a_kind_cluster_configuration_carries_no_pods() -> None:
    """kind's own configuration file (kind.x-k8s.io Cluster: nodes of a local test cluster, with kubeadm patches as
    text) is an object without pods, not a custom resource the tool found nothing in (descheduler's hack/kind_config.yaml)."""
    config = REAL / "kubernetes-sigs__descheduler/hack__kind_config.yaml"
    assert [(i.reason, i.kind) for i in iter_items([str(config)]) if isinstance(i, SkippedItem)] == [("no-pods", "Cluster")]


KUBEWARDEN = "kubewarden__kubewarden-controller/examples__"


def test_a_kubewarden_policy_server_is_its_controllers_deployment(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """kubewarden-controller 3460bb719b38 getPolicyServerContainer: one container policy-server-<name> with spec.requests and
    spec.limits as they are (the sample writes none, and the defaulting webhook adds only a finalizer: BestEffort is a fact);
    spec.replicas pods, 0 unset. The policies it serves describe objects and are never searched."""
    assert pods(f"{KUBEWARDEN}policies_v1_policyserver.yaml") == [("PolicyServer", None, 1, [("policy-server-default", {}, {})], False)]
    assert pods(f"{KUBEWARDEN}policies_v1_clusteradmissionpolicy.yaml") == []
    report = lint(capsys, str(REAL / f"{KUBEWARDEN}policies_v1_policyserver.yaml"), str(REAL / f"{KUBEWARDEN}policies_v1_clusteradmissionpolicy.yaml"))
    assert [(f["rule"], f["object"]["kind"], f["line"]) for f in report["findings"]] == [("PR201", "PolicyServer", 5)]
    assert report["summary"]["skipped"]["describes-objects"] == {"ClusterAdmissionPolicy": 1}
    assert report["summary"]["pods"] == 1
    (tmp_path / "ps.yaml").write_text(
        "apiVersion: policies.kubewarden.io/v1\nkind: PolicyServer\nmetadata: {name: tenant-a}\nspec:\n  image: x\n  replicas: 3\n"
        "  priorityClassName: high\n  requests: {cpu: 250m, memory: 100Mi}\n  limits: {cpu: '1', memory: 500Mi, ephemeral-storage: 1Gi}\n"
        "---\napiVersion: policies.kubewarden.io/v1\nkind: PolicyServer\nmetadata: {name: none}\nspec: {image: x}\n",
        encoding="utf-8",
    )
    assert pods(str(tmp_path / "ps.yaml")) == [
        ("PolicyServer", None, 3, [("policy-server-tenant-a", {"cpu": "250m", "memory": "100Mi"},
                                                {"cpu": "1", "memory": "500Mi", "ephemeral-storage": "1Gi"})], False),
        ("PolicyServer", None, 0, [("policy-server-none", {}, {})], False),
    ]  # fmt: skip
    [tenant, _] = [item.workload.pod for item in iter_items([str(tmp_path / "ps.yaml")]) if isinstance(item, WorkloadItem)]
    assert tenant.priority_class_name == "high"
def _tekton(path: Path) -> list[tuple[str, str, dict[str, str], dict[str, str]]]:
    [item] = [i for i in iter_items([str(path)]) if isinstance(i, WorkloadItem)]
    assert item.workload.ref.replicas == 1 and item.workload.ref.as_written is not None  # config-defaults and the LimitRange transformer
    return _by_type(item.workload.pod)


def _by_type(pod: Any) -> list[tuple[str, str, dict[str, str], dict[str, str]]]:
    """(container, init|regular, requests, limits) of each container, init containers first."""
    return [(c.name, kind, *requests_limits(c)) for kind, cs in (("init", pod.init_containers), ("regular", pod.containers)) for c in cs]


def test_a_tekton_taskrun_with_its_task_inline_is_the_pod_tekton_builds() -> None:
    """tektoncd/pipeline pkg/pod/pod.go Builder.Build: prepare, place-scripts where a step has a script, each step
    step-<name> with its computeResources, each sidecar sidecar-<name> (a sidecar's 512Mi memory request here)."""
    assert _tekton(REAL / "tektoncd__pipeline/examples__v1__taskruns__dind-sidecar.yaml") == [
        ("prepare", "init", {}, {}), ("place-scripts", "init", {}, {}),
        ("step-client", "regular", {}, {}), ("sidecar-server", "regular", {"memory": "512Mi"}, {}),
    ]  # fmt: skip
    # entrypoint.go StepName: step-unnamed-<i>
    assert [c[0] for c in _tekton(REAL / "tektoncd__pipeline/examples__v1__taskruns__unnamed-steps.yaml")] == [
        "prepare", "place-scripts", "step-unnamed-0", "step-unnamed-1", "step-unnamed-2"
    ]


def test_a_tekton_taskrun_merges_the_step_template_the_step_specs_and_the_task_level_resources(tmp_path: Path) -> None:
    """merge.go MergeStepsWithStepTemplate (key by key under each step), MergeStepsWithSpecs and MergeSidecarsWithSpecs
    (the run's, by name, over it); tasklevel.go ApplyTaskLevelComputeResources: every step's limits the task's, its
    requests the task's divided by the steps (bytes or millis, rounded down)."""
    text = (REAL / "tektoncd__pipeline/examples__v1__taskruns__unnamed-steps.yaml").read_text(encoding="utf-8")
    text = text.replace("    steps:\n", "    stepTemplate:\n      computeResources: {requests: {cpu: 100m, memory: 64Mi}, limits: {memory: 128Mi}}\n    steps:\n", 1)
    text = text.replace("      script: 'true'\n", "      script: 'true'\n      computeResources: {requests: {cpu: 250m}}\n", 1)
    path = tmp_path / "run.yaml"
    path.write_text(text, encoding="utf-8")
    got = _tekton(path)
    assert got[2] == ("step-unnamed-0", "regular", {"cpu": "250m", "memory": "64Mi"}, {"memory": "128Mi"})
    assert got[3] == ("step-unnamed-1", "regular", {"cpu": "100m", "memory": "64Mi"}, {"memory": "128Mi"})
    path.write_text(text + "  computeResources: {requests: {cpu: '1', memory: 1Gi}, limits: {cpu: '2', memory: 2Gi}}\n", encoding="utf-8")
    steps = _tekton(path)[2:]
    assert {(r["cpu"], r["memory"], l["cpu"], l["memory"]) for _, _, r, l in steps} == {("333m", "357913941", "2", "2Gi")}
    # limits alone: where neither the step nor the task asks any, the task's limits divided become its requests
    path.write_text(text.replace("      computeResources: {requests: {cpu: 250m}}\n", "").replace("requests: {cpu: 100m, memory: 64Mi}, ", "")
                    + "  computeResources: {limits: {cpu: 600m}}\n", encoding="utf-8")  # fmt: skip
    assert {(tuple(r.items()), tuple(l.items())) for _, _, r, l in _tekton(path)[2:]} == {((("cpu", "200m"),), (("cpu", "600m"),))}


def test_a_tekton_taskrun_in_v1beta1_takes_resources_and_step_overrides(tmp_path: Path) -> None:
    """v1beta1 (pkg/apis/pipeline/v1beta1): a step's ``resources``, the run's ``stepOverrides``/``sidecarOverrides``."""
    text = (REAL / "tektoncd__pipeline/examples__v1__taskruns__dind-sidecar.yaml").read_text(encoding="utf-8")
    text = text.replace("tekton.dev/v1\n", "tekton.dev/v1beta1\n").replace("      computeResources:\n", "      resources:\n")
    text = text.replace("spec:\n", "spec:\n  stepOverrides: [{name: client, resources: {limits: {memory: 1Gi}}}]\n"
                        "  sidecarOverrides: [{name: server, resources: {limits: {memory: 1Gi}}}]\n", 1)  # fmt: skip
    path = tmp_path / "beta.yaml"
    path.write_text(text, encoding="utf-8")
    assert _tekton(path)[2:] == [("step-client", "regular", {}, {"memory": "1Gi"}), ("sidecar-server", "regular", {"memory": "512Mi"}, {"memory": "1Gi"})]


CATALOG = REAL / "tektoncd__catalog"


def _tekton_pods(path: Path) -> list[tuple[str, str | None, int | None, bool, list[tuple[str, str, Resources, Resources]]]]:
    """(kind, template, count, as written, [(container, init|regular, requests, limits)]) of each pod found."""
    out = []
    for item in iter_items([str(path)]):
        if isinstance(item, WorkloadItem):
            ref, pod = item.workload.ref, item.workload.pod
            containers = _by_type(pod)
            out.append((ref.kind, ref.template, ref.replicas, ref.as_written is not None, containers))
    return out


def test_a_tekton_task_is_the_preset_pod_of_its_taskruns(capsys: Any) -> None:
    """tektoncd/catalog task/docker-build 0.1: a Task's spec is the pod of each TaskRun that names it (how many is not
    written), built as a TaskRun's (pod.go: prepare, place-scripts for the scripts, working-dir-initializer for the
    relative workingDir, step-<name>, sidecar-<name>); the run's stepSpecs and computeResources go over it: a preset,
    so steps without resources are no finding."""
    assert _tekton_pods(CATALOG / "task__docker-build__0.1__docker-build.yaml") == [
        ("Task", None, None, True, [
            ("prepare", "init", {}, {}), ("place-scripts", "init", {}, {}), ("working-dir-initializer", "init", {}, {}),
            ("step-docker-build", "regular", {}, {}), ("step-docker-push", "regular", {}, {}), ("sidecar-server", "regular", {}, {}),
        ]),
    ]  # fmt: skip
    report = lint_report(capsys, str(CATALOG / "task__docker-build__0.1__docker-build.yaml"))
    assert report["summary"]["pods"] == 1 and report["findings"] == []


def test_a_tekton_pipeline_s_embedded_tasks_are_preset_pods_and_its_taskrefs_are_other_objects(capsys: Any) -> None:
    """tektoncd/catalog task/yq 0.5 tests: the Pipeline's finally task written inline (an EmbeddedTask) is a preset pod
    of each PipelineRun of it; its two taskRef tasks hold no steps; the PipelineRun names the Pipeline (pipelineRef):
    not searched, its pods are the Pipeline's."""
    assert _tekton_pods(CATALOG / "task__yq__0.5__tests__run.yaml") == [
        ("Pipeline", "finally[0] display-results", None, True, [("prepare", "init", {}, {}), ("place-scripts", "init", {}, {}), ("step-print", "regular", {}, {})]),
    ]  # fmt: skip
    report = lint_report(capsys, str(CATALOG / "task__yq__0.5__tests__run.yaml"))
    assert report["findings"] == [] and report["summary"]["skipped"]["not-searched"] == {"PipelineRun": 1}


def test_a_tekton_pipelinerun_s_inline_tasks_are_its_taskruns_pods(capsys: Any) -> None:
    """tektoncd/catalog task/boskos-acquire 0.1 samples: the PipelineRun's inline pipelineSpec has one embedded task,
    ``wait`` (an unnamed script step), one TaskRun's pod (pipelinerun.go createTaskRun); as written like a TaskRun's,
    so its step without resources is PR138 and no QoS is claimed (no PR201)."""
    assert _tekton_pods(CATALOG / "task__boskos-acquire__0.1__samples__pipelinerun.yaml") == [
        ("PipelineRun", "pipelineSpec.tasks[1] wait", 1, True, [("prepare", "init", {}, {}), ("place-scripts", "init", {}, {}), ("step-unnamed-0", "regular", {}, {})]),
    ]  # fmt: skip
    report = lint_report(capsys, str(CATALOG / "task__boskos-acquire__0.1__samples__pipelinerun.yaml"))
    assert [(f["rule"], f["line"]) for f in report["findings"]] == [("PR138", 22)]


def test_a_tekton_pipelinerun_takes_its_task_run_specs_and_fans_out_a_matrix(tmp_path: Path) -> None:
    """pipelinerun_types.go GetTaskRunSpec: the taskRunSpecs entry of the pipeline task's name (the last one) gives the
    TaskRun its computeResources and stepOverrides (v1beta1); a matrix makes one TaskRun per combination (no count);
    an embedded task with an apiVersion is a custom task, no pod (pipeline_validation.go validateCustomTask)."""
    text = (CATALOG / "task__boskos-acquire__0.1__samples__pipelinerun.yaml").read_text(encoding="utf-8")
    runs = (
        "  taskRunSpecs:\n"
        "  - {pipelineTaskName: other, computeResources: {requests: {cpu: '4'}}}\n"
        "  - {pipelineTaskName: wait, computeResources: {requests: {cpu: 500m, memory: 1Gi}, limits: {memory: 2Gi}}}\n"
    )
    path = tmp_path / "run.yaml"
    path.write_text(text.replace("  pipelineSpec:\n", runs + "  pipelineSpec:\n", 1), encoding="utf-8")
    [(_, _, count, _, containers)] = _tekton_pods(path)
    assert count == 1 and containers[-1] == ("step-unnamed-0", "regular", {"cpu": "500m", "memory": "1Gi"}, {"memory": "2Gi"})
    path.write_text(text.replace("        runAfter: [boskos-acquire]\n", "        runAfter: [boskos-acquire]\n        matrix: {params: [{name: n, value: [a, b]}]}\n", 1), encoding="utf-8")
    assert [(t, c) for _, t, c, _, _ in _tekton_pods(path)] == [("pipelineSpec.tasks[1] wait", None)]
    path.write_text(text.replace("        taskSpec:\n", "        taskSpec:\n          apiVersion: example.dev/v1\n          kind: Wait\n", 1), encoding="utf-8")
    assert _tekton_pods(path) == []


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # mon count 1, mgr count 1 (no watch-active), OSDs on all nodes (no count), no logCollector, no spec.resources:
        # Rook sets none, so these daemons are BestEffort as fact (not as written)
        (f"{ROOK}cluster-test.yaml", [
            ("CephCluster", "mon", 1, [("mon", {}, {})], False), ("CephCluster", "mgr", 1, [("mgr", {}, {})], False),
            ("CephCluster", "osd", None, [("osd", {}, {})], False)]),
        # mon count 3, mgr count 2 (watch-active), logCollector enabled, OSDs on PVCs: set1's count 3
        (f"{ROOK}cluster-on-pvc.yaml", [
            ("CephCluster", "mon", 3, [("mon", {}, {}), ("log-collector", {}, {})], False),
            ("CephCluster", "mgr", 2, [("mgr", {}, {}), ("watch-active", {}, {}), ("log-collector", {}, {})], False),
            ("CephCluster", "set1", 3, [("osd", {}, {}), ("log-collector", {}, {})], False)]),
    ],
)  # fmt: skip
def test_a_ceph_cluster_is_its_mons_mgrs_and_osds(name: str, expected: list[Any]) -> None:
    got = [(kind, "set1" if template and "set1" in template else template, n, containers, w) for kind, template, n, containers, w in pods(name)]
    assert got == expected


def test_a_ceph_clusters_daemons_take_their_resources_entry(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The real cluster-on-pvc.yaml with its commented resources written (the keys of pkg/apis/ceph.rook.io/v1/
    resources.go): each daemon's containers take their entry whole, init containers too; an external cluster has no
    pods; a BestEffort daemon is a PR201 finding as fact."""
    text = (REAL / f"{ROOK}cluster-on-pvc.yaml").read_text(encoding="utf-8")
    one = "{requests: {cpu: 500m, memory: 1Gi}, limits: {memory: 2Gi}}"
    text = text.replace("  resources:\n  #  prepareosd:", f"  resources:\n    mon: {one}\n    mgr-sidecar: {{requests: {{cpu: 100m, memory: 40Mi}}, limits: {{memory: 100Mi}}}}\n"
                        "    logcollector: {requests: {cpu: 100m, memory: 100Mi}, limits: {memory: 1Gi}}\n  #  prepareosd:", 1)
    (tmp_path / "c.yaml").write_text(text, encoding="utf-8")
    main(["explain", "-o", "json", str(tmp_path / "c.yaml")])
    got = [(p["workload"]["template"], p["qosClass"], [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]])
           for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip
    mon = ({"cpu": "500m", "memory": "1Gi"}, {"memory": "2Gi"})
    log = ("log-collector", "regular", {"cpu": "100m", "memory": "100Mi"}, {"memory": "1Gi"})
    assert got[0] == ("mon", "Burstable", [("chown-container-data-dir", "init", *mon), ("init-mon-fs", "init", *mon), ("mon", "regular", *mon), log])
    assert got[1] == ("mgr", "Burstable", [("chown-container-data-dir", "init", {}, {}), ("mgr", "regular", {}, {}),
                                           ("watch-active", "regular", {"cpu": "100m", "memory": "40Mi"}, {"memory": "100Mi"}), log])  # fmt: skip
    (tmp_path / "c.yaml").write_text(text.replace("spec:\n", "spec:\n  external:\n    enable: true\n", 1), encoding="utf-8")
    main(["explain", "-o", "json", str(tmp_path / "c.yaml")])
    assert json.loads(capsys.readouterr().out)["pods"] == []
    report = lint(capsys, "--no-config", str(REAL / f"{ROOK}cluster-test.yaml"))
    assert sorted((f["rule"], f["object"]["kind"]) for f in report["findings"] if f["severity"] == "warning") == [("PR201", "CephCluster")] * 3


CHOP = "Altinity__clickhouse-operator/docs__chi-examples__"


def test_clickhouse_pod_templates_are_as_written_and_a_template_kind_is_a_preset(capsys: pytest.CaptureFixture[str]) -> None:
    """A ClickHouseInstallation's podTemplates are its hosts' pods (no count: the layout decides), as written (the
    operator merges ClickHouseInstallationTemplates into it); a ClickHouseInstallationTemplate's are presets: no
    missing-resource finding on them, none claims a QoS class."""
    assert pods(f"{CHOP}04-replication-zookeeper-05-simple-PV.yaml") == [
        ("ClickHouseInstallation", "templates.podTemplates[0] clickhouse:20.7", None, [("clickhouse-pod", {}, {})], True)]
    assert pods(f"{CHOP}03-persistent-volume-09-with-template-emptydir.yaml") == [
        ("ClickHouseInstallationTemplate", "templates.podTemplates[0] pod-template", None, [("clickhouse-pod", {}, {})], True),
        ("ClickHouseInstallation", "templates.podTemplates[0] pod-template", None, [("clickhouse", {}, {})], True)]  # fmt: skip
    report = lint(capsys, "--no-config", str(REAL / "Altinity__clickhouse-operator"))
    # 2 on the written templates, 5 on the default template's clickhouse (3 clusters + 1) and clickhouse-log (1)
    assert [(f["rule"], f["object"]["kind"]) for f in report["findings"]] == [("PR138", "ClickHouseInstallation")] * 7
    assert all("(as written: the clickhouse-operator merges" in f["message"] for f in report["findings"])


def test_a_ceph_clusters_zero_mon_and_mgr_counts_are_rooks_defaults(tmp_path: Path) -> None:
    """pkg/operator/ceph/cluster/cluster.go preClusterStartValidation: a mon count of 0 becomes mon.DefaultMonCount (3);
    mgr/mgr.go getReplicas: a mgr count of 0 is 1. The real cluster-test.yaml with both counts written as 0, then 2."""
    text = (REAL / f"{ROOK}cluster-test.yaml").read_text(encoding="utf-8")
    for written, mons, mgrs in (("0", 3, 1), ("2", 2, 2)):
        path = tmp_path / f"c{written}.yaml"
        path.write_text(text.replace("  mon:\n    count: 1\n", f"  mon:\n    count: {written}\n").replace(
            "  mgr:\n    count: 1\n", f"  mgr:\n    count: {written}\n"), encoding="utf-8")
        assert [(template, n) for _, template, n, _, _ in pods(str(path))][:2] == [("mon", mons), ("mgr", mgrs)]


def test_a_ceph_nfs_is_one_ganesha_pod_per_active_server(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """rook/rook d0c3b9ce6d64 pkg/operator/ceph/nfs/nfs.go makes one Deployment of one pod per spec.server.active;
    spec.go: nfs-ganesha and dbus-daemon take spec.server.resources whole, after the generate-minimal-ceph-conf
    init container (the same); security.go: with spec.security.sssd.sidecar, copy-sssd-sockets and sssd with the
    sidecar's resources. The real nfs.yaml (resources commented out) and ceph-csi's rook-nfs.yaml: BestEffort, as
    fact (a PR201 warning); then nfs.yaml with its commented resources written, 2 servers and the SSSD sidecar."""
    best_effort = [("CephNFS", None, 1, [("generate-minimal-ceph-conf", "init", {}, {}), ("nfs-ganesha", "regular", {}, {}),
                                         ("dbus-daemon", "regular", {}, {})], False)]
    assert _all(REAL / f"{ROOK}nfs.yaml") == best_effort
    assert _all(REAL / "ceph__ceph-csi" / "examples__nfs__rook-nfs.yaml") == best_effort
    report = lint(capsys, "--no-config", str(REAL / "ceph__ceph-csi" / "examples__nfs__rook-nfs.yaml"))
    assert [(f["rule"], f["severity"], f["object"]["kind"]) for f in report["findings"]] == [("PR201", "warning", "CephNFS")]
    text = (REAL / f"{ROOK}nfs.yaml").read_text(encoding="utf-8")
    text = text.replace("    active: 1\n", "    active: 2\n", 1).replace(
        "    resources:\n      # limits:", '    resources: {limits: {memory: "8Gi"}, requests: {cpu: "3", memory: "8Gi"}}\n      # limits:', 1)
    path = tmp_path / "nfs.yaml"
    path.write_text(text, encoding="utf-8")
    server = ({"cpu": "3", "memory": "8Gi"}, {"memory": "8Gi"})
    expected = [("generate-minimal-ceph-conf", "init", *server), ("nfs-ganesha", "regular", *server), ("dbus-daemon", "regular", *server)]
    assert _all(path) == [("CephNFS", None, 2, expected, False)]
    sidecar = {"requests": {"cpu": "2", "memory": "1Gi"}, "limits": {"memory": "1Gi"}}
    path.write_text(text.replace("  security:\n", "  security:\n    sssd:\n      sidecar:\n        image: registry.access.redhat.com/rhel7/sssd:latest\n"
                                 f"        resources: {json.dumps(sidecar)}\n", 1), encoding="utf-8")
    sssd = (sidecar["requests"], sidecar["limits"])
    assert _all(path) == [("CephNFS", None, 2, [*expected[:1], ("copy-sssd-sockets", "init", *sssd), *expected[1:], ("sssd", "regular", *sssd)], False)]
    main(["explain", "-o", "json", str(path)])
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert pod["qosClass"] == "Burstable"


SELDON = "SeldonIO__seldon-core/"
SELDON_1G = {"cpu": "100m", "memory": "1G"}
DASK = "dask__dask-kubernetes/dask_kubernetes__operator__controller__tests__resources__"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # a Server's podSpec is merged over its ServerConfig's (MergePodSpecs): as written, replicas unset -> 1
        (f"{SELDON}samples__servers__triton-gpu.yaml", [
            ("Server", None, 1, [("triton", {"memory": "3Gi", "nvidia.com/gpu": "1"}, {"memory": "3Gi", "nvidia.com/gpu": "1"})], True)]),
        # a ServerConfig: a preset merged under its Servers' pods
        (f"{SELDON}operator__config__serverconfigs__mlserver.yaml", [("ServerConfig", None, None, [
            ("rclone", {"cpu": "200m", "memory": "100M"}, {"memory": "256M"}), ("agent", {"cpu": "500m", "memory": "500M"}, {}),
            ("mlserver", {"cpu": "1", "memory": "1G"}, {})], True)]),
        # a SeldonConfig's components: presets, each named, their replicas not used (ComponentOverride)
        (f"{SELDON}operator__config__seldonconfigs__default.yaml", [
            ("SeldonConfig", "components[0] seldon-dataflow-engine", None, [("dataflow-engine", SELDON_1G, {"memory": "3G"})], True),
            ("SeldonConfig", "components[1] seldon-envoy", None, [("envoy", {"cpu": "100m", "memory": "128Mi"}, {"memory": "128Mi"})], True),
            ("SeldonConfig", "components[2] hodometer", None, [("hodometer", {"cpu": "1m", "memory": "32Mi"}, {"memory": "32Mi"})], True),
            ("SeldonConfig", "components[3] seldon-modelgateway", None, [("modelgateway", SELDON_1G, {"memory": "1G"})], True),
            ("SeldonConfig", "components[4] seldon-pipelinegateway", None, [("pipelinegateway", SELDON_1G, {"memory": "1G"})], True),
            ("SeldonConfig", "components[5] seldon-scheduler", None, [("scheduler", SELDON_1G, {"memory": "1G"})], True)]),
    ],
)  # fmt: skip
def test_seldon_servers_and_configs(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


@pytest.mark.parametrize(
    ("name", "kind"), [(f"{SELDON}samples__servers__mlserver1.yaml", "Server"), (f"{SELDON}k8s__yaml__runtime.yaml", "SeldonRuntime")]
)
def test_seldon_objects_whose_pods_another_object_writes(name: str, kind: str) -> None:
    """A Server without a podSpec is its ServerConfig's pods, a SeldonRuntime whose overrides write no podSpec its
    SeldonConfig's: not searched, never 'nothing found'."""
    assert [(i.reason, i.kind) for i in iter_items([str(REAL / name)]) if isinstance(i, SkippedItem) and i.reason != "no-pods"] == [
        ("not-searched", kind)
    ]


def test_seldon_runtime_overrides(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """ComponentOverride: an override's replicas, else 1; disable: true makes no pod (0 of them); its podSpec is merged over the
    SeldonConfig component's (as written, and no finding claims a missing resource)."""
    (tmp_path / "r.yaml").write_text(
        "apiVersion: mlops.seldon.io/v1alpha1\nkind: SeldonRuntime\nmetadata: {name: seldon}\nspec:\n  seldonConfig: default\n"
        "  overrides:\n  - name: seldon-scheduler\n    podSpec:\n      containers:\n      - name: scheduler\n"
        "        resources: {requests: {cpu: 200m}}\n  - name: seldon-envoy\n    replicas: 3\n    podSpec:\n"
        "      containers: [{name: envoy, resources: {limits: {memory: 256Mi}}}]\n"
        "  - name: hodometer\n    disable: true\n    podSpec:\n      containers: [{name: hodometer}]\n",
        encoding="utf-8",
    )
    assert _all(tmp_path / "r.yaml") == [
        ("SeldonRuntime", "overrides[0] seldon-scheduler", 1, [("scheduler", "regular", {"cpu": "200m"}, {})], True),
        # limits alone: the request is the SeldonConfig's where it writes one (mergo keeps the keys the override lacks)
        ("SeldonRuntime", "overrides[1] seldon-envoy", 3, [("envoy", "regular", {}, {"memory": "256Mi"})], True),
        ("SeldonRuntime", "overrides[2] hodometer", 0, [("hodometer", "regular", {}, {})], True),
    ]
    report = lint(capsys, str(tmp_path / "r.yaml"))
    assert [f["rule"] for f in report["findings"]] == []


CHI = "Altinity__clickhouse-operator/docs__chi-examples__"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # no podTemplates: each cluster's hosts (shardsCount x replicasCount, each 1 unset) on the operator's default
        # template, container clickhouse without resources; as written (templates merged in may bring one)
        (f"{CHI}01-simple-layout-03-multiple-clusters.yaml", [
            ("ClickHouseInstallation", "configuration.clusters[0] replicas", 6, [("clickhouse", {}, {})], True),
            ("ClickHouseInstallation", "configuration.clusters[1] shards", 2, [("clickhouse", {}, {})], True),
            ("ClickHouseInstallation", "configuration.clusters[2] shards-replicas", 2, [("clickhouse", {}, {})], True)]),
        # defaults.templates.logVolumeClaimTemplate: the operator adds clickhouse-log (stsSetupLogContainer)
        (f"{CHI}03-persistent-volume-06-add-log-volume-2.yaml", [
            ("ClickHouseInstallation", "configuration.clusters[0] pv-add-log", 1, [("clickhouse", {}, {}), ("clickhouse-log", {}, {})], True)]),
        # a layout listing its shards: their lengths and counts can raise the host count: not counted here
        (f"{CHI}01-simple-layout-04-shards-and-replicas-customization.yaml", []),
    ],
)  # fmt: skip
def test_a_clickhouse_installation_without_pod_templates_gets_the_default_one(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_clickhouse_default_template_findings(capsys: pytest.CaptureFixture[str]) -> None:
    report = lint(capsys, str(REAL / f"{CHI}01-simple-layout-03-multiple-clusters.yaml"))
    assert [(f["rule"], f["container"]) for f in report["findings"]] == [("PR138", "clickhouse")] * 3


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # the scheduler's one Deployment pod and spec.worker.replicas (2) worker Deployments of one pod each, the PodSpec
        # as written (the operator adds env only): final, not a shape found in a kind the tool does not know
        (f"{DASK}simplecluster.yaml", [("DaskCluster", "scheduler", 1, [("scheduler", {}, {})], False),
                                       ("DaskCluster", "worker", 2, [("worker", {}, {})], False)]),
        # a DaskJob: its runner pod from spec.job.spec and the cluster of spec.cluster.spec
        (f"{DASK}simplejob.yaml", [("DaskJob", "runner", 1, [("job", {}, {})], False),
                                   ("DaskJob", "scheduler", 1, [("scheduler", {}, {})], False),
                                   ("DaskJob", "worker", 2, [("worker", {}, {})], False)]),
        (f"{DASK}simpleworkergroup.yaml", [("DaskWorkerGroup", None, 1, [("worker", {}, {})], False)]),
    ],
)  # fmt: skip
def test_a_dask_cluster_is_its_scheduler_and_workers(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_dask_pod_specs_are_final_and_the_service_is_no_pod(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The worker's PodSpec resources are the pods' (the operator sets none); spec.scheduler.service is a ServiceSpec,
    no pod; the replicas default (templates.yaml) is 1. A BestEffort scheduler is stated as fact (PR201), not hedged."""
    (tmp_path / "c.yaml").write_text(
        "apiVersion: kubernetes.dask.org/v1\nkind: DaskCluster\nmetadata: {name: c}\nspec:\n  worker:\n    spec:\n"
        "      containers: [{name: worker, image: w, resources: {requests: {cpu: '1', memory: 4Gi}, limits: {cpu: '1', memory: 4Gi}}}]\n"
        "  scheduler:\n    spec:\n      containers: [{name: scheduler, image: s}]\n    service: {type: ClusterIP, ports: [{port: 8786}]}\n"
    )
    four = {"cpu": "1", "memory": "4Gi"}
    assert _all(tmp_path / "c.yaml") == [
        ("DaskCluster", "scheduler", 1, [("scheduler", "regular", {}, {})], False),
        ("DaskCluster", "worker", 1, [("worker", "regular", four, four)], False),
    ]
    report = lint(capsys, str(tmp_path / "c.yaml"))
    assert [(f["rule"], f["object"]["kind"]) for f in report["findings"]] == [("PR201", "DaskCluster")]
    assert "as written" not in report["findings"][0]["message"]


NCP = "Mellanox__network-operator/example__crs__mellanox.com_v1alpha1_nicclusterpolicy_cr-"
CNI_100_50 = {"cpu": "100m", "memory": "50Mi"}


def test_a_nicclusterpolicy_is_its_components_daemonsets_and_deployments() -> None:
    """Each component written makes its DaemonSet (no count) or Deployment with the manifest's resources (no
    containerResources in the example); before, the object was 'custom object with no pod found'."""
    got = pods(f"{NCP}nvidia-ipam.yaml")
    assert [(kind, label, n, containers) for kind, label, n, containers, _ in got] == [
        ("NicClusterPolicy", "mofed-container", None, [("mofed-container", {}, {})]),
        ("NicClusterPolicy", "rdma-shared-dp", None, [("rdma-shared-dp", {}, {})]),
        ("NicClusterPolicy", "kube-multus", None, [("kube-multus", CNI_100_50, CNI_100_50)]),
        ("NicClusterPolicy", "cni-plugins", None, [("cni-plugins", CNI_100_50, CNI_100_50)]),
        ("NicClusterPolicy", "nv-ipam-node", None, [("nv-ipam-node", CNI_100_50, {"cpu": "300m", "memory": "300Mi"})]),
        ("NicClusterPolicy", "nv-ipam-controller", 2, [("nv-ipam-controller", {"cpu": "100m", "memory": "300Mi"}, {})]),
    ]
    full = pods(f"{NCP}full.yaml")
    assert len(full) == 13 and not any(as_written for *_, as_written in full)
    assert ("NicClusterPolicy", "nic-configuration-operator", 1, [("manager", {"cpu": "100m", "memory": "256Mi"}, {"cpu": "1", "memory": "5Gi"})], False) in full


def test_nicclusterpolicy_container_resources_by_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """containerResources becomes a map by name, the last item winning, and replaces the manifest's resources whole
    (pkg/state/container_resources.go); a list naming other containers only leaves this one without resources (the
    manifest's defaults are the outer ``with``'s else: an empty list only); another object name is not reconciled."""
    (tmp_path / "p.yaml").write_text(
        "apiVersion: mellanox.com/v1alpha1\nkind: NicClusterPolicy\nmetadata: {name: nic-cluster-policy}\nspec:\n"
        "  secondaryNetwork:\n    multus:\n      image: multus-cni\n      containerResources:\n"
        "      - {name: kube-multus, requests: {cpu: 50m}}\n      - {name: kube-multus, requests: {cpu: 200m, memory: 100Mi}, limits: {memory: 100Mi}}\n"
        "    cniPlugins:\n      image: plugins\n      containerResources: [{name: other, requests: {cpu: '2'}}]\n"
        "    ipoib:\n      image: ipoib\n      containerResources: []\n"
        "---\napiVersion: mellanox.com/v1alpha1\nkind: NicClusterPolicy\nmetadata: {name: other}\nspec: {ibKubernetes: {image: ib}}\n"
    )
    assert _all(tmp_path / "p.yaml") == [
        ("NicClusterPolicy", "kube-multus", None, [("install-multus-binary", "init", {"cpu": "10m", "memory": "15Mi"}, {}),
                                                   ("kube-multus", "regular", {"cpu": "200m", "memory": "100Mi"}, {"memory": "100Mi"})], False),
        ("NicClusterPolicy", "cni-plugins", None, [("cni-plugins", "regular", {}, {})], False),
        ("NicClusterPolicy", "ipoib-cni", None, [("ipoib-cni", "regular", CNI_100_50, CNI_100_50)], False),
    ]  # fmt: skip


JAEGER = "jaegertracing__jaeger-operator/examples__"
NRO = "openshift-kni__numaresources-operator/"
NRO_SCHED = ("secondary-scheduler", {"cpu": "150m", "memory": "500Mi"}, {})


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # streaming with Elasticsearch: collector, query with the injected agent sidecar, ingester, the index cleaner
        (f"{JAEGER}simple-streaming.yaml", [("Jaeger", "collector", 1, [("jaeger-collector", {}, {})], False),
                                            ("Jaeger", "query", 1, [("jaeger-query", {}, {}), ("jaeger-agent", {}, {})], False),
                                            ("Jaeger", "ingester", 1, [("jaeger-ingester", {}, {})], False),
                                            ("Jaeger", "es-index-cleaner", 1, [("simple-streaming-es-index-cleaner", {}, {})], False),
                                            ("Jaeger", "spark-dependencies", 1, [("simple-streaming-spark-dependencies", {}, {})], False)]),
        # production: collector and query, no sidecar
        (f"{JAEGER}simple-prod.yaml", [("Jaeger", "collector", 1, [("jaeger-collector", {}, {})], False),
                                       ("Jaeger", "query", 1, [("jaeger-query", {}, {})], False),
                                       ("Jaeger", "es-index-cleaner", 1, [("simple-prod-es-index-cleaner", {}, {})], False),
                                       # es.server-urls written, no TLS option: normalizeSparkDependencies enables the CronJob
                                       ("Jaeger", "spark-dependencies", 1, [("simple-prod-spark-dependencies", {}, {})], False)]),
        # no strategy: all-in-one, whatever the storage (Cassandra here); the agent DaemonSet in any strategy
        # Cassandra: the spark-dependencies CronJob and the schema Job (cassandraCreateSchema not disabled)
        (f"{JAEGER}with-cassandra.yaml", [("Jaeger", "all-in-one", 1, [("jaeger", {}, {})], False),
                                          ("Jaeger", "spark-dependencies", 1, [("with-cassandra-spark-dependencies", {}, {})], False),
                                          ("Jaeger", "cassandra-schema-job", 1, [("with-cassandra-cassandra-schema-job", {}, {})], False)]),
        (f"{JAEGER}agent-with-priority-class.yaml", [("Jaeger", "all-in-one", 1, [("jaeger", {}, {})], False),
                                                     ("Jaeger", "agent", None, [("jaeger-agent-daemonset", {}, {})], False)]),
    ],
)  # fmt: skip
def test_a_jaeger_is_the_pods_of_its_strategy(name: str, expected: list[Any]) -> None:
    """Before: 'custom object with no pod found' (jaegertracing/jaeger-operator pkg/strategy/controller.go normalize)."""
    assert pods(name) == expected


def test_jaeger_resources_merge_key_by_key_and_the_strategy_needs_a_distributed_storage(tmp_path: Path) -> None:
    """util.Merge: the component's requests and limits over spec.resources, resource by resource; production with memory
    storage falls back to all-in-one; tracingEnabled: false drops the query's agent; a disabled index cleaner is not made."""
    (tmp_path / "j.yaml").write_text(
        "apiVersion: jaegertracing.io/v1\nkind: Jaeger\nmetadata: {name: j}\nspec:\n  strategy: streaming\n"
        "  resources: {requests: {cpu: 100m, memory: 128Mi}, limits: {memory: 256Mi}}\n"
        "  collector: {replicas: 3, resources: {requests: {cpu: '1'}, limits: {cpu: '2'}}}\n"
        "  query: {tracingEnabled: false}\n  agent: {strategy: daemonset, resources: {limits: {memory: 64Mi}}}\n"
        "  storage: {type: elasticsearch, esIndexCleaner: {enabled: false}}\n"
        "---\napiVersion: jaegertracing.io/v1\nkind: Jaeger\nmetadata: {name: m}\nspec:\n  strategy: production\n"
        "  allInOne: {resources: {limits: {cpu: 500m, memory: 1Gi}}}\n",
        encoding="utf-8",
    )
    common = {"cpu": "100m", "memory": "128Mi"}
    assert _all(tmp_path / "j.yaml") == [
        ("Jaeger", "collector", 3, [("jaeger-collector", "regular", {"cpu": "1", "memory": "128Mi"}, {"cpu": "2", "memory": "256Mi"})], False),
        ("Jaeger", "query", 1, [("jaeger-query", "regular", common, {"memory": "256Mi"})], False),
        ("Jaeger", "ingester", 1, [("jaeger-ingester", "regular", common, {"memory": "256Mi"})], False),
        ("Jaeger", "agent", None, [("jaeger-agent-daemonset", "regular", common, {"memory": "64Mi"})], False),
        ("Jaeger", "all-in-one", 1, [("jaeger", "regular", {}, {"cpu": "500m", "memory": "1Gi"})], False),
    ]  # fmt: skip


def test_jaegers_storage_jobs_follow_its_options(tmp_path: Path) -> None:
    """The storage options are flattened as apis/v1/options.go reads them: es.use-aliases (nested, a YAML boolean written
    as %v) makes the rollover and lookback CronJobs and the create-mapping Job with spec.storage.esRollover's resources;
    a TLS option keeps spark-dependencies off unless dependencies.enabled is true (then with its own resources);
    cassandraCreateSchema.enabled: false drops the schema Job, whose resources are otherwise spec.collector's."""
    (tmp_path / "j.yaml").write_text(
        "apiVersion: jaegertracing.io/v1\nkind: Jaeger\nmetadata: {name: e}\nspec:\n  resources: {limits: {memory: 1Gi}}\n"
        "  storage:\n    type: elasticsearch\n    esIndexCleaner: {enabled: false}\n"
        "    options: {es: {server-urls: 'http://es:9200', use-aliases: true, tls: {ca: /ca.crt}}}\n"
        "    esRollover: {resources: {requests: {cpu: 50m}}}\n"
        "---\napiVersion: jaegertracing.io/v1\nkind: Jaeger\nmetadata: {name: t}\nspec:\n"
        "  storage:\n    type: elasticsearch\n    esIndexCleaner: {enabled: false}\n    options: {es.server-urls: 'http://es:9200', es.tls: 'TRUE'}\n"
        "    dependencies: {enabled: true, resources: {requests: {memory: 2Gi}}}\n"
        "---\napiVersion: jaegertracing.io/v1\nkind: Jaeger\nmetadata: {name: c}\nspec:\n"
        "  collector: {resources: {requests: {cpu: 200m}}}\n"
        "  storage: {type: cassandra, cassandraCreateSchema: {enabled: false}, dependencies: {enabled: false}}\n"
        "---\napiVersion: jaegertracing.io/v1\nkind: Jaeger\nmetadata: {name: d}\nspec:\n"
        "  collector: {resources: {requests: {cpu: 200m}}}\n  storage: {type: cassandra, options: {es: {tls: {skip-host-verify: 'True'}}}}\n",
        encoding="utf-8",
    )
    mem, rollover = {"memory": "1Gi"}, {"cpu": "50m"}
    assert [(t, c) for _, t, _, c, _ in pods(str(tmp_path / "j.yaml"))] == [
        ("all-in-one", [("jaeger", {}, mem)]),
        ("es-rollover", [("e-es-rollover", rollover, mem)]),
        ("es-lookback", [("e-es-lookback", rollover, mem)]),
        ("es-rollover-create-mapping", [("e-es-rollover-create-mapping", rollover, mem)]),
        ("all-in-one", [("jaeger", {}, {})]),
        ("spark-dependencies", [("t-spark-dependencies", {"memory": "2Gi"}, {})]),
        ("all-in-one", [("jaeger", {}, {})]),
        ("all-in-one", [("jaeger", {}, {})]),
        ("cassandra-schema-job", [("d-cassandra-schema-job", {"cpu": "200m"}, {})]),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # one node group: its RTE DaemonSet, a pod a node (no count), both containers without resources
        (f"{NRO}config__samples__nodetopology_v1_numaresourcesoperator.yaml", [
            ("NUMAResourcesOperator", "nodeGroups[0] resource-topology-exporter", None,
             [("resource-topology-exporter", {}, {}), ("shared-pool-container", {}, {})], False)]),
        # no replicas: the controller counts the control-plane nodes (unknown here); SchedulerResourcesRequest's 150m/500Mi
        (f"{NRO}config__samples__nodetopology_v1_numaresourcesscheduler.yaml", [("NUMAResourcesScheduler", "secondary-scheduler", None, [NRO_SCHED], False)]),
        (f"{NRO}doc__examples__sched.ha.yaml", [("NUMAResourcesScheduler", "secondary-scheduler", 3, [NRO_SCHED], False)]),
    ],
)  # fmt: skip
def test_numaresources_scheduler_and_exporter_pods(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_numaresources_guaranteed_annotation_priority_and_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The scheduler-qos-request annotation's ``guaranteed`` gives the legacy 600m/1200Mi as requests and limits; both
    kinds' pods are system-node-critical; an object of another name is not reconciled (no pod); the exporter pods
    are BestEffort as the deployer's manifest writes them (PR201), the scheduler's Burstable pod has no finding but
    its missing limit."""
    sample = (REAL / NRO / "config__samples__nodetopology_v1_numaresourcesscheduler.yaml").read_text(encoding="utf-8")
    guaranteed = sample.replace("  name: numaresourcesscheduler\n", "  name: numaresourcesscheduler\n  annotations:\n"
                                "    config.numa-operator.openshift.io/scheduler-qos-request: guaranteed\n")
    (tmp_path / "g.yaml").write_text(guaranteed + "---\n" + sample.replace("name: numaresourcesscheduler", "name: other"), encoding="utf-8")
    assert _all(tmp_path / "g.yaml") == [
        ("NUMAResourcesScheduler", "secondary-scheduler", None,
         [("secondary-scheduler", "regular", {"cpu": "600m", "memory": "1200Mi"}, {"cpu": "600m", "memory": "1200Mi"})], False)]  # fmt: skip
    main(["explain", "-o", "json", str(tmp_path / "g.yaml"), str(REAL / NRO)])
    got = [(p["workload"]["kind"], p["qosClass"], p["priority"]["className"]) for p in json.loads(capsys.readouterr().out)["pods"]]
    assert got == [("NUMAResourcesScheduler", "Guaranteed", "system-node-critical"),
                   ("NUMAResourcesOperator", "BestEffort", "system-node-critical"),
                   ("NUMAResourcesScheduler", "Burstable", "system-node-critical"),
                   ("NUMAResourcesScheduler", "Burstable", "system-node-critical")]  # fmt: skip
    report = lint(capsys, str(REAL / NRO))
    assert sorted((f["rule"], f["object"]["kind"]) for f in report["findings"]) == [
        ("PR132", "NUMAResourcesScheduler"), ("PR132", "NUMAResourcesScheduler"), ("PR201", "NUMAResourcesOperator")]  # fmt: skip
SCYLLA = REAL / "scylladb__scylla-operator"
SCYLLA_FIXED = {"sidecar-injection": ("10m", "50Mi"), "scylladb-bootstrap-barrier": ("50m", "100Mi"), "scylladb-api-status-probe": ("50m", "40Mi"),
                "scylladb-ignition": ("50m", "40Mi"), "sysctl-buddy": ("10m", "50Mi"), "scylladb-node-exporter": ("10m", "50Mi")}  # fmt: skip


def operator_pods(path: Path) -> list[tuple[str, object, list[str], list[str], dict[str, tuple[dict[str, str], dict[str, str]]]]]:
    """(rack name, pod count, init containers, containers, each container's (requests, limits)) of every pod."""
    got = []
    for item in iter_items([str(path)]):
        if isinstance(item, WorkloadItem):
            w = item.workload
            every = (*w.pod.init_containers, *w.pod.containers)
            resources = {c.name: ({k: v.canonical() for k, v in c.resources.req.items()}, {k: v.canonical() for k, v in c.resources.lim.items()}) for c in every}
            got.append(((w.ref.template or "").split(" ")[-2:][0], w.ref.replicas, [c.name for c in w.pod.init_containers], [c.name for c in w.pod.containers], resources))
    return got


def _fixed(*names: str) -> dict[str, tuple[dict[str, str], dict[str, str]]]:
    return {n: ({"cpu": SCYLLA_FIXED[n][0], "memory": SCYLLA_FIXED[n][1]},) * 2 for n in names}  # type: ignore[misc]


SCYLLA_AGENT_DEFAULT = ({"cpu": "50m", "memory": "10M"}, {})


@pytest.mark.parametrize(
    ("name", "rack", "count", "scylla"),
    [
        # requests below the limits: Burstable whatever the agent
        ("examples__scylladb__scylla.scyllacluster.yaml", "us-east-1a", 1, ({"cpu": "10m", "memory": "100Mi"}, {"cpu": "1", "memory": "1Gi"})),
        ("deploy__manager__prod__50_scyllacluster.yaml", "manager-rack", 1, ({"cpu": "1", "memory": "200Mi"}, {"cpu": "1", "memory": "200Mi"})),
        ("examples__ipv6__scylla-cluster-minimal-dual-stack.yaml", "dual-stack-rack", 3, ({"cpu": "2", "memory": "8Gi"}, {"cpu": "2", "memory": "8Gi"})),
    ],
)  # fmt: skip
def test_a_scylla_cluster_rack_is_the_operators_statefulset(name: str, rack: str, count: int, scylla: Any, capsys: pytest.CaptureFixture[str]) -> None:
    # scylla-operator resource.go StatefulSetForRack: `members` pods; sidecar-injection, the bootstrap barrier (ScyllaDB
    # 2026.2.4 and 2025.4.0 are at least 2025.2.0), the rack's resources on scylla, the probe and ignition containers,
    # the agent with the CRD's default agentResources (requests 50m, 10M: no limit, so never Guaranteed); no node
    # exporter before 2026.3.0
    [(got_rack, got_count, inits, containers, resources)] = operator_pods(SCYLLA / name)
    assert (got_rack, got_count) == (rack, count)
    assert inits == ["sidecar-injection", "scylladb-bootstrap-barrier"]
    assert containers == ["scylla", "scylladb-api-status-probe", "scylladb-ignition", "scylla-manager-agent"]
    assert resources == {**_fixed("sidecar-injection", "scylladb-bootstrap-barrier", "scylladb-api-status-probe", "scylladb-ignition"),
                         "scylla": scylla, "scylla-manager-agent": SCYLLA_AGENT_DEFAULT}  # fmt: skip
    main(["explain", "-o", "json", str(SCYLLA / name)])
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert pod["qosClass"] == "Burstable" and pod["workload"]["replicas"] == count


def test_scylla_lint_no_longer_says_nothing_found(capsys: pytest.CaptureFixture[str]) -> None:
    # before: ScyllaCluster counted among the custom objects with no pod found; the rack pods have limits on every
    # operator container but the agent, so no BestEffort or missing-request finding
    assert main(["lint", "--no-config", "-o", "json", str(SCYLLA)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["summary"]["pods"] == 5 and "ScyllaCluster" not in report["summary"]["skipped"].get("nothing-found", {})  # and a NodeConfig's and a ScyllaDBMonitoring's


@pytest.mark.parametrize(
    ("version", "inits", "exporter"),
    [
        ("2025.1.9", ["sidecar-injection"], False),  # before the barrier
        ("2025.2.0", ["sidecar-injection", "scylladb-bootstrap-barrier"], False),
        ("2026.3.0-rc0", ["sidecar-injection", "scylladb-bootstrap-barrier"], True),  # a prerelease of 2026.3.0: at least 2026.3.0-0
        ("2026.3.0", ["sidecar-injection", "scylladb-bootstrap-barrier"], True),
        ("latest", ["sidecar-injection", "scylladb-bootstrap-barrier"], False),  # unknown: SupportFeatureUnsafe yes, Safe no
        ("2026.3", ["sidecar-injection", "scylladb-bootstrap-barrier"], False),  # blang/semver reads no 2-part version
    ],
)  # fmt: skip
def test_scylla_containers_follow_the_scylladb_version(version: str, inits: list[str], exporter: bool, tmp_path: Path) -> None:
    text = (SCYLLA / "examples__scylladb__scylla.scyllacluster.yaml").read_text(encoding="utf-8")
    assert "version: 2026.2.4" in text
    path = tmp_path / "sc.yaml"
    path.write_text(text.replace("version: 2026.2.4", f"version: '{version}'").replace("developerMode: true", "sysctls: [fs.aio-max-nr=30000000]"), encoding="utf-8")
    [(_, _, got_inits, containers, resources)] = operator_pods(path)
    assert got_inits == [inits[0], "sysctl-buddy", *inits[1:]]  # spec.sysctls written: makeSysctlInitContainer
    assert ("scylladb-node-exporter" in containers) == exporter
    if exporter:
        assert containers[-1] == "scylladb-node-exporter" and resources["scylladb-node-exporter"] == _fixed("scylladb-node-exporter")["scylladb-node-exporter"]


def test_a_scylladb_datacenter_merges_its_rack_template(tmp_path: Path) -> None:
    # v1alpha1: nodes from the rack, else rackTemplate.nodes; scyllaDB.resources over the rack template's key by key
    # (applyRackTemplateOnRackSpec maps.Copy); the agent only where spec.scyllaDBManagerAgent is written, no default;
    # the version is the image's tag (naming.ImageToVersion)
    path = tmp_path / "sdc.yaml"
    path.write_text(
        "apiVersion: scylla.scylladb.com/v1alpha1\nkind: ScyllaDBDatacenter\nmetadata: {name: dc}\nspec:\n"
        "  clusterName: c\n  scyllaDB: {image: 'docker.io/scylladb/scylla:2026.3.1'}\n"
        "  rackTemplate:\n    nodes: 2\n    scyllaDB: {resources: {requests: {cpu: '2', memory: 8Gi}, limits: {cpu: '2', memory: 8Gi}}}\n"
        "    scyllaDBManagerAgent: {resources: {limits: {cpu: 100m, memory: 100Mi}}}\n"
        "  racks:\n  - name: a\n    scyllaDB: {resources: {limits: {memory: 16Gi}, requests: {memory: 16Gi}}}\n  - name: b\n    nodes: 5\n",
        encoding="utf-8",
    )
    pods = operator_pods(path)
    assert [(p[0], p[1], p[2], p[3]) for p in pods] == [
        (rack, n, ["sidecar-injection", "scylladb-bootstrap-barrier"], ["scylla", "scylladb-api-status-probe", "scylladb-ignition", "scylladb-node-exporter"])
        for rack, n in (("a", 2), ("b", 5))
    ]
    assert pods[0][4]["scylla"] == ({"cpu": "2", "memory": "16Gi"}, {"cpu": "2", "memory": "16Gi"})
    assert pods[1][4]["scylla"] == ({"cpu": "2", "memory": "8Gi"}, {"cpu": "2", "memory": "8Gi"})
    with_agent = tmp_path / "agent.yaml"
    with_agent.write_text(path.read_text(encoding="utf-8").replace("  clusterName: c\n", "  clusterName: c\n  scyllaDBManagerAgent: {image: 'a:1'}\n"), encoding="utf-8")
    [a, _] = operator_pods(with_agent)
    assert a[3][3] == "scylla-manager-agent" and a[4]["scylla-manager-agent"] == ({}, {"cpu": "100m", "memory": "100Mi"})


CRDB = REAL / "cockroachdb__cockroach-operator"
CRDB_INIT = ({"cpu": "50m", "memory": "100Mi"}, {"cpu": "100m", "memory": "200Mi"})


@pytest.mark.parametrize(
    ("name", "inits", "db", "qos"),
    [
        # tlsEnabled: db-init (MakeInitContainers: requests 50m/100Mi, limits 100m/200Mi) before db with spec.resources whole
        ("examples__example.yaml", {"db-init": CRDB_INIT}, ({"cpu": "500m", "memory": "2Gi"}, {"cpu": "2", "memory": "8Gi"}), "Burstable"),
        # requests equal limits on db, but db-init's do not: never Guaranteed with TLS
        ("examples__smoketest.yaml", {"db-init": CRDB_INIT}, ({"cpu": "300m", "memory": "300Mi"}, {"cpu": "300m", "memory": "300Mi"}), "Burstable"),
        # no TLS, no resources: the operator adds none, BestEffort as fact
        ("examples__3-nodes-insecure.yaml", {}, ({}, {}), "BestEffort"),
    ],
)  # fmt: skip
def test_a_crdb_cluster_is_its_nodes(name: str, inits: dict[str, Any], db: Any, qos: str, capsys: pytest.CaptureFixture[str]) -> None:
    # cockroach-operator pkg/resource/statefulset.go: spec.nodes pods, db-init only with spec.tlsEnabled
    [(_, count, got_inits, containers, resources)] = operator_pods(CRDB / name)
    assert (count, got_inits, containers) == (3, list(inits), ["db"])
    assert resources == {**inits, "db": db}
    main(["explain", "-o", "json", str(CRDB / name)])
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert pod["qosClass"] == qos and pod["workload"]["kind"] == "CrdbCluster"


def test_crdb_lint_judges_the_nodes(capsys: pytest.CaptureFixture[str]) -> None:
    # before: "custom object with no pod found"; now the insecure example's nodes are BestEffort (PR201), as the operator builds them
    main(["lint", "--no-config", "-o", "json", str(CRDB / "examples__3-nodes-insecure.yaml")])
    report = json.loads(capsys.readouterr().out)
    assert report["summary"]["pods"] == 1 and "PR201" in {f["rule"] for f in report["findings"]}


RF = REAL / "spotahome__redis-operator"
RF_COPY = {"sentinel-config-copy": ({"cpu": "10m", "memory": "32Mi"}, {"cpu": "10m", "memory": "32Mi"})}
RF_EXPORTER = ({"cpu": "10m", "memory": "50Mi"}, {"cpu": "1", "memory": "100Mi"})
YATAI = "bentoml__yatai-deployment/"
YATAI_METRICS = ("metrics-transformer", {"cpu": "10m", "memory": "10Mi"}, {"cpu": "100m", "memory": "100Mi"})
YATAI_PROXY = ("proxy", {"cpu": "100m", "memory": "200Mi"}, {"cpu": "300m", "memory": "1000Mi"})
YATAI_MAIN = ("main", {"cpu": "100m", "memory": "200Mi"}, {"cpu": "1", "memory": "1Gi"})
FLUID = "fluid-cloudnative__fluid/"
ALLUXIO_MASTER = ("AlluxioRuntime", "master", 1, [("alluxio-master", {}, {}), ("alluxio-job-master", {}, {})], False)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # redis with spec.redis.resources whole, sentinel with spec.sentinel.resources as written (the API server then
        # defaults its memory request to the limit); sentinel-config-copy requests and is limited to 10m/32Mi (generator.go generateSentinelDeployment)
        ("example__redisfailover__basic.yaml", [
            ("redis", 3, [], ["redis"], {"redis": ({"cpu": "100m", "memory": "100Mi"}, {"cpu": "400m", "memory": "500Mi"})}),
            ("sentinel", 3, ["sentinel-config-copy"], ["sentinel"],
             {**RF_COPY, "sentinel": ({"cpu": "100m"}, {"memory": "100Mi"})})]),
        # exporter.enabled without exporter.resources: exporterDefaultResourceRequirements (10m/50Mi, 1000m/100Mi)
        ("example__redisfailover__enable-exporter.yaml", [
            ("redis", 3, [], ["redis", "redis-exporter"], {"redis": ({}, {}), "redis-exporter": RF_EXPORTER}),
            ("sentinel", 3, ["sentinel-config-copy"], ["sentinel", "sentinel-exporter"],
             {**RF_COPY, "sentinel": ({}, {}), "sentinel-exporter": RF_EXPORTER})]),
        # initContainers after the operator's own, extraContainers after the main one
        ("example__redisfailover__sidecars.yaml", [
            ("redis", 3, ["echo"], ["redis", "busybox"], {"echo": ({}, {}), "redis": ({}, {}), "busybox": ({}, {})}),
            ("sentinel", 3, ["sentinel-config-copy", "echo"], ["sentinel", "busybox"],
             {**RF_COPY, "echo": ({}, {}), "sentinel": ({}, {}), "busybox": ({}, {})})]),
        # a bootstrap node without allowSentinels: no sentinel Deployment (SentinelsAllowed)
        ("example__redisfailover__bootstrapping.yaml", [("redis", 3, [], ["redis"], {"redis": ({}, {})})]),
        ("example__redisfailover__bootstrapping-with-sentinels.yaml", [
            ("redis", 3, [], ["redis"], {"redis": ({}, {})}),
            ("sentinel", 3, ["sentinel-config-copy"], ["sentinel"], {**RF_COPY, "sentinel": ({}, {})})]),
    ],
)  # fmt: skip
def test_a_redis_failover_is_its_redis_and_sentinel_pods(name: str, expected: list[Any]) -> None:
    assert operator_pods(RF / name) == expected


def test_a_redis_failover_counts_and_written_exporter_resources(tmp_path: Path) -> None:
    # replicas <= 0 is 3 (validate.go Validate); exporter.resources written, even empty, replaces the defaults whole
    path = tmp_path / "rf.yaml"
    path.write_text(
        "apiVersion: databases.spotahome.com/v1\nkind: RedisFailover\nmetadata: {name: r}\nspec:\n"
        "  redis:\n    replicas: 0\n    exporter: {enabled: true, resources: {}}\n"
        "  sentinel:\n    replicas: 5\n    exporter: {enabled: true, resources: {limits: {memory: 64Mi}}}\n",
        encoding="utf-8",
    )
    [redis, sentinel] = operator_pods(path)
    assert redis[1] == 3 and redis[4]["redis-exporter"] == ({}, {})
    assert sentinel[1] == 5 and sentinel[4]["sentinel-exporter"] == ({}, {"memory": "64Mi"})


def test_redis_failover_lint_judges_its_pods(capsys: pytest.CaptureFixture[str]) -> None:
    # before: "custom object with no pod found"; the bootstrapping example's redis pods are BestEffort as built
    main(["lint", "--no-config", "-o", "json", str(RF / "example__redisfailover__bootstrapping.yaml")])
    report = json.loads(capsys.readouterr().out)
    assert report["summary"]["pods"] == 1 and [f["rule"] for f in report["findings"]] == ["PR201"]


FLUENT = REAL / "fluent__fluent-operator"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # FluentBit: the operator's DaemonSet (one pod a node, no count), fluent-bit with spec.resources whole
        # (pkg/operator/daemonset.go MakeDaemonSet); none written: nothing set
        ("manifests__quick-start__fluentbit.yaml", [("", None, [], ["fluent-bit"], {"fluent-bit": ({}, {})})]),
        ("manifests__kubeedge__fluentbit-fluentbit-edge.yaml", [
            ("", None, [], ["fluent-bit"], {"fluent-bit": ({"cpu": "10m", "memory": "25Mi"}, {"cpu": "500m", "memory": "200Mi"})})]),
        # Fluentd in the default collector mode: the StatefulSet of spec.replicas (sts.go MakeStatefulSet)
        ("manifests__fluentd__fluentd-cluster-cfg-output-buffer-example.yaml", [("statefulset", 3, [], ["fluentd"], {"fluentd": ({}, {})})]),
        # no replicas: MakeStatefulSet dereferences the nil pointer and makes nothing; the count is unknown
        ("config__samples__fluentd_v1alpha1_fluentd.yaml", [("statefulset", None, [], ["fluentd"], {"fluentd": ({}, {})})]),
    ],
)  # fmt: skip
def test_fluent_operator_kinds_are_their_workloads(name: str, expected: list[Any]) -> None:
    assert operator_pods(FLUENT / name) == expected


def test_fluent_operator_modes_counts_and_init_containers(tmp_path: Path) -> None:
    # Fluentd mode agent: a DaemonSet (no count, replicas ignored); a written 0 replicas is 1 (MakeStatefulSet);
    # a Collector's replicas default 1 (MakefbStatefulset); a FluentBit's initContainers before fluent-bit
    path = tmp_path / "fluent.yaml"
    path.write_text(
        "apiVersion: fluentd.fluent.io/v1alpha1\nkind: Fluentd\nmetadata: {name: a}\n"
        "spec: {mode: agent, replicas: 4, resources: {limits: {cpu: 500m, memory: 500Mi}}}\n---\n"
        "apiVersion: fluentd.fluent.io/v1alpha1\nkind: Fluentd\nmetadata: {name: b}\nspec: {replicas: 0}\n---\n"
        "apiVersion: fluentbit.fluent.io/v1alpha2\nkind: Collector\nmetadata: {name: c}\nspec: {resources: {requests: {memory: 1Gi}}}\n---\n"
        "apiVersion: fluentbit.fluent.io/v1alpha2\nkind: FluentBit\nmetadata: {name: d}\n"
        "spec: {initContainers: [{name: wait, image: busybox, resources: {requests: {cpu: 5m}}}]}\n",
        encoding="utf-8",
    )
    assert operator_pods(path) == [
        ("daemonset", None, [], ["fluentd"], {"fluentd": ({}, {"cpu": "500m", "memory": "500Mi"})}),
        ("statefulset", 1, [], ["fluentd"], {"fluentd": ({}, {})}),
        ("", 1, [], ["fluent-bit"], {"fluent-bit": ({"memory": "1Gi"}, {})}),
        ("", None, ["wait"], ["fluent-bit"], {"wait": ({"cpu": "5m"}, {}), "fluent-bit": ({}, {})}),
    ]


def test_fluent_operator_lint_judges_the_pods(capsys: pytest.CaptureFixture[str]) -> None:
    # before: "custom object with no pod found"; the quick start's Fluent Bit is BestEffort as the operator builds it
    main(["lint", "--no-config", "-o", "json", str(FLUENT / "manifests__quick-start__fluentbit.yaml")])
    report = json.loads(capsys.readouterr().out)
    assert report["summary"]["pods"] == 1 and [f["rule"] for f in report["findings"]] == ["PR201"]


NEPHIO = REAL / "nephio-project__catalog"


@pytest.mark.parametrize(
    ("name", "nf", "each"),
    [
        # no spec.capacity (nfdeploy-fn fills it in the kpt pipeline): the free5gc operator's sizes for a zero capacity
        # (nephio-project/free5gc controllers/nf/<nf>/resources.go createResourceRequirements), as written
        ("workloads__free5gc__pkg-example-upf-bp__upfdeployment.yaml", "upf", {"cpu": "500m", "memory": "512Mi"}),
        ("workloads__free5gc__pkg-example-amf-bp__amfdeployment.yaml", "amf", {"cpu": "150m", "memory": "128Mi"}),
        ("workloads__free5gc__pkg-example-smf-bp__smfdeployment.yaml", "smf", {"cpu": "100m", "memory": "128Mi"}),
    ],
)
def test_a_free5gc_nf_deployment_is_one_sized_pod(name: str, nf: str, each: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert operator_pods(NEPHIO / name) == [(nf, 1, [], [nf], {nf: (each, each)})]
    main(["explain", "-o", "json", str(NEPHIO / name)])
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert pod["qosClass"] == "Guaranteed" and "nfdeploy-fn" in pod["workload"]["asWritten"]


def test_free5gc_sizes_follow_the_capacity(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # each branch of createResourceRequirements: upf above 5G (Value()), amf above 1000 subscribers, smf not both below
    # 1000 sessions and 10 connections; another provider's NFDeployment (OAI, RIC) makes no free5gc pod
    path = tmp_path / "nf.yaml"
    docs = [("upf", "upf.free5gc.io", "{maxDownlinkThroughput: 5000000001}"), ("u5", "upf.free5gc.io", "{maxDownlinkThroughput: 5G}"),
            ("amf", "amf.free5gc.io", "{maxSubscribers: 1001}"), ("smf", "smf.free5gc.io", "{maxSessions: 999, maxNFConnections: 10}"),
            ("s2", "smf.free5gc.io", "{maxSessions: 999, maxNFConnections: 9}"), ("ric", "ric.oransc.org", "{}")]  # fmt: skip
    path.write_text("---\n".join(
        f"apiVersion: workload.nephio.org/v1alpha1\nkind: NFDeployment\nmetadata: {{name: {n}}}\nspec: {{provider: {p}, capacity: {c}}}\n"
        for n, p, c in docs), encoding="utf-8")  # fmt: skip
    got = [(p[0], p[4][p[0]][0]) for p in operator_pods(path)]
    assert got == [("upf", {"cpu": "1", "memory": "1Gi"}), ("upf", {"cpu": "500m", "memory": "512Mi"}), ("amf", {"cpu": "300m", "memory": "256Mi"}),
                   ("smf", {"cpu": "500m", "memory": "512Mi"}), ("smf", {"cpu": "100m", "memory": "128Mi"})]  # fmt: skip
    main(["explain", "-o", "json", str(path)])
    report = json.loads(capsys.readouterr().out)
    assert all(p["workload"]["asWritten"] is None for p in report["pods"])
    assert report["summary"]["skipped"]["nothing-found"] == {"NFDeployment": 1}


def test_free5gc_bad_capacity_is_a_problem_not_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nf.yaml"
    path.write_text("apiVersion: workload.nephio.org/v1alpha1\nkind: NFDeployment\nmetadata: {name: u}\n"
                    "spec: {provider: upf.free5gc.io, capacity: {maxDownlinkThroughput: [1]}}\n", encoding="utf-8")  # fmt: skip
    main(["explain", "-o", "json", str(path)])
    report = json.loads(capsys.readouterr().out)
    assert "quantity must be a string or a number" in report["problems"][0]["message"]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # v2alpha1: the API server's main with spec.resources over getResourcesConfig's defaults, the metrics transformer,
        # the envoy proxy and (monitorExporter.enabled) the monitor exporter; the runner's main and metrics transformer
        (f"{YATAI}tests__e2e__example.yaml", [
            ("BentoDeployment", "api-server", 1, [YATAI_MAIN, YATAI_METRICS, YATAI_PROXY,
                                                  ("monitor-exporter", {"cpu": "100m", "memory": "24Mi"}, {"cpu": "1", "memory": "72Mi"})], False),
            ("BentoDeployment", "runners[0] iris_clf", 1, [YATAI_MAIN, YATAI_METRICS], False),
        ]),
        # v1alpha2: only cpu written: memory keeps the defaults 500Mi/1Gi; no autoscaling: one pod; no runner
        (f"{YATAI}config__samples__serving_v1alpha2_bentodeployment.yaml", [
            ("BentoDeployment", "api-server", 1, [("main", {"cpu": "500m", "memory": "500Mi"}, {"cpu": "1", "memory": "1Gi"}),
                                                  YATAI_METRICS, YATAI_PROXY], False),
        ]),
    ],
)  # fmt: skip
def test_a_bentodeployment_is_its_api_server_and_runners(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_a_bentodeployments_defaults_annotations_and_replicas(tmp_path: Path) -> None:
    """No resources: getResourcesConfig's 300m/500Mi and 500m/1Gi; a gpu counts under limits only; the proxy's
    annotations replace its resources (not computed: cpu and memory left to the operator); debug mode adds the
    debugger; extraPodSpec.containers join the pod; v1alpha3's autoscaling without min_replicas is 2 pods
    (TransformToNewHPA), v2alpha1's minReplicas its own."""
    (tmp_path / "b.yaml").write_text(
        "apiVersion: serving.yatai.ai/v2alpha1\nkind: BentoDeployment\nmetadata: {name: b}\nspec:\n  bento: x\n"
        "  annotations: {yatai.ai/enable-debug-mode: 'true', yatai.ai/proxy-sidecar-resources-limits-cpu: '1'}\n"
        "  autoscaling: {minReplicas: 3, maxReplicas: 5}\n"
        "  extraPodSpec: {containers: [{name: side, image: s, resources: {requests: {cpu: 5m}}}]}\n"
        "  runners:\n  - name: r\n    resources: {requests: {gpu: '1'}, limits: {gpu: '2', custom: {example.com/x: '1'}}}\n"
        "---\napiVersion: serving.yatai.ai/v1alpha3\nkind: BentoDeployment\nmetadata: {name: old}\nspec:\n  bento_tag: x:y\n"
        "  autoscaling: {max_replicas: 4}\n  runners:\n  - name: r\n",
        encoding="utf-8",
    )
    default = ("main", {"cpu": "300m", "memory": "500Mi"}, {"cpu": "500m", "memory": "1Gi"})
    debugger = ("debugger", {"cpu": "100m", "memory": "100Mi"}, {"cpu": "1", "memory": "1000Mi"})
    found = pods(str(tmp_path / "b.yaml"))
    assert found == [
        ("BentoDeployment", "api-server", 3, [("side", {"cpu": "5m"}, {}), default, YATAI_METRICS, ("proxy", {}, {}), debugger], False),
        ("BentoDeployment", "runners[0] r", 1, [
            ("main", {"cpu": "300m", "memory": "500Mi"}, {"cpu": "500m", "memory": "1Gi", "nvidia.com/gpu": "2", "example.com/x": "1"}),
            YATAI_METRICS], False),
        ("BentoDeployment", "api-server", 2, [default, YATAI_METRICS, YATAI_PROXY], False),
        ("BentoDeployment", "runners[0] r", 1, [default, YATAI_METRICS], False),
    ]


def test_a_nodeconfig_is_its_node_setup_daemonset(tmp_path: Path) -> None:
    """makeNodeSetupDaemonSet (scylladb/scylla-operator pkg/controller/nodeconfig/resource.go): a pod a node (no count),
    scylla-node-config requesting 10m/50Mi with no limit; none where localDiskSetup is unset and disableOptimizations
    true, one where either is not so. Before: 'custom object with no pod found' (NodeConfig 13)."""
    setup = [("scylla-node-config", {"cpu": "10m", "memory": "50Mi"}, {})]
    assert pods("scylladb__scylla-operator/examples__gke__nodeconfig-alpha.yaml") == [("NodeConfig", "node-setup", None, setup, False)]
    head = "apiVersion: scylla.scylladb.com/v1alpha1\nkind: NodeConfig\nmetadata: {name: n}\nspec:\n"
    (tmp_path / "n.yaml").write_text(
        head + "  disableOptimizations: true\n---\n" + head + "  disableOptimizations: true\n  localDiskSetup: {raids: []}\n---\n"
        + head + "  placement: {}\n", encoding="utf-8")  # fmt: skip
    assert pods(str(tmp_path / "n.yaml")) == [("NodeConfig", "node-setup", None, setup, False)] * 2


def test_a_scylladbmonitoring_is_its_grafana_pod(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """makeGrafanaDeployment: one pod (no replicas), grafana with spec.components.grafana.resources whole, the init
    container gzip with none; the example writes none, so the pod is BestEffort (PR201). Before: 'custom object with
    no pod found' (ScyllaDBMonitoring 2)."""
    name = "scylladb__scylla-operator/examples__monitoring__v1alpha1__scylladbmonitoring.yaml"
    assert pods(name) == [("ScyllaDBMonitoring", None, 1, [("grafana", {}, {})], False)]
    assert [f["rule"] for f in lint(capsys, str(REAL / name))["findings"]] == ["PR201"]
    text = (REAL / name).read_text(encoding="utf-8").replace(
        "    grafana:\n", "    grafana:\n      resources: {requests: {cpu: 100m, memory: 128Mi}, limits: {memory: 256Mi}}\n")
    (tmp_path / "m.yaml").write_text(text, encoding="utf-8")
    assert pods(str(tmp_path / "m.yaml")) == [("ScyllaDBMonitoring", None, 1, [("grafana", {"cpu": "100m", "memory": "128Mi"}, {"memory": "256Mi"})], False)]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # a memory tier of 2Gi: the worker's memory request is raised to it (transformResourcesForWorker); the fuse
        # writes no memory limit, so the engine sets none of its resources
        (f"{FLUID}samples__accelerate__dataset.yaml", [
            ALLUXIO_MASTER,
            ("AlluxioRuntime", "worker", 2, [("alluxio-worker", {"memory": "2Gi"}, {}), ("alluxio-job-worker", {}, {})], False),
            ("AlluxioRuntime", "fuse", None, [("alluxio-fuse", {}, {})], False)]),
        # an SSD tier only: the worker as written (cpu limit 8; the API server defaults its request to it); the fuse's cpu limit 16
        # is dropped, as it writes no memory limit
        (f"{FLUID}samples__dawnbench__runtime.yaml", [
            ALLUXIO_MASTER,
            ("AlluxioRuntime", "worker", 16, [("alluxio-worker", {}, {"cpu": "8"}), ("alluxio-job-worker", {}, {})], False),
            ("AlluxioRuntime", "fuse", None, [("alluxio-fuse", {}, {})], False)]),
        (f"{FLUID}test__gha-e2e__jindo__dataset.yaml", [
            ("JindoRuntime", "master", 1, [("jindofs-master", {}, {})], False),
            ("JindoRuntime", "worker", 1, [("jindofs-worker", {}, {})], True),
            ("JindoRuntime", "fuse", None, [("jindofs-fuse", {}, {})], False)]),
        (f"{FLUID}config__samples__data_v1alpha1_juicefsruntime.yaml", [
            ("JuiceFSRuntime", "worker", 1, [("juicefs-worker", {}, {})], False),
            ("JuiceFSRuntime", "fuse", None, [("juicefs-fuse", {}, {})], False)]),
        # an empty spec: one master (0 is 1), no worker, the fuse; the worker's memory is the engine's: as written
        (f"{FLUID}config__samples__data_v1alpha1_vineyardruntime.yaml", [
            ("VineyardRuntime", "master", 1, [("vineyard-master", {}, {})], False),
            ("VineyardRuntime", "worker", 0, [("vineyard-worker", {}, {})], True),
            ("VineyardRuntime", "fuse", None, [("vineyard-fuse", {}, {})], False)]),
        (f"{FLUID}samples__dataload__dataload.yaml", [("DataLoad", None, 1, [("dataloader", {}, {})], False)]),
    ],
)  # fmt: skip
def test_fluid_runtimes_are_their_master_worker_and_fuse_pods(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_fluid_alluxio_real_findings(capsys: pytest.CaptureFixture[str]) -> None:
    """dawnbench: the master and the fuse are BestEffort (the fuse's cpu limit is dropped by transformResourcesForFuse),
    the job worker sets nothing, the worker only a cpu limit."""
    report = lint(capsys, str(REAL / FLUID / "samples__dawnbench__runtime.yaml"))
    assert [(f["rule"], f["line"]) for f in report["findings"]] == [
        ("PR138", 7), ("PR201", 75), ("PR131", 86), ("PR132", 86), ("PR401", 86), ("PR201", 89)]  # fmt: skip
    fuse = report["findings"][-1]
    assert fuse["object"]["name"] == "imagenet"


def _fluid(tmp_path: Path, text: str) -> list[Any]:
    (tmp_path / "r.yaml").write_text(text)
    return _all(tmp_path / "r.yaml")


def test_fluid_alluxio_memory_tiers_and_fuse_limit(tmp_path: Path) -> None:
    """Memory tiers (MEM, and any medium but SSD and HDD) summed over paths: quota divided evenly, or quotaList; the
    worker's request raised to the sum only where lower; the fuse's memory limit is its own plus that sum; runAs
    enables init-users and init-fuse; apiGateway.enabled adds api-gateway without resources; master.replicas."""
    got = _fluid(tmp_path, (
        "apiVersion: data.fluid.io/v1alpha1\nkind: AlluxioRuntime\nmetadata: {name: a}\nspec:\n  replicas: 3\n"
        "  runAs: {uid: 1000, gid: 1000, user: u, group: g}\n  apiGateway: {enabled: true}\n"
        "  master: {replicas: 3, resources: {requests: {cpu: '1'}}}\n"
        "  tieredstore:\n    levels:\n    - {mediumtype: MEM, path: '/dev/shm,/dev/shm2', quota: 3Gi}\n"
        "    - {mediumtype: SSD, path: /ssd, quota: 100Gi}\n    - {mediumtype: MEM, path: '/a,/b', quotaList: '512Mi,1Gi'}\n"
        "  worker: {resources: {requests: {memory: 1Gi}, limits: {memory: 8Gi}}}\n"
        "  jobWorker: {resources: {requests: {cpu: 100m}}}\n"
        "  fuse: {resources: {requests: {cpu: 500m}, limits: {memory: 4Gi}}}\n"))  # fmt: skip
    assert got == [
        ("AlluxioRuntime", "master", 3, [("init-users", "init", {}, {}), ("api-gateway", "regular", {}, {}),
                                         ("alluxio-master", "regular", {"cpu": "1"}, {}), ("alluxio-job-master", "regular", {}, {})], False),
        ("AlluxioRuntime", "worker", 3, [("init-users", "init", {}, {}), ("alluxio-worker", "regular", {"memory": "4608Mi"}, {"memory": "8Gi"}),
                                         ("alluxio-job-worker", "regular", {"cpu": "100m"}, {})], False),
        ("AlluxioRuntime", "fuse", None, [("init-fuse", "init", {}, {}), ("alluxio-fuse", "regular", {"cpu": "500m"},
                                                                           {"memory": "8704Mi"})], False),
    ]  # fmt: skip


def test_fluid_alluxio_written_request_above_the_tiers_and_a_zero_fuse_limit(tmp_path: Path) -> None:
    """A memory request above the tiers' quota is kept; a fuse memory limit of 0 becomes 50Gi plus the quota."""
    got = _fluid(tmp_path, (
        "apiVersion: data.fluid.io/v1alpha1\nkind: AlluxioRuntime\nmetadata: {name: a}\nspec:\n"
        "  tieredstore: {levels: [{mediumtype: MEM, path: /dev/shm, quota: 2Gi}]}\n"
        "  worker: {resources: {requests: {memory: 6Gi}}}\n  fuse: {resources: {limits: {memory: '0'}}}\n"))  # fmt: skip
    assert got[1][3][0] == ("alluxio-worker", "regular", {"memory": "6Gi"}, {})
    assert got[1][2] == 0
    assert got[2][3] == [("alluxio-fuse", "regular", {}, {"memory": "52Gi"})]


def test_fluid_jindo_ha_master_and_disabled_parts(tmp_path: Path) -> None:
    """transformReplicasCount: 3 masters for replicas 3, else 1 (replicas 2: 1); a disabled part makes no pod."""
    runtime = "apiVersion: data.fluid.io/v1alpha1\nkind: JindoRuntime\nmetadata: {name: j}\nspec:\n  replicas: 2\n"
    three = _fluid(tmp_path, runtime + "  master: {replicas: 3, resources: {limits: {cpu: '2', memory: 4Gi}}}\n  fuse: {disabled: true}\n")
    assert [(p[1], p[2], p[3]) for p in three] == [
        ("master", 3, [("jindofs-master", "regular", {}, {"cpu": "2", "memory": "4Gi"})]),
        ("worker", 2, [("jindofs-worker", "regular", {}, {})])]  # fmt: skip
    two = _fluid(tmp_path, runtime + "  master: {replicas: 2}\n  worker: {disabled: true}\n")
    assert [(p[1], p[2]) for p in two] == [("master", 1), ("fuse", None)]


def test_fluid_efc_thin_and_vineyard_branches(tmp_path: Path) -> None:
    """EFC: master.replicas below 1 is 1, disabled parts make no pod; Thin: a worker only with worker.enabled, as
    written where a profile is named; Vineyard: the fuse takes the master's resources (the chart's template)."""
    efc = _fluid(tmp_path, "apiVersion: data.fluid.io/v1alpha1\nkind: EFCRuntime\nmetadata: {name: e}\nspec:\n  replicas: 2\n"
                           "  worker: {disabled: true}\n  fuse: {resources: {requests: {memory: 1Gi}}}\n")  # fmt: skip
    assert [(p[1], p[2], p[3][0][0], p[3][0][2], p[4]) for p in efc] == [
        ("master", 1, "efc-master", {}, False), ("fuse", None, "efc-fuse", {"memory": "1Gi"}, False)]
    thin = _fluid(tmp_path, "apiVersion: data.fluid.io/v1alpha1\nkind: ThinRuntime\nmetadata: {name: t}\nspec:\n  profileName: p\n"
                            "  replicas: 1\n  worker: {enabled: true}\n  fuse: {resources: {limits: {cpu: '1'}}}\n")  # fmt: skip
    assert [(p[1], p[2], p[3][0][0], p[4]) for p in thin] == [("worker", 1, "thin-worker", True), ("fuse", None, "thin-fuse", True)]
    assert thin[1][3][0][2:] == ({}, {"cpu": "1"})
    vineyard = _fluid(tmp_path, "apiVersion: data.fluid.io/v1alpha1\nkind: VineyardRuntime\nmetadata: {name: v}\nspec:\n"
                                "  master: {resources: {requests: {cpu: 500m}}}\n  fuse: {resources: {limits: {memory: 1Gi}}}\n")  # fmt: skip
    assert vineyard[2][3] == [("vineyard-fuse", "regular", {"cpu": "500m"}, {})]


def test_a_thin_runtime_profile_describes_runtimes(tmp_path: Path) -> None:
    """A ThinRuntimeProfile sizes the ThinRuntimes that name it: never searched for pods."""
    (tmp_path / "p.yaml").write_text(
        "apiVersion: data.fluid.io/v1alpha1\nkind: ThinRuntimeProfile\nmetadata: {name: p}\nspec:\n  fileSystemType: nfs\n"
        "  fuse:\n    image: x\n    resources: {}\n    containers: [{name: c, image: x}]\n"
    )
    items = list(iter_items([str(tmp_path / "p.yaml")]))
    assert [i.reason for i in items if isinstance(i, SkippedItem)] == ["describes-objects"]
    assert not [i for i in items if isinstance(i, WorkloadItem)]


SPO = "kubernetes-sigs__security-profiles-operator/"
SPO_INIT = ("non-root-enabler", {"cpu": "100m", "memory": "32Mi", "ephemeral-storage": "10Mi"}, {"memory": "64Mi", "ephemeral-storage": "50Mi"})
SPO_DAEMON = ({"cpu": "100m", "memory": "64Mi", "ephemeral-storage": "50Mi"}, {"memory": "128Mi", "ephemeral-storage": "200Mi"})


def _spod(path: Path) -> list[tuple[str | None, list[tuple[str, str, dict[str, str], dict[str, str]]]]]:
    out = []
    for item in iter_items([str(path)]):
        if isinstance(item, WorkloadItem):
            w = item.workload
            every = [(c.name, "init", c) for c in w.pod.init_containers] + [(c.name, "regular", c) for c in w.pod.containers]
            out.append((w.ref.name, [(n, t, {k: v.canonical() for k, v in c.resources.req.items()}, {k: v.canonical() for k, v in c.resources.lim.items()})
                                     for n, t, c in every]))  # fmt: skip
    return out


@pytest.mark.parametrize("name", ["examples__config.yaml", "deploy__overlays__webhook__spod-config.yaml"])
def test_a_spod_is_its_daemonset_pod_with_the_operators_base_resources(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    # getConfiguredSPOd: non-root-enabler and the daemon always, with spod.go's resources (no cpu limit); SELinux and the
    # enrichers are off in both (examples/config.yaml writes them false; the webhook overlay not at all)
    assert _spod(REAL / SPO / name) == [("spod", [("non-root-enabler", "init", *SPO_INIT[1:]), ("security-profiles-operator", "regular", *SPO_DAEMON)])]
    report = lint(capsys, str(REAL / SPO / name))
    assert [(f["rule"], f["object"]["kind"]) for f in report["findings"]] == [("PR133", "SecurityProfilesOperatorDaemon")]  # 64Mi of 128Mi


def test_a_spods_fields_add_the_selinux_and_enricher_containers_and_replace_the_daemons_resources(tmp_path: Path) -> None:
    text = (REAL / SPO / "examples__config.yaml").read_text()
    text = text.replace("    enable: false", "    enable: true").replace("    enableLogEnricher: false", "    enableLogEnricher: true\n    enableBpfRecorder: true\n    enableJsonEnricher: true")
    text += "  daemonResourceRequirements:\n    requests: {cpu: 500m, memory: 256Mi}\n    limits: {memory: 256Mi}\n"
    path = tmp_path / "spod.yaml"
    path.write_text(text)
    ((_, containers),) = _spod(path)
    assert containers == [
        ("non-root-enabler", "init", *SPO_INIT[1:]),
        ("selinux-shared-policies-copier", "init", {"cpu": "100m", "memory": "32Mi", "ephemeral-storage": "10Mi"}, {"memory": "1Gi", "ephemeral-storage": "50Mi"}),
        ("security-profiles-operator", "regular", {"cpu": "500m", "memory": "256Mi"}, {"memory": "256Mi"}),  # replaced whole
        ("selinuxd", "regular", {"cpu": "100m", "memory": "512Mi", "ephemeral-storage": "200Mi"}, {"memory": "1Gi", "ephemeral-storage": "400Mi"}),
        ("log-enricher", "regular", {"cpu": "50m", "memory": "64Mi", "ephemeral-storage": "10Mi"}, {"memory": "256Mi", "ephemeral-storage": "128Mi"}),
        ("bpf-recorder", "regular", {"cpu": "50m", "memory": "64Mi", "ephemeral-storage": "10Mi"}, {"memory": "128Mi", "ephemeral-storage": "20Mi"}),
        ("json-enricher", "regular", {"cpu": "50m", "memory": "64Mi", "ephemeral-storage": "10Mi"}, {"memory": "256Mi", "ephemeral-storage": "128Mi"}),
    ]


def test_spo_profiles_and_flux_toolkit_objects_describe_other_objects() -> None:
    assert skipped(f"{SPO}examples__profilebinding.yaml") == [("describes-objects", "ProfileBinding")]
    assert skipped("fluxcd__flux2-multi-tenancy/tenants__base__dev-team__sync.yaml") == [("describes-objects", "GitRepository"), ("describes-objects", "Kustomization")]
    assert skipped("fluxcd__flux2-multi-tenancy/clusters__production__infrastructure.yaml") == [("describes-objects", "Kustomization")] * 2
VITESS_OP = REAL / "planetscale__vitess-operator"
ETCD = [("etcd", "regular", {"cpu": "100m", "memory": "256Mi"}, {"memory": "256Mi"})]
VTCTLD_128 = {"cpu": "100m", "memory": "128Mi"}
EXPORTER = ("mysqld-exporter", "regular", {"cpu": "10m", "memory": "32Mi"}, {"cpu": "100m", "memory": "128Mi"})
TABLET_256 = {"cpu": "100m", "memory": "256Mi"}


def test_a_vitess_cluster_is_its_lockserver_vtctld_vtadmin_vtgates_vtorcs_and_tablets() -> None:
    """vitessio/vitess examples/operator/302_new_shards.yaml: the default global etcd (3 pods, 100m/256Mi, 256Mi
    limit); vtctld, vtadmin (api and web) and vtgate in zone1 with their written resources; vtorc per shard of each
    keyspace (commerce: 1, written resources; customer: 1 + 2 shards, the operator's 100m/128Mi); the tablets:
    replicas x parts, init-vt-root and init-mysql-socket (a dataVolumeClaimTemplate) at 100m with vttablet's
    resources over them, vttablet, mysqld and the mysqld-exporter sidecar with the operator's 10m/32Mi, 100m/128Mi."""
    inits = [(n, "init", TABLET_256, {"memory": "256Mi"}) for n in ("init-vt-root", "init-mysql-socket")]
    tablet = [*inits, ("vttablet", "regular", TABLET_256, {"memory": "256Mi"}),
              ("mysqld", "regular", {"cpu": "100m", "memory": "512Mi"}, {"memory": "1Gi"}), EXPORTER]  # fmt: skip
    pool = "partitionings[{}].equal.shardTemplate.tabletPools[0] replica tablets"
    vtorc = [("vtorc", "regular", VTCTLD_128, {"memory": "128Mi"})]
    assert _all(REAL / "vitessio__vitess" / "examples__operator__302_new_shards.yaml") == [
        ("VitessCluster", "global lockserver etcd", 3, ETCD, False),
        ("VitessCluster", "vtctld", 1, [("vtctld", "regular", VTCTLD_128, {"memory": "128Mi"})], False),
        ("VitessCluster", "vtadmin", 1, [("vtadmin-api", "regular", VTCTLD_128, {"memory": "128Mi"}),
                                         ("vtadmin-web", "regular", VTCTLD_128, {"memory": "128Mi"})], False),
        ("VitessCluster", "cells[0] zone1 vtgate", 1, [("vtgate", "regular", TABLET_256, {"memory": "256Mi"})], False),
        ("VitessCluster", "keyspaces[0] commerce vtorc", 1, vtorc, False),
        ("VitessCluster", "keyspaces[1] customer vtorc", 3, vtorc, False),
        ("VitessCluster", f"keyspaces[0].{pool.format(0)}", 2, tablet, False),
        ("VitessCluster", f"keyspaces[1].{pool.format(0)}", 2, tablet, False),
        ("VitessCluster", f"keyspaces[1].{pool.format(1)}", 4, tablet, False),
    ]  # fmt: skip


def test_a_vitess_cluster_without_component_resources_gets_the_operators_defaults() -> None:
    """planetscale/vitess-operator deploy/example.yaml: no vitessDashboard (vtctld per cell, 1 replica, 100m/128Mi,
    128Mi limit), no vtadmin (none), a gateway without replicas or resources (2 pods, 500m/1Gi, 1Gi limit); vttablet
    and mysqld with requests only (no limit: the operator adds none), the init containers 100m with vttablet's memory."""
    inits = [(n, "init", TABLET_256, {}) for n in ("init-vt-root", "init-mysql-socket")]
    tablet = [*inits, ("vttablet", "regular", TABLET_256, {}), ("mysqld", "regular", TABLET_256, {}), EXPORTER]
    assert _all(VITESS_OP / "deploy__example.yaml") == [
        ("VitessCluster", "global lockserver etcd", 3, ETCD, False),
        ("VitessCluster", "vtctld", 1, [("vtctld", "regular", VTCTLD_128, {"memory": "128Mi"})], False),
        ("VitessCluster", "cells[0] gcpuswest1b vtgate", 2, [("vtgate", "regular", {"cpu": "500m", "memory": "1Gi"}, {"memory": "1Gi"})], False),
        ("VitessCluster", "keyspaces[0] main vtorc", 2, [("vtorc", "regular", VTCTLD_128, {"memory": "128Mi"})], False),
        ("VitessCluster", "keyspaces[0].partitionings[0].equal.shardTemplate.tabletPools[0] replica tablets", 6, tablet, False),
    ]  # fmt: skip


def test_a_vitess_unmanaged_tablet_has_no_mysqld_and_no_vtorc(capsys: pytest.CaptureFixture[str]) -> None:
    """test/endtoend/operator/101_initial_cluster_unmanaged_tablet.yaml: an externalmaster pool with an
    externalDatastore and no dataVolumeClaimTemplate: vttablet and init-vt-root only; no replica pool, so no vtorc
    pod (vtorcSpecs); the test's own mysql Deployment is BestEffort, as fact."""
    path = VITESS_OP / "test__endtoend__operator__101_initial_cluster_unmanaged_tablet.yaml"
    got = _all(path)
    assert got[3] == ("VitessCluster", "keyspaces[0] commerce vtorc", 0, [("vtorc", "regular", {"cpu": "10m", "memory": "64Mi"}, {"memory": "128Mi"})], False)
    assert got[4] == (
        "VitessCluster", "keyspaces[0].partitionings[0].equal.shardTemplate.tabletPools[0] externalmaster tablets", 1,
        [("init-vt-root", "init", TABLET_256, {"memory": "256Mi"}), ("vttablet", "regular", TABLET_256, {"memory": "256Mi"})], False,
    )  # fmt: skip
    report = lint(capsys, str(path))
    assert [(f["rule"], f["object"]["name"]) for f in report["findings"] if f["severity"] != "info"] == [("PR201", "mysql")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an external global lockserver: no etcd; vtadmin without images.vtadmin: none (no default image); two cells,
        # vtctld in each (replicas 2 x 2 cells); a cell's own etcd; resources with requests only keep the default limit
        ("spec:\n  globalLockserver: {external: {implementation: etcd2, address: x, rootPath: /v}}\n"
         "  vtadmin: {apiAddresses: [x]}\n  vitessDashboard: {replicas: 2, resources: {requests: {cpu: '1'}}}\n"
         "  cells:\n  - name: a\n    lockserver: {etcd: {}}\n  - name: b\n    gateway: {replicas: 3}\n",
         [("vtctld", 4, [("vtctld", "regular", {"cpu": "1"}, {"memory": "128Mi"})]),
          ("cells[0] a vtgate", 2, [("vtgate", "regular", {"cpu": "500m", "memory": "1Gi"}, {"memory": "1Gi"})]),
          ("cells[1] b vtgate", 3, [("vtgate", "regular", {"cpu": "500m", "memory": "1Gi"}, {"memory": "1Gi"})]),
          ("cells[0] a lockserver etcd", 3, ETCD)]),
        # vitessDashboard.cells names a cell spec.cells lacks: skipped (one Deployment); custom shards, each with a
        # replica pool in two cells and a rdonly pool: 2 vtorc pods a shard; mysqldExporter's own resources whole
        ("spec:\n  images: {vtadmin: v}\n  vtadmin: {cells: [a], apiAddresses: [x]}\n  vitessDashboard: {cells: [a, z]}\n"
         "  cells: [{name: a}, {name: b}]\n  keyspaces:\n  - name: k\n    partitionings:\n    - custom:\n        shards:\n"
         "        - {keyRange: {end: '80'}, tabletPools: [{cell: a, type: replica, replicas: 2, vttablet: {resources: {}}},"
         " {cell: b, type: replica, replicas: 1, vttablet: {resources: {}}}, {cell: a, type: rdonly, replicas: 1, vttablet: {resources: {}},"
         " mysqld: {resources: {limits: {memory: 1Gi}}}, mysqldExporter: {resources: {limits: {cpu: 50m}}}}]}\n",
         [("global lockserver etcd", 3, ETCD), ("vtctld", 1, [("vtctld", "regular", VTCTLD_128, {"memory": "128Mi"})]),
          ("vtadmin", 1, [("vtadmin-api", "regular", VTCTLD_128, {"memory": "128Mi"}), ("vtadmin-web", "regular", VTCTLD_128, {"memory": "128Mi"})]),
          ("cells[0] a vtgate", 2, [("vtgate", "regular", {"cpu": "500m", "memory": "1Gi"}, {"memory": "1Gi"})]),
          ("cells[1] b vtgate", 2, [("vtgate", "regular", {"cpu": "500m", "memory": "1Gi"}, {"memory": "1Gi"})]),
          ("keyspaces[0] k vtorc", 2, [("vtorc", "regular", VTCTLD_128, {"memory": "128Mi"})]),
          ("keyspaces[0].partitionings[0].custom.shards[0].tabletPools[0] replica tablets", 2,
           [("init-vt-root", "init", {"cpu": "100m", "memory": "32Mi"}, {}), ("vttablet", "regular", {}, {})]),
          ("keyspaces[0].partitionings[0].custom.shards[0].tabletPools[1] replica tablets", 1,
           [("init-vt-root", "init", {"cpu": "100m", "memory": "32Mi"}, {}), ("vttablet", "regular", {}, {})]),
          ("keyspaces[0].partitionings[0].custom.shards[0].tabletPools[2] rdonly tablets", 1,
           [("init-vt-root", "init", {"cpu": "100m", "memory": "32Mi"}, {}), ("vttablet", "regular", {}, {}),
            ("mysqld", "regular", {}, {"memory": "1Gi"}), ("mysqld-exporter", "regular", {}, {"cpu": "50m"})])]),
    ],
)  # fmt: skip
def test_vitess_cluster_components_follow_the_operators_code(tmp_path: Path, text: str, expected: list[Any]) -> None:
    (tmp_path / "v.yaml").write_text(f"apiVersion: planetscale.com/v2\nkind: VitessCluster\nmetadata: {{name: v}}\n{text}", encoding="utf-8")
    assert [(t, n, c) for _, t, n, c, _ in _all(tmp_path / "v.yaml")] == expected


def test_vitess_objects_applied_directly(tmp_path: Path) -> None:
    """A VitessShard without vitessOrchestrator has no vtorc (DefaultVitessShard leaves it nil); with it, one per
    replica cell; a VitessKeyspace always has vtorc; a VitessCell its vtgates; an EtcdLockserver 3 etcd pods."""
    (tmp_path / "v.yaml").write_text(
        "apiVersion: planetscale.com/v2\nkind: VitessShard\nmetadata: {name: s}\nspec:\n"
        "  tabletPools: [{cell: a, type: replica, replicas: 3, vttablet: {resources: {}}}]\n---\n"
        "apiVersion: planetscale.com/v2\nkind: VitessShard\nmetadata: {name: t}\nspec:\n  vitessOrchestrator: {}\n"
        "  tabletPools: [{cell: a, type: replica, replicas: 1, vttablet: {resources: {}}}]\n---\n"
        "apiVersion: planetscale.com/v2\nkind: VitessKeyspace\nmetadata: {name: k}\nspec:\n"
        "  partitionings: [{equal: {parts: 4, shardTemplate: {tabletPools: [{cell: a, type: replica, replicas: 2, vttablet: {resources: {}}}]}}}]\n---\n"
        "apiVersion: planetscale.com/v2\nkind: VitessCell\nmetadata: {name: c}\nspec: {name: c}\n---\n"
        "apiVersion: planetscale.com/v2\nkind: EtcdLockserver\nmetadata: {name: e}\nspec: {resources: {limits: {memory: 1Gi}}}\n",
        encoding="utf-8",
    )
    init = ("init-vt-root", "init", {"cpu": "100m", "memory": "32Mi"}, {})
    vtorc = [("vtorc", "regular", VTCTLD_128, {"memory": "128Mi"})]
    assert [(k, t, n, c) for k, t, n, c, _ in _all(tmp_path / "v.yaml")] == [
        ("VitessShard", "tabletPools[0] replica tablets", 3, [init, ("vttablet", "regular", {}, {})]),
        ("VitessShard", "vtorc", 1, vtorc),
        ("VitessShard", "tabletPools[0] replica tablets", 1, [init, ("vttablet", "regular", {}, {})]),
        ("VitessKeyspace", "vtorc", 4, vtorc),
        ("VitessKeyspace", "partitionings[0].equal.shardTemplate.tabletPools[0] replica tablets", 8, [init, ("vttablet", "regular", {}, {})]),
        ("VitessCell", "vtgate", 2, [("vtgate", "regular", {"cpu": "500m", "memory": "1Gi"}, {"memory": "1Gi"})]),
        ("EtcdLockserver", None, 3, [("etcd", "regular", {"cpu": "100m", "memory": "256Mi"}, {"memory": "1Gi"})]),
    ]  # fmt: skip


PIRAEUS = REAL / "piraeusdatastore__piraeus-operator"
CSI_CONTROLLER = ["linstor-csi", "csi-attacher", "csi-livenessprobe", "csi-provisioner", "csi-snapshotter", "csi-resizer", "csi-health-monitor"]


def _names(containers: list[tuple[str, str, Resources, Resources]]) -> list[tuple[str, str]]:
    return [(name, kind) for name, kind, _, _ in containers]


def test_a_linstor_cluster_is_the_operators_built_in_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """config/samples/linstorcluster.yaml (spec: {}): the built-in manifests (pkg/resources/cluster/*), no resources:
    the controller and CSI controller Deployments (1 replica), the CSI node and HA controller DaemonSets (a pod per
    node: no count), each BestEffort as fact, system-node-critical (HA: system-cluster-critical); the satellites as
    written (LinstorSatelliteConfigurations patch them); a LinstorSatelliteConfiguration without podTemplate has no pod."""
    got = _all(PIRAEUS / "config__samples__linstorcluster.yaml")
    assert [(t, n, _names(c), w) for _, t, n, c, w in got] == [
        ("linstor-controller", 1, [("run-migration", "init"), ("linstor-controller", "regular")], False),
        ("linstor-csi-controller", 1, [("linstor-wait-api-online", "init"), *((c, "regular") for c in CSI_CONTROLLER)], False),
        ("linstor-csi-node", None, [("linstor-wait-node-online", "init"), ("linstor-csi", "regular"), ("csi-node-driver-registrar", "regular"),
                                    ("csi-livenessprobe", "regular")], False),
        ("ha-controller", None, [("ha-controller", "regular")], False),
        ("linstor-satellite", None, [("drbd-module-loader", "init"), ("drbd-shutdown-guard", "init"), ("linstor-satellite", "regular"),
                                     ("drbd-reactor", "regular")], True),
    ]  # fmt: skip
    assert all(r == l == {} for *_, c, _ in got for _, _, r, l in c)
    assert _all(PIRAEUS / "config__samples__linstorsatelliteconfiguration.yaml") == []
    main(["explain", "-o", "json", str(PIRAEUS / "config__samples__linstorcluster.yaml")])
    pods = json.loads(capsys.readouterr().out)["pods"]
    assert [(p["qosClass"], p["priority"]["className"]) for p in pods] == [
        ("BestEffort", "system-node-critical"), ("BestEffort", "system-node-critical"), ("BestEffort", "system-node-critical"),
        ("BestEffort", "system-cluster-critical"), ("BestEffort", "system-node-critical")]  # fmt: skip
    report = lint(capsys, str(PIRAEUS / "config__samples__linstorcluster.yaml"))
    assert [f["rule"] for f in report["findings"] if f["severity"] == "warning"] == ["PR201"] * 4


def test_a_linstor_cluster_pod_template_is_merged_by_container_name(tmp_path: Path) -> None:
    """The examples of the Piraeus operator's LinstorCluster reference (its repository's docs): a podTemplate's
    linstor-controller resources (memory: 1Gi) merged into the built-in container by name (patches.go ComponentPodTemplate, a strategic merge patch); csiNode disabled;
    a container of another name appended, one with $patch: delete removed; externalController: no controller; a
    satellite configuration's podTemplate on the satellite pod (a preset, as written); spec.patches: as written."""
    (tmp_path / "l.yaml").write_text(
        "apiVersion: piraeus.io/v1\nkind: LinstorCluster\nmetadata: {name: linstorcluster}\nspec:\n"
        "  controller:\n    podTemplate:\n      spec:\n        containers:\n          - name: linstor-controller\n"
        "            resources:\n              requests:\n                memory: 1Gi\n"
        "  csiController:\n    podTemplate:\n      spec:\n        priorityClassName: system-cluster-critical\n        containers:\n"
        "        - {name: csi-health-monitor, $patch: delete}\n        - {name: extra, image: busybox, resources: {limits: {cpu: 10m, memory: 8Mi}}}\n"
        "  csiNode: {enabled: false}\n---\n"
        "apiVersion: piraeus.io/v1\nkind: LinstorCluster\nmetadata: {name: external}\nspec:\n"
        "  externalController: {url: 'http://linstor:3370'}\n  highAvailabilityController: {enabled: false}\n"
        "  patches: [{target: {kind: DaemonSet, name: linstor-csi-node}, patch: '[]'}]\n---\n"
        "apiVersion: piraeus.io/v1\nkind: LinstorSatelliteConfiguration\nmetadata: {name: s}\nspec:\n"
        "  internalTLS: {tlsHandshakeDaemon: true}\n  podTemplate:\n    spec:\n      containers:\n"
        "      - {name: linstor-satellite, resources: {requests: {cpu: 100m, memory: 1Gi}, limits: {memory: 1Gi}}}\n",
        encoding="utf-8",
    )
    got = [(k, t, n, c, w) for k, t, n, c, w in _all(tmp_path / "l.yaml")]
    extra = ("extra", "regular", {}, {"cpu": "10m", "memory": "8Mi"})
    satellite_inits = [("drbd-module-loader", "init", {}, {}), ("drbd-shutdown-guard", "init", {}, {})]
    assert got == [
        ("LinstorCluster", "linstor-controller", 1, [("run-migration", "init", {}, {}), ("linstor-controller", "regular", {"memory": "1Gi"}, {})], False),
        ("LinstorCluster", "linstor-csi-controller", 1,
         [("linstor-wait-api-online", "init", {}, {}), *((c, "regular", {}, {}) for c in CSI_CONTROLLER[:-1]), extra], False),
        ("LinstorCluster", "ha-controller", None, [("ha-controller", "regular", {}, {})], False),
        ("LinstorCluster", "linstor-satellite", None, [*satellite_inits, ("linstor-satellite", "regular", {}, {}), ("drbd-reactor", "regular", {}, {})], True),
        ("LinstorCluster", "linstor-csi-controller", 1,
         [("linstor-wait-api-online", "init", {}, {}), *((c, "regular", {}, {}) for c in CSI_CONTROLLER)], True),
        ("LinstorCluster", "linstor-csi-node", None, [("linstor-wait-node-online", "init", {}, {}), ("linstor-csi", "regular", {}, {}),
                                                      ("csi-node-driver-registrar", "regular", {}, {}), ("csi-livenessprobe", "regular", {}, {})], True),
        ("LinstorCluster", "linstor-satellite", None, [*satellite_inits, ("linstor-satellite", "regular", {}, {}), ("drbd-reactor", "regular", {}, {})], True),
        ("LinstorSatelliteConfiguration", None, None, [*satellite_inits, ("linstor-satellite", "regular", {"cpu": "100m", "memory": "1Gi"}, {"memory": "1Gi"}),
                                                       ("drbd-reactor", "regular", {}, {}), ("ktls-utils", "regular", {}, {})], True),
    ]  # fmt: skip


BILLIMEK = "billimek__k8s-gitops/kubernetes__"
XUNHOLY = "xunholy__k8s-gitops/kubernetes__apps__base__"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # app-template (chartRef app-template): a cronjob controller, one pod a Job (no cronjob.parallelism)
        (f"{BILLIMEK}kube-system__etcd__etcd-backup__etcd-backup.yaml", [
            ("HelmRelease", "values.controllers[etcd-backup]", 1, [("app", "regular", {"cpu": "10m", "memory": "64Mi"}, {"memory": "256Mi"})], False)]),
        # a daemonset controller: one pod a node, no count
        (f"{BILLIMEK}kube-system__generic-device-plugin__generic-device-plugin.yaml", [
            ("HelmRelease", "values.controllers[generic-device-plugin]", None, [("main", "regular", {"cpu": "10m"}, {"memory": "64Mi"})], False)]),
        # a statefulset controller scaled to replicas: 0
        (f"{BILLIMEK}default__minecraft__minecraft-survival.yaml", [
            ("HelmRelease", "values.controllers[minecraft-survival]", 0, [("app", "regular", {"cpu": "500m", "memory": "9Gi"}, {"memory": "9Gi"})], False)]),
        # an init container with restartPolicy: Always is a sidecar, before the app container
        (f"{BILLIMEK}monitoring__gatus__gatus.yaml", [
            ("HelmRelease", "values.controllers[gatus]", 1, [("gatus-sidecar", "sidecar", {"cpu": "10m", "memory": "64Mi"}, {"memory": "128Mi"}),
                                                             ("app", "regular", {"cpu": "10m"}, {"memory": "256Mi"})], False)]),
        # the deployment default: type unset, replicas unset, 1 pod
        (f"{XUNHOLY}home-system__autobrr__app__helmrelease.yaml", [
            ("HelmRelease", "values.controllers[autobrr]", 1, [("app", "regular", {"cpu": "10m", "memory": "256Mi"}, {"memory": "512Mi"})], False)]),
        # another chart (gha-runner-scale-set): its values searched by shape, the runner template as written
        (f"{XUNHOLY}actions-runner-system__gha-runner-scale-set__app__helmrelease.yaml", [
            ("HelmRelease", "spec.values.template", None, [("runner", "regular", {}, {})], True)]),
    ],
)  # fmt: skip
def test_an_app_template_helmrelease_is_its_controllers_pods(name: str, expected: list[Any]) -> None:
    assert _all(REAL / name) == expected


def test_app_template_pod_resource_claims_come_from_the_pod_options(capsys: pytest.CaptureFixture[str]) -> None:
    """frigate's container claims `gpu`, which defaultPodOptions.resourceClaims lists (lib/pod/_spec.tpl getOption
    resourceClaims): no PR113, which a container claim the pod does not list would be."""
    report = lint(capsys, str(REAL / f"{BILLIMEK}default__frigate__frigate.yaml"))
    assert [f["rule"] for f in report["findings"] if f["severity"] in ("error", "warning")] == []
    assert _all(REAL / f"{BILLIMEK}default__frigate__frigate.yaml") == [
        ("HelmRelease", "values.controllers[main]", 1, [("main", "regular", {"cpu": "1500m", "memory": "1800Mi"}, {"memory": "5000Mi"})], False)]


def test_app_template_values_the_chart_reads(tmp_path: Path) -> None:
    """The real gatus release with its values edited: defaultContainerOptions fill in an empty resources (overwrite)
    or merge under it (merge), also for init containers unless applyDefaultContainerOptionsToInitContainers is false;
    a disabled container or controller makes nothing; nameOverride names the container; dependsOn orders them;
    a job controller counts job.parallelism; valuesFrom makes the pod as written."""
    import yaml

    real = yaml.safe_load((REAL / f"{BILLIMEK}monitoring__gatus__gatus.yaml").read_text(encoding="utf-8"))

    def pods_of(edit: Any) -> list[Any]:
        obj = json.loads(json.dumps(real))
        edit(obj, obj["spec"]["values"]["controllers"]["gatus"])
        (tmp_path / "hr.yaml").write_text(yaml.safe_dump(obj), encoding="utf-8")
        return _all(tmp_path / "hr.yaml")

    def overwrite(obj: Any, c: Any) -> None:
        c["defaultContainerOptions"] = {"resources": {"requests": {"cpu": "1"}}}
        c["containers"]["app"]["resources"] = {}
        c["containers"]["extra"] = {"image": {"repository": "busybox"}, "nameOverride": "named", "dependsOn": "app"}

    one = {"cpu": "1"}
    assert pods_of(overwrite)[0][3] == [
        ("gatus-sidecar", "sidecar", {"cpu": "10m", "memory": "64Mi"}, {"memory": "128Mi"}),  # its own resources win
        ("app", "regular", one, {}), ("named", "regular", one, {})]  # fmt: skip

    def merge(obj: Any, c: Any) -> None:
        c["defaultContainerOptionsStrategy"] = "merge"
        c["applyDefaultContainerOptionsToInitContainers"] = False
        c["defaultContainerOptions"] = {"resources": {"requests": {"cpu": "1", "memory": "1Gi"}, "limits": {"cpu": "2"}}}

    assert pods_of(merge)[0][3] == [
        ("gatus-sidecar", "sidecar", {"cpu": "10m", "memory": "64Mi"}, {"memory": "128Mi"}),
        ("app", "regular", {"cpu": "10m", "memory": "1Gi"}, {"cpu": "2", "memory": "256Mi"})]  # fmt: skip

    def disabled(obj: Any, c: Any) -> None:
        c["initContainers"]["gatus-sidecar"]["enabled"] = False
        c["type"], c["job"] = "job", {"parallelism": 3}
        obj["spec"]["valuesFrom"] = [{"kind": "ConfigMap", "name": "gatus-values"}]

    assert pods_of(disabled) == [("HelmRelease", "values.controllers[gatus]", 3, [("app", "regular", {"cpu": "10m"}, {"memory": "256Mi"})], True)]
    assert pods_of(lambda obj, c: c.update(enabled=False)) == []


BJWS = "bjw-s-labs__home-ops/kubernetes__apps__downloads__sonarr__app__"


def test_an_app_template_release_named_by_its_own_ocirepository(tmp_path: Path) -> None:
    """bjw-s-labs/home-ops names each app's chart by an OCIRepository of the app's name beside it (chartRef
    sonarr -> spec.url oci://ghcr.io/bjw-s-labs/helm/app-template): read from that file, the release is
    app-template's; with the source's url on another chart, or without the source, its values are searched by
    shape (nothing there), never made app-template's."""
    assert _all(REAL / f"{BJWS}helmrelease.yaml") == [
        ("HelmRelease", "values.controllers[sonarr]", 1, [("app", "regular", {"cpu": "20m", "memory": "384Mi"}, {"memory": "2Gi"})], False)]
    release = (REAL / f"{BJWS}helmrelease.yaml").read_text(encoding="utf-8")
    source = (REAL / f"{BJWS}ocirepository.yaml").read_text(encoding="utf-8")
    (tmp_path / "helmrelease.yaml").write_text(release, encoding="utf-8")
    assert _all(tmp_path / "helmrelease.yaml") == []  # no source beside it: the chart is unknown
    (tmp_path / "ocirepository.yaml").write_text(source.replace("helm/app-template", "helm/other-chart"), encoding="utf-8")
    assert _all(tmp_path / "helmrelease.yaml") == []
    other = tmp_path / "other"
    other.mkdir()
    (other / "helmrelease.yaml").write_text(release, encoding="utf-8")
    (other / "ocirepository.yaml").write_text(source.replace("name: sonarr", "name: sonarr\n  namespace: flux-system"), encoding="utf-8")
    assert len(_all(other / "helmrelease.yaml")) == 1  # the release states no namespace: the source's is not contradicted
    (other / "helmrelease.yaml").write_text(release.replace("name: sonarr\nspec", "name: sonarr\n  namespace: downloads\nspec"), encoding="utf-8")
    assert _all(other / "helmrelease.yaml") == []  # the chartRef's namespace (the release's) differs from the source's


def test_flux_sources_and_kustomizations_describe_other_objects() -> None:
    """Flux's OCIRepository (source.toolkit.fluxcd.io) and Kustomization (kustomize.toolkit.fluxcd.io, with its
    postBuild substitutions) describe what the controllers fetch and apply: not custom objects searched in vain."""
    skipped = [(i.kind, i.reason) for name in (f"{BJWS}ocirepository.yaml", "bjw-s-labs__home-ops/kubernetes__apps__home-automation__bambuddy__ks.yaml")
               for i in iter_items([str(REAL / name)]) if isinstance(i, SkippedItem)]  # fmt: skip
    assert skipped == [("OCIRepository", "describes-objects"), ("Kustomization", "describes-objects")]


VOLSYNC = REAL / "xunholy__k8s-gitops/kubernetes__apps__base__home-system__bazarr__app__replicationsource.yaml"


def test_a_volsync_replication_is_its_movers_pod(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """perfectra1n/volsync: the kopia mover's Job pod, its one container `kopia` with moverResources whole (unset:
    none, so BestEffort as fact: PR201); no pod while spec.paused; Syncthing's default 1Gi memory limit; a
    ReplicationDestination's restic mover."""
    assert _all(VOLSYNC) == [("ReplicationSource", "kopia", 1, [("kopia", "regular", {}, {})], False)]
    assert [f["rule"] for f in lint(capsys, str(VOLSYNC))["findings"] if f["severity"] == "warning"] == ["PR201"]
    text = VOLSYNC.read_text(encoding="utf-8")
    resources = "    moverResources:\n      requests: {cpu: 50m, memory: 256Mi}\n      limits: {memory: 1Gi}\n"
    (tmp_path / "rs.yaml").write_text(text.replace("  kopia:\n", "  kopia:\n" + resources), encoding="utf-8")
    assert _all(tmp_path / "rs.yaml") == [("ReplicationSource", "kopia", 1, [("kopia", "regular", {"cpu": "50m", "memory": "256Mi"}, {"memory": "1Gi"})], False)]
    (tmp_path / "rs.yaml").write_text(text.replace("spec:\n", "spec:\n  paused: true\n"), encoding="utf-8")
    assert _all(tmp_path / "rs.yaml") == [("ReplicationSource", "kopia", 0, [("kopia", "regular", {}, {})], False)]
    (tmp_path / "st.yaml").write_text(text.replace("  kopia:\n", "  syncthing:\n    peers: []\n  kopia_unused:\n"), encoding="utf-8")
    assert _all(tmp_path / "st.yaml") == [("ReplicationSource", "syncthing", 1, [("syncthing", "regular", {}, {"memory": "1Gi"})], False)]
    (tmp_path / "rd.yaml").write_text(text.replace("ReplicationSource", "ReplicationDestination").replace("  kopia:\n", "  restic:\n"), encoding="utf-8")
    assert _all(tmp_path / "rd.yaml") == [("ReplicationDestination", "restic", 1, [("restic", "regular", {}, {})], False)]


LLMKUBE = REAL / "bjw-s-labs__home-ops/kubernetes__apps__ai__llmkube__models__qwen3-embedding-0.6b.yaml"


def test_an_llmkube_inferenceservice_is_its_server_pod(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """defilantech/LLMKube buildContainerResources: cpu and memory requests from spec.resources (hostMemory over
    memory), ephemeralStorage as request and limit, never a cpu or memory limit (PR132, true); the container named by
    the runtime's backend; replicas default 1; the Model adds GPUs and claims: as written."""
    assert _all(LLMKUBE) == [("InferenceService", "llama-server", 1, [("llama-server", "regular", {"cpu": "100m", "memory": "2Gi"}, {})], True)]
    assert [f["rule"] for f in lint(capsys, str(LLMKUBE))["findings"] if f["severity"] != "info"] == ["PR132"]
    text = LLMKUBE.read_text(encoding="utf-8")
    edited = text.replace("  runtime: llamacpp\n", "  runtime: vllm\n").replace("  replicas: 1\n", "").replace(
        "    memory: 2Gi\n", "    memory: 2Gi\n    hostMemory: 8Gi\n    ephemeralStorage: 40Gi\n    gpu: 1\n")
    (tmp_path / "isvc.yaml").write_text(edited, encoding="utf-8")
    assert _all(tmp_path / "isvc.yaml") == [("InferenceService", "vllm", 1, [
        ("vllm", "regular", {"cpu": "100m", "memory": "8Gi", "ephemeral-storage": "40Gi"}, {"ephemeral-storage": "40Gi"})], True)]  # fmt: skip


SR = "StarRocks__starrocks-kubernetes-operator/examples__starrocks__"
SR_FE_8_16 = ("fe", {"cpu": "8", "memory": "16Gi"}, {"cpu": "8", "memory": "16Gi"})
SR_BE_16_64 = ("be", {"cpu": "16", "memory": "64Gi"}, {"cpu": "16", "memory": "64Gi"})
SR_4_8 = ({"cpu": "4", "memory": "8Gi"}, {"cpu": "4", "memory": "8Gi"})


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # fe and be StatefulSets, the fe proxy's Deployment: each container takes its section's inlined requirements whole
        (f"{SR}deploy_a_starrocks_cluster_with_fe_proxy.yaml", [
            ("StarRocksCluster", "fe", 3, [SR_FE_8_16], False), ("StarRocksCluster", "be", 3, [SR_BE_16_64], False),
            ("StarRocksCluster", "fe-proxy", 1, [("nginx", {"cpu": "1", "memory": "2Gi"}, {"cpu": "1", "memory": "2Gi"})], False)]),
        # the cn section writes no replicas: the CRD's default 1
        (f"{SR}deploy_a_starrocks_cluster_with_cn.yaml", [
            ("StarRocksCluster", "fe", 3, [("fe", *SR_4_8)], False), ("StarRocksCluster", "be", 3, [("be", *SR_4_8)], False),
            ("StarRocksCluster", "cn", 1, [("cn", *SR_4_8)], False)]),
    ],
)  # fmt: skip
def test_a_starrocks_cluster_is_its_components_statefulsets(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_a_starrocks_components_sidecars_init_containers_and_a_warehouse(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """pod.Spec: the component's container first, then its sidecars, after its initContainers, as written; a section
    without requests or limits is BestEffort, as fact (the operator sets none); a StarRocksWarehouse's template is a CN
    spec; a StarRocksCluster without sections has no pods."""
    (tmp_path / "s.yaml").write_text(
        "apiVersion: starrocks.com/v1\nkind: StarRocksCluster\nmetadata: {name: s}\nspec:\n"
        "  starRocksBeSpec:\n    image: be\n    replicas: 2\n    requests: {cpu: '2', memory: 4Gi}\n"
        "    sidecars: [{name: log, image: busybox, resources: {requests: {cpu: 10m}}}]\n"
        "    initContainers: [{name: prep, image: busybox}]\n"
        "  starRocksFeSpec: {image: fe}\n"
        "---\napiVersion: starrocks.com/v1\nkind: StarRocksWarehouse\nmetadata: {name: w}\n"
        "spec: {starRocksCluster: s, template: {image: cn, replicas: 4, limits: {cpu: '8', memory: 16Gi}}}\n"
        "---\napiVersion: starrocks.com/v1\nkind: StarRocksCluster\nmetadata: {name: empty}\nspec: {}\n"
    )
    got = []
    for item in iter_items([str(tmp_path / "s.yaml")]):
        if isinstance(item, WorkloadItem):
            pod = item.workload.pod
            got.append((item.workload.ref.name, item.workload.ref.template, item.workload.ref.replicas,
                        [(c.name, {k: v.canonical() for k, v in c.resources.req.items()}, {k: v.canonical() for k, v in c.resources.lim.items()})
                         for c in pod.containers],
                        [c.name for c in pod.init_containers]))  # fmt: skip
    assert got == [
        ("s", "fe", 1, [("fe", {}, {})], []),
        ("s", "be", 2, [("be", {"cpu": "2", "memory": "4Gi"}, {}), ("log", {"cpu": "10m"}, {})], ["prep"]),
        ("w", None, 4, [("cn", {}, {"cpu": "8", "memory": "16Gi"})], []),
    ]
    assert main(["lint", "--no-config", "-o", "json", str(tmp_path / "s.yaml")]) in (0, 1)
    report = json.loads(capsys.readouterr().out)
    fe = [f for f in report["findings"] if f["rule"] == "PR201"]
    assert len(fe) == 1 and "as written" not in fe[0]["message"] and fe[0]["object"]["name"] == "s"


DORIS = "apache__doris-operator/doc__examples__"
DORIS_8_16 = ({"cpu": "8", "memory": "16Gi"}, {"cpu": "8", "memory": "16Gi"})


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        (f"{DORIS}doriscluster-sample-system-params.yaml", [
            ("DorisCluster", "fe", 3, [("fe", *DORIS_8_16)], False), ("DorisCluster", "be", 3, [("be", *DORIS_8_16)], False)]),
        (f"{DORIS}doriscluster-sample-broker.yaml", [
            ("DorisCluster", "fe", 1, [("fe", *DORIS_8_16)], False), ("DorisCluster", "be", 1, [("be", *DORIS_8_16)], False),
            ("DorisCluster", "broker", 1, [("broker", {"cpu": "2", "memory": "4Gi"}, {"cpu": "2", "memory": "4Gi"})], False)]),
        # the meta service's replicas unset: DefaultMetaserviceNumber 2; no resources written, none added: final
        (f"{DORIS}disaggregated__cluster__ddc-system-init.yaml", [
            ("DorisDisaggregatedCluster", "metaservice", 2, [("metaservice", {}, {})], False),
            ("DorisDisaggregatedCluster", "fe", 2, [("fe", {}, {})], False),
            ("DorisDisaggregatedCluster", "computeGroups[0] cg1", 3, [("compute", {}, {})], False)]),
    ],
)  # fmt: skip
def test_doris_clusters_are_the_operators_statefulsets(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_doris_be_gets_the_default_init_container_and_is_never_guaranteed(capsys: pytest.CaptureFixture[str]) -> None:
    """constructInitContainers: a BE (and CN) pod starts with default-init (no resources), then systemInitialization's
    init; so 8 CPUs asked with requests equal to limits get no exclusive CPUs (PR401), and the FE is Guaranteed."""
    got = {item.workload.ref.template: item for item in iter_items([str(REAL / f"{DORIS}doriscluster-sample-system-params.yaml")])
           if isinstance(item, WorkloadItem)}  # fmt: skip
    assert [c.name for c in got["be"].workload.pod.init_containers] == ["default-init", "init"]
    assert [c.resources.requests for c in got["be"].workload.pod.init_containers] == [None, None]
    assert got["fe"].workload.pod.init_containers == ()
    assert main(["lint", "--no-config", "-o", "json", str(REAL / f"{DORIS}doriscluster-sample-broker.yaml")]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [(f["rule"], f["object"]["name"], f["line"]) for f in report["findings"] if f["severity"] != "info"] == [("PR401", "doriscluster-sample", 36)]
    assert "init container 'default-init' has no cpu limit" in report["findings"][0]["message"]


def test_doris_skip_default_init_election_number_and_init_resources(tmp_path: Path) -> None:
    """skipDefaultSystemInit drops default-init; systemInitialization's inlined requirements are init's; a disaggregated
    FE never has fewer pods than electionNumber; a compute group's replicas default to 1."""
    (tmp_path / "d.yaml").write_text(
        "apiVersion: doris.selectdb.com/v1\nkind: DorisCluster\nmetadata: {name: d}\nspec:\n"
        "  cnSpec:\n    image: cn\n    replicas: 2\n    skipDefaultSystemInit: true\n"
        "    requests: {cpu: '4', memory: 8Gi}\n    limits: {cpu: '4', memory: 8Gi}\n"
        "    systemInitialization: {command: [sysctl], requests: {cpu: 100m, memory: 64Mi}, limits: {cpu: 100m, memory: 64Mi}}\n"
        "---\napiVersion: disaggregated.cluster.doris.com/v1\nkind: DorisDisaggregatedCluster\nmetadata: {name: x}\nspec:\n"
        "  feSpec: {replicas: 1, electionNumber: 3}\n  computeGroups: [{uniqueId: a, skipDefaultSystemInit: true}]\n"
    )
    got = []
    for item in iter_items([str(tmp_path / "d.yaml")]):
        if isinstance(item, WorkloadItem):
            pod = item.workload.pod
            got.append((item.workload.ref.template, item.workload.ref.replicas, [c.name for c in pod.init_containers],
                        [(c.name, {k: v.canonical() for k, v in c.resources.req.items()}) for c in (*pod.init_containers, *pod.containers)]))  # fmt: skip
    assert got == [
        ("cn", 2, ["init"], [("init", {"cpu": "100m", "memory": "64Mi"}), ("cn", {"cpu": "4", "memory": "8Gi"})]),
        ("metaservice", 2, [], [("metaservice", {})]),
        ("fe", 3, [], [("fe", {})]),
        ("computeGroups[0] a", 1, [], [("compute", {})]),
    ]


KOP = "adobe__koperator/"
KOP_CC = ("kafka-cruisecontrol", {"cpu": "200m", "memory": "768Mi"}, {"cpu": "200m", "memory": "768Mi"})
KOP_DEFAULT = ("kafka", {"cpu": "1", "memory": "2Gi"}, {"cpu": "1500m", "memory": "3Gi"})
KOP_GROUP = ("kafka", {"cpu": "4", "memory": "12Gi"}, {"cpu": "7500m", "memory": "16Gi"})


@pytest.mark.parametrize(
    ("name", "broker"),
    [
        # the group 'default' writes no resourceRequirements: BrokerConfig.GetResources' defaults
        (f"{KOP}config__samples__simplekafkacluster.yaml", KOP_DEFAULT),
        # each broker takes its brokerConfigGroup's resourceRequirements (GetBrokerConfig)
        (f"{KOP}docs__benchmarks__infrastructure__kafka.yaml", KOP_GROUP),
    ],
)
def test_a_kafkacluster_is_its_brokers_and_cruise_control(name: str, broker: Any) -> None:
    expected = [("KafkaCluster", f"brokers[{i}]", 1, [broker], False) for i in range(3)]
    assert [(k, t, n, [(c, dict(r), dict(lim)) for c, r, lim in cs], w) for k, t, n, cs, w in pods(name)] == [
        *expected, ("KafkaCluster", "cruisecontrol", 1, [KOP_CC], False)
    ]


def _every_container(pod: Any) -> list[tuple[str, dict[str, str], dict[str, str]]]:
    """Each container of ``pod``, init containers first: its name, requests and limits (canonical quantities)."""
    return [(c.name, {k: v.canonical() for k, v in c.resources.req.items()}, {k: v.canonical() for k, v in c.resources.lim.items()})
            for c in (*pod.init_containers, *pod.containers)]  # fmt: skip


def test_a_kafka_brokers_own_resources_over_its_groups_and_the_init_containers(tmp_path: Path) -> None:
    """mergo.Merge without override: the broker's own requests and limits win, the group's fill the resources they
    leave out; cruise-control-reporter and jmx-exporter ask 100m and 100Mi; a group's containers make the pod as
    written; an external Cruise Control endpoint: no Cruise Control pod."""
    (tmp_path / "k.yaml").write_text(
        "apiVersion: kafka.banzaicloud.io/v1beta1\nkind: KafkaCluster\nmetadata: {name: k}\nspec:\n"
        "  cruiseControlConfig: {cruiseControlEndpoint: 'cc:8090'}\n"
        "  brokerConfigGroups:\n"
        "    g: {resourceRequirements: {requests: {cpu: '2', memory: 4Gi}, limits: {memory: 4Gi}}}\n"
        "    s: {containers: [{name: side, image: s}]}\n"
        "  brokers:\n"
        "  - id: 0\n    brokerConfigGroup: g\n"
        "    brokerConfig: {resourceRequirements: {requests: {cpu: '3'}}, initContainers: [{name: a-first, image: x}]}\n"
        "  - id: 1\n    brokerConfig: {resourceRequirements: {limits: {cpu: '1'}}}\n"
        "  - id: 2\n    brokerConfigGroup: s\n",
        encoding="utf-8",
    )
    got = []
    for item in iter_items([str(tmp_path / "k.yaml")]):
        if isinstance(item, WorkloadItem):
            pod = item.workload.pod
            got.append((item.workload.ref.template, _every_container(pod), item.workload.ref.as_written is not None))
    init = [("cruise-control-reporter", {"cpu": "100m", "memory": "100Mi"}, {"cpu": "100m", "memory": "100Mi"}),
            ("jmx-exporter", {"cpu": "100m", "memory": "100Mi"}, {"cpu": "100m", "memory": "100Mi"})]  # fmt: skip
    assert got == [
        ("brokers[0]", [("a-first", {}, {}), *init, ("kafka", {"cpu": "3", "memory": "4Gi"}, {"memory": "4Gi"})], False),
        ("brokers[1]", [*init, ("kafka", {}, {"cpu": "1"})], False),
        ("brokers[2]", [*init, KOP_DEFAULT], True),
    ]


FDB_SINGLE = "apache__doris-operator/doc__examples__disaggregated__fdb__cluster-single.yaml"


def test_foundationdb_limits_are_the_requests_where_unset(capsys: pytest.CaptureFixture[str]) -> None:
    """NormalizeClusterSpec: foundationdb's nil limits are its requests, so the general template's pods are
    Guaranteed and no 'no memory limit' warning is given (the template's sidecar and init write both)."""
    [item] = [i for i in iter_items([str(REAL / FDB_SINGLE)]) if isinstance(i, WorkloadItem)]
    pod = item.workload.pod
    assert item.workload.ref.template == "processes[general]" and item.workload.ref.replicas is None
    assert _every_container(pod) == [
        ("foundationdb-kubernetes-init", {"cpu": "100m", "memory": "128Mi"}, {"cpu": "100m", "memory": "128Mi"}),
        ("foundationdb", {"cpu": "1", "memory": "2Gi"}, {"cpu": "1", "memory": "2Gi"}),
        ("foundationdb-kubernetes-sidecar", {"cpu": "100m", "memory": "128Mi"}, {"cpu": "100m", "memory": "128Mi"}),
    ]  # fmt: skip
    assert main(["lint", "--no-config", "-o", "json", str(REAL / FDB_SINGLE)]) == 0
    assert [f["rule"] for f in json.loads(capsys.readouterr().out)["findings"]] == []


def test_foundationdb_defaults_unified_image_and_backup_agents(tmp_path: Path) -> None:
    """Requests nil: 1 cpu and 8Gi (the sidecar 100m and 256Mi), limits their requests; the unified image (the
    default) has no init container; a backup's agents (2 unset) get foundationdb and an init container without
    resources."""
    (tmp_path / "f.yaml").write_text(
        "apiVersion: apps.foundationdb.org/v1beta2\nkind: FoundationDBCluster\nmetadata: {name: f}\nspec:\n"
        "  processes:\n    storage:\n      podTemplate:\n        spec:\n"
        "          containers: [{name: foundationdb, resources: {limits: {memory: 16Gi}}}]\n"
        "---\napiVersion: apps.foundationdb.org/v1beta2\nkind: FoundationDBBackup\nmetadata: {name: b}\nspec: {clusterName: f}\n",
        encoding="utf-8",
    )
    got = []
    for item in iter_items([str(tmp_path / "f.yaml")]):
        if isinstance(item, WorkloadItem):
            pod = item.workload.pod
            got.append((item.workload.ref.replicas, _every_container(pod)))
    eight = {"cpu": "1", "memory": "8Gi"}
    assert got == [
        (None, [("foundationdb", eight, {"memory": "16Gi"}),
                ("foundationdb-kubernetes-sidecar", {"cpu": "100m", "memory": "256Mi"}, {"cpu": "100m", "memory": "256Mi"})]),
        (2, [("foundationdb-kubernetes-init", {}, {}), ("foundationdb", eight, eight)]),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "kind"),
    [("example-topic.yaml", "KafkaTopic"), ("example-cruisecontroloperation.yaml", "CruiseControlOperation"), ("example-user.yaml", "KafkaUser")],
)
def test_koperators_topics_users_and_operations_carry_no_pods(name: str, kind: str) -> None:
    items = list(iter_items([str(REAL / f"{KOP}config__samples__{name}")]))
    assert [(i.reason, i.kind) for i in items if isinstance(i, SkippedItem)] == [("no-pods", kind)]
    assert not [i for i in items if isinstance(i, WorkloadItem)]


KOP_ENVOY = ("envoy", {"cpu": "100m", "memory": "100Mi"}, {"cpu": "100m", "memory": "100Mi"})


@pytest.mark.parametrize(
    ("name", "envoy"),
    [
        # an external listener, LoadBalancer by default and without a config of its own: the global Envoy Deployment
        ("kafkacluster_without_ssl.yaml", [("listenersConfig.externalListeners[0] external envoy", 1, [KOP_ENVOY])]),
        # accessMethod NodePort: no Envoy
        ("simplekafkacluster_with_k8s_provided_nodeport.yaml", []),
    ],
)
def test_a_kafkaclusters_envoy_for_its_external_listeners(name: str, envoy: list[Any]) -> None:
    found = [(t, n, cs) for _, t, n, cs, _ in pods(f"{KOP}config__samples__{name}")]
    assert found[:4] == [*((f"brokers[{i}]", 1, [KOP_DEFAULT]) for i in range(3)), ("cruisecontrol", 1, [KOP_CC])]
    assert found[4:] == envoy


def test_a_kafkaclusters_envoy_replicas_resources_and_controllers(tmp_path: Path) -> None:
    """EnvoyConfig.GetReplicas: a written 0 is 1; resourceRequirements whole; a listener with its own config, or the
    contour ingress controller: no global Envoy pod."""
    head = "apiVersion: kafka.banzaicloud.io/v1beta1\nkind: KafkaCluster\nmetadata: {name: k}\nspec:\n  brokers: []\n"
    cases = {
        "  envoyConfig: {replicas: 0}\n  listenersConfig: {externalListeners: [{name: a}, {name: b, accessMethod: LoadBalancer}]}\n":
            [("listenersConfig.externalListeners[0] a envoy", 1, KOP_ENVOY), ("listenersConfig.externalListeners[1] b envoy", 1, KOP_ENVOY)],
        "  envoyConfig: {replicas: 3, resourceRequirements: {requests: {cpu: '1'}}}\n  listenersConfig: {externalListeners: [{name: a}]}\n":
            [("listenersConfig.externalListeners[0] a envoy", 3, ("envoy", {"cpu": "1"}, {}))],
        "  listenersConfig: {externalListeners: [{name: a, config: {defaultIngressConfig: x}}]}\n": [],
        "  ingressController: contour\n  listenersConfig: {externalListeners: [{name: a}]}\n": [],
    }  # fmt: skip
    for spec, expected in cases.items():
        (tmp_path / "k.yaml").write_text(head + spec, encoding="utf-8")
        found = [(t, n, cs) for _, t, n, cs, _ in pods(str(tmp_path / "k.yaml")) if t != "cruisecontrol"]
        assert found == [(t, n, [c]) for t, n, c in expected], spec


def test_a_zookeeper_cluster_is_its_statefulset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """pravega/zookeeper-operator makeZkPodSpec: spec.containers, then zookeeper with spec.pod.resources whole (none
    written: BestEffort, as fact); replicas 0 or unset is 3 (withDefaults)."""
    name = f"{KOP}config__samples__simpleZookeeper.yaml"
    assert pods(name) == [("ZookeeperCluster", None, 3, [("zookeeper", {}, {})], False)]
    report = lint(capsys, str(REAL / name))
    assert [(f["rule"], f["message"].endswith("OOM score adjustment 1000")) for f in report["findings"]] == [("PR201", True)]
    (tmp_path / "z.yaml").write_text(
        "apiVersion: zookeeper.pravega.io/v1beta1\nkind: ZookeeperCluster\nmetadata: {name: z}\nspec:\n  replicas: 0\n"
        "  containers: [{name: side, image: s, resources: {requests: {cpu: 10m}}}]\n"
        "  pod: {resources: {requests: {cpu: '1', memory: 2Gi}, limits: {memory: 2Gi}}}\n",
        encoding="utf-8",
    )
    assert pods(str(tmp_path / "z.yaml")) == [
        ("ZookeeperCluster", None, 3, [("side", {"cpu": "10m"}, {}), ("zookeeper", {"cpu": "1", "memory": "2Gi"}, {"memory": "2Gi"})], False)
    ]


ARC = "actions__actions-runner-controller/config__samples__actions_v1alpha1_"
ARC_BARE = [("runner", {}, {}), ("docker", {}, {})]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # a Runner writes no containers: newPod builds runner and, Docker enabled and not within the runner, docker
        (f"{ARC}runner.yaml", [("Runner", None, 1, ARC_BARE, False)]),
        # spec.template.spec is a RunnerSpec (no PodTemplateSpec): the same pod, spec.replicas of them
        (f"{ARC}runnerdeployment.yaml", [("RunnerDeployment", None, 2, ARC_BARE, False)]),
        (f"{ARC}runnerreplicaset.yaml", [("RunnerReplicaSet", None, 2, ARC_BARE, False)]),
    ],
)  # fmt: skip
def test_an_arc_runner_is_the_pod_its_controller_builds(name: str, expected: list[Any], capsys: pytest.CaptureFixture[str]) -> None:
    assert pods(name) == expected
    report = lint(capsys, str(REAL / name))
    assert [(f["rule"], f["object"]["kind"]) for f in report["findings"]] == [("PR201", expected[0][0])]


def test_arc_runner_resources_dind_sidecar_and_container_modes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """runner_controller.go newPod: runner takes spec.resources' requests and limits where its own are empty (each map
    apart), docker spec.dockerdContainerResources; sidecarContainers follow, initContainers are the init containers;
    dockerdWithinRunnerContainer drops the sidecar; containerMode kubernetes drops a written docker and puts a bare
    runner first; a RunnerSet's template gets runner and docker added (newRunnerPodWithContainerMode)."""
    (tmp_path / "r.yaml").write_text(
        "apiVersion: actions.summerwind.dev/v1alpha1\nkind: RunnerDeployment\nmetadata: {name: rd}\nspec:\n  replicas: 3\n"
        "  template:\n    spec:\n      repository: a/b\n"
        "      resources: {requests: {cpu: '1', memory: 2Gi}, limits: {cpu: '2', memory: 4Gi}}\n"
        "      dockerdContainerResources: {requests: {cpu: 500m, memory: 1Gi}}\n"
        "      sidecarContainers: [{name: mysql, image: mysql}]\n      initContainers: [{name: i, image: busybox}]\n"
        "---\napiVersion: actions.summerwind.dev/v1alpha1\nkind: Runner\nmetadata: {name: own}\nspec:\n"
        "  dockerdWithinRunnerContainer: true\n  resources: {limits: {memory: 1Gi}}\n"
        "  containers: [{name: runner, image: r, resources: {requests: {cpu: 100m}}}]\n"
        "---\napiVersion: actions.summerwind.dev/v1alpha1\nkind: Runner\nmetadata: {name: k8s}\nspec:\n  containerMode: kubernetes\n"
        "  resources: {requests: {cpu: '1'}}\n  containers: [{name: docker, image: d}, {name: x, image: x, resources: {limits: {memory: 1Gi}}}]\n"
        "---\napiVersion: actions.summerwind.dev/v1alpha1\nkind: RunnerSet\nmetadata: {name: rs}\nspec:\n  replicas: 2\n"
        "  selector: {matchLabels: {a: b}}\n  template:\n    metadata: {labels: {a: b}}\n"
        "    spec: {containers: [{name: x, image: x, resources: {limits: {cpu: '1', memory: 1Gi}}}]}\n",
        encoding="utf-8",
    )
    one_gi = {"cpu": "1", "memory": "1Gi"}
    assert _all(tmp_path / "r.yaml") == [
        ("RunnerDeployment", None, 3, [
            ("i", "init", {}, {}), ("runner", "regular", {"cpu": "1", "memory": "2Gi"}, {"cpu": "2", "memory": "4Gi"}),
            ("docker", "regular", {"cpu": "500m", "memory": "1Gi"}, {}), ("mysql", "regular", {}, {})], False),
        ("Runner", None, 1, [("runner", "regular", {"cpu": "100m"}, {"memory": "1Gi"})], False),
        ("Runner", None, 1, [("runner", "regular", {}, {}), ("x", "regular", {}, {"memory": "1Gi"})], False),
        ("RunnerSet", None, 2, [("runner", "regular", {}, {}), ("x", "regular", {}, one_gi), ("docker", "regular", {}, {})], False),
    ]  # fmt: skip
    # the runner added to a written list is placed at that list, not at spec.resources, which it does not take
    report = lint_report(capsys, str(tmp_path / "r.yaml"))
    added = [(f["line"], f["field"]) for f in report["findings"] if f["object"]["name"] == "k8s" and "'runner'" in f["message"]]
    assert added == [(28, "spec.containers.resources")]


def test_arc_scale_sets_runner_and_listener_pods(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """resourcebuilder.go: an AutoscalingRunnerSet's template is the runner pod as written (minRunners of them, 0
    unset); its listener is one pod whose listener container has no resources unless listenerTemplate's listener gives
    them (replaced whole), the template's other containers after it; EphemeralRunnerSet and EphemeralRunner carry
    the pod template inline."""
    (tmp_path / "s.yaml").write_text(
        "apiVersion: actions.github.com/v1alpha1\nkind: AutoscalingRunnerSet\nmetadata: {name: a}\nspec:\n"
        "  githubConfigUrl: https://github.com/o\n  minRunners: 2\n  maxRunners: 5\n  listenerTemplate:\n    spec:\n"
        "      containers: [{name: side, image: s}, {name: listener, resources: {requests: {cpu: 10m, memory: 64Mi}}}]\n"
        "  template:\n    spec:\n      containers: [{name: runner, image: r, resources: {requests: {cpu: '1', memory: 1Gi}}}]\n"
        "---\napiVersion: actions.github.com/v1alpha1\nkind: AutoscalingRunnerSet\nmetadata: {name: b}\nspec:\n"
        "  githubConfigUrl: https://github.com/o\n  template:\n    spec:\n      containers: [{name: runner, image: r}]\n"
        "---\napiVersion: actions.github.com/v1alpha1\nkind: EphemeralRunnerSet\nmetadata: {name: e}\nspec:\n  replicas: 4\n"
        "  ephemeralRunnerSpec:\n    githubConfigUrl: x\n    spec: {containers: [{name: runner, image: r}]}\n",
        encoding="utf-8",
    )
    assert _all(tmp_path / "s.yaml") == [
        ("AutoscalingRunnerSet", "runner", 2, [("runner", "regular", {"cpu": "1", "memory": "1Gi"}, {})], False),
        ("AutoscalingRunnerSet", "listener", 1, [("listener", "regular", {"cpu": "10m", "memory": "64Mi"}, {}), ("side", "regular", {}, {})], False),
        ("AutoscalingRunnerSet", "runner", 0, [("runner", "regular", {}, {})], False),
        ("AutoscalingRunnerSet", "listener", 1, [("listener", "regular", {}, {})], False),
        ("EphemeralRunnerSet", None, 4, [("runner", "regular", {}, {})], False),
    ]  # fmt: skip
    report = lint(capsys, str(tmp_path / "s.yaml"))
    assert sorted((f["rule"], f["object"]["name"], f["line"]) for f in report["findings"]) == [
        ("PR132", "a", 10), ("PR132", "a", 13), ("PR138", "a", 10), ("PR201", "b", 18), ("PR201", "b", 22), ("PR201", "e", 31)]


JENKINS = "jenkinsci__kubernetes-operator/config__samples__jenkins.io_v1alpha2_jenkins.yaml"


def test_a_jenkins_is_its_master_and_seed_job_agent(capsys: pytest.CaptureFixture[str]) -> None:
    """The sample writes jenkins-master's resources (the operator's defaults, as it happens) and a seed job: the
    master pod and the agent Deployment's jnlp pod, which has no resources (seedjobs.go agentDeployment)."""
    limits = {"cpu": "1500m", "memory": "3Gi"}
    assert pods(JENKINS) == [
        ("Jenkins", "master", 1, [("jenkins-master", {"cpu": "1", "memory": "500Mi"}, limits)], False),
        ("Jenkins", "seed-job-agent", 1, [("jnlp", {}, {})], False),
    ]
    report = lint(capsys, str(REAL / JENKINS))
    assert [(f["rule"], f["line"]) for f in report["findings"]] == [("PR201", 7), ("PR134", 47), ("PR133", 50)]


def test_jenkins_operator_defaults_and_refused_master(tmp_path: Path) -> None:
    """setDefaults: no container is a jenkins-master with requests 1/500Mi and limits 1500m/3Gi; another container
    whose resources are the zero value gets 50m/50Mi and 100m/100Mi, one that writes any keeps its own; a first
    container of another name is refused (no pod); an empty seedJobs list makes no agent."""
    (tmp_path / "j.yaml").write_text(
        "apiVersion: jenkins.io/v1alpha2\nkind: Jenkins\nmetadata: {name: a}\nspec:\n  master:\n"
        "    containers: [{name: jenkins-master, image: j, resources: {}}, {name: backup, image: b},"
        " {name: side, image: s, resources: {requests: {cpu: 10m}}}]\n"
        "---\napiVersion: jenkins.io/v1alpha2\nkind: Jenkins\nmetadata: {name: b}\nspec:\n  master: {}\n  seedJobs: []\n"
        "---\napiVersion: jenkins.io/v1alpha2\nkind: Jenkins\nmetadata: {name: c}\nspec:\n  master:\n"
        "    containers: [{name: jenkins, image: j}]\n",
        encoding="utf-8",
    )
    master = ("jenkins-master", "regular", {"cpu": "1", "memory": "500Mi"}, {"cpu": "1500m", "memory": "3Gi"})
    assert _all(tmp_path / "j.yaml") == [
        ("Jenkins", "master", 1, [master, ("backup", "regular", {"cpu": "50m", "memory": "50Mi"}, {"cpu": "100m", "memory": "100Mi"}),
                                   ("side", "regular", {"cpu": "10m"}, {})], False),
        ("Jenkins", "master", 1, [master], False),
    ]  # fmt: skip


def test_an_arc_horizontal_runner_autoscaler_describes_another_object(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A HorizontalRunnerAutoscaler sets the replicas of the RunnerDeployment its scaleTargetRef names and runs
    nothing: counted as describing another object, not as a custom object where nothing was found."""
    (tmp_path / "h.yaml").write_text(
        "apiVersion: actions.summerwind.dev/v1alpha1\nkind: HorizontalRunnerAutoscaler\nmetadata: {name: h}\nspec:\n"
        "  scaleTargetRef: {kind: RunnerDeployment, name: rd}\n  minReplicas: 1\n  maxReplicas: 5\n",
        encoding="utf-8",
    )
    report = lint_report(capsys, str(tmp_path / "h.yaml"))
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    counted = report["summary"]["skipped"]
    assert counted["describes-objects"] == {"HorizontalRunnerAutoscaler": 1} and counted["nothing-found"] == {}


def test_arc_and_jenkins_bad_input_is_refused_where_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Values the API server refuses are PR002 errors at their place, never a traceback: a runner container's
    resources that are no object, a container that is a number, a Jenkins master container's resources as a list."""
    (tmp_path / "b.yaml").write_text(
        "apiVersion: actions.summerwind.dev/v1alpha1\nkind: RunnerDeployment\nmetadata: {name: b}\nspec:\n  template:\n"
        "    spec:\n      containers: [5, {name: runner, resources: x}]\n      dockerdContainerResources: 7\n"
        "---\napiVersion: jenkins.io/v1alpha2\nkind: Jenkins\nmetadata: {name: f}\nspec:\n"
        "  master: {containers: [{name: jenkins-master, resources: []}]}\n  seedJobs: [null]\n",
        encoding="utf-8",
    )
    report = lint_report(capsys, str(tmp_path / "b.yaml"))
    assert [(f["rule"], f["line"], f["column"], f["message"]) for f in report["findings"] if f["rule"] == "PR002"] == [
        ("PR002", 7, 20, "must be an object, not a number"), ("PR002", 7, 38, "must be an object, not a string"),
        ("PR002", 14, 48, "must be an object, not a list")]
SUC_PLANS = REAL / "rancher__system-upgrade-controller/examples__k3s-upgrade.yaml"


def test_a_system_upgrade_plan_is_its_upgrade_job_pod(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """rancher/system-upgrade-controller pkg/upgrade/job/job.go New: one Job a selected node (not counted), its pod
    the init containers `prepare` (spec.prepare), then `drain` (spec.drain) or else `cordon` (spec.cordon: true),
    and the container `upgrade`; a ContainerSpec has no resources and container.New sets none: BestEffort, as fact
    (PR201, true); the pod takes spec.priorityClassName."""
    assert _all(SUC_PLANS) == [
        ("Plan", None, None, [("cordon", "init", {}, {}), ("upgrade", "regular", {}, {})], False),
        ("Plan", None, None, [("prepare", "init", {}, {}), ("drain", "init", {}, {}), ("upgrade", "regular", {}, {})], False),
    ]
    assert [(f["rule"], f["object"]["name"]) for f in lint(capsys, str(SUC_PLANS))["findings"]] == [("PR201", "k3s-server"), ("PR201", "k3s-agent")]
    server = SUC_PLANS.read_text(encoding="utf-8").split("---\n")[1]
    # no cordon, no drain, no prepare: the upgrade alone
    (tmp_path / "plan.yaml").write_text(server.replace("  cordon: true\n", ""), encoding="utf-8")
    assert _all(tmp_path / "plan.yaml") == [("Plan", None, None, [("upgrade", "regular", {}, {})], False)]
    # drain wins over cordon (job.go: `if drain != nil {...} else if cordon`)
    edited = server.replace("  cordon: true\n", "  cordon: true\n  drain: {force: true}\n  priorityClassName: system-node-critical\n")
    (tmp_path / "plan.yaml").write_text(edited, encoding="utf-8")
    main(["explain", "-o", "json", str(tmp_path / "plan.yaml")])
    got = [(p["qosClass"], p["priority"]["value"], [(c["name"], c["type"]) for c in p["containers"]]) for p in json.loads(capsys.readouterr().out)["pods"]]
    assert got == [("BestEffort", 2000001000, [("drain", "init"), ("upgrade", "regular")])]


def test_a_kiali_is_one_kiali_pod_with_the_roles_default_resources() -> None:
    """kiali/kiali-operator f64e75ebeb2e roles/default/kiali-deploy: a Kiali without spec.deployment.resources gets
    resource_limits_default (tasks/main.yml), one replica (defaults/main.yml)."""
    assert pods("kiali__kiali-operator/deploy__kiali__kiali_cr_minimal.yaml") == [
        ("Kiali", None, 1, [("kiali", {"cpu": "10m", "memory": "64Mi"}, {"memory": "1Gi"})], False),
    ]


def test_a_kialis_written_resources_replace_the_default_and_remote_only_makes_no_pod(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``{% if kiali_vars.deployment.resources|length > 0 %}``: written resources whole, an empty map none; with
    remote_cluster_resources_only no Deployment."""
    (tmp_path / "k.yaml").write_text(
        "apiVersion: kiali.io/v1alpha1\nkind: Kiali\nmetadata: {name: b}\nspec:\n  deployment:\n    replicas: 2\n"
        "    resources: {requests: {cpu: 100m}}\n---\napiVersion: kiali.io/v1alpha1\nkind: Kiali\nmetadata: {name: c}\n"
        "spec:\n  deployment: {resources: {}}\n---\napiVersion: kiali.io/v1alpha1\nkind: Kiali\nmetadata: {name: d}\n"
        "spec:\n  deployment: {remote_cluster_resources_only: true}\n",
        encoding="utf-8",
    )
    main(["explain", "-o", "json", str(tmp_path / "k.yaml")])
    got = [(p["workload"]["name"], p["workload"]["replicas"], p["qosClass"], [(c["name"], c["requests"], c["limits"]) for c in p["containers"]])
           for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip
    assert got == [("b", 2, "Burstable", [("kiali", {"cpu": "100m"}, {})]), ("c", 1, "BestEffort", [("kiali", {}, {})])]
OLLAMA = "nekomeowww__ollama-operator/"


@pytest.mark.parametrize(
    "name", [f"{OLLAMA}hack__ollama-model-phi-kind-cluster.yaml", f"{OLLAMA}config__samples__ollama_v1_model.yaml"]
)
def test_an_ollama_model_is_its_deployments_pod(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """EnsureDeploymentCreated: one replica where spec.replicas is unset; MergePodTemplate adds ``server`` with
    spec.resources (none here) and the init container ollama-image-pull (no resources): a BestEffort pod."""
    assert pods(name) == [("Model", None, 1, [("server", {}, {})], False)]
    report = lint_report(capsys, str(REAL / name))
    assert [(f["rule"], f["object"]["kind"]) for f in report["findings"]] == [("PR201", "Model")]


def test_an_ollama_models_resources_go_over_its_templates_server(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """AssignOllamaServerContainer: ``lo.Assign`` of the template server's limits and requests with spec.resources',
    key by key, every resource (the GPU too); the template's ollama-image-pull keeps its own resources; replicas from
    spec.replicas."""
    (tmp_path / "m.yaml").write_text(
        "apiVersion: ollama.ayaka.io/v1\nkind: Model\nmetadata: {name: m}\nspec:\n  image: phi\n  replicas: 2\n"
        "  resources: {requests: {cpu: '2', nvidia.com/gpu: '1'}, limits: {nvidia.com/gpu: '1', memory: 8Gi}}\n"
        "  podTemplate:\n    spec:\n      containers:\n"
        "      - {name: server, resources: {requests: {cpu: 500m, memory: 4Gi}, limits: {cpu: '4', memory: 4Gi}}}\n"
        "      initContainers:\n      - {name: ollama-image-pull, resources: {requests: {cpu: 10m, memory: 16Mi}, limits: {memory: 16Mi}}}\n",
        encoding="utf-8",
    )
    main(["explain", "-o", "json", str(tmp_path / "m.yaml")])
    got = [(p["workload"]["replicas"], p["qosClass"], [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]])
           for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip
    assert got == [(2, "Burstable", [
        ("ollama-image-pull", "init", {"cpu": "10m", "memory": "16Mi"}, {"memory": "16Mi"}),
        ("server", "regular", {"cpu": "2", "memory": "4Gi", "nvidia.com/gpu": "1"}, {"cpu": "4", "memory": "8Gi", "nvidia.com/gpu": "1"}),
    ])]  # fmt: skip


NVDRA = "NVIDIA__k8s-dra-driver-gpu/demo__specs__"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # the domain's daemon (one a labelled node: no count) beside the workload pod that uses its channel claim
        (f"{NVDRA}imex__channel-injection.yaml", [
            ("ComputeDomain", None, None, [("compute-domain-daemon", {}, {})], False), ("Pod", None, None, [("ctr", {}, {})], False)]),
        # numNodes 4 does not count the daemon's pods; the MPIJob's launcher and 4 workers (2 GPUs each) as written
        (f"{NVDRA}imex__nvbandwidth-test-job.yaml", [
            ("ComputeDomain", None, None, [("compute-domain-daemon", {}, {})], False),
            ("MPIJob", "mpiReplicaSpecs[Launcher]", 1, [("mpi-launcher", {}, {})], False),
            ("MPIJob", "mpiReplicaSpecs[Worker]", 4, [("mpi-worker", {}, {"nvidia.com/gpu": "2"})], False)]),
    ],
)  # fmt: skip
def test_a_compute_domain_is_its_daemonsets_pod(name: str, expected: list[Any], capsys: pytest.CaptureFixture[str]) -> None:
    """DaemonSetManager.Create renders templates/compute-domain-daemon.tmpl.yaml for every ComputeDomain: one
    container, compute-domain-daemon, whose resources hold only its claim: a BestEffort pod (PR201 is true of it)."""
    assert pods(name) == expected
    report = lint_report(capsys, str(REAL / name))
    assert [(f["rule"], f["object"]["kind"]) for f in report["findings"]][0] == ("PR201", "ComputeDomain")
    assert "ComputeDomain" not in report["summary"]["skipped"]["nothing-found"]


def test_a_compute_domains_fields_do_not_change_its_daemon(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """numNodes and channel change neither the daemon pod nor its resources; an object without spec still makes it."""
    (tmp_path / "cd.yaml").write_text(
        "apiVersion: resource.nvidia.com/v1beta1\nkind: ComputeDomain\nmetadata: {name: a, namespace: x}\n"
        "spec: {numNodes: 8, channel: {resourceClaimTemplate: {name: c}, allocationMode: All}}\n---\n"
        "apiVersion: resource.nvidia.com/v1beta1\nkind: ComputeDomain\nmetadata: {name: b}\n",
        encoding="utf-8",
    )
    main(["explain", "-o", "json", str(tmp_path / "cd.yaml")])
    got = [(p["workload"]["name"], p["workload"]["replicas"], p["qosClass"], [(c["name"], c["requests"], c["limits"]) for c in p["containers"]])
           for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip
    assert got == [("a", None, "BestEffort", [("compute-domain-daemon", {}, {})]), ("b", None, "BestEffort", [("compute-domain-daemon", {}, {})])]


@pytest.mark.parametrize(
    ("name", "kinds"),
    [
        (f"{NVDRA}selectors__parameters.yaml", {"GpuClaimParameters": 2}),
        (f"{NVDRA}mig+mps__sharing-demo-parameters.yaml", {"GpuClaimParameters": 2, "MigDeviceClaimParameters": 2}),
    ],
)
def test_classic_dra_claim_parameters_carry_no_pods(name: str, kinds: dict[str, int]) -> None:
    """gpu.resource.nvidia.com/v1alpha1's claim parameters are what a claim asks for: objects without pods, not
    custom objects searched in vain."""
    items = list(iter_items([str(REAL / name)]))
    assert not [i for i in items if isinstance(i, WorkloadItem)]
    skipped = [i for i in items if isinstance(i, SkippedItem)]
    assert sorted((s.reason, s.kind) for s in skipped) == sorted(("no-pods", k) for k, n in kinds.items() for _ in range(n))


PERCONA_PG = "percona__percona-postgresql-operator/"
_PG_200M = ({}, {"cpu": "200m", "memory": "128Mi"})  # as written: the API server copies the limits into the requests


@pytest.mark.parametrize(
    ("name", "expected", "init"),
    [
        # no resources written, and the operator sets none: BestEffort as fact; the log collector is on (crVersion 3.1.0)
        # and the repo host is made whatever the repos (reconcileDedicatedRepoHost)
        ("deploy__cr.yaml", [
            ("PerconaPGCluster", "instances[0] instance1 instance", 3,
             [("database", *NONE), ("replication-cert-copy", *NONE), ("pgbackrest", *NONE), ("pgbackrest-config", *NONE), ("logs", *NONE),
              ("logrotate", *NONE)], False),
            ("PerconaPGCluster", "repo-host", 1, [("pgbackrest", *NONE), ("pgbackrest-config", *NONE)], False),
            ("PerconaPGCluster", "pgbouncer", 3, [("pgbouncer", *NONE), ("pgbouncer-config", *NONE)], False),
        ], [("instances[0] instance1 instance", [("database-init", *NONE), ("nss-wrapper-init-logcollector", *NONE), ("postgres-startup", *NONE),
                                                  ("nss-wrapper-init", *NONE)]),
            ("repo-host", [("pgbackrest-log-dir", *NONE), ("nss-wrapper-init", *NONE)]), ("pgbouncer", [("pgbouncer-init", *NONE)])]),
        # the operator's controller test (controller_test.go "sidecar resources"): Percona's ``containers`` are Crunchy's sidecars
        ("percona__controller__testdata__sidecar-resources-cr.yaml", [
            ("PerconaPGCluster", "instances[0] instance1 instance", 3,
             [("database", *NONE), ("replication-cert-copy", *_PG_200M), ("pgbackrest", *_PG_200M), ("pgbackrest-config", *_PG_200M)], False),
            ("PerconaPGCluster", "repo-host", 1, [("pgbackrest", *NONE), ("pgbackrest-config", *_PG_200M)], False),
            ("PerconaPGCluster", "pgbouncer", 3, [("pgbouncer", *NONE), ("pgbouncer-config", *_PG_200M)], False),
        ], [("instances[0] instance1 instance", [("database-init", *NONE), ("postgres-startup", *NONE), ("nss-wrapper-init", *NONE)]),
            ("repo-host", [("pgbackrest-log-dir", *NONE), ("nss-wrapper-init", *NONE)]), ("pgbouncer", [("pgbouncer-init", *NONE)])]),
    ],
)  # fmt: skip
def test_the_percona_postgresql_operator_builds_its_pods(name: str, expected: list[Any], init: list[Any]) -> None:
    """percona/percona-postgresql-operator adafb34ff17c: ToCrunchy, then the vendored Crunchy code with Percona's
    additions (database-init, pgbouncer-init, the log collector, the repo host always)."""
    assert pods(PERCONA_PG + name) == expected
    assert with_init(PERCONA_PG + name) == init


PERCONA_PG_CR = """apiVersion: pgv2.percona.com/v2
kind: PerconaPGCluster
metadata: {{name: c}}
spec:
  {extra}
  instances:
  - name: i1
    replicas: 2
    resources: {{limits: {{cpu: "1", memory: 1Gi}}}}
    {set_init}
    sidecars: [{{name: extra, image: x, resources: {{limits: {{cpu: 10m, memory: 10Mi}}}}}}]
  logcollector: {{image: x, resources: {{limits: {{cpu: 50m, memory: 64Mi}}}}}}
  backups:
    {backups}
    pgbackrest:
      repoHost: {{resources: {{limits: {{cpu: 100m, memory: 128Mi}}}}}}
      containers: {{pgbackrest: {{resources: {{limits: {{cpu: 20m, memory: 32Mi}}}}}}}}
      sidecars: {{pgbackrest: {{resources: {{limits: {{cpu: 30m, memory: 48Mi}}}}}}}}
      repos: [{{name: repo1, s3: {{bucket: b}}}}]
  proxy: {{pgBouncer: {{replicas: 2, resources: {{limits: {{cpu: 100m, memory: 64Mi}}}}}}}}
"""


def _percona_pg(tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: str = "", set_init: str = "", backups: str = "") -> list[Any]:
    (tmp_path / "c.yaml").write_text(PERCONA_PG_CR.format(extra=extra, set_init=set_init, backups=backups))
    assert main(["explain", "-o", "json", str(tmp_path / "c.yaml")]) == 0
    got = json.loads(capsys.readouterr().out)["pods"]
    return [(p["workload"]["template"], p["workload"].get("replicas"), p["qosClass"], p["workload"]["asWritten"] is not None,
             {c["name"]: c["limits"] for c in p["containers"]}) for p in got]  # fmt: skip


def test_a_percona_pg_cluster_takes_each_container_from_its_own_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """database-init: the set's initContainer, else the cluster's, else database's (percona/k8s/util.go InitContainer);
    the log collector's three with spec.logcollector.resources from 3.1.0; pgbackrest from ``containers`` from crVersion
    2.4.0, ``sidecars`` before; pgbouncer-config's 5m/16Mi beside a pgbouncer with resources; pause runs no pod."""
    one, logs = {"cpu": "1", "memory": "1Gi"}, {"cpu": "50m", "memory": "64Mi"}
    config = {"cpu": "5m", "memory": "16Mi"}
    [instance, repo, bouncer] = _percona_pg(tmp_path, capsys)
    assert instance[:4] == ("instances[0] i1 instance", 2, "Burstable", False) and instance[4] == {
        "database-init": one, "nss-wrapper-init-logcollector": logs, "postgres-startup": one, "nss-wrapper-init": one, "database": one,
        "replication-cert-copy": {}, "extra": {"cpu": "10m", "memory": "10Mi"}, "pgbackrest": {"cpu": "20m", "memory": "32Mi"},
        "pgbackrest-config": {}, "logs": logs, "logrotate": logs}
    assert repo[:2] == ("repo-host", 1) and repo[4] == {
        "nss-wrapper-init": {"cpu": "100m", "memory": "128Mi"}, "pgbackrest": {"cpu": "100m", "memory": "128Mi"}, "pgbackrest-config": {}}
    assert bouncer[:3] == ("pgbouncer", 2, "Guaranteed") and bouncer[4] == {
        "pgbouncer-init": {"cpu": "100m", "memory": "64Mi"}, "pgbouncer": {"cpu": "100m", "memory": "64Mi"}, "pgbouncer-config": config}
    cluster_init = "initContainer: {resources: {limits: {cpu: 7m, memory: 7Mi}}}"
    [instance, _, bouncer] = _percona_pg(tmp_path, capsys, cluster_init)
    assert instance[4]["database-init"] == bouncer[4]["pgbouncer-init"] == {"cpu": "7m", "memory": "7Mi"}
    [instance, _, _] = _percona_pg(tmp_path, capsys, cluster_init, set_init="initContainer: {resources: {limits: {cpu: 9m, memory: 9Mi}}}")
    assert instance[4]["database-init"] == {"cpu": "9m", "memory": "9Mi"}
    # crVersion 2.3.0: no database-init, no pgbouncer-init, no log collector; pgbackrest from ``sidecars``
    [instance, _, bouncer] = _percona_pg(tmp_path, capsys, "crVersion: 2.3.0")
    assert set(instance[4]) == {"postgres-startup", "nss-wrapper-init", "database", "replication-cert-copy", "extra", "pgbackrest", "pgbackrest-config"}
    assert instance[4]["pgbackrest"] == {"cpu": "30m", "memory": "48Mi"} and "pgbouncer-init" not in bouncer[4]
    # backups off: no repo host, no pgbackrest beside postgres; logcollector off; PMM with its secret
    pmm = "pmm: {enabled: true, secret: s, resources: {limits: {cpu: 300m, memory: 150M}}}"
    [instance, bouncer] = _percona_pg(tmp_path, capsys, pmm, backups="enabled: false")
    assert "pgbackrest" not in instance[4] and instance[4]["pmm-client"] == {"cpu": "300m", "memory": "150M"} and bouncer[0] == "pgbouncer"
    assert [(p[0], p[1]) for p in _percona_pg(tmp_path, capsys, "pause: true")] == [("instances[0] i1 instance", 0), ("repo-host", 0), ("pgbouncer", 0)]
    # custom extensions add init containers without resources: as written
    [instance, _, _] = _percona_pg(tmp_path, capsys, "extensions: {storage: {secret: {name: s}}}")
    assert instance[3]


MYSQL = "mysql__mysql-operator/samples__"
_MYSQL_INIT = [("fixdatadir", *NONE), ("initconf", *NONE), ("initmysql", *NONE)]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # no resources anywhere: the operator's manifests set none (prepare_cluster_stateful_set, prepare_router_deployment)
        ("sample-cluster.yaml", [
            ("InnoDBCluster", "server", 3, [("sidecar", *NONE), ("mysql", *NONE)], False),
            ("InnoDBCluster", "router", 1, [("router", *NONE)], False),
        ]),
        # spec.podSpec names the mysql container: merged over the operator's by name (utils.py merge_patch_object)
        ("sample-cluster-podspec-resources.yaml", [
            ("InnoDBCluster", "server", 3,
             [("mysql", {"cpu": "1800m", "memory": "2Gi"}, {"cpu": "3600m", "memory": "8Gi"}), ("sidecar", *NONE)], False),
            ("InnoDBCluster", "router", 1, [("router", *NONE)], False),
        ]),
    ],
)  # fmt: skip
def test_an_innodbcluster_is_its_servers_and_routers(name: str, expected: list[Any]) -> None:
    """mysql/mysql-operator aec777a1f91d: servers with the operator's init containers, the router Deployment."""
    assert pods(MYSQL + name) == expected
    assert with_init(MYSQL + name) == [("server", _MYSQL_INIT), ("router", [])]


def test_an_innodbcluster_s_counts_init_containers_and_added_containers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No fixdatadir with datadirPermissions.setRightsUsingInitContainer false; metrics make the servers as written."""
    cr = """apiVersion: mysql.oracle.com/v2
kind: InnoDBCluster
metadata: {{name: c}}
spec: {{secretName: s, instances: 2, router: {{instances: 2, podSpec: {{containers: [{{name: router, resources: {{limits: {{cpu: 1, memory: 1Gi}}}}}}]}}}}, {extra}}}
"""
    got = []
    for extra in ("datadirPermissions: {setRightsUsingInitContainer: false}", "metrics: {enable: true, image: x}"):
        (tmp_path / "c.yaml").write_text(cr.format(extra=extra))
        assert main(["explain", "-o", "json", str(tmp_path / "c.yaml")]) == 0
        got.append(json.loads(capsys.readouterr().out)["pods"])
    [server, router] = got[0]
    assert [c["name"] for c in server["containers"]] == ["initconf", "initmysql", "sidecar", "mysql"] and server["workload"]["replicas"] == 2
    assert router["qosClass"] == "Guaranteed" and router["workload"]["replicas"] == 2 and router["workload"]["asWritten"] is None
    assert got[1][0]["workload"]["asWritten"] is not None and got[1][1]["workload"]["asWritten"] is None


def test_argo_events_nats_streaming_eventbus() -> None:
    """argo-events 6478ece495f9 nats.go buildStatefulSetSpec: a spec.nats.native EventBus is max(replicas, 3) pods of
    ``stan`` (containerTemplate.resources where the template is written, else a cpu request of 0) and ``metrics``
    (metricsContainerTemplate.resources). awslabs/data-on-eks' eventbus.yaml (replicas 3, templates commented out)
    was counted "nothing found"; argo-events' own stress-test stan.yaml writes no replicas."""
    stan = [("stan", "regular", {"cpu": "0"}, {}), ("metrics", "regular", {}, {})]
    assert _all(REAL / "awslabs__data-on-eks/data-stacks__spark-on-eks__examples__argo-workflows__manifests__eventbus.yaml") == [
        ("EventBus", "nats.native", 3, stan, False)]
    assert _all(REAL / f"{AE}test__stress__testdata__eventbus__stan.yaml") == [("EventBus", "nats.native", 3, stan, False)]


@pytest.mark.parametrize(
    ("native", "expected"),
    [
        ("replicas: 1\n", [("EventBus", "nats.native", 3, [("stan", "regular", {"cpu": "0"}, {}), ("metrics", "regular", {}, {})], False)]),
        ("replicas: 5\n      containerTemplate: {}\n",  # a template without resources: none, not the cpu 0
         [("EventBus", "nats.native", 5, [("stan", "regular", {}, {}), ("metrics", "regular", {}, {})], False)]),
        ("containerTemplate: {resources: {requests: {cpu: 10m}, limits: {memory: 1Gi}}}\n"
         "      metricsContainerTemplate: {resources: {requests: {cpu: 10m}}}\n",
         [("EventBus", "nats.native", 3, [("stan", "regular", {"cpu": "10m"}, {"memory": "1Gi"}),
                                          ("metrics", "regular", {"cpu": "10m"}, {})], False)]),
    ],
)  # fmt: skip
def test_argo_events_nats_streaming_eventbus_fields(native: str, expected: list[Any], tmp_path: Path) -> None:
    bus = tmp_path / "bus.yaml"
    bus.write_text(f"apiVersion: argoproj.io/v1alpha1\nkind: EventBus\nmetadata: {{name: default}}\nspec:\n  nats:\n    native:\n      {native}")
    assert _all(bus) == expected


def test_argo_events_eventbus_installer_order(tmp_path: Path) -> None:
    """getInstaller (installer.go): spec.nats before spec.jetstream, exotic before native; an exotic NATS runs no pod."""
    bus = tmp_path / "bus.yaml"
    head = "apiVersion: argoproj.io/v1alpha1\nkind: EventBus\nmetadata: {name: default}\nspec:\n"
    bus.write_text(head + "  nats:\n    native: {}\n  jetstream: {version: latest}\n")
    assert [(k, t, n) for k, t, n, _, _ in _all(bus)] == [("EventBus", "nats.native", 3)]
    bus.write_text(head + "  nats:\n    exotic: {url: nats://x:4222}\n    native: {}\n")
    assert _all(bus) == []


CH_DEFAULT = ({"cpu": "250m", "memory": "256Mi"}, {"cpu": "1", "memory": "1Gi"})


def test_clickhouse_com_operator_clusters() -> None:
    """ClickHouse/clickhouse-operator 581494e3f6c1: one pod a replica (a StatefulSet of 1 each), its one container taking
    spec.containerTemplate.resources with the operator's defaults under them key by key (WithDefaults, ApplyDefault);
    a ClickHouseCluster is shards (1) x replicas (3). data-on-eks' cluster (3 x 3 of 30 cpu / 110Gi) was nothing-found."""
    keeper = ("KeeperCluster", None, 3, [("clickhouse-keeper", "regular", *CH_DEFAULT)], False)
    assert _all(REAL / "awslabs__data-on-eks/data-stacks__clickhouse-on-eks__examples__clickhouse-cluster.yaml") == [
        keeper, ("ClickHouseCluster", None, 9, [("clickhouse-server", "regular", {"cpu": "30", "memory": "110Gi"}, {"cpu": "30", "memory": "110Gi"})], False)]
    assert _all(REAL / "ClickHouse__clickhouse-operator/examples__minimal.yaml") == [
        keeper, ("ClickHouseCluster", None, 2, [("clickhouse-server", "regular", *CH_DEFAULT)], False)]


@pytest.mark.parametrize(
    ("spec", "count", "requests", "limits"),
    [
        ("replicas: 0\n  shards: 0\n", 3, *CH_DEFAULT),  # a written 0 is the default's (ApplyDefault under a pointer)
        ("shards: 2\n  containerTemplate: {resources: {limits: {cpu: '2', memory: 4Gi}}}\n", 6,
         {"cpu": "250m", "memory": "256Mi"}, {"cpu": "2", "memory": "4Gi"}),  # requests nil: the operator's whole
        ("containerTemplate: {resources: {requests: {memory: 2Gi}, limits: {memory: 2Gi}}}\n", 3,
         {"cpu": "250m", "memory": "2Gi"}, {"cpu": "1", "memory": "2Gi"}),  # each key it lacks
    ],
)  # fmt: skip
def test_clickhouse_com_operator_defaults(spec: str, count: int, requests: Resources, limits: Resources, tmp_path: Path) -> None:
    cluster = tmp_path / "c.yaml"
    cluster.write_text(f"apiVersion: clickhouse.com/v1alpha1\nkind: ClickHouseCluster\nmetadata: {{name: c}}\nspec:\n  {spec}")
    assert _all(cluster) == [("ClickHouseCluster", None, count, [("clickhouse-server", "regular", requests, limits)], False)]


def test_strimzi_topics_rebalances_and_karpenter_aws_node_classes_carry_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """Strimzi's KafkaTopic and KafkaRebalance (made through Kafka's admin API and Cruise Control's REST API) and
    Karpenter's AWS EC2NodeClass (instance settings) in awslabs/data-on-eks: objects without pods, not custom objects
    searched in vain (16 of those before)."""
    files = ("data-stacks__kafka-on-eks__examples__kafka-topics.yaml", "data-stacks__kafka-on-eks__kafka-cluster__rebalance.yaml",
             "infra__terraform__manifests__karpenter__ec2nodeclass.yaml")  # fmt: skip
    report = lint_report(capsys, *(str(REAL / "awslabs__data-on-eks" / f) for f in files))
    counted = report["summary"]["skipped"]
    assert report["summary"]["pods"] == 0 and report["findings"] == [] and counted["nothing-found"] == {}
    assert counted["no-pods"] == {"KafkaTopic": 2, "KafkaRebalance": 1, "EC2NodeClass": 8}
OLM_CSV = "operator-framework__operator-sdk/testdata__go__v4__memcached-operator__"
OLM_MANAGER = ("manager", {"cpu": "10m", "memory": "64Mi"}, {"cpu": "500m", "memory": "128Mi"})


def test_an_olm_cluster_service_version_is_its_install_deployments_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """OLM's deploymentForSpec makes one Deployment of each ``install.spec.deployments`` entry, as written (no
    resources without a Subscription's config.resources): operator-sdk's bundle is the controller-manager, 1 replica,
    judged as a Deployment (PR134: a 500m cpu limit over a 10m request); a CSV base without deployments has no pod."""
    bundle = f"{OLM_CSV}bundle__manifests__memcached-operator.clusterserviceversion.yaml"
    assert pods(bundle) == [
        ("ClusterServiceVersion", "install.spec.deployments[0] memcached-operator-controller-manager", 1, [OLM_MANAGER], False)]
    report = lint_report(capsys, str(REAL / bundle))
    assert sorted((f["rule"], f["severity"], f["line"]) for f in report["findings"]) == [("PR133", "info", 184), ("PR134", "warning", 180)]
    base = f"{OLM_CSV}config__manifests__bases__memcached-operator.clusterserviceversion.yaml"
    assert pods(base) == []
    assert lint_report(capsys, str(REAL / base))["summary"]["skipped"]["nothing-found"] == {"ClusterServiceVersion": 1}


@pytest.mark.parametrize(("replicas", "count"), [("replicas: 1", 1), ("replicas: 3", 3), ("", 1)])
def test_an_olm_deployments_replicas_count_its_pods(replicas: str, count: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each entry's ``spec.replicas`` (the Deployment's; the API server's 1 where unset)."""
    text = (REAL / f"{OLM_CSV}bundle__manifests__memcached-operator.clusterserviceversion.yaml").read_text(encoding="utf-8")
    assert "          replicas: 1\n" in text
    (tmp_path / "csv.yaml").write_text(text.replace("          replicas: 1\n", f"          {replicas}\n" if replicas else ""), encoding="utf-8")
    main(["explain", "-o", "json", str(tmp_path / "csv.yaml")])
    got = [(p["workload"]["replicas"], p["qosClass"], [(c["name"], c["requests"], c["limits"]) for c in p["containers"]])
           for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip
    assert got == [(count, "Burstable", [OLM_MANAGER])]


OLM_QUICKSTART = REAL / "operator-framework__operator-lifecycle-manager/deploy__upstream__quickstart__olm.yaml"
OLM_REGISTRY = ("registry-server", "regular", {"cpu": "10m", "memory": "50Mi"}, {})


def test_olms_quickstart_is_its_operators_packageserver_and_catalog_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """OLM's own install: two Deployments, the packageserver CSV's Deployment (2 replicas) and the grpc CatalogSource's
    registry pod, which OLM's reconciler.go Pod gives 10m/50Mi requests and no limits; OperatorGroups carry no pods."""
    assert _all(OLM_QUICKSTART) == [
        ("Deployment", None, 1, [("olm-operator", "regular", {"cpu": "10m", "memory": "160Mi"}, {})], False),
        ("Deployment", None, 1, [("catalog-operator", "regular", {"cpu": "10m", "memory": "80Mi"}, {})], False),
        ("ClusterServiceVersion", "install.spec.deployments[0] packageserver", 2,
         [("packageserver", "regular", {"cpu": "10m", "memory": "50Mi"}, {})], False),
        ("CatalogSource", "registry-server", 1, [OLM_REGISTRY], False),
    ]  # fmt: skip
    report = lint_report(capsys, str(OLM_QUICKSTART))
    assert [(f["rule"], f["object"]["kind"], f["line"]) for f in report["findings"]] == [
        ("PR132", "Deployment", 95), ("PR132", "Deployment", 149), ("PR132", "ClusterServiceVersion", 320), ("PR132", "CatalogSource", 350)]
    assert report["summary"]["skipped"]["no-pods"]["OperatorGroup"] == 2


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        # memoryTarget replaces the memory request; extractContent adds two init containers without resources;
        # grpcPodConfig.priorityClassName is the pod's
        ("  sourceType: grpc\n  image: quay.io/operatorhubio/catalog:latest\n  grpcPodConfig:\n    memoryTarget: 30Mi\n"
         "    priorityClassName: system-cluster-critical\n    extractContent: {catalogDir: /configs}\n",
         [("registry-server", [("extract-utilities", "init", {}, {}), ("extract-content", "init", {}, {}),
                               ("registry-server", "regular", {"cpu": "10m", "memory": "30Mi"}, {})], "system-cluster-critical")]),
        # a configmap source: OLM's configmap-registry-server, the same requests
        ("  sourceType: configmap\n  configMap: catalog\n",
         [("configmap-registry-server", [("configmap-registry-server", "regular", {"cpu": "10m", "memory": "50Mi"}, {})], None)]),
        # grpc with an address only: the server runs elsewhere, no pod
        ("  sourceType: grpc\n  address: catalog.example.com:50051\n", []),
    ],
)  # fmt: skip
def test_an_olm_catalog_sources_registry_pod(spec: str, expected: list[Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = OLM_QUICKSTART.read_text(encoding="utf-8")
    catalog = text[text.index("kind: CatalogSource") - len("apiVersion: operators.coreos.com/v1alpha1\n") :]
    head, _, _ = catalog.partition("spec:\n")
    (tmp_path / "cs.yaml").write_text(f"{head}spec:\n{spec}", encoding="utf-8")
    main(["explain", "-o", "json", str(tmp_path / "cs.yaml")])
    got = [(p["workload"]["template"], [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]], p["priority"]["className"])
           for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip
    assert got == expected


def test_an_operator_sdk_scorecard_configuration_describes_tests(capsys: pytest.CaptureFixture[str]) -> None:
    """A bundle's tests/scorecard/config.yaml lists the tests ``operator-sdk scorecard`` runs, each as a pod it makes
    while it tests: a test suite's configuration, never searched, counted as describing other objects."""
    name = "operator-framework__operator-sdk/testdata__go__v4__memcached-operator__bundle__tests__scorecard__config.yaml"
    assert skipped(name) == [("describes-objects", "Configuration")]
    report = lint_report(capsys, str(REAL / name))
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    assert report["summary"]["skipped"]["describes-objects"] == {"Configuration": 1} and report["summary"]["skipped"]["nothing-found"] == {}


CDI = "kubevirt__containerized-data-importer/manifests__example__"
CDI_DEFAULT = ({"cpu": "100m", "memory": "60M"}, {"cpu": "750m", "memory": "600M"})


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # http/registry/blank/vddk: one importer pod whose importer container takes the CDIConfig defaults
        # (config-controller.go reconcileDefaultPodResourceRequirements), as written: the cluster's CDIConfig may change them
        (f"{CDI}registry-image-datavolume.yaml", [("DataVolume", "importer", 1, [("importer", *CDI_DEFAULT)], True)]),
        (f"{CDI}blank-image-datavolume.yaml", [("DataVolume", "importer", 1, [("importer", *CDI_DEFAULT)], True)]),
        # vddk with initImageURL: the vddk-side-car init container (not among the regular ones)
        (f"{CDI}vddk-args-field.yaml", [("DataVolume", "importer", 1, [("importer", *CDI_DEFAULT)], True)]),
        # upload: the upload server pod (upload-controller.go makeUploadPodContainers)
        (f"{CDI}upload-datavolume.yaml", [("DataVolume", "upload server", 1, [("cdi-upload-server", *CDI_DEFAULT)], True)]),
        # a pvc clone: CSI clone, snapshot or host pods, as the storage profile decides: no pod here
        (f"{CDI}clone-datavolume.yaml", []),
    ],
)  # fmt: skip
def test_a_cdi_datavolume_is_its_importer_or_upload_pod(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_cdi_buckets_and_the_vddk_init_container(capsys: pytest.CaptureFixture[str]) -> None:
    """A clone is not modelled (its pods depend on the cluster's storage profile); CDIConfig and UploadTokenRequest
    carry no pods; the vddk importer's init container vddk-side-car takes the same defaults, so the pod's requests and
    limits are the importer's; PR134 says the shipped defaults' limits are 7.5x and 10x their requests."""
    skipped = [(i.reason, i.kind) for n in ("clone-datavolume.yaml", "example-cdiconfig.yaml", "upload-datavolume-token.yaml")
               for i in iter_items([str(REAL / f"{CDI}{n}")]) if isinstance(i, SkippedItem)]  # fmt: skip
    assert skipped == [("not-searched", "DataVolume"), ("no-pods", "CDIConfig"), ("no-pods", "UploadTokenRequest")]
    main(["explain", "-o", "json", str(REAL / f"{CDI}vddk-args-field.yaml")])
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert [(c["name"], c["type"], c["requests"], c["limits"]) for c in pod["containers"]] == [
        ("vddk-side-car", "init", *CDI_DEFAULT), ("importer", "regular", *CDI_DEFAULT)]
    assert (pod["qosClass"], pod["requests"], pod["limits"]) == ("Burstable", *CDI_DEFAULT)
    report = lint_report(capsys, str(REAL / f"{CDI}registry-image-datavolume.yaml"))
    assert sorted(f["rule"] for f in report["findings"]) == ["PR133", "PR134", "PR134"]
    assert all("CDIConfig" in f["message"] for f in report["findings"])


def test_a_cdi_registry_node_pull_and_a_data_import_cron(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """pullMethod: node adds the server container and the init container (isRegistryNodeImport), each with the
    defaults: the pod asks twice the importer's; a DataImportCron's template runs the same importer pod, with the
    DataVolume's priorityClassName."""
    (tmp_path / "d.yaml").write_text(
        "apiVersion: cdi.kubevirt.io/v1beta1\nkind: DataVolume\nmetadata: {name: r}\nspec:\n"
        "  source: {registry: {url: 'docker://quay.io/x/y', pullMethod: node}}\n  storage: {}\n---\n"
        "apiVersion: cdi.kubevirt.io/v1beta1\nkind: DataImportCron\nmetadata: {name: c}\nspec:\n  schedule: '0 * * * *'\n"
        "  managedDataSource: fedora\n  template:\n    spec:\n      priorityClassName: system-cluster-critical\n"
        "      source: {registry: {url: 'docker://quay.io/x/y'}}\n      storage: {}\n",
        encoding="utf-8",
    )
    main(["explain", "-o", "json", str(tmp_path / "d.yaml")])
    got = [(p["workload"]["kind"], p["requests"], p["limits"], p["priority"]["value"], [(c["name"], c["type"]) for c in p["containers"]])
           for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip
    assert got == [
        ("DataVolume", {"cpu": "200m", "memory": "120M"}, {"cpu": "1500m", "memory": "1200M"}, 0,
         [("init", "init"), ("importer", "regular"), ("server", "regular")]),
        ("DataImportCron", *CDI_DEFAULT, 2000000000, [("importer", "regular")]),
    ]  # fmt: skip


CAPI = "kubernetes-sigs__cluster-api/"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # machines (host Docker containers for CAPD) and their cluster: no pods; the kubeadm bootstrap and control plane
        # kinds write the control plane's static pods on those machines: not modelled
        (f"{CAPI}test__infrastructure__docker__examples__simple-cluster-without-kcp.yaml", [
            ("no-pods", "Cluster"), ("no-pods", "DockerCluster"), ("no-pods", "Machine"), ("not-searched", "KubeadmConfig"),
            ("no-pods", "DockerMachine"), ("no-pods", "MachineDeployment"), ("no-pods", "DockerMachineTemplate"),
            ("not-searched", "KubeadmConfigTemplate")]),
        (f"{CAPI}test__infrastructure__docker__examples__machine-pool.yaml", [
            ("no-pods", "Cluster"), ("no-pods", "DockerCluster"), ("not-searched", "KubeadmControlPlane"),
            ("no-pods", "DockerMachineTemplate"), ("no-pods", "MachinePool"), ("no-pods", "DockerMachinePool"),
            ("not-searched", "KubeadmConfig")]),
        (f"{CAPI}test__e2e__data__shared__v1.14__metadata.yaml", [("no-pods", "Metadata")]),
        (f"{CAPI}test__extension__config__tilt__extensionconfig.yaml", [("no-pods", "ExtensionConfig")]),
    ],
)  # fmt: skip
def test_cluster_api_kinds_are_machines_or_kubeadm_static_pods(name: str, expected: list[tuple[str, str]]) -> None:
    assert [(i.reason, i.kind) for i in iter_items([str(REAL / name)]) if isinstance(i, SkippedItem)] == expected


def test_cluster_api_manager_without_resources_is_best_effort(capsys: pytest.CaptureFixture[str]) -> None:
    """The controller manager's base Deployment sets no resources (and config/default patches none in): PR201 holds."""
    report = lint_report(capsys, str(REAL / f"{CAPI}core__config__manager__manager.yaml"))
    assert [(f["rule"], f["object"]["name"]) for f in report["findings"]] == [("PR201", "controller-manager")]


TELCO = "openshift-kni__telco-reference/"
PTP = f"{TELCO}telco-ran__configuration__source-crs__ptp-operator__"
PTP_RBAC = ("kube-rbac-proxy", {"cpu": "10m", "memory": "20Mi"}, {})
PTP_DAEMON = ("linuxptp-daemon-container", {"cpu": "20m", "memory": "50Mi"}, {})


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # ptp-daemon.yaml: kube-rbac-proxy and linuxptp-daemon-container, requests only; one pod a node (no count)
        (f"{PTP}PtpOperatorConfig.yaml", [("PtpOperatorConfig", None, None, [PTP_RBAC, PTP_DAEMON], False)]),
        # enableEventPublisher: cloud-event-proxy first, with no resources
        (f"{PTP}PtpOperatorConfigForEvent.yaml", [
            ("PtpOperatorConfig", None, None, [("cloud-event-proxy", {}, {}), PTP_RBAC, PTP_DAEMON], False)]),
    ],
)  # fmt: skip
def test_a_ptp_operator_config_is_its_linuxptp_daemon(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_the_linuxptp_daemon_is_node_critical_and_its_findings(capsys: pytest.CaptureFixture[str]) -> None:
    """system-node-critical (ptp-daemon.yaml): a critical pod, OOM score adjustment -997; no container has a memory
    limit (PR132, true of the operator's manifest) and cloud-event-proxy asks nothing (PR138)."""
    main(["explain", "-o", "json", str(REAL / f"{PTP}PtpOperatorConfigForEvent.yaml")])
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert (pod["qosClass"], pod["priority"]["className"], pod["requests"]) == ("Burstable", "system-node-critical", {"cpu": "30m", "memory": "70Mi"})
    assert {c["oomScoreAdj"] for c in pod["containers"]} == {-997}
    report = lint_report(capsys, str(REAL / f"{PTP}PtpOperatorConfigForEvent.yaml"))
    assert sorted((f["rule"], f["message"].split(":")[0]) for f in report["findings"]) == [
        ("PR132", "container 'kube-rbac-proxy' has no memory limit"), ("PR132", "container 'linuxptp-daemon-container' has no memory limit"),
        ("PR138", "container 'cloud-event-proxy' sets no cpu or memory request or limit (no cpu request, no memory request, no memory limit)"),
    ]  # fmt: skip


def test_acm_policies_describe_objects_and_placements_carry_no_pods() -> None:
    """Open Cluster Management: PlacementBinding describes other objects; the enforced Policy's ConfigurationPolicy
    creates its three musthave Secrets (model/decode/wrapped.py), read as the Secrets they are; ManagedClusterSetBinding
    and Placement are the hub's records; a PtpConfig is a profile."""
    got = [(i.reason, i.kind) for n in (f"{TELCO}telco-core__configuration__reference-crs__optional__other__server-cert-openshift-config-copy.yaml",
                                        f"{PTP}configuration__PtpConfigBoundary.yaml")
           for i in iter_items([str(REAL / n)]) if isinstance(i, SkippedItem)]  # fmt: skip
    assert got == [("no-pods", "ManagedClusterSetBinding"), *[("no-pods", "Secret")] * 3, ("no-pods", "Placement"),
                   ("describes-objects", "PlacementBinding"), ("no-pods", "PtpConfig")]  # fmt: skip


def test_telco_operator_pods_on_the_performance_profile_node(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The telco core control-plane PerformanceProfile (reserved 0-7,36-43, single-numa-node) on a 2 x 18 x 2 machine:
    the Burstable operator pods run in the shared pool, all 72 CPUs; the SR-IOV config daemon is system-node-critical
    (the operator's manifest): a node-critical pod, -997 as the linuxptp daemon; its webhooks are system-cluster-critical,
    which the kubelet's OOM score leaves to the QoS class (qos/policy.go: only IsNodeCriticalPod gets -997)."""
    profile = (REAL / f"{TELCO}telco-core__configuration__reference-crs__required__performance__PerformanceProfile-control-plane.yaml").read_text(encoding="utf-8")
    (tmp_path / "node.yaml").write_text(
        "apiVersion: pod-resources/v1\nkind: NodeProfile\nname: telco-core-cp\nsockets: 2\nnumaNodesPerSocket: 1\ncoresPerSocket: 18\n"
        "threadsPerCore: 2\ncpuNumbering: kernel\nnumaNodes: [{memory: 192Gi}, {memory: 192Gi}]\n"
        "kubelet: {apiVersion: kubelet.config.k8s.io/v1beta1, kind: KubeletConfiguration, cgroupDriver: systemd}\n" + profile,
        encoding="utf-8",
    )  # fmt: skip
    sriov = str(REAL / f"{TELCO}telco-core__configuration__reference-crs__required__networking__sriov__SriovOperatorConfig.yaml")
    main(["admit", "--node", str(tmp_path / "node.yaml"), "-o", "json", str(REAL / f"{PTP}PtpOperatorConfig.yaml"), sriov])
    got = [(p["workload"]["kind"], p["priority"]["className"], p["admission"]["admitted"], {(c["cpuset"], c["oomScoreAdj"]) for c in p["containers"]})
           for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip
    assert got == [
        ("PtpOperatorConfig", "system-node-critical", True, {("0-71", -997)}),
        ("SriovOperatorConfig", "system-node-critical", True, {("0-71", -997)}),
        ("SriovOperatorConfig", "system-cluster-critical", True, {("0-71", 999)}),
        ("SriovOperatorConfig", "system-cluster-critical", True, {("0-71", 999)}),
        ("SriovOperatorConfig", "system-node-critical", True, {("0-71", -997)}),
    ]


TEMPO = REAL / "grafana__tempo-operator"


def _sized(cpu: str, memory: str) -> tuple[dict[str, str], dict[str, str]]:
    return {"cpu": cpu, "memory": memory}, {}


def _tempo(name: str) -> list[tuple[str, object, list[tuple[str, dict[str, str], dict[str, str]]]]]:
    return [(p[1], p[2], [(c, *r) for c, r in p[3].items()]) for p in _tempo_pods(TEMPO / name)]


def _tempo_pods(path: Path) -> list[tuple[str, str, object, dict[str, tuple[dict[str, str], dict[str, str]]]]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["explain", "-o", "json", str(path)])
    return [(p["workload"]["name"], p["workload"]["template"], p["workload"]["replicas"],
             {c["name"]: (c["requests"], c["limits"]) for c in p["containers"]}) for p in json.loads(out.getvalue())["pods"]]  # fmt: skip


def test_tempo_shares_are_the_operators_float32_arithmetic() -> None:
    """resources_test.go TestResources and the OPA's: 1000m and 2Gi of spec.resources.total, the distributor's share
    without and with the gateway, alone and over 2 replicas, and the gateway OPA's: the operator's own expected values."""
    from pod_resources_cli.model.decode.kinds_tempo import share

    gib2 = 2 * 1024**3
    assert [share(1000, "0.27", None), share(gib2, "0.12", None)] == [(270, 81), (257698032, 77309416)]
    assert [share(1000, "0.27", 2), share(gib2, "0.12", 2)] == [(135, 40), (128849016, 38654708)]
    assert [share(1000, "0.26", None), share(gib2, "0.11", None)] == [(260, 78), (236223200, 70866960)]
    assert [share(1000, "0.26", 2), share(gib2, "0.11", 2)] == [(130, 39), (118111600, 35433480)]
    assert [share(1000, "0.02", None), share(gib2, "0.02", None)] == [(20, 6), (42949672, 12884902)]


def test_a_tempostack_from_resources_total() -> None:
    """config/samples: 2000m and 2Gi total (float32: 0.025 of 2Gi is 53687092, not the exact 53687091.2 rounded), no gateway, jaegerQuery enabled: resourcesMapNoGateway, one replica each;
    the query-frontend runs tempo, jaeger-query and tempo-query, each 0.045 of the cpu and 0.025 of the memory."""
    qf = ({"cpu": "27m", "memory": "16106128"}, {"cpu": "90m", "memory": "53687092"})
    got = _tempo("config__samples__community__tempo_v1alpha1_tempostack.yaml")
    assert got == [
        ("distributor", 1, [("tempo", {"cpu": "162m", "memory": "77309416"}, {"cpu": "540m", "memory": "257698032"})]),
        ("ingester", 1, [("tempo", {"cpu": "228m", "memory": "322122560"}, {"cpu": "760m", "memory": "1Gi"})]),
        ("querier", 1, [("tempo", {"cpu": "60m", "memory": "96636768"}, {"cpu": "200m", "memory": "322122560"})]),
        ("query-frontend", 1, [("tempo", *qf), ("jaeger-query", *qf), ("tempo-query", *qf)]),
        ("compactor", 1, [("tempo", {"cpu": "96m", "memory": "115964128"}, {"cpu": "320m", "memory": "386547072"})]),
    ]


def test_a_tempostack_sized_with_the_gateway_in_openshift_mode() -> None:
    """size 1x.pico, replicationFactor 3, ingester replicas 3 written, gateway on, tenants openshift: the size's
    requests (no limits), its replicas (2), the ingester's written 3; the gateway runs tempo-gateway and
    tempo-gateway-opa; jaeger-query takes the JaegerFrontend profile, tempo-query the QueryFrontend one."""
    got = _tempo("tests__e2e-openshift-tshirt-sizes__tshirt-size-override__01-install-tempo.yaml")
    r = _sized
    assert got == [
        ("distributor", 2, [("tempo", *r("500m", "500Mi"))]),
        ("ingester", 3, [("tempo", *r("500m", "3Gi"))]),
        ("querier", 2, [("tempo", *r("750m", "1536Mi"))]),
        ("query-frontend", 2, [("tempo", *r("500m", "500Mi")), ("jaeger-query", *r("100m", "64Mi")), ("tempo-query", *r("500m", "500Mi"))]),
        ("compactor", 2, [("tempo", *r("500m", "500Mi"))]),
        ("gateway", 2, [("tempo-gateway", *r("100m", "64Mi")), ("tempo-gateway-opa", *r("50m", "64Mi"))]),
    ]


def test_a_tempostack_from_resources_total_with_the_gateway() -> None:
    """2000m and 4Gi total, gateway on (resourcesMapWithGateway), tenants openshift: the gateway's share is not divided
    (Resources(..., nil)), the OPA's 0.02 each; no jaeger-query."""
    got = {t: c for t, _, c in _tempo("tests__e2e-openshift__multitenancy-rbac__01-install-tempo.yaml")}
    assert got["distributor"] == [("tempo", {"cpu": "156m", "memory": "141733920"}, {"cpu": "520m", "memory": "472446400"})]
    assert got["gateway"] == [("tempo-gateway", {"cpu": "24m", "memory": "38654708"}, {"cpu": "80m", "memory": "128849016"}),
                              ("tempo-gateway-opa", {"cpu": "12m", "memory": "25769804"}, {"cpu": "40m", "memory": "85899344"})]  # fmt: skip
    assert list(got) == ["distributor", "ingester", "querier", "query-frontend", "compactor", "gateway"]


def test_tempostack_replicas_size_quorum_and_branches(tmp_path: Path) -> None:
    """Without a size, 1 replica each; with 1x.medium the size's replicas and the ingester's quorum floor(2/2)+1 = 2;
    1x.demo no resources; an invalid size no pods (validateSize); metrics-generator only where enabled; written
    component resources win over the size; oauth-proxy only with a route, authentication and no gateway."""
    (tmp_path / "t.yaml").write_text(
        "apiVersion: tempo.grafana.com/v1alpha1\nkind: TempoStack\nmetadata: {name: m}\nspec:\n  size: 1x.medium\n"
        "  template:\n    metricsGenerator: {enabled: true}\n    querier: {resources: {limits: {cpu: '2'}}}\n"
        "---\napiVersion: tempo.grafana.com/v1alpha1\nkind: TempoStack\nmetadata: {name: bad}\nspec: {size: 2x.huge}\n"
        "---\napiVersion: tempo.grafana.com/v1alpha1\nkind: TempoStack\nmetadata: {name: d}\nspec:\n  size: 1x.demo\n"
        "  template:\n    queryFrontend:\n      jaegerQuery:\n        enabled: true\n        ingress: {type: route}\n"
        "        authentication: {enabled: true, resources: {requests: {cpu: 5m}}}\n",
        encoding="utf-8",
    )
    got = [(n, t, c, list(r.items())) for n, t, c, r in _tempo_pods(tmp_path / "t.yaml")]
    assert [(n, t, c) for n, t, c, _ in got] == [
        ("m", "distributor", 4), ("m", "ingester", 2), ("m", "querier", 5), ("m", "query-frontend", 2), ("m", "compactor", 3),
        ("m", "metrics-generator", 3),
        ("d", "distributor", 1), ("d", "ingester", 1), ("d", "querier", 1), ("d", "query-frontend", 1), ("d", "compactor", 1),
    ]  # fmt: skip
    assert got[2][3] == [("tempo", ({"cpu": "2"}, {"cpu": "2"}))]  # the API server defaults the request from the limit
    assert got[5][3] == [("tempo", ({"cpu": "2", "memory": "2Gi"}, {}))]
    assert got[9][3] == [("tempo", ({}, {})), ("jaeger-query", ({}, {})), ("tempo-query", ({}, {})), ("oauth-proxy", ({"cpu": "5m"}, {}))]


def test_a_tempomonolithic_is_one_pod_of_written_resources() -> None:
    """config/samples: tempo with spec.resources, jaeger-query with jaegerui.resources (the JSON name is ``jaegerui``),
    tempo-query with none written (jaegerui.tempoQueryResources): nothing is defaulted."""
    two = {"cpu": "2", "memory": "2Gi"}
    assert _tempo("config__samples__community__tempo_v1alpha1_tempomonolithic.yaml") == [
        (None, 1, [("tempo", two, two), ("jaeger-query", two, two), ("tempo-query", {}, {})])]


def test_a_tempomonolithic_with_the_gateway_and_a_tempostack_with_jaeger_behind_it() -> None:
    """tls-profile: the TempoStack (2000m/3Gi total, gateway on, jaegerQuery on) takes resourcesMapWithGateway: the
    query-frontend's three containers 0.04 each; the TempoMonolithic (multitenancy on with an authentication entry,
    mode openshift) runs tempo-gateway and tempo-gateway-opa beside tempo, jaeger-query and tempo-query, none with
    resources written: BestEffort, as fact (the operator adds none)."""
    pods = _tempo_pods(TEMPO / "tests__e2e-openshift-tls-profile__03-tls-profile__01-install-tempo.yaml")
    qf = ({"cpu": "24m", "memory": "19327354"}, {"cpu": "80m", "memory": "64424508"})
    assert [(n, t) for n, t, _, _ in pods] == [("simplest", t) for t in ("distributor", "ingester", "querier", "query-frontend",
                                                                        "compactor", "gateway")] + [("mono", None)]  # fmt: skip
    assert pods[3][3] == {"tempo": qf, "jaeger-query": qf, "tempo-query": qf}
    assert pods[6][3] == {c: ({}, {}) for c in ("tempo", "jaeger-query", "tempo-query", "tempo-gateway", "tempo-gateway-opa")}


def test_tempo_component_fields_sit_under_component(tmp_path: Path) -> None:
    """TempoDistributorSpec, TempoQueryFrontendSpec and TempoGatewaySpec embed TempoComponentSpec as ``component``:
    replicas and resources there; the ingester's are direct. A TempoMonolithic's oauth-proxy only with a route,
    authentication and no gateway."""
    (tmp_path / "t.yaml").write_text(
        "apiVersion: tempo.grafana.com/v1alpha1\nkind: TempoStack\nmetadata: {name: c}\nspec:\n  template:\n"
        "    distributor: {component: {replicas: 3, resources: {requests: {cpu: 1m}}}}\n    ingester: {replicas: 2}\n"
        "    gateway: {enabled: true, component: {replicas: 4}}\n"
        "---\napiVersion: tempo.grafana.com/v1alpha1\nkind: TempoMonolithic\nmetadata: {name: o}\nspec:\n"
        "  jaegerui: {enabled: true, route: {enabled: true}, authentication: {enabled: true, resources: {limits: {memory: 1Gi}}}}\n",
        encoding="utf-8",
    )
    got = [(n, t, c, r) for n, t, c, r in _tempo_pods(tmp_path / "t.yaml")]
    assert [(n, t, c) for n, t, c, _ in got] == [
        ("c", "distributor", 3), ("c", "ingester", 2), ("c", "querier", 1), ("c", "query-frontend", 1), ("c", "compactor", 1),
        ("c", "gateway", 4), ("o", None, 1)]  # fmt: skip
    assert got[0][3] == {"tempo": ({"cpu": "1m"}, {})}
    gib = {"memory": "1Gi"}
    assert got[6][3] == {"tempo": ({}, {}), "jaeger-query": ({}, {}), "tempo-query": ({}, {}), "oauth-proxy": (gib, gib)}


def test_a_cluster_issuers_http01_solver_pod_takes_the_controllers_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    """flux2-kustomize-helm-example's letsencrypt ClusterIssuer: one gatewayHTTPRoute HTTP-01 solver, no podTemplate:
    the acmesolver pod of buildDefaultPod with the --acme-http01-solver-resource-* defaults (10m/64Mi requests,
    100m/64Mi limits), one a pending challenge: count unknown; lint says the cpu limit is 10x the request (true)."""
    path = REAL / "fluxcd__flux2-kustomize-helm-example" / "infrastructure__configs__cluster-issuers.yaml"
    main(["explain", "-o", "json", str(path)])
    pods = json.loads(capsys.readouterr().out)["pods"]
    assert [(p["workload"]["kind"], p["workload"]["template"], p["workload"]["replicas"], p["qosClass"],
             [(c["name"], c["requests"], c["limits"]) for c in p["containers"]]) for p in pods] == [
        ("ClusterIssuer", "acme.solvers[0] http01 gatewayHTTPRoute solver", None, "Burstable",
         [("acmesolver", {"cpu": "10m", "memory": "64Mi"}, {"cpu": "100m", "memory": "64Mi"})])]  # fmt: skip
    assert [f["rule"] for f in lint_report(capsys, str(path))["findings"]] == ["PR134"]


def test_an_issuers_solver_pod_template_resources_merge_key_by_key(tmp_path: Path) -> None:
    """mergePodObjectMetaWithPodTemplate copies podTemplate.spec.resources' requests and limits over the defaults key
    by key (the memory limit stays 64Mi); a DNS-01 solver makes no pod."""
    (tmp_path / "i.yaml").write_text(
        "apiVersion: cert-manager.io/v1\nkind: Issuer\nmetadata: {name: i, namespace: web}\nspec:\n  acme:\n"
        "    server: https://acme.example/dir\n    privateKeySecretRef: {name: k}\n    solvers:\n"
        "    - dns01: {cloudflare: {apiTokenSecretRef: {name: t, key: k}}}\n    - http01:\n        ingress:\n"
        "          ingressClassName: nginx\n          podTemplate:\n            spec:\n              resources:\n"
        "                requests: {cpu: 20m, memory: 32Mi}\n                limits: {cpu: 200m}\n",
        encoding="utf-8",
    )
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["explain", "-o", "json", str(tmp_path / "i.yaml")])
    pods = json.loads(out.getvalue())["pods"]
    assert [(p["workload"]["template"], [(c["name"], c["requests"], c["limits"]) for c in p["containers"]]) for p in pods] == [
        ("acme.solvers[1] http01 ingress solver", [("acmesolver", {"cpu": "20m", "memory": "32Mi"}, {"cpu": "200m", "memory": "64Mi"})])]


def test_external_dns_and_traefik_kinds_carry_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """ExternalDNS's DNSEndpoint (externaldns.k8s.io, kubernetes-sigs/external-dns apis/v1alpha1), Traefik's IngressRoute
    (traefik.io) and Middleware (traefik.containo.us; traefik/traefik pkg/provider/kubernetes/crd/traefikio/v1alpha1):
    records and routes their controllers' own pods apply, counted as objects without pods, not searched in vain (10
    of those over kubernetes-sigs/external-dns before)."""
    _no_pods_alone_and_together(capsys, {
        "kubernetes-sigs__external-dns/docs__sources__crd__dnsendpoint-example.yaml": "DNSEndpoint",
        "kubernetes-sigs__external-dns/docs__snippets__traefik-proxy__ingress-route-default.yaml": "IngressRoute",
        "SeldonIO__seldon-core/service-meshes__traefik__config__single-model__iris-header-middleware.yaml": "Middleware",
    })  # fmt: skip


def test_external_secrets_kinds_carry_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """The External Secrets Operator's external-secrets.io (ExternalSecret, SecretStore) and
    generators.external-secrets.io (Password) kinds (external-secrets/external-secrets @cc5bfbc2234a apis/): secrets
    its controller writes and values it generates in process, counted as objects without pods, not searched in vain
    (229 of those over external-secrets/external-secrets before)."""
    _no_pods_alone_and_together(capsys, {
        "external-secrets__external-secrets/docs__snippets__generator-cluster-example.yaml": "ExternalSecret",
        "external-secrets__external-secrets/docs__snippets__1password-secret-store.yaml": "SecretStore",
        "external-secrets__external-secrets/docs__snippets__generator-password.yaml": "Password",
    })  # fmt: skip


def test_sigstore_policy_controller_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    """Sigstore's policy-controller (sigstore/policy-controller @f925c0c1a412 pkg/apis/policy): a ClusterImagePolicy
    (its CUE policy names ``kind: "Pod"``) describes the images of other pods; a TrustRoot is keys, no pods. Neither is
    counted as a custom object searched in vain (7 ClusterImagePolicies over the repository before)."""
    policy = "sigstore__policy-controller/examples__policies__allow-only-pods.yaml"
    root = "sigstore__policy-controller/test__testdata__trustroot__e2e__with-remote.yaml"
    assert skipped(policy) == [("describes-objects", "ClusterImagePolicy")]
    assert [(i.reason, i.kind) for i in iter_items([str(REAL / root)]) if isinstance(i, SkippedItem)] == [("no-pods", "TrustRoot")]
    report = lint_report(capsys, str(REAL / policy), str(REAL / root))
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    counted = report["summary"]["skipped"]
    assert counted["describes-objects"] == {"ClusterImagePolicy": 1} and counted["no-pods"] == {"TrustRoot": 1}
    assert counted["nothing-found"] == {} and counted["not-searched"] == {}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # 1x.medium with the openshift gateway and jaeger-query: the operator's own e2e expectations
        # (tests/e2e-openshift-tshirt-sizes/tshirt-size-medium/01-assert.yaml): replicas 4/2/5/2/3/2 and requests only
        ("tests__e2e-openshift-tshirt-sizes__tshirt-size-medium__01-install-tempo.yaml", [
            ("distributor", 4, {"tempo": _sized("1500m", "128Mi")}),
            ("ingester", 2, {"tempo": _sized("8", "16Gi")}),
            ("querier", 5, {"tempo": _sized("5", "4Gi")}),
            ("query-frontend", 2, {"tempo": _sized("800m", "1Gi"), "jaeger-query": _sized("4", "192Mi"), "tempo-query": _sized("800m", "1Gi")}),
            ("compactor", 3, {"tempo": _sized("600m", "10Gi")}),
            ("gateway", 2, {"tempo-gateway": _sized("4", "192Mi"), "tempo-gateway-opa": _sized("200m", "128Mi")}),
        ]),
        # 1x.pico, jaegerQuery with a route and authentication, no gateway: the query-frontend's oauth-proxy takes the
        # size's OauthProxy requests (tshirt-size-oauth-proxy/01-assert.yaml)
        ("tests__e2e-openshift-tshirt-sizes__tshirt-size-oauth-proxy__01-install-tempo.yaml", [
            ("distributor", 2, {"tempo": _sized("500m", "500Mi")}),
            ("ingester", 2, {"tempo": _sized("500m", "3Gi")}),
            ("querier", 2, {"tempo": _sized("750m", "1536Mi")}),
            ("query-frontend", 2, {"tempo": _sized("500m", "500Mi"), "jaeger-query": _sized("100m", "64Mi"), "tempo-query": _sized("500m", "500Mi"),
                                   "oauth-proxy": _sized("50m", "64Mi")}),
            ("compactor", 2, {"tempo": _sized("500m", "500Mi")}),
        ]),
    ],
)  # fmt: skip
def test_a_sized_tempostack_matches_the_operators_e2e_assertions(name: str, expected: list[Any]) -> None:
    assert [(t, c, r) for _, t, c, r in _tempo_pods(TEMPO / name)] == expected


def test_cert_managers_certificates_carry_no_pods_and_a_self_signed_issuer_makes_none(capsys: pytest.CaptureFixture[str]) -> None:
    """cert-manager's test fixture: two Certificates, objects without pods (no_pods.py); the selfSigned Issuer is
    searched for HTTP-01 solvers and has none."""
    report = lint_report(capsys, str(REAL / "cert-manager__cert-manager" / "test__fixtures__cert-manager-resources.yaml"))
    counted = report["summary"]["skipped"]
    assert report["summary"]["pods"] == 0 and report["findings"] == []
    assert counted["no-pods"] == {"Certificate": 2} and counted["nothing-found"] == {"Issuer": 1}


def test_an_http01_challenge_is_one_solver_pod_until_final(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A Challenge of type HTTP-01 is one acmesolver pod (its solver's podTemplate resources merged over the defaults);
    none once its state is final (valid: IsFinalState), none for DNS-01."""
    (tmp_path / "c.yaml").write_text(
        "apiVersion: acme.cert-manager.io/v1\nkind: Challenge\nmetadata: {name: c, namespace: web}\nspec:\n  type: HTTP-01\n"
        "  solver: {http01: {gatewayHTTPRoute: {podTemplate: {spec: {resources: {limits: {memory: 128Mi}}}}}}}\n"
        "status: {processing: true, state: pending}\n---\n"
        "apiVersion: acme.cert-manager.io/v1\nkind: Challenge\nmetadata: {name: done, namespace: web}\n"
        "spec: {type: HTTP-01, solver: {http01: {ingress: {}}}}\nstatus: {state: valid}\n---\n"
        "apiVersion: acme.cert-manager.io/v1\nkind: Challenge\nmetadata: {name: dns, namespace: web}\n"
        "spec: {type: DNS-01, solver: {http01: {ingress: {}}}}\n",
        encoding="utf-8",
    )
    main(["explain", "-o", "json", str(tmp_path / "c.yaml")])
    pods = json.loads(capsys.readouterr().out)["pods"]
    assert [(p["workload"]["name"], p["workload"]["replicas"], [(c["name"], c["requests"], c["limits"]) for c in p["containers"]])
            for p in pods] == [("c", 1, [("acmesolver", {"cpu": "10m", "memory": "64Mi"}, {"cpu": "100m", "memory": "128Mi"})])]  # fmt: skip


def test_tempo_and_cert_manager_bad_fields_are_findings_not_tracebacks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A spec that is a list, a resources.total that is no quantity, component resources or a solver's podTemplate
    resources that are no map: PR002 at the field, the rest still read."""
    (tmp_path / "b.yaml").write_text(
        "apiVersion: tempo.grafana.com/v1alpha1\nkind: TempoStack\nmetadata: {name: a}\nspec: []\n---\n"
        "apiVersion: tempo.grafana.com/v1alpha1\nkind: TempoStack\nmetadata: {name: c}\nspec:\n"
        "  resources: {total: {limits: {cpu: abc}}}\n  template: {ingester: {resources: 3}}\n---\n"
        "apiVersion: cert-manager.io/v1\nkind: Issuer\nmetadata: {name: h}\n"
        "spec: {acme: {solvers: [5, {http01: {ingress: {podTemplate: {spec: {resources: 3}}}}}]}}\n",
        encoding="utf-8",
    )
    report = lint_report(capsys, str(tmp_path / "b.yaml"))
    got = sorted((f["rule"], f["line"], f["object"]["name"]) for f in report["findings"] if f["rule"] == "PR002")
    assert got == [("PR002", 10, "c"), ("PR002", 11, "c"), ("PR002", 16, "h")]


ARGOCD = REAL / "argoproj-labs__argocd-operator"


def _argocd(path: Path) -> list[tuple[str | None, int | None, list[tuple[str, str, Resources, Resources]]]]:
    return [(template, count, containers) for _, template, count, _, containers in _tekton_pods(path)]


def test_an_argocd_is_the_workloads_the_argo_cd_operator_builds(tmp_path: Path, capsys: Any) -> None:
    """argoproj-labs/argocd-operator config/samples v1beta1: the application controller, repo server (with its copyutil
    init container), server, Redis and Dex (sso.provider dex, with copyutil) each take their component's resources whole
    (controllers/argocd getArgo*Resources); one pod each; final, so the lint judges them as fact."""
    half, half_limit = {"cpu": "250m", "memory": "128Mi"}, {"cpu": "500m", "memory": "256Mi"}
    repo, repo_limit = {"cpu": "250m", "memory": "256Mi"}, {"cpu": "1", "memory": "512Mi"}
    sample = ARGOCD / "config__samples__argoproj.io_v1beta1_argocd.yaml"
    assert _argocd(sample) == [
        ("application-controller", 1, [("argocd-application-controller", "regular", {"cpu": "250m", "memory": "1Gi"}, {"cpu": "2", "memory": "2Gi"})]),
        ("repo-server", 1, [("copyutil", "init", repo, repo_limit), ("argocd-repo-server", "regular", repo, repo_limit)]),
        ("server", 1, [("argocd-server", "regular", {"cpu": "125m", "memory": "128Mi"}, half_limit)]),
        ("redis", 1, [("redis", "regular", half, half_limit)]),
        ("dex", 1, [("copyutil", "init", half, half_limit), ("dex", "regular", half, half_limit)]),
    ]  # fmt: skip
    assert all(not as_written for _, _, _, as_written, _ in _tekton_pods(sample))
    # spec.ha.enabled: Redis HA's redis-ha-server (redis, sentinel) and redis-ha-haproxy, 3 pods each, with ha.resources
    text = sample.read_text(encoding="utf-8")
    path = tmp_path / "ha.yaml"
    path.write_text(text.replace("  ha:\n    enabled: false\n", "  ha:\n    enabled: true\n", 1), encoding="utf-8")
    got = {template: (count, containers) for template, count, containers in _argocd(path)}
    assert "redis" not in got and got["redis-ha-server"] == (3, [("config-init", "init", half, half_limit), ("redis", "regular", half, half_limit), ("sentinel", "regular", half, half_limit)])
    assert got["redis-ha-haproxy"] == (3, [("config-init", "init", half, half_limit), ("haproxy", "regular", half, half_limit)])
    # sharding: its replicas with sharding.enabled; dynamic scaling: a count from the cluster's secrets (unknown)
    path.write_text(text.replace("  controller:\n", "  controller:\n    sharding: {enabled: true, replicas: 4}\n", 1), encoding="utf-8")
    assert _argocd(path)[0][:2] == ("application-controller", 4)
    path.write_text(text.replace("  controller:\n", "  controller:\n    sharding: {dynamicScalingEnabled: true, replicas: 4}\n", 1), encoding="utf-8")
    assert _argocd(path)[0][:2] == ("application-controller", None)
    # disabled or remote components make no pod; an applicationSet written, and notifications enabled, make theirs
    path.write_text(text.replace("  repo:\n", "  repo:\n    remote: https://repo.example:8081\n", 1).replace("  redis:\n", "  redis:\n    enabled: false\n", 1)
                    + "  applicationSet: {}\n  notifications: {enabled: true}\n", encoding="utf-8")  # fmt: skip
    assert [t for t, _, _ in _argocd(path)] == ["application-controller", "repo-server", "server", "dex", "applicationset-controller", "notifications-controller"]
    path.write_text(text.replace("  repo:\n", "  repo:\n    remote: https://repo.example:8081\n", 1), encoding="utf-8")
    assert [t for t, _, _ in _argocd(path)] == ["application-controller", "server", "redis", "dex"]
    report = lint_report(capsys, str(sample))
    assert sorted({f["rule"] for f in report["findings"]}) == ["PR133", "PR134"]


def test_an_argocd_server_under_autoscaling_takes_the_operator_s_defaults(capsys: Any) -> None:
    """examples/argocd-autoscale.yaml: with spec.server.autoscale.enabled and no resources the server gets 250m/64Mi
    requests and 1 CPU/128Mi limits (util.go getArgoServerResources, common/defaults.go), and as many pods as its
    HorizontalPodAutoscaler says (no count); the other components set none: BestEffort as fact (PR201)."""
    got = _argocd(ARGOCD / "examples__argocd-autoscale.yaml")
    assert got[2] == ("server", None, [("argocd-server", "regular", {"cpu": "250m", "memory": "64Mi"}, {"cpu": "1", "memory": "128Mi"})])
    report = lint_report(capsys, str(ARGOCD / "examples__argocd-autoscale.yaml"))
    assert sorted(f["rule"] for f in report["findings"]) == ["PR133", "PR201", "PR201", "PR201"]


def test_an_argocd_v1alpha1_dex_is_converted_to_the_sso_provider(tmp_path: Path) -> None:
    """examples/argocd-openshift-dex.yaml (sso.provider dex): a Dex pod; v1alpha1's spec.dex with openShiftOAuth or a
    config is converted to sso.provider dex with its values (api/v1alpha1/argocd_conversion.go); an empty one is not."""
    dex = ARGOCD / "examples__argocd-openshift-dex.yaml"
    assert [t for t, _, _ in _argocd(dex)] == ["application-controller", "repo-server", "server", "redis", "dex"]
    text = dex.read_text(encoding="utf-8").replace("argoproj.io/v1beta1", "argoproj.io/v1alpha1", 1)
    path = tmp_path / "alpha.yaml"
    sso = "  sso:\n    provider: dex\n    dex:\n      openShiftOAuth: true\n"
    path.write_text(text.replace(sso, "  dex:\n    openShiftOAuth: true\n    resources: {requests: {memory: 96Mi}}\n", 1), encoding="utf-8")
    assert _argocd(path)[-1] == ("dex", 1, [("copyutil", "init", {"memory": "96Mi"}, {}), ("dex", "regular", {"memory": "96Mi"}, {})])
    path.write_text(text.replace(sso, "  dex: {}\n", 1), encoding="utf-8")
    assert "dex" not in [t for t, _, _ in _argocd(path)]


PROW = REAL / "kubernetes-sigs__prow"


def _prow(path: Path) -> list[tuple[str, str, str | None, bool, list[tuple[str, str, Resources, Resources]]]]:
    """(kind, name, namespace, as written, containers) of each Prow job's pod."""
    out = []
    for item in iter_items([str(path)]):
        if isinstance(item, WorkloadItem):
            ref, pod = item.workload.ref, item.workload.pod
            containers = _by_type(pod)
            out.append((ref.kind, ref.name, ref.namespace, ref.as_written is not None, containers))
    return out


def test_prow_job_config_is_the_pods_plank_builds(capsys: Any) -> None:
    """kubernetes-sigs/prow test/integration periodics.yaml: Prow's job config (no Kubernetes object) is read as
    pkg/config/jobs.go JobConfig; each job's spec is one pod (pod-utils/decorate ProwJobToPod), its lone container named
    ``test``; decorated, with initupload and place-entrypoint (a periodic without extra_refs clones nothing) and the
    sidecar, whose resources plank's default decoration config gives: as written, and no finding on those utilities."""
    utilities = [("initupload", "init", {}, {}), ("place-entrypoint", "init", {}, {}), ("test", "regular", {}, {}), ("sidecar", "regular", {}, {})]
    path = PROW / "test__integration__config__prow__jobs__periodics.yaml"
    assert _prow(path) == [
        ("Periodic", "trigger-mainconfig-periodic-via-gangway1", None, True, utilities),
        ("Periodic", "sleep-periodic", None, True, utilities),
    ]
    report = lint_report(capsys, str(path))
    assert [(f["rule"], f["line"], f["container"]) for f in report["findings"]] == [("PR138", 9, "test"), ("PR138", 24, "test")]


def test_prow_combined_config_clones_the_repository_and_takes_its_pod_namespace() -> None:
    """cmd/checkconfig/testdata/combined.yaml: Prow's config.yaml with its jobs; a presubmit or postsubmit clones its
    repository (clonerefs first, CloneRefs), and the pods run in the document's pod_namespace (defaultJobBase)."""
    got = _prow(PROW / "cmd__checkconfig__testdata__combined.yaml")
    assert len(got) == 15 and {(k, ns) for k, _, ns, _, _ in got} == {("Presubmit", "test-pods"), ("Postsubmit", "test-pods")}
    assert [c[0] for c in got[0][4]] == ["clonerefs", "initupload", "place-entrypoint", "test", "sidecar"]


def test_prow_job_decoration_config_and_undecorated_jobs(tmp_path: Path, capsys: Any) -> None:
    """A job's own decoration_config.resources replace a utility's whole, default_memory_request fills in the memory
    request a container leaves out and set_limit_equals_memory_request copies it to the limit (podspec.go decorate);
    decorate: false is the spec alone, final (BestEffort as fact); a job of another agent makes no pod here."""
    text = (PROW / "test__integration__config__prow__jobs__periodics.yaml").read_text(encoding="utf-8")
    config = (
        "  decoration_config:\n    default_memory_request: 1Gi\n    set_limit_equals_memory_request: true\n"
        "    resources:\n      sidecar: {requests: {cpu: 100m, memory: 20Mi}}\n"
    )
    path = tmp_path / "jobs.yaml"
    path.write_text(text.replace("  decorate: true\n", "  decorate: true\n" + config, 1)
                    .replace("- name: sleep-periodic\n", "- name: sleep-periodic\n  agent: tekton-pipeline\n", 1), encoding="utf-8")  # fmt: skip
    [(_, name, _, as_written, containers)] = _prow(path)
    assert name == "trigger-mainconfig-periodic-via-gangway1" and as_written
    assert containers[2:] == [("test", "regular", {"memory": "1Gi"}, {"memory": "1Gi"}), ("sidecar", "regular", {"cpu": "100m", "memory": "20Mi"}, {})]
    path.write_text(text.replace("  decorate: true\n", "  decorate: false\n"), encoding="utf-8")
    assert [(a, c) for _, _, _, a, c in _prow(path)] == [(False, [("test", "regular", {}, {})])] * 2
    assert {f["rule"] for f in lint_report(capsys, str(path))["findings"]} == {"PR201"}


SKAFFOLD = REAL / "GoogleContainerTools__skaffold"


def test_a_skaffold_cluster_build_is_a_kaniko_pod_per_artifact(tmp_path: Path, capsys: Any) -> None:
    """GoogleContainerTools/skaffold examples/kaniko: build.cluster runs each Kaniko artifact's build in a pod
    (pkg/skaffold/build/cluster/pod.go kanikoPodSpec): kaniko-init-container and kaniko, both with build.cluster's
    resources (resourceRequirements: ephemeralStorage as ephemeral-storage), none here: BestEffort as fact (PR201).
    A local build (examples/getting-started) makes no pod on the cluster."""
    path = SKAFFOLD / "examples__kaniko__skaffold.yaml"
    assert _tekton_pods(path) == [("Config", "build.artifacts[0] skaffold-example", 1, False, [("kaniko-init-container", "init", {}, {}), ("kaniko", "regular", {}, {})])]
    assert [f["rule"] for f in lint_report(capsys, str(path))["findings"]] == ["PR201"]
    assert _tekton_pods(SKAFFOLD / "examples__getting-started__skaffold.yaml") == []
    sized = tmp_path / "skaffold.yaml"
    sized.write_text(path.read_text(encoding="utf-8").replace(
        "    pullSecretName: e2esecret\n",
        "    pullSecretName: e2esecret\n    resources:\n      requests: {cpu: 500m, memory: 1Gi, ephemeralStorage: 2Gi}\n      limits: {cpu: '1', memory: 2Gi}\n",
    ), encoding="utf-8")  # fmt: skip
    requests, limits = {"cpu": "500m", "memory": "1Gi", "ephemeral-storage": "2Gi"}, {"cpu": "1", "memory": "2Gi"}
    [(_, _, _, _, containers)] = _tekton_pods(sized)
    assert containers == [("kaniko-init-container", "init", requests, limits), ("kaniko", "regular", requests, limits)]


def test_a_prowjob_is_the_pod_plank_builds_for_the_kubernetes_agent(tmp_path: Path) -> None:
    """test/integration/test/testdata/valid_prowjob.yaml: a tekton-pipeline ProwJob makes no pod of plank's (not
    searched); with agent kubernetes its pod_spec is the pod (ProwJobToPod: the lone container ``test``, in
    spec.namespace), decorated with its already defaulted decoration_config (clonerefs for its extra_refs, initupload,
    place-entrypoint, sidecar, each with its resources): final."""
    path = PROW / "test__integration__test__testdata__valid_prowjob.yaml"
    assert [(i.reason, i.kind) for i in iter_items([str(path)]) if isinstance(i, SkippedItem)] == [("not-searched", "ProwJob")]
    assert _prow(path) == []
    job = tmp_path / "prowjob.yaml"
    job.write_text(path.read_text(encoding="utf-8").replace("  agent: tekton-pipeline\n", "  agent: kubernetes\n", 1), encoding="utf-8")
    cpu, sized = {"cpu": "100m"}, {"cpu": "100m", "memory": "512Mi"}
    assert _prow(job) == [("ProwJob", "test-job2", "test-pods", False, [
        ("clonerefs", "init", cpu, {}), ("initupload", "init", cpu, {}), ("place-entrypoint", "init", cpu, {}),
        ("test", "regular", sized, sized), ("sidecar", "regular", cpu, {}),
    ])]  # fmt: skip


def test_an_argocd_export_is_one_export_job_pod(tmp_path: Path, capsys: Any) -> None:
    """examples/argocdexport-pvc.yaml: the operator's export Job (a CronJob with spec.schedule) runs one pod,
    argocd-export without resources (controllers/argocdexport/job.go newExportPodSpec): BestEffort as fact; made
    also without spec.storage, which storage.go reconcileStorage fills in with the local backend first."""
    path = ARGOCD / "examples__argocdexport-pvc.yaml"
    assert _argocd(path) == [(None, 1, [("argocd-export", "regular", {}, {})])]
    assert [f["rule"] for f in lint_report(capsys, str(path))["findings"]] == ["PR201"]
    bare = tmp_path / "export.yaml"
    bare.write_text(path.read_text(encoding="utf-8").split("  storage:\n", 1)[0], encoding="utf-8")
    assert _argocd(bare) == [(None, 1, [("argocd-export", "regular", {}, {})])]


K8UP = REAL / "k8up-io__k8up"
K8UP_250_64 = {"cpu": "250m", "memory": "64Mi"}


def test_k8up_runs_are_their_jobs_pods(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """k8up-io/k8up MutateBatchJob: a Backup's, Check's... Job has one container named after its type with
    spec.resources whole (unset: none, BestEffort as fact: PR201; requests only: PR132), a Backup as many Jobs as the
    cluster's volumes need (no count), the others one; a podConfigRef merges a PodConfig over the pod: as written."""
    assert _all(K8UP / "config__samples__k8up_v1_backup.yaml") == [("Backup", None, None, [("backup", "regular", {}, {})], False)]
    assert [f["rule"] for f in lint(capsys, str(K8UP / "config__samples__k8up_v1_backup.yaml"))["findings"]] == ["PR201"]
    check = K8UP / "config__samples__k8up_v1_check.yaml"
    assert _all(check) == [("Check", None, 1, [("check", "regular", K8UP_250_64, {})], False)]
    assert [f["rule"] for f in lint(capsys, str(check))["findings"] if f["severity"] == "warning"] == ["PR132"]
    (tmp_path / "c.yaml").write_text(check.read_text(encoding="utf-8").replace("spec:\n", "spec:\n  podConfigRef: {name: podconfig}\n"), encoding="utf-8")
    assert _all(tmp_path / "c.yaml") == [("Check", None, 1, [("check", "regular", K8UP_250_64, {})], True)]
    for kind in ("Restore", "Prune", "Archive"):
        (tmp_path / "r.yaml").write_text(f"apiVersion: k8up.io/v1\nkind: {kind}\nmetadata: {{name: r}}\n", encoding="utf-8")
        assert _all(tmp_path / "r.yaml") == [(kind, None, 1, [(kind.lower(), "regular", {}, {})], False)]


def test_a_k8up_schedule_is_the_jobs_of_its_sections(capsys: pytest.CaptureFixture[str]) -> None:
    """handler.go mergeResourcesWithDefaults: each section's resources over spec.resourceRequirementsTemplate key by
    key (check: its requests, the template's limits), then the operator's global resources: as written, so no
    finding claims a QoS class (no PR201 for the sections without resources)."""
    assert _all(K8UP / "config__samples__k8up_v1_schedule.yaml") == [
        ("Schedule", "backup", None, [("backup", "regular", K8UP_250_64, {"cpu": "1", "memory": "256Mi"})], True),
        *((("Schedule", c, 1, [(c, "regular", K8UP_250_64, {"cpu": "500m", "memory": "128Mi"})], True)) for c in ("check", "prune", "archive")),
    ]
    bare = K8UP / "docs__modules__ROOT__examples__schedule.yaml"
    assert _all(bare) == [("Schedule", "backup", None, [("backup", "regular", {}, {})], True),
                          *((("Schedule", c, 1, [(c, "regular", {}, {})], True)) for c in ("check", "prune"))]  # fmt: skip
    assert [f["rule"] for f in lint(capsys, str(bare))["findings"]] == ["PR138", "PR138", "PR138"]


def test_k8up_prebackup_pods_are_final_and_a_podconfig_is_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    """generateDeployments: a PreBackupPod's spec.pod is one replica's template, as written (BestEffort as fact); a
    PodConfig's template is merged into the Jobs that name it: as written, no PR201."""
    pre = K8UP / "config__samples__k8up_v1_prebackuppod.yaml"
    assert _all(pre) == [("PreBackupPod", None, 1, [("init", "init", {}, {}), ("mysqldump", "regular", {}, {})], False)]
    assert [f["rule"] for f in lint(capsys, str(pre))["findings"]] == ["PR201"]
    config = K8UP / "e2e__definitions__backup__podconfig.yaml"
    assert _all(config) == [("PodConfig", None, None, [("foo", "regular", {}, {})], True)]
    assert [f["rule"] for f in lint(capsys, str(config))["findings"]] == ["PR138"]


def test_velero_locations_and_k8up_snapshots_carry_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """vmware-tanzu/velero's BackupStorageLocation (where the velero server writes backups) and k8up's Snapshot (a
    restic snapshot it lists): objects without pods, not custom objects searched in vain."""
    _no_pods_alone_and_together(capsys, {
        "vmware-tanzu__velero/tilt-resources__examples__velero_v1_backupstoragelocation.yaml": "BackupStorageLocation",
        "k8up-io__k8up/config__samples__k8up_v1_snapshot.yaml": "Snapshot",
    })  # fmt: skip


SEAWEED = REAL / "seaweedfs__seaweedfs-operator"
SEAWEED_NONE = ({}, {})


def test_a_seaweed_is_its_components_pods(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """seaweedfs/seaweedfs-operator: master, volume and filer StatefulSets of their replicas, admin one pod, the worker
    (with admin) and sftp (with a filer) Deployments; each main container takes the section's inline requests and
    limits whole but storage (filterContainerResources), no defaults: BestEffort as fact (PR201); a DaemonSet volume
    has no count."""
    assert _all(SEAWEED / "config__samples__seaweed_v1_seaweed_with_admin_worker.yaml") == [
        ("Seaweed", c, n, [(c, "regular", {}, {})], False) for c, n in (("master", 3), ("volume", 1), ("filer", 2), ("admin", 1), ("worker", 2))
    ]
    sftp = SEAWEED / "config__samples__seaweed_v1_seaweed_with_sftp.yaml"
    assert [(t, n) for _, t, n, _, _ in _all(sftp)] == [("master", 3), ("volume", 1), ("filer", 1), ("sftp", 1)]
    assert {f["rule"] for f in lint(capsys, str(sftp))["findings"]} == {"PR201"}
    daemonset = SEAWEED / "config__samples__seaweed_v1_seaweed_hostpath_daemonset.yaml"
    assert [(t, n) for _, t, n, _, _ in _all(daemonset)] == [("master", 3), ("volume (DaemonSet)", None), ("filer", 1)]
    # the volume's storage request sizes its PVCs only; sidecars follow the main container, init containers run first;
    # no filer: no sftp; no admin: no worker
    text = sftp.read_text(encoding="utf-8").replace("  volume:\n", (
        "  volume:\n    limits: {cpu: '1', memory: 1Gi, storage: 5Gi}\n"
        "    sidecars: [{name: log, image: busybox, resources: {requests: {cpu: 10m}}}]\n"
        "    initContainers: [{name: prep, image: busybox}]\n"))  # fmt: skip
    (tmp_path / "s.yaml").write_text(text, encoding="utf-8")
    volume = next(c for _, t, _, c, _ in _all(tmp_path / "s.yaml") if t == "volume")
    assert volume == [("prep", "init", {}, {}), ("volume", "regular", {}, {"cpu": "1", "memory": "1Gi"}), ("log", "regular", {"cpu": "10m"}, {})]
    (tmp_path / "s.yaml").write_text(sftp.read_text(encoding="utf-8").replace("  filer:\n", "  filer_unused:\n"), encoding="utf-8")
    assert [t for _, t, *_ in _all(tmp_path / "s.yaml")] == ["master", "volume"]


def test_seaweed_volume_topology_groups_take_their_own_requests_or_the_volumes(capsys: pytest.CaptureFixture[str]) -> None:
    """getResourceRequirements: a group's requests where it writes any, else spec.volume's, and its limits likewise;
    storage dropped after (dc1-rack2 writes only a storage request: no requests, spec.volume's limits); with
    volumeTopology the flat volume servers are not made."""
    tree = SEAWEED / "config__samples__seaweed_v1_seaweed_tree_topology.yaml"
    one_two = ({"cpu": "1", "memory": "2Gi"}, {"cpu": "2", "memory": "4Gi"})
    assert _all(tree) == [
        ("Seaweed", "master", 3, [("master", "regular", {}, {})], False),
        ("Seaweed", "volumeTopology[dc1-rack1]", 3, [("volume", "regular", *one_two)], False),
        ("Seaweed", "volumeTopology[dc1-rack2]", 2, [("volume", "regular", {}, {"cpu": "1", "memory": "2Gi"})], False),
        ("Seaweed", "volumeTopology[dc2-rack1]", 3, [("volume", "regular", *one_two)], False),
        ("Seaweed", "volumeTopology[dc2-rack2]", 2, [("volume", "regular", {"cpu": "500m", "memory": "1536Mi"}, {"cpu": "1500m", "memory": "3Gi"})], False),
        ("Seaweed", "filer", 2, [("filer", "regular", {}, {})], False),
    ]
    rules = sorted((f["rule"], f["line"]) for f in lint(capsys, str(tree))["findings"] if f["severity"] == "warning")
    assert rules == [("PR201", 12), ("PR201", 139)]


KANISTER = REAL / "kanisterio__blueprints"


def test_a_kanister_blueprint_is_the_pods_of_its_pod_functions(capsys: pytest.CaptureFixture[str]) -> None:
    """kanisterio/kanister GetPodObjectFromPodOptions: a KubeTask phase runs one pod, container `container` without
    resources, as written (the ActionSet's podOverride and the ephemeral options are merged over it): PR138, never
    PR201; a phase whose args.podOverride is written reports no missing resource; KubeExec phases make no pod."""
    mysql = KANISTER / "mysql__mysql-blueprint.yaml"
    assert _all(mysql) == [
        ("Blueprint", f"actions.{a}.phases[0] {n}", 1, [("container", "regular", {}, {})], True)
        for a, n in (("backup", "dumpToObjectStore"), ("restore", "restoreFromBlobStore"), ("delete", "deleteFromBlobStore"))
    ]
    assert [f["rule"] for f in lint(capsys, str(mysql))["findings"]] == ["PR138", "PR138", "PR138"]
    cockroach = KANISTER / "cockroachdb__cockroachdb-blueprint.yaml"
    assert [(t, n) for _, t, n, _, _ in _all(cockroach)] == [
        ("actions.backup.phases[0] backupToS3", 1), ("actions.restore.phases[0] restoreFromS3", 1), ("actions.delete.phases[0] deleteFromS3Store", 1)]  # fmt: skip
    # backup and restore write args.podOverride (volume mounts): no PR138 on them; delete does not
    assert [(f["rule"], f["line"]) for f in lint(capsys, str(cockroach))["findings"]] == [("PR138", 151)]
    assert _all(KANISTER / "mongo-sidecar__mongo-sidecar-blueprint.yaml") == []


def test_kanister_actionsets_and_profiles_carry_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """An ActionSet asks for a Blueprint's actions (their pods are the Blueprint's), a Profile names where artifacts go."""
    _no_pods_alone_and_together(capsys, {
        "kanisterio__blueprints/time-log__backup-actionset.yaml": "ActionSet",
        "kanisterio__blueprints/time-log__s3-profile.yaml": "Profile",
    })  # fmt: skip


def test_seaweed_csi_driver_and_admin_script_pods(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """seaweedcsidriver_objects.go: the controller Deployment (replicas, default 1: plugin, provisioner, resizer,
    attacher unless attacherEnabled false, liveness), the node DaemonSet and, unless mountService.enabled false, the
    mount DaemonSet, each plugin with its section's resources; adminscript_controller.go: a CronJob's weed-shell with
    spec.resources but storage, none while suspended. No defaults: BestEffort as fact."""
    csi = SEAWEED / "config__samples__seaweed_v1_seaweedcsidriver.yaml"
    sidecars = ["csi-provisioner", "csi-resizer", "csi-attacher", "csi-liveness-probe"]
    assert [(t, n, [c for c, *_ in cs]) for _, t, n, cs, _ in _all(csi)] == [
        ("controller", 1, ["seaweedfs-csi-plugin", *sidecars]),
        ("node (DaemonSet)", None, ["csi-seaweedfs-plugin", "driver-registrar", "csi-liveness-probe"]),
        ("mount (DaemonSet)", None, ["seaweedfs-mount"]),
    ]
    assert [f["rule"] for f in lint(capsys, str(csi))["findings"]] == ["PR201", "PR201", "PR201"]
    text = csi.read_text(encoding="utf-8").replace("    replicas: 1\n", "    replicas: 2\n    attacherEnabled: false\n    resources: {requests: {cpu: 50m}}\n")
    (tmp_path / "csi.yaml").write_text(text + "  mountService:\n    enabled: false\n", encoding="utf-8")
    assert [(t, n, cs[0]) for _, t, n, cs, _ in _all(tmp_path / "csi.yaml")][:1] == [("controller", 2, ("seaweedfs-csi-plugin", "regular", {"cpu": "50m"}, {}))]
    assert [(t, len(cs)) for _, t, _, cs, _ in _all(tmp_path / "csi.yaml")] == [("controller", 4), ("node (DaemonSet)", 3)]
    script = SEAWEED / "config__samples__seaweed_v1_adminscript.yaml"
    assert _all(script) == [("AdminScript", None, 1, [("weed-shell", "regular", {}, {})], False)]
    edited = script.read_text(encoding="utf-8").replace("spec:\n", "spec:\n  suspend: true\n  resources: {limits: {memory: 256Mi, storage: 1Gi}}\n")
    (tmp_path / "a.yaml").write_text(edited, encoding="utf-8")
    assert _all(tmp_path / "a.yaml") == [("AdminScript", None, 0, [("weed-shell", "regular", {}, {"memory": "256Mi"})], False)]


def test_seaweed_backups_and_restores_are_one_job_pod_each(capsys: pytest.CaptureFixture[str]) -> None:
    """backup_jobs.go backupPodSpec: a SeaweedBackup's `snapshot`, a SeaweedRestore's `restore`, one Job pod each,
    no resources: BestEffort as fact."""
    for name, kind, container in (("seaweedbackup", "SeaweedBackup", "snapshot"), ("seaweedrestore", "SeaweedRestore", "restore")):
        path = SEAWEED / f"config__samples__seaweed_v1_{name}.yaml"
        assert _all(path) == [(kind, None, 1, [(container, "regular", {}, {})], False)]
        assert [f["rule"] for f in lint(capsys, str(path))["findings"]] == ["PR201"]


def test_seaweed_s3_and_bucket_kinds_carry_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """The SeaweedFS operator makes an S3Policy and a BucketLifecyclePolicy through the filer's and the gateway's APIs."""
    _no_pods_alone_and_together(capsys, {
        "seaweedfs__seaweedfs-operator/config__samples__seaweed_v1_s3policy.yaml": "S3Policy",
        "seaweedfs__seaweedfs-operator/config__samples__seaweed_v1_bucketlifecyclepolicy.yaml": "BucketLifecyclePolicy",
    })  # fmt: skip


RP = "redpanda-data__redpanda-operator/operator__"
RP_UPDATER = ("rpk-profile-updater", {"cpu": "10m", "memory": "32Mi"}, {"cpu": "200m", "memory": "256Mi"})


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # spec.replicas: the default node pool, its containers with spec.resources' requests and limits; the webhook's
        # rpk-profile-updater with its fixed resources
        (f"{RP}tests__e2e__resources-cluster__00-dev-cluster.yaml", [
            ("Cluster", "default", 1, [("redpanda", {"cpu": "1", "memory": "1Gi"}, {"cpu": "1", "memory": "1Gi"}), RP_UPDATER], False)]),
        # no spec.replicas: no default pool; each of spec.nodePools with its replicas and resources
        (f"{RP}tests__e2e-with-flags__nodepools-delete__00-one-nodepool.yaml", [
            ("Cluster", "nodePools[0] first", 3, [("redpanda", {"cpu": "100m", "memory": "512Mi"}, {"cpu": "100m", "memory": "512Mi"}), RP_UPDATER],
             False)]),
        # spec.resources.redpanda is what Redpanda is told (--memory), not a container resource
        (f"{RP}tests__e2e-with-flags__sts-annotation-propagation__00-cluster.yaml", [
            ("Cluster", "default", 3, [("redpanda", {"cpu": "100m", "memory": "256Mi"}, {"cpu": "100m", "memory": "256Mi"}), RP_UPDATER],
             False)]),
    ],
)  # fmt: skip
def test_a_redpanda_v1_cluster_is_one_statefulset_a_node_pool(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_a_redpanda_cluster_pod_is_burstable_by_its_profile_updater(capsys: pytest.CaptureFixture[str]) -> None:
    """The init container redpanda-configurator takes the pool's resources too; the operator's rpk-profile-updater
    (10m of 200m cpu) makes the pod Burstable, so redpanda's whole cpu gets no exclusive CPUs (PR401)."""
    report = lint(capsys, str(REAL / f"{RP}tests__e2e__resources-cluster__00-dev-cluster.yaml"))
    rules = sorted({(f["rule"], f.get("container")) for f in report["findings"]}, key=str)
    assert ("PR401", "redpanda") in rules and ("PR134", "rpk-profile-updater") in rules
    main(["explain", "-o", "json", str(REAL / f"{RP}tests__e2e__resources-cluster__00-dev-cluster.yaml")])
    (pod,) = json.loads(capsys.readouterr().out)["pods"]
    assert pod["qosClass"] == "Burstable"
    assert [(c["name"], c["type"], c["requests"].get("cpu")) for c in pod["containers"]] == [
        ("redpanda-configurator", "init", "1"), ("redpanda", "regular", "1"), ("rpk-profile-updater", "regular", "10m")]


def test_a_redpanda_cluster_sidecars_follow_their_switches(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """rpk-status only with sidecars.rpkStatus.enabled, its resources as written; rpk-profile-updater dropped by a
    sidecars.rpkProfileUpdater written without enabled: true (the webhook defaults only an unset one); the pods take
    spec.priorityClassName; a node pool without replicas has none (GetReplicas: 0), nor resources where it writes none."""
    (tmp_path / "c.yaml").write_text(
        "apiVersion: redpanda.vectorized.io/v1alpha1\nkind: Cluster\nmetadata: {name: c}\nspec:\n  replicas: 2\n"
        "  priorityClassName: system-cluster-critical\n"
        "  resources: {requests: {cpu: '2', memory: 4Gi}, limits: {cpu: '2', memory: 4Gi}}\n"
        "  sidecars:\n    rpkStatus: {enabled: true, resources: {requests: {cpu: 10m, memory: 10Mi}, limits: {cpu: 10m, memory: 10Mi}}}\n"
        "    rpkProfileUpdater: {enabled: false}\n"
        "  nodePools:\n  - {name: empty, resources: {}, storage: {}, cloudCacheStorage: {}}\n",
        encoding="utf-8",
    )
    main(["explain", "-o", "json", str(tmp_path / "c.yaml")])
    got = [(p["workload"]["template"], p["workload"]["replicas"], p["qosClass"], p["priority"]["value"],
            [(c["name"], c["requests"], c["limits"]) for c in p["containers"]]) for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip
    two, ten = {"cpu": "2", "memory": "4Gi"}, {"cpu": "10m", "memory": "10Mi"}
    assert got == [
        ("default", 2, "Guaranteed", 2000000000, [("redpanda-configurator", two, two), ("redpanda", two, two), ("rpk-status", ten, ten)]),
        ("nodePools[0] empty", 0, "Burstable", 2000000000, [("redpanda-configurator", {}, {}), ("redpanda", {}, {}), ("rpk-status", ten, ten)]),
    ]


PSM = "percona__percona-server-mysql-operator/"
PSM_600M = {"cpu": "600m", "ephemeral-storage": "1G", "memory": "1G"}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # group replication: mysql with mysql.resources (xtrabackup: backup.enabled, no resources); HAProxy enabled, its
        # mysql-monit with no sidecarResources entry (crVersion 1.3.0) has none; router disabled, no orchestrator (GR)
        (f"{PSM}deploy__cr.yaml", [
            ("PerconaServerMySQL", "mysql", 3, [("mysql", {"memory": "2Gi"}, {"memory": "4Gi"}), ("xtrabackup", {}, {})], False),
            ("PerconaServerMySQL", "haproxy", 3, [("haproxy", {"cpu": "600m", "memory": "1Gi"}, {}), ("mysql-monit", {}, {})], False)]),
        # async: the orchestrator's pods (orchestrator and mysql-monit with orchestrator.resources), pt-heartbeat on mysql
        (f"{PSM}config__samples__ps_v2_perconaserverformysql.yaml", [
            ("PerconaServerMySQL", "mysql", 3, [("mysql", PSM_600M, {"memory": "1G"}), ("xtrabackup", {}, {}), ("pt-heartbeat", {}, {})], False),
            ("PerconaServerMySQL", "orchestrator", 3, [("orchestrator", {"memory": "128M"}, {"memory": "256M"}),
                                                      ("mysql-monit", {"memory": "128M"}, {"memory": "256M"})], False)]),
    ],
)  # fmt: skip
def test_a_percona_server_mysql_is_built_by_its_operator(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_a_percona_server_mysql_init_containers_take_the_component_resources(capsys: pytest.CaptureFixture[str]) -> None:
    """InitContainer: no initContainer.resources anywhere, so mysql-init takes mysql.resources and haproxy-init the
    HAProxy's; the mysql pod's request is its memory, no cpu (PR130), HAProxy's mysql-monit has none (PR138)."""
    main(["explain", "-o", "json", str(REAL / f"{PSM}deploy__cr.yaml")])
    got = [[(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"] if c["type"] == "init"]
           for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip
    assert got == [[("mysql-init", "init", {"memory": "2Gi"}, {"memory": "4Gi"})], [("haproxy-init", "init", {"cpu": "600m", "memory": "1Gi"}, {})]]
    report = lint(capsys, str(REAL / f"{PSM}deploy__cr.yaml"))
    assert {(f["rule"], f.get("container")) for f in report["findings"]} >= {("PR130", "mysql"), ("PR138", "mysql-monit"), ("PR138", "xtrabackup")}


def test_a_percona_server_mysql_switches_and_fallbacks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An init container takes its component's initContainer.resources, else the top-level one's; crVersion 1.1.0
    gives HAProxy's mysql-monit the HAProxy's resources; the router with proxy.router.enabled; unsafeFlags.orchestrator
    without orchestrator.enabled: no orchestrator and no pt-heartbeat; the binlog server with backup.pitr.enabled;
    spec.pause: no pods at all."""
    one, small = {"cpu": "1", "memory": "1Gi"}, {"cpu": "10m", "memory": "16Mi"}
    text = (
        "apiVersion: ps.percona.com/v1\nkind: PerconaServerMySQL\nmetadata: {name: c}\nspec:\n  crVersion: 1.1.0\n"
        "  unsafeFlags: {orchestrator: true}\n  initContainer: {resources: {requests: {cpu: 10m, memory: 16Mi}, limits: {cpu: 10m, memory: 16Mi}}}\n"
        "  mysql:\n    clusterType: async\n    size: 2\n    resources: {requests: {cpu: '1', memory: 1Gi}, limits: {cpu: '1', memory: 1Gi}}\n"
        "    initContainer: {resources: {requests: {cpu: '1', memory: 1Gi}, limits: {cpu: '1', memory: 1Gi}}}\n"
        "  proxy:\n    haproxy: {enabled: true, size: 2, resources: {requests: {cpu: '1', memory: 1Gi}, limits: {cpu: '1', memory: 1Gi}}}\n"
        "    router: {enabled: true, size: 1, resources: {requests: {cpu: '1', memory: 1Gi}, limits: {cpu: '1', memory: 1Gi}}}\n"
        "  orchestrator: {size: 3}\n"
        "  backup:\n    enabled: false\n    pitr:\n      enabled: true\n      binlogServer: {resources: {requests: {cpu: '1', memory: 1Gi}, limits: {cpu: '1', memory: 1Gi}}}\n"
    )
    (tmp_path / "c.yaml").write_text(text, encoding="utf-8")
    main(["explain", "-o", "json", str(tmp_path / "c.yaml")])
    got = [(p["workload"]["template"], p["workload"]["replicas"], p["qosClass"], [(c["name"], c["requests"], c["limits"]) for c in p["containers"]])
           for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip
    assert got == [
        ("mysql", 2, "Guaranteed", [("mysql-init", one, one), ("mysql", one, one)]),
        ("haproxy", 2, "Guaranteed", [("haproxy-init", small, small), ("haproxy", one, one), ("mysql-monit", one, one)]),
        ("router", 1, "Guaranteed", [("router-init", small, small), ("router", one, one)]),
        ("binlog-server", 1, "Guaranteed", [("binlog-server-init", small, small), ("binlog-server", one, one)]),
    ]
    (tmp_path / "c.yaml").write_text(text.replace("  crVersion: 1.1.0\n", "  crVersion: 1.1.0\n  pause: true\n"), encoding="utf-8")
    main(["explain", "-o", "json", str(tmp_path / "c.yaml")])
    assert [p["workload"]["replicas"] for p in json.loads(capsys.readouterr().out)["pods"]] == [0, 0, 0, 0]


NRI_SAMPLE = REAL / "containers__nri-plugins/deployment__operator__config__samples__config.nri_v1alpha1_nriplugindeployment.yaml"


def test_an_nri_plugin_deployment_is_the_daemonset_of_its_chart(capsys: pytest.CaptureFixture[str]) -> None:
    """containers/nri-plugins deployment/operator/roles/plugin-deployment/tasks/main.yml installs the chart of
    spec.pluginName; deployment/helm/topology-aware/templates/daemonset.yaml: requests only, from values.yaml's
    resources (500m, 512Mi), the init container patch-runtime with runtime.patchConfig, system-node-critical."""
    [item] = [i for i in iter_items([str(NRI_SAMPLE)]) if isinstance(i, WorkloadItem)]
    assert (item.workload.ref.kind, item.workload.ref.template, item.workload.ref.replicas) == (
        "NriPluginDeployment", "nri-resource-policy-topology-aware", None)  # fmt: skip
    assert _by_type(item.workload.pod) == [
        ("patch-runtime", "init", {}, {}), ("nri-resource-policy-topology-aware", "regular", {"cpu": "500m", "memory": "512Mi"}, {})]
    assert item.workload.pod.priority_class_name == "system-node-critical"
    assert [f["rule"] for f in lint_report(capsys, str(NRI_SAMPLE))["findings"]] == ["PR132"]


def _nri(tmp_path: Path, spec: str) -> list[Any]:
    text = NRI_SAMPLE.read_text().split("spec:")[0] + "spec:\n" + spec
    path = tmp_path / "npd.yaml"
    path.write_text(text)
    return [i for i in iter_items([str(path)]) if isinstance(i, WorkloadItem)]


def test_an_nri_plugin_deployment_per_plugin_and_state(tmp_path: Path) -> None:
    """Each chart's container and values.yaml requests; state absent or an unknown plugin installs nothing
    (main.yml's ``when``); without patchConfig no init container; values.resources is pruned by the API server
    (config/crd/bases/config.nri_nriplugindeployments.yaml lists no such value), so the chart's hold."""
    for plugin, container, requests in [
        ("memory-qos", "nri-memory-qos", {"cpu": "10m", "memory": "100Mi"}), ("memtierd", "nri-memtierd", {"cpu": "250m", "memory": "100Mi"}),
        ("sgx-epc", "nri-sgx-epc", {"cpu": "25m", "memory": "100Mi"}), ("balloons", "nri-resource-policy-balloons", {"cpu": "500m", "memory": "512Mi"}),
        ("template", "nri-resource-policy-template", {"cpu": "500m", "memory": "512Mi"}),
    ]:  # fmt: skip
        [item] = _nri(tmp_path, f"  pluginName: {plugin}\n  pluginVersion: v0.9.4\n  state: present\n  values:\n    resources: {{cpu: '2', memory: 1Gi}}\n")
        assert _by_type(item.workload.pod) == [(container, "regular", requests, {})]
        assert any("pruned by the API server" in note for note in item.workload.ref.operator_notes)
    assert _nri(tmp_path, "  pluginName: balloons\n  pluginVersion: v0.9.4\n  state: absent\n") == []
    assert _nri(tmp_path, "  pluginName: other\n  pluginVersion: v0.9.4\n  state: present\n") == []


def test_an_nri_resource_policy_configuration_makes_no_pod(capsys: pytest.CaptureFixture[str]) -> None:
    """containers/nri-plugins pkg/apis/config/v1alpha1/balloons-policy.go: a BalloonsPolicy configures the plugin's
    own pod; counted among objects without pods, never searched."""
    report = lint_report(capsys, str(REAL / "containers__nri-plugins/sample-configs__balloons-config.yaml"))
    assert report["findings"] == []
    assert report["summary"]["skipped"]["no-pods"] == {"BalloonsPolicy": 1}
    # a NodeResourceTopology (k8stopologyawareschedwg/noderesourcetopology-api): a node's NUMA zones, no pod
    report = lint_report(capsys, str(REAL / "containers__nri-plugins/sample-configs__noderesourcetopology.yaml"))
    assert report["findings"] == []
    assert report["summary"]["skipped"]["no-pods"] == {"NodeResourceTopology": 2}


def test_a_network_attachment_definition_makes_no_pod(capsys: pytest.CaptureFixture[str]) -> None:
    """k8snetworkplumbingwg/network-attachment-definition-client pkg/apis/k8s.cni.cncf.io/v1/types.go: a CNI
    configuration pods name in an annotation (here whereabouts' scale test's), no pod of its own."""
    report = lint_report(capsys, str(REAL / "k8snetworkplumbingwg__whereabouts/yamls__whereaboutsScaleNAD.yaml"))
    assert report["findings"] == []
    assert report["summary"]["skipped"]["no-pods"] == {"NetworkAttachmentDefinition": 1}


def test_prow_in_repo_config_lists_presubmits_and_postsubmits(capsys: Any) -> None:
    """nephio-project/nephio .prow.yaml: Prow's in-repo configuration (kubernetes-sigs/prow pkg/config/inrepoconfig.go
    ProwYAML) writes presubmits and postsubmits as lists of jobs; each is a decorated pod, its repository cloned; a
    kaniko build's lone container (named ``test``) with its 1 cpu and 1Gi requests."""
    got = _prow(REAL / "nephio-project__nephio/.prow.yaml")
    assert len(got) == 22 and {k for k, *_ in got} == {"Presubmit", "Postsubmit"} and all(w for _, _, _, w, _ in got)
    assert got[0][:2] == ("Presubmit", "presubmit-nephio-go-test")
    assert [c[0] for c in got[0][4]] == ["clonerefs", "initupload", "place-entrypoint", "test", "sidecar"]
    kaniko = next(g for g in got if g[1] == "build-push-nephio-krm-func-ueransim-deploy-dev-image")
    assert ("test", "regular", {"cpu": "1", "memory": "1Gi"}, {}) in kaniko[4]
    report = lint_report(capsys, str(REAL / "nephio-project__nephio/.prow.yaml"))
    assert sorted({(f["rule"], f["severity"]) for f in report["findings"]}) == [("PR132", "warning"), ("PR138", "warning")]
    assert len(report["findings"]) == 22


MILVUS = "milvus-io__milvus-operator/"
MILVUS_ALL = {"cpu": "200m", "memory": "512Mi"}, {"cpu": "4", "memory": "8Gi"}
MILVUS_NODES = ("proxy", "datanode", "querynode", "indexnode")
MILVUS_COORDS = ("rootcoord", "datacoord", "querycoord", "indexcoord")


def _milvus(kind: str, name: str, replicas: int, requests: dict[str, str] | None = None, limits: dict[str, str] | None = None) -> Any:
    """One component's pod: the init container config (no resources), then the container named after it."""
    return (kind, name, replicas, [("config", "init", {}, {}), (name, "regular", requests or {}, limits or {})], False)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # cluster mode: the standalone Deployment at 0 replicas, the nodes and the four coordinators at 1; the proxy's own
        # resources, the others spec.components.resources (MergeComponentSpec: the pointer replaced whole)
        (f"{MILVUS}config__samples__milvus_cluster_resource.yaml", [
            _milvus("Milvus", "standalone", 0, *MILVUS_ALL),
            _milvus("Milvus", "proxy", 1, {"cpu": "100m", "memory": "128Mi"}, {"cpu": "2", "memory": "4Gi"}),
            *(_milvus("Milvus", n, 1, *MILVUS_ALL) for n in (*MILVUS_NODES[1:], *MILVUS_COORDS))]),
        # mixCoord written: one mixcoord Deployment instead of the four coordinators; nothing sized
        (f"{MILVUS}config__samples__milvus_cluster_mixcoord.yaml", [
            _milvus("Milvus", "standalone", 0), *(_milvus("Milvus", n, 1) for n in (*MILVUS_NODES, "mixcoord"))]),
        # no mode: standalone (DefaultMode), one pod with spec.components.resources
        (f"{MILVUS}config__samples__milvus_resource.yaml", [
            _milvus("Milvus", "standalone", 1, {"cpu": "1", "memory": "2Gi"}, {"cpu": "4", "memory": "8Gi"})]),
        # a v1alpha1 Milvus is a standalone (ConvertSpecTo), its resources at spec.resources (none here)
        (f"{MILVUS}test__min-milvus-alpha.yaml", [_milvus("Milvus", "standalone", 1)]),
        # a MilvusCluster is a Milvus in cluster mode (ConvertToMilvus), though it writes no mode
        (f"{MILVUS}test__min-mc-alpha.yaml", [
            _milvus("MilvusCluster", "standalone", 0), *(_milvus("MilvusCluster", n, 1) for n in (*MILVUS_NODES, *MILVUS_COORDS))]),
    ],
)  # fmt: skip
def test_a_milvus_is_one_deployment_per_component_by_its_mode(name: str, expected: list[Any]) -> None:
    assert _all(REAL / name) == expected


def test_a_milvus_components_own_containers_replicas_and_empty_resources(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A component's init containers come after config and its sidecars after its container; ``resources: {}`` is
    written (a non-nil pointer): the container gets none, not spec.components'; mixCoord's and a node's replicas; a
    v1alpha1 Milvus's spec.resources and spec.replicas."""
    (tmp_path / "m.yaml").write_text(
        "apiVersion: milvus.io/v1beta1\nkind: Milvus\nmetadata: {name: m}\nspec:\n  mode: cluster\n  components:\n"
        "    resources: {requests: {cpu: '1'}}\n    mixCoord: {replicas: 2}\n    queryNode:\n      replicas: 3\n"
        "      resources: {}\n      initContainers: [{name: warm, image: x, resources: {requests: {memory: 64Mi}}}]\n"
        "      sidecars: [{name: side, image: y, resources: {limits: {cpu: 100m, memory: 32Mi}}}]\n"
        "---\napiVersion: milvus.io/v1alpha1\nkind: Milvus\nmetadata: {name: a}\nspec:\n  replicas: 2\n"
        "  resources: {limits: {cpu: '2', memory: 4Gi}}\n"
    )
    one = {"cpu": "1"}
    side = ("side", "regular", {}, {"cpu": "100m", "memory": "32Mi"})
    two = {"cpu": "2", "memory": "4Gi"}
    assert _all(tmp_path / "m.yaml") == [
        _milvus("Milvus", "standalone", 0, one), _milvus("Milvus", "proxy", 1, one), _milvus("Milvus", "datanode", 1, one),
        ("Milvus", "querynode", 3, [("config", "init", {}, {}), ("warm", "init", {"memory": "64Mi"}, {}), ("querynode", "regular", {}, {}), side],
         False),
        _milvus("Milvus", "indexnode", 1, one), _milvus("Milvus", "mixcoord", 2, one),
        _milvus("Milvus", "standalone", 2, {}, two),
    ]  # fmt: skip
    report = lint(capsys, str(tmp_path / "m.yaml"))
    # the querynode container, sized by nothing, and nothing else: every other container takes spec.components' cpu
    assert [(f["rule"], f["line"]) for f in report["findings"] if "'querynode'" in f["message"]] == [("PR138", 11)]


SR = "vllm-project__semantic-router/deploy__operator__config__samples__vllm.ai_v1alpha1_semanticrouter_"
SR_SETUP = ("setup-dirs", "init", {}, {})
SR_ENVOY = ("envoy-proxy", "regular", {"cpu": "250m", "memory": "256Mi"}, {"cpu": "500m", "memory": "512Mi"})


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # no gateway.existingRef: standalone mode, the router with spec.resources and the operator's envoy-proxy
        (f"{SR}simple.yaml", [("SemanticRouter", None, 1, [
            SR_SETUP, ("semantic-router", "regular", {"cpu": "1", "memory": "2Gi"}, {"cpu": "2", "memory": "4Gi"}), SR_ENVOY], False)]),
        # an existing Gateway routes to the router: no envoy-proxy beside it
        (f"{SR}gateway.yaml", [("SemanticRouter", None, 3, [
            SR_SETUP, ("semantic-router", "regular", {"cpu": "2", "memory": "4Gi"}, {"cpu": "4", "memory": "8Gi"})], False)]),
    ],
)  # fmt: skip
def test_a_semantic_router_is_its_router_and_envoy_unless_a_gateway_is_named(name: str, expected: list[Any]) -> None:
    assert _all(REAL / name) == expected


def test_a_semantic_router_without_resources_or_replicas(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """spec.resources unset: the router container sets none (a ResourceRequirements value); replicas default 1;
    ``existingRef: {}`` is a non-nil pointer, so the gateway mode (no Envoy)."""
    (tmp_path / "sr.yaml").write_text(
        "apiVersion: vllm.ai/v1alpha1\nkind: SemanticRouter\nmetadata: {name: a}\nspec: {}\n"
        "---\napiVersion: vllm.ai/v1alpha1\nkind: SemanticRouter\nmetadata: {name: b}\nspec: {gateway: {existingRef: {}}}\n"
    )
    assert _all(tmp_path / "sr.yaml") == [
        ("SemanticRouter", None, 1, [SR_SETUP, ("semantic-router", "regular", {}, {}), SR_ENVOY], False),
        ("SemanticRouter", None, 1, [SR_SETUP, ("semantic-router", "regular", {}, {})], False),
    ]
    findings = lint(capsys, str(tmp_path / "sr.yaml"))["findings"]
    assert [(f["rule"], f["object"]["name"]) for f in findings if f["severity"] == "warning"] == [("PR138", "a"), ("PR201", "b")]


def test_a_milvus_upgrade_runs_its_backup_and_update_task_pods(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """startTaskPod: backup-meta, then update-meta, bare pods of one unsized container; an object written with
    ``operation: rollback`` restores no backup it never made (no pod)."""
    assert _all(REAL / f"{MILVUS}config__samples__milvusupgrade.yaml") == [
        ("MilvusUpgrade", "backup-meta", 1, [("backup-meta", "regular", {}, {})], False),
        ("MilvusUpgrade", "update-meta", 1, [("update-meta", "regular", {}, {})], False),
    ]
    (tmp_path / "u.yaml").write_text(
        "apiVersion: milvus.io/v1beta1\nkind: MilvusUpgrade\nmetadata: {name: u}\n"
        "spec: {milvus: {name: m}, sourceVersion: v2.1.4, targetVersion: v2.2.0, operation: rollback}\n"
    )
    assert _all(tmp_path / "u.yaml") == []
    report = lint(capsys, str(REAL / f"{MILVUS}config__samples__milvusupgrade.yaml"))
    assert [(f["rule"], f["line"]) for f in report["findings"]] == [("PR201", 6)]  # both pods, one place: spec


FEAST = "feast-dev__feast/"
FEAST_INIT = [("feast-init", "init", {}, {}), ("feast-apply", "init", {}, {})]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # HPA autoscaling: minReplicas 2 pods; the online server's resources whole, no registry/offline server written
        (f"{FEAST}infra__feast-operator__config__samples__v1_featurestore_scaling_hpa.yaml", [
            ("FeatureStore", "services", 2, [*FEAST_INIT, ("online", "regular", {"cpu": "200m", "memory": "256Mi"}, {"cpu": "1", "memory": "1Gi"})],
             False)]),
        # a lineage server of 2 replicas beside the services Deployment (a SQL registry: validateLineageServerConfig passes)
        (f"{FEAST}infra__feast-operator__config__samples__v1_featurestore_lineage_server.yaml", [
            ("FeatureStore", "services", 1, [*FEAST_INIT, ("online", "regular", {}, {})], False),
            ("FeatureStore", "lineage", 2, [("lineage", "regular", {}, {})], False)]),
        # every server: registry, online (defaulted), offline, ui, in setContainers' order
        (f"{FEAST}infra__feast-operator__config__samples__v1_featurestore_all_remote_servers.yaml", [
            ("FeatureStore", "services", 1, [*FEAST_INIT, *[(n, "regular", {}, {}) for n in ("registry", "online", "offline", "ui")]], False)]),
        # v1alpha1, the same fields: an offline store and a local registry without servers make no container
        (f"{FEAST}examples__operator-quickstart__feast.yaml", [
            ("FeatureStore", "services", 1, [*FEAST_INIT, ("online", "regular", {"cpu": "150m", "memory": "128Mi"}, {})], False)]),
    ],
)  # fmt: skip
def test_a_feast_featurestore_is_the_operators_deployments(name: str, expected: list[Any]) -> None:
    assert _all(REAL / name) == expected


def test_feast_featurestore_findings_land_on_the_servers(capsys: pytest.CaptureFixture[str]) -> None:
    """The operator sets no resource of its own: an unsized FeatureStore is a BestEffort pod (PR201 at spec), a
    server's written resources are judged where written."""
    report = lint(capsys, str(REAL / f"{FEAST}infra__feast-operator__config__samples__v1_featurestore_scaling_hpa.yaml"))
    assert [(f["rule"], f["line"]) for f in report["findings"]] == [("PR133", 68), ("PR134", 70)]
    report = lint(capsys, str(REAL / f"{FEAST}examples__operator-quickstart__feast.yaml"))
    assert [(f["rule"], f["line"], f["object"]["name"]) for f in report["findings"]] == [("PR132", 45, "example")]
    report = lint(capsys, str(REAL / f"{FEAST}infra__feast-operator__config__samples__v1_featurestore_lineage_server.yaml"))
    assert [(f["rule"], f["line"]) for f in report["findings"]] == [("PR201", 14), ("PR201", 50)]


def test_feast_operator_branches(tmp_path: Path) -> None:
    """disableInitContainers and runFeastApplyOnInit: false drop the init containers; onlineStore.disabled drops online;
    a remote registry makes no registry container; nothing left to serve, or a registry with neither gRPC nor REST,
    is refused (no pod); replicas; a lineage server without a SQL database refuses the whole object; the CronJob runs
    (one feast-<i> per command, the last a container) only with a schedule or suspend: false."""
    fs = "apiVersion: feast.dev/v1\nkind: FeatureStore\nmetadata: {name: %s}\nspec:\n  feastProject: p\n%s---\n"
    res = "resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {cpu: 100m, memory: 64Mi}}"
    (tmp_path / "f.yaml").write_text("".join([
        fs % ("a", f"  replicas: 3\n  services:\n    disableInitContainers: true\n    onlineStore: {{server: {{{res}}}}}\n"),
        fs % ("b", ("  services:\n    runFeastApplyOnInit: false\n    onlineStore: {disabled: true}\n"
                    "    registry: {local: {server: {grpc: false, restAPI: true}}}\n")),
        fs % ("c", "  services:\n    onlineStore: {disabled: true}\n    offlineStore: {server: {}}\n    registry: {remote: {hostname: r:80}}\n"),
        fs % ("c2", "  services:\n    onlineStore: {disabled: true}\n    registry: {remote: {hostname: r:80}}\n"),
        fs % ("d", "  services:\n    registry: {local: {server: {grpc: false}}}\n"),
        fs % ("e", "  openlineage: {enabled: true, consumer: {enabled: true, lineageServer: {}}}\n"),
        fs % ("f", f"  cronJob:\n    schedule: '@hourly'\n    containerConfigs: {{commands: [a, b, c], {res}}}\n"),
        fs % ("g", "  cronJob: {suspend: false}\n"),
        fs % ("h", "  cronJob: {schedule: '@daily', suspend: true}\n"),
    ]), encoding="utf-8")  # fmt: skip
    sized = ("online", "regular", {"cpu": "100m", "memory": "64Mi"}, {"cpu": "100m", "memory": "64Mi"})
    cron = {"cpu": "100m", "memory": "64Mi"}
    online = ("online", "regular", {}, {})
    assert _all(tmp_path / "f.yaml") == [
        ("FeatureStore", "services", 3, [sized], False),
        ("FeatureStore", "services", 1, [("feast-init", "init", {}, {}), ("registry", "regular", {}, {})], False),
        ("FeatureStore", "services", 1, [*FEAST_INIT, ("offline", "regular", {}, {})], False),
        ("FeatureStore", "services", 1, [*FEAST_INIT, online], False),
        ("FeatureStore", "cronjob", 1, [("feast-0", "init", cron, cron), ("feast-1", "init", cron, cron), ("feast-2", "regular", cron, cron)],
         False),
        ("FeatureStore", "services", 1, [*FEAST_INIT, online], False),
        ("FeatureStore", "cronjob", 1, [("feast-0", "init", {}, {}), ("feast-1", "regular", {}, {})], False),
        ("FeatureStore", "services", 1, [*FEAST_INIT, online], False),
    ]  # fmt: skip


CHE = REAL / "eclipse-che__che-operator"
CHE_SAMPLE = "eclipse-che__che-operator/deploy__deployment__kubernetes__org_v2_checluster.yaml"


def _che_gateway(cpu: dict[str, str] | None = None) -> list[tuple[str, Resources, Resources]]:
    """The gateway's four containers (gateway.go, oauth_proxy.go, kube_rbac_proxy.go): memory 128Mi/4Gi, 64Mi/256Mi,
    64Mi/512Mi, 64Mi/512Mi; cpu requests 100m, 50m, 100m, 100m, no cpu limit unless written."""
    out = []
    for name, (req_mem, lim_mem, req_cpu) in {"gateway": ("128Mi", "4Gi", "100m"), "configbump": ("64Mi", "256Mi", "50m"),
                                              "oauth-proxy": ("64Mi", "512Mi", "100m"), "kube-rbac-proxy": ("64Mi", "512Mi", "100m")}.items():  # fmt: skip
        limits = {"memory": lim_mem} if cpu is None else {**cpu, "memory": lim_mem}
        out.append((name, {"cpu": (cpu or {}).get("cpu", req_cpu), "memory": req_mem}, limits))
    return out


def test_a_checluster_is_the_che_server_dashboard_and_gateway_with_the_operators_resources(capsys: pytest.CaptureFixture[str]) -> None:
    """The v2 sample writes no deployment override: the operator's constants, its cpu limits removed (OverrideContainer,
    a namespace without a LimitRange); the plug-in registry is disabled and the devfile registry is never deployed."""
    assert pods(CHE_SAMPLE) == [
        ("CheCluster", "che", 1, [("che", {"cpu": "100m", "memory": "512Mi"}, {"memory": "1Gi"})], False),
        ("CheCluster", "che-dashboard", 1, [("che-dashboard", {"cpu": "100m", "memory": "32Mi"}, {"memory": "1Gi"})], False),
        ("CheCluster", "che-gateway", 1, _che_gateway(), False),
    ]
    report = lint_report(capsys, str(REAL / CHE_SAMPLE))
    assert sorted((f["rule"], f["message"].split(" (")[0]) for f in report["findings"] if f["severity"] == "warning") == [
        ("PR134", "container 'che-dashboard' memory limit 1Gi is 32x its request 32Mi"),
        ("PR134", "container 'gateway' memory limit 4Gi is 32x its request 128Mi"),
        ("PR134", "container 'kube-rbac-proxy' memory limit 512Mi is 8x its request 64Mi"),
        ("PR134", "container 'oauth-proxy' memory limit 512Mi is 8x its request 64Mi"),
    ]


def test_the_che_minikube_patch_over_the_sample_sets_each_containers_cpu(tmp_path: Path) -> None:
    """chectl merges the minikube tests' patch (no kind: skipped alone) into the sample: one container's override is
    containers[0] whatever its name, the gateway's by name; a written cpu limit stays; memory stays the operator's;
    ``openVSXURL`` written: still no plug-in registry."""
    import yaml

    sample = yaml.safe_load((REAL / CHE_SAMPLE).read_text(encoding="utf-8"))
    patch = yaml.safe_load((CHE / "build__scripts__minikube-tests__minikube-checluster-patch.yaml").read_text(encoding="utf-8"))
    assert [i.reason for i in iter_items([str(CHE / "build__scripts__minikube-tests__minikube-checluster-patch.yaml")])
            if isinstance(i, SkippedItem)] == ["not-kubernetes"]  # fmt: skip

    def merge(into: dict[str, Any], over: dict[str, Any]) -> None:
        for key, value in over.items():
            if isinstance(value, dict) and isinstance(into.get(key), dict):
                merge(into[key], value)
            else:
                into[key] = value

    merge(sample["spec"], patch["spec"])
    (tmp_path / "che.yaml").write_text(yaml.safe_dump(sample), encoding="utf-8")
    got = [(ref.template, [(c.name, {k: v.canonical() for k, v in c.resources.req.items()}, {k: v.canonical() for k, v in c.resources.lim.items()})
                           for c in item.workload.pod.containers])
           for item in iter_items([str(tmp_path / "che.yaml")]) if isinstance(item, WorkloadItem) for ref in (item.workload.ref,)]  # fmt: skip
    assert got == [
        ("che", [("che", {"cpu": "300m", "memory": "512Mi"}, {"cpu": "300m", "memory": "1Gi"})]),
        ("che-dashboard", [("che-dashboard", {"cpu": "40m", "memory": "32Mi"}, {"cpu": "40m", "memory": "1Gi"})]),
        ("che-gateway", _che_gateway({"cpu": "20m"})),
    ]


def test_che_zero_values_the_plugin_registry_and_openvsx(tmp_path: Path) -> None:
    """A zero removes the operator's value (IsZero); ``openVSXURL: ""`` makes the plug-in registry with the embedded
    OpenVSX memory; ``openVSXRegistry.enable`` makes the OpenVSX server (after wait-database, never overridden) and
    database, whose cpu limits stay where ``openVSXRegistry.server``/``.database`` is not written; v1 is not read."""
    (tmp_path / "che.yaml").write_text(
        "apiVersion: org.eclipse.che/v2\nkind: CheCluster\nmetadata: {name: che, namespace: che}\nspec:\n  components:\n"
        "    cheServer: {deployment: {containers: [{name: other, resources: {request: {memory: '0', cpu: 0}, limits: {memory: 2Gi}}}]}}\n"
        "    pluginRegistry: {openVSXURL: ''}\n"
        "---\napiVersion: org.eclipse.che/v2\nkind: CheCluster\nmetadata: {name: vsx}\nspec:\n  components:\n"
        "    pluginRegistry: {openVSXURL: ''}\n    openVSXRegistry: {enable: true, database: {}}\n"
        "---\napiVersion: org.eclipse.che/v1\nkind: CheCluster\nmetadata: {name: old}\nspec: {server: {serverMemoryLimit: 2Gi}}\n",
        encoding="utf-8",
    )
    got = [(item.workload.ref.name, item.workload.ref.template,
            [(c.name, c.type.value, {k: v.canonical() for k, v in c.resources.req.items()}, {k: v.canonical() for k, v in c.resources.lim.items()})
             for c in item.workload.pod.all_containers()])
           for item in iter_items([str(tmp_path / "che.yaml")]) if isinstance(item, WorkloadItem)]  # fmt: skip
    dashboard = [("che-dashboard", "regular", {"cpu": "100m", "memory": "32Mi"}, {"memory": "1Gi"})]
    assert got == [
        ("che", "che", [("che", "regular", {}, {"memory": "2Gi"})]),
        ("che", "che-dashboard", dashboard),
        ("che", "che-gateway", [(n, "regular", r, lim) for n, r, lim in _che_gateway()]),
        ("che", "plugin-registry", [("plugin-registry", "regular", {"cpu": "100m", "memory": "512Mi"}, {"memory": "4Gi"})]),
        ("vsx", "che", [("che", "regular", {"cpu": "100m", "memory": "512Mi"}, {"memory": "1Gi"})]),
        ("vsx", "che-dashboard", dashboard),
        ("vsx", "che-gateway", [(n, "regular", r, lim) for n, r, lim in _che_gateway()]),
        ("vsx", "openvsx-server", [("wait-database", "init", {"cpu": "10m", "memory": "32Mi"}, {"cpu": "100m", "memory": "64Mi"}),
                                   ("openvsx-server", "regular", {"cpu": "100m", "memory": "512Mi"}, {"cpu": "1", "memory": "2Gi"})]),
        ("vsx", "openvsx-database", [("openvsx-database", "regular", {"cpu": "100m", "memory": "256Mi"}, {"memory": "1Gi"})]),
    ]  # fmt: skip


DWO = "devfile__devworkspace-operator/"
DWO_CLONE = ("project-clone", "init", {"cpu": "100m", "memory": "128Mi"}, {"cpu": "1", "memory": "1Gi"})
DWO_DEFAULTS = ({"memory": "128Mi"}, {"memory": "256Mi"})


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # a project: project-clone first with projectCloneConfig's resources; container-overrides adds a GPU limit (its
        # request the API server's defaulting, not the operator's)
        (f"{DWO}samples__container-overrides.yaml", [("DevWorkspace", "workspace", 1, [DWO_CLONE, (
            "web-terminal", "regular", {"cpu": "100m", "memory": "128Mi"}, {"cpu": "400m", "memory": "256Mi", "nvidia.com/gpu": "1"})], False)]),
        # no project: no project-clone; each component's own fields
        (f"{DWO}samples__web-terminal-flattened.yaml", [("DevWorkspace", "workspace", 1, [
            ("web-terminal-tooling", "regular", {"cpu": "100m", "memory": "128Mi"}, {"cpu": "400m", "memory": "256Mi"}),
            ("web-terminal-exec", "regular", {"cpu": "100m", "memory": "128Mi"}, {"cpu": "400m", "memory": "128Mi"})], False)]),
        # spec.contributions merge a plug-in fetched from a URL into dev: as written
        (f"{DWO}samples__code-latest.yaml", [("DevWorkspace", "workspace", 1, [
            DWO_CLONE, ("dev", "regular", {"cpu": "1", "memory": "256Mi"}, {"memory": "512Mi"})], True)]),
        # preStart apply commands: their components are init containers, after project-clone; memory defaults where unset
        (f"{DWO}controllers__workspace__testdata__test-devworkspace-prestart.yaml", [("DevWorkspace", "workspace", 1, [
            DWO_CLONE, ("go-mod-builder", "init", *DWO_DEFAULTS), ("go-builder", "init", *DWO_DEFAULTS),
            ("tools", "regular", *DWO_DEFAULTS)], False)]),
    ],
)  # fmt: skip
def test_a_devworkspace_is_its_workspace_pod(name: str, expected: list[Any]) -> None:
    assert _all(REAL / name) == expected


def test_devworkspace_defaults_edge_cases_stopped_and_disabled_clone(tmp_path: Path) -> None:
    """ApplyDefaults: a default memory limit below the written request becomes the request, a default request above
    the written limit the limit; a null in container-overrides deletes; stopped: no pod; project-clone disabled by
    the attribute; v1alpha1 not read."""
    (tmp_path / "dw.yaml").write_text(
        "apiVersion: workspace.devfile.io/v1alpha2\nkind: DevWorkspace\nmetadata: {name: a}\nspec:\n  started: true\n  template:\n"
        "    attributes: {controller.devfile.io/project-clone: disable}\n    projects: [{name: p, git: {remotes: {origin: 'https://x'}}}]\n"
        "    components:\n    - {name: big, container: {image: i, memoryRequest: 512Mi, cpuLimit: '2'}}\n"
        "    - {name: small, container: {image: i, memoryLimit: 64Mi}}\n"
        "    - name: none\n      attributes: {container-overrides: {resources: {limits: {memory: null}, requests: {cpu: 10m}}}}\n"
        "      container: {image: i}\n"
        "---\napiVersion: workspace.devfile.io/v1alpha2\nkind: DevWorkspace\nmetadata: {name: stopped}\nspec:\n  started: false\n"
        "  template: {components: [{name: c, container: {image: i}}]}\n"
        "---\napiVersion: workspace.devfile.io/v1alpha1\nkind: DevWorkspace\nmetadata: {name: old}\nspec: {started: true}\n",
        encoding="utf-8",
    )
    assert _all(tmp_path / "dw.yaml") == [("DevWorkspace", "workspace", 1, [
        ("big", "regular", {"memory": "512Mi"}, {"cpu": "2", "memory": "512Mi"}),
        ("small", "regular", {"memory": "64Mi"}, {"memory": "64Mi"}),
        ("none", "regular", {"cpu": "10m", "memory": "128Mi"}, {}),
    ], False)]  # fmt: skip


def test_devworkspace_findings_are_on_the_operators_project_clone(capsys: pytest.CaptureFixture[str]) -> None:
    """The only warnings of the sample: project-clone's built-in limits against its requests (1 cpu over 100m, 1Gi
    over 128Mi), at the projects that make it."""
    report = lint_report(capsys, str(REAL / DWO / "samples__container-overrides.yaml"))
    assert sorted((f["rule"], f["line"], f["message"].split(" (")[0]) for f in report["findings"] if f["severity"] != "info") == [
        ("PR134", 10, "init container 'project-clone' cpu limit 1 is 10x its request 100m"),
        ("PR134", 10, "init container 'project-clone' memory limit 1Gi is 8x its request 128Mi"),
    ]


K8SGPT = "k8sgpt-ai__k8sgpt-operator/config__samples__"


def test_a_k8sgpt_without_resources_runs_the_operators_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    """GetDeployment (k8sgpt-ai/k8sgpt-operator pkg/resources/k8sgpt.go): one pod whose container k8sgpt requests 200m
    (``MustParse("0.2")``) and 256Mi and is limited to 1 cpu and 512Mi where spec.resources is nil: a Burstable pod,
    and its findings are the operator's real ratios (cpu limit 5x the request, memory above the request)."""
    assert pods(f"{K8SGPT}valid_k8sgpt.yaml") == [
        ("K8sGPT", None, 1, [("k8sgpt", {"cpu": "200m", "memory": "256Mi"}, {"cpu": "1", "memory": "512Mi"})], False),
    ]
    report = lint_report(capsys, str(REAL / f"{K8SGPT}valid_k8sgpt.yaml"))
    assert sorted(f["rule"] for f in report["findings"]) == ["PR133", "PR134"]
    assert report["summary"]["pods"] == 1


def test_a_k8sgpt_spec_resources_replace_the_containers_whole() -> None:
    """``if config.Spec.Resources != nil { ...Resources = *config.Spec.Resources }``: every resource written, the
    ephemeral storage too, and none of the defaults."""
    both = ({"cpu": "200m", "memory": "256Mi", "ephemeral-storage": "100Mi"}, {"cpu": "1", "memory": "512Mi", "ephemeral-storage": "1Gi"})
    assert pods(f"{K8SGPT}secure_k8sgpt_example.yaml") == [("K8sGPT", None, 1, [("k8sgpt", *both)], False)]


@pytest.mark.parametrize(
    ("resources", "qos", "requests", "limits"),
    [
        # written but partial: the pointer is copied whole, so no limits (the defaults were built and thrown away)
        ("  resources: {requests: {cpu: 100m}}\n", "Burstable", {"cpu": "100m"}, {}),
        # written and empty: a non-nil pointer to empty requirements, a BestEffort pod
        ("  resources: {}\n", "BestEffort", {}, {}),
        # null: a nil pointer, the defaults
        ("  resources: null\n", "Burstable", {"cpu": "200m", "memory": "256Mi"}, {"cpu": "1", "memory": "512Mi"}),
    ],
)  # fmt: skip
def test_a_k8sgpt_resources_pointer_decides(
    resources: str, qos: str, requests: dict[str, str], limits: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "k.yaml").write_text(
        "apiVersion: core.k8sgpt.ai/v1alpha1\nkind: K8sGPT\nmetadata: {name: k, namespace: default}\nspec:\n"
        "  ai: {backend: openai, model: gpt-4o-mini}\n  repository: ghcr.io/k8sgpt-ai/k8sgpt\n" + resources,
        encoding="utf-8",
    )
    main(["explain", "-o", "json", str(tmp_path / "k.yaml")])
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert (pod["qosClass"], [(c["name"], c["requests"], c["limits"]) for c in pod["containers"]]) == (qos, [("k8sgpt", requests, limits)])


def test_a_k8sgpt_mutation_describes_another_object(capsys: pytest.CaptureFixture[str]) -> None:
    """A Mutation is the AI's change of the object its ``resource`` names, applied to it: no pod of its own."""
    name = f"{K8SGPT}core_v1alpha1_mutation.yaml"
    assert skipped(name) == [("describes-objects", "Mutation")]
    report = lint_report(capsys, str(REAL / name))
    assert report["findings"] == [] and report["summary"]["skipped"]["nothing-found"] == {}


MR_REST = ("rest-container", {"cpu": "100m", "memory": "256Mi"}, {"memory": "256Mi"})


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # ods-ci's v1alpha1 registry: no resources (RuntimeDefaults' 100m/256Mi, 256Mi limit), grpc dropped by the
        # conversion, no proxy written: as written (on OpenShift the webhook adds kube-rbac-proxy)
        ("red-hat-data-services__ods-ci/ods_ci__tests__Resources__CLI__ModelRegistry__enable_rest_api_route.yaml", [
            ("ModelRegistry", "registry", 1, [MR_REST], True)]),
        # postgres.generateDeployment: the operator's postgres Deployment beside the registry
        ("opendatahub-io__model-registry-operator/config__samples__postgres-auto__modelregistry_v1beta1_modelregistry.yaml", [
            ("ModelRegistry", "registry", 1, [MR_REST], True),
            ("ModelRegistry", "postgres", 1, [("postgres", {"cpu": "250m", "memory": "256Mi"}, {"cpu": "500m", "memory": "512Mi"})], False)]),
        # oauthProxy: {} is migrated to kube-rbac-proxy, the template's sidecar with its own resources
        ("opendatahub-io__model-registry-operator/config__samples__oauth__components__oauth_modelregistry.yaml", [
            ("ModelRegistry", "registry", 1, [MR_REST, ("kube-rbac-proxy", {"cpu": "100m", "memory": "256Mi"}, {"memory": "256Mi"})], True)]),
    ],
)  # fmt: skip
def test_a_model_registry_is_the_operators_registry_and_postgres_pods(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_a_model_registry_written_resources_and_proxy(tmp_path: Path) -> None:
    """spec.rest.resources replaces the default whole; a written kubeRBACProxy makes the sidecar and the pod final."""
    (tmp_path / "m.yaml").write_text(
        "apiVersion: modelregistry.opendatahub.io/v1beta1\nkind: ModelRegistry\nmetadata: {name: m}\nspec:\n"
        "  rest: {port: 8080, resources: {requests: {cpu: '1'}}}\n  kubeRBACProxy: {}\n",
        encoding="utf-8",
    )
    assert pods(str(tmp_path / "m.yaml")) == [
        ("ModelRegistry", "registry", 1, [("rest-container", {"cpu": "1"}, {}),
                                          ("kube-rbac-proxy", {"cpu": "100m", "memory": "256Mi"}, {"memory": "256Mi"})], False),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # the platform's kinds make pods from the component manifests in the operator's image: not modelled
        ("opendatahub-io__opendatahub-operator/config__samples__datasciencecluster_v2_datasciencecluster.yaml",
         [("not-searched", "DataScienceCluster")]),
        ("opendatahub-io__opendatahub-operator/config__rhaii__samples__kserve.yaml", [("not-searched", "Kserve")]),
        ("opendatahub-io__opendatahub-operator/config__cloudmanager__aws__samples__awskubernetesengine_v1alpha1.yaml",
         [("not-searched", "AWSKubernetesEngine")]),
        # a HardwareProfile's identifiers are written by the webhook into other workloads
        ("opendatahub-io__opendatahub-operator/config__hardwareprofiles__default-profile.yaml", [("describes-objects", "HardwareProfile")]),
        # group lists and node-label rules carry no pods
        ("opendatahub-io__opendatahub-operator/config__samples__services_v1alpha1_auth.yaml", [("no-pods", "Auth")]),
        ("red-hat-data-services__ods-ci/ods_ci__tasks__Resources__Provisioning__GPU__NVIDIA__nvidia-vendor-label-rule.yaml",
         [("no-pods", "NodeFeatureRule")]),
    ],
)  # fmt: skip
def test_open_data_hub_platform_kinds_are_counted_in_their_buckets(name: str, expected: list[tuple[str, str]]) -> None:
    assert [(i.reason, i.kind) for i in iter_items([str(REAL / name)]) if isinstance(i, SkippedItem)] == expected
    assert pods(name) == []


AMD = "ROCm__gpu-operator/"
AMD_EXPORTER = ("metrics-exporter-container", {"cpu": "500m", "memory": "512M"}, {"cpu": "2", "memory": "4G"})


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # devicePlugin written (both its flags true), draDriver.enable false, metricsExporter, testRunner and
        # configManager enabled (True, YAML 1.1's boolean): five DaemonSets; the exporter takes the operator's
        # default resources (no spec.metricsExporter.resource), the others none (driver-init is an init container)
        (f"{AMD}example__deviceconfig_example.yaml", [
            ("DeviceConfig", "device-plugin", None, [("device-plugin", {}, {})], False),
            ("DeviceConfig", "node-labeller", None, [("node-labeller-container", {}, {})], False),
            ("DeviceConfig", "metrics-exporter", None, [AMD_EXPORTER], False),
            ("DeviceConfig", "test-runner", None, [("test-runner-container", {}, {})], False),
            ("DeviceConfig", "config-manager", None, [("device-config-manager-container", {}, {})], False)]),
        # no spec.devicePlugin: the CRD's default true is never applied, so no device plugin and no node labeller;
        # rbacConfig.enable puts kube-rbac-proxy beside the exporter
        (f"{AMD}example__metricsExporter__token-based-auth__deviceconfig.yaml", [
            ("DeviceConfig", "metrics-exporter", None, [AMD_EXPORTER, ("kube-rbac-proxy-container", {}, {})], False)]),
        # devicePlugin written without enableNodeLabeller: the CRD's default true makes the node labeller too
        (f"{AMD}config__samples__amd.com_deviceconfigs.yaml", [
            ("DeviceConfig", "device-plugin", None, [("device-plugin", {}, {})], False),
            ("DeviceConfig", "node-labeller", None, [("node-labeller-container", {}, {})], False)]),
        # the config manager alone
        (f"{AMD}example__configManager__deviceconfigs_example.yaml", [
            ("DeviceConfig", "config-manager", None, [("device-config-manager-container", {}, {})], False)]),
    ],
)  # fmt: skip
def test_an_amd_deviceconfig_is_the_daemonsets_its_controller_makes(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_an_amd_deviceconfig_exporter_resource_dra_driver_and_test_runner(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """metricsExporter.resource replaces the operator's defaults whole (``if mSpec.Resource != nil``); an empty one
    leaves the exporter none; enableDevicePlugin false makes no device plugin; draDriver.enable makes the DRA driver;
    the test runner needs the exporter enabled too; every pod has driver-init and system-node-critical."""
    (tmp_path / "d.yaml").write_text(
        "apiVersion: amd.com/v1alpha1\nkind: DeviceConfig\nmetadata: {name: a, namespace: n}\nspec:\n"
        "  devicePlugin: {enableDevicePlugin: false, enableNodeLabeller: false}\n  draDriver: {enable: true}\n"
        "  metricsExporter: {enable: true, resource: {requests: {cpu: 100m, memory: 1Gi}}}\n  testRunner: {enable: true}\n"
        "---\napiVersion: amd.com/v1alpha1\nkind: DeviceConfig\nmetadata: {name: b, namespace: n}\nspec:\n"
        "  metricsExporter: {enable: false}\n  testRunner: {enable: true}\n"
        "---\napiVersion: amd.com/v1alpha1\nkind: DeviceConfig\nmetadata: {name: c, namespace: n}\nspec:\n"
        "  metricsExporter: {enable: true, resource: {}}\n",
        encoding="utf-8",
    )
    main(["explain", "-o", "json", str(tmp_path / "d.yaml")])
    got = [(p["workload"]["name"], p["workload"]["template"], p["qosClass"], p["priority"]["value"],
            [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]])
           for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip
    init = ("driver-init", "init", {}, {})
    assert got == [
        ("a", "dra-driver", "BestEffort", 2000001000, [init, ("plugin", "regular", {}, {})]),
        ("a", "metrics-exporter", "Burstable", 2000001000, [init, ("metrics-exporter-container", "regular", {"cpu": "100m", "memory": "1Gi"}, {})]),
        ("a", "test-runner", "BestEffort", 2000001000, [init, ("test-runner-container", "regular", {}, {})]),
        ("c", "metrics-exporter", "BestEffort", 2000001000, [init, ("metrics-exporter-container", "regular", {}, {})]),
    ]


ISPN = REAL / "infinispan__infinispan-operator"
ISPN_LISTENER = ("infinispan-listener", "regular", {}, {})


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # spec.replicas 1; infinispan with the webhook's 1Gi of memory (request = limit), no cpu; the config listener
        # (spec.configListener unset: the webhook enables it) without resources
        ("config__samples__infinispan__infinispan_v1_infinispan.yaml", [
            ("Infinispan", "cluster", 1, [("infinispan", "regular", {"memory": "1Gi"}, {"memory": "1Gi"})], False),
            ("Infinispan", "config-listener", 1, [ISPN_LISTENER], False)]),
        # cross-site on a DataGrid service: the Gossip Router's Deployment too, its container without resources
        ("documentation__asciidoc__topics__yaml__xsite_nyc.yaml", [
            ("Infinispan", "cluster", 2, [("infinispan", "regular", {"memory": "1Gi"}, {"memory": "1Gi"})], False),
            ("Infinispan", "config-listener", 1, [ISPN_LISTENER], False),
            ("Infinispan", "gossip-router", 1, [("gossiprouter", "regular", {}, {})], False)]),
        # a Backup's zero-capacity pod: cpu "1000m" and memory 1Gi, each the request and the limit
        ("config__samples__backup-restore__infinispan_v2alpha1_backup.yaml", [
            ("Backup", None, 1, [("infinispan", "regular", {"cpu": "1", "memory": "1Gi"}, {"cpu": "1", "memory": "1Gi"})], False)]),
        # a Batch without spec.container: BatchResources(nil) is an empty ResourceRequirements
        ("config__samples__batch__infinispan_v2alpha1_batch.yaml", [("Batch", None, 1, [("batch", "regular", {}, {})], False)]),
    ],
)  # fmt: skip
def test_the_infinispan_operator_builds_its_pods_from_the_objects_fields(name: str, expected: list[Any]) -> None:
    assert _all(ISPN / name) == expected


def test_infinispan_limit_request_strings_and_the_operators_optional_pods(tmp_path: Path) -> None:
    """The documentation's DataGrid service (its asciidoc attributes filled in): ``cpu: "2000m:1000m"`` and ``memory:
    "2Gi:1Gi"`` are <limit>:<request> (GetRequestLimits), on 6 replicas; ``configListener.enabled: true`` keeps the
    listener; ``sites.local`` written, so the Gossip Router too. Then the branches the samples do not take: artifacts
    add the init container with spec.dependencies.initContainer's strings, a configListener written without
    ``enabled`` (Go's false) makes no listener, launchGossipRouter false or a Cache service no router, and a Batch's
    container without memory asks 0 (GetRequestLimits' error ignored)."""
    text = (ISPN / "documentation__asciidoc__topics__yaml__datagrid_service.yaml").read_text(encoding="utf-8")
    filled = text.replace("{example_crd_name}", "example").replace("{example_namespace}", "ns").replace("{operand_version}", "15.0.0")
    (tmp_path / "dg.yaml").write_text(filled, encoding="utf-8")
    assert _all(tmp_path / "dg.yaml") == [
        ("Infinispan", "cluster", 6, [("infinispan", "regular", {"cpu": "1", "memory": "1Gi"}, {"cpu": "2", "memory": "2Gi"})], False),
        ("Infinispan", "config-listener", 1, [ISPN_LISTENER], False),
        ("Infinispan", "gossip-router", 1, [("gossiprouter", "regular", {}, {})], False),
    ]
    (tmp_path / "o.yaml").write_text(
        "apiVersion: infinispan.org/v1\nkind: Infinispan\nmetadata: {name: a}\nspec:\n  replicas: 3\n  container: {memory: 4Gi, cpu: '500m:250m'}\n"
        "  dependencies:\n    artifacts: [{url: 'http://x/a.jar'}]\n    initContainer: {memory: '512Mi:256Mi'}\n"
        "  configListener: {memory: 256Mi}\n  service:\n    sites:\n      local:\n        name: A\n        discovery: {launchGossipRouter: false}\n"
        "---\napiVersion: infinispan.org/v1\nkind: Infinispan\nmetadata: {name: b}\nspec:\n  replicas: 1\n"
        "  configListener: {enabled: true, cpu: '1', memory: '1Gi:512Mi'}\n  service:\n    type: Cache\n    sites: {local: {name: B}}\n"
        "---\napiVersion: infinispan.org/v2alpha1\nkind: Batch\nmetadata: {name: c}\nspec: {cluster: a, container: {cpu: '2'}}\n",
        encoding="utf-8",
    )
    assert _all(tmp_path / "o.yaml") == [
        ("Infinispan", "cluster", 3, [("external-artifacts-download", "init", {"memory": "256Mi"}, {"memory": "512Mi"}),
                                      ("infinispan", "regular", {"cpu": "250m", "memory": "4Gi"}, {"cpu": "500m", "memory": "4Gi"})], False),
        ("Infinispan", "cluster", 1, [("infinispan", "regular", {"memory": "1Gi"}, {"memory": "1Gi"})], False),
        ("Infinispan", "config-listener", 1, [("infinispan-listener", "regular", {"cpu": "1", "memory": "512Mi"}, {"cpu": "1", "memory": "1Gi"})], False),
        ("Batch", None, 1, [("batch", "regular", {"cpu": "2", "memory": "0"}, {"cpu": "2", "memory": "0"})], False),
    ]  # fmt: skip


def test_an_infinispan_resource_string_of_three_parts_is_a_finding_not_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.yaml").write_text(
        "apiVersion: infinispan.org/v1\nkind: Infinispan\nmetadata: {name: a}\nspec:\n  replicas: 1\n  container: {memory: '1Gi:1Gi:1Gi', cpu: 2}\n",
        encoding="utf-8",
    )
    report = lint_report(capsys, str(tmp_path / "bad.yaml"))
    messages = [(f["field"], f["message"]) for f in report["findings"] if f["severity"] == "error"]
    assert any("unexpected resource format" in m for _, m in messages), messages
    assert any("must be a string" in m for _, m in messages), messages


def test_an_infinispan_cache_carries_no_pods() -> None:
    """controllers/cache_controller.go creates the cache on the cluster's servers (cache.Create): no pod, counted as an
    object without pods rather than a custom kind with nothing found."""
    items = list(iter_items([str(ISPN / "config__samples__cache__infinispan_v2alpha1_cache.yaml")]))
    assert [(i.reason, i.kind) for i in items if isinstance(i, SkippedItem)] == [("no-pods", "Cache")]
    assert not [i for i in items if isinstance(i, WorkloadItem)]


KFSERVING = REAL / "kubeflow__kfserving"
KFS_DEFAULT = {"cpu": "1", "memory": "2Gi"}
KFS_GPU = {**KFS_DEFAULT, "nvidia.com/gpu": "1"}


def _kfs(capsys: pytest.CaptureFixture[str], path: Path) -> list[tuple[str, int, str, list[tuple[str, str, Resources, Resources]]]]:
    """Each pod as explain reports it (after the API server's defaulting): template, count, QoS, containers."""
    main(["explain", "-o", "json", str(path)])
    return [(p["workload"]["template"], p["workload"]["replicas"], p["qosClass"], [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]])
            for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # a pytorch predictor and a custom transformer, neither with resources: each kfserving-container takes the
        # webhook's 1 cpu and 2Gi as requests and limits (setResourceRequirementDefaults); minReplicas unset: 1 each
        ("docs__samples__v1beta1__transformer__torchserve_image_transformer__transformer.yaml", [
            ("predictor", 1, "Guaranteed", [("kfserving-container", "regular", KFS_DEFAULT, KFS_DEFAULT)]),
            ("transformer", 1, "Guaranteed", [("kfserving-container", "regular", KFS_DEFAULT, KFS_DEFAULT)])]),
        # a custom predictor's unnamed container: named kfserving-container (CustomPredictor.Default), same defaults
        ("docs__samples__v1beta1__custom__simple.yaml", [("predictor", 1, "Guaranteed", [("kfserving-container", "regular", KFS_DEFAULT, KFS_DEFAULT)])]),
        # limits memory 4Gi and a GPU: the webhook adds the cpu limit and the cpu and memory requests key by key, the
        # API server the GPU request from its limit
        ("docs__samples__v1beta1__torchserve__gpu.yaml", [
            ("predictor", 1, "Burstable", [("kfserving-container", "regular", KFS_GPU, {**KFS_GPU, "memory": "4Gi"})])]),
        # the custom container paddleserving-container renamed kfserving-container (c.Containers[0].Name), the defaults
        ("docs__samples__v1beta1__custom__paddleserving__paddleserving-custom.yaml", [
            ("predictor", 1, "Guaranteed", [("kfserving-container", "regular", KFS_DEFAULT, KFS_DEFAULT)])]),
    ],
)  # fmt: skip
def test_a_kfserving_inferenceservice_is_its_components_with_the_webhooks_defaults(
    name: str, expected: list[Any], capsys: pytest.CaptureFixture[str]
) -> None:  # fmt: skip
    """kubeflow/kfserving 454438372791 pkg/apis/serving/v1beta1 (serving.kubeflow.org, KServe's predecessor); each pod
    as written beyond that container (Knative's queue-proxy, the storage-initializer)."""
    assert _kfs(capsys, KFSERVING / name) == expected
    assert all(as_written for *_, as_written in _all(KFSERVING / name))


def test_a_kfserving_predictor_scales_from_min_replicas_and_keeps_what_it_writes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """minReplicas 0 scales to zero (Knative's minScale); a tensorflow framework spec becomes kfserving-container, its
    written cpu request kept and the rest the webhook's; the transformer's user-container is renamed, its resources kept
    whole. The findings are on the pod as written (queue-proxy, storage-initializer)."""
    (tmp_path / "i.yaml").write_text(
        "apiVersion: serving.kubeflow.org/v1beta1\nkind: InferenceService\nmetadata: {name: c}\nspec:\n  predictor:\n"
        "    minReplicas: 0\n    tensorflow:\n      storageUri: pvc://m/inception/\n      resources: {requests: {cpu: 500m}, limits: {nvidia.com/gpu: 1}}\n"
        "  transformer:\n    minReplicas: 2\n    containers:\n    - name: user-container\n      image: t\n"
        "      resources: {requests: {cpu: 200m, memory: 64Mi}, limits: {cpu: '3', memory: 8Gi}}\n",
        encoding="utf-8",
    )
    assert _kfs(capsys, tmp_path / "i.yaml") == [
        ("predictor", 0, "Burstable", [("kfserving-container", "regular", {**KFS_GPU, "cpu": "500m"}, KFS_GPU)]),
        ("transformer", 2, "Burstable", [("kfserving-container", "regular", {"cpu": "200m", "memory": "64Mi"}, {"cpu": "3", "memory": "8Gi"})]),
    ]  # fmt: skip
    report = lint(capsys, str(tmp_path / "i.yaml"))
    assert sorted(f["rule"] for f in report["findings"]) == ["PR133", "PR134", "PR134"]
    assert all("as written: Knative adds its queue-proxy sidecar" in f["message"] for f in report["findings"])
    assert sorted(f["line"] for f in report["findings"]) == [15, 15, 15]  # all on the transformer's resources


def test_a_coreweave_virtual_server_and_a_kfserving_v1alpha2_service_are_not_searched(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """coreweave/virtual-server publishes the VirtualServer's API types only (its VM-building controller is not public),
    and KFServing's v1alpha2 ``spec.default`` is not modelled: both are counted as not searched, not as objects in which
    no pod was found (the objects of coreweave/kubernetes-cloud's virtual-server examples and custom-basnet, whose
    repository carries no licence to copy them)."""
    (tmp_path / "vs.yaml").write_text(
        "apiVersion: virtualservers.coreweave.com/v1alpha1\nkind: VirtualServer\nmetadata: {name: example-vs}\nspec:\n"
        "  region: ORD1\n  os: {type: linux}\n  resources: {gpu: {type: Quadro_RTX_4000, count: 1}, cpu: {count: 4}, memory: 16Gi}\n"
        "---\napiVersion: serving.kubeflow.org/v1alpha2\nkind: InferenceService\nmetadata: {name: object-detector}\nspec:\n"
        "  default:\n    predictor:\n      custom:\n        container:\n          image: codait/max-object-detector\n"
        "          resources: {limits: {cpu: '3', memory: 8Gi}, requests: {cpu: '1', memory: 4Gi}}\n",
        encoding="utf-8",
    )
    report = lint(capsys, str(tmp_path / "vs.yaml"))
    assert report["findings"] == []
    assert report["summary"]["pods"] == 0
    assert report["summary"]["skipped"]["not-searched"] == {"VirtualServer": 1, "InferenceService": 1}
    assert report["summary"]["skipped"]["nothing-found"] == {}


MERIDIO = "Nordix__Meridio/"
MERIDIO_LB = [("sysctl-init", "init", {}, {}), ("stateless-lb", "regular", {}, {}), ("frontend", "regular", {}, {})]
MERIDIO_LB_NSC = [("sysctl-init", "init", {}, {}), ("stateless-lb", "regular", {}, {}), ("nsc", "regular", {}, {}), ("frontend", "regular", {}, {})]
MERIDIO_PROXY = [("sysctl-init", "init", {}, {}), ("proxy", "regular", {}, {})]
MERIDIO_TRENCH = [("Trench", "ipam", 1, [("ipam", "regular", {}, {})], True), ("Trench", "nsp", 1, [("nsp", "regular", {}, {})], True)]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # a Trench (its spec holds only ip-family): the ipam and nsp StatefulSets of one pod each, as the models write them
        ("config__samples__meridio_v1alpha1_trench.yaml", MERIDIO_TRENCH),
        # interface.type unset is the CRD's nsm-vlan: the nsc container stays, and the nse-vlan Deployment is made;
        # replicas unset: the webhook's 1
        ("config__samples__meridio_v1alpha1_attractor.yaml", [
            ("Attractor", "stateless-lb-frontend", 1, MERIDIO_LB_NSC, True), ("Attractor", "nse-vlan", 1, [("nse-vlan", "regular", {}, {})], True)]),
        # network-attachment: no nsc, no nse-vlan
        ("config__samples__meridio_v1_attractor_multus.yaml", [("Attractor", "stateless-lb-frontend", 1, MERIDIO_LB, True)]),
        # a Conduit: the proxy DaemonSet, one pod a node (no count)
        ("config__samples__meridio_v1alpha1_conduit.yaml", [("Conduit", "proxy", None, MERIDIO_PROXY, True)]),
        # the e2e configuration: a Trench, two network-attachment Attractors of 2 replicas, two Conduits; the Gateways,
        # Vips, Streams and Flows make no pod
        ("test__e2e__environment__kind-operator__ipv4__configuration__init-trench-a.yaml", [
            *MERIDIO_TRENCH, ("Attractor", "stateless-lb-frontend", 2, MERIDIO_LB, True), ("Conduit", "proxy", None, MERIDIO_PROXY, True),
            ("Attractor", "stateless-lb-frontend", 2, MERIDIO_LB, True), ("Conduit", "proxy", None, MERIDIO_PROXY, True)]),
    ],
)  # fmt: skip
def test_meridio_trench_attractor_and_conduit_are_the_operators_workloads(name: str, expected: list[Any]) -> None:
    assert _all(REAL / MERIDIO / name) == expected


def test_meridio_lint_without_and_with_a_resource_template(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without the resource-template annotation the models' containers are without resources (PR138, as written, no
    QoS claimed); Vip, Gateway, Stream and Flow are objects without pods. With the annotation the named template sizes
    them: a preset, no finding."""
    report = lint(capsys, str(REAL / MERIDIO / "test__e2e__environment__kind-operator__ipv4__configuration__init-trench-a.yaml"))
    findings = report["findings"]
    # ipam, nsp, stateless-lb and frontend of each Attractor, proxy of each Conduit (init containers are not reported)
    assert {f["rule"] for f in findings} == {"PR138"} and len(findings) == 8
    assert {(f["object"]["kind"], f["object"]["name"]) for f in findings} == {
        ("Trench", "trench-a"), ("Attractor", "attractor-a-1"), ("Attractor", "attractor-a-2"), ("Conduit", "conduit-a-1"), ("Conduit", "conduit-a-2")}
    assert all("as written: the Meridio operator" in f["message"] for f in findings)
    skipped = report["summary"]["skipped"]
    assert "Flow" in json.dumps(skipped) and "Vip" in json.dumps(skipped)
    (tmp_path / "t.yaml").write_text(
        "apiVersion: meridio.nordix.org/v1\nkind: Trench\nmetadata:\n  name: t\n  annotations: {resource-template: small}\n"
        "---\napiVersion: meridio.nordix.org/v1\nkind: Conduit\nmetadata: {name: c, annotations: {resource-template: medium}}\n"
        "spec: {type: stateless-lb}\n"
    )
    assert lint(capsys, str(tmp_path / "t.yaml"))["findings"] == []
    assert [(kind, template, count) for kind, template, count, _, _ in _all(tmp_path / "t.yaml")] == [
        ("Trench", "ipam", 1), ("Trench", "nsp", 1), ("Conduit", "proxy", None)]


def test_spire_cluster_spiffe_ids_carry_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """Meridio's demo SPIRE (the rendered chart): the agent DaemonSet and the server StatefulSet are BestEffort as
    written (PR201, true); the three ClusterSPIFFEIDs register entries for the pods they select and make none."""
    report = lint(capsys, str(REAL / MERIDIO / "docs__demo__deployments__spire__spire.yaml"))
    assert [(f["rule"], f["object"]["kind"], f["object"]["name"]) for f in report["findings"]] == [
        ("PR201", "DaemonSet", "my-spire-agent"), ("PR201", "StatefulSet", "my-spire-server")]
    skipped = report["summary"]["skipped"]
    assert skipped["no-pods"]["ClusterSPIFFEID"] == 3 and "ClusterSPIFFEID" not in skipped["nothing-found"]


PMEM = "intel__pmem-csi/deploy__common__pmem-csi.intel.com_v1beta1_pmemcsideployment_cr.yaml"
PMEM_12_128 = {"cpu": "12m", "memory": "128Mi"}


def test_a_pmem_csi_deployment_is_its_controller_node_and_node_setup_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """intel/pmem-csi's sample: no resource field written, so EnsureDefaults' requests (no limits) on each container;
    one controller replica (GetControllerReplicas), the node DaemonSet's three containers, the node-setup pod's
    privileged pmem-driver without resources; system-cluster-critical and system-node-critical from controller_driver.go."""
    assert pods(PMEM) == [
        ("PmemCSIDeployment", "controller", 1, [("pmem-driver", PMEM_12_128, {})], False),
        ("PmemCSIDeployment", "node", None, [("pmem-driver", {"cpu": "100m", "memory": "250Mi"}, {}), ("driver-registrar", PMEM_12_128, {}),
                                             ("external-provisioner", PMEM_12_128, {})], False),
        ("PmemCSIDeployment", "node-setup", None, [("pmem-driver", {}, {})], False),
    ]  # fmt: skip
    main(["explain", "-o", "json", str(REAL / PMEM)])
    got = [(p["workload"]["template"], p["qosClass"], p["priority"]["className"], {c["oomScoreAdj"] for c in p["containers"]})
           for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip
    assert got == [("controller", "Burstable", "system-cluster-critical", {997}), ("node", "Burstable", "system-node-critical", {-997}),
                   ("node-setup", "BestEffort", None, {1000})]  # fmt: skip
    report = lint_report(capsys, str(REAL / PMEM))
    assert sorted((f["rule"], f["object"]["template"], f["container"]) for f in report["findings"]) == [
        ("PR132", "controller", "pmem-driver"), ("PR132", "node", "driver-registrar"), ("PR132", "node", "external-provisioner"),
        ("PR201", "node-setup", None),
    ]  # fmt: skip


def test_pmem_csi_resource_fields_replace_the_defaults_whole_and_replicas(tmp_path: Path) -> None:
    """Each resource field, where written, is the container's resources whole (``Resources: *d.Spec.X``); a written
    ``{}`` is a non-nil pointer, so EnsureDefaults leaves it empty; ``controllReplicas`` 0 is 1, 3 is 3."""
    text = (REAL / PMEM).read_text(encoding="utf-8")
    written = text + (
        "  controllReplicas: 3\n  controllerDriverResources:\n    limits: {cpu: 500m, memory: 1Gi}\n"
        "  nodeDriverResources: {}\n  provisionerResources:\n    requests: {memory: 64Mi}\n"
    )
    (tmp_path / "written.yaml").write_text(written, encoding="utf-8")
    (tmp_path / "zero.yaml").write_text(text + "  controllReplicas: 0\n", encoding="utf-8")
    got = [
        (item.workload.ref.template, item.workload.ref.replicas,
         [(c.name, {k: v.canonical() for k, v in c.resources.req.items()}, {k: v.canonical() for k, v in c.resources.lim.items()})
          for c in item.workload.pod.containers])
        for item in iter_items([str(tmp_path / "written.yaml"), str(tmp_path / "zero.yaml")]) if isinstance(item, WorkloadItem)
    ]  # fmt: skip
    one_gi = {"cpu": "500m", "memory": "1Gi"}  # limits alone, as written (the API server then copies them to requests)
    assert got[:3] == [
        ("controller", 3, [("pmem-driver", {}, one_gi)]),
        ("node", None, [("pmem-driver", {}, {}), ("driver-registrar", PMEM_12_128, {}), ("external-provisioner", {"memory": "64Mi"}, {})]),
        ("node-setup", None, [("pmem-driver", {}, {})]),
    ]  # fmt: skip
    assert (got[3][0], got[3][1]) == ("controller", 1)
