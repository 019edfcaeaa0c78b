"""`pod-resources diff`: what changes for the same pods between two settings."""

from __future__ import annotations

import enum
from typing import Annotated, Optional

import typer

from pod_resources_cli import manual_epilog

from pod_resources_cli.cli.explain import (
    HelmSetOpt, HelmValuesOpt, JobsOpt, MaxAliasesOpt, MaxBytesOpt, MaxDepthOpt, NamespaceOpt, NoRenderOpt, PathsArg, PolicyScopeOpt,
    StdinFilenameOpt, WorkloadKindOpt,
)  # fmt: skip
from pod_resources_cli.cli.lint_options import PolicyScope



class DiffFormat(str, enum.Enum):
    TABLE = "table"
    WIDE = "wide"
    JSON = "json"


def diff_command(
    paths: PathsArg = None,
    from_version: Annotated[Optional[str], typer.Option("--from-version", help="Kubernetes version before (default: --kubernetes-version, else 1.37).")] = None,
    to_version: Annotated[Optional[str], typer.Option("--to-version", help="Kubernetes version after.")] = None,
    from_node: Annotated[Optional[str], typer.Option("--from-node", help="Node description before (default: --node, else the embedded node).")] = None,
    to_node: Annotated[Optional[str], typer.Option("--to-node", help="Node description after.")] = None,
    from_feature_gates: Annotated[Optional[str], typer.Option("--from-feature-gates", help="Feature gates before, A=true,B=false (default: --feature-gates).")] = None,
    to_feature_gates: Annotated[Optional[str], typer.Option("--to-feature-gates", help="Feature gates after.")] = None,
    node: Annotated[Optional[str], typer.Option("--node", help="Node description of both sides.")] = None,
    feature_gates: Annotated[Optional[str], typer.Option("--feature-gates", help="Feature gates of both sides.")] = None,
    kubernetes_version: Annotated[Optional[str], typer.Option("--kubernetes-version", help="Kubernetes version of both sides.")] = None,
    output: Annotated[DiffFormat, typer.Option("--output", "-o", help="table (grouped by reason), wide (every change) or json.")] = DiffFormat.TABLE,
    namespace: NamespaceOpt = None,
    policy_scope: PolicyScopeOpt = PolicyScope.UNIT,
    max_document_bytes: MaxBytesOpt = None,
    max_depth: MaxDepthOpt = None,
    max_aliases: MaxAliasesOpt = None,
    stdin_filename: StdinFilenameOpt = None,
    workload_kind: WorkloadKindOpt = None,
    no_render: NoRenderOpt = False,
    helm_values: HelmValuesOpt = None,
    helm_set: HelmSetOpt = None,
    jobs: JobsOpt = 0,
) -> None:
    """Compare what happens to the same pods under two versions, node descriptions or feature gates."""
    from pod_resources_cli.analysis.diff import Side
    from pod_resources_cli.cli import console
    from pod_resources_cli.cli.exit_codes import ExitCode
    from pod_resources_cli.cli.options import build_gates, build_limits, build_tools, check_jobs, stdin_name, warn_pre_release, workload_kinds
    from pod_resources_cli.run.node import load_node_file
    from pod_resources_cli.run.diff import diff_paths

    limits = build_limits(max_document_bytes, max_depth, max_aliases)
    check_jobs(jobs)
    name = stdin_name(stdin_filename)

    def side(version: str | None, gates: str | None, node_file: str | None) -> Side:
        built = build_gates(gates if gates is not None else feature_gates, version or kubernetes_version)
        return Side(built, load_node_file(node_file or node, built))

    before = side(from_version, from_feature_gates, from_node)
    after = side(to_version, to_feature_gates, to_node)
    warn_pre_release(before.gates.version, after.gates.version)
    admit = any(n is not None for n in (node, from_node, to_node))
    kinds = workload_kinds(workload_kind)
    result = diff_paths(
        paths or ["-"], before, after, admit=admit, namespace=namespace, limits=limits, stdin_name=name, policy_scope=policy_scope.value,
        kinds=kinds, jobs=jobs, tools=build_tools(no_render), helm_values=tuple(helm_values or ()), helm_set=tuple(helm_set or ()),
    )  # fmt: skip
    for line in result.warnings:
        console.error(line)
    for loc, message in result.problems:
        console.error(f"{loc}: error: {message}")
    if output is DiffFormat.JSON:
        from pod_resources_cli.render.diff_json import render_diff_json

        console.write(render_diff_json(result))
    else:
        from pod_resources_cli.render.diff_text import render_diff_text, render_diff_wide

        render = render_diff_wide if output is DiffFormat.WIDE else render_diff_text
        console.write(render(result, console.stdout().size.width))
    raise typer.Exit(int(ExitCode.ERROR if result.problems else ExitCode.OK))


def register(app: typer.Typer) -> None:
    app.command("diff", epilog=manual_epilog("diff-and-versions.md"))(diff_command)
