"""A chart's files its templates never read: manifests kept beside the chart.

helm loads every file of a chart directory (helm/helm 0a0eaff3da1a
pkg/chart/loader/load.go LoadFiles): ``Chart.yaml``, ``values.yaml``, the
schema, ``requirements.*`` and ``templates/`` have their roles, every other
file goes to the chart's ``Files``, which only its templates can read
(pkg/engine/files.go: ``.Files.Get``, ``GetBytes``, ``Lines``, ``Glob``,
``AsConfig``, ``AsSecrets``) and helm never applies. A YAML file no
template of the chart can name is therefore no data helm reads: a manifest
kept in the chart's directory for users to apply by hand, read on its own
like any other file (feast-dev/feast @f0bc0700be70
infra/charts/feast-feature-server/samples: an OpenTelemetryCollector, a
Prometheus, RBAC; its opentelemetry.md says to add them from there).

Whether a template can name it is read from the templates' text: every
``Files`` word must be ``.Files.Get``, ``GetBytes`` or ``Lines`` of a quoted
path; any other use (``Glob``, ``AsConfig``, a computed path, ``$.Files``
passed on) may read any file, and then every file stays the chart's. The
templates of the charts vendored under ``charts/`` are read too (a library
chart's helper runs with the calling chart's ``.Files``); a chart that
declares dependencies it does not vendor keeps all its files (their helpers
are not here to read). Regular files only, links not followed; at most
``_MAX_FILES`` templates of ``_MAX_BYTES`` each, or all files stay the
chart's.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Final

__all__ = ["unread"]

_MAX_FILES: Final = 2000
_MAX_BYTES: Final = 1 << 20
_FILES: Final = re.compile(r"\bFiles\b")
_LITERAL: Final = re.compile(r"""\bFiles\.(?:Get|GetBytes|Lines)\s+"([^"\\]+)\"""")
# a chart's own files that have a role of their own (pkg/chart/loader/load.go): never a manifest of its own here
_ROLES: Final = frozenset({"Chart.yaml", "Chart.lock", "requirements.yaml", "requirements.lock", "values.schema.json", "values.yaml"})
_DEPENDENCIES: Final = re.compile(r"^dependencies\s*:", re.MULTILINE)


def unread(path: str, chart: str) -> bool:
    """``path`` (absolute, in ``chart`` and not under its ``templates/``, ``crds/`` or a subchart) is a YAML or JSON
    file none of the chart's templates can read."""
    rel = os.path.relpath(path, chart).split(os.sep)
    if len(rel) == 1 and rel[0] in _ROLES or rel[0] in ("templates", "crds", "charts", "ci"):
        return False
    names = _read_names(chart)
    return names is not None and "/".join(rel) not in names


@lru_cache(maxsize=256)
def _read_names(chart: str) -> frozenset[str] | None:
    """The paths (``/``-separated, from the chart) its templates read by name; None when they may read any."""
    if _undeclared_dependencies(chart):
        return None
    names: set[str] = set()
    pending = [os.path.join(chart, "templates"), os.path.join(chart, "charts")]
    if any(os.path.islink(p) for p in pending):
        return None  # not followed (it may lead out of the repository): its templates are unknown
    seen = 0
    while pending:
        directory = pending.pop()
        try:
            with os.scandir(directory) as entries:
                listed = list(entries)
        except OSError:
            continue
        for entry in listed:
            if entry.is_dir(follow_symlinks=False):
                pending.append(entry.path)
                continue
            if not entry.is_file(follow_symlinks=False) or _in_chart_dir(entry.path, chart) and not _a_template(entry.path, chart):
                continue
            seen += 1
            if seen > _MAX_FILES:
                return None
            try:
                with open(entry.path, "rb") as fh:
                    data = fh.read(_MAX_BYTES + 1)
            except OSError:
                return None
            if len(data) > _MAX_BYTES:
                return None
            text = data.decode("utf-8", "replace")
            literal = _LITERAL.findall(text)
            if len(_FILES.findall(text)) != len(literal):
                return None
            names.update(n.removeprefix("./") for n in literal)
    return frozenset(names)


def _in_chart_dir(path: str, chart: str) -> bool:
    return os.path.relpath(path, chart).split(os.sep)[0] == "charts"


def _a_template(path: str, chart: str) -> bool:
    """A file under ``charts/<name>/templates/`` (a vendored subchart's, at any depth); a packaged ``.tgz`` is not read."""
    rel = os.path.relpath(path, chart).split(os.sep)
    while len(rel) > 2 and rel[0] == "charts":
        rel = rel[2:]
    return rel[0] == "templates"


def _undeclared_dependencies(chart: str) -> bool:
    """The chart (Chart.yaml or requirements.yaml) declares dependencies and vendors none under ``charts/``."""
    declared = False
    for name in ("Chart.yaml", "requirements.yaml"):
        path = os.path.join(chart, name)
        if os.path.islink(path) or not os.path.isfile(path):
            continue
        try:
            with open(path, "rb") as fh:
                declared = declared or _DEPENDENCIES.search(fh.read(_MAX_BYTES).decode("utf-8", "replace")) is not None
        except OSError:
            return True
    if not declared:
        return False
    vendored = os.path.join(chart, "charts")
    try:
        with os.scandir(vendored) as entries:
            return not any(e.is_dir(follow_symlinks=False) for e in entries)
    except OSError:
        return True
