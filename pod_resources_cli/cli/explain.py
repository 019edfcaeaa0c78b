"""`pod-resources explain`: one report per pod or pod template."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from pod_resources_cli.cli import console
from pod_resources_cli.cli.exit_codes import ExitCode
from pod_resources_cli.cli.options import build_gates, build_limits, load_node_option, stdin_name
from pod_resources_cli.render import ExplainFormat
from pod_resources_cli.source.discover import STDIN_NAME
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits

if TYPE_CHECKING:
    from pod_resources_cli.analysis.report import PodReport
    from pod_resources_cli.pipeline import Item
    from pod_resources_cli.source.kubectl import PodRef
    from pod_resources_cli.lint.result import Summary
    from pod_resources_cli.location import Location
    from pod_resources_cli.model.node import NodeDescription

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
MaxBytesOpt = Annotated[Optional[str], typer.Option("--max-document-bytes", help="Largest YAML document read (default 16Mi).", metavar="SIZE")]
MaxDepthOpt = Annotated[Optional[int], typer.Option("--max-depth", help="Deepest nesting read (default 500).")]
MaxAliasesOpt = Annotated[Optional[int], typer.Option("--max-aliases", help="Values aliases may repeat per document (default 100000).")]
StdinFilenameOpt = Annotated[
    Optional[str],
    typer.Option(
        "--stdin-filename", metavar="PATH",
        help="Report standard input (-) as the file PATH (an editor's buffer): in every location and format, as that file would be. It need not exist and is never read. Unused when - is not read.",
    ),
]  # fmt: skip
NamespaceOpt = Annotated[Optional[str], typer.Option("--namespace", "-n", help="Namespace for objects that have none, and of pod/NAME.")]


def explain_command(
    paths: PathsArg = None,
    filename: FilenameOpt = None,
    node: NodeOpt = None,
    output: Annotated[ExplainFormat, typer.Option("--output", "-o", help="Output format.")] = ExplainFormat.TABLE,
    feature_gates: GatesOpt = None,
    kubernetes_version: VersionOpt = None,
    namespace: NamespaceOpt = None,
    max_document_bytes: MaxBytesOpt = None,
    max_depth: MaxDepthOpt = None,
    max_aliases: MaxAliasesOpt = None,
    stdin_filename: StdinFilenameOpt = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Table: every cgroup file (also those nothing set) and every formula in full.")] = False,
) -> None:
    """Explain effective requests and limits, QoS, cgroups and OOM scores of every pod."""
    limits = build_limits(max_document_bytes, max_depth, max_aliases)
    from pod_resources_cli.source.kubectl import pod_ref

    args = [(p, pod_ref(p, namespace)) for p in paths or []] + [(f, None) for f in filename or []]
    code = run_explain(
        args or [("-", None)], node, output, feature_gates, kubernetes_version, namespace,
        admit=node is not None, limits=limits, stdin_name=stdin_name(stdin_filename), verbose=verbose,
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
) -> ExitCode:
    from pod_resources_cli.analysis.explain import explain_workload
    from pod_resources_cli.analysis.report import ExplainReport, PodReport
    from pod_resources_cli.location import Location
    from pod_resources_cli.input_policies import add_if_policy, collect_policies, drain_warnings
    from pod_resources_cli.lint.result import Summary
    from pod_resources_cli.pipeline import DocumentItem, ProblemItem, SkippedItem, WorkloadItem, items_of_parsed, iter_items
    from pod_resources_cli.source.yamldoc import load_documents

    from pod_resources_cli.source.discover import expand_paths

    gates = build_gates(feature_gates, kubernetes_version)
    node = load_node_option(node_file, gates)
    paths = expand_paths([a for a, ref in args if ref is None])  # a missing path fails before any output
    fetched = _fetch_pods([ref for _, ref in args if ref is not None])  # so does a pod kubectl cannot read
    problems: list[tuple[Location, str]] = []
    policies = collect_policies(paths, limits, namespace)
    summary = Summary(files=len(paths) + len(fetched))

    def items() -> Iterator[Item]:
        """The files' items in order, then each pod read from the cluster."""
        yield from iter_items(paths, limits=limits, default_namespace=namespace, stdin_name=stdin_name)
        for shown, data in fetched:
            for doc in load_documents(shown, data, limits):
                yield from items_of_parsed(doc, namespace)

    def reports() -> Iterator[PodReport]:
        for item in items():
            if isinstance(item, DocumentItem):
                summary.documents += 1
                summary.objects += item.objects
                add_if_policy(policies, item.document, namespace)  # stdin: met on the way
                for line in drain_warnings(policies):  # a rejected policy: said once
                    console.error(line)
            elif isinstance(item, SkippedItem):
                summary.add_skipped(item.reason, item.kind)
            elif isinstance(item, WorkloadItem):
                summary.pods += 1
                limit_ranges = policies.limit_ranges_for(item.workload.ref.namespace)
                yield explain_workload(
                    item.workload, item.location, node, gates, admit=admit, limit_ranges=limit_ranges,
                    priority_classes=policies.priority_classes,
                )  # fmt: skip
            elif isinstance(item, ProblemItem):
                problems.append((item.location, item.message))
                console.error(f"{item.location}: error: {item.message}")

    if output is ExplainFormat.WIDE:
        from pod_resources_cli.render.explain_table import NO_PODS, render_node_line
        from pod_resources_cli.render.explain_wide import render_wide
        from pod_resources_cli.render.lint_text import scope_line
        from pod_resources_cli.render.text_layout import Screen

        out = console.stdout()
        out.print(render_node_line(node))
        text, count = render_wide(reports(), Screen(out))
        console.write(text)
        if count == 0 and not problems:
            out.print(NO_PODS, style="yellow")
        out.print(scope_line(summary, "explained"), style="dim", markup=False, highlight=False)
    elif output is ExplainFormat.TABLE:
        from pod_resources_cli.render.explain_table import NO_PODS, render_node_line, render_pod
        from pod_resources_cli.render.text_layout import Screen

        out = console.stdout()
        out.print(render_node_line(node))
        screen = Screen(out)
        count = 0
        for report in reports():
            console.write(render_pod(report, screen, verbose))  # laid out for `out`, streamed pod by pod
            count += 1
        if count == 0 and not problems:
            out.print(NO_PODS, style="yellow")
        from pod_resources_cli.render.lint_text import scope_line

        out.print(scope_line(summary, "explained"), style="dim", markup=False, highlight=False)
    elif output is ExplainFormat.JSON:
        _stream_json(reports(), node, problems, summary)
    else:
        from pod_resources_cli.render.explain_json import render_yaml

        pods = tuple(reports())
        console.write(render_yaml(ExplainReport(pods, node, tuple(problems))))
    return ExitCode.ERROR if problems else ExitCode.OK


