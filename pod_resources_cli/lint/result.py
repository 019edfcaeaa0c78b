"""The outcome of a lint run: findings, what was suppressed, the summary."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from pod_resources_cli.lint.finding import Finding, ObjectRef, Severity, Suppressed
from pod_resources_cli.location import Location


@dataclass(slots=True)
class Summary:
    """The counts of the report's summary."""

    files: int = 0
    documents: int = 0
    objects: int = 0  # Kubernetes objects read
    pods: int = 0  # pods and pod templates checked
    by_severity: Counter[str] = field(default_factory=Counter)
    by_rule: Counter[str] = field(default_factory=Counter)
    suppressed: int = 0
    skipped: Counter[str] = field(default_factory=Counter)  # documents and objects by reason (pipeline.SKIP_REASONS)
    skipped_kinds: Counter[str] = field(default_factory=Counter)  # the kinds skipped for carrying no pods
    notes: list[str] = field(default_factory=list)  # one line per chart or kustomization not rendered, and the like

    def add_skipped(self, reason: str, kind: str | None = None, count: int = 1) -> None:
        self.skipped[reason] += count
        if kind is not None and reason == "no-pods":
            self.skipped_kinds[kind] += count


@dataclass(slots=True)
class Partial:
    """What linting part of the input produced (a worker hands it back to
    the process that assembles the result; everything in it pickles)."""

    findings: list[Finding] = field(default_factory=list)
    suppressed: list[Suppressed] = field(default_factory=list)
    usages: list[object] = field(default_factory=list)  # lint.context.WorkloadUsage
    objects: list[tuple[ObjectRef, Location]] = field(default_factory=list)  # the pods checked
    documents: int = 0
    kubernetes_objects: int = 0
    skipped: list[tuple[str, str | None]] = field(default_factory=list)  # (reason, kind)
    lines: dict[tuple[str, int], str] = field(default_factory=dict)  # the text of the lines findings point at


@dataclass(slots=True)
class LintResult:
    """A lint run's outcome: findings (sorted), suppressed findings, counts and the failure threshold."""

    findings: list[Finding]
    suppressed: list[Suppressed]
    summary: Summary
    fail_on: Severity | None
    rules: tuple[str, ...] = ()  # the codes that ran
    objects: list[tuple[ObjectRef, Location]] = field(default_factory=list)  # every object linted

    @property
    def failed(self) -> bool:
        return self.fail_on is not None and any(f.severity >= self.fail_on for f in self.findings)
