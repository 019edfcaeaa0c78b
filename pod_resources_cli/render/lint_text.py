"""Findings as text: grouped by file, one ``path:line:col: CODE [severity] message``
line each (editors and pre-commit link these), with the offending line."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from pod_resources_cli.lint.finding import Finding
from pod_resources_cli.lint.result import LintResult, finding_texts
from pod_resources_cli.model.items import SKIP_REASONS, SkippedEntry, Summary
from pod_resources_cli.render.chunks import chunked, lines
from pod_resources_cli.render.safe_text import printable
from pod_resources_cli.render.summary_text import closing_lines, counted, skipped_text

SourceLine = Callable[[str, int], "str | None"]


def _where(f: Finding) -> str:
    """`` (Deployment shop/web, container app; LimitRange shop/limits at k8s/limits.yaml:9:7)``."""
    parts: list[str] = []
    if f.object is not None:
        parts.append(str(f.object))
    if f.container:
        parts.append(f"container {f.container}")
    text = ", ".join(parts)
    if f.related:
        text = "; ".join([text, related_text(f)] if text else [related_text(f)])
    if f.names_builds:
        text = "; ".join([text, builds_text(f)] if text else [builds_text(f)])
    return f" ({text})" if text else ""


def builds_text(f: Finding) -> str:
    """The builds that gave one finding: ``in 2 builds: overlays/prod (kustomize build), overlays/staging (kustomize build)``;
    some of the builds that read its file: ``in 1 of 2 builds: overlays/dev (kustomize build)``; one build that
    makes the place several objects: ``as 3 objects of one build: . (kustomize build)``."""
    units = list(dict.fromkeys(unit for unit, _ in f.builds))
    of = f" of {f.readers}" if f.readers > len(units) else ""
    if len(units) == 1 and len(f.builds) > 1:
        return f"as {len(f.builds)} objects of {'one build' if not of else '1' + of + ' builds'}: {units[0]}"
    return f"in {len(units)}{of} build{'s' if len(units) > 1 or of else ''}: " + ", ".join(units)


def related_text(f: Finding) -> str:
    """Where the policies behind a finding are: ``LimitRange shop/limits at k8s/limits.yaml:9:7``."""
    return "; ".join(f"{r.message} at {r.location}" for r in f.related)


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


def skipped_line(e: SkippedEntry) -> str:
    """``path:line: skipped [reason] Kind (build): why``, one per skipped document, object or file."""
    kind = f" {e.kind}" if e.kind else ""
    build = f" (in {e.build})" if e.build else ""
    note = f": {e.note}" if e.note else ""
    return printable(f"{e.path}:{e.line}: skipped [{e.reason}]{kind}{build}{note}")


def summary_line(summary: Summary, findings: int) -> str:
    counts = summary.by_severity
    tally = ", ".join(
        f"{n} {name if n == 1 else plural}"
        for level, name, plural in (("error", "error", "errors"), ("warning", "warning", "warnings"), ("info", "info", "info"))
        for n in (counts.get(level, 0),)
    )
    scope = f"{counted(summary.files, 'file')}, {counted(summary.objects, 'object')}, {counted(summary.pods, 'pod')} checked"
    suppressed = f"; {summary.suppressed} suppressed" if summary.suppressed else ""
    suppressed += f"; {summary.baselined:,} baselined" if summary.baselined else ""
    suppressed += f"; {summary.older:,} on unchanged code" if summary.older else ""
    skipped = f"; skipped {skipped_text(summary)}" if summary.skipped else ""
    if not summary.objects and not findings:
        head = f"No Kubernetes objects in {counted(summary.files, 'file')}"
        return f"{head}; skipped {skipped_text(summary)}." if summary.skipped else f"{head}."
    if not findings:
        return f"No findings: {scope}{suppressed}{skipped}."
    return f"Found {tally}: {scope}{suppressed}{skipped}."


def render_text(result: LintResult, *, source_line: SourceLine | None = None) -> str:
    return "".join(iter_text(result, source_line=source_line))


def iter_text(
    result: LintResult,
    *,
    source_line: SourceLine | None = None,
    excerpts: Iterable[str | None] | None = None,
    quiet: bool = False,
) -> Iterator[str]:
    """The report in pieces. The quoted lines come from ``excerpts`` (one per
    finding, in order) or else from ``source_line``; with neither, none.
    ``quiet``: the finding lines alone (no file headings, quotes or summary)."""
    if quiet:
        return chunked(lines(finding_texts(result.findings, finding_line)))
    return chunked(lines(_text_lines(result, source_line, excerpts)))


def _text_lines(result: LintResult, source_line: SourceLine | None, excerpts: Iterable[str | None] | None) -> Iterator[str]:
    quoted = iter(excerpts) if excerpts is not None else None
    current: str | None = None
    for f in result.findings:
        if f.location.path != current:
            if current is not None:
                yield ""
            current = f.location.path
            yield printable(current)
        yield finding_line(f)
        if quoted is not None:
            text = next(quoted)
        elif source_line is not None:
            text = source_line(f.location.path, f.location.line)
        else:
            continue
        if text is not None and text.strip():
            yield from _excerpt(text, f.location.line, f.location.column)
    if current is not None:
        yield ""
    if result.skipped is not None:  # --show-skipped: before the summary
        yield from (skipped_line(e) for e in result.skipped)
    yield from _stale_lines(result)
    yield from closing_lines(result.summary, summary_line(result.summary, len(result.findings)))


def _stale_lines(result: LintResult) -> Iterator[str]:
    """The baseline's entries that no finding matches any more (the code was fixed)."""
    adoption = result.adoption
    if adoption is None or not adoption.stale:
        return
    verb = "left out of the baseline written" if adoption.written else "no finding matches any more"
    yield printable(f"Entries of the baseline {adoption.baseline} {verb}:")
    for e in adoption.stale:
        yield printable(f"  {e.describe()}")
    yield ""