def _fetch_pods(refs: list[PodRef]) -> list[tuple[str, bytes]]:
    """Each referenced pod's ``kubectl get -o json`` output, named as reports show it."""
    if not refs:
        return []
    from pod_resources_cli.source.kubectl import find_kubectl, get_pod

    kubectl = find_kubectl()
    return [(ref.shown, get_pod(ref, kubectl)) for ref in refs]


def _stream_json(reports: Iterator[PodReport], node: NodeDescription, problems: list[tuple[Location, str]], summary: Summary) -> None:
    """The same document render_json builds, written pod by pod (bounded memory)."""
    from pod_resources_cli.analysis.report import ExplainReport
    from pod_resources_cli.render.explain_json import pod_dict, report_dict
    from pod_resources_cli.render.lint_json import summary_dict

    head = report_dict(ExplainReport((), node))
    head.pop("problems")
    head.pop("pods")
    text = json.dumps(head, indent=2)
    console.write(text[:-2] + ',\n  "pods": [')
    first = True
    for report in reports:
        body = json.dumps(pod_dict(report), indent=2).replace("\n", "\n    ")
        console.write(("\n    " if first else ",\n    ") + body)
        first = False
    console.write(("\n  ]" if not first else "]") + ',\n  "problems": ')
    listed = [{"path": loc.path, "line": loc.line, "column": loc.column, "message": msg} for loc, msg in problems]
    console.write(json.dumps(listed, indent=2).replace("\n", "\n  ") + ',\n  "summary": ')
    console.write(json.dumps(summary_dict(summary), indent=2).replace("\n", "\n  ") + "\n}\n")
