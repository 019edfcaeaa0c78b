"""Findings as the LintReport JSON of DESIGN.md (schemas/lint-report.schema.json)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from pod_resources_cli import __version__
from pod_resources_cli.model.items import BY_KIND, SKIP_REASONS, SkippedEntry, Summary
from pod_resources_cli.render.chunks import chunked, json_with_arrays
from pod_resources_cli.render.json_text import indented

if TYPE_CHECKING:  # explain's report takes summary_dict alone: no lint code on its start
    from pod_resources_cli.lint.adoption import Adoption
    from pod_resources_cli.lint.finding import Finding, ObjectRef, Suppressed
    from pod_resources_cli.lint.result import LintResult


def _object(o: ObjectRef | None) -> dict[str, Any] | None:
    return None if o is None else {"kind": o.kind, "name": o.name, "namespace": o.namespace, "template": o.template}


def finding_dict(f: Finding) -> dict[str, Any]:
    loc = f.location
    out = {
        "rule": f.rule,
        "name": f.name,
        "severity": f.severity.label,
        "message": f.message,
        "path": loc.path,
        "line": loc.line,
        "column": loc.column,
        "document": loc.document,
        "object": _object(f.object),
        "container": f.container,
        "field": f.field,
        "related": [
            {"message": r.message, "path": r.location.path, "line": r.location.line, "column": r.location.column, "document": r.location.document}
            for r in f.related
        ],
    }
    if f.names_builds:  # one place, several renders (a base through each overlay), or some of those that read it
        out["builds"] = [{"unit": unit, "object": _object(o)} for unit, o in f.builds]
        if f.readers > len({unit for unit, _ in f.builds}):
            out["buildsReading"] = f.readers
    return out


def finding_text(f: Finding) -> str:
    """A finding as the report's findings array holds it (made where the finding is found)."""
    return indented(finding_dict(f), 2)


def skipped_dict(s: Summary) -> dict[str, Any]:
    """Documents and objects skipped, by reason; the objects' reasons by kind."""
    out: dict[str, Any] = {}
    for reason in SKIP_REASONS:
        out[reason] = dict(sorted(s.kinds_by_reason.get(reason, {}).items())) if reason in BY_KIND else s.skipped.get(reason, 0)
    return out


def summary_dict(s: Summary) -> dict[str, Any]:
    """What the run read and skipped: the counts every format carries."""
    return {"files": s.files, "documents": s.documents, "objects": s.objects, "pods": s.pods, "skipped": skipped_dict(s), "notes": list(s.notes)}


def report_dict(result: LintResult) -> dict[str, Any]:
    skipped = [skipped_entry_dict(e) for e in result.skipped] if result.skipped is not None else None
    return _report(result, [finding_dict(f) for f in result.findings], [suppressed_dict(x) for x in result.suppressed], skipped)


def skipped_entry_dict(e: SkippedEntry) -> dict[str, Any]:
    return {"path": e.path, "line": e.line, "reason": e.reason, "kind": e.kind, "note": e.note, "build": e.build}


def _report(
    result: LintResult, findings: list[dict[str, Any]], suppressed: list[dict[str, Any]], skipped: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    s = result.summary
    listed = {"skipped": skipped} if skipped is not None else {}  # --show-skipped
    out: dict[str, Any] = {
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
        **listed,
        "suppressed": suppressed,
        **({"preRelease": s.pre_release} if s.pre_release is not None else {}),
    }
    if result.adoption is not None:
        out["summary"].update(baselined=s.baselined, notNew=s.older)
        out["adoption"] = adoption_dict(result.adoption)
    return out


def adoption_dict(a: Adoption) -> dict[str, Any]:
    """What --baseline, --write-baseline and --new-from-rev did (present only when one was given)."""
    return {
        "baseline": a.baseline, "baselined": a.baselined, "stale": [e.as_dict() for e in a.stale],
        "written": a.written, "writtenEntries": a.written_entries,
        "newFromRev": a.rev, "commit": a.commit, "notNew": a.older,
    }  # fmt: skip


def suppressed_dict(x: Suppressed) -> dict[str, Any]:
    loc = x.finding.location
    return {"rule": x.finding.rule, "path": loc.path, "line": loc.line, "column": loc.column, "by": x.by, "reason": x.reason, "message": x.finding.message}


def render_json(result: LintResult) -> str:
    return "".join(iter_json(result))


def iter_json(result: LintResult) -> Iterator[str]:
    """The text of ``json.dumps(report_dict(result), indent=2)``, its findings
    and suppressed findings encoded one at a time: encoding the whole report
    at once holds millions of small chunks (over 200 MB for 60,000 findings)."""
    from pod_resources_cli.lint.result import finding_texts

    text = indented(_report(result, [], [], [] if result.skipped is not None else None)) + "\n"
    arrays: dict[str, tuple[Iterable[str], int]] = {"findings": (finding_texts(result.findings, finding_text), 4)}
    if result.skipped is not None:  # in the report's order: findings, summary, skipped, suppressed
        arrays["skipped"] = ((indented(skipped_entry_dict(e), 2) for e in result.skipped), 4)
    arrays["suppressed"] = ((indented(suppressed_dict(x), 2) for x in result.suppressed), 4)
    return chunked(json_with_arrays(text, arrays))
