"""Reports written as they are made: renderers yield their text in pieces,
joined here into chunks of a size worth a write, so a report of a million
findings is never one string in memory."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final

CHUNK: Final = 1 << 16  # characters per write


def chunked(parts: Iterable[str], size: int = CHUNK) -> Iterator[str]:
    buffer: list[str] = []
    held = 0
    for part in parts:
        buffer.append(part)
        held += len(part)
        if held >= size:
            yield "".join(buffer)
            buffer, held = [], 0
    if buffer:
        yield "".join(buffer)


def lines(texts: Iterable[str]) -> Iterator[str]:
    """Each text as a line: what ``"\\n".join(texts) + "\\n"`` is, in pieces."""
    for text in texts:
        yield text
        yield "\n"


def json_items(items: Iterable[Any], indent: int) -> Iterator[str]:
    """A JSON array's items as ``json.dumps(..., indent=2)`` writes them when
    the array's opening bracket is at ``indent - 2`` spaces: ``[`` ... ``]``,
    or ``[]`` for none."""
    from pod_resources_cli.render.json_text import indented  # here: the text format, on pre-commit's path, does not load json

    return json_texts((indented(item, indent // 2) for item in items), indent)


def json_texts(texts: Iterable[str], indent: int, size: int = CHUNK) -> Iterator[str]:
    """``json_items`` of items already written (each ``indented(item, indent // 2)``),
    joined here into pieces of about ``size`` characters: a report's findings
    are many small texts, and passing each on alone cost more than writing them."""
    separator = ",\n" + " " * indent
    buffer: list[str] = []
    held = 0
    lead = "[\n" + " " * indent  # before the first piece's items; a separator before every later piece's
    for text in texts:
        buffer.append(text)
        held += len(text)
        if held >= size:
            yield lead + separator.join(buffer)
            buffer, held, lead = [], 0, separator
    if buffer:
        yield lead + separator.join(buffer) + "\n" + " " * (indent - 2) + "]"
    else:
        yield "[]" if lead != separator else "\n" + " " * (indent - 2) + "]"


def json_with_arrays(text: str, arrays: Mapping[str, tuple[Iterable[str], int]]) -> Iterator[str]:
    """``text``, a report encoded with each of ``arrays``' keys holding ``[]``,
    with those arrays' items put in, each already written (``indented(item,
    indent // 2)``; the keys in the order they appear in ``text``; a key's
    text in a string value has its quotes escaped, so only the key itself
    matches)."""
    rest = text
    for key, (texts, indent) in arrays.items():
        marker = f'"{key}": []'
        head, found, rest = rest.partition(marker)
        assert found, f"{key} not in the report"
        yield head
        yield f'"{key}": '
        yield from json_texts(texts, indent)
    yield rest
