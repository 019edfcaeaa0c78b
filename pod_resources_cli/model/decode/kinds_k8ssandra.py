"""K8ssandra: cass-operator's CassandraDatacenter (k8ssandra/cass-operator
d56972905e8b, cassandra.datastax.com) and k8ssandra-operator's
K8ssandraCluster and Reaper (k8ssandra/k8ssandra-operator 9e3d1b51d217,
k8ssandra.io, reaper.k8ssandra.io).

A CassandraDatacenter is ``spec.size`` pods (no default: the CRD requires
it), split over one StatefulSet per rack, none while ``spec.stopped``
(pkg/reconciliation/reconcile_racks.go). Each pod is
``spec.podTemplateSpec`` (also when it is not written) with the operator's
containers merged in by name (pkg/reconciliation/construct_podtemplatespec.go
buildPodTemplateSpec):

- ``cassandra`` takes ``spec.resources`` only where the template's container
  sets none (buildContainers: ``reflect.DeepEqual(cassContainer.Resources,
  ResourceRequirements{})``);
- ``server-system-logger``, unless ``spec.disableSystemLoggerSidecar``, and
  the init container ``server-config-init`` always get
  ``spec.systemLoggerResources`` and ``spec.configBuilderResources`` where
  these name requests or limits, else the operator's (getResourcesOrDefault,
  pkg/reconciliation/utils.go; defaults.go buildResourceRequirements): the
  logger requests 100m and 64M and is limited to 128M of memory, the init
  container requests 1000m and 256M and is limited to 1000m and 384M, over
  whatever the template writes for them;
- the init container ``server-config-init-base``, without resources, where
  the operator builds the configuration with k8ssandra-client (UseClientImage:
  its ``cassandra.datastax.com/use-new-config-builder`` annotation, HCD,
  Cassandra 4.1.0 and later) or runs DSE 6.8 or 6.9 with a read-only root
  filesystem (ReadOnlyFs, apis/cassandra/v1beta1/cassandradatacenter_types.go).

A K8ssandraCluster makes one CassandraDatacenter for each of
``spec.cassandra.datacenters`` (pkg/cassandra/datacenter.go Coalesce,
NewDatacenter): ``size`` pods, none while ``stopped``, with the
datacenter's ``containers`` and ``initContainers`` (and the cluster-level
ones, merged by name), ``cassandra`` with ``resources`` merged key by key
over ``spec.cassandra.resources`` (goalesce MergeCRs), and a container it
writes with resources keeping them (NewDatacenter copies the logger's and
``server-config-init``'s into the datacenter's fields). With Vector enabled
(``telemetry.vector.enabled``, the datacenter's over the cluster's),
``server-system-logger`` gets ``telemetry.vector.resources`` (merged), else
200m and 128Mi requests, 2 and 2Gi limits (pkg/telemetry/vector.go
VectorContainerResources); with ``spec.medusa``, ``medusa`` and the init
container ``medusa-restore`` get ``containerResources`` and
``initContainerResources``, else 100m and 100Mi requests and an 8Gi memory
limit (pkg/medusa/reconcile.go); with ``perNodeConfigMapRef``, the init
container ``per-node-config`` asks 10m and 16Mi and is limited to 100m and
64Mi (pkg/nodeconfig/mount.go). These pods are as written: cass-operator's
``server-config-init-base`` and the per-node-config container made for a
``num_tokens`` below 16 are left out.

Reaper (pkg/reaper/deployment.go computePodSpec) is one pod: ``reaper`` with
``resources``, else 100m and 256Mi requests and a 3Gi memory limit; unless
``skipSchemaMigration``, the init container ``reaper-schema-init`` with
``initContainerResources``, else 100m and 128Mi requests and a 512Mi memory
limit; with ``telemetry.vector.enabled``, ``reaper-vector-agent`` as Vector's
above (pkg/reaper/vector.go). A K8ssandraCluster's ``spec.reaper`` makes one
Reaper for each datacenter that is not stopped, or one with ``deploymentMode``
SINGLE, and none with a ``reaperRef`` (controllers/k8ssandra/reaper.go).
Stargate's Deployments are not listed: their container is named after the
datacenter's cluster and racks, and its memory is computed from ``heapSize``
(pkg/stargate/deployments.go).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import AnnotationIn, FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_CASS: Final = "k8ssandra/cass-operator"
_POD: Final = f"{_CASS} pkg/reconciliation/construct_podtemplatespec.go"
_K8SSANDRA: Final = "k8ssandra/k8ssandra-operator"
_LOGGER: Final = OperatorDefaults(requests=(("cpu", "100m"), ("memory", "64M")), limits=(("memory", "128M"),))
_CONFIG: Final = OperatorDefaults(requests=(("cpu", "1000m"), ("memory", "256M")), limits=(("cpu", "1000m"), ("memory", "384M")))
_VECTOR: Final = OperatorDefaults(requests=(("cpu", "200m"), ("memory", "128Mi")), limits=(("cpu", "2"), ("memory", "2Gi")))
_MEDUSA: Final = OperatorDefaults(requests=(("cpu", "100m"), ("memory", "100Mi")), limits=(("memory", "8Gi"),))
_PER_NODE: Final = OperatorDefaults(requests=(("cpu", "10m"), ("memory", "16Mi")), limits=(("cpu", "100m"), ("memory", "64Mi")))
_BASE_SOURCE: Final = f"{_POD} buildInitContainers (UseClientImage, ReadOnlyFs)"


def _base(*tests: FieldIn) -> MainContainer:
    return MainContainer("server-config-init-base", _BASE_SOURCE, init=True, if_fields=tests)


_DSE: Final = FieldIn("spec.serverType", ("dse",))
_CASSANDRA_DATACENTER: Final = PodPath(
    "spec.podTemplateSpec", count=("/spec.size=0", "!/spec.stopped"), empty_when_absent=True, main=(
        MainContainer("cassandra", f"{_POD} buildContainers", shorthand=Shorthand("spec.resources", "requirements", over="unset")),
        MainContainer("server-system-logger", f"{_POD} buildContainers, defaults.go DefaultsLoggerContainer",
                      shorthand=Shorthand("spec.systemLoggerResources", "requirements", over="always", empty_is_unset=True),
                      defaults=(_LOGGER,), if_fields=(FieldIn("spec.disableSystemLoggerSidecar", ("false",), "false"),)),
        MainContainer("server-config-init-base", _BASE_SOURCE, init=True,
                      if_annotation=AnnotationIn("cassandra.datastax.com/use-new-config-builder", ("true",))),
        _base(FieldIn("spec.serverType", ("hcd",))),
        _base(FieldIn("spec.serverType", ("cassandra",)), FieldIn("spec.serverVersion", ("4.1.0",), match="since")),
        _base(_DSE, FieldIn("spec.readOnlyRootFilesystem", ("true",))),
        _base(_DSE, FieldIn("spec.readOnlyRootFilesystem", ("",)), FieldIn("spec.serverImage", ("",)),
              FieldIn("spec.serverVersion", ("6.8", "6.9"), match="prefix")),
        MainContainer("server-config-init", f"{_POD} buildInitContainers, defaults.go DefaultsConfigInitContainer", init=True,
                      shorthand=Shorthand("spec.configBuilderResources", "requirements", over="always", empty_is_unset=True),
                      defaults=(_CONFIG,)),
    ),
)  # fmt: skip

_DC_VECTOR: Final = "telemetry.vector.enabled"
_CLUSTER_VECTOR: Final = "/spec.cassandra.telemetry.vector.enabled"


def _vector_logger(*tests: FieldIn) -> MainContainer:
    """Vector enabled: telemetry.vector.resources (the datacenter's over the cluster's), else Vector's defaults."""
    return MainContainer(
        "server-system-logger", f"{_K8SSANDRA} pkg/telemetry/vector.go InjectCassandraVectorAgentConfig, VectorContainerResources",
        shorthand=Shorthand("telemetry.vector.resources", "requirements", over="unset", merged_over="/spec.cassandra.telemetry.vector.resources"),
        defaults=(_VECTOR,), if_fields=tests,
    )  # fmt: skip


