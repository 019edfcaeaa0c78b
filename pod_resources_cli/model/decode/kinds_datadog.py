"""The Datadog operator: DatadogAgent (datadoghq.com/v2alpha1;
DataDog/datadog-operator @55db53165d17 api/datadoghq/v2alpha1/
datadogagent_types.go). For each DatadogAgent the operator builds up to four
workloads (internal/controller/datadogagent/component_*.go), each pod's
containers created with no resources at all (component/agent/default.go,
component/clusteragent/default.go, component/clusterchecksrunner/default.go:
no ``Resources`` anywhere; datadogagent_default.go defaults none); a
container takes resources only from ``spec.override.<component>.containers.
<container>.resources`` (override/container.go overrideContainer: each
request and limit set over the container's empty ones; overrideInitContainer:
the whole ResourceRequirements), and the FIPS proxy from
``spec.global.fips.resources`` (global/fips.go):

- the node agent, a DaemonSet (``spec.override.nodeAgent``; none with its
  ``disabled: true``, component_reconciler.go): init containers
  ``init-volume`` and ``init-config``, and ``seccomp-setup`` where
  ``system-probe`` runs (default.go initContainers); containers ``agent``,
  ``trace-agent`` where ``features.apm.enabled`` (default true,
  datadogagent_default.go defaultAPMEnabled), ``system-probe`` where a
  feature needs it (npm, usm, oomKill, tcpQueueLength, cws, ebpfCheck,
  serviceDiscovery: the last on by default for the default agent image,
  7.78.0 and later, servicediscovery/feature.go
  shouldEnableServiceDiscoveryByDefault), ``security-agent`` for cws or
  cspm, ``otel-agent`` for otelCollector, ``fips-proxy`` with
  ``global.fips.enabled``. This is the set the operator's own golden
  renderings show (internal/controller/testutils/renderer/testdata/golden/
  minimal-baseline.golden.yaml: init-volume, init-config, seccomp-setup;
  agent, trace-agent, system-probe). Which further containers it adds
  (process-agent, agent-data-plane) depends on the agent image's version
  (feature/utils ShouldRunProcessChecksInCoreAgent, dogstatsd/dataplane),
  ``global.containerStrategy: single`` folds an unprivileged agent into one
  container, and a DatadogAgentProfile overrides the pods of the nodes it
  selects: the node agent's pod is as written;
- the cluster agent, a Deployment of ``override.clusterAgent.replicas``
  (default 1, clusteragent/const.go defaultClusterAgentReplicas), none with
  its ``disabled: true``: the container ``cluster-agent`` (and ``fips-proxy``
  with FIPS); final;
- the cluster checks runner, a Deployment where ``features.clusterChecks``
  is enabled (default true) and ``useClusterChecksRunners`` is true (default
  false; datadogagent_default.go), and neither it nor the cluster agent is
  disabled (component_clusterchecksrunner.go ForceDeleteComponent): replicas
  ``override.clusterChecksRunner.replicas`` (unset: Kubernetes' 1), the init
  container ``init-config`` and the container ``agent``; final;
- the OTel Agent Gateway, a Deployment where ``features.otelAgentGateway.
  enabled`` (feature/otelagentgateway/feature.go) and its override is not
  disabled: replicas ``override.otelAgentGateway.replicas`` (default 1,
  component/otelagentgateway/const.go), the init container ``init-volume``
  and the container ``otel-agent`` (component/otelagentgateway/default.go);
  final.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "DataDog/datadog-operator"
_CONTROLLER: Final = f"{_REPO} internal/controller/datadogagent"
_NODE_AS_WRITTEN: Final = (
    "the Datadog operator adds process-agent or agent-data-plane by the agent image's version, folds the agent into one "
    "container with global.containerStrategy single, and a DatadogAgentProfile overrides the pods of the nodes it selects"
)
_FIPS: Final = FieldIn("/spec.global.fips.enabled", ("true",))


def _on(feature: str, default: str = "false", root: str = "/") -> FieldIn:
    """The feature's ``enabled``; ``root``: "/" in a container's tests (from the object's root), "" in a pod's."""
    return FieldIn(f"{root}spec.features.{feature}.enabled", ("true",), default=default)


def _off(component: str) -> FieldIn:
    return FieldIn(f"spec.override.{component}.disabled", ("true",), negate=True)


_SYSTEM_PROBE: Final = tuple(
    (_on(feature, default),)
    for feature, default in (
        ("npm", "false"), ("usm", "false"), ("oomKill", "false"), ("tcpQueueLength", "false"), ("cws", "false"),
        ("ebpfCheck", "false"), ("serviceDiscovery", "true"),
    )
)  # fmt: skip


def _container(
    component: str, name: str, source: str, init: bool = False, if_fields: tuple[FieldIn, ...] = (), if_any: tuple[tuple[FieldIn, ...], ...] = (),
) -> MainContainer:
    shorthand = Shorthand(f"/spec.override.{component}.containers.{name}.resources", "requirements")
    return MainContainer(name, f"{_CONTROLLER} {source}", shorthand=shorthand, init=init, if_fields=if_fields, if_any=if_any)


def _fips() -> MainContainer:
    return MainContainer("fips-proxy", f"{_CONTROLLER} global/fips.go applyFIPSConfig", shorthand=Shorthand("/spec.global.fips.resources", "requirements"),
                         if_fields=(_FIPS,))  # fmt: skip


def _pods() -> tuple[PodPath, ...]:
    agent = "component/agent/default.go"
    node = (
        _container("nodeAgent", "init-volume", f"{agent} initVolumeContainer", init=True),
        _container("nodeAgent", "init-config", f"{agent} initConfigContainer", init=True),
        _container("nodeAgent", "seccomp-setup", f"{agent} initSeccompSetupContainer", init=True, if_any=_SYSTEM_PROBE),
        _container("nodeAgent", "agent", f"{agent} coreAgentContainer"),
        _container("nodeAgent", "trace-agent", f"{agent} traceAgentContainer (feature/apm)", if_fields=(_on("apm", "true"),)),
        _container("nodeAgent", "system-probe", f"{agent} systemProbeContainer", if_any=_SYSTEM_PROBE),
        _container("nodeAgent", "security-agent", f"{agent} securityAgentContainer (feature/cws, feature/cspm)",
                   if_any=((_on("cws"),), (_on("cspm"),))),
        _container("nodeAgent", "otel-agent", f"{agent} otelAgentContainer (feature/otelcollector)", if_fields=(_on("otelCollector"),)),
        _fips(),
    )  # fmt: skip
    cluster = (_container("clusterAgent", "cluster-agent", "component/clusteragent/default.go"), _fips())
    runner = (
        _container("clusterChecksRunner", "init-config", "component/clusterchecksrunner/default.go defaultPodSpec", init=True),
        _container("clusterChecksRunner", "agent", "component/clusterchecksrunner/default.go defaultPodSpec"),
        _fips(),
    )
    runners_on = (
        _on("clusterChecks", "true", ""), FieldIn("spec.features.clusterChecks.useClusterChecksRunners", ("true",)),
        _off("clusterChecksRunner"), _off("clusterAgent"),
    )  # fmt: skip
    gateway = (
        _container("otelAgentGateway", "init-volume", "component/otelagentgateway/default.go", init=True),
        _container("otelAgentGateway", "otel-agent", "component/otelagentgateway/default.go"),
        _fips(),
    )
    return (
        PodPath("spec.override.nodeAgent", "operator", pod_fields="/spec.override.nodeAgent", label="node agent", main=node, empty_when_absent=True, always_made=True,
                if_field=_off("nodeAgent"), as_written=_NODE_AS_WRITTEN),
        PodPath("spec.override.clusterAgent", "operator", pod_fields="/spec.override.clusterAgent", count=("/spec.override.clusterAgent.replicas=1",), label="cluster agent", main=cluster, empty_when_absent=True,
                always_made=True, if_field=_off("clusterAgent")),
        PodPath("spec.override.clusterChecksRunner", "operator", pod_fields="/spec.override.clusterChecksRunner", count=("/spec.override.clusterChecksRunner.replicas=1",), label="cluster checks runner", main=runner,
                empty_when_absent=True, always_made=True, if_field=runners_on),
        PodPath("spec.override.otelAgentGateway", "operator", pod_fields="/spec.override.otelAgentGateway", count=("/spec.override.otelAgentGateway.replicas=1",), label="otel agent gateway", main=gateway,
                empty_when_absent=True, always_made=True,
                if_field=(_on("otelAgentGateway", root=""), _off("otelAgentGateway"))),
    )  # fmt: skip


DATADOG_KINDS: Final = (WorkloadKind("datadoghq.com", "DatadogAgent", _pods(), f"{_REPO} api/datadoghq/v2alpha1/datadogagent_types.go"),)
