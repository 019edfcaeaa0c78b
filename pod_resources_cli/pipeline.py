"""Files -> documents -> workloads, in input order.

The one place that strings the layers together for ``explain``, ``lint``
and ``admit``: it reads sources (source/), decodes workloads (model/) and
yields one item per pod template found, or per problem met, in the order of
the input. Reports are built by the caller (analysis/), so this module stays
small and each command decides what to compute.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from pod_resources_cli.location import Location
from pod_resources_cli.model.decode.workloads import Decoded, decode_workloads
from pod_resources_cli.model.workload import Workload
from pod_resources_cli.source.discover import SourceFile, expand_paths, load_path
from pod_resources_cli.source.yamldoc import DEFAULT_LIMITS, Document, Limits, ParseFailure, load_documents


@dataclass(frozen=True, slots=True)
class WorkloadItem:
    """A pod or pod template to lint, with its document."""

    document: Document
    workload: Workload
    location: Location  # where the object starts


@dataclass(frozen=True, slots=True)
class ProblemItem:
    """A document or object that cannot be explained, with where and why."""

    location: Location
    message: str
    kind: str  # "parse" (the YAML/JSON itself) | "decode" (a field of the object)
    document: Document | None = None
    object_kind: str = ""
    object_name: str = ""
    object_namespace: str | None = None
    field: str | None = None


@dataclass(frozen=True, slots=True)
class DocumentItem:
    """Every successfully parsed document (namespace policies are read from these)."""

    document: Document


Item = WorkloadItem | ProblemItem | DocumentItem


def iter_items(
    paths: Sequence[str],
    *,
    limits: Limits = DEFAULT_LIMITS,
    default_namespace: str | None = None,
) -> Iterator[Item]:
    for path in expand_paths(paths):
        # Streamed: a document is parsed when it arrives, never the whole file at once.
        yield from _items_of_documents(load_path(path, limits), default_namespace)


def items_of_source(
    source: SourceFile, *, limits: Limits = DEFAULT_LIMITS, default_namespace: str | None = None
) -> Iterator[Item]:
    if source.data is None:
        yield ProblemItem(Location(source.path, 1, 1), f"cannot read file: {source.error}", "parse")
        return
    yield from _items_of_documents(load_documents(source.path, source.data, limits), default_namespace)


def _items_of_documents(docs: Iterable[Document | ParseFailure], default_namespace: str | None) -> Iterator[Item]:
    for doc in docs:
        if isinstance(doc, ParseFailure):
            yield ProblemItem(doc.location, doc.message, "parse")
            continue
        yield DocumentItem(doc)
        yield from items_of_document(doc, default_namespace)


def items_of_document(doc: Document, default_namespace: str | None = None) -> Iterator[WorkloadItem | ProblemItem]:
    for decoded in decode_workloads(doc.data, default_namespace):
        yield from _items_of_decoded(doc, decoded)


def _items_of_decoded(doc: Document, decoded: Decoded) -> Iterator[WorkloadItem | ProblemItem]:
    from pod_resources_cli.location import format_field_path

    for problem in decoded.problems:
        yield ProblemItem(
            doc.location(problem.pointer),
            problem.message,
            "decode",
            document=doc,
            object_kind=decoded.kind,
            object_name=decoded.name,
            object_namespace=decoded.namespace,
            field=format_field_path(problem.pointer[len(decoded.pointer) :]) or None,
        )
    if decoded.workload is not None and not decoded.problems:
        yield WorkloadItem(doc, decoded.workload, doc.location(decoded.pointer))
