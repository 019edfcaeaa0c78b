"""`pod-resources lint`: findings for pre-commit and CI.

The command's parameters are built from cli/lint_options.py (cli/table_command.py),
the table the fast path reads too; the work is run_command's (cli/lint_run.py).
"""

from __future__ import annotations

from typing import Any

import typer

from pod_resources_cli import manual_epilog
from pod_resources_cli.cli.lint_options import LINT_OPTIONS
from pod_resources_cli.cli.lint_run import run_command
from pod_resources_cli.cli.table_command import signature

PATHS_HELP = "Files, directories (searched for *.yaml, *.yml, *.json) or - for stdin."


def lint_command(**kwargs: Any) -> None:
    """Lint resources: what the API server rejects or warns about, what the kubelet refuses, and hygiene."""
    raise typer.Exit(int(run_command(**kwargs)))


lint_command.__signature__ = signature(PATHS_HELP, LINT_OPTIONS)  # type: ignore[attr-defined]


def register(app: typer.Typer) -> None:
    app.command("lint", epilog=manual_epilog("lint.md", "ci.md"))(lint_command)
