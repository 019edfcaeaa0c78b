"""Findings as a GitLab Code Quality report: the Code Climate JSON subset
GitLab reads (``artifacts:reports:codequality``), shown in merge requests.

Each issue has ``description``, ``check_name``, a ``fingerprint`` unique in
the report and stable when lines move, ``severity`` (one of info, minor,
major, critical, blocker) and ``location.path`` (relative to the repository,
no ``./``) with ``lines.begin``. Severity: a finding that fails the run
(at or above ``--fail-on``) is ``blocker``; otherwise error is ``critical``,
warning ``minor`` and info ``info``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any, Final

from pod_resources_cli.lint.finding import Finding, Severity
from pod_resources_cli.lint.fingerprint import iter_unique_fingerprints, report_path
from pod_resources_cli.lint.result import LintResult
from pod_resources_cli.render.chunks import chunked, json_items

SEVERITY: Final = {Severity.ERROR: "critical", Severity.WARNING: "minor", Severity.INFO: "info"}
BLOCKER: Final = "blocker"


def severity_of(f: Finding, fail_on: Severity | None) -> str:
    return BLOCKER if fail_on is not None and f.severity >= fail_on else SEVERITY[f.severity]


def issue_dict(f: Finding, fingerprint: str, fail_on: Severity | None, base_dir: str | None) -> dict[str, Any]:
    where = f" ({f.object}{', container ' + f.container if f.container else ''})" if f.object else ""
    if f.related:
        from pod_resources_cli.render.lint_text import related_text

        where += f" ({related_text(f)})"
    if f.names_builds:
        from pod_resources_cli.render.lint_text import builds_text

        where += f" ({builds_text(f)})"
    issue: dict[str, Any] = {
        "type": "issue",
        "description": f"{f.rule} {f.message}{where}",
        "check_name": f"{f.rule} {f.name}",
        "fingerprint": fingerprint,
        "severity": severity_of(f, fail_on),
        "categories": ["Bug Risk" if f.severity is Severity.ERROR else "Style"],
        "location": {"path": report_path(f.location.path, base_dir), "lines": {"begin": max(f.location.line, 1)}},
    }
    return issue


def render_gitlab(result: LintResult, base_dir: str | None = None) -> str:
    return "".join(iter_gitlab(result, base_dir))


def iter_gitlab(result: LintResult, base_dir: str | None = None) -> Iterator[str]:
    """``json.dumps(issues, indent=2)``, one issue at a time."""
    fingerprints = iter_unique_fingerprints(result.findings, base_dir)
    issues = (issue_dict(f, fp, result.fail_on, base_dir) for f, fp in zip(result.findings, fingerprints, strict=True))
    return chunked(itertools.chain(json_items(issues, 2), ["\n"]))
