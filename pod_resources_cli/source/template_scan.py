"""Template marks in text that did not parse, found in one pass.

yamldoc.looks_like_template asks whether a file holds a ``{{ ... }}``
action, a Jinja ``{% name ... %}`` statement or a Terraform ``%{ if ... }``
directive, and in a ``.json`` file only outside its strings. As regular
expressions (``\\{\\{.*?\\}\\}``, ``"(?:[^"\\\\\\n]|\\\\.)*"``) each search tries
every opening mark and scans on from it to the end of the text or of the
line: a file of 2 MB of ``{{`` (or ``"\\"``) with no closing mark took
minutes. Here the closing mark after a position is looked up once and
reused for every opening before it, so the cost is linear; the answers are
the expressions'.
"""

from __future__ import annotations

import re
from typing import Final


def first_between(data: bytes, opener: bytes, closer: bytes) -> tuple[int, int] | None:
    """The span of the first ``opener ... closer`` (across lines, the shortest): ``opener.*?closer`` with DOTALL."""
    start = data.find(opener)
    if start < 0:
        return None
    end = data.find(closer, start + len(opener))  # the first opener has the nearest closer after it, if any has
    return None if end < 0 else (start, end + len(closer))


def has_directive(data: bytes, opener: bytes, head: re.Pattern[bytes], closer: bytes, not_after: int | None = None) -> bool:
    """An ``opener`` that ``head`` matches right after, with a ``closer`` later on the line where ``head`` ends
    (``opener`` + ``head`` + ``[^\\n]*?`` + ``closer``); ``not_after``: a byte that must not come just before
    the opener (``%%{`` is Terraform's escaped text)."""
    close = line_end = -1  # the nearest closer and newline at or after the last place asked
    at = data.find(opener)
    while at >= 0:
        found = None if not_after is not None and at > 0 and data[at - 1] == not_after else head.match(data, at + len(opener))
        if found is not None:
            after = found.end()
            if close < after:
                close = data.find(closer, after)
                if close < 0:
                    return False  # no closer anywhere after: none of the later openers has one either
            if line_end < after:
                line_end = data.find(b"\n", after)
                if line_end < 0:
                    line_end = len(data)
            if close < line_end:
                return True
        at = data.find(opener, at + 1)
    return False


_STRING_MARKS: Final = re.compile(rb'["\\\n]')


def blank_json_strings(data: bytes) -> bytes:
    """``data`` with each JSON string on one line written ``""``: ``"(?:[^"\\\\\\n]|\\\\.)*"`` replaced.
    A string left open at the end of its line closes no later quote of that line either (each of them
    is escaped as the first one's was), so the scan goes on from the next line."""
    out: list[bytes] = []
    done = 0  # data[:done] is written
    start = -1  # the opening quote of the string being read, or -1
    skip = -1  # the character a backslash escapes
    for mark in _STRING_MARKS.finditer(data):
        i = mark.start()
        if i == skip:
            continue
        char = data[i]
        if start < 0:
            if char == 0x22:  # '"'
                start = i
            continue
        if char == 0x5C:  # '\\': it escapes the next character, unless that ends the line
            if i + 1 < len(data) and data[i + 1] != 0x0A:
                skip = i + 1
            else:
                start = -1  # open at the end of its line (the quotes before were escaped: none opens a string)
        elif char == 0x0A:
            start = -1
        else:  # the closing quote
            out.append(data[done:start])
            out.append(b'""')
            done, start = i + 1, -1
    out.append(data[done:])
    return b"".join(out)
