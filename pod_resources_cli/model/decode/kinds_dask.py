"""The Dask Kubernetes operator's DaskCluster, DaskWorkerGroup and DaskJob
(kubernetes.dask.org v1; dask/dask-kubernetes 1daa175f3355, a kopf
operator in Python: dask_kubernetes/operator/controller/controller.py, the
schemas in dask_kubernetes/operator/customresources/*.yaml). Each pod
holder is ``{metadata, spec}`` with ``spec`` a whole PodSpec
(templates.yaml: ``io.k8s.api.core.v1.PodSpec``), which the operator copies
into what it creates, adding only labels, annotations and environment
variables (DASK_WORKER_NAME, DASK_SCHEDULER_ADDRESS), never resources:

- a DaskCluster's ``spec.scheduler``: one Deployment of ``replicas: 1``
  (build_scheduler_deployment_spec); ``spec.scheduler.service`` is the
  Service's spec, no pod;
- its ``spec.worker``: a default DaskWorkerGroup ``<name>-default`` with
  that worker spec (build_default_worker_group_spec), whose pods follow;
- a DaskWorkerGroup's ``spec.worker``: ``spec.worker.replicas`` Deployments
  of ``replicas: 1`` each (daskworkergroup_replica_update,
  build_worker_deployment_spec); ``replicas`` defaults to 1
  (templates.yaml ``default: 1``); a DaskAutoscaler naming the cluster
  changes it later, which this object does not say;
- a DaskJob: the cluster of ``spec.cluster.spec`` (build_cluster_spec:
  its scheduler and workers as above) and one runner Pod from
  ``spec.job.spec`` (build_job_pod_spec, ``<name>-runner``).

The pods are final: what the PodSpec writes is what runs.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import PodPath, WorkloadKind

_REPO: Final = "dask/dask-kubernetes"
_CONTROLLER: Final = f"{_REPO} dask_kubernetes/operator/controller/controller.py"


def _cluster(at: str) -> tuple[PodPath, ...]:
    return (
        PodPath(f"{at}.scheduler", "pod", count=("1",), label="scheduler"),
        PodPath(f"{at}.worker", "pod", count=(f"/{at}.worker.replicas=1",), label="worker"),
    )


DASK_KINDS: Final = (
    WorkloadKind("kubernetes.dask.org", "DaskCluster", _cluster("spec"), f"{_CONTROLLER} build_scheduler_deployment_spec, build_default_worker_group_spec"),
    WorkloadKind("kubernetes.dask.org", "DaskWorkerGroup", (PodPath("spec.worker", "pod", count=("/spec.worker.replicas=1",), label="worker"),),
                 f"{_CONTROLLER} daskworkergroup_replica_update, build_worker_deployment_spec"),
    WorkloadKind("kubernetes.dask.org", "DaskJob", (PodPath("spec.job", "pod", count=("1",), label="runner"), *_cluster("spec.cluster.spec")),
                 f"{_CONTROLLER} daskjob_create_components, build_job_pod_spec, build_cluster_spec"),
)  # fmt: skip
