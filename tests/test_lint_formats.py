"""Every output format: text, JSON (its schema), SARIF 2.1.0 (the OASIS
schema, and what GitHub code scanning needs), GitHub workflow commands,
JUnit XML."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft4Validator, Draft202012Validator

from pod_resources_cli.lint.config import config_from_mapping
from pod_resources_cli.lint.result import LintResult
from pod_resources_cli.render.lint_format import LintFormat, render_lint
from tests.lint_support import lint_text

ROOT = Path(__file__).resolve().parents[1]

MANIFESTS = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  replicas: 2
  template:
    metadata:
      annotations: {pod-resources.io/ignore: "PR133"}
    spec:
      containers:
      - name: app
        image: web
        resources:
          requests: {cpu: "1", memory: 256Mi}
          limits: {cpu: 500m, memory: 1Gi}
---
apiVersion: v1
kind: Pod
metadata: {name: "tricky, name: 100%"}
spec:
  containers:
  - name: app
    image: nginx
---
apiVersion: v1
kind: Pod
metadata: {name: plain}
spec:
  containers:
  - name: app
    image: nginx
"""
BROKEN = "kind: Pod\nmetadata: {name: x\n"


@pytest.fixture(scope="module")
def result() -> LintResult:
    return lint_text(MANIFESTS, path="apps/web.yaml", extra=[("apps/broken.yaml", BROKEN)])


def test_the_fixture_has_each_severity_and_a_suppression(result: LintResult) -> None:
    assert {f.severity.label for f in result.findings} >= {"error", "warning"}
    assert result.suppressed and result.failed


