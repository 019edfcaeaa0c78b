"""A byte stream -> one piece per YAML document, without parsing it.

A line that starts with ``---`` followed by a blank or the end of the line is
always a document start in YAML (the spec forbids that line inside any
scalar), so the stream can be cut there before libyaml sees it. That gives:

- streaming: documents are parsed as they arrive; a 1 GB stream on standard
  input never sits in memory, only the document being read does;
- a size limit that costs nothing: a document over ``max_document_bytes`` is
  skipped as it streams by, and reported with its line;
- parallel work: pieces are independent, so several processes may parse
  them, and each piece knows its first line and its document number;
- recovery: a syntax error ends its own document, not the rest of the file.

Encodings as kubectl reads them: UTF-8 with or without a BOM; UTF-16 and
UTF-32 with a BOM (transcoded to UTF-8 as they stream). A NUL byte means the
input is not text (or UTF-16 without a BOM): the source ends there with one
located failure, so ``/dev/zero`` or a binary file is refused at once.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable, Iterator
from typing import Final

from pod_resources_cli.records import dataclass
from pod_resources_cli.source.limits import OPTION, Limits, format_bytes

_MARKER_END: Final = frozenset(b" \t\r\n")
_CONTENT: Final = re.compile(rb"^[ \t]*[^\s#%]", re.M)
_BOMS: Final = (
    (codecs.BOM_UTF32_LE, "utf-32-le", "UTF-32"),
    (codecs.BOM_UTF32_BE, "utf-32-be", "UTF-32"),
    (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16"),
)


@dataclass(frozen=True, slots=True)
class Piece:
    """One document's bytes (UTF-8), where it starts, and its number.

    ``error`` is set instead of ``data`` when the piece was refused before
    parsing (too large, not text); the location still holds.
    """

    path: str
    data: bytes
    line: int  # 1-based line of data[0] in the source
    index: int  # 0-based document number in the source
    error: str | None = None
    relocate: bool = False  # kustomize output: each object names the file it came from (render.relocate)
    unit: str | None = None  # the deployment unit it belongs to (a render, a stream, a test scenario); None: a plain file
    counted: tuple[str, str, str | None, str | None] | None = None  # a rendered object counted, not built: apiVersion, kind, name, origin (render.counted_only)


def iter_pieces(path: str, blocks: Iterable[bytes], limits: Limits, unit: str | None = None) -> Iterator[Piece]:
    """Cut a stream of byte blocks (of any size) into pieces, in order, each
    marked as part of ``unit``."""
    return _Splitter(path, limits, unit).run(_as_utf8(iter(blocks)))


def resume_pieces(path: str, blocks: Iterable[bytes], limits: Limits, *, line: int, index: int) -> Iterator[Piece]:
    """The pieces of a stretch of UTF-8 source that begins where a piece
    begins (a ``---`` line or its directives, not the source's start), whose
    line and document number are ``line`` and ``index``: what
    ``iter_pieces`` gives for that stretch of the whole source."""
    return _Splitter(path, limits, index=index).run(iter(blocks), line, first=False)


class _NotText(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _as_utf8(blocks: Iterator[bytes]) -> Iterator[bytes]:
    """Strip a UTF-8 BOM; transcode UTF-16/32 (with a BOM) to UTF-8."""
    head = b""
    for block in blocks:
        head += block
        if len(head) >= 4:
            break
    for bom, codec, name in _BOMS:
        if head.startswith(bom):
            yield from _transcode(head[len(bom):], blocks, codec, name)
            return
    if head.startswith(codecs.BOM_UTF8):
        head = head[len(codecs.BOM_UTF8):]
    if head:
        yield head
    yield from blocks


def _transcode(head: bytes, blocks: Iterator[bytes], codec: str, name: str) -> Iterator[bytes]:
    decoder = codecs.getincrementaldecoder(codec)("strict")
    done = 0
    try:
        for block in _chain(head, blocks):
            yield decoder.decode(block).encode("utf-8")
            done += len(block)
        yield decoder.decode(b"", final=True).encode("utf-8")
    except UnicodeError as exc:
        start = exc.start if isinstance(exc, UnicodeDecodeError) else 0
        raise _NotText(f"not valid {name} text (near byte {done + start})") from None


def _chain(head: bytes, blocks: Iterator[bytes]) -> Iterator[bytes]:
    yield head
    yield from blocks


class _Splitter:
    def __init__(self, path: str, limits: Limits, unit: str | None = None, index: int = 0) -> None:
        self.path = path
        self.unit = unit
        self.max_bytes = limits.max_document_bytes
        self.index = index

    def _piece(self, data: bytes, line: int) -> Piece:
        index = self.index
        if data.startswith((b"---", b"%")) or _CONTENT.search(data):
            self.index += 1
        return Piece(self.path, data, line, index, unit=self.unit)

    def _too_large(self, line: int) -> Piece:
        self.index += 1
        message = f"document is larger than {format_bytes(self.max_bytes)} (raise {OPTION['max_document_bytes']}); skipped"
        return Piece(self.path, b"", line, self.index - 1, message)

    def run(self, blocks: Iterator[bytes], line: int = 1, first: bool = True) -> Iterator[Piece]:
        """``line``: the line of the first byte; ``first``: the first block
        starts the source (a NUL there may mean UTF-16 without a BOM)."""
        buf = bytearray()
        pos = scan = 0  # buf[pos:] is the current piece; markers are searched from scan
        skipping = False  # inside a document over the size limit
        stop: str | None = None  # why the stream ends early (binary data, bad encoding)
        while True:
            try:
                block = next(blocks)
            except StopIteration:
                block, eof = b"", True
            except _NotText as exc:
                block, eof, stop = b"", True, exc.message
            else:
                eof = False
                nul = block.find(0)
                if nul >= 0:
                    stop = _nul_message(block, first and not buf)
                    block, eof = block[:nul], True
            first = False
            buf += block
            while True:
                i = buf.find(b"\n---", scan)
                if i < 0:
                    break
                j = i + 4
                if j < len(buf):
                    if buf[j] not in _MARKER_END:
                        scan = i + 1
                        continue
                elif not eof:
                    break  # the byte after "---" has not arrived yet
                marker = i + 1
                cut = _directives_before(buf, pos, marker)
                if skipping:
                    line += buf.count(b"\n", pos, cut)
                    skipping = False
                elif cut - pos > self.max_bytes:
                    yield self._too_large(line)
                    line += buf.count(b"\n", pos, cut)
                elif cut > pos:
                    data = bytes(buf[pos:cut])
                    yield self._piece(data, line)
                    line += data.count(b"\n")
                pos, scan = cut, marker + 3
            if eof:
                break
            scan = max(pos, len(buf) - 4)
            if not skipping and len(buf) - pos > self.max_bytes:
                yield self._too_large(line)
                skipping = True
            if skipping:  # drop what cannot hold the next marker
                line += buf.count(b"\n", pos, scan)
                pos = scan
            if pos:
                del buf[:pos]
                scan -= pos
                pos = 0
        if not skipping and len(buf) > pos:
            if len(buf) - pos > self.max_bytes:
                yield self._too_large(line)
            elif stop is None:
                yield self._piece(bytes(buf[pos:]), line)
            else:
                line += buf.count(b"\n", pos)
        if stop is not None:
            yield Piece(self.path, b"", line, self.index, stop)


def _directives_before(buf: bytes | bytearray, pos: int, marker: int) -> int:
    """Where the document starting at ``marker`` begins: before any
    ``%YAML``/``%TAG`` directive lines right above its ``---``."""
    if buf.find(b"\n%", pos, marker) < 0 and not buf.startswith(b"%", pos):
        return marker
    cut = marker
    while cut > pos:
        newline = buf.rfind(b"\n", pos, cut - 1)
        start = newline + 1 if newline >= 0 else pos
        if not buf.startswith(b"%", start):
            break
        cut = start
    return cut


def _nul_message(block: bytes, at_start: bool) -> str:
    if at_start and len(block) >= 4 and (block[1] == 0 and block[3] == 0 or block[0] == 0 and block[2] == 0):
        return "contains NUL bytes: not a text file (UTF-16 without a byte-order mark?)"
    return "contains a NUL byte: not a text file"
