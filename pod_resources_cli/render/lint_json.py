"""Findings as the LintReport JSON of DESIGN.md (schemas/lint-report.schema.json)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from pod_resources_cli import __version__
from pod_resources_cli.model.items import Summary
from pod_resources_cli.render.chunks import chunked, json_with_arrays
from pod_resources_cli.render.json_text import indented

if TYPE_CHECKING:  # explain's report takes summary_dict alone: no lint code on its start
    from pod_resources_cli.lint.finding import Finding, Suppressed
    from pod_resources_cli.lint.result import LintResult


def finding_dict(f: Finding) -> dict[str, Any]:
    loc = f.location
    return {
        "rule": f.rule,
        "name": f.name,
        "severity": f.severity.label,
        "message": f.message,
        "path": loc.path,
        "line": loc.line,
        "column": loc.column,
        "document": loc.document,
        "object": None
        if f.object is None
        else {"kind": f.object.kind, "name": f.object.name, "namespace": f.object.namespace, "template": f.object.template},
        "container": f.container,
        "field": f.field,
    }


def finding_text(f: Finding) -> str:
    """A finding as the report's findings array holds it (made where the finding is found)."""
    return indented(finding_dict(f), 2)


def skipped_dict(s: Summary) -> dict[str, Any]:
    """Documents and objects skipped, by reason; kinds without pods by kind."""
    out: dict[str, Any] = {reason: s.skipped.get(reason, 0) for reason in ("not-kubernetes", "unparseable", "template", "kustomize-patch")}
    out["no-pods"] = dict(sorted(s.skipped_kinds.items()))
    return out


def summary_dict(s: Summary) -> dict[str, Any]:
    """What the run read and skipped: the counts every format carries."""
    return {"files": s.files, "documents": s.documents, "objects": s.objects, "pods": s.pods, "skipped": skipped_dict(s), "notes": list(s.notes)}


def report_dict(result: LintResult) -> dict[str, Any]:
    return _report(result, [finding_dict(f) for f in result.findings], [suppressed_dict(x) for x in result.suppressed])


def _report(result: LintResult, findings: list[dict[str, Any]], suppressed: list[dict[str, Any]]) -> dict[str, Any]:
    s = result.summary
    return {
        "apiVersion": "pod-resources/v1",
        "kind": "LintReport",
        "tool": {"name": "pod-resources", "version": __version__},
        "findings": findings,
        "summary": {
            **summary_dict(s),
            "findings": len(result.findings),
            "errors": s.by_severity.get("error", 0),
            "warnings": s.by_severity.get("warning", 0),
            "infos": s.by_severity.get("info", 0),
            "byRule": dict(sorted(s.by_rule.items())),
            "suppressed": s.suppressed,
            "failOn": result.fail_on.label if result.fail_on is not None else "none",
            "failed": result.failed,
            "rules": list(result.rules),
        },
        "suppressed": suppressed,
    }


def suppressed_dict(x: Suppressed) -> dict[str, Any]:
    loc = x.finding.location
    return {"rule": x.finding.rule, "path": loc.path, "line": loc.line, "column": loc.column, "by": x.by, "reason": x.reason, "message": x.finding.message}


def render_json(result: LintResult) -> str:
    return "".join(iter_json(result))


def iter_json(result: LintResult) -> Iterator[str]:
    """The text of ``json.dumps(report_dict(result), indent=2)``, its findings
    and suppressed findings encoded one at a time: encoding the whole report
    at once holds millions of small chunks (over 200 MB for 60,000 findings)."""
    import json

    from pod_resources_cli.lint.result import finding_texts

    text = json.dumps(_report(result, [], []), indent=2) + "\n"
    suppressed = (indented(suppressed_dict(x), 2) for x in result.suppressed)
    arrays = {"findings": (finding_texts(result.findings, finding_text), 4), "suppressed": (suppressed, 4)}
    return chunked(json_with_arrays(text, arrays))
