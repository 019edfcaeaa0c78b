"""A typer command's parameters built from an option table (cli/option_table.py)."""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Annotated, Any

import typer

from pod_resources_cli.cli.option_table import Kind, Option


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


def parameter(option: Option) -> inspect.Parameter:
    info = typer.Option(*option.names, help=option.help, metavar=option.metavar, min=option.minimum)
    return inspect.Parameter(
        option.keyword, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=option.default,
        annotation=Annotated[_annotation(option), info],
    )  # fmt: skip


def paths_parameter(help: str) -> inspect.Parameter:
    return inspect.Parameter(
        "paths", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None,
        annotation=Annotated[list[str] | None, typer.Argument(help=help, show_default=False)],
    )  # fmt: skip


def signature(paths_help: str, options: Sequence[Option]) -> inspect.Signature:
    """A command's: PATHS, then the table's options in its order."""
    return inspect.Signature([paths_parameter(paths_help), *map(parameter, options)])
