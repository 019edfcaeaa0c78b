"""`pod-resources explain` from its options to an exit code, with no typer
(the start-up fast path calls it directly): the run is run/explain.py's,
rendered here as it streams."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pod_resources_cli.cli import console
from pod_resources_cli.cli.exit_codes import ExitCode
from pod_resources_cli.cli.option_table import PolicyScope
from pod_resources_cli.cli.options import (
    build_gates,
    build_limits,
    build_tools,
    check_jobs,
    stdin_name,
    warn_pre_release,
    workload_kinds,
)
from pod_resources_cli.render import ExplainFormat
from pod_resources_cli.source.discover import STDIN_NAME
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits

if TYPE_CHECKING:
    from pod_resources_cli.model.decode.kinds import WorkloadKind
    from pod_resources_cli.source.kubectl import PodRef
    from pod_resources_cli.source.layout import Tools


def run_command(
    paths: list[str] | None = None,
    filename: list[str] | None = None,
    node: str | None = None,
    output: ExplainFormat = ExplainFormat.TABLE,
    feature_gates: str | None = None,
    kubernetes_version: str | None = None,
    namespace: str | None = None,
    policy_scope: PolicyScope = PolicyScope.UNIT,
    max_document_bytes: str | None = None,
    max_depth: int | None = None,
    max_aliases: int | None = None,
    stdin_filename: str | None = None,
    workload_kind: list[str] | None = None,
    no_render: bool = False,
    helm_values: list[str] | None = None,
    helm_set: list[str] | None = None,
    verbose: bool = False,
    jobs: int = 0,
) -> ExitCode:
    """``explain`` with its options as keywords (cli/explain_options.py)."""
    limits = build_limits(max_document_bytes, max_depth, max_aliases)
    check_jobs(jobs)
    from pod_resources_cli.source.kubectl import pod_ref

    args = [(p, pod_ref(p, namespace)) for p in paths or []] + [(f, None) for f in filename or []]
    return run_explain(
        args or [("-", None)], node, output, feature_gates, kubernetes_version, namespace,
        admit=node is not None, limits=limits, stdin_name=stdin_name(stdin_filename), verbose=verbose, jobs=jobs,
        policy_scope=PolicyScope(policy_scope).value, kinds=workload_kinds(workload_kind),
        tools=build_tools(no_render), helm_values=tuple(helm_values or ()), helm_set=tuple(helm_set or ()),
    )  # fmt: skip


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
    jobs: int | None = 1,
    policy_scope: str = PolicyScope.UNIT.value,
    kinds: tuple[WorkloadKind, ...] = (),
    tools: Tools | None = None,
    helm_values: tuple[str, ...] = (),
    helm_set: tuple[str, ...] = (),
) -> ExitCode:
    """One explain run (run/explain.py), rendered as it streams: each pod
    is rendered where it is explained (a worker, with ``jobs``). ``tools``:
    the renderers (None: none, as ``--no-render``)."""
    from pod_resources_cli.run.explain import ExplainRequest, start_explain
    from pod_resources_cli.source.layout import NO_TOOLS

    gates = build_gates(feature_gates, kubernetes_version)
    warn_pre_release(gates.version)
    request = ExplainRequest(
        [a for a, ref in args if ref is None], gates,
        refs=[ref for _, ref in args if ref is not None], node_file=node_file, namespace=namespace, admit=admit,
        limits=limits, stdin_name=stdin_name, jobs=jobs, policy_scope=policy_scope, kinds=kinds,
        tools=tools or NO_TOOLS, helm_values=helm_values, helm_set=helm_set,
    )  # fmt: skip
    run = start_explain(request, on_warning=console.error, on_problem=console.problem)
    if output in (ExplainFormat.TABLE, ExplainFormat.WIDE):
        from pod_resources_cli.render.explain_table import NO_PODS, render_node_line, render_pod
        from pod_resources_cli.render.summary_text import closing_lines, scope_line

        screen = console.screen()
        if run.summary.pre_release is not None:
            console.write(screen.printed([((f"note: {run.summary.pre_release['note']}", "yellow"),)], strings=True))
        console.write(screen.printed(render_node_line(run.node)))
        if output is ExplainFormat.WIDE:
            from pod_resources_cli.render.explain_wide import render_rows, row_of

            text, count = render_rows(run.outputs(row_of(screen)), screen)
            console.write(text)
        else:
            count = 0
            for text in run.outputs(lambda report: render_pod(report, screen, verbose)):
                console.write(text)  # laid out for `out`, streamed pod by pod
                count += 1
        lines = [((NO_PODS, "yellow"),)] if count == 0 and not run.problems else []
        lines += [((line, "dim"),) for line in closing_lines(run.summary, scope_line(run.summary, "explained"))]  # the summary last
        console.write(screen.printed(lines, strings=True))  # printed as strings: rich's Console.print(line, style=...)
    elif output is ExplainFormat.JSON:
        from pod_resources_cli.render.explain_stream import iter_json_texts, pod_text

        for chunk in iter_json_texts(run.outputs(pod_text), run.node, run.problems, run.summary):
            console.write(chunk)
    else:
        from pod_resources_cli.analysis.report import ExplainReport
        from pod_resources_cli.render.explain_yaml import render_yaml

        pods = tuple(run.reports())
        console.write(render_yaml(ExplainReport(pods, run.node, tuple(run.problems)), run.summary.pre_release))
    return ExitCode.ERROR if run.problems else ExitCode.OK
