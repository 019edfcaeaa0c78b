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
path, ``.Files.Glob`` of a quoted pattern (the files it matches, also through
``.AsConfig``/``.AsSecrets`` of its result), or ``.Files.Get`` (``GetBytes``,
``Lines``) of a ``$variable`` the file binds once, as the key of a ``range``
over such a ``Glob`` (cloudnative-pg/charts @b21ad2dac799
charts/cluster/templates/prometheus-rule.yaml: ``range $path, $_ :=
.Files.Glob "prometheus_rules/**.yaml"`` then ``tpl ($.Files.Get $path)``);
any other use (a computed path, ``$.Files`` passed on) may read any file, and
then every file stays the chart's. A ``Glob`` pattern is matched as helm
does (helm/helm @e9b85e4de16a pkg/engine/files.go ``Glob``:
``glob.Compile(pattern, '/')`` of gobwas/glob v0.2.3 against the chart-relative
``/`` path; a pattern that does not compile is ``**``): ``*`` and ``?`` within a
name, ``**`` across names, ``[...]`` (``[!...]``) a class, ``{a,b}``
alternatives, a backslash an escape. The
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

from pod_resources_cli.source.glob_braces import Unclosed, expand_braces, in_class

__all__ = ["glob_matches", "unread"]

_MAX_FILES: Final = 2000
_MAX_BYTES: Final = 1 << 20
_FILES: Final = re.compile(r"\bFiles\b")
_LITERAL: Final = re.compile(r"""\bFiles\.(?:Get|GetBytes|Lines)\s+"([^"\\]+)\"""")
# a chart's own files that have a role of their own (pkg/chart/loader/load.go): never a manifest of its own here
_ROLES: Final = frozenset({"Chart.yaml", "Chart.lock", "requirements.yaml", "requirements.lock", "values.schema.json", "values.yaml"})
_DEPENDENCIES: Final = re.compile(r"^dependencies\s*:", re.MULTILINE)
_GLOB: Final = re.compile(r"""\bFiles\.Glob\s+"([^"\\]+)\"""")
# range $key, $value := .Files.Glob "pattern": $key is one of the paths the pattern matches
_RANGE_GLOB: Final = re.compile(r"""\brange\s+\$(\w+)\s*,\s*\$\w*\s*:=\s*\(?\s*\$?\.Files\.Glob\s+"([^"\\]+)\"""")
_VARIABLE_READ: Final = re.compile(r"\bFiles\.(?:Get|GetBytes|Lines)\s+\$(\w+)\b(?![.\w])")
_MAX_PATTERN: Final = 512
_MAX_ALTERNATIVES: Final = 64


def unread(path: str, chart: str) -> bool:
    """``path`` (absolute, in ``chart`` and not under its ``templates/``, ``crds/`` or a subchart) is a YAML or JSON
    file none of the chart's templates can read."""
    rel = os.path.relpath(path, chart).split(os.sep)
    if len(rel) == 1 and rel[0] in _ROLES or rel[0] in ("templates", "crds", "charts", "ci"):
        return False
    reads = _read_names(chart)
    if reads is None:
        return False
    names, globs = reads
    name = "/".join(rel)
    return name not in names and not any(glob_matches(g, name) for g in globs)


@lru_cache(maxsize=256)
def _read_names(chart: str) -> tuple[frozenset[str], tuple[str, ...]] | None:
    """The paths (``/``-separated, from the chart) its templates read by name, and the ``Glob`` patterns they
    read with; None when they may read any."""
    if _undeclared_dependencies(chart):
        return None
    names: set[str] = set()
    globs: set[str] = set()
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
            patterns = _GLOB.findall(text)
            ranged = _ranged(text)
            by_variable = [v for v in _VARIABLE_READ.findall(text) if v in ranged]
            if len(_FILES.findall(text)) != len(literal) + len(patterns) + len(by_variable):
                return None
            names.update(n.removeprefix("./") for n in literal)
            globs.update(patterns)  # a ranged variable's pattern is among them: its Glob is a Files word of its own
    return frozenset(names), tuple(sorted(globs))


def _ranged(text: str) -> frozenset[str]:
    """The variables a template binds once, as the key of a ``range`` over a ``.Files.Glob`` of a quoted pattern."""
    out = set()
    for variable, _pattern in _RANGE_GLOB.findall(text):
        bound = rf"\${variable}\s*:?=(?!=)|\${variable}\s*,\s*\$\w*\s*:?=|\$\w*\s*,\s*\${variable}\s*:?="
        if len(re.findall(bound, text)) == 1:
            out.add(variable)
    return frozenset(out)


def glob_matches(pattern: str, name: str) -> bool:
    """gobwas/glob's ``Match`` of ``pattern`` compiled with the separator ``/`` (helm's ``Files.Glob``), by a table
    of reachable positions, never by backtracking. A pattern that does not compile is ``**`` as in helm; one longer
    than ``_MAX_PATTERN`` or with more than ``_MAX_ALTERNATIVES`` expansions is taken to match every file (the file
    stays the chart's)."""
    if len(pattern) > _MAX_PATTERN:
        return True
    try:
        alternatives = expand_braces(pattern, _MAX_ALTERNATIVES)
    except Unclosed:
        alternatives = ["**"]  # helm: glob.Compile fails, "**"
    if alternatives is None:
        return True
    for alternative in alternatives:
        tokens = _tokens(alternative)
        if tokens is None:
            return True  # helm: glob.Compile("**")
        if _match(tokens, name):
            return True
    return False


# a token: ("c", char), ("*", ""), ("**", ""), ("?", ""), ("[", chars-and-ranges) or ("[!", ...)
_Token = tuple[str, str]


def _tokens(pattern: str) -> list[_Token] | None:
    """The tokens of a brace-free pattern; None where it does not compile (a class not closed, a trailing ``\\``)."""
    out: list[_Token] = []
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            if i + 1 >= len(pattern):
                return None
            out.append(("c", pattern[i + 1]))
            i += 2
        elif c == "*":
            if i + 1 < len(pattern) and pattern[i + 1] == "*":
                out.append(("**", ""))
                i += 2
            else:
                out.append(("*", ""))
                i += 1
        elif c == "?":
            out.append(("?", ""))
            i += 1
        elif c == "[":
            end = pattern.find("]", i + 1)
            if end < 0:
                return None
            body = pattern[i + 1 : end]
            negated = body.startswith("!")
            out.append(("[!" if negated else "[", body[1:] if negated else body))
            i = end + 1
        else:
            out.append(("c", c))
            i += 1
    return out


def _match(tokens: list[_Token], name: str) -> bool:
    """The positions of ``name`` reachable after each token: ``*`` extends over non-``/`` characters, ``**`` over
    any; linear in the name per token."""
    reach = [True] + [False] * len(name)
    for kind, body in tokens:
        new = [False] * (len(name) + 1)
        if kind in ("*", "**"):
            carry = False
            for j in range(len(name) + 1):
                if kind == "*" and j > 0 and name[j - 1] == "/":
                    carry = False
                carry = carry or reach[j]
                new[j] = carry
        else:
            for j in range(len(name)):
                if not reach[j]:
                    continue
                c = name[j]
                if kind == "c":
                    ok = c == body
                elif kind == "?":
                    ok = c != "/"
                elif kind == "[":
                    ok = in_class(body, c)
                else:
                    ok = not in_class(body, c)
                new[j + 1] = ok
        reach = new
        if not any(reach):
            return False
    return reach[len(name)]


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
