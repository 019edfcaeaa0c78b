"""Stackable's HDFS, Kafka and ZooKeeper operators (Rust), modelled as kinds_stackable.py
models Trino: one StatefulSet per role group, ``replicas`` pods (unset: left
to the StatefulSet's default of 1), the main container's resources the group's
``config.resources`` merged over the role's over the operator's defaults
(stackabletech/operator-rs @7b9f9ac9a76f, tag stackable-operator-0.116.0,
role_utils.rs; ``cpu.min`` the cpu request, ``cpu.max`` the cpu limit,
``memory.limit`` both memory request and limit), ``vector`` (cpu 250m..500m,
memory 128Mi) where the merged ``config.logging.enableVectorAgent`` is true,
and a pod whose role or group writes ``podOverrides`` reported as written.

HdfsCluster (hdfs.stackable.tech; stackabletech/hdfs-operator @d7841e93ba28
rust/operator-binary/src): roles ``spec.nameNodes``, ``spec.dataNodes``,
``spec.journalNodes`` (controller/build/container.rs
ContainerConfig::add_containers_and_volumes, resources):

- the main container is named after the role (``namenode``, ``datanode``,
  ``journalnode``: crd/mod.rs NAMENODE_ROLE_NAME...), with the merged
  resources; defaults (crd/mod.rs ``*ConfigFragment::default_config``):
  namenode cpu 250m..1000m, memory 1024Mi; datanode and journalnode cpu
  100m..400m, memory 512Mi;
- a namenode pod also runs ``zkfc`` (fixed: cpu 100m..400m, memory 512Mi)
  and the init containers ``format-namenodes`` and ``format-zookeeper``; a
  datanode pod the init container ``wait-for-namenodes``: each of these init
  containers takes the main container's merged resources ("We use the main
  app container resources here", ContainerConfig::init_container).

KafkaCluster (kafka.stackable.tech; stackabletech/kafka-operator @ef8435677471
rust/operator-binary/src): roles ``spec.brokers`` and ``spec.controllers``
(controller/build/resource/statefulset.rs build_broker_rolegroup_statefulset,
build_controller_rolegroup_statefulset):

- container ``kafka`` with the merged resources; defaults (crd/role/broker.rs
  BrokerConfig::default_config: cpu 250m..1000m, memory 2Gi;
  crd/role/controller.rs ControllerConfig::default_config: cpu 250m..1000m,
  memory 1Gi);
- a broker pod also runs ``kcat-prober`` (fixed: cpu 100m..200m, memory
  128Mi), added after ``kafka``, and ``vector`` after both
  (add_vector_container: "after kafka container to keep the defaulting into
  kafka container").

ZookeeperCluster (zookeeper.stackable.tech; stackabletech/zookeeper-operator @79a5f62efbcf
rust/operator-binary/src): role ``spec.servers``
(zk_controller/build/resource/statefulset.rs): init container ``prepare``
(fixed: cpu 200m..800m, memory 512Mi), container ``zookeeper`` with the
merged resources (defaults crd/mod.rs default_server_config: cpu 200m..800m,
memory 512Mi), ``vector`` after it. Its ZookeeperZnode makes a znode and a
discovery ConfigMap, no pod (no_pods.py).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import Derive, MainContainer, OperatorDefaults, PodPath, WorkloadKind
from pod_resources_cli.model.decode.kinds_stackable import _MERGE, _OVERRIDES, _RS, _VECTOR, _enabled, merged_resources

_HDFS: Final = "stackabletech/hdfs-operator rust/operator-binary/src"
_KAFKA: Final = "stackabletech/kafka-operator rust/operator-binary/src"
_ZOOKEEPER: Final = "stackabletech/zookeeper-operator rust/operator-binary/src"
_VECTOR_SOURCE: Final = f"{_RS}/v2/product_logging/framework.rs vector_container"


def _fixed(cpu_min: str, cpu_max: str, memory: str) -> tuple[OperatorDefaults, ...]:
    return (OperatorDefaults(requests=(("cpu", cpu_min), ("memory", memory)), limits=(("cpu", cpu_max), ("memory", memory))),)


def _derive(role: str, defaults: tuple[str, str, str], source: str) -> Derive:
    cpu_min, cpu_max, memory = defaults
    table = {("cpu", "min"): cpu_min, ("cpu", "max"): cpu_max, ("memory", "limit"): memory}
    return Derive("config", merged_resources(table, source), also=f"/{role}.config")


def _groups(role: str, label: str, containers: tuple[MainContainer, ...]) -> PodPath:
    """A StatefulSet of ``replicas`` (1 unset) per role group of ``spec.<role>``, ``containers`` in the pod's order."""
    return PodPath(
        f"{role}.roleGroups{{*}}", "operator", name="{key}", count=("replicas=1",), label=label, main=containers,
        patched_by=(("podOverrides", f"/{role}.podOverrides"), _OVERRIDES),
    )  # fmt: skip


