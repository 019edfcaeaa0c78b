"""``lint --add-ignore``: an ignore annotation written on each object with
findings, in the files themselves (lint/add_ignore.py says which findings
and the value; source/annotate.py makes the byte-exact edit).

Each finding's object is found again in its file as it is on disk: the
document the finding names, decoded as the run decoded it, must hold an
object of the same kind, name, namespace and template. An object rendered
by helm or kustomize under another name (a prefix, a namespace) is not in
any file as such, and is left with its reason; so is every finding no
annotation can silence. Files are rewritten in one step each.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pod_resources_cli.lint.add_ignore import IgnoreReport, Written, ignore_value, why_not_inline
from pod_resources_cli.lint.finding import Finding, ObjectRef
from pod_resources_cli.lint.result import LintResult
from pod_resources_cli.lint.suppress import IGNORE_ANNOTATION
from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kinds import WorkloadKind
from pod_resources_cli.model.decode.kinds_apptemplate import CHART_KIND
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits

Target = tuple[int, ObjectRef]  # (document, object) as the findings name them


def add_ignores(
    result: LintResult, *, namespace: str | None = None, kinds: tuple[WorkloadKind, ...] = (), limits: Limits = DEFAULT_LIMITS,
    unwritable: Sequence[str] = (),
) -> IgnoreReport:  # fmt: skip
    """Writes the annotations; ``unwritable``: names that are no file (standard input's)."""
    report = IgnoreReport()
    targets: dict[str, dict[Target, list[Finding]]] = {}
    for f in result.findings:
        reason = why_not_inline(f.rule, f.object is not None)
        if reason is not None or f.object is None:
            report.left.append((f, reason or ""))
        elif f.location.path in unwritable:
            report.left.append((f, "read from standard input: there is no file to write"))
        else:
            targets.setdefault(f.location.path, {}).setdefault((f.location.document, f.object), []).append(f)
    for path in sorted(targets):
        _one_file(path, targets[path], report, namespace, kinds, limits)
    return report


def _one_file(
    path: str, targets: dict[Target, list[Finding]], report: IgnoreReport, namespace: str | None,
    kinds: tuple[WorkloadKind, ...], limits: Limits,
) -> None:  # fmt: skip
    from pod_resources_cli.source.annotate import AnnotationEdit, set_annotations
    from pod_resources_cli.source.rewrite import read_for_edit, replace_file

    data = read_for_edit(path)
    if isinstance(data, str):
        report.left.extend((f, data) for fs in targets.values() for f in fs)
        return
    found, repeated = _objects(path, data, {index for index, _ in targets}, namespace, kinds, limits)
    by_object: dict[tuple[int, Pointer], list[Finding]] = {}  # several templates of one object: one annotation
    existing: dict[tuple[int, Pointer], object] = {}
    for (index, ref), findings in targets.items():
        place = found.get((index, ref))
        if place is None:
            why = (
                REPEATED_KEY if index in repeated
                else CHART_VALUES if ref.kind == CHART_KIND and path.endswith("values.yaml")
                else "the object is not in the file as written (rendered by helm or kustomize?)"
            )  # fmt: skip
            report.left.extend((f, why) for f in findings)
            continue
        pointer, current = place
        by_object.setdefault((index, pointer), []).extend(findings)
        existing[(index, pointer)] = current
    edits = {
        AnnotationEdit(index, pointer, ignore_value(existing[(index, pointer)], (f.rule for f in fs))): fs
        for (index, pointer), fs in by_object.items()
    }
    new, outcomes = set_annotations(path, data, IGNORE_ANNOTATION, list(edits), limits)
    for outcome in outcomes:
        findings = edits[outcome.edit]
        if outcome.line is None:
            report.left.extend((f, outcome.problem or "not written") for f in findings)
        else:
            obj = findings[0].object
            assert obj is not None
            report.written.append(Written(path, outcome.line, ObjectRef(obj.kind, obj.name, obj.namespace), outcome.edit.value, len(findings)))
    if new != data:
        replace_file(path, new, "the ignore annotations")


CHART_VALUES: Final = (
    "a chart's values.yaml, no object: an annotation there would be one more value for the chart; accept it with "
    "a baseline (--write-baseline FILE)"
)
REPEATED_KEY: Final = "the document repeats a key (PR001 or PR005): kustomize refuses it; fix that first, then silence what is left"


def _objects(
    path: str, data: bytes, indexes: set[int], namespace: str | None, kinds: tuple[WorkloadKind, ...], limits: Limits
) -> tuple[dict[Target, tuple[Pointer, object]], set[int]]:
    """Where each object of these documents is, and its ignore annotation now; and the documents that repeat a key
    (judged as kubectl applies them, but an edit could not be checked against a clean read)."""
    from pod_resources_cli.model.items import WorkloadItem
    from pod_resources_cli.run.pipeline import items_of_document
    from pod_resources_cli.source.yamldoc import Document, ParseFailure, load_documents

    out: dict[Target, tuple[Pointer, object]] = {}
    repeated: set[int] = set()
    for doc in load_documents(path, data, limits):
        if isinstance(doc, ParseFailure) and doc.document is not None:
            repeated.add(doc.document.index)
        if not isinstance(doc, Document) or doc.index not in indexes:
            continue
        for item in items_of_document(doc, namespace, kinds):
            if isinstance(item, WorkloadItem):
                ref = item.workload.ref
                out[(doc.index, ObjectRef(ref.kind, ref.name, ref.namespace, ref.template))] = (
                    item.workload.pointer, _annotation(doc.data, item.workload.pointer),
                )  # fmt: skip
    return out, repeated


def _annotation(data: object, pointer: Pointer) -> object:
    for part in (*pointer, "metadata", "annotations", IGNORE_ANNOTATION):
        if isinstance(data, dict) and isinstance(part, str):
            data = data.get(part)
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return None
    return data
