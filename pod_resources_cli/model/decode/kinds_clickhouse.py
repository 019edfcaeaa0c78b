"""Altinity's clickhouse-operator (Altinity/clickhouse-operator 50e8d0490678):
ClickHouseInstallation (clickhouse.altinity.com) and ClickHouseKeeperInstallation
(clickhouse-keeper.altinity.com) keep pod templates in
``spec.templates.podTemplates[*]`` (pkg/apis/clickhouse.altinity.com/v1/
type_templates.go PodTemplate: ``name``, ``metadata``, ``spec`` a PodSpec).

Each host's StatefulSet takes the template its cluster, shard or replica
names (or ``defaults.templates.podTemplate``); the operator takes the
container named ``clickhouse``, else the first one, as ClickHouse's
(container.go getContainerClickHouse: ``StatefulSetContainerGet(sts,
"clickhouse", 0)``), adds a default one without resources only to a template
with no container (pkg/model/chi/creator/container.go
ensureContainerSpecifiedClickHouse; not made up here), and sets no resources
of its own: the written containers are the pod's. How many hosts use a template depends on the layout (no count
here), and the operator merges ClickHouseInstallationTemplates into the
installation, those named in ``spec.useTemplates`` and the auto templates of
its configuration (pkg/model/chi/normalizer/templates_cr/chi.go
prepareListOfAutoTemplates; OperatorConfig.GetAutoTemplates): the pods are
**as written**. A ClickHouseInstallationTemplate's pod templates are presets
merged into installations.

A ClickHouseInstallation without pod templates still gets one StatefulSet a host,
from the operator's default template (pkg/model/common/creator/
pod_template.go getPodTemplate: a host whose template is not found takes
newAppPodTemplateDefault): the container ``clickhouse`` with no resources
(pkg/model/chi/creator/container.go newDefaultContainerClickHouse), and
``clickhouse-log``, also without resources, where a log volume claim
template is the host's (stateful-set-application.go stsSetupLogContainer;
newDefaultContainerLog; written here in ``spec.defaults.templates`` or the
cluster's ``templates``). The hosts of a cluster are its
``layout.shardsCount`` x ``layout.replicasCount``, each 1 when unset or 0
(pkg/model/chi/normalizer/normalizer.go
normalizeClusterLayoutShardsCountAndReplicasCount); a layout listing
``shards`` or ``replicas`` (whose lengths and counts can raise those) is
not counted here. These pods too are as written: templates merged in may
bring a pod template.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, WorkloadKind

_REPO: Final = "Altinity/clickhouse-operator"
_MERGED: Final = ("the clickhouse-operator merges the ClickHouseInstallationTemplates named in spec.useTemplates and its "
                  "configuration's auto templates into the installation")  # fmt: skip
_TYPES: Final = f"{_REPO} pkg/apis/clickhouse.altinity.com/v1/type_templates.go"


_CREATOR: Final = f"{_REPO} pkg/model/chi/creator/container.go"
# the default template's pods: only where no pod template is written and no cluster lists its shards or replicas
_DEFAULT_TEMPLATE: Final = (
    FieldIn("spec.templates.podTemplates", (), match="written", negate=True),
    FieldIn("spec.configuration.clusters[*].layout.shards", (), match="written", negate=True),
    FieldIn("spec.configuration.clusters[*].layout.replicas", (), match="written", negate=True),
)
_LOG_VOLUME: Final = ((FieldIn("/spec.defaults.templates.logVolumeClaimTemplate", (), match="written"),),
                      (FieldIn("templates.logVolumeClaimTemplate", (), match="written"),))  # fmt: skip


def _default_pods() -> PodPath:
    """Each cluster's hosts on the operator's default template (newAppPodTemplateDefault)."""
    mains = (
        MainContainer("clickhouse", f"{_CREATOR} newDefaultContainerClickHouse"),
        MainContainer("clickhouse-log", f"{_CREATOR} newDefaultContainerLog", if_any=_LOG_VOLUME),
    )
    return PodPath("spec.configuration.clusters[*]", "operator", name="name", count=("layout.shardsCount=1!", "layout.replicasCount=1!"),
                   main=mains, as_written=_MERGED, if_field=_DEFAULT_TEMPLATE)  # fmt: skip


def _kind(group: str, kind: str, preset: bool = False) -> WorkloadKind:
    path = PodPath("spec.templates.podTemplates[*]", name="name", as_written=_MERGED, preset=preset)
    return WorkloadKind(group, kind, (path, *(() if preset or group != "clickhouse.altinity.com" else (_default_pods(),))), _TYPES)


CLICKHOUSE_KINDS: Final = (
    _kind("clickhouse.altinity.com", "ClickHouseInstallation"),
    _kind("clickhouse.altinity.com", "ClickHouseInstallationTemplate", preset=True),
    _kind("clickhouse-keeper.altinity.com", "ClickHouseKeeperInstallation"),
)  # fmt: skip
