"""`pod-resources lint`: findings for pre-commit and CI (the options; the work is in lint_run)."""

from __future__ import annotations

from typing import Annotated

import typer

from pod_resources_cli.cli.explain import MaxAliasesOpt, MaxBytesOpt, MaxDepthOpt, StdinFilenameOpt
from pod_resources_cli.cli.lint_run import FailOn, RulesOpt, run_command
from pod_resources_cli.render.lint_format import LintFormat

PathsArg = Annotated[
    list[str] | None,
    typer.Argument(help="Files, directories (searched for *.yaml, *.yml, *.json) or - for stdin.", show_default=False),
]


def lint_command(
    paths: PathsArg = None,
    node: Annotated[str | None, typer.Option("--node", help="Node description: adds the kubelet's admission rules.")] = None,
    config: Annotated[str | None, typer.Option("--config", help="Lint configuration file (default: .pod-resources.yaml or [tool.pod-resources] in pyproject.toml, searched upwards).")] = None,
    no_config: Annotated[bool, typer.Option("--no-config", help="Ignore configuration files.")] = False,
    select: Annotated[RulesOpt, typer.Option("--select", help="Rules to run instead of the configured ones: codes, names or prefixes, comma-separated.")] = None,
    extend_select: Annotated[RulesOpt, typer.Option("--extend-select", help="Rules to run in addition (e.g. opt-in rules).")] = None,
    ignore: Annotated[RulesOpt, typer.Option("--ignore", help="Rules not to run.")] = None,
    fail_on: Annotated[FailOn | None, typer.Option("--fail-on", help="Exit 1 when a finding has this severity or worse (default: error).")] = None,
    output_format: Annotated[LintFormat, typer.Option("--output", "-o", "--format", help="Output format (gitlab: a GitLab Code Quality report).")] = LintFormat.TEXT,
    output: Annotated[str | None, typer.Option("--output-file", help="Write the report to FILE instead of standard output.", metavar="FILE")] = None,
    feature_gates: Annotated[str | None, typer.Option("--feature-gates", help="Feature gates, kubelet syntax: A=true,B=false.")] = None,
    kubernetes_version: Annotated[str | None, typer.Option("--kubernetes-version", help="Kubernetes version whose defaults apply (default: 1.37).")] = None,
    upgrade_to: Annotated[str | None, typer.Option("--upgrade-to", help="Also report what changes for each pod in this Kubernetes version (rule PR601), as `diff --to-version` would.")] = None,
    namespace: Annotated[str | None, typer.Option("--namespace", "-n", help="Namespace of objects that state none.")] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=0, help="Processes for large inputs (0: one per CPU; never more than the CPUs; output is the same).")] = 0,
    max_document_bytes: MaxBytesOpt = None,
    max_depth: MaxDepthOpt = None,
    max_aliases: MaxAliasesOpt = None,
    no_render: Annotated[bool, typer.Option("--no-render", help="Do not run helm or kustomize: read charts' and kustomizations' files as they are (templates and patches skipped).")] = False,
    helm_values: Annotated[list[str] | None, typer.Option("--helm-values", help="A values file for `helm template` (repeatable).")] = None,
    helm_set: Annotated[list[str] | None, typer.Option("--helm-set", help="A --set for `helm template`, KEY=VALUE (repeatable).")] = None,
    workload_kind: Annotated[list[str] | None, typer.Option("--workload-kind", help="A custom kind that carries pods: Kind.group=PATH[,PATH] (e.g. Trainer.example.com=spec.template,spec.workers[*].template; repeatable).")] = None,
    stdin_filename: StdinFilenameOpt = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Text format: the finding lines alone (no headings, quoted lines or summary).")] = False,
) -> None:
    """Lint resources: what the API server rejects or warns about, what the kubelet refuses, and hygiene."""
    code = run_command(
        paths, node, config, no_config, select, extend_select, ignore, fail_on, output_format, output,
        feature_gates, kubernetes_version, namespace, jobs, max_document_bytes, max_depth, max_aliases,
        no_render=no_render, helm_values=helm_values, helm_set=helm_set, workload_kind=workload_kind, upgrade_to=upgrade_to,
        stdin_filename=stdin_filename, quiet=quiet,
    )  # fmt: skip
    raise typer.Exit(int(code))


def register(app: typer.Typer) -> None:
    app.command("lint")(lint_command)


