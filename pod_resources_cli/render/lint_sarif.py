"""Findings as SARIF 2.1.0, in the shape GitHub code scanning documents
("SARIF support for code scanning"): one run; the rule catalog in
``tool.driver.rules`` with help text and a ``helpUri`` to each rule's page;
one result per finding with a region (1-based line and column) at a
percent-encoded URI relative to ``%SRCROOT%`` (the run's directory, given in
``originalUriBaseIds``); ``partialFingerprints`` that do not change when lines
move; at most 25,000 results (code scanning's limit per run), the most severe
kept and the rest counted in a ``toolExecutionNotifications`` entry."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, Final

from pod_resources_cli import HOMEPAGE, __version__, rule_doc_url
from pod_resources_cli.render.lint_text import builds_text
from pod_resources_cli.lint.finding import Finding, Severity
from pod_resources_cli.lint.fingerprint import SCHEME, iter_unique_fingerprints, relative_path
from pod_resources_cli.lint.registry import all_rules
from pod_resources_cli.lint.result import LintResult
from pod_resources_cli.lint.rule import Rule, area_of
from pod_resources_cli.render.lint_json import summary_dict
from pod_resources_cli.render.chunks import chunked, json_with_arrays
from pod_resources_cli.render.json_text import indented
from pod_resources_cli.render.report_paths import directory_uri, uri_of

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
MAX_RESULTS: Final = 25_000  # GitHub code scanning: results per run
SRCROOT: Final = "%SRCROOT%"
FINGERPRINT_KEY: Final = SCHEME  # lint/fingerprint.py: the baseline uses the same scheme


def _pascal(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("-"))


def rule_descriptor(rule: Rule) -> dict[str, Any]:
    return {
        "id": rule.code,
        "name": _pascal(rule.name),
        "shortDescription": {"text": rule.summary},
        "helpUri": rule_doc_url(rule.code),
        "fullDescription": {"text": rule.summary + "."},
        "help": {"text": rule.doc.strip(), "markdown": rule.doc.strip()},
        "defaultConfiguration": {"level": LEVEL[rule.severity], "enabled": rule.enabled_by_default},
        "properties": {"tags": ["kubernetes", "resources", area_of(rule.code)], "precision": "very-high"},
    }


def artifact_location(path: str, base_dir: str | None) -> dict[str, str]:
    """Relative to %SRCROOT% when the file is inside the run's directory;
    otherwise an absolute ``file:`` URI (or the relative reference as given)."""
    rel = relative_path(path, base_dir)
    if rel is not None:
        return {"uri": uri_of(rel), "uriBaseId": SRCROOT}
    text = path.replace("\\", "/")
    if text.startswith("/"):
        return {"uri": "file://" + uri_of(text)}
    return {"uri": uri_of(text)}


def result_dict(f: Finding, index: int, fingerprint: str, base_dir: str | None = None) -> dict[str, Any]:
    loc = f.location
    location: dict[str, Any] = {
        "physicalLocation": {
            "artifactLocation": artifact_location(loc.path, base_dir),
            "region": {"startLine": max(loc.line, 1), "startColumn": max(loc.column, 1)},
        }
    }
    if f.object is not None:
        fq = "/".join(p for p in (f.object.kind, f.object.namespace or "", f.object.name, f.object.template or "") if p)
        location["logicalLocations"] = [{"name": f.object.name, "fullyQualifiedName": fq, "kind": "object"}]
    out: dict[str, Any] = {
        "ruleId": f.rule,
        "ruleIndex": index,
        "level": LEVEL[f.severity],
        "message": {"text": _message(f)},
        "locations": [location],
        "partialFingerprints": {FINGERPRINT_KEY: fingerprint},
    }
    if f.related:  # the policies behind it, each linked from the message (code scanning shows only linked ones)
        out["relatedLocations"] = [
            {
                "id": i,
                "physicalLocation": {
                    "artifactLocation": artifact_location(r.location.path, base_dir),
                    "region": {"startLine": max(r.location.line, 1), "startColumn": max(r.location.column, 1)},
                },
                "message": {"text": r.message},
            }
            for i, r in enumerate(f.related, start=1)
        ]
    props: dict[str, Any] = {}
    if f.field:
        props["field"] = f.field
    if f.container:
        props["container"] = f.container
    if f.names_builds:  # one place, several renders: each build's object as a logical location too
        props["builds"] = [unit for unit, _ in f.builds]
        location["logicalLocations"] = [
            {"name": o.name, "fullyQualifiedName": "/".join(p for p in (o.kind, o.namespace or "", o.name, o.template or "") if p), "kind": "object"}
            for _, o in f.builds
            if o is not None
        ]
    if props:
        out["properties"] = props
    return out


def _message(f: Finding) -> str:
    """The message; with related locations, a link to each (SARIF's embedded
    links ``[text](id)``, where a literal bracket is escaped)."""
    builds = f" ({builds_text(f)})" if f.names_builds else ""
    if not f.related:
        return f.message + builds
    links = "; ".join(f"[{_escaped(r.message)}]({i})" for i, r in enumerate(f.related, start=1))
    return f"{_escaped(f.message + builds)} ({links})"


def _escaped(text: str) -> str:
    return text.replace("[", "\\[").replace("]", "\\]")


def result_quotas(result: LintResult, limit: int = MAX_RESULTS) -> tuple[dict[Severity, int] | None, int]:
    """How many findings of each severity a run keeps (the most severe first;
    of a severity, the first in report order), or None for all of them, and
    how many are left out: only counts are held, never the findings."""
    total = len(result.findings)
    if total <= limit:
        return None, 0
    counts = result.severity_counts()
    room, quotas = limit, {}
    for severity in sorted(Severity, reverse=True):
        quotas[severity] = min(counts.get(severity, 0), room)
        room -= quotas[severity]
    return quotas, total - limit


def _notifications(result: LintResult, left_out: int, limit: int, base_dir: str | None = None) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"level": "note", "message": {"text": n}} for n in result.summary.notes]
    if left_out:
        text = (
            f"{left_out:,} of {len(result.findings):,} results left out: code scanning keeps at most "
            f"{limit:,} a run; the most severe are kept (see the text or JSON report for all)"
        )
        out.append({"level": "warning", "descriptor": {"id": "results-limit"}, "message": {"text": text}})
    for e in result.skipped if result.skipped is not None else ():  # --show-skipped
        words = f"skipped ({e.reason}{', ' + e.kind if e.kind else ''})" + (f" in {e.build}" if e.build else "") + (f": {e.note}" if e.note else "")
        where = {"physicalLocation": {"artifactLocation": artifact_location(e.path, base_dir), "region": {"startLine": max(e.line, 1)}}}
        out.append({"level": "note", "descriptor": {"id": f"skipped/{e.reason}"}, "message": {"text": words}, "locations": [where]})
    return out


def sarif_dict(result: LintResult, base_dir: str | None = None, limit: int = MAX_RESULTS) -> dict[str, Any]:
    rules, quotas, left_out = _plan(result, limit)
    return _sarif(result, base_dir, limit, rules, left_out, list(_results(result, base_dir, rules, quotas)))


def render_sarif(result: LintResult, base_dir: str | None = None) -> str:
    return "".join(iter_sarif(result, base_dir))


def iter_sarif(result: LintResult, base_dir: str | None = None, limit: int = MAX_RESULTS) -> Iterator[str]:
    """``json.dumps(sarif_dict(...), indent=2)``, its results encoded one at a time."""
    rules, quotas, left_out = _plan(result, limit)
    text = json.dumps(_sarif(result, base_dir, limit, rules, left_out, []), indent=2) + "\n"
    results = (indented(r, 4) for r in _results(result, base_dir, rules, quotas))
    return chunked(json_with_arrays(text, {"results": (results, 8)}))


def _plan(result: LintResult, limit: int) -> tuple[list[Rule], dict[Severity, int] | None, int]:
    """The rules described (those that ran or reported), the findings kept and how many were left out."""
    codes = set(result.rules) | result.rules_reported()
    quotas, left_out = result_quotas(result, limit)
    return [r for r in all_rules() if r.code in codes], quotas, left_out


def _results(
    result: LintResult, base_dir: str | None, rules: list[Rule], quotas: dict[Severity, int] | None
) -> Iterator[dict[str, Any]]:
    index = {r.code: i for i, r in enumerate(rules)}
    room = dict(quotas) if quotas is not None else None
    fingerprints = iter_unique_fingerprints(result.findings, base_dir)  # of every finding, kept or not
    for f, fp in zip(result.findings, fingerprints, strict=True):
        if room is not None:
            if not room[f.severity]:
                continue
            room[f.severity] -= 1
        yield result_dict(f, index[f.rule], fp, base_dir)


def _sarif(
    result: LintResult, base_dir: str | None, limit: int, rules: list[Rule], left_out: int, results: list[dict[str, Any]]
) -> dict[str, Any]:
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "pod-resources",
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": HOMEPAGE,
                "rules": [rule_descriptor(r) for r in rules],
            }
        },
        "columnKind": "unicodeCodePoints",
        "results": results,
        "invocations": [
            {"executionSuccessful": True, "toolExecutionNotifications": _notifications(result, left_out, limit, base_dir)}
        ],
        "properties": {"summary": summary_dict(result.summary), "resultsLeftOut": left_out},
    }
    if base_dir is not None:
        run["originalUriBaseIds"] = {SRCROOT: {"uri": directory_uri(base_dir)}}
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}
