"""Rich consoles for stdout and stderr, built on first use (NO_COLOR and
non-terminals are honoured by rich). A console is rebuilt when the stream
behind it changes, so callers that swap sys.stdout (tests, embedding) work.
explain's table builds none: ``screen`` decides what rich's Console would."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rich.console import Console

    from pod_resources_cli.render.text_layout import Screen

_consoles: dict[str, tuple[TextIO, Console]] = {}
_color = "auto"  # --color: auto (a terminal, unless NO_COLOR; FORCE_COLOR forces), always, never


def set_color(mode: str) -> None:
    """``--color auto|always|never`` for every console built from now on."""
    global _color
    _color = mode
    _consoles.clear()


def _console(name: str, stream: TextIO) -> Console:
    cached = _consoles.get(name)
    if cached is not None and cached[0] is stream:
        return cached[1]
    from rich.console import Console

    # auto: rich decides (a terminal; NO_COLOR and FORCE_COLOR honoured); never: no escape sequence at all
    force = {"always": True, "never": False}.get(_color)
    console = Console(
        file=stream, soft_wrap=name == "stderr", width=_width(stream), force_terminal=force, no_color=_color == "never" or None,
    )  # fmt: skip
    console.on_broken_pipe = _broken_pipe  # type: ignore[method-assign]  # rich's own exits 1
    _consoles[name] = (stream, console)
    return console


def _width(stream: TextIO) -> int:
    """COLUMNS when it is a usable width, else the terminal's -- the stream's,
    or when it is piped (``| head``, ``| less``) the terminal of stderr or
    stdin, where the person reading sits -- else 160 for a file or a pipe with
    no terminal behind (CI). ``COLUMNS=0`` or junk is ignored (rich would print
    nothing at all), and so is a terminal that reports no size."""
    import os

    text = os.environ.get("COLUMNS", "")
    if text.isdigit() and int(text) > 0:
        return max(int(text), 40)
    for candidate in (stream, sys.stderr, sys.stdin):
        try:
            if candidate is not None and candidate.isatty() and (columns := os.get_terminal_size(candidate.fileno()).columns) > 0:
                return max(columns, 40)
        except (OSError, ValueError, AttributeError):
            continue
    return 160


class ReaderGone(Exception):
    """Standard output's reader went away (``| head``): not a failure, the CLI
    boundary ends quietly with 0. Not an OSError, which click would turn into
    exit 1 on its way out."""


def _broken_pipe() -> None:
    raise ReaderGone


def stdout() -> Console:
    return _console("stdout", sys.stdout)


def screen() -> Screen:
    """Standard output as the text layout sees it (render/text_layout.py):
    the width, colour system, NO_COLOR and encoding rich 15's Console (as
    ``_console`` builds it) would have, decided here without building one
    (rich/console.py ``Console.__init__``, ``is_terminal``,
    ``is_dumb_terminal``, ``_detect_color_system``, ``size``, ``encoding``).
    Windows consoles and Jupyter are left to rich's Console whole."""
    import builtins
    import os

    from pod_resources_cli.render.text_layout import Screen, Terminal

    if os.name == "nt" or hasattr(builtins, "get_ipython"):
        return Screen(stdout())
    stream = sys.stdout
    environ = os.environ
    terminal = _is_terminal(stream)
    dumb = terminal and environ.get("TERM", "").lower() in ("dumb", "unknown")
    system = None
    if terminal and not dumb:
        if environ.get("COLORTERM", "").strip().lower() in ("truecolor", "24bit"):
            system = "truecolor"
        else:
            colours = environ.get("TERM", "").strip().lower().rpartition("-")[2]
            system = {"kitty": "256", "256color": "256", "16color": "standard"}.get(colours, "standard")
    no_color = _color == "never" or environ.get("NO_COLOR", "") != ""
    encoding = (getattr(stream, "encoding", "utf-8") or "utf-8").lower()
    # a dumb terminal is 80 columns wide to rich's Console.size, unless LINES gives it a height too
    width = 80 if dumb and not environ.get("LINES", "").isdigit() else _width(stream)
    return Screen(Terminal(width, system, ascii_only=not encoding.startswith("utf"), no_color=no_color))


def _is_terminal(stream: TextIO) -> bool:
    """rich 15's Console(force_terminal=...).is_terminal (console.py): as
    ``--color`` forces it, else not under IDLE, else TTY_COMPATIBLE (0 or 1),
    else FORCE_COLOR (set and not empty), else the stream's isatty()."""
    import os

    force = {"always": True, "never": False}.get(_color)
    if force is not None:
        return force
    if hasattr(sys.stdin, "__module__") and sys.stdin.__module__.startswith("idlelib"):
        return False
    environ = os.environ
    compatible = environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    if (force_color := environ.get("FORCE_COLOR")) is not None:
        return force_color != ""
    isatty = getattr(stream, "isatty", None)
    try:
        return False if isatty is None else bool(isatty())
    except ValueError:
        return False


def stderr() -> Console:
    return _console("stderr", sys.stderr)


def error(text: str) -> None:
    """One line on stderr, with what came from the input made printable
    (render/safe_text.py): a file name or a value must not drive the
    terminal or forge a CI log command."""
    from pod_resources_cli.render.safe_text import printable

    print(printable(text), file=sys.stderr)


def problem(location: object, message: str) -> None:
    """An input that cannot be explained: ``path:line:column: error: message`` on stderr."""
    error(f"{location}: error: {message}")


def write(text: str) -> None:
    """Plain text to stdout (machine-readable formats never go through rich)."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise ReaderGone from None


PLAIN_WIDTH = 160  # --output-file: a rich drawing as plain text, as wide as for a pipe


def plain(renderable: object, width: int = PLAIN_WIDTH) -> str:
    """A rich renderable as plain text (no colour, no escape sequence): for --output-file."""
    import io

    from rich.console import Console

    buffer = io.StringIO()
    Console(file=buffer, width=width, color_system=None, force_terminal=False, soft_wrap=False).print(renderable)
    return buffer.getvalue()


def write_file(path: str, text: str) -> None:
    """--output-file (and node show --svg): one line on stderr and exit 2 when it cannot be written."""
    from pathlib import Path

    from pod_resources_cli.errors import InputError

    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None
