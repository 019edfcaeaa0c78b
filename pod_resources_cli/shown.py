"""How an error message quotes a value from the input: cut to SHOWN_CHARS
characters, saying how long it was, so a megabyte-long value never floods
a terminal or a CI log."""

from __future__ import annotations

from typing import Final

SHOWN_CHARS: Final = 60


def shorten(text: str, limit: int = SHOWN_CHARS) -> str:
    """``text`` when short; else its first ``limit`` characters, "..." and how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


def quoted(text: str, mark: str = '"', limit: int = SHOWN_CHARS) -> str:
    """``text`` between ``mark``s as Go's %q-less messages quote it ("abc"),
    cut as ``shorten`` cuts, the length after the closing mark."""
    if len(text) <= limit:
        return f"{mark}{text}{mark}"
    return f"{mark}{text[:limit]}...{mark} ({len(text)} characters)"


def shown(value: object, limit: int = SHOWN_CHARS) -> str:
    """``repr(value)`` for an error message, cut as ``shorten`` cuts: a long string
    is quoted up to its first ``limit`` characters, then its length follows."""
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit]!r}... ({len(value)} characters)"
    text = repr(value) if isinstance(value, str) else _short_repr(value)
    return shorten(text, limit)


def _short_repr(value: object) -> str:
    try:
        return repr(value)
    except ValueError:  # an int beyond sys.get_int_max_str_digits() cannot be printed
        size = value.bit_length() if isinstance(value, int) else 0
        return f"an integer of {size} bits" if size else f"a {type(value).__name__}"
