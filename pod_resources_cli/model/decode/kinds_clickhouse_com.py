"""ClickHouse Inc.'s own operator (ClickHouse/clickhouse-operator 581494e3f6c1,
clickhouse.com/v1alpha1): a KeeperCluster and a ClickHouseCluster are pods the
operator builds, one StatefulSet of one pod for each replica
(internal/controller/keeper/templates.go and internal/controller/clickhouse/
templates.go templateStatefulSet: ``Replicas: ptr.To[int32](1)``), each of a
single container whose resources are ``spec.containerTemplate.resources``:
``clickhouse-keeper`` and ``clickhouse-server`` (constants.go ContainerName).
``spec.podTemplate`` is no PodSpec: the operator copies its scheduling fields
(node selector, affinity, tolerations...) and no priority class.

Before each reconcile the controller fills in the spec's defaults (controller.go
Reconcile calls ``cc.Webhook.Default``, also when the webhook is off:
api/v1alpha1/keepercluster_types.go and clickhousecluster_types.go
WithDefaults, defaults.go), by internal/controllerutil/common.go ApplyDefault:
a nil map takes the default's whole, a written one the default's keys it
lacks, and a zero value under a written pointer the default's. So the
container's requests are cpu 250m and memory 256Mi and its limits cpu 1 and
memory 1Gi, each key the template does not write; and a written
``replicas: 0`` or ``shards: 0`` counts as unset.

- KeeperCluster: ``spec.replicas`` pods (3; the CRD allows 0, 1, 3, 5... 15).
- ClickHouseCluster: ``spec.shards`` (1) x ``spec.replicas`` (3) pods
  (clickhouse/sync.go: ``for shard := range Shards()``, ``for index := range
  Replicas()``).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "ClickHouse/clickhouse-operator"
_DEFAULTS: Final = OperatorDefaults(requests=(("cpu", "250m"), ("memory", "256Mi")), limits=(("cpu", "1"), ("memory", "1Gi")), merge=True)


def _pod(label: str, container: str, component: str, count: tuple[str, ...]) -> PodPath:
    main = MainContainer(
        container, f"{_REPO} internal/controller/{component}/templates.go templateStatefulSet, api/v1alpha1/defaults.go (ApplyDefault)",
        shorthand=Shorthand("/spec.containerTemplate.resources", "requirements"), defaults=(_DEFAULTS,),
    )  # fmt: skip
    return PodPath("spec", "operator", count=count, label=label, main=(main,), empty_when_absent=True)


CLICKHOUSE_COM_KINDS: Final = (
    WorkloadKind("clickhouse.com", "KeeperCluster", (_pod("keeper", "clickhouse-keeper", "keeper", ("/spec.replicas=3!",)),),
                 f"{_REPO} api/v1alpha1/keepercluster_types.go"),
    WorkloadKind("clickhouse.com", "ClickHouseCluster",
                 (_pod("clickhouse", "clickhouse-server", "clickhouse", ("/spec.shards=1!", "/spec.replicas=3!")),),
                 f"{_REPO} api/v1alpha1/clickhousecluster_types.go"),
)  # fmt: skip
