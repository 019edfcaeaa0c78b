"""Plain text lines fitted to a terminal's width: a long line continues on the
next, indented under its own start (two more spaces), broken at spaces only
where possible. Lint's finding lines never pass here (editors parse them)."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable


def fit(lines: Iterable[str], width: int | None, *, hang: int = 2) -> list[str]:
    """``lines`` as they are without a width; else each wrapped to ``width``,
    continuing ``hang`` columns further in (2 where that leaves too little room)."""
    if width is None:
        return list(lines)
    out: list[str] = []
    for line in lines:
        if len(line) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip(" ")))
        more = indent + " " * (hang if len(indent) + hang <= width - 20 else 2)  # room for text on narrow screens
        wrapped = textwrap.wrap(line, width=max(width, len(more) + 10), subsequent_indent=more, break_on_hyphens=False)
        out += [indent + wrapped[0].lstrip(" "), *wrapped[1:]] if wrapped else [line]
    return out
