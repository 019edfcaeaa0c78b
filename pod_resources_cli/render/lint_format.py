"""Lint output formats, chosen by an enum; each renderer returns a string."""

from __future__ import annotations

import enum
from collections.abc import Callable

from pod_resources_cli.lint.result import LintResult

SourceLine = Callable[[str, int], "str | None"]


class LintFormat(str, enum.Enum):
    TEXT = "text"
    JSON = "json"
    SARIF = "sarif"
    GITHUB = "github"
    JUNIT = "junit"
    GITLAB = "gitlab"


def render_lint(
    result: LintResult, fmt: LintFormat, *, source_line: SourceLine | None = None, base_dir: str | None = None
) -> str:
    """The report as text; ``base_dir`` (the run's directory) makes the paths
    of SARIF and GitLab reports relative to the repository."""
    if fmt is LintFormat.TEXT:
        from pod_resources_cli.render.lint_text import render_text

        return render_text(result, source_line=source_line)
    if fmt is LintFormat.JSON:
        from pod_resources_cli.render.lint_json import render_json

        return render_json(result)
    if fmt is LintFormat.SARIF:
        from pod_resources_cli.render.lint_sarif import render_sarif

        return render_sarif(result, base_dir)
    if fmt is LintFormat.GITHUB:
        from pod_resources_cli.render.lint_github import render_github

        return render_github(result)
    if fmt is LintFormat.GITLAB:
        from pod_resources_cli.render.lint_gitlab import render_gitlab

        return render_gitlab(result, base_dir)
    from pod_resources_cli.render.lint_junit import render_junit

    return render_junit(result)
