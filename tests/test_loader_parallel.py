"""Ordered parallel maps: input order whatever the number of processes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from pod_resources_cli.run.parallel import available_cpus, batched, can_fork, map_documents, map_files, map_ordered, resolve_jobs
from pod_resources_cli.source.discover import source_pieces
from pod_resources_cli.source.yamldoc import Document, load_piece


def _square(x: int) -> int:
    return x * x


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_ordered_map_keeps_input_order_with_any_number_of_jobs(jobs: int) -> None:
    offset = 10  # a closure: handed to the workers at fork
    assert list(map_ordered(lambda x: x + offset, range(200), jobs, window=5)) == [x + 10 for x in range(200)]
    assert list(map_ordered(_square, range(50), jobs, size=lambda _: 1, small=20)) == [x * x for x in range(50)]
    assert list(map_ordered(_square, range(10), jobs, size=lambda _: 1, small=20)) == [x * x for x in range(10)]
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
    assert list(map_documents(describe, [str(tmp_path)], 2, small=0, batch_bytes=40)) == one
    assert list(map_documents(describe, [str(tmp_path)], 2, small=300, batch_bytes=1)) == one
    sizes = list(map_files(paths, lambda p: Path(p).stat().st_size, 2, small=0))
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


def test_never_more_workers_than_cpus() -> None:
    assert resolve_jobs(4096) == resolve_jobs(0) == available_cpus()
    assert resolve_jobs(1) == 1


def _children(parent: int) -> set[int]:
    """The live (not zombie) processes whose parent is ``parent``, from /proc."""
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit() and _state(int(entry)) not in (None, "Z") and _ppid(int(entry)) == parent:
            found.add(int(entry))
    return found


def _stat_fields(pid: int) -> list[str] | None:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8", errors="replace") as fh:
            return fh.read().rsplit(")", 1)[1].split()  # the name before ")" may hold spaces
    except (OSError, IndexError):
        return None


def _state(pid: int) -> str | None:
    fields = _stat_fields(pid)
    return fields[0] if fields else None


def _ppid(pid: int) -> int | None:
    fields = _stat_fields(pid)
    return int(fields[1]) if fields else None


def _poll(condition: Callable[[], bool], seconds: float) -> bool:
    """Waits until ``condition`` holds, or ``seconds`` have passed."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return bool(condition())


@pytest.mark.skipif(not can_fork() or available_cpus() < 2, reason="workers need fork and two CPUs")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_workers_die_with_a_killed_parent(sig: int, tmp_path: Path) -> None:
    """A CI timeout kills the run (SIGTERM, then SIGKILL); its workers must
    not go on for their queued batches (they did for 30-50 s)."""
    doc = (
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {{name: web-{i}, namespace: ns{ns}}}\nspec:\n  replicas: 2\n"
        "  template:\n    spec:\n      containers:\n      - name: app\n        image: nginx\n        resources:\n"
        "          requests: {{cpu: 100m, memory: 256Mi}}\n          limits: {{cpu: '1', memory: 512Mi}}\n"
    )
    stream = tmp_path / "stream.yaml"
    stream.write_text("---\n".join(doc.format(i=i, ns=i % 7) for i in range(40000)), encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "pod_resources_cli", "lint", "--no-config", "--jobs", "2", str(stream)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    workers: set[int] = set()
    try:
        assert _poll(lambda: len(_children(proc.pid)) >= 2, 60), "the workers never started"
        workers = _children(proc.pid)
        proc.send_signal(sig)
        proc.wait(timeout=30)
        assert _poll(lambda: all(_state(pid) in (None, "Z") for pid in workers), 10), "workers outlived their parent"
    finally:
        proc.kill()
        proc.wait()
        for pid in workers:
            if _state(pid) not in (None, "Z"):
                os.kill(pid, signal.SIGKILL)  # a failed run: leave nothing behind


def _fail_on_three(x: int) -> int:
    if x == 3:
        raise ValueError(f"no {x}")
    return x


def _die_on_five(x: int) -> int:
    if x == 5:
        os._exit(3)  # a worker killed (the OOM killer, a signal): no result, no exception
    return x


@pytest.mark.skipif(not can_fork() or available_cpus() < 2, reason="workers need fork and two CPUs")
def test_a_workers_exception_is_raised_in_the_parent_and_a_dead_worker_fails_the_run() -> None:
    from pod_resources_cli.run.pool import WorkerDied, WorkerFailed

    with pytest.raises(ValueError, match="no 3") as raised:
        list(map_ordered(_fail_on_three, range(10), 2))
    assert isinstance(raised.value.__cause__, WorkerFailed) and "_fail_on_three" in str(raised.value.__cause__)
    with pytest.raises(WorkerDied):
        list(map_ordered(_die_on_five, range(10), 2))
    assert list(map_ordered(_square, range(30), 2)) == [x * x for x in range(30)]  # nothing left behind
    assert not _children(os.getpid())


@pytest.mark.parametrize("block", [7, 16, 1 << 20])
def test_a_large_files_scan_by_ranges_finds_a_marker_across_a_range_boundary(tmp_path: Path, block: int) -> None:
    """A large file's policy scan is shared out in ranges (run/policy_pass.py): a
    marker cut by a range's end is still found whole in that range's reach."""
    from pod_resources_cli.source.discover import range_mentions, scan_ranges

    path = tmp_path / "stream.yaml"
    path.write_bytes(b"x" * 13 + b"LimitRange" + b"y" * 20)  # the marker spans 13..23: across the 16-byte block's end
    spans = scan_ranges(str(path), path.stat().st_size, [b"LimitRange", b"ResourceQuota"], block)
    assert spans[0] == (str(path), 0, min(43, block + 12))
    assert [start for _, start, _ in spans] == list(range(0, 43, block))
    assert any(range_mentions(span, [b"LimitRange"]) for span in spans)
    assert not any(range_mentions(span, [b"ResourceQuota"]) for span in spans)
    missing = (str(tmp_path / "gone.yaml"), 0, 10)
    assert range_mentions(missing, [b"LimitRange"]) is False  # unreadable: reading it later says why


def test_a_policy_in_a_large_file_applies_to_documents_before_it_with_any_jobs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The LimitRange at the end of a 1.5 MB stream, found by the workers' scan, defaults the pods before it."""
    from pod_resources_cli.cli import main

    pod = "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p{i}\n  namespace: team\nspec:\n  containers:\n  - name: app\n    image: nginx\n"
    limit_range = (
        "---\napiVersion: v1\nkind: LimitRange\nmetadata:\n  name: defaults\n  namespace: team\nspec:\n  limits:\n  - type: Container\n"
        "    defaultRequest:\n      cpu: 100m\n      memory: 64Mi\n    default:\n      cpu: 100m\n      memory: 64Mi\n"
    )
    path = tmp_path / "big.yaml"
    path.write_text("".join(pod.format(i=i) for i in range(15000)) + limit_range)
    assert path.stat().st_size > 1 << 20
    outputs = []
    for jobs in ("1", "2"):
        main(["lint", "--no-config", "-o", "json", "--jobs", jobs, str(path)])
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    import json

    findings = json.loads(outputs[0])["findings"]
    assert not [f for f in findings if f["rule"] == "PR201"]  # the LimitRange's defaults: no pod is BestEffort
    assert json.loads(outputs[0])["summary"]["pods"] == 15000
