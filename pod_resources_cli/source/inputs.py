"""The inputs of one run, as document pieces that can be read twice.

A command that needs two passes (``lint`` reads namespace policies first,
then everything) reads files twice; standard input cannot be re-read, so its
pieces are spooled to an anonymous temporary file as they stream by (a
document over the size limit is never spooled: only its failure is). Memory
stays bounded whatever the input's length.

Inputs held in memory (``SourceFile`` with data, as tests build them) work
the same way. ``line(path, n)`` returns one line of an input for excerpts,
from an index of line offsets, without keeping the text.
"""

from __future__ import annotations

import bisect
import os
import pickle
import tempfile
from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, Final

from pod_resources_cli.source.discover import STDIN, STDIN_NAME, SourceFile, expand_paths, source_pieces
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits
from pod_resources_cli.source.split import Piece, iter_pieces

_SCAN_BLOCK: Final = 1 << 20


class PieceSpool:
    """Pieces written to an anonymous temporary file, read back in order."""

    def __init__(self) -> None:
        self._file: IO[bytes] = tempfile.TemporaryFile()
        self._count = 0
        self._lines: list[int] = []  # first line of each piece, for line()
        self._offsets: list[int] = []

    def add(self, piece: Piece) -> None:
        self._offsets.append(self._file.tell())
        self._lines.append(piece.line)
        pickle.dump(piece, self._file, protocol=pickle.HIGHEST_PROTOCOL)
        self._count += 1

    def __iter__(self) -> Iterator[Piece]:
        for offset in self._offsets:
            yield self._load(offset)

    def _load(self, offset: int) -> Piece:
        self._file.seek(offset)
        piece = pickle.load(self._file)
        assert isinstance(piece, Piece)
        return piece

    def line(self, number: int) -> str | None:
        at = bisect.bisect_right(self._lines, number) - 1
        if at < 0:
            return None
        piece = self._load(self._offsets[at])
        lines = piece.data.split(b"\n")
        index = number - piece.line
        return lines[index].decode("utf-8", "replace").rstrip("\r") if 0 <= index < len(lines) and piece.data else None

    def close(self) -> None:
        self._file.close()


class Inputs:
    """Files (``-``: standard input) or in-memory sources, in order."""

    def __init__(self, paths: Sequence[str] = (), limits: Limits = DEFAULT_LIMITS, *, memory: Iterable[SourceFile] = ()) -> None:
        self.limits = limits
        held = list(memory)
        self._memory = {source.path: source for source in held}
        self.files: list[str] = [source.path for source in held] if held else expand_paths(paths)
        self._stdin: PieceSpool | None = None
        self._line_index: dict[str, array[int]] = {}

    def __len__(self) -> int:
        return len(self.files)

    def pieces(self) -> Iterator[Piece]:
        for path in self.files:
            yield from self.pieces_of(path)

    def pieces_of(self, path: str) -> Iterator[Piece]:
        held = self._memory.get(path)
        if held is not None:
            if held.data is None:
                yield Piece(held.path, b"", 1, 0, f"cannot read: {held.error}")
            else:
                yield from iter_pieces(held.path, (held.data,), self.limits)
        elif path != STDIN:
            yield from source_pieces(path, self.limits)
        elif self._stdin is not None:
            yield from self._stdin
        else:
            spool = PieceSpool()
            for piece in source_pieces(STDIN, self.limits):
                spool.add(piece)
                yield piece
            self._stdin = spool

    def may_contain(self, path: str, markers: Sequence[bytes]) -> bool:
        """A cheap byte scan: could this input mention one of ``markers``?
        (Standard input always could: it is read, and spooled, once.)"""
        held = self._memory.get(path)
        if held is not None:
            return held.data is not None and any(m in held.data for m in markers)
        if path == STDIN:
            return True
        keep = max(len(m) for m in markers) - 1
        try:
            with open(path, "rb") as fh:
                tail = b""
                while block := fh.read(_SCAN_BLOCK):
                    window = tail + block
                    if any(m in window for m in markers):
                        return True
                    tail = window[-keep:] if keep else b""
        except OSError:
            return False
        return False

    def line(self, path: str, number: int) -> str | None:
        """Line ``number`` (1-based) of an input, or None."""
        held = self._memory.get(path)
        if held is not None:
            lines = (held.data or b"").split(b"\n")
            return lines[number - 1].decode("utf-8", "replace").rstrip("\r") if 0 < number <= len(lines) else None
        if path == STDIN_NAME:
            return self._stdin.line(number) if self._stdin is not None else None
        index = self._line_index.get(path)
        if index is None:
            index = self._line_index[path] = _line_offsets(path)
        if not 0 < number <= len(index):
            return None
        try:
            with open(path, "rb") as fh:
                fh.seek(index[number - 1])
                return fh.readline().decode("utf-8", "replace").rstrip("\r\n")
        except OSError:
            return None

    def close(self) -> None:
        if self._stdin is not None:
            self._stdin.close()


def _line_offsets(path: str) -> array[int]:
    offsets = array("q", [0])
    try:
        with open(path, "rb") as fh:
            base = 0
            while block := fh.read(_SCAN_BLOCK):
                at = block.find(b"\n")
                while at >= 0:
                    offsets.append(base + at + 1)
                    at = block.find(b"\n", at + 1)
                base += len(block)
            size = os.fstat(fh.fileno()).st_size
    except OSError:
        return array("q")
    if offsets[-1] >= size and len(offsets) > 1:
        offsets.pop()  # a final newline starts no line
    return offsets
