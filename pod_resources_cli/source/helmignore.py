"""A chart's ``.helmignore``: the files helm leaves out of the chart.

helm loads a chart directory by walking it (helm/helm 0a0eaff3da1a
pkg/chart/loader/directory.go LoadDir): each directory and file is named by
its path from the chart's root, ``/``-separated; a directory the rules
ignore is skipped whole (``filepath.SkipDir``), a file they ignore is never
read. Such a file is no part of the chart: no template, no values file, no
``.Files.Get`` data. open-telemetry/opentelemetry-helm-charts ignores
``examples/``, where it keeps each example's ``helm template`` output,
manifests to apply as they are.

The rules (helm/helm 090d64d14ac8 pkg/ignore/rules.go): one pattern a line,
trimmed; blank lines and ``#`` comments skipped; a pattern holding ``**``,
or one Go's ``filepath.Match`` refuses, makes the file unreadable (helm then
fails: nothing is taken as ignored here). A leading ``!`` negates, a
trailing ``/`` matches directories only; a pattern starting with ``/`` or
holding ``/`` is matched against the whole path, any other against the last
name only. The rules are tried in order and the first that decides wins: a
matching rule ignores; a negated rule ignores what it does not match (and
any file, for a directory rule), and lets a match go on to the next rule.
Helm adds ``templates/.?*`` after the file's own rules (AddDefaults): not
needed here, a template is never read as a manifest.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

__all__ = ["HELMIGNORE", "ignored"]

HELMIGNORE: Final = ".helmignore"
_MAX_BYTES: Final = 1 << 16


@dataclass(frozen=True, slots=True)
class _Rule:
    pattern: re.Pattern[str]
    negate: bool
    must_dir: bool
    whole_path: bool


def ignored(chart: str, path: str) -> bool:
    """Whether helm leaves the file ``path`` (absolute, inside ``chart``) out
    of the chart: one of its directories, or itself, is ignored."""
    rules = _rules(chart)
    if not rules:
        return False
    parts = os.path.relpath(path, chart).split(os.sep)
    for depth in range(1, len(parts)):
        if _ignores(rules, "/".join(parts[:depth]), is_dir=True):
            return True
    return _ignores(rules, "/".join(parts), is_dir=False)


def _ignores(rules: tuple[_Rule, ...], name: str, is_dir: bool) -> bool:
    for rule in rules:
        if rule.negate:
            if rule.must_dir and not is_dir:
                return True
            if not _match(rule, name):
                return True
            continue
        if rule.must_dir and not is_dir:
            continue
        if _match(rule, name):
            return True
    return False


def _match(rule: _Rule, name: str) -> bool:
    return rule.pattern.fullmatch(name if rule.whole_path else name.rpartition("/")[2]) is not None


@lru_cache(maxsize=256)
def _rules(chart: str) -> tuple[_Rule, ...]:
    """The chart's rules; none when it has no readable ``.helmignore`` (a link is not followed) or helm would refuse it."""
    path = os.path.join(chart, HELMIGNORE)
    if os.path.islink(path) or not os.path.isfile(path):
        return ()
    try:
        with open(path, "rb") as fh:
            text = fh.read(_MAX_BYTES).decode("utf-8", "replace")
    except OSError:
        return ()
    rules: list[_Rule] = []
    for line in text.splitlines():
        rule = line.strip()
        if not rule or rule.startswith("#"):
            continue
        if "**" in rule:
            return ()  # ParseFile fails: helm loads no chart at all
        negate = rule.startswith("!")
        rule = rule[1:] if negate else rule
        must_dir = rule.endswith("/")
        rule = rule[:-1] if must_dir else rule
        whole_path = "/" in rule
        pattern = _go_match(rule[1:] if rule.startswith("/") else rule)
        if pattern is None:
            return ()
        rules.append(_Rule(pattern, negate, must_dir, whole_path))
    return tuple(rules)


def _go_match(pattern: str) -> re.Pattern[str] | None:
    """Go's ``filepath.Match`` pattern as a regular expression: ``*`` and
    ``?`` never cross a ``/``, ``[...]`` a class (``^`` negates, ranges and
    ``\\`` escapes as Python reads them), ``\\`` escapes; None for a
    malformed one (ErrBadPattern)."""
    out: list[str] = []
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if c == "*":
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        elif c == "\\":
            if i + 1 >= len(pattern):
                return None
            i += 1
            out.append(re.escape(pattern[i]))
        elif c == "[":
            end = pattern.find("]", i + 2 if pattern[i + 1 : i + 2] in ("^", "]") else i + 1)
            if end < 0:
                return None
            body = pattern[i + 1 : end]
            negated = body.startswith("^")
            body = body[1:] if negated else body
            if not body:
                return None
            out.append(f"[{'^' if negated else ''}{body.replace('[', chr(92) + '[')}]")
            i = end
        else:
            out.append(re.escape(c))
        i += 1
    try:
        return re.compile("".join(out))
    except re.error:
        return None
