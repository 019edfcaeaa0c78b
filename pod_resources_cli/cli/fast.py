"""The start-up fast path for ``lint``, the command pre-commit runs on every commit.

Running the typer application costs more than linting one file: typer (0.29)
builds a pydantic validator for every option of every command on each run,
about 110 ms on a 2-core machine. For the invocations pre-commit and CI use,
this module reads ``lint``'s options itself and calls the very function the
application calls (``cli.lint_run.run_command``, which ``cli.lint.lint_command`` wraps), so behaviour and messages are
the same. Anything it does not recognise (``--help``, an unknown option, a
value it cannot convert, another command) returns None, and the full
application handles the arguments, with its usage messages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

# option -> (keyword of lint_command, kind); kind "many" repeats into a list.
_LINT_OPTIONS: Final[dict[str, tuple[str, str]]] = {
    "--node": ("node", "text"),
    "--config": ("config", "text"),
    "--select": ("select", "many"),
    "--extend-select": ("extend_select", "many"),
    "--ignore": ("ignore", "many"),
    "--fail-on": ("fail_on", "fail_on"),
    "--format": ("output_format", "format"),
    "-o": ("output_format", "format"),
    "--output": ("output_format", "format"),
    "--output-file": ("output", "text"),
    "--feature-gates": ("feature_gates", "text"),
    "--kubernetes-version": ("kubernetes_version", "text"),
    "--upgrade-to": ("upgrade_to", "text"),
    "--namespace": ("namespace", "text"),
    "-n": ("namespace", "text"),
    "--jobs": ("jobs", "jobs"),
    "-j": ("jobs", "jobs"),
    "--max-document-bytes": ("max_document_bytes", "text"),
    "--max-depth": ("max_depth", "count"),
    "--max-aliases": ("max_aliases", "count"),
    "--helm-values": ("helm_values", "many"),
    "--helm-set": ("helm_set", "many"),
    "--workload-kind": ("workload_kind", "many"),
    "--stdin-filename": ("stdin_filename", "text"),
}
_LINT_FLAGS: Final = {"--no-config": "no_config", "--no-render": "no_render", "--quiet": "quiet", "-q": "quiet"}


def run(args: Sequence[str]) -> int | None:
    """The exit code of a recognised invocation, or None for the full app."""
    if not args or args[0] != "lint":
        return None
    kwargs = parse_lint(args[1:])
    if kwargs is None:
        return None
    from pod_resources_cli.cli.lint_run import run_command

    return int(run_command(**kwargs))


def parse_lint(args: Sequence[str]) -> dict[str, Any] | None:
    """``lint``'s keyword arguments from its command line, or None."""
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
        if name in _LINT_FLAGS and not eq:
            kwargs[_LINT_FLAGS[name]] = True
            continue
        if name not in _LINT_OPTIONS or (name in ("-n", "-j", "-o") and eq):
            return None
        if not eq:
            if not rest:
                return None
            inline = rest.pop(0)
        keyword, kind = _LINT_OPTIONS[name]
        value = _convert(kind, inline)
        if value is None:
            return None
        if kind == "many":
            kwargs.setdefault(keyword, []).append(value)
        else:
            kwargs[keyword] = value
    kwargs["paths"] = paths or None
    return kwargs


def _convert(kind: str, text: str) -> Any:
    try:
        if kind == "fail_on":
            from pod_resources_cli.cli.lint_run import FailOn

            return FailOn(text)
        if kind == "format":
            from pod_resources_cli.render.lint_format import LintFormat

            return LintFormat(text)
        if kind in ("jobs", "count"):
            number = int(text)
            return number if number >= (0 if kind == "jobs" else 1) else None
    except ValueError:
        return None
    return text
