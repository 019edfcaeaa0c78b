"""`pod-resources lint`: findings for pre-commit and CI.

The command's parameters are built from cli/lint_options.py, the table the
fast path reads too; the work is run_command's (cli/lint_run.py).
"""

from __future__ import annotations

import inspect
from typing import Annotated, Any

import typer

from pod_resources_cli import manual_epilog

from pod_resources_cli.cli.lint_options import LINT_OPTIONS, Kind, Option
from pod_resources_cli.cli.lint_run import run_command

PATHS = inspect.Parameter(
    "paths",
    inspect.Parameter.POSITIONAL_OR_KEYWORD,
    default=None,
    annotation=Annotated[
        list[str] | None,
        typer.Argument(help="Files, directories (searched for *.yaml, *.yml, *.json) or - for stdin.", show_default=False),
    ],
)


def _annotation(option: Option) -> Any:
    """The Python type typer converts the option's value to."""
    if option.kind is Kind.FLAG:
        return bool
    if option.kind is Kind.MANY:
        return list[str] | None
    if option.kind is Kind.NUMBER:
        return int if option.default is not None else int | None
    if option.kind is Kind.CHOICE:
        assert option.choices is not None
        return option.choices if option.default is not None else option.choices | None
    return str | None


def _parameter(option: Option) -> inspect.Parameter:
    info = typer.Option(*option.names, help=option.help, metavar=option.metavar, min=option.minimum)
    return inspect.Parameter(
        option.keyword, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=option.default,
        annotation=Annotated[_annotation(option), info],
    )  # fmt: skip


def lint_command(**kwargs: Any) -> None:
    """Lint resources: what the API server rejects or warns about, what the kubelet refuses, and hygiene."""
    raise typer.Exit(int(run_command(**kwargs)))


lint_command.__signature__ = inspect.Signature([PATHS, *map(_parameter, LINT_OPTIONS)])  # type: ignore[attr-defined]


def register(app: typer.Typer) -> None:
    app.command("lint", epilog=manual_epilog("lint.md", "ci.md"))(lint_command)