def _vector(role: str) -> MainContainer:
    return MainContainer("vector", _VECTOR_SOURCE, defaults=(_VECTOR,), if_any=_enabled(role))


def _hdfs(role: str, name: str, config: str, defaults: tuple[str, str, str], sidecars: tuple[str, ...], inits: tuple[str, ...]) -> PodPath:
    derive = _derive(role, defaults, f"{_HDFS}/crd/mod.rs {config}ConfigFragment::default_config")
    built = f"{_HDFS}/controller/build/container.rs add_containers_and_volumes"
    main = MainContainer(name, f"{built}, ContainerConfig::resources; {_MERGE}", first=True, derive=derive)
    zkfc = tuple(MainContainer(s, f"{built} (zkfc), ContainerConfig::resources (ResourceRequirementsBuilder)", defaults=_fixed("100m", "400m", "512Mi")) for s in sidecars)
    init = tuple(MainContainer(i, f"{built}, ContainerConfig::init_container (the main container's resources)", init=True, derive=derive) for i in inits)
    return _groups(role, name, (main, _vector(role), *zkfc, *init))


HDFS_KINDS: Final = (
    WorkloadKind(
        "hdfs.stackable.tech", "HdfsCluster",
        (
            _hdfs("spec.nameNodes", "namenode", "NameNode", ("250m", "1000m", "1024Mi"), ("zkfc",), ("format-namenodes", "format-zookeeper")),
            _hdfs("spec.dataNodes", "datanode", "DataNode", ("100m", "400m", "512Mi"), (), ("wait-for-namenodes",)),
            _hdfs("spec.journalNodes", "journalnode", "JournalNode", ("100m", "400m", "512Mi"), (), ()),
        ),
        f"{_HDFS}/crd/mod.rs",
    ),
)  # fmt: skip


def _kafka(role: str, label: str, defaults: tuple[str, str, str], source: str, prober: bool) -> PodPath:
    built = f"{_KAFKA}/controller/build/resource/statefulset.rs build_{label}_rolegroup_statefulset"
    main = MainContainer("kafka", f"{built}; {_MERGE}", first=True, derive=_derive(role, defaults, source))
    kcat = (MainContainer("kcat-prober", f"{built} (ResourceRequirementsBuilder)", defaults=_fixed("100m", "200m", "128Mi")),) if prober else ()
    return _groups(role, label, (main, *kcat, _vector(role)))


KAFKA_KINDS: Final = (
    WorkloadKind(
        "kafka.stackable.tech", "KafkaCluster",
        (
            _kafka("spec.brokers", "broker", ("250m", "1000m", "2Gi"), f"{_KAFKA}/crd/role/broker.rs BrokerConfig::default_config", True),
            _kafka("spec.controllers", "controller", ("250m", "1000m", "1Gi"), f"{_KAFKA}/crd/role/controller.rs ControllerConfig::default_config", False),
        ),
        f"{_KAFKA}/crd/mod.rs",
    ),
)  # fmt: skip


def _zookeeper() -> PodPath:
    built = f"{_ZOOKEEPER}/zk_controller/build/resource/statefulset.rs"
    derive = _derive("spec.servers", ("200m", "800m", "512Mi"), f"{_ZOOKEEPER}/crd/mod.rs default_server_config")
    main = MainContainer("zookeeper", f"{built} (container_zk); {_MERGE}", first=True, derive=derive)
    prepare = MainContainer("prepare", f"{built} (container_prepare, ResourceRequirementsBuilder)", init=True, defaults=_fixed("200m", "800m", "512Mi"))
    return _groups("spec.servers", "server", (main, _vector("spec.servers"), prepare))


ZOOKEEPER_STACKABLE_KINDS: Final = (WorkloadKind("zookeeper.stackable.tech", "ZookeeperCluster", (_zookeeper(),), f"{_ZOOKEEPER}/crd/mod.rs"),)
