"""OceanBase's ob-operator: an OBCluster's observer pods (oceanbase.oceanbase.com,
oceanbase/ob-operator @9f1ab81d62fd api/v1alpha1/obcluster_types.go,
api/types/obzone_topology.go, observer_template.go, monitor_template.go,
resource.go).

The operator makes one OBZone per ``spec.topology[*]`` item
(internal/resource/obcluster/obcluster_task.go CreateOBZone: the cluster's
``observer`` and ``monitor`` templates), and each OBZone makes ``replica``
OBServers (internal/resource/obzone/obzone_task.go AddOBServer: ``for i :=
currentReplica; i < Topology.Replica``; ``replica`` is a plain int, 0 when
unset). An OBServer takes the zone item's own ``observer`` and ``monitor``
where they are written, each replacing the cluster's whole
(internal/resource/obzone/utils.go createOneOBServer: ``if
zoneTopo.OBServerTemplate != nil``). Its pod, one per OBServer
(internal/resource/observer/utils.go createOBPodSpec), holds:

- ``observer`` (internal/const/oceanbase ContainerName;
  createOBServerContainer): requests and limits both the template's
  ``resource.memory`` and, where it is not zero, ``resource.cpu``;
- ``obagent`` (internal/const/obagent ContainerName; createMonitorContainer),
  only where a monitor template is given: limits of the monitor's
  ``resource.memory`` and non-zero ``resource.cpu`` and no requests, which the
  API server defaults to the limits (so both are reported equal).

No init container. The defaulting webhook (api/v1alpha1/obcluster_webhook.go
Default) sets parameters and storage, never resources. The pod's
priorityClassName is the template's ``podFields.priorityClassName``
(createOBPodSpec).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "oceanbase/ob-operator"
_UTILS: Final = f"{_REPO} internal/resource/observer/utils.go"


def _zone(own: bool) -> PodPath:
    """A zone's observer pods: from the zone's own ``observer`` (``own``) or the cluster's."""
    observer = "observer" if own else "/spec.observer"
    monitor = MainContainer(
        "obagent", f"{_UTILS} createMonitorContainer (limits only; requests defaulted to them)",
        shorthand=Shorthand("monitor.resource", "equal", fallback="/spec.monitor.resource"),
        if_any=((FieldIn("monitor", (), match="written"),), (FieldIn("/spec.monitor", (), match="written"),)),
    )  # fmt: skip
    main = MainContainer("observer", f"{_UTILS} createOBServerContainer", shorthand=Shorthand(f"{observer}.resource", "equal"), first=True)
    written = FieldIn("observer", (), match="written", negate=not own)
    return PodPath("spec.topology[*]", "operator", name="zone", count=("replica=0",), label="observer", main=(main, monitor),
                   if_element=(written,), pod_fields=f"./{observer}.podFields" if own else "/spec.observer.podFields")  # fmt: skip


OCEANBASE_KINDS: Final = (
    WorkloadKind("oceanbase.oceanbase.com", "OBCluster", (_zone(True), _zone(False)), f"{_REPO} api/v1alpha1/obcluster_types.go"),
)
