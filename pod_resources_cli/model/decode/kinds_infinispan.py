"""The Infinispan operator: Infinispan (infinispan.org/v1), Backup, Restore and
Batch (infinispan.org/v2alpha1); infinispan/infinispan-operator @16dba6cbde7e
api/v1/infinispan_types.go, api/v2alpha1/{backup,restore,batch}_types.go.
The operator builds every pod from the object's fields; no template is
written. Resources are strings ``<limit>`` (the request too) or
``<limit>:<request>`` (api/v1/types_util.go GetRequestLimits):

- an Infinispan's StatefulSet (pkg/reconcile/pipeline/infinispan/handler/
  provision/statefulsets.go ClusterStatefulSetSpec): ``spec.replicas`` pods
  (required by the CRD), the container ``infinispan`` with
  ``spec.container.memory`` (the webhook writes ``1Gi`` where it is empty:
  api/v1/infinispan_webhook.go Default, controllers/constants/constants.go
  DefaultMemorySize) and ``spec.container.cpu`` where written (pods.go
  PodResources); with ``spec.dependencies.artifacts`` the init container
  ``external-artifacts-download`` with ``spec.dependencies.initContainer``'s
  cpu and memory, none where neither is written (dependencies.go
  getInitContainerResources); the pod's priorityClassName is
  ``spec.scheduling.priorityClassName``;
- the config listener's Deployment (config_listener.go): one pod, made where
  ``spec.configListener`` is not written (the webhook writes ``enabled:
  true``) or writes ``enabled: true`` (IsConfigListenerEnabled; written
  without it, Go's false), the container ``infinispan-listener`` with
  ``spec.configListener``'s cpu and memory, none where neither is written
  (podResources returns nil);
- the Gossip Router's Deployment (gossiprouter.go): with
  ``spec.service.sites`` on a DataGrid service (the default type), unless
  ``spec.service.sites.local.discovery.launchGossipRouter`` is false (the
  webhook writes true and the type ``gossiprouter``, the only one), one pod
  whose container ``gossiprouter`` takes the discovery's cpu and memory,
  none where neither is written (gossipRouterPodResources); an Infinispan of
  0 replicas scales it to 0, not followed here;
- a Backup's or a Restore's zero-capacity pod (controllers/zero_controller.go
  zeroPodSpec): the container ``infinispan`` with ``spec.container`` as the
  cluster's (the webhooks write ``1Gi`` of memory where it is empty);
- a Batch's Job (controllers/batch_controller.go): one pod whose container
  ``batch`` takes ``spec.container`` (BatchResources): memory always once
  ``spec.container`` is written, ``0`` where it writes none (GetRequestLimits'
  error ignored, zero quantities; no webhook default), cpu where written;
  nothing where ``spec.container`` is not written.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "infinispan/infinispan-operator"
_PROVISION: Final = f"{_REPO} pkg/reconcile/pipeline/infinispan/handler/provision"
_WEBHOOK_MEMORY: Final = (("memory", "1Gi"),)  # controllers/constants/constants.go DefaultMemorySize


def _server(source: str) -> MainContainer:
    return MainContainer("infinispan", source, shorthand=Shorthand("/spec.container", "limit-request", defaults=_WEBHOOK_MEMORY))


def _infinispan_pods() -> tuple[PodPath, ...]:
    artifacts = MainContainer(
        "external-artifacts-download", f"{_PROVISION}/dependencies.go ApplyExternalArtifactsDownload",
        shorthand=Shorthand("/spec.dependencies.initContainer", "limit-request"), init=True,
        if_fields=(FieldIn("/spec.dependencies.artifacts[*]", (), match="written"),),
    )  # fmt: skip
    listener = MainContainer("infinispan-listener", f"{_PROVISION}/config_listener.go podResources", shorthand=Shorthand("/spec.configListener", "limit-request"))
    router = MainContainer(
        "gossiprouter", f"{_PROVISION}/gossiprouter.go gossipRouterPodResources",
        shorthand=Shorthand("/spec.service.sites.local.discovery", "limit-request"),
    )  # fmt: skip
    sites = (
        FieldIn("spec.service.sites", (), match="written"),
        FieldIn("spec.service.type", ("DataGrid",), default="DataGrid"),
        FieldIn("spec.service.sites.local.discovery.launchGossipRouter", ("false",), negate=True),
    )
    return (
        PodPath("spec", "operator", count=("/spec.replicas",), label="cluster", main=(_server(f"{_PROVISION}/statefulsets.go ClusterStatefulSetSpec"), artifacts),
                empty_when_absent=True, always_made=True, pod_fields="/spec.scheduling"),
        PodPath("spec.configListener", "operator", count=("1",), label="config-listener", main=(listener,), empty_when_absent=True, always_made=True,
                if_field=FieldIn("spec.configListener", (), match="written", negate=True)),
        PodPath("spec.configListener", "operator", count=("1",), label="config-listener", main=(listener,),
                if_field=FieldIn("spec.configListener.enabled", ("true",))),
        PodPath("spec.service.sites.local.discovery", "operator", count=("1",), label="gossip-router", main=(router,), empty_when_absent=True,
                always_made=True, if_field=sites),
    )  # fmt: skip


def _zero_pods(kind: str) -> tuple[PodPath, ...]:
    return (PodPath("spec", "operator", count=("1",), label=kind.lower(), main=(_server(f"{_REPO} controllers/zero_controller.go zeroPodSpec"),),
                    empty_when_absent=True, always_made=True),)  # fmt: skip


def _batch_pods() -> tuple[PodPath, ...]:
    source = f"{_REPO} controllers/batch_controller.go BatchResources"
    written = FieldIn("/spec.container", (), match="written")
    sized = MainContainer("batch", source, shorthand=Shorthand("/spec.container", "limit-request", defaults=(("memory", "0"),)), if_fields=(written,))
    unsized = MainContainer("batch", source, if_fields=(FieldIn("/spec.container", (), match="written", negate=True),))
    return (PodPath("spec", "operator", count=("1",), label="batch", main=(sized, unsized), empty_when_absent=True, always_made=True),)


INFINISPAN_KINDS: Final = (
    WorkloadKind("infinispan.org", "Infinispan", _infinispan_pods(), f"{_REPO} api/v1/infinispan_types.go"),
    WorkloadKind("infinispan.org", "Backup", _zero_pods("Backup"), f"{_REPO} api/v2alpha1/backup_types.go"),
    WorkloadKind("infinispan.org", "Restore", _zero_pods("Restore"), f"{_REPO} api/v2alpha1/restore_types.go"),
    WorkloadKind("infinispan.org", "Batch", _batch_pods(), f"{_REPO} api/v2alpha1/batch_types.go"),
)
