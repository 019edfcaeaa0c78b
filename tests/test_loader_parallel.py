"""Ordered parallel maps: input order whatever the number of processes."""

from __future__ import annotations

from pathlib import Path

import pytest

from pod_resources_cli.parallel import batched, map_documents, map_files, map_ordered
from pod_resources_cli.source.discover import source_pieces
from pod_resources_cli.source.yamldoc import Document, load_piece


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
    assert [len(load_piece(p)) for p in source_pieces(paths[1])] == [1, 1]


def test_many_files_lint_the_same_with_one_or_two_jobs(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Over 256 KiB in 400 files, so that the pool starts; output bytes must not change."""
    from pod_resources_cli.cli import main

    monkeypatch.chdir(tmp_path)
    for i in range(400):
        sub = tmp_path / "m" / f"d{i % 9}"
        sub.mkdir(parents=True, exist_ok=True)
        cpu = ("100m", "1", "3")[i % 3]
        (sub / f"f{i:03d}.yaml").write_text(
            f"apiVersion: v1\nkind: Pod\nmetadata: {{name: p{i}}}\nspec:\n  containers:\n  - name: app\n    image: x\n"
            f"    resources:\n      requests: {{cpu: '{cpu}', memory: 64Mi}}\n      limits: {{cpu: '2', memory: 64Mi}}\n"
            + "# padding\n" * 80
        )
    outputs = []
    for jobs in ("1", "2"):
        for fmt in ("json", "text"):
            code = main(["lint", "--no-config", "--format", fmt, "--jobs", jobs, "m"])
            outputs.append((jobs, fmt, code, capsys.readouterr().out))
    assert outputs[0][2:] == outputs[2][2:] and outputs[1][2:] == outputs[3][2:]
    assert outputs[0][2] == 1 and outputs[0][3].count('"rule": "PR101"') == 133
