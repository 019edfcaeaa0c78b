"""Forked worker processes fed over pipes, their results yielded in input order.

What run/parallel.py runs its maps on. Each worker is forked with the
function it runs (a closure is fine: it is never pickled) and has two pipes:
tasks in, results out, each message a pickle after its 8-byte length. A task
is handed only to an idle worker, which is then reading it, so neither side
ever blocks writing to a process that is not reading; results that come
back before their turn wait here, at most ``limit`` tasks being out at once.
The parent does nothing else: no threads, no queues, no multiprocessing
(whose imports alone cost a pre-commit run more than a worker's fork).

A worker ends when its task pipe closes, at once when the parent dies
(PR_SET_PDEATHSIG, Linux) and quietly on Ctrl-C (130, as the CLI does). An
exception in a worker is raised here, in the parent; a worker that dies
(killed, out of memory) fails the run instead of hanging it. Workers are
waited for before the map returns, so their CPU time is the parent's
children's (os.times, resource.getrusage).
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import struct
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any, Final

PR_SET_PDEATHSIG: Final = 1  # <linux/prctl.h>
_LENGTH: Final = struct.Struct("<Q")


class WorkerDied(RuntimeError):
    """A worker process ended without handing back its task's result."""


class WorkerFailed(RuntimeError):
    """A worker's exception that could not be handed back as itself."""


class _Worker:
    __slots__ = ("pid", "tasks", "results", "task")

    def __init__(self, pid: int, tasks: int, results: int) -> None:
        self.pid = pid
        self.tasks = tasks  # write end
        self.results = results  # read end
        self.task: int | None = None  # the index of the task it works on


def run_ordered(fn: Callable[[Any], Any], items: Iterator[Any], workers: int, limit: int) -> Iterator[Any]:
    """``map(fn, items)`` over ``workers`` forked processes, in input order."""
    pool = _fork(fn, workers)
    restore = _stop_on_sigterm(pool)
    done = False
    try:
        yield from _schedule(pool, items, limit)
        done = True
    finally:
        restore()
        _close(pool, kill=not done)  # an error, Ctrl-C or an abandoned run: what is in flight is not wanted


def _schedule(pool: list[_Worker], items: Iterator[Any], limit: int) -> Iterator[Any]:
    results: dict[int, Any] = {}
    sent = wanted = 0  # the next index to hand out, and to yield
    more = True
    while True:
        while more and sent - wanted < limit:
            idle = next((w for w in pool if w.task is None), None)
            if idle is None:
                break
            item = next(items, _END)
            if item is _END:
                more = False
                break
            _send(idle, sent, item)
            sent += 1
        if wanted in results:
            yield results.pop(wanted)
            wanted += 1
            continue
        if wanted == sent and not more:
            return
        busy = {w.results: w for w in pool if w.task is not None}
        ready, _, _ = select.select(list(busy), [], [])
        for fd in ready:
            index, value = _receive(busy[fd])
            results[index] = value


_END: Final = object()


def _send(worker: _Worker, index: int, item: Any) -> None:
    data = pickle.dumps((index, item), pickle.HIGHEST_PROTOCOL)
    try:
        _write_all(worker.tasks, _LENGTH.pack(len(data)) + data)
    except BrokenPipeError:  # not the reader of our output going away: a worker that died
        raise WorkerDied(f"a worker process (pid {worker.pid}) ended before its task") from None
    worker.task = index


