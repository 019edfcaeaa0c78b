"""The namespace policies and PriorityClasses of the input, for runs whose
work is spread over processes (run/parallel.py).

A policy in a regular file applies wherever it is, so regular files that
name one are read first (``policy_documents``): the workers read the small
files and look for the names themselves, and scan the large ones range by
range; the parent hands the chunks of the large files that name one to the
workers to parse.

On standard input (or a pipe) a policy applies to the documents after it.
The parent sees every chunk of a stream pass; it parses the pieces of a
chunk that name a policy kind and hands the policies met so far with every
later batch (``carry_met``). A worker's policies are the first pass's, those
handed with its batch, and those it meets in the batch itself (``Policies``),
so each document is judged with the policies one process reading the input
in order would have.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, NamedTuple

from pod_resources_cli.lint.namespace import POLICY_MARKERS, POLICY_OBJECT_KINDS, NamespacePolicies, has_policy_kind, makes_priority_class, mentions_policies
from pod_resources_cli.source.chunks import CHUNK_BYTES, Chunk, Unit, source_units, unit_pieces
from pod_resources_cli.source.discover import file_mentions, range_mentions, scan_ranges
from pod_resources_cli.source.limits import Limits
from pod_resources_cli.source.split import Piece
from pod_resources_cli.source.yamldoc import Document, load_piece

_KINDS: Final = frozenset(POLICY_OBJECT_KINDS)


def holds_policies(data: Any) -> bool:
    """An object of a policy's kind in the document, lists unrolled (where
    NamespacePolicies.add_document looks for them)."""
    from pod_resources_cli.model.decode.workloads import iter_objects

    return any(obj.get("kind") in _KINDS or makes_priority_class(obj) for obj, _ in iter_objects(data))


def is_policy(data: Any) -> bool:
    """A policy's document as explain, admit and diff take it (run/policies.add_if_policy)."""
    return isinstance(data, dict) and has_policy_kind(data)


def policy_documents(
    files: Sequence[str], limits: Limits, jobs: int | None = 1, keep: Callable[[Any], bool] = holds_policies,
    sizes: Mapping[str, int] | None = None,
) -> Iterator[Document]:
    """The documents ``keep`` takes of every regular file that names a
    policy kind, in input order, read over ``jobs`` processes. A document's
    positions do not cross processes: workers hand back the pieces that hold
    one, parsed again here (a policy is a small document, and a rare one)."""
    from pod_resources_cli.run.parallel import map_units

    regular = list(_regular_files(files, sizes or {}))
    naming = _large_files_naming(regular, jobs)

    def units() -> Iterator[Unit]:
        for path, size in regular:
            if size <= CHUNK_BYTES:
                yield Chunk(path, size=size)  # its worker looks for the names
            elif path in naming:
                yield from source_units(path, limits)

    def find(batch: list[Unit]) -> list[Piece]:
        found: list[Piece] = []
        for unit in batch:
            if isinstance(unit, Chunk) and unit.data is None and not file_mentions(unit.path, POLICY_MARKERS):
                continue
            found.extend(piece for piece in unit_pieces(unit, limits) if _holds(piece, limits, keep))
        return found

    for pieces in map_units(find, units(), jobs):
        for piece in pieces:
            yield from _kept(piece, limits, keep)


def _regular_files(files: Sequence[str], known: Mapping[str, int]) -> Iterator[tuple[str, int]]:
    """Each regular file with its size (``known``: the ones a walk met, not
    looked at again); a stream is read once, and its policies met on the way."""
    for path in files:
        size = known.get(path)
        if size is None:
            try:
                info = os.stat(path)
            except OSError:
                continue  # reading it reports why, later
            if not stat.S_ISREG(info.st_mode):
                continue
            size = info.st_size
        yield path, size


def _large_files_naming(regular: Sequence[tuple[str, int]], jobs: int | None) -> set[str]:
    """The files over a chunk that name a policy kind, scanned by the workers
    range by range: the parent reads none of their bytes."""
    from pod_resources_cli.run.parallel import SMALL, map_ordered

    spans = [span for path, size in regular if size > CHUNK_BYTES for span in scan_ranges(path, size, POLICY_MARKERS)]
    found = map_ordered(_names_a_policy, spans, jobs, size=lambda span: span[2] - span[1], small=SMALL)
    return {path for (path, _, _), named in zip(spans, found) if named}


def _names_a_policy(span: tuple[str, int, int]) -> bool:
    return range_mentions(span, POLICY_MARKERS)


def _holds(piece: Piece, limits: Limits, keep: Callable[[Any], bool]) -> bool:
    return mentions_policies(piece.data) and any(True for _ in _kept(piece, limits, keep))


def _kept(piece: Piece, limits: Limits, keep: Callable[[Any], bool]) -> Iterator[Document]:
    return (d for d in load_piece(piece, limits) if isinstance(d, Document) and keep(d.data))


class Met(NamedTuple):
    """The pieces holding the policies met in the input before a batch
    (pickled once for all the batches that carry them; parsed again by the
    worker: positions do not cross processes), and how many times they grew."""

    version: int = 0
    pieces: bytes = b""


def carry_met(
    batches: Iterable[list[Unit]], limits: Limits, met: list[Document] | None = None
) -> Iterator[tuple[list[Unit], Met]]:
    """Each batch with the policies met before it (``met``: where their
    documents are gathered, in order). Only what this process holds is
    searched: chunks and pieces (a small regular file's policies are the
    first pass's)."""
    found: list[Document] = [] if met is None else met
    pieces: list[Piece] = []
    carried = Met()
    for batch in batches:
        yield batch, carried
        before = len(pieces)
        for unit in batch:
            data = unit.data
            if data is None or not mentions_policies(data):
                continue
            for piece in unit_pieces(unit, limits):
                docs = list(_kept(piece, limits, is_policy)) if mentions_policies(piece.data) else []
                if docs:
                    found.extend(docs)
                    pieces.append(piece)
        if len(pieces) > before:
            import pickle  # only on a stream that holds a policy

            carried = Met(carried.version + 1, pickle.dumps(tuple(pieces), pickle.HIGHEST_PROTOCOL))


class Policies:
    """A worker's policies for each batch: a copy of the first pass's
    (``base``, never changed) with the documents met before the batch, made
    again only when those grew or the last batch met a policy itself
    (``touch``: what a batch adds stays in its copy)."""

    def __init__(self, base: NamespacePolicies, namespace: str | None) -> None:
        self.base = base
        self.namespace = namespace
        self.current: NamespacePolicies | None = None
        self.version = 0

    def at(self, met: Met, limits: Limits) -> NamespacePolicies:
        if self.current is None or met.version != self.version:
            if self.base.untouched():  # no policy in the first pass (most inputs): a new one, without loading copy
                current = NamespacePolicies(self.base.scope, self.base.scenario)
            else:
                import copy

                current = copy.deepcopy(self.base)
            if met.pieces:
                import pickle

                for piece in pickle.loads(met.pieces):
                    for doc in _kept(piece, limits, is_policy):
                        current.add_document(doc, self.namespace)  # told where it was met, not again
            self.current, self.version = current, met.version
        return self.current

    def touch(self) -> None:
        """The batch met a policy: the next one starts again from what it is handed."""
        self.current = None
