"""A Helm chart with no templates of its own whose pods come from its dependencies: an umbrella chart.

aws-containers/retail-store-sample-app @1a28474f2461 src/app/chart/Chart.yaml has no ``templates/``: its five
``dependencies`` (``alias`` cart, catalog, checkout, orders, ui) are the charts at ``file://../../cart/chart``...,
and its values.yaml configures them under those aliases. helm renders such a chart with each dependency's templates
(helm/helm @e9b85e4de16a pkg/chart/v2/util/dependencies.go processDependencyEnabled: a dependency is known by its
``alias``, else its ``name``), once they are in ``charts/`` (pkg/action/dependency.go CheckDependencies refuses the
chart while one is missing: ``helm dependency build`` copies a ``file://`` one there). Where such a chart is not
rendered, its files are chart files (values, Chart.yaml) and none of its templates is counted: without this, lint
said nothing of it at all. ``umbrella_dependencies`` names the dependencies so the note can say what helm would
render with the chart's values.

Only the chart's ``Chart.yaml`` of ``apiVersion: v2`` (``dependencies``) or, for ``apiVersion: v1``, its
``requirements.yaml`` (helm's loader, pkg/chart/v2/loader/load.go, reads a v1 chart's dependencies there) is read,
as chart_yaml.chart_mapping reads it (inside the chart's directory, at most a MiB); anything unreadable or
malformed gives no dependency.
"""

from __future__ import annotations

import os

from pod_resources_cli.source.chart_yaml import chart_mapping


def umbrella_dependencies(chart: str) -> tuple[str, ...]:
    """The names (``alias``, else ``name``) of the dependencies ``chart``'s Chart.yaml declares, in its order;
    () where it declares none or cannot be read."""
    chart_yaml = chart_mapping(os.path.join(chart, "Chart.yaml"), chart)
    if chart_yaml is None:
        return ()
    version = chart_yaml.get("apiVersion")
    if version == "v2":
        entries = chart_yaml.get("dependencies")
    elif version == "v1":
        requirements = chart_mapping(os.path.join(chart, "requirements.yaml"), chart)
        entries = requirements.get("dependencies") if requirements is not None else None
    else:
        return ()
    if not isinstance(entries, list):
        return ()
    names: list[str] = []
    for entry in entries:
        if not isinstance(entry, dict):
            continue
        alias, name = entry.get("alias"), entry.get("name")
        key = alias if isinstance(alias, str) and alias else name
        if isinstance(key, str) and key:
            names.append(key)
    return tuple(names)

