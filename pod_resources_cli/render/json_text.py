"""JSON text exactly as ``json.dumps(value, indent=2)`` writes it, faster.

With ``indent`` the standard library leaves its C encoder for a generator
per nesting level, which made writing the report the costliest step of
``explain -o json``. This writer walks the value once into a list of
strings, escaping with the same C function (ASCII only, as ``ensure_ascii``)
and printing numbers as json does, so the bytes are the same; ``level``
starts the text that many indentations deep, as a member of an enclosing
document written by hand (explain's pods stream, lint's findings).

Values are what the renderers build: dicts with string keys, lists,
tuples, strings, integers, booleans and None. Anything else (a float, a key
that is not a string) is handed to ``json.dumps`` for that value, so the
result never differs from the standard library's.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring_ascii
from typing import Any

INDENT = "  "


def indented(value: Any, level: int = 0) -> str:
    """``json.dumps(value, indent=2)``, each line after the first indented ``level`` more times."""
    out: list[str] = []
    _write(value, INDENT * level, out)
    return "".join(out)


def _write(value: Any, pad: str, out: list[str]) -> None:
    if isinstance(value, str):
        out.append(encode_basestring_ascii(value))
    elif value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif type(value) is int:
        out.append(int.__repr__(value))
    elif isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        start = len(out)
        inner = pad + INDENT
        out.append("{\n" + inner)
        first = True
        for key, item in value.items():
            if type(key) is not str:  # json's own key conversions: its text for the whole object
                del out[start:]
                out.append(_fallback(value, pad))
                return
            if not first:
                out.append(",\n" + inner)
            first = False
            out.append(encode_basestring_ascii(key) + ": ")
            _write(item, inner, out)
        out.append("\n" + pad + "}")
    elif isinstance(value, (list, tuple)):
        if not value:
            out.append("[]")
            return
        inner = pad + INDENT
        out.append("[\n" + inner)
        first = True
        for item in value:
            if not first:
                out.append(",\n" + inner)
            first = False
            _write(item, inner, out)
        out.append("\n" + pad + "]")
    else:
        out.append(_fallback(value, pad))


def _fallback(value: Any, pad: str) -> str:
    return json.dumps(value, indent=2).replace("\n", "\n" + pad)
