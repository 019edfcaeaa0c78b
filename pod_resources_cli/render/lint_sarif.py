"""Findings as SARIF 2.1.0, in the shape GitHub code scanning accepts: one
run, the rule catalog in ``tool.driver.rules`` (with help text), one result
per finding with a region (1-based line and column) in a path relative to
the repository."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pod_resources_cli import __version__
from pod_resources_cli.lint.finding import Finding, Severity
from pod_resources_cli.lint.registry import all_rules
from pod_resources_cli.lint.result import LintResult
from pod_resources_cli.render.lint_json import summary_dict
from pod_resources_cli.lint.rule import Rule, area_of

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
SECURITY_SEVERITY = {Severity.ERROR: "7.0", Severity.WARNING: "4.0", Severity.INFO: "1.0"}


def _pascal(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("-"))


def rule_descriptor(rule: Rule) -> dict[str, Any]:
    return {
        "id": rule.code,
        "name": _pascal(rule.name),
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.summary + "."},
        "help": {"text": rule.doc.strip(), "markdown": rule.doc.strip()},
        "defaultConfiguration": {"level": LEVEL[rule.severity], "enabled": rule.enabled_by_default},
        "properties": {"tags": ["kubernetes", "resources", area_of(rule.code)], "precision": "very-high"},
    }


def _uri(path: str) -> str:
    return path.replace("\\", "/").removeprefix("./")


def _fingerprint(f: Finding) -> str:
    obj = f"{f.object.kind}/{f.object.namespace}/{f.object.name}" if f.object else ""
    text = "\x00".join((f.rule, _uri(f.location.path), obj, f.container or "", f.field or "", f.message))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]  # a non-UTF-8 file name still hashes


def result_dict(f: Finding, index: int) -> dict[str, Any]:
    loc = f.location
    location: dict[str, Any] = {
        "physicalLocation": {
            "artifactLocation": {"uri": _uri(loc.path), "uriBaseId": "%SRCROOT%"},
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
        "message": {"text": f.message},
        "locations": [location],
        "partialFingerprints": {"podResourcesFinding/v1": _fingerprint(f)},
    }
    props: dict[str, Any] = {}
    if f.field:
        props["field"] = f.field
    if f.container:
        props["container"] = f.container
    if props:
        out["properties"] = props
    return out


def sarif_dict(result: LintResult) -> dict[str, Any]:
    rules = [r for r in all_rules() if r.code in set(result.rules) | {f.rule for f in result.findings}]
    index = {r.code: i for i, r in enumerate(rules)}
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "pod-resources",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "rules": [rule_descriptor(r) for r in rules],
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": [result_dict(f, index[f.rule]) for f in result.findings],
                "invocations": [
                    {
                        "executionSuccessful": True,
                        "toolExecutionNotifications": [{"level": "note", "message": {"text": n}} for n in result.summary.notes],
                    }
                ],
                "properties": {"summary": summary_dict(result.summary)},
            }
        ],
    }


def render_sarif(result: LintResult) -> str:
    return json.dumps(sarif_dict(result), indent=2) + "\n"
