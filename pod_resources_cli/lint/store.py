"""Many small records in bounded memory: a run's findings, the objects it
checked, the lines its findings quote.

A store keeps up to ``threshold`` records in memory; past that it sorts them
and writes them, as a run, to an anonymous temporary file (unlinked as it is
created, so nothing is left behind after an error, Ctrl-C or a kill).
Iterating merges the runs and what is still in memory: the records come out
as ``sorted(records, key=key)`` would give them (a stable sort, so equal
keys keep the order they were added in), and the store may be iterated
again, or twice at once. ``SpillList`` keeps the order records were added in.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, Any, Final, Generic, TypeVar, overload

T = TypeVar("T")

DEFAULT_THRESHOLD: Final = 10_000  # records in memory (findings: about 1-2 KB each)
BATCH: Final = 64  # records per pickle in a run: what each run holds while they are merged
MAX_RUNS: Final = 64  # then the runs are merged into one: merging holds a batch per run

Pack = Callable[[Any], Any]


def _same(x: Any) -> Any:
    return x


class IteratedSequence(Sequence[T], Generic[T]):
    """A sequence read in order only (``__iter__`` and ``__len__``): by
    position it reads up to the item (meant for small stores and tests), and
    it equals any sequence of equal items."""

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("store index out of range")
        return next(itertools.islice(iter(self), index, None))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]


class SortedStore(IteratedSequence[T]):
    """Records kept in ``key`` order (their natural order without one).
    ``pack``/``unpack`` turn a record into what is pickled (a plain tuple
    pickles faster and smaller than an object) and back."""

    def __init__(
        self,
        key: Callable[[T], Any] | None = None,
        *,
        threshold: int | None = None,
        pack: Pack = _same,
        unpack: Pack = _same,
    ) -> None:
        self.key = key
        self.threshold = max(DEFAULT_THRESHOLD if threshold is None else threshold, 1)  # looked up now: tests lower it
        self._pack = pack
        self._unpack = unpack
        self._memory: list[T] = []
        self._runs: list[list[int]] = []  # the file offsets of each run's batches
        self._bounds: list[tuple[Any, Any]] | None = []  # each run's first and last key; None once they are not known
        self._file: IO[bytes] | None = None
        self._length = 0

    # -- adding ------------------------------------------------------------------
    def append(self, record: T) -> None:
        self._memory.append(record)
        self._length += 1
        if len(self._memory) >= self.threshold:
            self._spill()

    def extend(self, records: Iterable[T]) -> None:
        memory = self._memory
        before = len(memory)
        memory.extend(records)  # a worker's batch at once: the bound is the threshold plus one batch
        self._length += len(memory) - before
        if len(memory) >= self.threshold:
            self._spill()

    def _sort(self, records: list[T]) -> None:
        records.sort(key=self.key)

    def _spill(self) -> None:
        self._sort(self._memory)
        if self._bounds is not None:
            self._bounds.append(self._span(self._memory))
        self._runs.append(self._write(self._memory))
        self._memory = []
        if len(self._runs) >= MAX_RUNS:
            span = self._span_of_runs()
            self._runs = [self._write(self._merged(self._runs))]  # earlier runs' space is not reused: disk, not memory
            self._bounds = None if span is None or self._bounds is None else [span]

    def _span(self, records: Sequence[T]) -> tuple[Any, Any]:
        key = self.key or _same
        return key(records[0]), key(records[-1])

    def _span_of_runs(self) -> tuple[Any, Any] | None:
        bounds = self._bounds
        return (bounds[0][0], bounds[-1][1]) if bounds else None

    def _in_order(self, memory: Sequence[T]) -> bool:
        """Each run's keys come after the previous run's (records added in
        key order, as ordered results are): the runs are concatenated, not merged."""
        if self._bounds is None or len(self._bounds) != len(self._runs):
            return False
        spans = [*self._bounds, *([self._span(memory)] if memory else [])]
        try:
            return all(not (later[0] < earlier[1]) for earlier, later in zip(spans, spans[1:]))
        except TypeError:  # keys that do not compare across runs: merge
            return False

    def _write(self, records: Iterable[T]) -> list[int]:
        import pickle  # only when a run spills: a short run (pre-commit) does not pay for it

        if self._file is None:
            import tempfile

            self._file = tempfile.TemporaryFile(prefix="pod-resources-lint-")
        fh = self._file
        offsets: list[int] = []
        it = iter(records)
        while batch := [self._pack(r) for r in itertools.islice(it, BATCH)]:
            fh.seek(0, 2)
            offsets.append(fh.tell())
            pickle.dump(batch, fh, protocol=pickle.HIGHEST_PROTOCOL)
        return offsets

    # -- reading -------------------------------------------------------------------
    def _read(self, offsets: list[int]) -> Iterator[T]:
        import pickle

        for offset in offsets:
            assert self._file is not None
            self._file.seek(offset)  # every batch: another iteration may have moved the file
            batch = pickle.load(self._file)
            yield from batch if self._unpack is _same else map(self._unpack, batch)

    def _merged(self, runs: list[list[int]], memory: Sequence[T] = ()) -> Iterator[T]:
        sources = [self._read(run) for run in runs]
        if memory:
            sources.append(iter(memory))
        if runs is self._runs and self._in_order(memory):
            return itertools.chain.from_iterable(sources)  # what the merge would give: ties keep the earlier source first
        return heapq.merge(*sources, key=self.key)  # type: ignore[arg-type]  # ties: the earlier source first, so the sort stays stable

    def __iter__(self) -> Iterator[T]:
        self._sort(self._memory)
        if not self._runs:
            return iter(list(self._memory))  # a copy: appends while iterating do not disturb it
        return self._merged(self._runs, list(self._memory))

    def __len__(self) -> int:
        return self._length

    @property
    def spilled(self) -> bool:
        return bool(self._runs)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({len(self)} records, {len(self._runs)} runs on disk)"

    def close(self) -> None:
        """Gives the temporary file back (the records are gone)."""
        if self._file is not None:
            self._file.close()
            self._file = None
        self._runs, self._memory, self._length, self._bounds = [], [], 0, []


class SpillList(SortedStore[T]):
    """Records in the order they were added, in bounded memory."""

    def _sort(self, records: list[T]) -> None:
        return None

    def _merged(self, runs: list[list[int]], memory: Sequence[T] = ()) -> Iterator[T]:
        return itertools.chain(*(self._read(run) for run in runs), memory)
