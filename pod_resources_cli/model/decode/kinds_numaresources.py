"""The NUMA Resources Operator (openshift-kni/numaresources-operator
d7c439060293 api/v1/numaresourcesscheduler_types.go,
numaresourcesoperator_types.go; nodetopology.openshift.io v1 and
v1alpha1): the topology-aware secondary scheduler and the
resource-topology-exporter (RTE) DaemonSets that publish each node's
NodeResourceTopology. Each controller reconciles only the object of its
fixed name (internal/controller/*_controller.go ``req.Name !=
objectnames.Default...CrName``: ``numaresourcesscheduler``,
``numaresourcesoperator``); another name only degrades its status.

- NUMAResourcesScheduler: the Deployment of pkg/numaresourcesscheduler/
  manifests/yaml/deployment.yaml, ``spec.replicas`` pods where written, else
  a count the controller detects from the cluster's control-plane nodes
  (1 below 3, capped at 3; computeSchedulerReplicas), unknown here. Its
  container ``secondary-scheduler`` gets requests of 150m cpu and 500Mi
  of memory and no limits, whatever the manifest writes
  (pkg/objectupdate/sched/sched.go SchedulerResourcesRequest), or, with
  the annotation ``config.numa-operator.openshift.io/scheduler-qos-request:
  guaranteed`` (internal/api/annotations), 600m and 1200Mi as both requests
  and limits (Guaranteed); the pod's priorityClassName is
  ``system-node-critical`` (pkg/numaresourcesscheduler/consts.go).
- NUMAResourcesOperator: for each ``spec.nodeGroups`` item, the RTE
  DaemonSet of its machine config pool (pkg/objectstate/rte), one pod a
  node (no count), from the deployer's manifest (vendor/github.com/
  k8stopologyawareschedwg/deployer/pkg/manifests/yaml/rte/daemonset.yaml):
  the containers ``resource-topology-exporter`` and
  ``shared-pool-container``, neither with resources (pkg/objectupdate/rte
  sets images, arguments and mounts, never resources), the priorityClassName
  ``system-node-critical``.

The pods are final. (The operator's own Deployment, config/manager, is a
plain manifest.)
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import AnnotationIn, FieldIn, MainContainer, OperatorDefaults, PodPath, WorkloadKind

_REPO: Final = "openshift-kni/numaresources-operator"
_GROUP: Final = "nodetopology.openshift.io"
_QOS: Final = "config.numa-operator.openshift.io/scheduler-qos-request"
_RESOURCES: Final = f"{_REPO} pkg/objectupdate/sched/sched.go SchedulerResourcesRequest"
_BURSTABLE: Final = OperatorDefaults(requests=(("cpu", "150m"), ("memory", "500Mi")))
_GUARANTEED: Final = OperatorDefaults(requests=(("cpu", "600m"), ("memory", "1200Mi")), limits=(("cpu", "600m"), ("memory", "1200Mi")))


def _scheduler(guaranteed: bool) -> PodPath:
    """The secondary scheduler's pod, with the requests the annotation chooses (``guaranteed``: the legacy ones)."""
    main = MainContainer("secondary-scheduler", _RESOURCES, defaults=(_GUARANTEED if guaranteed else _BURSTABLE,))
    return PodPath("spec", "operator", count=("/spec.replicas=?",), label="secondary-scheduler", main=(main,), empty_when_absent=True,
                   always_made=True, priority_class="system-node-critical", if_field=FieldIn("metadata.name", ("numaresourcesscheduler",)),
                   if_annotation=AnnotationIn(_QOS, ("guaranteed",), negate=not guaranteed))  # fmt: skip


def _exporter() -> PodPath:
    """A node group's RTE pod: the deployer manifest's two containers, no resources."""
    manifest = f"{_REPO} vendor/github.com/k8stopologyawareschedwg/deployer/pkg/manifests/yaml/rte/daemonset.yaml"
    return PodPath("spec.nodeGroups[*]", "operator", label="resource-topology-exporter", priority_class="system-node-critical",
                   main=(MainContainer("resource-topology-exporter", manifest), MainContainer("shared-pool-container", manifest)),
                   if_field=FieldIn("metadata.name", ("numaresourcesoperator",)))  # fmt: skip


NUMARESOURCES_KINDS: Final = (
    WorkloadKind(_GROUP, "NUMAResourcesScheduler", (_scheduler(False), _scheduler(True)), f"{_REPO} api/v1/numaresourcesscheduler_types.go"),
    WorkloadKind(_GROUP, "NUMAResourcesOperator", (_exporter(),), f"{_REPO} api/v1/numaresourcesoperator_types.go"),
)
