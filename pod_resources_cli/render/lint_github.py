"""Findings as GitHub Actions workflow commands (annotations on the pull request):
``::error file=...,line=...,col=...,title=...::message``."""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.finding import Finding, Severity
from pod_resources_cli.lint.result import LintResult, finding_texts
from pod_resources_cli.render.chunks import chunked, lines
from pod_resources_cli.render.lint_text import builds_text, related_text, summary_line
from pod_resources_cli.render.safe_text import github_data as _data
from pod_resources_cli.render.safe_text import github_property as _prop
from pod_resources_cli.render.summary_text import closing_lines

COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def annotation(f: Finding) -> str:
    loc = f.location
    where = f" ({f.object}{', container ' + f.container if f.container else ''})" if f.object else ""
    if f.related:
        where += f" ({related_text(f)})"
    if f.names_builds:
        where += f" ({builds_text(f)})"
    props = f"file={_prop(loc.path)},line={loc.line},col={loc.column},title={_prop(f'{f.rule} {f.name}')}"
    return f"::{COMMAND[f.severity]} {props}::{_data(f.message + where)}"


def render_github(result: LintResult) -> str:
    return "".join(iter_github(result))


def iter_github(result: LintResult) -> Iterator[str]:
    return chunked(lines(_github_lines(result)))


def _github_lines(result: LintResult) -> Iterator[str]:
    yield from finding_texts(result.findings, annotation)
    yield from closing_lines(result.summary, summary_line(result.summary, len(result.findings)))
