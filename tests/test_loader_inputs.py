"""Inputs read twice: files re-read, standard input spooled, lines for excerpts."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from pod_resources_cli.parallel import batched, map_documents, map_files, map_ordered
from pod_resources_cli.source.discover import SourceFile
from pod_resources_cli.source.inputs import Inputs
from pod_resources_cli.source.limits import Limits
from pod_resources_cli.source.yamldoc import Document, load_piece

STREAM = "a: 1\n---\nkind: LimitRange\n---\n# big\nb: '" + "x" * 3000 + "'\n---\nc: [1,\n  2]\n"


def _summary(inputs: Inputs) -> list[tuple[str, int, int, str | None]]:
    return [(p.path, p.line, p.index, p.error) for p in inputs.pieces()]


def test_stdin_is_spooled_once_and_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(STREAM.encode())))
    inputs = Inputs(["-"], Limits(max_document_bytes=1000))
    first = _summary(inputs)
    assert first == [
        ("<stdin>", 1, 0, None), ("<stdin>", 2, 1, None),
        ("<stdin>", 4, 2, "document is larger than 1000 bytes (raise --max-document-bytes); skipped"),
        ("<stdin>", 7, 3, None),
    ]
    assert _summary(inputs) == first  # stdin is exhausted: this came from the spool
    assert inputs.line("<stdin>", 9) == "  2]"
    assert inputs.line("<stdin>", 5) is None  # the skipped document was never kept
    assert inputs.may_contain("-", [b"LimitRange"])
    inputs.close()


def test_files_and_memory_sources(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_bytes(STREAM.encode().replace(b"\n", b"\r\n"))
    inputs = Inputs([str(path)])
    assert [p.line for p in inputs.pieces()] == [1, 2, 4, 7]
    assert inputs.line(str(path), 8) == "c: [1,"
    assert inputs.line(str(path), 99) is None
    assert inputs.may_contain(str(path), [b"LimitRange"]) and not inputs.may_contain(str(path), [b"ResourceQuota"])
    held = Inputs(memory=[SourceFile("m.yaml", STREAM.encode()), SourceFile("gone.yaml", None, "Permission denied")])
    assert [(p.path, p.line, p.error) for p in held.pieces()][-1] == ("gone.yaml", 1, "cannot read: Permission denied")
    assert held.line("m.yaml", 3) == "kind: LimitRange" and len(held) == 2


def test_markers_across_scan_blocks_are_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pod_resources_cli.source.inputs as module

    monkeypatch.setattr(module, "_SCAN_BLOCK", 7)
    path = tmp_path / "q.yaml"
    path.write_text("kind: ResourceQuota\n")
    assert Inputs([str(path)]).may_contain(str(path), [b"LimitRange", b"ResourceQuota"])


def _square(x: int) -> int:
    return x * x


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_ordered_map_keeps_input_order_with_any_number_of_jobs(jobs: int) -> None:
    offset = 10  # a closure: handed to the workers at fork
    assert list(map_ordered(lambda x: x + offset, range(200), jobs, window=5)) == [x + 10 for x in range(200)]
    assert list(map_ordered(_square, range(50), jobs, size=lambda _: 1, start_after=20)) == [x * x for x in range(50)]
    assert list(batched(range(7), lambda _: 2, 5)) == [[0, 1, 2], [3, 4, 5], [6]]


def test_documents_and_files_are_mapped_in_order_across_processes(tmp_path: Path) -> None:
    paths = []
    for i in range(30):
        p = tmp_path / f"f{i:02d}.yaml"
        p.write_text("".join(f"---\nfile: {i}\ndoc: {d}\n" for d in range(i % 4 + 1)))
        paths.append(str(p))

    def describe(doc: object) -> tuple[int, int, int]:
        assert isinstance(doc, Document)
        return (doc.data["file"], doc.data["doc"], doc.line)

    one = list(map_documents(describe, [str(tmp_path)], 1))
    assert one == [(i, d, 2 + 3 * d) for i in range(30) for d in range(i % 4 + 1)]
    assert list(map_documents(describe, [str(tmp_path)], 2, start_after=0, batch_bytes=40)) == one
    assert list(map_documents(describe, [str(tmp_path)], 2, start_after=300, batch_bytes=1)) == one
    sizes = list(map_files(paths, lambda p: Path(p).stat().st_size, 2, start_after=0))
    assert sizes == [Path(p).stat().st_size for p in paths]
    assert [len(load_piece(p)) for p in Inputs(paths[:2]).pieces()] == [1, 1, 1]
