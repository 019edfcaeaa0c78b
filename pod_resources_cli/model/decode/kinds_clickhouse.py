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
merged into installations. An installation without pod templates is not
given pods here.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import PodPath, WorkloadKind

_REPO: Final = "Altinity/clickhouse-operator"
_MERGED: Final = ("the clickhouse-operator merges the ClickHouseInstallationTemplates named in spec.useTemplates and its "
                  "configuration's auto templates into the installation")  # fmt: skip
_TYPES: Final = f"{_REPO} pkg/apis/clickhouse.altinity.com/v1/type_templates.go"


def _kind(group: str, kind: str, preset: bool = False) -> WorkloadKind:
    path = PodPath("spec.templates.podTemplates[*]", name="name", as_written=_MERGED, preset=preset)
    return WorkloadKind(group, kind, (path,), _TYPES)


CLICKHOUSE_KINDS: Final = (
    _kind("clickhouse.altinity.com", "ClickHouseInstallation"),
    _kind("clickhouse.altinity.com", "ClickHouseInstallationTemplate", preset=True),
    _kind("clickhouse-keeper.altinity.com", "ClickHouseKeeperInstallation"),
)  # fmt: skip
