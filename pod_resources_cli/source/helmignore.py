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

The file is the repository's: 64 KiB of it are read, at most 1,000 rules
(more, and it is not followed: the chart's files stay the chart's), each
matched by ``go_match``, Go's own algorithm, which costs a pattern of m
characters O(m*n) on a name of n (a regular expression of the same pattern
can backtrack for ages); a directory's answer is kept, so each file costs
its own name's match only.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Final

from pod_resources_cli.records import dataclass

__all__ = ["HELMIGNORE", "BadPattern", "go_match", "ignored"]

HELMIGNORE: Final = ".helmignore"
_MAX_BYTES: Final = 1 << 16
_MAX_RULES: Final = 1000  # a real .helmignore holds a few dozen


@dataclass(frozen=True, slots=True)
class _Rule:
    pattern: str  # Go's filepath.Match syntax (match.py below), checked well-formed
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
    return _directory_ignored(chart, "/".join(parts[:-1])) or _ignores(rules, "/".join(parts), is_dir=False)


@lru_cache(maxsize=4096)
def _directory_ignored(chart: str, directory: str) -> bool:
    """The chart's directory ``directory`` (``/``-separated, "" for the chart
    itself) or one above it is skipped whole (each decided once)."""
    if not directory:
        return False
    parent, _, _ = directory.rpartition("/")
    return _directory_ignored(chart, parent) or _ignores(_rules(chart), directory, is_dir=True)


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
    return go_match(rule.pattern, name if rule.whole_path else name.rpartition("/")[2])


@lru_cache(maxsize=256)
def _rules(chart: str) -> tuple[_Rule, ...]:
    """The chart's rules; none when it has no readable ``.helmignore`` (a link
    is not followed), helm would refuse it, or it holds more than
    ``_MAX_RULES`` (a hostile one: its files then stay the chart's)."""
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
        if "**" in rule or not _well_formed(rule) or len(rules) == _MAX_RULES:
            return ()  # ParseFile fails: helm loads no chart at all
        negate = rule.startswith("!")
        rule = rule[1:] if negate else rule
        must_dir = rule.endswith("/")
        rule = rule[:-1] if must_dir else rule
        whole_path = "/" in rule
        rules.append(_Rule(rule[1:] if rule.startswith("/") else rule, negate, must_dir, whole_path))
    return tuple(rules)


def _well_formed(pattern: str) -> bool:
    """parseRule's check: ``filepath.Match(rule, "abc")`` returns no error."""
    try:
        go_match(pattern, "abc")
    except BadPattern:
        return False
    return True


# -- Go's path/filepath.Match (go/src/path/filepath/match.go, go1.22), on Unix --------------
# Each chunk (a run of stars, then text up to the next star) is matched at the
# leftmost place it fits, never revisited: at most len(name) tries a chunk, so a
# pattern of m characters against a name of n costs O(m*n), whatever it holds.


class BadPattern(ValueError):
    """filepath.ErrBadPattern."""


def go_match(pattern: str, name: str) -> bool:
    """``filepath.Match(pattern, name)`` with ``/`` as the separator; BadPattern when Go says ErrBadPattern."""
    while pattern:
        star, chunk, pattern = _scan_chunk(pattern)
        if star and not chunk:
            return "/" not in name  # a trailing star matches the rest, unless it holds a separator
        rest = _match_chunk(chunk, name)
        if rest is not None and (not rest or pattern):
            name = rest
            continue
        if star and (skipped := _after_skip(chunk, name, last=not pattern)) is not None:
            name = skipped
            continue
        while pattern:  # no match: the rest of the pattern must still be well formed
            _, chunk, pattern = _scan_chunk(pattern)
            _match_chunk(chunk, "")
        return False
    return not name


def _after_skip(chunk: str, name: str, last: bool) -> str | None:
    """A star before ``chunk``: the rest of ``name`` once the chunk matches
    after skipping 1, 2... characters (never a separator), or None; the last
    chunk must use up the name."""
    for i in range(len(name)):
        if name[i] == "/":
            return None
        rest = _match_chunk(chunk, name[i + 1 :])
        if rest is not None and not (last and rest):
            return rest
    return None


def _scan_chunk(pattern: str) -> tuple[bool, str, str]:
    star = False
    while pattern.startswith("*"):
        pattern, star = pattern[1:], True
    in_range, i = False, 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            if i + 1 < len(pattern):
                i += 1
        elif c == "[":
            in_range = True
        elif c == "]":
            in_range = False
        elif c == "*" and not in_range:
            break
        i += 1
    return star, pattern[:i], pattern[i:]


def _match_chunk(chunk: str, s: str) -> str | None:
    """What is left of ``s`` once ``chunk`` (no star outside a class) matches its start, or None;
    the whole chunk is read even after a failure, to find a malformed one."""
    failed = False
    while chunk:
        if not failed and not s:
            failed = True
        c = chunk[0]
        if c == "[":
            r = ""
            if not failed:
                r, s = s[0], s[1:]
            chunk = chunk[1:]
            negated = chunk.startswith("^")
            if negated:
                chunk = chunk[1:]
            matched, ranges = False, 0
            while True:
                if chunk.startswith("]") and ranges > 0:
                    chunk = chunk[1:]
                    break
                lo, chunk = _get_esc(chunk)
                hi = lo
                if chunk[0] == "-":
                    hi, chunk = _get_esc(chunk[1:])
                if lo <= r <= hi:
                    matched = True
                ranges += 1
            if matched == negated:
                failed = True
        elif c == "?":
            if not failed:
                if s[0] == "/":
                    failed = True
                s = s[1:]
            chunk = chunk[1:]
        else:
            if c == "\\":
                chunk = chunk[1:]
                if not chunk:
                    raise BadPattern(chunk)
            if not failed:
                if chunk[0] != s[0]:
                    failed = True
                s = s[1:]
            chunk = chunk[1:]
    return None if failed else s


def _get_esc(chunk: str) -> tuple[str, str]:
    if not chunk or chunk[0] in "-]":
        raise BadPattern(chunk)
    if chunk[0] == "\\":
        chunk = chunk[1:]
        if not chunk:
            raise BadPattern(chunk)
    rest = chunk[1:]
    if not rest:
        raise BadPattern(chunk)
    return chunk[0], rest