def _cass_logger(*tests: FieldIn) -> MainContainer:
    return MainContainer("server-system-logger", f"{_CASS} pkg/reconciliation/defaults.go DefaultsLoggerContainer", defaults=(_LOGGER,), if_fields=tests)


_MEDUSA_CODE: Final = f"{_K8SSANDRA} pkg/medusa/reconcile.go"
_DC_AS_WRITTEN: Final = (
    "k8ssandra-operator merges spec.cassandra's containers into each datacenter's by name and may add a per-node-config "
    "init container (num_tokens below 16), and cass-operator adds server-config-init-base for Cassandra 4.1 and later, HCD and read-only DSE"
)
_DATACENTERS: Final = PodPath(
    "spec.cassandra.datacenters[*]", "containers", name="metadata.name", count=("size=0", "!stopped"), as_written=_DC_AS_WRITTEN,
    containers=("/spec.cassandra.containers[*]", "containers[*]"), init_containers=("/spec.cassandra.initContainers[*]", "initContainers[*]"),
    main=(
        MainContainer("cassandra", f"{_K8SSANDRA} pkg/cassandra/datacenter.go Coalesce, NewDatacenter; {_POD} buildContainers",
                      shorthand=Shorthand("resources", "requirements", over="unset", merged_over="/spec.cassandra.resources")),
        _vector_logger(FieldIn(_DC_VECTOR, ("true",))),
        _vector_logger(FieldIn(_DC_VECTOR, ("",)), FieldIn(_CLUSTER_VECTOR, ("true",))),
        _cass_logger(FieldIn(_DC_VECTOR, ("false",))),
        _cass_logger(FieldIn(_DC_VECTOR, ("",)), FieldIn(_CLUSTER_VECTOR, ("false", ""))),
        MainContainer("medusa", f"{_MEDUSA_CODE} CreateMedusaMainContainer, medusaMainContainerResources", present="/spec.medusa",
                      shorthand=Shorthand("/spec.medusa.containerResources", "requirements", over="always"), defaults=(_MEDUSA,)),
        MainContainer("server-config-init", f"{_POD} buildInitContainers, defaults.go DefaultsConfigInitContainer", init=True, defaults=(_CONFIG,)),
        MainContainer("medusa-restore", f"{_MEDUSA_CODE} UpdateMedusaInitContainer, medusaInitContainerResources", init=True, present="/spec.medusa",
                      shorthand=Shorthand("/spec.medusa.initContainerResources", "requirements", over="always"), defaults=(_MEDUSA,)),
        MainContainer("per-node-config", f"{_K8SSANDRA} pkg/nodeconfig/mount.go newPerNodeConfigInitContainer", init=True,
                      present="perNodeConfigMapRef.name", defaults=(_PER_NODE,)),
    ),
)  # fmt: skip

