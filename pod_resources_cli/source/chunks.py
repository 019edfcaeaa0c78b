"""Sources cut into chunks of whole documents, for worker processes to
split and parse (run/parallel.py).

Cutting a stream document by document (split.py) costs about what parsing a
small document does, so a parent process that did it for its workers would
bound their speed-up. Here the parent only finds, about every ``size``
bytes, the next place split.py would cut (a ``---`` line, or the directives
above it) and counts the lines and documents before it with byte searches;
the worker resumes split.py at that line and document number
(``resume_pieces``) and gets the very pieces one pass over the source gives.
What the counting does not follow is cut by split.py here, piece by piece:
a byte-order mark (UTF-16 and UTF-32 are transcoded), a NUL byte (the source
ends there, with a reason that depends on where), a stretch with no place
to cut longer than a document may be (it is skipped as it streams by, never
held). A regular file of at most ``size`` bytes is not read here: its chunk
names it and the worker reads it whole, so the parent of a run over
thousands of small files does no reading at all.
"""

from __future__ import annotations

import codecs
import itertools
import os
import re
import stat
from collections.abc import Iterable, Iterator
from typing import Final, NamedTuple

from pod_resources_cli.source.boundary import open_regular
from pod_resources_cli.source.discover import STDIN, STDIN_NAME, source_pieces, stdin_buffer
from pod_resources_cli.source.limits import Limits
from pod_resources_cli.source.split import _CONTENT, _directives_before, Piece, iter_pieces, resume_pieces
from pod_resources_cli.source.yamldoc import read_blocks

CHUNK_BYTES: Final = 128 << 10  # enough documents to amortise a hand-over, small enough to spread a stream
# A document start as split.py finds it: "---" at a line's start, then a blank.
_START: Final = re.compile(rb"\n---[ \t\r\n]")
_STARTS: Final = re.compile(rb"\n---(?=[ \t\r\n])")  # the same, counted without consuming the blank
_MARKS: Final = re.compile(rb"\n(?:---(?=[ \t\r\n])|%)")  # and a directive line: "%" at a line's start
_DIRECTIVE: Final = b"\n%"
_BOMS: Final = (codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)  # UTF-32's begin like UTF-16's


class Chunk(NamedTuple):
    """Consecutive documents of one source: ``data`` (UTF-8, beginning where
    a piece begins) with the line and document number of its first byte;
    or, when ``data`` is None, all of the regular file ``path``. A
    NamedTuple: tens of thousands are pickled to workers (a frozen
    dataclass's pickling looks its fields up each time)."""

    path: str
    data: bytes | None = None
    line: int = 1
    document: int = 0  # split.py's document number of the first piece
    size: int = 0  # bytes, to batch chunks
    reads: tuple[int, ...] = ()  # where in ``data`` a read of the source ended (split.py looks again there)

    def pieces(self, limits: Limits) -> Iterator[Piece]:
        """What one pass of split.py over the whole source gives for this chunk."""
        if self.data is None:
            return source_pieces(self.path, limits)
        return resume_pieces(self.path, _blocks(self.data, self.reads), limits, line=self.line, index=self.document)


def _blocks(data: bytes, reads: tuple[int, ...]) -> list[bytes]:
    """``data`` as it was read: split.py checks a document's size at the end
    of each read, so it is handed the same reads."""
    if not reads:
        return [data]
    ends = (*reads, len(data))
    return [data[a:b] for a, b in zip((0, *reads), ends, strict=True)]


Unit = Chunk | Piece
"""What a worker is handed: a chunk, or a piece cut here."""


def unit_size(unit: Unit) -> int:
    return unit.size if isinstance(unit, Chunk) else len(unit.data) + 64


def unit_pieces(unit: Unit, limits: Limits) -> Iterable[Piece]:
    return unit.pieces(limits) if isinstance(unit, Chunk) else (unit,)


def source_units(
    path: str, limits: Limits, *, size: int = CHUNK_BYTES, stdin_name: str = STDIN_NAME, known: int | None = None
) -> Iterator[Unit]:
    """One file (``-``: standard input, named ``stdin_name``) in chunks, in
    order; together their pieces are ``source_pieces(path)``'s. ``known``: the
    size a walk found the regular file to have (no stat again)."""
    if known is not None and known <= size:
        yield Chunk(path, size=known)  # its worker reads it whole, whatever it holds by then
        return
    if path == STDIN:
        yield from cut(stdin_name, read_blocks(stdin_buffer()), limits, size)
        return
    try:
        info = os.stat(path)
    except OSError:
        yield Chunk(path)  # reading it reports why
        return
    if stat.S_ISDIR(info.st_mode) or (stat.S_ISREG(info.st_mode) and info.st_size <= size):
        yield Chunk(path, size=info.st_size)
        return
    if not stat.S_ISREG(info.st_mode):  # a pipe named on the command line: one unit, read with a time limit
        yield from source_pieces(path, limits, stdin_name=stdin_name)
        return
    try:
        fh = open_regular(path)  # never blocks, whatever the path became since
    except OSError as exc:
        yield Piece(path, b"", 1, 0, f"cannot read: {exc.strerror or exc}")
        return
    with fh:
        yield from _cut_file(path, fh, limits, size)


