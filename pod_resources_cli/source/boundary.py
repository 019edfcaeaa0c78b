"""The repository boundary: which files a run may read, and opening them so
that nothing blocks.

A repository is untrusted input (CI lints pull requests), so every file the
tool reads on its behalf is checked here first:

- **Inside the root.** The root of a directory argument is the git work tree
  that holds it (the nearest ancestor with ``.git``), else the directory
  itself; the root of a file argument is its git work tree, else its own
  directory; standard input's is the working directory's. A path is inside
  when its real path (every symlink resolved) is the root or below it, so a
  link to ``/proc/self/environ``, ``~/.kube/config`` or ``../..`` is refused
  however it is spelled.
- **A regular file.** FIFOs, sockets and devices are never opened for a
  repository: opening a FIFO waits for a writer, ``/dev/zero`` never ends.
  Files are opened with ``O_NONBLOCK`` and checked again once open
  (``fstat``), so a file swapped for a FIFO after the first look cannot
  block either.

Paths the user names on the command line (``--node``, ``--config``,
``--output-file``, a file argument that is a pipe such as ``<(helm template
...)``) are the user's: ``open_stream`` reads a named pipe with a time limit
for its first byte instead of refusing it.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from typing import BinaryIO, Final

from pod_resources_cli.records import dataclass

OUTSIDE: Final = "outside-root"
SPECIAL: Final = "special-file"
STREAM_WAIT_SECONDS: Final = 120  # a named pipe's writer: as long as a renderer may take

_KINDS: Final = (
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISDIR, "a directory"),
)


class Refused(OSError):
    """A path the boundary does not let the tool read; ``reason`` is one of
    OUTSIDE and SPECIAL, ``message`` says why in words."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message


def kind_of(mode: int) -> str | None:
    """What a non-regular file is, in words ("a FIFO"); None for a regular file."""
    return next((name for test, name in _KINDS if test(mode)), None if stat.S_ISREG(mode) else "not a regular file")


def work_tree(path: str) -> str | None:
    """The real path of the nearest directory at or above ``path`` (as
    spelled, made absolute) that holds ``.git``, or None."""
    current = os.path.abspath(path)
    while True:
        if os.path.lexists(os.path.join(current, ".git")):
            return os.path.realpath(current)
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


def root_of(path: str) -> str:
    """The root a command-line argument stands for (see the module docstring)."""
    if path == "-":
        path = "."
    directory = path if os.path.isdir(path) else os.path.dirname(os.path.abspath(path))
    return work_tree(directory) or os.path.realpath(directory)


def shown(path: str) -> str:
    """A path as reports show it: relative to the working directory when
    under it, else absolute."""
    rel = os.path.relpath(path)
    return path if rel == ".." or rel.startswith(".." + os.sep) else rel


def shown_as(path: str, given: Sequence[tuple[str, str]]) -> str:
    """``path`` as the run's arguments were written (``given``: each
    argument's absolute path and its text), so a file a build reads is named
    as the same file read on its own is: below an argument, that argument's
    text and the rest; elsewhere absolute when the arguments are, else as
    ``shown``."""
    full = os.path.abspath(path)
    for absolute, written in given:
        if full == absolute:
            return written
        if is_within(full, absolute):
            return os.path.join(written, os.path.relpath(full, absolute))
    return full if given and all(os.path.isabs(w) for _, w in given) else shown(full)


def is_within(path: str, root: str) -> bool:
    """``path`` is ``root`` or below it (both real, absolute paths)."""
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


@dataclass(frozen=True, slots=True)
class Boundary:
    """The roots of one run: a file may be read when its real path is inside one."""

    roots: tuple[str, ...]

    @staticmethod
    def of(paths: list[str] | tuple[str, ...]) -> Boundary:
        return Boundary(tuple(sorted({root_of(p) for p in paths or ["-"]})))

    def root_of(self, path: str) -> str | None:
        """The root ``path`` (as spelled, made absolute) is under, the innermost; None if none."""
        full = os.path.abspath(path)
        inside = [r for r in self.roots if is_within(full, r)]
        if not inside:  # spelled through a link to a root: resolve it (rare, so only then)
            real = os.path.realpath(path)
            inside = [r for r in self.roots if is_within(real, r)]
        return max(inside, key=len) if inside else None

    def contains(self, path: str) -> bool:
        real = os.path.realpath(path)
        return any(is_within(real, root) for root in self.roots)

    def refusal(self, path: str) -> Refused | None:
        """Why ``path`` may not be read (outside every root, or neither a
        regular file nor a directory), or None (also when it cannot be
        looked at: reading it reports why, as for a broken link)."""
        if not self.contains(path):
            linked = any(is_within(os.path.abspath(path), root) for root in self.roots)  # spelled inside, real outside
            what = "a symbolic link to outside the repository" if linked else "outside the directories and repositories being linted"
            return Refused(OUTSIDE, f"{what}; not read")
        try:
            mode = os.stat(path).st_mode
        except OSError:
            return None
        kind = None if stat.S_ISDIR(mode) else kind_of(mode)
        return None if kind is None else Refused(SPECIAL, f"{kind}, not a regular file; not read")


def open_regular(path: str) -> BinaryIO:
    """``path`` opened for reading when it is a regular file; Refused (an
    OSError) when it is anything else. Never blocks: the mode is checked
    before opening, and again on the open descriptor."""
    return _open_checked(path, fifo=False)


def open_stream(path: str, wait_seconds: float = STREAM_WAIT_SECONDS) -> BinaryIO:
    """A path the user named that may be a pipe (``<(helm template ...)``,
    ``/dev/stdin``): a regular file or a FIFO opened without waiting for a
    writer, then given ``wait_seconds`` for its first byte. Sockets and
    devices are refused (``/dev/zero`` would never end)."""
    return _open_checked(path, fifo=stat.S_ISFIFO(os.stat(path).st_mode), wait_seconds=wait_seconds)


def _open_checked(path: str, *, fifo: bool, wait_seconds: float = STREAM_WAIT_SECONDS) -> BinaryIO:
    """A regular file (or, with ``fifo``, a FIFO given ``wait_seconds`` for its
    first byte) opened without blocking: its kind is checked before the open
    and again on the descriptor, whatever the path became in between."""
    def refusal(mode: int) -> str | None:
        if fifo:
            return None if stat.S_ISFIFO(mode) else "no longer a FIFO"
        kind = kind_of(mode)
        return None if kind is None else f"{kind}, not a regular file"

    why = refusal(os.stat(path).st_mode)
    if why is not None:
        raise Refused(SPECIAL, why)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        why = refusal(os.fstat(fd).st_mode)
        if why is not None:
            raise Refused(SPECIAL, why)
        if fifo:
            import select

            poller = select.poll()
            poller.register(fd, select.POLLIN | select.POLLHUP)
            if not poller.poll(int(wait_seconds * 1000)):
                raise Refused(SPECIAL, f"a FIFO nothing wrote to in {wait_seconds:g} s")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
