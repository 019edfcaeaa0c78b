"""Lazily built rich consoles (NO_COLOR and non-terminals honoured by rich)."""

from __future__ import annotations

import functools
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console


@functools.cache
def stdout() -> Console:
    from rich.console import Console

    return Console(file=sys.stdout, soft_wrap=False, width=None if sys.stdout.isatty() else 160)


@functools.cache
def stderr() -> Console:
    from rich.console import Console

    return Console(file=sys.stderr, soft_wrap=True)


def write(text: str) -> None:
    """Plain text to stdout (machine-readable formats never go through rich)."""
    sys.stdout.write(text)
    sys.stdout.flush()
