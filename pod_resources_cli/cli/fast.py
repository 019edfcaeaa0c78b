"""The start-up fast path for ``lint``, the command pre-commit runs on every
commit, and ``explain``, which editors and people run on one file.

Running the typer application costs more than linting one file: typer (0.29)
builds a pydantic validator for every option of every command on each run,
about 110 ms on a 2-core machine. For the invocations pre-commit and CI use,
this module reads the command's options itself, from the same table the
application's command is built from (cli/lint_options.py,
cli/explain_options.py), and calls the very function the application calls
(the command's ``run_command``), so behaviour and messages are the same.
Anything it does not recognise (``--help``, an unknown option, a value it
cannot convert, another command) returns None, and the full application
handles the arguments, with its usage messages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pod_resources_cli.cli.option_table import Option


_COLORS = ("auto", "always", "never")  # app.py's ColorMode, the application's one global option with a value


def run(args: Sequence[str]) -> int | None:
    """The exit code of a recognised invocation, or None for the full app."""
    color, args = _global_color(args)
    if not args or args[0] not in ("lint", "explain"):
        return None
    if color is not None:
        from pod_resources_cli.cli.console import set_color

        set_color(color)  # as the application's callback sets it (the last --color given)
    if args[0] == "lint":
        kwargs = parse_lint(args[1:])
        if kwargs is None:
            return None
        from pod_resources_cli.cli.lint_run import run_command

        return int(run_command(**kwargs))
    kwargs = parse_explain(args[1:])
    if kwargs is None:
        return None
    from pod_resources_cli.cli.explain_run import run_command as run_explain

    return int(run_explain(**kwargs))


def _global_color(args: Sequence[str]) -> tuple[str | None, Sequence[str]]:
    """``--color VALUE`` (or ``--color=VALUE``) before the command, the last one winning, and what follows;
    (None, ``args``) when there is none or a value the application would refuse (it says so)."""
    color: str | None = None
    at = 0
    while at < len(args) and (args[at] == "--color" or args[at].startswith("--color=")):
        if args[at] == "--color":
            value = args[at + 1] if at + 1 < len(args) else None
            at += 2
        else:
            value = args[at].partition("=")[2]
            at += 1
        if value not in _COLORS:
            return None, args
        color = value
    return color, args[at:]


def parse_lint(args: Sequence[str]) -> dict[str, Any] | None:
    """``lint``'s keyword arguments from its command line (cli/lint_options.py), or None."""
    from pod_resources_cli.cli.lint_options import BY_NAME

    return parse(args, BY_NAME)


def parse_explain(args: Sequence[str]) -> dict[str, Any] | None:
    """``explain``'s keyword arguments from its command line (cli/explain_options.py), or None."""
    from pod_resources_cli.cli.explain_options import BY_NAME

    return parse(args, BY_NAME)


def parse(args: Sequence[str], by_name: dict[str, Option]) -> dict[str, Any] | None:
    """A command's keyword arguments from its command line and option table, or None."""
    from pod_resources_cli.cli.option_table import Kind

    kwargs: dict[str, Any] = {}
    paths: list[str] = []
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg == "--":
            paths.extend(rest)
            break
        if arg == "-" or not arg.startswith("-"):
            paths.append(arg)
            continue
        name, eq, inline = arg.partition("=")
        if not arg.startswith("--") and len(arg) > 2:  # "-j2", "-ojson": click reads a short option's value joined to it
            name, eq, inline = arg[:2], "", arg[2:]
            option = by_name.get(name)
            if option is None or option.kind is Kind.FLAG or inline.startswith("="):  # "-qv", "-o=json": click's own reading
                return None
            rest.insert(0, inline)
        option = by_name.get(name)
        if option is None or (eq and not name.startswith("--")):  # click reads "-n=x" as the value "=x": let it
            return None
        if option.kind is Kind.FLAG:
            if eq:
                return None
            kwargs[option.keyword] = True
            continue
        if not eq:
            if not rest:
                return None
            inline = rest.pop(0)
        value = _convert(option, inline)
        if value is None:
            return None
        if option.kind is Kind.MANY:
            kwargs.setdefault(option.keyword, []).append(value)
        else:
            kwargs[option.keyword] = value
    kwargs["paths"] = paths or None
    return kwargs


def _convert(option: Option, text: str) -> Any:
    from pod_resources_cli.cli.option_table import Kind

    try:
        if option.kind is Kind.CHOICE and option.choices is not None:
            return option.choices(text)
        if option.kind is Kind.NUMBER:
            number = int(text)
            return number if option.minimum is None or number >= option.minimum else None
    except ValueError:
        return None
    return text
