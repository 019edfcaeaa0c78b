"""The parts two glob dialects share: ``{a,b}`` alternatives expanded, bounded, and a ``[...]`` class's test.

helm's ``.Files.Glob`` (gobwas/glob, chart_files.py) and Prow's ``config_updater`` keys (mattn/go-zglob,
prow_config.py) both write alternatives as ``{a,b}`` (nested, a backslash escaping the next character) and classes
as ``[abc]``, ``[a-z]``; each matches the expanded patterns its own way, by a table, never by backtracking.
"""

from __future__ import annotations


class Unclosed(ValueError):
    """A ``{`` without its ``}``: the caller's dialect decides (helm compiles no pattern; zglob matches nothing)."""


def expand_braces(pattern: str, limit: int) -> list[str] | None:
    """``pattern`` with each ``{a,b}`` expanded (escapes kept); None past ``limit`` expansions; Unclosed where a
    brace is not closed."""
    start, i = -1, 0
    while i < len(pattern):
        if pattern[i] == "\\":
            i += 2
            continue
        if pattern[i] == "{":
            start = i
            break
        i += 1
    if start < 0:
        return [pattern]
    depth, parts, last, i = 0, [], start + 1, start
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                parts.append(pattern[last:i])
                out: list[str] = []
                for part in parts:
                    more = expand_braces(pattern[:start] + part + pattern[i + 1 :], limit)
                    if more is None or len(out) + len(more) > limit:
                        return None
                    out.extend(more)
                return out
        elif c == "," and depth == 1:
            parts.append(pattern[last:i])
            last = i + 1
        i += 1
    raise Unclosed(pattern)


def in_class(body: str, c: str) -> bool:
    """``c`` is one of a class's characters or ranges (``body``: what stands between ``[`` and ``]``, a leading
    ``!`` already taken off)."""
    i = 0
    while i < len(body):
        if i + 2 < len(body) and body[i + 1] == "-":
            if body[i] <= c <= body[i + 2]:
                return True
            i += 3
        else:
            if body[i] == c:
                return True
            i += 1
    return False
