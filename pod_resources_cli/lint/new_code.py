"""``lint --new-from-rev REV``: which findings are new since a git revision.

A finding is reported when any of these holds:

1. its line was added or changed since REV (the working tree against REV;
   a deletion counts for the lines on both sides of it);
2. its object's computed values differ from REV's (lint/object_values.py:
   the stored pod, effective requests and limits, QoS, replicas, the API
   server's verdict, the kubelet's admission on the node), or the object
   was not there: a change elsewhere reached it (a kustomize base, a
   LimitRange or PriorityClass, the node file);
3. the same finding (its fingerprint: rule, file, object, container, field,
   message) was not reported at REV: what is new is new, wherever its cause.

Everything else was there, unchanged, at REV: it is counted, not reported.
The files at REV are linted with today's configuration and options, so a
rule turned on today reports only on new code.

Pure: the caller gives both sides' fingerprints and digests, keyed by
repository-relative paths.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping

from pod_resources_cli.lint.finding import ObjectRef
from pod_resources_cli.records import dataclass, field

ObjectKey = tuple[str, ObjectRef]  # (path relative to the repository, object)
Ranges = list[tuple[int, int]]


@dataclass(slots=True)
class Side:
    """What one lint saw: its findings' fingerprints, each object's digests."""

    prints: set[str] = field(default_factory=set)
    digests: dict[ObjectKey, list[str]] = field(default_factory=dict)

    def add_digests(self, keyed: Iterable[tuple[ObjectKey, str]]) -> None:
        for key, digest in keyed:
            self.digests.setdefault(key, []).append(digest)


def changed_objects(now: Side, rev: Side) -> set[ObjectKey]:
    """The objects whose values differ (an object written twice compares as a multiset)."""
    return {key for key, digests in now.digests.items() if sorted(digests) != sorted(rev.digests.get(key, []))}


def line_changed(ranges: Ranges | None, line: int) -> bool:
    if not ranges:
        return False
    i = bisect.bisect_right(ranges, (line, float("inf"))) - 1
    return i >= 0 and ranges[i][0] <= line <= ranges[i][1]


def is_new(
    path: str | None, line: int, obj: ObjectRef | None, fingerprint: str, rev: Side, changed: Mapping[str, Ranges],
    moved: set[ObjectKey],
) -> bool:  # fmt: skip
    """``path``: the finding's file relative to the repository (None: outside it, never changed)."""
    if fingerprint not in rev.prints:
        return True
    if path is None:
        return False
    return line_changed(changed.get(path), line) or (obj is not None and (path, obj) in moved)
