"""Lint in bounded memory: the spill store (lint/store.py) sorts as sorted()
does, and a run whose records go to temporary files writes every format
byte for byte as one that keeps them in memory, and leaves no file behind."""

from __future__ import annotations

import heapq
import json
import os
import random
import re
import tempfile
from pathlib import Path

import pytest

import pod_resources_cli.lint.store as store_module
from pod_resources_cli.run.lint_outcome import Outcome
from pod_resources_cli.cli.lint_run import run_command
from pod_resources_cli.lint.finding import Finding, ObjectRef, Severity
from pod_resources_cli.lint.result import FindingStore, LintResult
from pod_resources_cli.lint.runs import PackedRun, RecordRun
import pod_resources_cli.run.parallel as parallel
import pickle
from pod_resources_cli.model.items import Summary
from pod_resources_cli.lint.store import MAX_RUNS, SortedStore, SpillList
from pod_resources_cli.location import Location
from pod_resources_cli.render.lint_format import LintFormat
from pod_resources_cli.render.lint_sarif import iter_sarif, sarif_dict


@pytest.fixture(autouse=True)
def private_tempdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    spill = tmp_path / "spill"
    spill.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spill))
    return spill


def _records(n: int) -> list[tuple[int, int]]:
    rng = random.Random(7)
    return [(rng.randrange(10), i) for i in range(n)]  # many equal keys: the sort must be stable


def test_the_store_spills_past_its_threshold_and_reads_back_as_sorted_does() -> None:
    records = _records(57)
    store: SortedStore[tuple[int, int]] = SortedStore(lambda r: r[0], threshold=5)
    store.extend(records[:4])
    assert not store.spilled
    store.extend(records[4:])
    expected = sorted(records, key=lambda r: r[0])
    assert store.spilled and len(store) == 57
    assert list(store) == expected and list(store) == expected  # iterated again
    assert [a for a, _ in zip(store, store, strict=True)] == expected  # twice at once
    assert store[0] == expected[0] and store[-1] == expected[-1] and store == expected
    store.close()
    assert len(store) == 0 and list(store) == []


def test_many_runs_are_merged_into_one_and_stay_in_order() -> None:
    records = _records(MAX_RUNS * 3 + 1)
    store: SortedStore[tuple[int, int]] = SortedStore(lambda r: r[0], threshold=2)
    store.extend(records)
    assert len(store._runs) < MAX_RUNS
    assert list(store) == sorted(records, key=lambda r: r[0])


