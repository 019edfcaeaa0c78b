"""The Milvus operator's Milvus (milvus.io/v1beta1, and the older v1alpha1
Milvus and MilvusCluster it converts to one; milvus-io/milvus-operator
07e3f426a052 apis/milvus.io/v1beta1/milvus_types.go, components_types.go).
For each Milvus the controller makes one Deployment per component
(pkg/controllers/components.go GetComponentsBySpec):

- ``spec.mode`` (default ``standalone``, milvus_webhook.go DefaultMode):
  ``standalone`` makes the standalone Deployment only; ``cluster`` makes
  proxy, dataNode, queryNode and indexNode, and either ``mixCoord`` (where
  ``spec.components.mixCoord`` is written: MixtureComponents) or rootCoord,
  dataCoord, queryCoord and indexCoord (MilvusComponents), and the
  standalone Deployment too, with 0 replicas unless written
  (defaultComponentsReplicas);
- each Deployment's replicas are the component's ``replicas``, else 1
  (defaultComponentsReplicas; with ``mixCoord`` the webhook leaves the
  others nil and the API server defaults the Deployment's to 1);
- its pod (deployment_updater.go updateDeployment): the init container
  ``config`` (deployments.go renderInitContainer: no resources), then the
  component's ``initContainers``; the container named after the component
  (``standalone``, ``proxy``, ``mixcoord``, ``rootcoord``, ``datanode``...,
  components.go) whose resources are the component's ``resources`` where
  written, else ``spec.components.resources``, else none
  (MergeComponentSpec: the pointer replaced whole, never merged), then the
  component's ``sidecars``.

A v1alpha1 Milvus is a standalone whose fields sit at ``spec``
(apis/milvus.io/v1alpha1/milvus_webhook.go ConvertSpecTo: its
ComponentSpec, ``replicas``; no sidecars or init containers); a v1alpha1
MilvusCluster is a Milvus in cluster mode with the same ``spec.components``
(milvuscluster_types.go ConvertToMilvus). The in-cluster dependencies
(``spec.dependencies``' etcd, Pulsar or Kafka, MinIO) are Helm releases of
the charts the operator ships, not followed here; nor is the pod's
priorityClassName where only ``spec.components`` writes it.

A MilvusUpgrade (milvusupgrade_types.go) stops its Milvus and runs bare
pods of one container each, named by the task, with no resources and
restartPolicy Never (pkg/controllers/milvusupgrade_fsm.go startTaskPod):
``backup-meta`` (BackupMeta), then ``update-meta`` (UpdatingMeta); none
where ``spec.operation`` is ``rollback`` (DetermineCurrentState goes to the
rollback states, whose ``rollback-meta`` pod runs only after a backup, as
the object's status says: not followed here).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

_GROUP: Final = "milvus.io"
_REPO: Final = "milvus-io/milvus-operator"
_UPDATER: Final = f"{_REPO} pkg/controllers/deployment_updater.go updateDeployment"
_ALPHA: Final = FieldIn("apiVersion", ("milvus.io/v1alpha1",))
_BETA: Final = FieldIn("apiVersion", ("milvus.io/v1alpha1",), negate=True)
_CLUSTER: Final = FieldIn("spec.mode", ("cluster",), default="standalone")
_STANDALONE: Final = FieldIn("spec.mode", ("cluster",), default="standalone", negate=True)
_MIX: Final = FieldIn("spec.components.mixCoord", (), match="written")
_NO_MIX: Final = FieldIn("spec.components.mixCoord", (), match="written", negate=True)
# (the field under spec.components, the container and Deployment name)
_NODES: Final = (("proxy", "proxy"), ("dataNode", "datanode"), ("queryNode", "querynode"), ("indexNode", "indexnode"))
_COORDS: Final = (("rootCoord", "rootcoord"), ("dataCoord", "datacoord"), ("queryCoord", "querycoord"), ("indexCoord", "indexcoord"))


def _config() -> MainContainer:
    return MainContainer("config", f"{_REPO} pkg/controllers/deployments.go renderInitContainer", init=True, first=True)


def _component(field: str, name: str, replicas: str, tests: tuple[FieldIn, ...]) -> PodPath:
    """One component's Deployment: ``config``, its init containers, its container with its resources (else
    ``spec.components.resources``), its sidecars."""
    main = MainContainer(
        name, f"{_UPDATER}, components.go MergeComponentSpec",
        shorthand=Shorthand(f"/spec.components.{field}.resources", "requirements", fallback="/spec.components.resources"), first=True,
    )  # fmt: skip
    return PodPath(f"spec.components.{field}", "containers", count=(f"/spec.components.{field}.replicas={replicas}",), containers=("sidecars[*]",),
                   init_containers=("initContainers[*]",), label=name, main=(_config(), main), empty_when_absent=True,
                   always_made=True, if_field=tests)  # fmt: skip


def _milvus(cluster_only: bool) -> tuple[PodPath, ...]:
    """A v1beta1 Milvus's components by its mode (a v1alpha1 Milvus is not one); a MilvusCluster's always cluster's."""
    cluster: tuple[FieldIn, ...] = () if cluster_only else (_BETA, _CLUSTER)
    paths = [_component("standalone", "standalone", "0", cluster)]
    if not cluster_only:
        paths.append(_component("standalone", "standalone", "1", (_BETA, _STANDALONE)))
    paths.extend(_component(field, name, "1", cluster) for field, name in _NODES)
    paths.append(_component("mixCoord", "mixcoord", "1", (*cluster, _MIX)))
    paths.extend(_component(field, name, "1", (*cluster, _NO_MIX)) for field, name in _COORDS)
    return tuple(paths)


_ALPHA_STANDALONE: Final = PodPath(
    "spec", "containers", count=("/spec.replicas=1",), label="standalone", if_field=_ALPHA,
    main=(_config(), MainContainer("standalone", f"{_UPDATER}, apis/milvus.io/v1alpha1/milvus_webhook.go ConvertSpecTo",
                                   shorthand=Shorthand("/spec.resources", "requirements"), first=True)),
)  # fmt: skip

_UPGRADING: Final = FieldIn("spec.operation", ("rollback",), default="upgrade", negate=True)


def _task(kind: str, state: str) -> PodPath:
    task = MainContainer(kind, f"{_REPO} pkg/controllers/milvusupgrade_fsm.go startTaskPod ({state})")
    return PodPath("spec", "operator", count=("1",), label=kind, main=(task,), empty_when_absent=True, always_made=True, if_field=_UPGRADING)


MILVUS_KINDS: Final = (
    WorkloadKind(_GROUP, "Milvus", (*_milvus(False), _ALPHA_STANDALONE), f"{_REPO} apis/milvus.io/v1beta1/components_types.go"),
    WorkloadKind(_GROUP, "MilvusCluster", _milvus(True), f"{_REPO} apis/milvus.io/v1alpha1/milvuscluster_types.go"),
    WorkloadKind(_GROUP, "MilvusUpgrade", (_task("backup-meta", "BackupMeta"), _task("update-meta", "UpdatingMeta")),
                 f"{_REPO} apis/milvus.io/v1beta1/milvusupgrade_types.go"),
)
