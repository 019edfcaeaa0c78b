"""``admit -o json``: explain's JSON report of the pods, in admission order,
with the run's ``summary`` and an ``admission`` block: the reserved CPUs, the shared pool once every
pod is in, the managers' policies and, with --expand-replicas, how many
replicas were simulated."""

from __future__ import annotations

from collections.abc import Sequence

from pod_resources_cli.analysis.admit import AdmitReport
from pod_resources_cli.analysis.report import ExplainReport
from pod_resources_cli.location import Location
from pod_resources_cli.model.items import Summary
from pod_resources_cli.render.json_text import indented


def render_admit_json(
    report: AdmitReport, problems: Sequence[tuple[Location, str]], *, expand_replicas: bool, pre_release: dict[str, str] | None = None,
    summary: Summary | None = None,
) -> str:
    from pod_resources_cli.render.explain_json import replica_counts, report_dict
    from pod_resources_cli.render.lint_json import summary_dict

    data = report_dict(ExplainReport(report.pods, report.node, tuple(problems)), pre_release)
    if summary is not None:  # what was read and skipped, as explain's report says it
        data["summary"] = summary_dict(summary)
    data["admission"] = {
        "reservedCPUs": str(report.reserved),
        "sharedPoolAfter": str(report.shared_pool_after) if report.shared_pool_after is not None else None,
        "policies": report.policies,
    }
    if expand_replicas:
        data["admission"]["replicas"] = replica_counts(report.replicas)
    return indented(data) + "\n"
