"""Ignores written on the object: ``pod-resources.io/ignore: "PR101,PR302: reason"``.

The annotation may sit on the object's metadata or on its pod template's;
rules are named by code, name or code prefix, separated by commas or
blanks, and an optional reason follows a colon. A suppressed finding is not
reported but counted in the summary; an ignore that silences nothing is
itself reported (PR003), so stale ignores do not pile up.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

from pod_resources_cli.lint.registry import UnknownSelector, resolve
from pod_resources_cli.location import Pointer
from pod_resources_cli.model.workload import Workload
from pod_resources_cli.records import dataclass

IGNORE_ANNOTATION: Final = "pod-resources.io/ignore"
_SPLIT: Final = re.compile(r"[\s,]+")


@dataclass(frozen=True, slots=True)
class IgnoreEntry:
    """One selector of an ignore annotation and the rule codes it names."""

    selector: str  # as written
    codes: frozenset[str]  # empty when the selector names no rule


@dataclass(frozen=True, slots=True)
class Ignore:
    """One ignore annotation: its selectors, its reason and where it is written."""

    entries: tuple[IgnoreEntry, ...]
    reason: str | None
    pointer: Pointer  # the annotation in the document

    @property
    def codes(self) -> frozenset[str]:
        out: set[str] = set()
        for e in self.entries:
            out |= e.codes
        return frozenset(out)


def parse_ignore(value: str, pointer: Pointer = ()) -> Ignore:
    rules, sep, reason = value.partition(":")
    entries: list[IgnoreEntry] = []
    for token in filter(None, _SPLIT.split(rules.strip())):
        try:
            entries.append(IgnoreEntry(token, resolve(token)))
        except UnknownSelector:
            entries.append(IgnoreEntry(token, frozenset()))
    text = reason.strip() if sep else ""
    return Ignore(tuple(entries), text or None, pointer)


def workload_ignores(workload: Workload, object_annotations: Mapping[str, object] | None = None) -> list[Ignore]:
    """The ignore annotations of an object and of its pod template
    (``object_annotations`` are the object's own, read from its document)."""
    out: list[Ignore] = []
    pod = workload.pod
    template_value = pod.annotations.get(IGNORE_ANNOTATION)
    if template_value is not None:
        out.append(parse_ignore(template_value, (*pod.pointer, "metadata", "annotations", IGNORE_ANNOTATION)))
    object_value = (object_annotations or {}).get(IGNORE_ANNOTATION)
    if isinstance(object_value, str) and pod.pointer != workload.pointer:
        out.append(parse_ignore(object_value, (*workload.pointer, "metadata", "annotations", IGNORE_ANNOTATION)))
    return out
