"""A Helm chart's ``values.yaml`` whose dependency is bjw-s' app-template (or Zero to JupyterHub's
``jupyterhub`` chart, kinds_jupyterhub.py): the pods its values say.

Home labs wrap bjw-s' ``app-template`` chart in a chart of their own: its
``Chart.yaml`` lists ``app-template`` under ``dependencies`` (from
``https://bjw-s-labs.github.io/helm-charts``, the older ``bjw-s.github.io``
or the ``oci://ghcr.io/bjw-s...`` registries) and its ``values.yaml`` keeps
that chart's values under the dependency's ``alias``, else its ``name``
(khuedoan/homelab @cb046acfba61 apps/*/Chart.yaml and values.yaml: 13
charts). Helm passes a dependency the parent's values under that key
(processDependencyEnabled, coalesce.go), and the
dependency lives in ``charts/`` only after ``helm dependency build``, which
fetches it. Where the chart is not rendered (helm not on PATH, or helm failing
for the dependency missing from ``charts/``), its values are read instead
(kinds_apptemplate.chart_values_kind says what app-template renders from
them); a chart helm renders is read from helm's output alone.
Helm as read at helm/helm @e9b85e4de16a: pkg/chart/v2/util/dependencies.go
processDependencyConditions, pkg/chart/v2/loader/load.go.

Only the chart's own ``values.yaml`` (the file helm reads by default,
load.go) beside a ``Chart.yaml`` of ``apiVersion: v2`` is
read this way, that Chart.yaml through the boundary of the chart's
directory (chart_yaml.chart_mapping). A dependency whose ``condition`` names a
value that is false (the first of its comma-separated paths that holds a
boolean, as processDependencyConditions takes it) is not installed: no pod.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Final

from pod_resources_cli.model.decode.kinds_apptemplate import AppTemplateDependency

VALUES: Final = "values.yaml"
_CHART: Final = "app-template"
_REPOSITORIES: Final = re.compile(r"^(?:https?://bjw-s(?:-labs)?\.github\.io/helm-charts/?|oci://ghcr\.io/bjw-s(?:-labs)?/helm/?)$")
# Zero to JupyterHub's chart (kinds_jupyterhub.py), from its Helm repository or its GitHub Pages address
# (2i2c-org/infrastructure @743d3b4b0f4e helm-charts/basehub/Chart.yaml: values under ``jupyterhub``)
_JUPYTERHUB: Final = re.compile(r"^https://(?:hub\.jupyter\.org|jupyterhub\.github\.io)/helm-chart/?$")
_CHARTS: Final = {_CHART: _REPOSITORIES, "jupyterhub": _JUPYTERHUB}
_KEY: Final = re.compile(r"^[A-Za-z0-9_-]+$")  # a key a field path can name (no dot)
_VERSION: Final = re.compile(r"^\D*(\d+)(?:\.(\d+))?")


def app_template_dependency(path: str) -> AppTemplateDependency | None:
    """The app-template dependency of the chart whose ``values.yaml`` is ``path``; None for any other file."""
    if os.path.basename(path) != VALUES or not os.path.isfile(path):
        return None
    return _dependency(os.path.dirname(os.path.abspath(path)))


@lru_cache(maxsize=256)
def _dependency(directory: str) -> AppTemplateDependency | None:
    from pod_resources_cli.source.chart_yaml import chart_mapping

    chart = chart_mapping(os.path.join(directory, "Chart.yaml"), directory)
    if chart is None or chart.get("apiVersion") != "v2" or not isinstance(chart.get("dependencies"), list):
        return None
    for entry in chart["dependencies"]:
        if not isinstance(entry, dict) or entry.get("name") not in _CHARTS:
            continue
        upstream: str = entry["name"]
        repository = entry.get("repository")
        if not isinstance(repository, str) or _CHARTS[upstream].match(repository.strip()) is None:
            continue
        alias = entry.get("alias")
        key = alias if isinstance(alias, str) and alias else upstream
        if _KEY.match(key) is None:
            return None
        version = str(entry.get("version") or "")
        match = _VERSION.match(version)
        major = int(match.group(1)) if match else None
        minor = int(match.group(2)) if match and match.group(2) is not None else None
        name = chart.get("name")
        condition = entry.get("condition")
        own = name if isinstance(name, str) and name else os.path.basename(directory)
        return AppTemplateDependency(key, own, version, major, minor, condition if isinstance(condition, str) else None, upstream)
    return None
