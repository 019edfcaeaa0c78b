"""`pod-resources explain`: one report per pod or pod template."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from pod_resources_cli.cli import console
from pod_resources_cli.cli.exit_codes import ExitCode
from pod_resources_cli.cli.lint_options import (
    MAX_ALIASES_HELP, MAX_BYTES_HELP, MAX_DEPTH_HELP, POLICY_SCOPE_HELP, STDIN_FILENAME_HELP, WORKLOAD_KIND_HELP, PolicyScope,
)  # fmt: skip
from pod_resources_cli.cli.options import build_gates, build_limits, stdin_name, warn_pre_release, workload_kinds
from pod_resources_cli.render import ExplainFormat
from pod_resources_cli.source.discover import STDIN_NAME
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits

if TYPE_CHECKING:
    from pod_resources_cli.model.decode.kinds import WorkloadKind
    from pod_resources_cli.source.kubectl import PodRef

PathsArg = Annotated[
    Optional[list[str]],
    typer.Argument(
        help="Files, directories (searched for *.yaml, *.yml, *.json), - for stdin, or pod/NAME: a pod read with kubectl get (-n for its namespace).",
        show_default=False,
    ),
]
FilenameOpt = Annotated[
    Optional[list[str]],
    typer.Option("--filename", "-f", help="A file, directory or - to read, as kubectl's -f (repeatable; read after the PATHs).", show_default=False),
]
NodeOpt = Annotated[Optional[str], typer.Option("--node", help="Node description file (KubeletConfiguration, MachineInfo, Node, NodeProfile).")]
GatesOpt = Annotated[Optional[str], typer.Option("--feature-gates", help="Feature gates, kubelet syntax: A=true,B=false.")]
VersionOpt = Annotated[Optional[str], typer.Option("--kubernetes-version", help="Kubernetes version whose defaults apply (default: 1.37).")]
MaxBytesOpt = Annotated[Optional[str], typer.Option("--max-document-bytes", help=MAX_BYTES_HELP, metavar="SIZE")]
MaxDepthOpt = Annotated[Optional[int], typer.Option("--max-depth", help=MAX_DEPTH_HELP)]
MaxAliasesOpt = Annotated[Optional[int], typer.Option("--max-aliases", help=MAX_ALIASES_HELP)]
StdinFilenameOpt = Annotated[Optional[str], typer.Option("--stdin-filename", metavar="PATH", help=STDIN_FILENAME_HELP)]
NamespaceOpt = Annotated[Optional[str], typer.Option("--namespace", "-n", help="Namespace for objects that have none, and of pod/NAME.")]
PolicyScopeOpt = Annotated[PolicyScope, typer.Option("--policy-scope", help=POLICY_SCOPE_HELP)]
WorkloadKindOpt = Annotated[Optional[list[str]], typer.Option("--workload-kind", help=WORKLOAD_KIND_HELP, show_default=False)]


def explain_command(
    paths: PathsArg = None,
    filename: FilenameOpt = None,
    node: NodeOpt = None,
    output: Annotated[ExplainFormat, typer.Option("--output", "-o", help="Output format.")] = ExplainFormat.TABLE,
    feature_gates: GatesOpt = None,
    kubernetes_version: VersionOpt = None,
    namespace: NamespaceOpt = None,
    policy_scope: PolicyScopeOpt = PolicyScope.UNIT,
    max_document_bytes: MaxBytesOpt = None,
    max_depth: MaxDepthOpt = None,
    max_aliases: MaxAliasesOpt = None,
    stdin_filename: StdinFilenameOpt = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Table: every cgroup file (also those nothing set) and every formula in full.")] = False,
    workload_kind: WorkloadKindOpt = None,
) -> None:
    """Explain effective requests and limits, QoS, cgroups and OOM scores of every pod."""
    limits = build_limits(max_document_bytes, max_depth, max_aliases)
    from pod_resources_cli.source.kubectl import pod_ref

    args = [(p, pod_ref(p, namespace)) for p in paths or []] + [(f, None) for f in filename or []]
    code = run_explain(
        args or [("-", None)], node, output, feature_gates, kubernetes_version, namespace,
        admit=node is not None, limits=limits, stdin_name=stdin_name(stdin_filename), verbose=verbose,
        policy_scope=policy_scope.value,
        kinds=workload_kinds(workload_kind),
    )  # fmt: skip
    raise typer.Exit(int(code))


def run_explain(
    args: list[tuple[str, PodRef | None]],
    node_file: str | None,
    output: ExplainFormat,
    feature_gates: str | None,
    kubernetes_version: str | None,
    namespace: str | None,
    *,
    admit: bool,
    limits: Limits = DEFAULT_LIMITS,
    stdin_name: str = STDIN_NAME,
    verbose: bool = False,
    policy_scope: str = PolicyScope.UNIT.value,
    kinds: tuple[WorkloadKind, ...] = (),
) -> ExitCode:
    """One explain run (run/explain.py), rendered as it streams."""
    from pod_resources_cli.run.explain import ExplainRequest, start_explain

    gates = build_gates(feature_gates, kubernetes_version)
    warn_pre_release(gates.version)
    request = ExplainRequest(
        [a for a, ref in args if ref is None], gates,
        refs=[ref for _, ref in args if ref is not None], node_file=node_file, namespace=namespace, admit=admit,
        limits=limits, stdin_name=stdin_name, policy_scope=policy_scope, kinds=kinds,
    )  # fmt: skip
    run = start_explain(request, on_warning=console.error, on_problem=console.problem)
    if output in (ExplainFormat.TABLE, ExplainFormat.WIDE):
        from pod_resources_cli.render.explain_table import NO_PODS, render_node_line, render_pod
        from pod_resources_cli.render.explain_wide import render_wide
        from pod_resources_cli.render.lint_text import closing_lines, scope_line
        from pod_resources_cli.render.text_layout import Screen

        out = console.stdout()
        if run.summary.pre_release is not None:
            out.print(f"note: {run.summary.pre_release['note']}", style="yellow", markup=False, highlight=False)
        out.print(render_node_line(run.node))
        screen = Screen(out)
        if output is ExplainFormat.WIDE:
            text, count = render_wide(run.reports(), screen)
            console.write(text)
        else:
            count = 0
            for report in run.reports():
                console.write(render_pod(report, screen, verbose))  # laid out for `out`, streamed pod by pod
                count += 1
        if count == 0 and not run.problems:
            out.print(NO_PODS, style="yellow")
        for line in closing_lines(run.summary, scope_line(run.summary, "explained")):  # the summary last
            out.print(line, style="dim", markup=False, highlight=False)
    elif output is ExplainFormat.JSON:
        from pod_resources_cli.render.explain_stream import iter_json

        for chunk in iter_json(run.reports(), run.node, run.problems, run.summary):
            console.write(chunk)
    else:
        from pod_resources_cli.analysis.report import ExplainReport
        from pod_resources_cli.render.explain_yaml import render_yaml

        pods = tuple(run.reports())
        console.write(render_yaml(ExplainReport(pods, run.node, tuple(run.problems)), run.summary.pre_release))
    return ExitCode.ERROR if run.problems else ExitCode.OK
