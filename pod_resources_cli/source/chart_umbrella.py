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
at most ``MAX_BYTES``, inside the chart's directory; anything unreadable or malformed gives no dependency.
"""

from __future__ import annotations

import os
from typing import Any, Final

MAX_BYTES: Final = 1 << 20


def umbrella_dependencies(chart: str) -> tuple[str, ...]:
    """The names (``alias``, else ``name``) of the dependencies ``chart``'s Chart.yaml declares, in its order;
    () where it declares none or cannot be read."""
    chart_yaml = _mapping(os.path.join(chart, "Chart.yaml"), chart)
    if chart_yaml is None:
        return ()
    version = chart_yaml.get("apiVersion")
    if version == "v2":
        entries = chart_yaml.get("dependencies")
    elif version == "v1":
        requirements = _mapping(os.path.join(chart, "requirements.yaml"), chart)
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


def _mapping(path: str, chart: str) -> dict[str, Any] | None:
    """The first YAML document of ``path`` if it is a mapping, read only inside ``chart``."""
    from pod_resources_cli.source.boundary import Boundary
    from pod_resources_cli.source.discover import read_source
    from pod_resources_cli.source.yamldoc import Document, load_documents

    if not os.path.isfile(path) or Boundary((os.path.realpath(chart),)).refusal(path) is not None:
        return None
    source = read_source(path, MAX_BYTES)
    if source.data is None or len(source.data) > MAX_BYTES:
        return None
    docs = [d for d in load_documents(path, source.data) if isinstance(d, Document)]
    data = docs[0].data if docs else None
    return data if isinstance(data, dict) else None
