"""A lint result narrowed to some of its findings, its counts redone: what
the baseline and ``--new-from-rev`` leave (lint/adoption.py says what they
took out)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pod_resources_cli.lint.adoption import Adoption
from pod_resources_cli.lint.finding import Finding
from pod_resources_cli.lint.result import LintResult
from pod_resources_cli.lint.store import SortedStore
from pod_resources_cli.records import replace


def keep_findings(result: LintResult, keep: Iterable[int], adoption: Adoption) -> LintResult:
    """The result with the findings ``keep`` flags (one flag per finding, 1 or 0, in
    report order), its counts redone, and ``adoption`` attached. The findings
    are copied to a new store (bounded memory); the old one is closed."""
    kept: SortedStore[Finding] = SortedStore(Finding.sort_key, pack=Finding.pack, unpack=Finding.unpack)
    by_severity: Counter[str] = Counter()
    by_rule: Counter[str] = Counter()
    for finding, flag in zip(result.findings, keep, strict=True):
        if flag:
            kept.append(finding)
            by_severity[finding.severity.label] += 1
            by_rule[finding.rule] += 1
    if isinstance(result.findings, SortedStore):
        result.findings.close()
    summary = result.summary
    summary.by_severity, summary.by_rule = by_severity, by_rule
    summary.baselined, summary.older = adoption.baselined, adoption.older
    return replace(result, findings=kept, adoption=adoption)
