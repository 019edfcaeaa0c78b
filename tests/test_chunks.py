"""Chunks (source/chunks.py): the pieces of a source cut in chunks, each
resumed where the parent cut, are the pieces of one pass of split.py."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pod_resources_cli.source.chunks import Chunk, Unit, cut, source_units
from pod_resources_cli.source.discover import source_pieces
from pod_resources_cli.source.limits import Limits
from pod_resources_cli.source.split import Piece, iter_pieces

TOKENS = [
    "---", "--- ", "---\t", "----", "\n", "\n", "\n", "\r\n", "%YAML 1.2", "%TAG ! tag:x,2000:", "a: 1", "b: [1, 2]",
    "# comment", " ", "\x00", "x" * 40, "{{ .Values.x }}", "- item", "\t", "...", "é",
]  # fmt: skip
PREFIXES = ["", "", "", "---\n", codecs.BOM_UTF8.decode("latin-1"), "%YAML 1.2\n"]


def pieces_of(units: list[Unit], limits: Limits) -> list[Piece]:
    out: list[Piece] = []
    for unit in units:
        out.extend(unit.pieces(limits) if isinstance(unit, Chunk) else [unit])
    return out


def split_blocks(data: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({min(c, len(data)) for c in cuts} | {0, len(data)})
    return [data[a:b] for a, b in zip(points, points[1:]) if b > a]


@settings(max_examples=400, deadline=None)
@given(
    prefix=st.sampled_from(PREFIXES),
    tokens=st.lists(st.sampled_from(TOKENS), max_size=120),
    cuts=st.lists(st.integers(0, 600), max_size=6),
    size=st.integers(1, 80),
    max_bytes=st.integers(1, 300),
)
def test_chunked_pieces_are_the_pieces_of_one_pass(prefix: str, tokens: list[str], cuts: list[int], size: int, max_bytes: int) -> None:
    data = prefix.encode("latin-1") + "".join(tokens).encode("utf-8")
    limits = Limits(max_document_bytes=max_bytes)
    blocks = split_blocks(data, cuts)
    assert pieces_of(list(cut("s.yaml", blocks, limits, size)), limits) == list(iter_pieces("s.yaml", blocks, limits))


def test_a_stream_of_many_documents_is_cut_between_them() -> None:
    doc = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n"
    data = ("# head\n" + "---\n".join([doc] * 500)).encode()
    limits = Limits()
    units = list(cut("s.yaml", [data[i : i + 4096] for i in range(0, len(data), 4096)], limits, 1000))
    chunks = [u for u in units if isinstance(u, Chunk)]
    assert len(chunks) == len(units) > 10 and all(c.data is not None and c.data.startswith(b"---") for c in chunks[1:])
    pieces = pieces_of(units, limits)
    assert [(p.line, p.index) for p in pieces] == [(p.line, p.index) for p in iter_pieces("s.yaml", [data], limits)]
    assert pieces[-1].index == 499


def test_utf16_and_nul_bytes_are_cut_by_the_splitter() -> None:
    limits = Limits()
    utf16 = codecs.BOM_UTF16_LE + "a: 1\n---\nb: 2\n".encode("utf-16-le")
    assert all(isinstance(u, Piece) for u in cut("u.yaml", [utf16], limits, 4))
    nul = b"a: 1\n---\nb: 2\n" * 50 + b"\0" + b"---\nc: 3\n"
    units = list(cut("n.yaml", [nul[:300], nul[300:]], limits, 64))
    assert isinstance(units[-1], Piece) and units[-1].error == "contains a NUL byte: not a text file"
    assert pieces_of(units, limits) == list(iter_pieces("n.yaml", [nul[:300], nul[300:]], limits))


def test_a_document_over_the_limit_is_never_held(tmp_path: Path) -> None:
    """A chunk never holds much more than the largest document allowed: the
    rest of a longer stretch is skipped by split.py as it streams by."""
    limits = Limits(max_document_bytes=10_000)
    data = b"a: 1\n---\nbig: |\n" + b"  " + b"x" * 200_000 + b"\n---\nb: 2\n"
    blocks = [data[i : i + 1000] for i in range(0, len(data), 1000)]
    units = list(cut("big.yaml", blocks, limits, 100))
    assert max(u.size if isinstance(u, Chunk) else len(u.data) for u in units) < 12_000
    assert pieces_of(units, limits) == list(iter_pieces("big.yaml", blocks, limits))
    assert any(isinstance(u, Piece) and u.error is not None and "larger than" in u.error for u in units)


def test_files_small_or_not_are_cut_like_source_pieces(tmp_path: Path) -> None:
    limits = Limits()
    small = tmp_path / "small.yaml"
    small.write_text("a: 1\n---\nb: 2\n")
    large = tmp_path / "large.yaml"
    large.write_text("".join(f"---\nkind: Pod\nmetadata: {{name: p{i}}}\n" for i in range(3000)))
    assert list(source_units(str(small), limits)) == [Chunk(str(small), size=small.stat().st_size)]
    units = list(source_units(str(large), limits, size=2048))
    assert len(units) > 10
    assert pieces_of(units, limits) == list(source_pieces(str(large), limits))
    missing = list(source_units(str(tmp_path / "gone.yaml"), limits))
    assert pieces_of(missing, limits) == list(source_pieces(str(tmp_path / "gone.yaml"), limits))
    assert pieces_of(list(source_units(str(tmp_path), limits)), limits) == list(source_pieces(str(tmp_path), limits))


@pytest.mark.parametrize("at", [0, 100, 5000])
def test_a_read_error_is_placed_as_source_pieces_places_it(at: int) -> None:
    data = b"".join(b"---\nn: %d\n" % i for i in range(2000))

    def blocks() -> object:
        yield data[:at] if at else data[:3]
        raise OSError(5, "Input/output error")

    from pod_resources_cli.source import chunks

    def units() -> list[Unit]:
        out: list[Unit] = []
        for unit in chunks._cut_file("e.yaml", _Reader(blocks()), Limits(), 64):  # type: ignore[arg-type]
            out.append(unit)
        return out

    def expected() -> list[Piece]:
        out: list[Piece] = []
        last = None
        try:
            for last in iter_pieces("e.yaml", blocks(), Limits()):  # type: ignore[arg-type]
                out.append(last)
        except OSError:
            line, index = (last.line, last.index + 1) if last is not None else (1, 0)
            out.append(Piece("e.yaml", b"", line, index, "cannot read: Input/output error"))
        return out

    assert pieces_of(units(), Limits()) == expected()


class _Reader:
    """A file object whose reads come from a generator (that may raise)."""

    def __init__(self, blocks: object) -> None:
        self.blocks = blocks

    def read1(self, size: int) -> bytes:
        return next(self.blocks, b"")  # type: ignore[call-overload, no-any-return]

    read = read1