_REAPER_CODE: Final = f"{_K8SSANDRA} pkg/reaper/deployment.go"


def _reaper(at: str, present: str | None = None, absent: str | None = None) -> tuple[MainContainer, ...]:
    """A Reaper's containers, its template at ``at`` (from the root)."""
    return (
        MainContainer("reaper", f"{_REAPER_CODE} computePodSpec, computeMainContainerResources", present=present, absent=absent,
                      shorthand=Shorthand(f"{at}.resources", "requirements"),
                      defaults=(OperatorDefaults(requests=(("cpu", "100m"), ("memory", "256Mi")), limits=(("memory", "3Gi"),)),)),
        MainContainer("reaper-schema-init", f"{_REAPER_CODE} computeInitContainers, computeInitContainerResources", init=True,
                      present=present, absent=absent, if_fields=(FieldIn(f"{at}.skipSchemaMigration", ("false",), "false"),),
                      shorthand=Shorthand(f"{at}.initContainerResources", "requirements"),
                      defaults=(OperatorDefaults(requests=(("cpu", "100m"), ("memory", "128Mi")), limits=(("memory", "512Mi"),)),)),
        MainContainer("reaper-vector-agent", f"{_K8SSANDRA} pkg/reaper/vector.go configureVector", present=present, absent=absent,
                      enabled=f"{at}.telemetry.vector.enabled", shorthand=Shorthand(f"{at}.telemetry.vector.resources", "requirements"),
                      defaults=(_VECTOR,)),
    )  # fmt: skip


_KC_REAPER: Final = _reaper("/spec.reaper", present="/spec.reaper", absent="/spec.reaper.reaperRef.name")
_MODE: Final = "spec.reaper.deploymentMode"

K8SSANDRA_KINDS: Final = (
    WorkloadKind("cassandra.datastax.com", "CassandraDatacenter", (_CASSANDRA_DATACENTER,), f"{_CASS} apis/cassandra/v1beta1/cassandradatacenter_types.go"),
    WorkloadKind(
        "k8ssandra.io", "K8ssandraCluster", (
            _DATACENTERS,
            PodPath("spec.cassandra.datacenters[*]", "operator", name="metadata.name", count=("!stopped",), label="reaper", main=_KC_REAPER,
                    if_field=FieldIn(_MODE, ("PER_DC", "CONTROL_PLANE"), "PER_DC")),
            PodPath("spec.reaper", "operator", count=("1",), label="reaper", main=_KC_REAPER, if_field=FieldIn(_MODE, ("SINGLE",))),
        ),
        f"{_K8SSANDRA} apis/k8ssandra/v1alpha1/k8ssandracluster_types.go, controllers/k8ssandra/reaper.go",
    ),
    WorkloadKind(
        "reaper.k8ssandra.io", "Reaper", (PodPath("spec", "operator", count=("1",), empty_when_absent=True, main=_reaper("/spec")),),
        f"{_K8SSANDRA} apis/reaper/v1alpha1/reaper_types.go",
    ),
)  # fmt: skip
