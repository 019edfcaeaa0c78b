"""Work spread over CPU cores, results in input order (``--jobs``).

Output must not depend on the number of processes, so every function here
yields results in the order of its input, whatever order the workers finish
in. Work is handed out lazily with a bounded number of items in flight, so a
stream of any length runs in bounded memory.

Workers are forked (Linux; run/pool.py): they inherit the loaded modules,
the parsed options and the node description, and start in milliseconds. The
function a worker runs is handed over once, at fork, so it may be a closure;
only items and results cross process boundaries, and must pickle. Where fork
is not available, or with one job, everything runs in this process.

Small inputs never pay for a pool: the first ``small`` bytes of input are
looked at before any worker starts, and when they are all of it, the work
runs here (a pre-commit run on one file stays a single process); otherwise
every item goes to the workers, so the parent only hands out and receives.
There are never more workers than CPUs: more only add forks and memory.

Workers die with the run: a SIGTERM to the parent (a CI job's timeout)
stops them before the parent exits, and on Linux each worker also asks the
kernel to kill it when the parent dies in any other way (SIGKILL included).
Left alone, orphaned workers would go on working for their queued batches.
"""

from __future__ import annotations

import itertools
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Final, TypeVar

from pod_resources_cli.source.chunks import Unit, source_units, unit_pieces, unit_size
from pod_resources_cli.source.discover import expand_paths
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits
from pod_resources_cli.source.yamldoc import Document, ParseFailure, load_piece

T = TypeVar("T")
R = TypeVar("R")

AUTO: Final = 0  # --jobs 0 (the default): one job per available CPU
SMALL: Final = 256 << 10  # bytes of input below which a pool is not worth starting
BATCH_BYTES: Final = 128 << 10  # input per task: enough to amortise the hand-over
MAX_JOBS: Final = 1 << 22  # Linux's PID_MAX_LIMIT: a larger --jobs is no number of processes


def available_cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def resolve_jobs(jobs: int | None) -> int:
    """``None`` or ``0``: the CPUs this process may run on; otherwise ``jobs``,
    but never more than those CPUs (a worker per CPU already uses them all)."""
    if not jobs:
        return available_cpus()
    if jobs < 0:
        raise ValueError("--jobs must be 0 (automatic) or a positive number")
    return min(jobs, available_cpus())


def can_fork() -> bool:
    # Checked without importing multiprocessing: a one-file run never needs it.
    return sys.platform.startswith("linux") and hasattr(os, "fork")


def map_ordered(
    fn: Callable[[T], R],
    items: Iterable[T],
    jobs: int | None = AUTO,
    *,
    size: Callable[[T], int] | None = None,
    small: int = 0,
    window: int | None = None,
) -> Iterator[R]:
    """``map(fn, items)`` over ``jobs`` processes, yielding in input order.

    With ``size``, items are read ahead until ``small`` bytes of them: when
    that is all, they run here. At most ``window`` items (default four per
    job) are in flight.
    """
    workers = resolve_jobs(jobs)
    it = iter(items)
    if workers <= 1 or not can_fork():
        yield from map(fn, it)
        return
    ahead: list[T] = []
    if size is not None and small > 0:
        seen = 0
        for item in it:
            ahead.append(item)
            seen += size(item)
            if seen >= small:
                break
        else:
            yield from map(fn, ahead)
            return
    from pod_resources_cli.run.pool import run_ordered

    yield from run_ordered(fn, itertools.chain(ahead, it), workers, window or 4 * workers)


def map_files(paths: Sequence[str], fn: Callable[[str], R], jobs: int | None = AUTO, *, small: int | None = None) -> Iterator[R]:
    """``fn(path)`` for every path, over ``jobs`` processes, in path order."""
    return map_ordered(fn, paths, jobs, size=_file_size, small=SMALL if small is None else small)


def _file_size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def batched(items: Iterable[T], size: Callable[[T], int], limit: int) -> Iterator[list[T]]:
    """Consecutive items grouped until a group reaches ``limit`` (never empty)."""
    batch: list[T] = []
    total = 0
    for item in items:
        batch.append(item)
        total += size(item)
        if total >= limit:
            yield batch
            batch, total = [], 0
    if batch:
        yield batch


def map_units(
    fn: Callable[[list[Unit]], R],
    units: Iterable[Unit],
    jobs: int | None = AUTO,
    *,
    small: int | None = None,
    batch_bytes: int | None = None,
) -> Iterator[R]:
    """``fn`` on consecutive units of input (chunks and pieces, about
    ``batch_bytes`` at a time), over ``jobs`` processes, in input order."""
    small = SMALL if small is None else small  # looked up now: tests lower them
    batch_bytes = BATCH_BYTES if batch_bytes is None else batch_bytes
    return map_ordered(fn, batched(units, unit_size, batch_bytes), jobs, size=batch_size, small=small)


def batch_size(batch: Sequence[Unit]) -> int:
    return sum(map(unit_size, batch))


def input_units(paths: Sequence[str], limits: Limits = DEFAULT_LIMITS) -> Iterator[Unit]:
    """The units of every file of ``paths`` (directories expanded), in order."""
    for path in expand_paths(paths):
        yield from source_units(path, limits)


def map_documents(
    fn: Callable[[Document | ParseFailure], R],
    paths: Sequence[str],
    jobs: int | None = AUTO,
    limits: Limits = DEFAULT_LIMITS,
    *,
    small: int | None = None,
    batch_bytes: int = BATCH_BYTES,
) -> Iterator[R]:
    """``fn`` on every document (or parse failure) of every path, in input order.

    Files and standard input are cut into chunks here (source/chunks.py);
    workers read, split and parse them and run ``fn``, so both parsing and
    ``fn`` use every core, and one large stream is spread as well as many files.
    """

    def work(batch: list[Unit]) -> list[R]:
        return [fn(doc) for unit in batch for piece in unit_pieces(unit, limits) for doc in load_piece(piece, limits)]

    for results in map_units(work, input_units(paths, limits), jobs, small=small, batch_bytes=batch_bytes):
        yield from results
