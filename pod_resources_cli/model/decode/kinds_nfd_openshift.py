"""OpenShift's Node Feature Discovery operator: NodeFeatureDiscovery
(nfd.openshift.io v1; openshift/cluster-nfd-operator @0e25cc101cfc
api/v1/nodefeaturediscovery_types.go). For each object the reconciler
(internal/controllers/nodefeaturediscovery_reconciler.go Reconcile) makes,
whatever its spec says:

- the Deployment ``nfd-master``, 1 replica (internal/deployment/
  deployment.go SetMasterDeploymentAsDesired): the container
  ``nfd-master`` with requests cpu 100m and memory 128Mi, limits cpu 300m
  and memory 4Gi (getRequests, getLimits);
- the DaemonSet ``nfd-worker``, one pod a node (no count;
  internal/daemonset/daemonset.go SetWorkerDaemonsetAsDesired): the
  container ``nfd-worker`` with requests cpu 5m and memory 64Mi, limits
  cpu 200m and memory 512Mi; its priorityClassName is
  ``spec.operand.workerPriorityClassName`` (not read here);
- the Deployment ``nfd-gc``, 1 replica (SetGCDeploymentAsDesired): the
  container ``nfd-gc`` without resources, a BestEffort pod.

The topology updater DaemonSet is never made (Reconcile sets
``spec.topologyUpdater`` to false before handleTopology), and the
``nfd-prune`` Job only while an object with ``prunerOnDelete`` is deleted.
The group's NodeFeatureRule carries no pod (no_pods.py).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, OperatorDefaults, PodPath, WorkloadKind

_REPO: Final = "openshift/cluster-nfd-operator"
_MASTER: Final = OperatorDefaults(requests=(("cpu", "100m"), ("memory", "128Mi")), limits=(("cpu", "300m"), ("memory", "4Gi")))
_WORKER: Final = OperatorDefaults(requests=(("cpu", "5m"), ("memory", "64Mi")), limits=(("cpu", "200m"), ("memory", "512Mi")))


def _pods() -> tuple[PodPath, ...]:
    master = MainContainer("nfd-master", f"{_REPO} internal/deployment/deployment.go SetMasterDeploymentAsDesired", defaults=(_MASTER,))
    worker = MainContainer("nfd-worker", f"{_REPO} internal/daemonset/daemonset.go SetWorkerDaemonsetAsDesired", defaults=(_WORKER,))
    gc = MainContainer("nfd-gc", f"{_REPO} internal/deployment/deployment.go SetGCDeploymentAsDesired")
    return (
        PodPath("spec", "operator", count=("1",), label="nfd-master", main=(master,), empty_when_absent=True, always_made=True),
        PodPath("spec", "operator", label="nfd-worker", main=(worker,), empty_when_absent=True, always_made=True),
        PodPath("spec", "operator", count=("1",), label="nfd-gc", main=(gc,), empty_when_absent=True, always_made=True),
    )


NFD_OPENSHIFT_KINDS: Final = (WorkloadKind("nfd.openshift.io", "NodeFeatureDiscovery", _pods(), f"{_REPO} api/v1/nodefeaturediscovery_types.go"),)
