"""The namespace policies (LimitRange, ResourceQuota) and PriorityClasses of
the input, for ``explain``, ``admit`` and ``diff``: they apply to the pods of
their namespace (a PriorityClass to every pod) wherever they appear, so
regular files that mention them are read once first (``lint`` does the same
in run/lint.py). Standard input, a pipe or a FIFO is read once (a first pass
would consume it), so there a policy applies to the documents after it. A
PriorityClass the API server refuses is told when its document is met in
order (it applies to nothing: a pod that names it is refused as an unknown
class)."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.lint.namespace import POLICY_MARKERS, NamespacePolicies, has_policy_kind
from pod_resources_cli.source.discover import file_mentions
from pod_resources_cli.source.limits import Limits
from pod_resources_cli.source.yamldoc import Document

if TYPE_CHECKING:
    from pod_resources_cli.kube.validation import FieldError
    from pod_resources_cli.model.policy import LimitRange, ResourceQuota


_KINDS: Final = frozenset(("LimitRange", "ResourceQuota", "PriorityClass"))


def holds_policies(data: Any) -> bool:
    """An object of a policy's kind in the document, lists unrolled (where
    NamespacePolicies.add_document looks)."""
    from pod_resources_cli.model.decode.workloads import iter_objects

    return any(obj.get("kind") in _KINDS for obj, _ in iter_objects(data))


def is_policy(data: Any) -> bool:
    return isinstance(data, dict) and has_policy_kind(data)


def collect_policies(files: Sequence[str], limits: Limits, namespace: str | None, jobs: int | None = 1) -> NamespacePolicies:
    """The policies of every regular file that names one (file_mentions
    leaves streams alone), read over ``jobs`` processes."""
    policies = NamespacePolicies()
    for doc in policy_documents(files, limits, jobs, is_policy):
        policies.add_document(doc, namespace)  # refusals are told when met in order
    return policies


def policy_documents(
    files: Sequence[str], limits: Limits, jobs: int | None = 1, keep: Callable[[Any], bool] = holds_policies
) -> Iterator[Document]:
    """The documents ``keep`` takes of every regular file that names a
    policy kind, in input order: the first pass, before any workload is
    judged. Workers read the small files (and look for the names) and parse
    the chunks of the large ones that name one."""
    from pod_resources_cli.run.parallel import map_units
    from pod_resources_cli.source.chunks import CHUNK_BYTES, Chunk, Unit, source_units, unit_pieces
    from pod_resources_cli.source.yamldoc import load_piece

    def units() -> Iterator[Unit]:
        for path in files:
            try:
                info = os.stat(path)
            except OSError:
                continue  # unreadable: the second pass says why
            if not stat.S_ISREG(info.st_mode):
                continue  # a stream is read once: its policies are met on the way
            size = info.st_size
            if size <= CHUNK_BYTES:
                yield Chunk(path, size=size)  # the worker looks for the names
            elif file_mentions(path, POLICY_MARKERS):
                yield from source_units(path, limits)

    def find(batch: list[Unit]) -> list[Document]:
        found: list[Document] = []
        for unit in batch:
            if isinstance(unit, Chunk) and unit.data is None and not file_mentions(unit.path, POLICY_MARKERS):
                continue
            for piece in unit_pieces(unit, limits):
                found.extend(d for d in load_piece(piece, limits) if isinstance(d, Document) and keep(d.data))
        return found

    for docs in map_units(find, units(), jobs):
        yield from docs


def add_if_policy(policies: NamespacePolicies, doc: Document | object, namespace: str | None) -> None:
    """Adds ``doc``'s policies (a document met again is not added twice).
    A policy the API server rejects is left out: it neither defaults,
    limits, counts nor refuses anything. Why is queued once, as the Status
    ``kubectl apply`` would print, for the command to tell (``drain_warnings``)."""
    if isinstance(doc, Document) and isinstance(doc.data, dict) and has_policy_kind(doc.data):
        from pod_resources_cli.kube.validation import invalid_status_message

        found = policies.add_document(doc, namespace)
        for policy, problem in found.decode:
            if problem.rule is None:
                where, kind = doc.location(problem.pointer), type(policy).__name__
                _queue(policies, f'{where}: warning: {kind} "{policy.name}": {problem.message} (the API server rejects it; {_effect(kind)})')
        rejected: dict[int, tuple[LimitRange | ResourceQuota, list[FieldError]]] = {}
        for policy, error in found.invalid:
            rejected.setdefault(id(policy), (policy, []))[1].append(error)
        for policy, errors in rejected.values():
            status = invalid_status_message("v1", type(policy).__name__, policy.name, errors)
            _queue(policies, f"{policy.location}: warning: {status} (the API server rejects it; {_effect(type(policy).__name__)})")
        for _, refusal in found.refused_classes:  # a PriorityClass: no pod can use it
            where = doc.location(refusal.pointer)
            _queue(policies, f"{where}: warning: {refusal.message} (the API server refuses it; no pod can use it)")


def _effect(kind: str) -> str:
    return "it applies to nothing" if kind == "LimitRange" else "it counts and refuses nothing"


def _queue(policies: NamespacePolicies, line: str) -> None:
    if line not in policies.warned:
        policies.warned.add(line)
        policies.warnings.append(line)


def drain_warnings(policies: NamespacePolicies) -> list[str]:
    """The rejections not told yet, oldest first."""
    lines, policies.warnings[:] = list(policies.warnings), []
    return lines
