"""The closing lines every text report ends with: the run's notes, then its
summary (``3 files, 5 objects, 6 pods explained; skipped ...``), the skip
reasons in words. Apart from the lint text so that explain's table, admit
and diff print them without loading the lint findings' modules at start."""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.model.items import SKIP_REASONS, Summary
from pod_resources_cli.render.safe_text import printable


def scope_line(summary: Summary, verb: str) -> str:
    """``3 files, 5 objects, 6 pods explained; skipped 2 documents not Kubernetes``."""
    line = f"{counted(summary.files, 'file')}, {counted(summary.objects, 'object')}, {counted(summary.pods, 'pod')} {verb}"
    return f"{line}; skipped {skipped_text(summary)}." if summary.skipped else f"{line}."


def counted(count: int, noun: str) -> str:
    """``1 file``, ``2 files``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


# What each skip reason reads as (items.SKIP_REASONS), singular and plural; the by-kind ones list their kinds.
_SKIP_WORDS = {
    "not-kubernetes": ("document not Kubernetes", "documents not Kubernetes"),
    "unparseable": ("unparseable non-Kubernetes document", "unparseable non-Kubernetes documents"),
    "template": ("unrendered template", "unrendered templates"),
    "chart-file": ("chart values or data file", "chart values or data files"),
    "kustomize-patch": ("kustomize patch", "kustomize patches"),
    "kustomize-input": ("kustomize generator or transformer input", "kustomize generator or transformer inputs"),
    "outside-root": ("link out of the repository", "links out of the repository"),
    "special-file": ("FIFO, socket or device", "FIFOs, sockets or devices"),
    "test-assertion": ("test assertion file", "test assertion files"),
    "test-input": ("test's input file", "tests' input files"),
    "vendored": ("vendored file of another module", "vendored files of other modules"),
    "test-update": ("object a test step updates", "objects a test step updates"),
    "partial-object": ("partial object (a workload without its selector or template)", "partial objects (workloads without their selector or template)"),
    "controller-made": ("copy of an object a controller made", "copies of objects a controller made"),
    "no-pods": ("object without pods", "objects without pods"),
    "describes-objects": ("object describing other objects", "objects describing other objects"),
    "not-searched": ("custom object whose pods are not modelled", "custom objects whose pods are not modelled"),
    "nothing-found": ("custom object with no pod found", "custom objects with no pod found"),
}


def skipped_text(summary: Summary) -> str:
    """``12 documents not Kubernetes, 5 objects without pods (Service 3, ConfigMap 2), 13 unrendered templates``."""
    parts: list[str] = []
    known = {reason: i for i, reason in enumerate(SKIP_REASONS)}
    for reason, count in sorted(summary.skipped.items(), key=lambda rc: known.get(rc[0], len(known))):  # one order, whatever came first
        if not count:
            continue
        one, many = _SKIP_WORDS.get(reason, (reason, reason))
        text = f"{count} {one if count == 1 else many}"
        kinds = summary.kinds_by_reason.get(reason)
        if kinds:
            text += " (" + ", ".join(f"{kind} {n}" for kind, n in kinds.most_common()) + ")"
        parts.append(text)
    return ", ".join(parts)


def closing_lines(summary: Summary, last: str) -> Iterator[str]:
    """The run's notes, then ``last`` (its summary): CI logs and ``tail -1``
    show the last line, so the summary is always it."""
    yield from (printable(note) for note in summary.notes)
    yield last
