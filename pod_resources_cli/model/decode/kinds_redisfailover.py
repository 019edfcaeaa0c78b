"""Spotahome's redis-operator: RedisFailover (databases.spotahome.com/v1;
spotahome/redis-operator 632aa3da88ee api/redisfailover/v1/types.go). The
operator builds two workloads from the object's fields alone
(operator/redisfailover/ensurer.go Ensure; operator/redisfailover/service/
generator.go), with no webhook and no resource default but the ones below:

- the StatefulSet ``rfr-<name>`` (generateRedisStatefulSet) of
  ``spec.redis.replicas`` pods, 3 where it is unset or not above 0
  (api/redisfailover/v1/validate.go Validate, ``defaultRedisNumber``):
  the container ``redis`` with ``spec.redis.resources`` whole, then
  ``redis-exporter`` where ``spec.redis.exporter.enabled``, then
  ``spec.redis.extraContainers`` as written, after
  ``spec.redis.initContainers`` as written (getInitContainersWithRedisEnv
  adds only environment variables);
- the Deployment ``rfs-<name>`` (generateSentinelDeployment) of
  ``spec.sentinel.replicas`` pods, 3 likewise (``defaultSentinelNumber``):
  the init container ``sentinel-config-copy`` requesting and limited to 10m
  of cpu and 32Mi of memory, then ``spec.sentinel.initContainers``; the
  container ``sentinel`` with ``spec.sentinel.resources`` whole, then
  ``sentinel-exporter`` where ``spec.sentinel.exporter.enabled``, then
  ``spec.sentinel.extraContainers``. It is made unless the object
  bootstraps from another node (``spec.bootstrapNode`` written) without
  ``spec.bootstrapNode.allowSentinels`` (api/redisfailover/v1/
  bootstrapping.go SentinelsAllowed).

Each exporter takes its ``exporter.resources`` (a pointer) whole where
written, else ``exporterDefaultResourceRequirements``: requests of 10m of
cpu and 50Mi of memory, limits of 1000m and 100Mi
(service/constants.go; createRedisExporterContainer,
createSentinelExporterContainer). Each pod's priorityClassName is its
settings' own (``spec.redis.priorityClassName``,
``spec.sentinel.priorityClassName``).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "spotahome/redis-operator"
_GEN: Final = f"{_REPO} operator/redisfailover/service/generator.go"
_EXPORTER_DEFAULTS: Final = OperatorDefaults(requests=(("cpu", "10m"), ("memory", "50Mi")), limits=(("cpu", "1000m"), ("memory", "100Mi")))
_CONFIG_COPY: Final = OperatorDefaults(requests=(("cpu", "10m"), ("memory", "32Mi")), limits=(("cpu", "10m"), ("memory", "32Mi")))


def _main(role: str, builder: str, exporter: str, exporter_builder: str) -> tuple[MainContainer, ...]:
    """The role's container first, its exporter after it: ``first`` puts each before the extra containers, so the
    exporter comes before the main container in this tuple."""
    return (
        MainContainer(exporter, f"{_GEN} {exporter_builder}, exporterDefaultResourceRequirements",
                      shorthand=Shorthand(f"/spec.{role}.exporter.resources", "requirements", over="always"), defaults=(_EXPORTER_DEFAULTS,),
                      enabled=f"/spec.{role}.exporter.enabled", first=True),
        MainContainer(role, f"{_GEN} {builder}", shorthand=Shorthand(f"/spec.{role}.resources", "requirements"), first=True),
    )  # fmt: skip


def _pod(role: str, main: tuple[MainContainer, ...], if_field: FieldIn | None = None) -> PodPath:
    return PodPath(
        f"spec.{role}", "containers", count=(f"/spec.{role}.replicas=3!",), containers=("extraContainers[*]",), init_containers=("initContainers[*]",),
        label=role, main=main, empty_when_absent=True, always_made=True, if_field=if_field,
    )  # fmt: skip


def _sentinel(if_field: FieldIn) -> PodPath:
    copy = MainContainer("sentinel-config-copy", f"{_GEN} generateSentinelDeployment", defaults=(_CONFIG_COPY,), init=True, first=True)
    return _pod("sentinel", (*_main("sentinel", "generateSentinelDeployment", "sentinel-exporter", "createSentinelExporterContainer"), copy), if_field)


REDISFAILOVER_KINDS: Final = (
    WorkloadKind(
        "databases.spotahome.com", "RedisFailover",
        (
            _pod("redis", _main("redis", "generateRedisStatefulSet", "redis-exporter", "createRedisExporterContainer")),
            # SentinelsAllowed: no bootstrap node, or one that allows sentinels
            _sentinel(FieldIn("spec.bootstrapNode", (), match="written", negate=True)),
            _sentinel(FieldIn("spec.bootstrapNode.allowSentinels", ("true",))),
        ),
        f"{_REPO} api/redisfailover/v1/types.go, validate.go",
    ),
)  # fmt: skip
