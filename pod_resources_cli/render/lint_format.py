"""Lint output formats, chosen by an enum; each renderer returns a string,
or yields it in chunks (what the CLI writes as they come)."""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator

from pod_resources_cli.lint.result import LintResult, Needs

SourceLine = Callable[[str, int], "str | None"]


class LintFormat(str, enum.Enum):
    TEXT = "text"
    JSON = "json"
    SARIF = "sarif"
    GITHUB = "github"
    JUNIT = "junit"
    GITLAB = "gitlab"


def needs_of(fmt: LintFormat, *, quiet: bool = False) -> Needs:
    """What a report in ``fmt`` needs of the run: each finding's text where
    the format words findings alone (JSON, GitHub, the quiet text), the
    objects checked for JUnit, the quoted lines for the text format."""
    if fmt is LintFormat.JSON:
        from pod_resources_cli.render.lint_json import finding_text

        return Needs(finding_text, objects=False, lines=False)
    if fmt is LintFormat.GITHUB:
        from pod_resources_cli.render.lint_github import annotation

        return Needs(annotation, objects=False, lines=False)
    if fmt is LintFormat.TEXT:
        from pod_resources_cli.render.lint_text import finding_line

        return Needs(finding_line, objects=False, lines=False) if quiet else Needs(objects=False, lines=True)
    return Needs(objects=fmt is LintFormat.JUNIT, lines=False)


def render_lint(
    result: LintResult, fmt: LintFormat, *, source_line: SourceLine | None = None, base_dir: str | None = None
) -> str:
    """The report as text; ``base_dir`` (the run's directory) makes the paths
    of SARIF and GitLab reports relative to the repository."""
    return "".join(iter_lint(result, fmt, source_line=source_line, base_dir=base_dir))


def iter_lint(
    result: LintResult,
    fmt: LintFormat,
    *,
    source_line: SourceLine | None = None,
    excerpts: Iterable[str | None] | None = None,
    base_dir: str | None = None,
    quiet: bool = False,
) -> Iterator[str]:
    """The report in chunks, to write as they come (``render_lint`` joined).
    The text format quotes each finding's line from ``excerpts`` (one per
    finding, in order) or ``source_line``."""
    if fmt is LintFormat.TEXT:
        from pod_resources_cli.render.lint_text import iter_text

        return iter_text(result, source_line=source_line, excerpts=excerpts, quiet=quiet)
    if fmt is LintFormat.JSON:
        from pod_resources_cli.render.lint_json import iter_json

        return iter_json(result)
    if fmt is LintFormat.SARIF:
        from pod_resources_cli.render.lint_sarif import iter_sarif

        return iter_sarif(result, base_dir)
    if fmt is LintFormat.GITHUB:
        from pod_resources_cli.render.lint_github import iter_github

        return iter_github(result)
    if fmt is LintFormat.GITLAB:
        from pod_resources_cli.render.lint_gitlab import iter_gitlab

        return iter_gitlab(result, base_dir)
    from pod_resources_cli.render.lint_junit import iter_junit

    return iter_junit(result)