@pytest.mark.parametrize("threshold", [1, 2, 5, 64])
def test_runs_added_in_key_order_are_read_back_in_order_without_a_merge(threshold: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # ordered results (equal keys across a run's edge, and a run after MAX_RUNS) come back as sorted() gives them
    records = sorted(_records(MAX_RUNS * 2 + 3), key=lambda r: r[0])
    store: SortedStore[tuple[int, int]] = SortedStore(lambda r: r[0], threshold=threshold)
    store.extend(records)
    assert store.spilled
    merges: list[int] = []
    monkeypatch.setattr(heapq, "merge", lambda *a, **k: merges.append(1) or iter(()))
    assert list(store) == records and merges == []
    # one record out of order: merged, and still what sorted() gives
    store.append((0, -1))
    monkeypatch.undo()
    assert list(store) == sorted([*records, (0, -1)], key=lambda r: r[0])


def test_a_spill_list_keeps_the_order_records_came_in() -> None:
    records = _records(23)
    kept: SpillList[tuple[int, int]] = SpillList(threshold=4)
    kept.extend(records)
    assert kept.spilled and list(kept) == records


def test_findings_pack_and_unpack_to_equal_findings() -> None:
    found = Finding("PR101", "x", Severity.ERROR, "m", Location("a.yaml", 3, 4, 1), ObjectRef("Pod", "p", "ns", "t"), "spec", "c")
    assert Finding.unpack(found.pack()) == found
    assert Finding.unpack(Finding("PR001", "y", Severity.INFO, "n", Location("-", 1)).pack()).object is None


def _finding(path: str, line: int, rule: str = "PR101") -> Finding:
    return Finding(rule, "x", Severity.WARNING, f"m{line}", Location(path, line, 1, 0), ObjectRef("Pod", f"p{line}", "ns", None))


def _text(f: Finding) -> str:
    return f"{f.location.path}:{f.location.line} {f.rule}"


def _sent(store: FindingStore, findings: list[Finding]) -> PackedRun:
    """A worker's findings as the parent receives them (pickled through the pipe)."""
    run = pickle.loads(pickle.dumps(RecordRun(map(store.record, findings))))
    assert isinstance(run, PackedRun)
    return run


@pytest.mark.parametrize("threshold", [2, 1000])
def test_workers_runs_in_key_order_are_kept_whole_and_read_back_as_records_would_be(threshold: int) -> None:
    batches = [[_finding("a.yaml", 9), _finding("a.yaml", 3)], [_finding("a.yaml", 12), _finding("a.yaml", 12, "PR100")], [_finding("b.yaml", 1)]]
    runs, records = FindingStore(_text, threshold=threshold), FindingStore(_text, threshold=threshold)
    for batch in batches:
        runs.add_records(_sent(runs, batch))
        records.add_records([records.record(f) for f in batch])
    assert len(runs.records) == 0 and len(runs) == 5 and runs.spilled is (threshold == 2)  # never opened
    assert list(runs.texts(_text)) == list(records.texts(_text)) == ["a.yaml:3 PR101", "a.yaml:9 PR101", "a.yaml:12 PR100", "a.yaml:12 PR101", "b.yaml:1 PR101"]
    assert list(runs) == list(records) and list(runs) == list(runs)  # iterated twice: the same
    runs.extend([])  # the collector's own findings, none: the runs stay whole
    assert len(runs.records) == 0
    runs.close()
    assert len(runs) == 0 and not runs.spilled


@pytest.mark.parametrize("threshold", [2, 1000])
def test_a_run_out_of_order_or_a_finding_of_the_parent_merges_everything(threshold: int) -> None:
    store = FindingStore(_text, threshold=threshold)
    store.add_records(_sent(store, [_finding("b.yaml", 1)]))
    store.add_records(_sent(store, [_finding("b.yaml", 7)]))
    store.add_records(_sent(store, [_finding("a.yaml", 5)]))  # a render's findings, relocated to an earlier file
    store.extend([_finding("a.yaml", 2, "PR300")])  # a set rule's, at the end
    assert len(store) == 4 and len(store.records) == 4
    assert list(store.texts(_text)) == ["a.yaml:2 PR300", "a.yaml:5 PR101", "b.yaml:1 PR101", "b.yaml:7 PR101"]
    assert [f.location.line for f in store] == [2, 5, 1, 7]


def test_runs_whose_keys_do_not_compare_are_merged_not_failed() -> None:
    store = FindingStore(None)
    store.add_records(_sent(store, [Finding("PR001", "x", Severity.ERROR, "m", Location("a.yaml", None))]))
    store.add_records(_sent(store, [Finding("PR001", "x", Severity.ERROR, "m", Location("a.yaml", 4))]))
    assert len(store) == 2 and len(store.records) == 2
    assert store.add_records(_sent(store, [])) is None and len(store) == 2  # an empty run: nothing


def test_the_temporary_file_has_no_name_and_goes_with_close(private_tempdir: Path) -> None:
    store: SortedStore[int] = SortedStore(threshold=2)
    store.extend(range(10))
    assert store.spilled and os.listdir(private_tempdir) == []
    store.close()
    assert store._file is None


def test_excerpts_take_the_line_a_later_piece_showed() -> None:
    outcome = Outcome(LintResult([], [], Summary(), None))
    outcome.add_lines({("t.yaml", 2): "first", ("t.yaml", 5): "five"})
    outcome.add_lines({("t.yaml", 2): "second"})  # a Helm template rendered twice: lines go back
    at = [Finding("PR101", "x", Severity.ERROR, "m", Location("t.yaml", n, 1, d)) for d, n in ((0, 5), (1, 2), (1, 9))]
    assert list(outcome.excerpts(at)) == ["five", "second", None]
    assert outcome.line("t.yaml", 2) == "second" and outcome.line("t.yaml", 9) is None


def test_the_sarif_stream_is_the_dict_encoded_also_when_capped() -> None:
    findings = [
        Finding("PR101" if i % 3 else "PR132", "x", Severity.ERROR if i % 3 else Severity.WARNING, f"m{i % 4}", Location("k.yaml", i + 1), ObjectRef("Pod", "p"))
        for i in range(12)
    ]
    result = LintResult(findings, [], Summary(files=1), Severity.ERROR, ("PR101", "PR132"))
    for limit in (100, 5):
        assert "".join(iter_sarif(result, "/repo", limit)) == json.dumps(sarif_dict(result, "/repo", limit), indent=2) + "\n"


POD = """\
apiVersion: v1
kind: Pod
metadata:
  name: p{n}
  namespace: shop
{annotations}spec:
  containers:
  - {{name: a, image: x, resources: {{requests: {{cpu: "2"}}, limits: {{cpu: "{limit}"}}}}}}
"""
QUOTA = """\
apiVersion: v1
kind: ResourceQuota
metadata: {name: q, namespace: shop}
spec:
  hard: {requests.cpu: "10", limits.cpu: "5"}
"""
IGNORES = (
    "",
    '  annotations: {pod-resources.io/ignore: "PR120: on purpose"}\n',  # suppressed
    '  annotations: {pod-resources.io/ignore: "PR999, PR101"}\n',  # PR003: unknown, and silencing nothing
)


def _inputs(root: Path) -> list[str]:
    """Set-level findings (the quota), suppressed ones (annotations and the
    config), unused ignores, the same object twice, several files."""
    pods = [POD.format(n=i % 40, annotations=IGNORES[i % 3], limit=1 + i % 2) for i in range(60)]  # half rejected
    (root / "a.yaml").write_text("---\n".join(pods[:30]))
    (root / "b.yaml").write_text("---\n".join([*pods[30:], QUOTA]))
    (root / "config.yaml").write_text('per-path:\n  - paths: ["b.yaml"]\n    ignore: [PR130]\n')
    return [str(root / "a.yaml"), str(root / "b.yaml")]


def untimed(report: str) -> str:
    """A report without JUnit's time attributes, the one part that differs between runs."""
    return re.sub(r' time="[0-9.]+"', "", report)


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("fmt", list(LintFormat))
def test_spilling_changes_no_byte_of_any_format(fmt: LintFormat, jobs: int, tmp_path: Path, private_tempdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Also with workers, whose findings come back as runs (lint/runs.py)."""
    paths = _inputs(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(parallel, "SMALL", 0)
    monkeypatch.setattr(parallel, "BATCH_BYTES", 2000)  # several runs a file

    def report(name: str) -> str:
        out = tmp_path / name
        code = run_command(paths, config=str(tmp_path / "config.yaml"), output_format=fmt, output=str(out), jobs=jobs, no_render=True)
        assert code == 1
        return out.read_text(encoding="utf-8")

    kept: list[int] = []
    add_records = FindingStore.add_records

    def counted(self: FindingStore, records: object) -> None:
        kept.append(isinstance(records, PackedRun))
        add_records(self, records)  # type: ignore[arg-type]

    monkeypatch.setattr(FindingStore, "add_records", counted)
    in_memory = untimed(report("memory.out"))
    assert sum(kept) == (0 if jobs == 1 else len(kept)) and len(kept) > (1 if jobs == 2 else 0)  # with workers: several runs
    monkeypatch.setattr(store_module, "DEFAULT_THRESHOLD", 3)
    spilled = untimed(report("spilled.out"))
    assert spilled == in_memory
    assert "PR162" in in_memory and "PR003" in in_memory
    assert os.listdir(private_tempdir) == []
