"""Reports CI systems read: SARIF as GitHub code scanning documents it (URIs,
rule links, fingerprints, the 25,000-result limit) and the GitLab Code
Quality report. Every SARIF made here is checked against the 2.1.0 schema."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft4Validator

from pod_resources_cli import HOMEPAGE, __version__
from pod_resources_cli.cli import main
from pod_resources_cli.lint.finding import Finding, ObjectRef, Severity
from pod_resources_cli.lint.result import LintResult
from pod_resources_cli.model.items import Summary
from pod_resources_cli.location import Location
from pod_resources_cli.render.lint_format import LintFormat, render_lint
from pod_resources_cli.render.lint_sarif import sarif_dict
from pod_resources_cli.lint.fingerprint import SCHEME, fingerprint, iter_unique_fingerprints, relative_path
from pod_resources_cli.render.report_paths import directory_uri, uri_of
from tests.lint_support import lint_text

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "tests" / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))

POD = """\
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers:
  - name: app
    image: nginx
    resources:
      requests: {cpu: "2", memory: 256Mi}
      limits: {cpu: "1"}
"""


def sarif(result: LintResult, base_dir: str | None = "/repo") -> dict[str, Any]:
    doc = json.loads(render_lint(result, LintFormat.SARIF, base_dir=base_dir))
    errors = list(Draft4Validator(SCHEMA).iter_errors(doc))
    assert not errors, errors[0].message
    return doc


def uris(doc: dict[str, Any]) -> list[dict[str, str]]:
    return [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in doc["runs"][0]["results"]]


@pytest.mark.parametrize(
    ("path", "base", "expected"),
    [
        ("k8s/web.yaml", "/repo", "k8s/web.yaml"),
        ("./k8s/../k8s/web.yaml", "/repo", "k8s/web.yaml"),
        ("/repo/k8s/web.yaml", "/repo", "k8s/web.yaml"),
        ("/repo/k8s/web.yaml", "/repo/", "k8s/web.yaml"),
        ("/repository/web.yaml", "/repo", None),  # a sibling that shares the prefix
        ("/elsewhere/web.yaml", "/repo", None),
        ("../web.yaml", "/repo", None),
        ("k8s\\web.yaml", "/repo", "k8s/web.yaml"),
        ("/repo/web.yaml", None, None),
    ],
)
def test_relative_path(path: str, base: str | None, expected: str | None) -> None:
    assert relative_path(path, base) == expected


def test_uris_are_percent_encoded_utf8_even_for_names_that_are_not() -> None:
    assert uri_of("k8s/my pod#1%.yaml") == "k8s/my%20pod%231%25.yaml"
    assert uri_of("k8s/café.yaml") == "k8s/caf%C3%A9.yaml"
    assert uri_of("bad\udcff.yaml") == "bad%FF.yaml"  # the original byte of a non-UTF-8 name
    assert uri_of("<stdin>") == "%3Cstdin%3E"
    assert directory_uri("/work/my repo") == "file:///work/my%20repo/"


def test_sarif_locations_are_relative_to_srcroot_given_in_original_uri_base_ids() -> None:
    result = lint_text(POD, path="/repo/k8s/my pod.yaml", extra=[("/elsewhere/x.yaml", POD), ("<stdin>", POD)])
    doc = sarif(result)
    run = doc["runs"][0]
    assert run["originalUriBaseIds"] == {"%SRCROOT%": {"uri": "file:///repo/"}}
    found = {json.dumps(u, sort_keys=True) for u in uris(doc)}
    assert found == {
        json.dumps({"uri": "k8s/my%20pod.yaml", "uriBaseId": "%SRCROOT%"}, sort_keys=True),
        json.dumps({"uri": "file:///elsewhere/x.yaml"}, sort_keys=True),
        json.dumps({"uri": "%3Cstdin%3E", "uriBaseId": "%SRCROOT%"}, sort_keys=True),
    }


def test_sarif_links_the_tool_and_every_rule_to_its_documentation() -> None:
    doc = sarif(lint_text(POD))
    driver = doc["runs"][0]["tool"]["driver"]
    assert driver["informationUri"] == HOMEPAGE
    for rule in driver["rules"]:
        assert rule["helpUri"] == f"{HOMEPAGE}/blob/v{__version__}/docs/rules/{rule['id']}.md"
        assert (ROOT / "docs" / "rules" / f"{rule['id']}.md").exists()
        assert rule["help"]["text"].startswith(rule["shortDescription"]["text"].split(":")[0][:10])


def test_partial_fingerprints_stay_when_lines_move_and_differ_between_findings() -> None:
    before = sarif(lint_text(POD, path="k8s/web.yaml"))["runs"][0]["results"]
    after = sarif(lint_text("# a comment\n\n" + POD, path="k8s/web.yaml"))["runs"][0]["results"]
    assert [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in after] == [
        r["locations"][0]["physicalLocation"]["region"]["startLine"] + 2 for r in before
    ]
    assert [r["partialFingerprints"] for r in after] == [r["partialFingerprints"] for r in before]
    prints = [r["partialFingerprints"]["podResourcesFinding/v2"] for r in before]
    assert len(set(prints)) == len(prints) == len(before) >= 2


def test_the_same_finding_twice_gets_two_fingerprints() -> None:
    doc = sarif(lint_text(POD + "---\n" + POD, path="k8s/web.yaml"))
    prints = [r["partialFingerprints"]["podResourcesFinding/v2"] for r in doc["runs"][0]["results"]]
    assert len(prints) == len(set(prints)) == 2 * len(sarif(lint_text(POD))["runs"][0]["results"])


def test_the_fingerprint_scheme_is_pinned() -> None:
    """Stored baselines and code scanning alerts hold these values: the scheme
    (lint/fingerprint.py, which SARIF, GitLab and the baseline share) gives
    them exactly as before it moved out of render/, or changes its name."""
    f = Finding(
        "PR131", "missing-memory-request", Severity.WARNING, "container app has no memory request",
        Location("/repo/k8s/web.yaml", 24, 9), ObjectRef("Deployment", "web", "shop"),
        "spec.template.spec.containers[0].resources", "app",
    )  # fmt: skip
    assert SCHEME == "podResourcesFinding/v2"
    assert fingerprint(f, "/repo") == "52e3b49b984743efc6c5357224d9e740"
    assert fingerprint(f, "/elsewhere") != fingerprint(f, "/repo")  # the path is relative to the base, when inside it
    assert list(iter_unique_fingerprints([f, f], "/repo")) == ["52e3b49b984743efc6c5357224d9e740", "ca8cf08fade7d55d56ce946116318d26"]
    moved = Finding(f.rule, f.name, f.severity, f.message, Location("/repo/k8s/web.yaml", 90, 3, 2), f.object, f.field, f.container)
    assert fingerprint(moved, "/repo") == fingerprint(f, "/repo")


def test_sarif_and_gitlab_carry_the_shared_fingerprints() -> None:
    result = lint_text(POD + "---\n" + POD, path="/repo/k8s/web.yaml")
    expected = list(iter_unique_fingerprints(result.findings, "/repo"))
    doc = sarif(result)
    assert [r["partialFingerprints"][SCHEME] for r in doc["runs"][0]["results"]] == expected
    issues = json.loads(render_lint(result, LintFormat.GITLAB, base_dir="/repo"))
    assert [i["fingerprint"] for i in issues] == expected


def _findings(n_errors: int, n_warnings: int) -> LintResult:
    def finding(i: int, severity: Severity) -> Finding:
        loc = Location("k8s/many.yaml", i + 1, 1)
        rule = "PR101" if severity is Severity.ERROR else "PR132"
        return Finding(rule, "x", severity, f"finding {i}", loc, ObjectRef("Pod", f"p{i}"))

    total = n_errors + n_warnings
    # errors spread through the file: every k-th line, so the cut is not simply the tail
    step = max(total // max(n_errors, 1), 1)
    error_lines = set(range(0, step * n_errors, step))
    findings = [finding(i, Severity.ERROR if i in error_lines else Severity.WARNING) for i in range(total)]
    findings.sort(key=Finding.sort_key)
    return LintResult(findings, [], Summary(files=1, pods=len(findings)), Severity.ERROR, ("PR101", "PR132"))


def test_at_most_25000_results_the_most_severe_kept_and_the_rest_counted() -> None:
    result = _findings(9_000, 17_000)  # 26,000 results
    doc = sarif_dict(result, "/repo")
    run = doc["runs"][0]
    assert len(run["results"]) == 25_000
    assert sum(1 for r in run["results"] if r["level"] == "error") == 9_000  # every error kept
    lines = [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in run["results"]]
    assert lines == sorted(lines)  # still in report order
    [note] = [n for n in run["invocations"][0]["toolExecutionNotifications"] if n.get("descriptor", {}).get("id") == "results-limit"]
    assert note["message"]["text"].startswith("1,000 of 26,000 results left out")
    assert note["level"] == "warning" and run["properties"]["resultsLeftOut"] == 1_000
    small = sarif_dict(_findings(3, 4), "/repo")["runs"][0]
    assert len(small["results"]) == 7 and small["properties"]["resultsLeftOut"] == 0
    capped = sarif_dict(_findings(3, 4), "/repo", limit=5)  # the same shape, small enough to validate
    assert not list(Draft4Validator(SCHEMA).iter_errors(capped))
    assert [r["level"] for r in capped["runs"][0]["results"]].count("error") == 3


def test_gitlab_code_quality_report() -> None:
    result = lint_text(POD + "---\n" + POD, path="/repo/k8s/my pod.yaml")
    issues = json.loads(render_lint(result, LintFormat.GITLAB, base_dir="/repo"))
    assert len(issues) == len(result.findings) >= 4
    for issue in issues:
        assert set(issue) >= {"description", "check_name", "fingerprint", "severity", "location"}
        assert issue["severity"] in {"info", "minor", "major", "critical", "blocker"}
        assert issue["location"]["path"] == "k8s/my pod.yaml"
        assert isinstance(issue["location"]["lines"]["begin"], int) and issue["location"]["lines"]["begin"] >= 1
    assert len({i["fingerprint"] for i in issues}) == len(issues)
    pr101 = next(i for i in issues if i["check_name"] == "PR101 request-exceeds-limit")
    assert pr101["severity"] == "blocker"  # an error fails the run at the default --fail-on
    assert pr101["description"].startswith("PR101 rejected by the API server") and "(Pod web, container app)" in pr101["description"]
    pr132 = next(i for i in issues if i["check_name"].startswith("PR132"))
    assert pr132["severity"] == "minor"
    moved = json.loads(render_lint(lint_text("\n\n" + POD + "---\n" + POD, path="/repo/k8s/my pod.yaml"), LintFormat.GITLAB, base_dir="/repo"))
    assert [i["fingerprint"] for i in moved] == [i["fingerprint"] for i in issues]
    assert [i["location"]["lines"]["begin"] for i in moved] == [i["location"]["lines"]["begin"] + 2 for i in issues]


JUNIT_PODS = """\
apiVersion: v1
kind: Pod
metadata: {name: two-bad}
spec:
  containers:
  - {name: a, image: x, resources: {requests: {cpu: "2", memory: 1Gi}, limits: {cpu: "1", memory: 1Gi}}}
  - {name: b, image: x, resources: {requests: {cpu: "3", memory: 1Gi}, limits: {cpu: "1", memory: 1Gi}}}
