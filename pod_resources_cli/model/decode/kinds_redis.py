"""OT-CONTAINER-KIT's redis-operator (OT-CONTAINER-KIT/redis-operator
5dd04e17419a, redis.redis.opstreelabs.in; v1beta1, removed at 7c91822fb013,
kept the same fields): each kind is one StatefulSet (two for a RedisCluster)
whose pod the operator builds from the object's fields
(internal/k8sutils/statefulset.go generateStatefulSetsDef,
generateContainerDef, generateInitContainerDef), named as the StatefulSet:

- the main container, named as the StatefulSet, takes
  ``kubernetesConfig.resources`` whole (a RedisCluster's leaders
  ``redisLeader.resources``, else ``kubernetesConfig.resources``, and its
  followers likewise: api/rediscluster/v1beta2/rediscluster_types.go
  GetRedisLeaderResources; ``spec.resources`` is read by no code);
- ``redis-exporter`` beside it where ``redisExporter.enabled``, with
  ``redisExporter.resources`` (enableRedisMonitoring);
- ``spec.sidecars`` as written, each its own ``resources``;
- the init container ``init<statefulset>`` where ``initContainer.enabled``,
  with ``initContainer.resources``.

Nothing sets a default (no resource default in the types, the CRDs or the
webhooks), so the pods are final. With the GenerateConfigInInitContainer
feature gate (off by default) the operator adds an ``init-config`` init
container with the main container's resources, which changes no pod total
and no QoS class: left out.

Counts: a Redis is one pod (generateRedisStandaloneParams); a
RedisReplication ``clusterSize`` (required, no default), and with
``sentinel.size`` above 0 a second StatefulSet, ``<name>-s``, of that many
``sentinel`` pods with ``sentinel.resources``
(internal/controller/redisreplication/redisreplication_sentinel.go);
a RedisSentinel ``clusterSize`` (CRD default 3), its StatefulSet
``<name>-sentinel``; a RedisCluster ``<name>-leader`` of
``redisLeader.replicas``, else ``clusterSize``, and ``<name>-follower`` of
``redisFollower.replicas``, else ``clusterSize`` (GetReplicaCounts).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, Shorthand, WorkloadKind

_GROUP: Final = "redis.redis.opstreelabs.in"
_REPO: Final = "OT-CONTAINER-KIT/redis-operator"
_STS: Final = f"{_REPO} internal/k8sutils/statefulset.go"


def _requirements(path: str, fallback: str | None = None) -> Shorthand:
    return Shorthand(path, "requirements", fallback=fallback)


def _containers(statefulset: str, resources: Shorthand, code: str) -> tuple[MainContainer, ...]:
    """The StatefulSet's main container (first), ``redis-exporter`` after it, and the init container: ``first``
    puts each before the sidecars, so the exporter comes before the main container in this tuple."""
    return (
        MainContainer("redis-exporter", f"{_STS} enableRedisMonitoring", shorthand=_requirements("/spec.redisExporter.resources"),
                      enabled="/spec.redisExporter.enabled", first=True),
        MainContainer(statefulset, f"{_STS} generateContainerDef, {code}", shorthand=resources, first=True),
        MainContainer(f"init{statefulset}", f"{_STS} generateInitContainerDef", shorthand=_requirements("/spec.initContainer.resources"),
                      enabled="/spec.initContainer.enabled", init=True),
    )  # fmt: skip


def _pod(statefulset: str, count: str, code: str, label: str | None = None, role: str | None = None) -> PodPath:
    """A RedisCluster's ``role`` (``redisLeader``, ``redisFollower``) is its own pod, at its own field (written or not),
    with the object's ``spec.priorityClassName`` (generateRedisClusterParams)."""
    resources = _requirements(f"/spec.{role}.resources", "/spec.kubernetesConfig.resources") if role else _requirements("/spec.kubernetesConfig.resources")
    return PodPath(f"spec.{role}" if role else "spec", "containers", count=(count,), containers=("/spec.sidecars[*]",), label=label,
                   main=_containers(statefulset, resources, code), empty_when_absent=role is not None, pod_fields="/spec" if role else None)  # fmt: skip


_SENTINEL: Final = PodPath(
    "spec.sentinel", "operator", count=("spec.sentinel.size=0",), label="sentinel",
    main=(MainContainer("sentinel", f"{_REPO} internal/controller/redisreplication/redisreplication_sentinel.go buildSentinelContainer",
                        shorthand=_requirements("spec.sentinel.resources")),),
)  # fmt: skip

REDIS_KINDS: Final = (
    WorkloadKind(
        _GROUP, "Redis", (_pod("{name}", "1", "redis-standalone.go generateRedisStandaloneContainerParams"),),
        f"{_REPO} api/redis/v1beta2/redis_types.go",
    ),
    WorkloadKind(
        _GROUP, "RedisReplication",
        (_pod("{name}", "/spec.clusterSize=?", "redis-replication.go generateRedisReplicationContainerParams", label="redis"), _SENTINEL),
        f"{_REPO} api/redisreplication/v1beta2/redisreplication_types.go",
    ),
    WorkloadKind(
        _GROUP, "RedisSentinel", (_pod("{name}-sentinel", "/spec.clusterSize=3", "redis-sentinel.go generateRedisSentinelContainerParams"),),
        f"{_REPO} api/redissentinel/v1beta2/redissentinel_types.go",
    ),
    WorkloadKind(
        _GROUP, "RedisCluster",
        tuple(
            _pod(f"{{name}}-{label}", f"/spec.{role}.replicas|/spec.clusterSize=?", "redis-cluster.go generateRedisClusterContainerParams", label, role)
            for label, role in (("leader", "redisLeader"), ("follower", "redisFollower"))
        ),
        f"{_REPO} api/rediscluster/v1beta2/rediscluster_types.go GetReplicaCounts, GetRedisLeaderResources",
    ),  # fmt: skip
)
