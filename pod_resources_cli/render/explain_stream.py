"""explain's JSON report in chunks, pod by pod: the same document
render_json builds, in bounded memory however many pods the input holds.

The problems and the summary are written last, so they may still grow
while the pods are being written (a streamed run finds them on the way).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from pod_resources_cli.analysis.report import ExplainReport, PodReport
from pod_resources_cli.model.items import Summary
from pod_resources_cli.location import Location
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.render.json_text import indented


def pod_text(report: PodReport) -> str:
    """One pod as the report's pods array holds it (made where the pod is explained)."""
    from pod_resources_cli.render.explain_json import pod_dict

    return indented(pod_dict(report), 2)


def iter_json(
    reports: Iterable[PodReport], node: NodeDescription, problems: Sequence[tuple[Location, str]], summary: Summary
) -> Iterator[str]:
    return iter_json_texts(map(pod_text, reports), node, problems, summary)


def iter_json_texts(
    texts: Iterable[str], node: NodeDescription, problems: Sequence[tuple[Location, str]], summary: Summary
) -> Iterator[str]:
    """The report with each pod already written (``pod_text``)."""
    from pod_resources_cli.render.explain_json import report_dict
    from pod_resources_cli.render.lint_json import summary_dict

    head = report_dict(ExplainReport((), node), pre_release=summary.pre_release)
    head.pop("problems")
    head.pop("pods")
    text = indented(head)
    yield text[:-2] + ',\n  "pods": ['
    first = True
    for body in texts:
        yield ("\n    " if first else ",\n    ") + body
        first = False
    yield ("\n  ]" if not first else "]") + ',\n  "problems": '
    listed = [{"path": loc.path, "line": loc.line, "column": loc.column, "message": msg} for loc, msg in problems]
    yield indented(listed, 1) + ',\n  "summary": '
    yield indented(summary_dict(summary), 1) + "\n}\n"
