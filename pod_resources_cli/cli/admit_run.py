"""`pod-resources admit` from its options to an exit code: the run is
run/admit.py's, rendered here in the chosen format."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pod_resources_cli.cli import console
from pod_resources_cli.cli.exit_codes import ExitCode
from pod_resources_cli.cli.options import build_gates, warn_pre_release
from pod_resources_cli.render import AdmitFormat
from pod_resources_cli.source.discover import STDIN_NAME
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits

if TYPE_CHECKING:
    from pod_resources_cli.model.decode.kinds import WorkloadKind
    from pod_resources_cli.source.layout import Tools


def run_admit(
    paths: list[str],
    node_file: str,
    output: AdmitFormat,
    feature_gates: str | None,
    kubernetes_version: str | None,
    namespace: str | None,
    *,
    expand_replicas: bool = False,
    limits: Limits = DEFAULT_LIMITS,
    stdin_name: str = STDIN_NAME,
    output_file: str | None = None,
    policy_scope: str = "unit",
    kinds: tuple[WorkloadKind, ...] = (),
    jobs: int | None = 1,
    tools: Tools | None = None,
    helm_values: tuple[str, ...] = (),
    helm_set: tuple[str, ...] = (),
) -> ExitCode:
    from pod_resources_cli.run.admit import AdmitRequest, admit_run
    from pod_resources_cli.source.layout import NO_TOOLS

    from pod_resources_cli.features import pre_release

    gates = build_gates(feature_gates, kubernetes_version)
    warn_pre_release(gates.version)
    mark = pre_release(gates.version)
    request = AdmitRequest(
        paths, node_file, gates, namespace=namespace,
        expand_replicas=expand_replicas, limits=limits, stdin_name=stdin_name, policy_scope=policy_scope, kinds=kinds, jobs=jobs,
        tools=tools or NO_TOOLS, helm_values=helm_values, helm_set=helm_set,
    )  # fmt: skip
    outcome = admit_run(request, on_warning=console.error, on_problem=console.problem)
    report, problems, summary = outcome.report, outcome.problems, outcome.summary
    note = f"note: {mark['note']}\n" if mark is not None else ""
    if output in (AdmitFormat.TABLE, AdmitFormat.WIDE):
        from pod_resources_cli.render.summary_text import closing_lines, scope_line

        closing = list(closing_lines(summary, scope_line(summary, "read")))  # the notes, then the summary: last
    if output is AdmitFormat.TABLE:
        from pod_resources_cli.render.admit_table import render_admit

        if output_file is None:
            out = console.stdout()
            if note:
                out.print(note.rstrip("\n"), style="yellow", markup=False, highlight=False)
            out.print(render_admit(report, out.size.width))
            for line in closing:
                out.print(line, style="dim", markup=False, highlight=False)
        else:
            console.write_file(output_file, note + console.plain(render_admit(report, console.PLAIN_WIDTH)) + _lines(closing))
    elif output is AdmitFormat.WIDE:
        from pod_resources_cli.render.explain_wide import render_wide
        from pod_resources_cli.render.text_layout import Screen, plain_screen

        screen = Screen(console.stdout()) if output_file is None else plain_screen(console.PLAIN_WIDTH)
        text, _ = render_wide(report.pods, screen)
        _emit(output_file, note + text + _lines(closing))
    elif output is AdmitFormat.SVG:
        from pod_resources_cli.render.admit_svg import admit_svg

        _emit(output_file, admit_svg(report, mark))
    elif output is AdmitFormat.JSON:
        from pod_resources_cli.render.admit_json import render_admit_json

        _emit(output_file, render_admit_json(report, problems, expand_replicas=expand_replicas, pre_release=mark, summary=summary))
    else:
        from pod_resources_cli.analysis.report import ExplainReport
        from pod_resources_cli.render.admit_table import replica_line
        from pod_resources_cli.render.explain_yaml import render_yaml

        _emit(output_file, render_yaml(ExplainReport(report.pods, report.node, problems), mark))
        for count in report.replicas:  # the YAML report has no admission block: say it on stderr
            if count.left_out:
                console.error(f"--expand-replicas: {replica_line(count)}")
    return ExitCode.ERROR if problems else ExitCode.OK


def _emit(output_file: str | None, text: str) -> None:
    if output_file is None:
        console.write(text)
    else:
        console.write_file(output_file, text)


def _lines(lines: list[str]) -> str:
    return "".join(f"{line}\n" for line in lines)
