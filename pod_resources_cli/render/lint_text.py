"""Findings as text: grouped by file, one ``path:line:col: CODE [severity] message``
line each (editors and pre-commit link these), with the offending line."""

from __future__ import annotations

from collections.abc import Callable

from pod_resources_cli.lint.finding import Finding
from pod_resources_cli.lint.result import LintResult, Summary
from pod_resources_cli.render.safe_text import printable


def _where(f: Finding) -> str:
    parts: list[str] = []
    if f.object is not None:
        parts.append(str(f.object))
    if f.container:
        parts.append(f"container {f.container}")
    return f" ({', '.join(parts)})" if parts else ""


EXCERPT_WIDTH = 120  # a minified JSON line can be megabytes: show a window around the column


def _excerpt(text: str, line: int, column: int) -> list[str]:
    shown = text.rstrip("\r\n").replace("\t", " ")
    caret = max(column - 1, 0)
    if len(shown) > EXCERPT_WIDTH:
        start = max(0, min(caret - EXCERPT_WIDTH // 2, len(shown) - EXCERPT_WIDTH))
        window = shown[start : start + EXCERPT_WIDTH]
        prefix, suffix = ("..." if start else ""), ("..." if start + EXCERPT_WIDTH < len(shown) else "")
        shown, caret = prefix + window + suffix, caret - start + len(prefix)
    gutter = f"{line:>6} | "
    return [gutter + printable(shown), " " * (len(gutter) - 2) + "| " + " " * caret + "^"]


def finding_line(f: Finding) -> str:
    loc = f.location
    return printable(f"{loc.path}:{loc.line}:{loc.column}: {f.rule} [{f.severity.label}] {f.message}{_where(f)}")


def summary_line(summary: Summary, findings: int) -> str:
    counts = summary.by_severity
    tally = ", ".join(
        f"{n} {name if n == 1 else plural}"
        for level, name, plural in (("error", "error", "errors"), ("warning", "warning", "warnings"), ("info", "info", "info"))
        for n in (counts.get(level, 0),)
    )
    scope = f"{summary.objects} object{'s' if summary.objects != 1 else ''} in {summary.files} file{'s' if summary.files != 1 else ''}"
    suppressed = f"; {summary.suppressed} suppressed" if summary.suppressed else ""
    if not findings:
        return f"No findings: {scope}{suppressed}."
    return f"Found {tally}: {scope}{suppressed}."


def render_text(result: LintResult, *, source_line: Callable[[str, int], str | None] | None = None) -> str:
    out: list[str] = []
    current: str | None = None
    for f in result.findings:
        if f.location.path != current:
            if current is not None:
                out.append("")
            current = f.location.path
            out.append(printable(current))
        out.append(finding_line(f))
        if source_line is not None:
            text = source_line(f.location.path, f.location.line)
            if text is not None and text.strip():
                out.extend(_excerpt(text, f.location.line, f.location.column))
    if out:
        out.append("")
    out.append(summary_line(result.summary, len(result.findings)))
    return "\n".join(out) + "\n"
