"""PATH arguments -> source files, in a stable order.

A directory is searched recursively for ``*.yaml``, ``*.yml`` and ``*.json``
(sorted, symlinked directories not followed, so loops cannot trap us);
``-`` is standard input. A path that does not exist is an InputError
(exit 2); a file inside a directory that cannot be read becomes a located
problem for that file only.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pod_resources_cli.errors import InputError

MANIFEST_SUFFIXES = (".yaml", ".yml", ".json")
STDIN = "-"


@dataclass(frozen=True, slots=True)
class SourceFile:
    path: str
    data: bytes | None
    error: str | None = None


def expand_paths(paths: Sequence[str]) -> list[str]:
    """The files named by ``paths`` (checked to exist), directories expanded."""
    out: list[str] = []
    for path in paths:
        if path == STDIN:
            out.append(STDIN)
        elif os.path.isdir(path):
            out.extend(_walk(path))
        elif os.path.exists(path) or os.path.islink(path):
            out.append(path)
        else:
            raise InputError(f"{path}: no such file or directory")
    return out


def _walk(root: str) -> Iterator[str]:
    found: list[str] = []
    for directory, dirnames, filenames in os.walk(root, onerror=None, followlinks=False):
        dirnames.sort()
        for name in filenames:
            if name.endswith(MANIFEST_SUFFIXES):
                found.append(os.path.join(directory, name))
    yield from sorted(found)


def read_source(path: str, max_bytes: int | None = None) -> SourceFile:
    if path == STDIN:
        data = sys.stdin.buffer.read(max_bytes + 1 if max_bytes else -1)
        return SourceFile("<stdin>", data)
    try:
        with open(path, "rb") as fh:
            data = fh.read(max_bytes + 1 if max_bytes else -1)
    except OSError as exc:
        return SourceFile(path, None, exc.strerror or str(exc))
    return SourceFile(path, data)


def iter_sources(paths: Sequence[str], max_bytes: int | None = None) -> Iterator[SourceFile]:
    for path in expand_paths(paths):
        yield read_source(path, max_bytes)
