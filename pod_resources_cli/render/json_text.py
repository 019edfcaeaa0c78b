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

from typing import Any

try:  # json's own C escaper, without loading json's decoder and encoder (the fallback loads json when needed)
    from _json import encode_basestring_ascii
except ImportError:  # pragma: no cover -- a Python without the C accelerator
    from json.encoder import encode_basestring_ascii

INDENT = "  "


def indented(value: Any, level: int = 0) -> str:
    """``json.dumps(value, indent=2)``, each line after the first indented ``level`` more times."""
    out: list[str] = []
    _write(value, INDENT * level, out)
    return "".join(out)


# A report's keys are few and repeat for every pod: each written once.
_KEYS: dict[str, str] = {}
_MAX_KEYS = 4096


def _key(key: str) -> str:
    text = _KEYS.get(key)
    if text is None:
        text = encode_basestring_ascii(key) + ": "
        if len(_KEYS) < _MAX_KEYS:
            _KEYS[key] = text
    return text


def _write(value: Any, pad: str, out: list[str]) -> None:
    """Strings, integers, None and booleans in a mapping or a list are
    written where they are met, without a call each (most of a report)."""
    kind = type(value)
    if kind is str:
        out.append(encode_basestring_ascii(value))
    elif kind is dict:
        if not value:
            out.append("{}")
            return
        start = len(out)
        inner = pad + INDENT
        separator = ",\n" + inner
        append = out.append
        append("{\n" + inner)
        first = True
        for key, item in value.items():
            if type(key) is not str:  # json's own key conversions: its text for the whole object
                del out[start:]
                out.append(_fallback(value, pad))
                return
            if first:
                first = False
            else:
                append(separator)
            text = _KEYS.get(key) or _key(key)
            of = type(item)
            if of is str:
                append(text + encode_basestring_ascii(item))
            elif of is int:
                append(text + int.__repr__(item))
            elif item is None:
                append(text + "null")
            elif item is True:
                append(text + "true")
            elif item is False:
                append(text + "false")
            else:
                append(text)
                _write(item, inner, out)
        append("\n" + pad + "}")
    elif kind is list or kind is tuple:
        if not value:
            out.append("[]")
            return
        inner = pad + INDENT
        separator = ",\n" + inner
        out.append("[\n" + inner)
        first = True
        for item in value:
            if first:
                first = False
            else:
                out.append(separator)
            if type(item) is str:
                out.append(encode_basestring_ascii(item))
            else:
                _write(item, inner, out)
        out.append("\n" + pad + "]")
    elif kind is int:
        out.append(int.__repr__(value))
    elif value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    else:
        out.append(_fallback(value, pad))


def _fallback(value: Any, pad: str) -> str:
    import json

    return json.dumps(value, indent=2).replace("\n", "\n" + pad)
