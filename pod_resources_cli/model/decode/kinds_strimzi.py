"""Strimzi's Kafka kinds: the operator builds every pod itself from the
custom resource, so the pods are final, not templates to be completed
(strimzi/strimzi-kafka-operator 8541da1e336b, cluster-operator/src/main/java/
io/strimzi/operator/cluster/model).

Each component's ``resources`` is a whole ResourceRequirements that becomes
its container's (``ContainerUtils.createContainer(name, ..., resources, ...)``),
and Strimzi gives no default when it is unset: such a container has no
requests and no limits. ``template`` fields tune pods (affinity, volumes,
security contexts) but add no containers. An init container (``kafka-init``,
for rack awareness or node ports) copies the main container's resources, so it
changes no pod total and is not modelled.

- KafkaNodePool: ``spec.replicas`` pods, container ``kafka`` with
  ``spec.resources`` (KafkaPool.fromCrd line 154, KafkaCluster.createContainer).
  Before Strimzi 1.0.0 an unset ``spec.resources`` fell back to the Kafka's
  ``spec.kafka.resources`` (changed by commit 85f42c2b107a), another object:
  such a pool's pods are as written.
- Kafka: ``spec.kafka`` made the broker pods (``replicas``, ``resources``)
  until node pools (the ``strimzi.io/node-pools: enabled`` annotation, the only
  way since 0.46.0); ``spec.zookeeper`` the ZooKeeper pods until 0.46.0,
  unless the ``strimzi.io/kraft: enabled`` annotation made the cluster KRaft.
  ``spec.entityOperator`` is one pod whose containers are ``topic-operator``
  and ``user-operator``, each when its section is written
  (EntityOperator.createContainers); a written ``tlsSidecar`` is for
  Strimzi before 0.41.0, which ran a ``tls-sidecar`` container with those
  resources (0.41.0 ignores it; CHANGELOG.md);
  ``spec.cruiseControl`` one ``cruise-control`` pod; ``spec.kafkaExporter``
  one ``<name>-kafka-exporter`` pod (CruiseControl.java, KafkaExporter.java).
- KafkaConnect and KafkaMirrorMaker2: ``spec.replicas`` (default 3,
  AbstractKafkaConnectSpec) pods of container ``<name>-connect`` or
  ``<name>-mirrormaker2`` (KafkaConnectCluster.createContainer uses the
  component name); KafkaBridge: ``spec.replicas`` (default 1) pods of
  ``<name>-bridge``.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import AnnotationIn, MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "strimzi/strimzi-kafka-operator"
_MODEL: Final = "cluster-operator/src/main/java/io/strimzi/operator/cluster/model"
_API: Final = "api/src/main/java/io/strimzi/api/kafka/model"
_GROUP: Final = "kafka.strimzi.io"
_NO_NODE_POOLS: Final = AnnotationIn("strimzi.io/node-pools", ("enabled",), negate=True)
# not a KRaft cluster (which has no ZooKeeper; 0.46.0 ignores the annotation, ZooKeeper is gone)
_NOT_KRAFT: Final = AnnotationIn("strimzi.io/kraft", ("enabled",), negate=True)
_POOL_FALLBACK: Final = (
    "before Strimzi 1.0.0 a pool without spec.resources takes its Kafka's spec.kafka.resources, another object"
)


def _main(name: str, resources: str, code: str, present: str | None = None, when: AnnotationIn | None = None) -> MainContainer:
    return MainContainer(
        name, f"{_REPO} {_MODEL}/{code}", shorthand=Shorthand(resources, "requirements"), present=present, if_annotation=when
    )  # fmt: skip


def _component(
    path: str, label: str, container: str, code: str, count: str = "1", present: str | None = None, when: AnnotationIn | None = None
) -> PodPath:
    return PodPath(path, "operator", count=(count,), label=label, main=(_main(container, f"{path}.resources", code, present, when),))


_ENTITY_OPERATOR: Final = PodPath(
    "spec.entityOperator", "operator", count=("1",), label="entity-operator",
    main=tuple(
        _main(name, f"spec.entityOperator.{field}.resources", f"{code}.java createContainer", f"spec.entityOperator.{field}")
        for name, field, code in (
            ("topic-operator", "topicOperator", "EntityTopicOperator"), ("user-operator", "userOperator", "EntityUserOperator"),
            ("tls-sidecar", "tlsSidecar", "EntityOperator"),
        )
    ),
)  # fmt: skip


def _connect(kind: str, suffix: str, code: str, types: str, replicas: str) -> WorkloadKind:
    main = _main(f"{{name}}-{suffix}", "spec.resources", f"{code}.java createContainer")
    return WorkloadKind(_GROUP, kind, (PodPath("spec", "operator", count=(f"/spec.replicas={replicas}",), main=(main,)),), f"{_REPO} {_API}/{types}")


STRIMZI_KINDS: Final[tuple[WorkloadKind, ...]] = (
    WorkloadKind(
        _GROUP, "KafkaNodePool",
        (PodPath("spec", "operator", count=("/spec.replicas=0",), main=(_main("kafka", "spec.resources", "KafkaPool.java fromCrd"),),
                 as_written_unset=("spec.resources", _POOL_FALLBACK, f"{_GROUP}/v1")),),
        f"{_REPO} {_API}/nodepool/KafkaNodePoolSpec.java",
    ),  # fmt: skip
    WorkloadKind(
        _GROUP, "Kafka",
        (
            _component("spec.kafka", "kafka", "kafka", "KafkaCluster.java createContainer", "/spec.kafka.replicas=0",
                       "spec.kafka.replicas", _NO_NODE_POOLS),
            _component("spec.zookeeper", "zookeeper", "zookeeper", "ZookeeperCluster.java (before 0.46.0)", "/spec.zookeeper.replicas=0",
                       when=_NOT_KRAFT),
            _ENTITY_OPERATOR,
            _component("spec.cruiseControl", "cruise-control", "cruise-control", "CruiseControl.java createContainer"),
            _component("spec.kafkaExporter", "kafka-exporter", "{name}-kafka-exporter", "KafkaExporter.java createContainer"),
        ),
        f"{_REPO} {_API}/kafka/KafkaSpec.java, KafkaClusterSpec.java",
    ),  # fmt: skip
    _connect("KafkaConnect", "connect", "KafkaConnectCluster", "connect/KafkaConnectSpec.java, AbstractKafkaConnectSpec.java", "3"),
    _connect("KafkaMirrorMaker2", "mirrormaker2", "KafkaMirrorMaker2Cluster", "mirrormaker2/KafkaMirrorMaker2Spec.java", "3"),
    _connect("KafkaBridge", "bridge", "KafkaBridgeCluster", "bridge/KafkaBridgeSpec.java", "1"),
)
