"""The outcome of a lint run: findings, what was suppressed, the summary.

The engine hands its findings, suppressed findings and checked objects over
as stores (lint/store.py): sequences read back from a temporary file when
there are many, so a run's memory does not grow with its input. Renderers
only iterate them (more than once if they need), and take their length.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pod_resources_cli.model.items import SkippedEntry, Summary
from pod_resources_cli.lint.finding import Finding, ObjectRef, Severity, Suppressed
from pod_resources_cli.lint.store import SortedStore
from pod_resources_cli.location import Location

if TYPE_CHECKING:
    from pod_resources_cli.lint.adoption import Adoption  # only with the adoption options: a plain run does not load it

RuleTimes = tuple[tuple[str, int], ...]
"""Microseconds each workload rule took on an object (empty unless the run is timed)."""
Checked = tuple[ObjectRef, Location, RuleTimes]
"""An object linted: what it is, where, and its rules' times."""
Digest = tuple[ObjectRef, str, str]
"""An object's computed values (path, digest: lint/object_values.py), kept for lint --new-from-rev."""


@dataclass(slots=True)
class Partial:
    """What linting part of the input produced (a worker hands it back to
    the process that assembles the result; everything in it pickles)."""

    findings: list[Finding] = field(default_factory=list)
    suppressed: list[Suppressed] = field(default_factory=list)
    usages: list[object] = field(default_factory=list)  # lint.context.WorkloadUsage
    objects: list[Checked] = field(default_factory=list)  # the pods checked
    documents: int = 0
    kubernetes_objects: int = 0
    skipped: list[tuple[str, str | None]] = field(default_factory=list)  # (reason, kind)
    skipped_entries: list[SkippedEntry] = field(default_factory=list)  # each one, when the run lists them (--show-skipped)
    lines: dict[tuple[str, int], str] = field(default_factory=dict)  # the text of the lines findings point at
    digests: list[Digest] = field(default_factory=list)  # with --new-from-rev


@dataclass(slots=True)
class LintResult:
    """A lint run's outcome: findings (sorted), suppressed findings, counts and the failure threshold."""

    findings: Sequence[Finding]
    suppressed: Sequence[Suppressed]
    summary: Summary
    fail_on: Severity | None
    rules: tuple[str, ...] = ()  # the codes that ran
    objects: Sequence[Checked] = field(default_factory=list)  # every object linted
    adoption: Adoption | None = None  # what --baseline, --write-baseline and --new-from-rev did (lint/narrowed.py)
    digests: Sequence[Digest] = field(default_factory=list)  # each object's computed values, when asked (--new-from-rev)
    skipped: Sequence[SkippedEntry] | None = None  # every document, object and file skipped (--show-skipped), else None

    @property
    def failed(self) -> bool:
        if self.fail_on is None:
            return False
        if isinstance(self.findings, SortedStore):  # no pass over a spilled run
            return any(n for s, n in self.severity_counts().items() if s >= self.fail_on)
        return any(f.severity >= self.fail_on for f in self.findings)

    def severity_counts(self) -> Counter[Severity]:
        if isinstance(self.findings, SortedStore):  # counted by the engine as it kept them
            return Counter({s: self.summary.by_severity[s.label] for s in Severity if self.summary.by_severity.get(s.label)})
        return Counter(f.severity for f in self.findings)

    def rules_reported(self) -> set[str]:
        if isinstance(self.findings, SortedStore):
            return {code for code, n in self.summary.by_rule.items() if n}
        return {f.rule for f in self.findings}

    def close(self) -> None:
        """Gives back the temporary files of the stores (the result is empty afterwards)."""
        for part in (self.findings, self.suppressed, self.objects, self.digests, self.skipped):
            if isinstance(part, SortedStore):
                part.close()
