"""The typer application: commands registered explicitly, one module each."""

from __future__ import annotations

import typer

from pod_resources_cli import __version__


def _version(value: bool) -> None:
    if value:
        typer.echo(f"pod-resources {__version__}")
        raise typer.Exit(0)


def build_app() -> typer.Typer:
    from pod_resources_cli.cli import admit, explain

    app = typer.Typer(
        name="pod-resources",
        help="What Kubernetes will do with your pods' resources, without a cluster.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
    )

    @app.callback()
    def main_callback(
        version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version."),
    ) -> None:
        """pod-resources: effective requests/limits, QoS, cgroups, OOM scores and CPU/NUMA placement."""

    app.command("explain")(explain.explain_command)
    app.command("admit")(admit.admit_command)
    _register_optional(app)
    return app


def _register_optional(app: typer.Typer) -> None:
    """Commands owned by their own modules, registered explicitly."""
    from pod_resources_cli.cli import diff, lint, node, rules

    diff.register(app)
    lint.register(app)
    rules.register(app)
    app.add_typer(node.node_app, name="node")