---
apiVersion: v1
kind: Pod
metadata: {name: fine}
spec:
  containers:
  - {name: a, image: x, resources: {requests: {cpu: "1", memory: 1Gi}, limits: {cpu: "1", memory: 1Gi}}}
"""


def test_junit_times_every_testcase_and_fails_once_per_finding(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import xml.etree.ElementTree as ET

    monkeypatch.chdir(tmp_path)
    (tmp_path / "pods.yaml").write_text(JUNIT_PODS)
    assert main(["lint", "--no-config", "-o", "junit", "pods.yaml"]) == 1
    root = ET.fromstring(capsys.readouterr().out)
    cases = root.findall(".//testcase")
    assert all(c.get("time") is not None and float(c.get("time", "")) >= 0 for c in cases)
    assert all(len(c.findall("failure")) <= 1 for c in cases)  # what Ant's schema, Jenkins and GitLab read
    pr101 = [c for c in cases if c.get("name", "").startswith("PR101") and c.get("classname", "").endswith("Pod/two-bad")]
    assert [c.get("name") for c in pr101] == ["PR101 request-exceeds-limit (container a)", "PR101 request-exceeds-limit (container b)"]
    assert [c.get("line") for c in pr101] == ["6", "7"] and all(c.find("failure") is not None for c in pr101)
    fine = [c for c in cases if c.get("classname", "").endswith("Pod/fine")]
    assert fine and all(c.find("failure") is None for c in fine)  # a passing object has its testcases too
    [suite] = [s for s in root.findall("testsuite") if s.get("name") == "pods.yaml"]
    assert suite.get("failures") == "2" and int(suite.get("tests", "0")) == len(suite.findall("testcase"))
    total = sum(float(c.get("time", "0")) for c in suite.findall("testcase"))
    assert abs(float(suite.get("time", "")) - total) < 1e-5 and abs(float(root.get("time", "")) - total) < 1e-5
    assert total > 0  # the CLI times its rules for JUnit