def test_json_matches_its_schema_and_the_contract(result: LintResult) -> None:
    doc = json.loads(render_lint(result, LintFormat.JSON))
    schema = json.loads((ROOT / "schemas" / "lint-report.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert not list(Draft202012Validator(schema).iter_errors(doc))
    assert doc["apiVersion"] == "pod-resources/v1" and doc["kind"] == "LintReport"
    first = doc["findings"][0]
    assert set(first) >= {"rule", "severity", "message", "path", "line", "column", "object", "field"}
    pr101 = next(f for f in doc["findings"] if f["rule"] == "PR101")
    assert pr101["object"] == {"kind": "Deployment", "name": "web", "namespace": "shop", "template": None}
    assert pr101["field"] == "spec.template.spec.containers[0].resources.requests"
    assert (pr101["path"], pr101["line"], pr101["column"]) == ("apps/web.yaml", 14, 22)
    assert doc["summary"]["errors"] == sum(1 for f in doc["findings"] if f["severity"] == "error")
    assert doc["summary"]["failed"] is True and doc["summary"]["suppressed"] == 1
    assert doc["suppressed"][0]["rule"] == "PR133" and doc["suppressed"][0]["by"] == "annotation"


def test_json_schema_rejects_a_wrong_report() -> None:
    schema = json.loads((ROOT / "schemas" / "lint-report.schema.json").read_text(encoding="utf-8"))
    bad: dict[str, Any] = {"apiVersion": "pod-resources/v1", "kind": "LintReport", "findings": [{"rule": "X1"}], "summary": {}}
    assert list(Draft202012Validator(schema).iter_errors(bad))


def test_sarif_is_valid_sarif_2_1_0_for_code_scanning(result: LintResult) -> None:
    doc = json.loads(render_lint(result, LintFormat.SARIF))
    schema = json.loads((ROOT / "tests" / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    errors = list(Draft4Validator(schema).iter_errors(doc))
    assert not errors, errors[0].message
    assert doc["version"] == "2.1.0"
    [run] = doc["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "pod-resources"
    rules = driver["rules"]
    ids = [r["id"] for r in rules]
    assert ids == sorted(ids) and "PR101" in ids
    assert all(r["help"]["markdown"] and r["shortDescription"]["text"] for r in rules)
    for res in run["results"]:
        assert rules[res["ruleIndex"]]["id"] == res["ruleId"]
        region = res["locations"][0]["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
        uri = res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        assert not uri.startswith("/") and uri.startswith("apps/")
    levels = {r["ruleId"]: r["level"] for r in run["results"]}
    assert levels["PR101"] == "error" and levels["PR201"] == "warning"
    assert len(run["results"]) == len(result.findings)


def test_github_workflow_commands_escape_their_data(result: LintResult) -> None:
    lines = render_lint(result, LintFormat.GITHUB).splitlines()
    commands = [line for line in lines if line.startswith("::")]
    assert len(commands) == len(result.findings)
    pr101 = next(c for c in commands if "title=PR101" in c)
    assert pr101.startswith("::error file=apps/web.yaml,line=14,col=22,title=PR101 request-exceeds-limit::")
    tricky = next(c for c in commands if "tricky" in c)
    assert "tricky, name: 100%25" in tricky  # the message part escapes % only
    assert lines[-1].startswith("Found ")
    assert any(c.startswith("::warning ") for c in commands)


def test_junit_has_one_testcase_per_object_and_rule(result: LintResult) -> None:
    root = ET.fromstring(render_lint(result, LintFormat.JUNIT))
    assert root.tag == "testsuites"
    cases = root.findall(".//testcase")
    objects = len(result.objects)
    assert len(cases) >= objects * len(result.rules)
    assert int(root.get("tests", "0")) == len(cases)
    failures = root.findall(".//testcase/failure")
    assert int(root.get("failures", "0")) == len(failures) >= 2
    failed = {c.get("name") for c in cases if c.find("failure") is not None}
    assert "PR101 request-exceeds-limit" in failed and "PR001 invalid-yaml" in failed
    suites = {s.get("name") for s in root.findall("testsuite")}
    assert suites == {"pod-resources summary", "apps/web.yaml", "apps/broken.yaml"}
    summary = {p.get("name"): p.get("value") for p in root.findall("testsuite[@name='pod-resources summary']/properties/property")}
    assert summary["pods"] == str(result.summary.pods) and summary["files"] == str(result.summary.files)
    warning_case = next(c for c in cases if c.get("name", "").startswith("PR201") and c.get("classname", "").endswith("Pod/plain"))
    assert warning_case.find("failure") is None and warning_case.find("system-out") is not None
    # the API server refuses the tricky name (PR002): its testcase still carries the name as written
    refused = next(c for c in cases if c.get("name", "").startswith("PR002") and c.get("classname", "").endswith("Pod/tricky, name: 100%"))
    assert refused.find("failure") is not None


def test_junit_fail_on_warning_turns_warnings_into_failures() -> None:
    result = lint_text(MANIFESTS, config=config_from_mapping({"fail-on": "warning"}))
    root = ET.fromstring(render_lint(result, LintFormat.JUNIT))
    failing = {c.get("name", "").split()[0] for c in root.findall(".//testcase") if c.find("failure") is not None}
    assert "PR201" in failing


def test_text_groups_by_file_and_shows_the_line(result: LintResult) -> None:
    sources = {"apps/web.yaml": MANIFESTS.splitlines(), "apps/broken.yaml": BROKEN.splitlines()}

    def line(path: str, n: int) -> str | None:
        lines = sources.get(path, [])
        return lines[n - 1] if 0 < n <= len(lines) else None

    text = render_lint(result, LintFormat.TEXT, source_line=line)
    lines = text.splitlines()
    assert lines[0] == "apps/broken.yaml"
    i = lines.index("apps/web.yaml")
    assert lines[i - 1] == ""
    pr101 = next(n for n, l in enumerate(lines) if ": PR101 [error] " in l)
    assert lines[pr101].startswith("apps/web.yaml:14:22: PR101 [error] rejected by the API server")
    assert lines[pr101].endswith("(Deployment shop/web, container app)")
    assert lines[pr101 + 1] == '    14 |           requests: {cpu: "1", memory: 256Mi}'
    assert lines[pr101 + 2] == "       |" + " " * 22 + "^"
    assert lines[-1].startswith("Found ") and "1 suppressed" in lines[-1]


def test_text_without_findings_says_so() -> None:
    clean = "apiVersion: v1\nkind: Pod\nmetadata: {name: ok}\nspec:\n  containers:\n  - name: a\n    image: x\n    resources:\n      requests: {cpu: 100m, memory: 64Mi}\n      limits: {memory: 64Mi}\n"
    result = lint_text(clean)
    assert render_lint(result, LintFormat.TEXT) == "No findings: 1 file, 1 object, 1 pod checked.\n"


def test_text_excerpt_of_a_long_line_is_a_window_around_the_column() -> None:
    from pod_resources_cli.render.lint_text import EXCERPT_WIDTH, _excerpt

    line = "x" * 5000 + "BAD" + "y" * 5000
    shown, caret = _excerpt(line, 1, 5001)
    assert len(shown) < EXCERPT_WIDTH + 20
    assert shown[caret.index("^")] == "B"
    short_shown, short_caret = _excerpt("a: [1", 3, 4)
    assert short_shown.endswith("a: [1") and short_caret.endswith("   ^")
