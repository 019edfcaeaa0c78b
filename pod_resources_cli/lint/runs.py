"""A worker's findings carried to the parent as one sorted run, and the
runs the parent keeps without opening them.

The parent of a parallel lint keeps every finding in report order
(result.FindingStore). Handed over one by one, each record cost it an
unpickling of a dozen objects, a place in the sort and, past the store's
threshold, a pickling and an unpickling again: most of the parent's own CPU
on a stream of 10,000 findings. Instead a worker sorts its batch's records
and pickles them once (``RecordRun``, as it is sent); the parent keeps that
run as one bytes object beside the findings' texts in the report
(``PackedRun``), and while the runs arrive in key order (a stream, a
directory read in path order) it never opens them: the report is their
texts in turn, the findings are unpacked only when a format asks for them.
A run that comes out of order (findings relocated from a render) is opened
and merged by the record store, as every record was before.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import repeat
from typing import IO, Any

from pod_resources_cli.records import dataclass

# pickle is imported where a run is pickled or read: a run in one process (pre-commit's) never is

Record = tuple[tuple[Any, ...], tuple[Any, ...], "str | None"]
"""A finding as it is kept: its sort key, ``Finding.pack()`` and its text in the report (or None)."""


@dataclass(frozen=True, slots=True)
class PackedRun:
    """Records sorted by key, pickled as (key, pack) pairs, with their texts beside."""

    first: tuple[Any, ...]  # the first record's key
    last: tuple[Any, ...]  # the last one's
    count: int
    pairs: bytes
    texts: tuple[str, ...] | None  # None: the report words findings itself

    def records(self) -> list[Record]:
        import pickle

        pairs: list[tuple[tuple[Any, ...], tuple[Any, ...]]] = pickle.loads(self.pairs)
        texts = self.texts if self.texts is not None else repeat(None)
        return [(key, pack, text) for (key, pack), text in zip(pairs, texts)]

    def packs(self) -> Iterator[tuple[Any, ...]]:
        import pickle

        return (pack for _, pack in pickle.loads(self.pairs))


class RecordRun(list[Record]):
    """A worker's records: a list where they are made, a PackedRun once pickled
    (sorted then, stably: records of equal keys keep their order)."""

    def __reduce__(self) -> tuple[Any, ...]:
        import pickle

        records = sorted(self, key=_key)
        texts = tuple(r[2] for r in records) if records and records[0][2] is not None else None
        pairs = pickle.dumps([(r[0], r[1]) for r in records], protocol=pickle.HIGHEST_PROTOCOL)
        ends = (records[0][0], records[-1][0]) if records else ((), ())
        return (PackedRun, (*ends, len(records), pairs, texts))


def _key(record: Record) -> tuple[Any, ...]:
    return record[0]


def comes_after(first: tuple[Any, ...], last: tuple[Any, ...]) -> bool:
    """A run starting at ``first`` may follow one ending at ``last`` unmerged (ties: the earlier first)."""
    try:
        return not first < last
    except TypeError:  # keys that do not compare (a None line against a number): merge
        return False


class RunList:
    """Runs in key order, at most ``threshold`` records of them in memory:
    past that they go, one pickle each, to an anonymous temporary file."""

    def __init__(self, threshold: int) -> None:
        self.threshold = threshold
        self.count = 0
        self.last: tuple[Any, ...] | None = None
        self._memory: list[PackedRun] = []
        self._held = 0
        self._offsets: list[int] = []
        self._file: IO[bytes] | None = None

    def add(self, run: PackedRun) -> None:
        self._memory.append(run)
        self._held += run.count
        self.count += run.count
        self.last = run.last
        if self._held >= self.threshold:
            self._spill()

    def _spill(self) -> None:
        import pickle

        if self._file is None:
            import tempfile

            self._file = tempfile.TemporaryFile(prefix="pod-resources-lint-")
        fh = self._file
        fh.seek(0, 2)
        for run in self._memory:
            self._offsets.append(fh.tell())
            pickle.dump(run, fh, protocol=pickle.HIGHEST_PROTOCOL)
        self._memory, self._held = [], 0

    def __iter__(self) -> Iterator[PackedRun]:
        import pickle

        memory = list(self._memory)  # a copy: runs added while iterating do not disturb it
        for offset in list(self._offsets):
            assert self._file is not None
            self._file.seek(offset)  # every run: another iteration may have moved the file
            yield pickle.load(self._file)
        yield from memory

    def drain(self) -> Iterator[PackedRun]:
        """Every run, in order, then none: the list is empty afterwards."""
        yield from self
        self.close()

    @property
    def spilled(self) -> bool:
        return bool(self._offsets)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
        self._memory, self._held, self._offsets, self.count, self.last = [], 0, [], 0, None
