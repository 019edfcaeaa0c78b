"""The typer application: commands registered explicitly, one module each."""

from __future__ import annotations

import enum

import typer

from pod_resources_cli import __version__, manual_epilog


def _version(value: bool) -> None:
    if value:
        typer.echo(f"pod-resources {__version__}")
        raise typer.Exit(0)


class ColorMode(str, enum.Enum):
    AUTO = "auto"
    ALWAYS = "always"
    NEVER = "never"


class Shell(str, enum.Enum):
    BASH = "bash"
    ZSH = "zsh"
    FISH = "fish"


COMPLETE_VAR = "_POD_RESOURCES_COMPLETE"


def completion_command(shell: Shell = typer.Argument(..., help="bash, zsh or fish.")) -> None:
    """Print the shell completion script: `eval "$(pod-resources completion bash)"`, or save it where your shell loads completions."""
    from typer._completion_shared import get_completion_script

    typer.echo(get_completion_script(prog_name="pod-resources", complete_var=COMPLETE_VAR, shell=shell.value))


def build_app() -> typer.Typer:
    from pod_resources_cli.cli import admit, explain

    app = typer.Typer(
        name="pod-resources",
        help="What Kubernetes will do with your pods' resources, without a cluster.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        epilog=manual_epilog("README.md"),
    )

    @app.callback()
    def main_callback(
        version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version."),
        color: ColorMode = typer.Option(ColorMode.AUTO, "--color", help="Colour in tables: auto (a terminal; NO_COLOR and FORCE_COLOR honoured), always or never."),
    ) -> None:
        """pod-resources: effective requests/limits, QoS, cgroups, OOM scores and CPU/NUMA placement."""
        from pod_resources_cli.cli.console import set_color

        set_color(color.value)

    app.command("explain", epilog=manual_epilog("explain.md"))(explain.explain_command)
    app.command("completion", epilog=manual_epilog("explain.md#terminal-output"))(completion_command)
    app.command("admit", epilog=manual_epilog("admit-and-nodes.md"))(admit.admit_command)
    _register_optional(app)
    return app


def _register_optional(app: typer.Typer) -> None:
    """Commands owned by their own modules, registered explicitly."""
    from pod_resources_cli.cli import diff, lint, node, rules

    diff.register(app)
    lint.register(app)
    rules.register(app)
    app.add_typer(node.node_app, name="node")
