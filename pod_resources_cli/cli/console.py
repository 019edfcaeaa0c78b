"""Rich consoles for stdout and stderr, built on first use (NO_COLOR and
non-terminals are honoured by rich). A console is rebuilt when the stream
behind it changes, so callers that swap sys.stdout (tests, embedding) work."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rich.console import Console

_consoles: dict[str, tuple[TextIO, Console]] = {}


def _console(name: str, stream: TextIO) -> Console:
    cached = _consoles.get(name)
    if cached is not None and cached[0] is stream:
        return cached[1]
    from rich.console import Console

    width = None if stream.isatty() else 160
    console = Console(file=stream, soft_wrap=name == "stderr", width=width)
    _consoles[name] = (stream, console)
    return console


def stdout() -> Console:
    return _console("stdout", sys.stdout)


def stderr() -> Console:
    return _console("stderr", sys.stderr)


def write(text: str) -> None:
    """Plain text to stdout (machine-readable formats never go through rich)."""
    sys.stdout.write(text)
    sys.stdout.flush()