def _cut_file(path: str, fh: object, limits: Limits, size: int) -> Iterator[Unit]:
    """``cut`` of an open file, and a read error where source_pieces puts it:
    after the last whole piece read, numbered after it."""
    units = cut(path, read_blocks(fh), limits, size)  # type: ignore[arg-type]
    last: Unit | None = None
    try:
        for last in units:
            yield last
    except OSError as exc:
        line, index = _after(last, limits)
        yield Piece(path, b"", line, index, f"cannot read: {exc.strerror or exc}")


def _after(last: Unit | None, limits: Limits) -> tuple[int, int]:
    """The line of the last piece before a read error, and the number after its."""
    if last is None:
        return 1, 0
    if isinstance(last, Chunk):
        last = list(last.pieces(limits))[-1]  # a chunk holds one piece at least
    return last.line, last.index + 1


def cut(path: str, blocks: Iterable[bytes], limits: Limits, size: int = CHUNK_BYTES) -> Iterator[Unit]:
    """A stream of byte blocks in chunks of about ``size`` bytes (or pieces,
    where split.py must cut here), in order."""
    it = iter(blocks)
    head = b""
    for first in it:  # what split.py looks at for a byte-order mark (and its first block)
        head += first
        if len(head) >= 4:
            break
    if head.startswith(_BOMS) or b"\0" in head:
        yield from iter_pieces(path, itertools.chain([head], it), limits)
        return
    buf = bytearray(head)
    reads: list[int] = [len(head)]  # where in buf each read ended
    line, index, at_start = 1, 0, True  # of buf[0]; at_start: buf[0] is the source's first byte
    scan = size - 1  # where the next cut is looked for
    bound = limits.max_document_bytes + size + len(head)
    eof = not head
    while True:
        while (end := _next_cut(buf, scan, reads)) is not None:
            data = bytes(buf[:end])
            yield Chunk(path, data, line, index, end, tuple(r for r in reads if r < end))
            line += data.count(b"\n")
            index += _documents(data, at_start, limits)
            at_start = False
            del buf[:end]
            reads = [r - end for r in reads if r > end]
            scan = size - 1
        if eof:
            break
        scan = max(scan, len(buf) - 4)
        try:
            block: bytes | None = next(it, None)
        except OSError as exc:  # split.py would have cut what was read, then met the error
            yield from _rest(path, _blocks(bytes(buf), tuple(reads[:-1])), _raise(exc), limits, line, index, at_start)
            return
        if block is None:
            eof = True
        elif b"\0" in block or len(buf) > bound:
            # split.py ends the source at a NUL (saying why) and skips a document
            # over the limit as it streams by: it cuts the rest, from here.
            read = [*_blocks(bytes(buf), tuple(reads[:-1])), block]
            yield from _rest(path, read, it, limits, line, index, at_start)
            return
        else:
            buf += block
            reads.append(len(buf))
    if buf:
        yield Chunk(path, bytes(buf), line, index, len(buf), tuple(reads[:-1]))


def _rest(
    path: str, read: list[bytes], it: Iterator[bytes], limits: Limits, line: int, index: int, at_start: bool
) -> Iterator[Piece]:
    """The rest of a source, cut by split.py from a piece's start on."""
    rest = itertools.chain(read, it)
    return iter_pieces(path, rest, limits) if at_start else resume_pieces(path, rest, limits, line=line, index=index)


def _raise(exc: OSError) -> Iterator[bytes]:
    raise exc
    yield b""  # a generator: it raises when the next block is asked for


def _next_cut(buf: bytearray, scan: int, reads: list[int]) -> int | None:
    """Where split.py cuts before the first document start at or after
    ``scan``, or None; never 0 (a chunk holds something). Not where a read
    ended between the cut and the end of its ``---`` line's first blank:
    there split.py checked the size of a document that still held them."""
    while (match := _START.search(buf, scan)) is not None:
        end = marker = match.start() + 1
        if buf.startswith(b"%", buf.rfind(b"\n", 0, marker - 1) + 1):  # a directive right above
            end = _directives_before(buf, 0, marker)
        if end > 0 and not any(end < r < match.end() for r in reads):
            return end
        scan = marker
    return None


def _documents(data: bytes, at_start: bool, limits: Limits) -> int:
    """How far split.py's document number moves over ``data``: one for each
    piece, but the source's first piece only when it holds something (a
    lone comment is no document)."""
    marks = _MARKS.findall(data)  # document starts, and directive lines: one pass
    if _DIRECTIVE in marks or data.startswith(b"%"):  # a document may start above its "---"
        cuts, bound = [], 0
        for match in _STARTS.finditer(data):
            end = _directives_before(data, bound, match.start() + 1)
            if end > bound:
                cuts.append(end)
                bound = end
        count, first_cut = len(cuts), (cuts[0] if cuts else len(data))
    else:
        count = len(marks)
        start = _STARTS.search(data) if count and at_start else None
        first_cut = start.start() + 1 if start is not None else len(data)
    if not at_start:
        return count + 1
    first = data[:first_cut]
    holds = len(first) > limits.max_document_bytes or first.startswith((b"---", b"%")) or _CONTENT.search(first) is not None
    return count + holds
