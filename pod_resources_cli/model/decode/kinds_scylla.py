"""The Scylla operator (scylladb/scylla-operator adefed4ef914,
scylla.scylladb.com): a ScyllaCluster (v1) or a ScyllaDBDatacenter
(v1alpha1) is one StatefulSet per rack, each of the rack's node count pods,
built by the operator from the object's fields alone (a ScyllaCluster is
first turned into the ScyllaDBDatacenter of the same name:
pkg/controller/scyllacluster/migrate.go
MigrateV1ScyllaClusterSpecToV1Alpha1ScyllaDBDatacenterSpec;
pkg/controller/scylladbdatacenter/resource.go StatefulSetForRack):

- the count: a ScyllaCluster rack's ``members`` (a required int32: 0
  unset); a ScyllaDBDatacenter rack's ``nodes``, else
  ``spec.rackTemplate.nodes``, else 0 (pkg/controllerhelpers/scylla.go
  GetRackNodeCount);
- init containers (makeInitContainers): ``sidecar-injection``, requests
  and limits of 10m cpu and 50Mi; ``sysctl-buddy`` (10m, 50Mi) where a
  ScyllaCluster writes ``spec.sysctls`` (the migration carries them in an
  annotation of the ScyllaDBDatacenter: not followed for one written by
  hand); ``scylladb-bootstrap-barrier`` (50m, 100Mi) with the
  BootstrapSynchronisation gate (beta, on by default: pkg/features) for
  ScyllaDB 2025.2.0 and later or a version it cannot read
  (SupportFeatureUnsafe; the version is the ScyllaCluster's ``spec.version``,
  the tag of a ScyllaDBDatacenter's ``spec.scyllaDB.image``, read by
  blang/semver);
- containers: ``scylla`` with the rack's resources whole (a ScyllaCluster's
  ``racks[*].resources``; a ScyllaDBDatacenter's ``scyllaDB.resources``
  over ``spec.rackTemplate.scyllaDB.resources`` key by key:
  applyRackTemplateOnRackSpec), nothing when unset;
  ``scylladb-api-status-probe`` and ``scylladb-ignition``, each requests and
  limits of 50m and 40Mi; ``scylla-manager-agent`` (getScyllaDBManagerAgentContainer)
  with the rack's agent resources: a ScyllaCluster always has it, with
  ``agentResources`` or the CRD's default, requests of 50m cpu and 10M
  (pkg/api/scylla/v1/types_cluster.go ``+kubebuilder:default``); a
  ScyllaDBDatacenter only where ``spec.scyllaDBManagerAgent`` is written,
  with ``scyllaDBManagerAgent.resources`` over the rack template's, no
  default; ``scylladb-node-exporter`` (10m, 50Mi) for ScyllaDB 2026.3.0-0
  and later, not for a version it cannot read (SupportFeatureSafe).

The pods are final: nothing else is merged in. A ScyllaDBCluster (several
datacenters in other clusters) and the node tuning of NodeConfig are not
modelled.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_RES: Final = "scylladb/scylla-operator pkg/controller/scylladbdatacenter/resource.go"
_BARRIER_SINCE: Final = "2025.2.0"  # pkg/semver/version.go ScyllaDBVersionRequiredForBootstrapSynchronisation
_EXPORTER_SINCE: Final = "2026.3.0-0"  # pkg/semver/version.go ScyllaDBVersionWithoutNodeExporter


def _fixed(cpu: str, memory: str) -> tuple[OperatorDefaults, ...]:
    values = (("cpu", cpu), ("memory", memory))
    return (OperatorDefaults(requests=values, limits=values),)


def _pods(version: FieldIn, scylla: Shorthand, agent: MainContainer, sysctls: FieldIn | None) -> tuple[MainContainer, ...]:
    """The containers of a rack's pod, in the operator's order; ``version`` reads the ScyllaDB version."""
    barrier = FieldIn(version.path, (_BARRIER_SINCE,), match="semver", unknown=True, tag=version.tag)
    exporter = FieldIn(version.path, (_EXPORTER_SINCE,), match="semver", unknown=False, tag=version.tag)
    return (
        MainContainer("sidecar-injection", f"{_RES} makeSidecarInjectionContainer", defaults=_fixed("10m", "50Mi"), init=True),
        *((MainContainer("sysctl-buddy", f"{_RES} makeSysctlInitContainer", defaults=_fixed("10m", "50Mi"), init=True, if_fields=(sysctls,)),)
          if sysctls is not None else ()),
        MainContainer("scylladb-bootstrap-barrier", f"{_RES} makeScyllaDBBootstrapBarrierInitContainer (ScyllaDB {_BARRIER_SINCE} and later, or unknown)",
                      defaults=_fixed("50m", "100Mi"), init=True, if_fields=(barrier,)),
        MainContainer("scylla", f"{_RES} StatefulSetForRack", shorthand=scylla),
        MainContainer("scylladb-api-status-probe", f"{_RES} StatefulSetForRack", defaults=_fixed("50m", "40Mi")),
        MainContainer("scylladb-ignition", f"{_RES} StatefulSetForRack", defaults=_fixed("50m", "40Mi")),
        agent,
        MainContainer("scylladb-node-exporter", f"{_RES} getScyllaDBNodeExporterContainer (ScyllaDB {_EXPORTER_SINCE} and later)",
                      defaults=_fixed("10m", "50Mi"), if_fields=(exporter,)),
    )  # fmt: skip


_CLUSTER_AGENT: Final = MainContainer(
    "scylla-manager-agent", f"{_RES} getScyllaDBManagerAgentContainer; pkg/controller/scyllacluster/migrate.go (agentResources)",
    shorthand=Shorthand("agentResources", "requirements"),
    defaults=(OperatorDefaults(requests=(("cpu", "50m"), ("memory", "10M"))),),
)  # fmt: skip
_DATACENTER_AGENT: Final = MainContainer(
    "scylla-manager-agent", f"{_RES} getScyllaDBManagerAgentContainer, applyRackTemplateOnRackSpec",
    shorthand=Shorthand("scyllaDBManagerAgent.resources", "requirements", merged_over="/spec.rackTemplate.scyllaDBManagerAgent.resources"),
    if_fields=(FieldIn("/spec.scyllaDBManagerAgent", (), match="written"),),
)  # fmt: skip

# NodeConfig (v1alpha1): the node-setup DaemonSet (pkg/controller/nodeconfig/resource.go makeNodeSetupDaemonSet), a pod a
# node, its one container scylla-node-config requesting 10m and 50Mi (no limit); none when spec.localDiskSetup is unset
# and spec.disableOptimizations is true. The tuning Jobs its daemon makes for ScyllaDB pods (pkg/controller/nodetune)
# are left out: they follow the pods on each node, not the NodeConfig's fields.
_NODE_SETUP: Final = (MainContainer("scylla-node-config", "scylladb/scylla-operator pkg/controller/nodeconfig/resource.go makeNodeSetupDaemonSet",
                                    defaults=(OperatorDefaults(requests=(("cpu", "10m"), ("memory", "50Mi"))),)),)  # fmt: skip
_LOCAL_DISKS: Final = FieldIn("spec.localDiskSetup", (), match="written")


def _node_setup(if_field: tuple[FieldIn, ...]) -> PodPath:
    return PodPath("spec", "operator", label="node-setup", main=_NODE_SETUP, empty_when_absent=True, always_made=True, if_field=if_field)


# ScyllaDBMonitoring (v1alpha1): the Grafana Deployment (pkg/controller/scylladbmonitoring/sync_grafana.go
# makeGrafanaDeployment, assets/monitoring/grafana/v1alpha1/deployment.yaml: no replicas, one pod), the init container gzip
# with no resources and grafana with spec.components.grafana.resources whole (none unset). In Managed mode the
# Prometheus object it makes (sync_prometheus.go, spec.components.prometheus.resources) is built into pods by the
# Prometheus operator: not modelled here.
_GRAFANA: Final = (
    MainContainer("gzip", "scylladb/scylla-operator assets/monitoring/grafana/v1alpha1/deployment.yaml", init=True),
    MainContainer("grafana", "scylladb/scylla-operator pkg/controller/scylladbmonitoring/sync_grafana.go makeGrafanaDeployment",
                  shorthand=Shorthand("/spec.components.grafana.resources", "requirements")),
)  # fmt: skip


SCYLLA_KINDS: Final = (
    WorkloadKind(
        "scylla.scylladb.com", "ScyllaCluster",
        (PodPath("spec.datacenter.racks[*]", "operator", name="name", count=("members=0",), label="rack", main=_pods(
            FieldIn("/spec.version", ()), Shorthand("resources", "requirements"), _CLUSTER_AGENT, FieldIn("/spec.sysctls[*]", (), match="written"),
        )),),
        "scylladb/scylla-operator pkg/api/scylla/v1/types_cluster.go",
    ),
    WorkloadKind(
        "scylla.scylladb.com", "ScyllaDBDatacenter",
        (PodPath("spec.racks[*]", "operator", name="name", count=("nodes|/spec.rackTemplate.nodes=0",), label="rack", main=_pods(
            FieldIn("/spec.scyllaDB.image", (), tag=True),
            Shorthand("scyllaDB.resources", "requirements", merged_over="/spec.rackTemplate.scyllaDB.resources"), _DATACENTER_AGENT, None,
        )),),
        "scylladb/scylla-operator pkg/api/scylla/v1alpha1/types_scylladbdatacenter.go",
    ),
    WorkloadKind(
        "scylla.scylladb.com", "NodeConfig",
        (_node_setup((_LOCAL_DISKS,)),
         _node_setup((FieldIn(_LOCAL_DISKS.path, (), match="written", negate=True), FieldIn("spec.disableOptimizations", ("true",), negate=True)))),
        "scylladb/scylla-operator pkg/api/scylla/v1alpha1/types_nodeconfig.go",
    ),
    WorkloadKind(
        "scylla.scylladb.com", "ScyllaDBMonitoring",
        (PodPath("spec", "operator", label="grafana", count=("1",), main=_GRAFANA, empty_when_absent=True, always_made=True),),
        "scylladb/scylla-operator pkg/api/scylla/v1alpha1/types_monitoring.go",
    ),
)  # fmt: skip