def _receive(worker: _Worker) -> tuple[int, Any]:
    head = _read_exactly(worker.results, _LENGTH.size)
    if head is None:
        raise WorkerDied(f"a worker process (pid {worker.pid}) ended without its result")
    body = _read_exactly(worker.results, _LENGTH.unpack(head)[0])
    if body is None:
        raise WorkerDied(f"a worker process (pid {worker.pid}) ended in the middle of its result")
    index, ok, value = pickle.loads(body)
    worker.task = None
    if not ok:
        exc, where = value
        raise exc from WorkerFailed(where)  # the worker's traceback, as text (--debug shows it)
    return index, value


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _read_exactly(fd: int, size: int) -> bytes | None:
    """``size`` bytes, or None at the end of the pipe."""
    chunks: list[bytes] = []
    while size:
        chunk = os.read(fd, min(size, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def _fork(fn: Callable[[Any], Any], count: int) -> list[_Worker]:
    parent = os.getpid()
    pool: list[_Worker] = []
    try:
        for _ in range(count):
            task_r, task_w = os.pipe()
            result_r, result_w = os.pipe()
            pid = os.fork()
            if pid == 0:  # the worker: never returns
                os.close(task_w)
                os.close(result_r)
                for other in pool:  # the earlier workers' ends, inherited
                    os.close(other.tasks)
                    os.close(other.results)
                _work(fn, task_r, result_w, parent)
            os.close(task_r)
            os.close(result_w)
            pool.append(_Worker(pid, task_w, result_r))
    except BaseException:
        _close(pool, kill=True)
        raise
    return pool


def _work(fn: Callable[[Any], Any], tasks: int, results: int, parent: int) -> None:
    """A worker's life: tasks until the pipe closes; os._exit, never a return
    (the parent's buffered output and exit handlers are not the worker's)."""
    code = 0
    try:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the parent's handler (inherited at fork) is not for workers
        _die_with_parent(parent)
        while (head := _read_exactly(tasks, _LENGTH.size)) is not None:
            body = _read_exactly(tasks, _LENGTH.unpack(head)[0])
            if body is None:
                break
            index, item = pickle.loads(body)
            try:
                message: tuple[int, bool, Any] = (index, True, fn(item))
            except Exception as exc:  # handed to the parent, raised there
                import traceback

                message = (index, False, (exc, traceback.format_exc()))
            try:
                data = pickle.dumps(message, pickle.HIGHEST_PROTOCOL)
            except Exception as exc:  # noqa: BLE001 -- an exception or result that does not pickle
                failure = WorkerFailed(f"{type(exc).__name__}: {exc}")
                data = pickle.dumps((index, False, (failure, repr(message[2]))), pickle.HIGHEST_PROTOCOL)
            _write_all(results, _LENGTH.pack(len(data)) + data)
    except KeyboardInterrupt:
        code = 130  # Ctrl-C reaches the whole process group: quietly, as the parent
    except BrokenPipeError:
        code = 0  # the parent is gone, or stopped reading: nothing left to do
    except BaseException:  # noqa: BLE001 -- a worker must not run the parent's code on
        code = 1
    os._exit(code)


def _die_with_parent(parent: int) -> None:
    """Linux: the kernel sends this worker SIGKILL when its parent dies, so no
    death of the parent (SIGKILL, a crash) leaves it running. Elsewhere, or
    without libc, the parent's SIGTERM handler is the only guard."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, ctypes.c_ulong(signal.SIGKILL)) != 0:
            return
    except (OSError, AttributeError):  # pragma: no cover - not Linux, or no prctl
        return
    if os.getppid() != parent:
        os._exit(1)  # the parent died before prctl: no signal will come


def _close(pool: list[_Worker], *, kill: bool) -> None:
    """Closes the task pipes (a worker then ends) and waits for every worker;
    with ``kill``, stops them first, without waiting for their tasks."""
    if kill:
        _kill(pool)
    for worker in pool:
        for fd in (worker.tasks, worker.results):
            try:
                os.close(fd)
            except OSError:
                pass
    for worker in pool:
        try:
            os.waitpid(worker.pid, 0)
        except ChildProcessError:
            pass


def _kill(pool: list[_Worker]) -> None:
    for worker in pool:
        try:
            os.kill(worker.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass


def _stop_on_sigterm(pool: list[_Worker]) -> Callable[[], None]:
    """While the pool runs, SIGTERM stops its workers and exits (status 143,
    through SystemExit, so cleanup runs) instead of killing this process
    alone and orphaning them. Returns what puts the previous handler back
    (nothing to do outside the main thread, which alone may set handlers)."""

    def on_sigterm(signum: int, frame: FrameType | None) -> None:
        _kill(pool)
        raise SystemExit(128 + signum)

    try:
        previous = signal.signal(signal.SIGTERM, on_sigterm)
    except ValueError:  # not the main thread
        return lambda: None

    def restore() -> None:
        # None: a handler not set from Python; the default is the closest to it.
        signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)

    return restore
