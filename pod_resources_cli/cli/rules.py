"""`pod-resources rules [RULE]`: the catalog, or one rule's documentation."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from pod_resources_cli import manual_epilog

from pod_resources_cli.cli.exit_codes import ExitCode


def rules_command(
    rule: Annotated[str | None, typer.Argument(help="A rule code (PR101) or name (request-exceeds-limit).", show_default=False)] = None,
    markdown: Annotated[bool, typer.Option("--markdown", help="Print the Markdown source instead of rendering it.")] = False,
) -> None:
    """List the lint rules, or show one rule's documentation."""
    from pod_resources_cli.cli import console
    from pod_resources_cli.errors import UsageError
    from pod_resources_cli.lint.registry import all_rules, get_rule
    from pod_resources_cli.render.rule_docs import render_catalog, render_rule

    if rule is None:
        console.write(render_catalog(all_rules(), width=console.stdout().size.width))
        raise typer.Exit(int(ExitCode.OK))
    found = get_rule(rule)
    if found is None:
        raise UsageError(f"unknown rule {rule!r} (run `pod-resources rules` for the list)")
    page = render_rule(found)
    if markdown or not sys.stdout.isatty():
        console.write(page)
    else:
        from rich.markdown import Markdown

        console.stdout().print(Markdown(page))
    raise typer.Exit(int(ExitCode.OK))


def register(app: typer.Typer) -> None:
    app.command("rules", epilog=manual_epilog("lint.md#the-rules", "rules/README.md"))(rules_command)
