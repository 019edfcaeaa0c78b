"""The work behind `pod-resources admit` (kept out of the option declarations)."""

from __future__ import annotations

import json

from pod_resources_cli.cli import console
from pod_resources_cli.cli.exit_codes import ExitCode
from pod_resources_cli.cli.options import build_gates, load_node_option
from pod_resources_cli.render import AdmitFormat
from pod_resources_cli.source.discover import STDIN_NAME
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits


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
) -> ExitCode:
    from dataclasses import replace

    from pod_resources_cli.analysis.admit import ReplicaExpander, admit_workloads
    from pod_resources_cli.analysis.report import ExplainReport
    from pod_resources_cli.location import Location
    from pod_resources_cli.model.workload import Workload
    from pod_resources_cli.input_policies import add_if_policy, collect_policies, drain_warnings
    from pod_resources_cli.pipeline import DocumentItem, ProblemItem, WorkloadItem, iter_items
    from pod_resources_cli.source.discover import expand_paths

    gates = build_gates(feature_gates, kubernetes_version)
    node = load_node_option(node_file, gates)
    files = expand_paths(paths)
    workloads: list[tuple[Workload, Location]] = []
    problems: list[tuple[Location, str]] = []
    policies = collect_policies(files, limits, namespace)
    # --expand-replicas: at most the node's pod capacity per workload and
    # MAX_EXPANDED_PODS in all (analysis/admit.py); the counts are reported.
    expander = ReplicaExpander(node)
    for item in iter_items(files, limits=limits, default_namespace=namespace, stdin_name=stdin_name):
        if isinstance(item, DocumentItem):
            add_if_policy(policies, item.document, namespace)  # stdin: met on the way
            for line in drain_warnings(policies):  # a rejected policy: said once
                console.error(line)
        elif isinstance(item, WorkloadItem):
            if expand_replicas:
                workloads.extend(expander.expand(item.workload, item.location))
            else:
                workloads.extend(expander.keep(item.workload, item.location))
        elif isinstance(item, ProblemItem):
            problems.append((item.location, item.message))
            console.error(f"{item.location}: error: {item.message}")
    report = admit_workloads(workloads, node, gates, policies.limit_ranges, policies.priority_classes)
    report = replace(report, replicas=expander.counts(report.pods))
    if output is AdmitFormat.TABLE:
        from pod_resources_cli.render.admit_table import render_admit

        if output_file is None:
            out = console.stdout()
            out.print(render_admit(report, out.size.width))
        else:
            console.write_file(output_file, console.plain(render_admit(report, console.PLAIN_WIDTH)))
    elif output is AdmitFormat.WIDE:
        from pod_resources_cli.render.explain_wide import render_wide
        from pod_resources_cli.render.text_layout import Screen, plain_screen

        screen = Screen(console.stdout()) if output_file is None else plain_screen(console.PLAIN_WIDTH)
        text, _ = render_wide(report.pods, screen)
        _emit(output_file, text)
    elif output is AdmitFormat.SVG:
        from pod_resources_cli.render.admit_svg import admit_svg

        _emit(output_file, admit_svg(report))
    else:
        from pod_resources_cli.render.explain_json import render_yaml, replica_counts, report_dict

        explain = ExplainReport(report.pods, node, tuple(problems))
        if output is AdmitFormat.JSON:
            data = report_dict(explain)
            data["admission"] = {
                "reservedCPUs": str(report.reserved),
                "sharedPoolAfter": str(report.shared_pool_after) if report.shared_pool_after is not None else None,
                "policies": report.policies,
            }
            if expand_replicas:
                data["admission"]["replicas"] = replica_counts(report.replicas)
            _emit(output_file, json.dumps(data, indent=2) + "\n")
        else:
            _emit(output_file, render_yaml(explain))
            for count in report.replicas:  # the YAML report has no admission block: say it on stderr
                if count.left_out:
                    console.error(f"--expand-replicas: {count.describe()}")
    return ExitCode.ERROR if problems else ExitCode.OK


def _emit(output_file: str | None, text: str) -> None:
    if output_file is None:
        console.write(text)
    else:
        console.write_file(output_file, text)

