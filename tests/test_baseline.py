"""``lint --write-baseline`` / ``--baseline`` (and ``baseline:`` in the
configuration): the findings a repository has today are recorded, only new
ones are reported, fixed ones are listed and pruned; the file is
deterministic, sorted and checked, never read as empty when damaged."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from pod_resources_cli.cli import main

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "schemas"

WEB = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  template:
    spec:
      containers:
      - name: app
        image: nginx
        resources:
          requests: {cpu: 100m}
      - name: log
        image: fluentbit
        resources:
          requests: {cpu: 50m, memory: 64Mi}
          limits: {cpu: "1", memory: 64Mi}
"""
API = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: api, namespace: shop}
spec:
  template:
    spec:
      containers:
      - name: api
        image: api
"""


@pytest.fixture()
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "k8s").mkdir()
    (tmp_path / "k8s" / "web.yaml").write_text(WEB, encoding="utf-8")
    (tmp_path / "k8s" / "api.yaml").write_text(API, encoding="utf-8")
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["lint", "--fail-on", "warning", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def report(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    code, out, _ = run(capsys, "-o", "json", *args)
    doc: dict[str, Any] = json.loads(out)
    Draft202012Validator(json.loads((SCHEMAS / "lint-report.schema.json").read_text())).validate(doc)
    assert code == (1 if doc["summary"]["failed"] else 0)
    return doc


def test_a_recorded_baseline_silences_todays_findings_and_says_how_many(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "k8s")
    assert code == 1 and "Found 0 errors, 4 warnings" in out
    code, out, _ = run(capsys, "k8s", "--write-baseline", "baseline.json")
    assert code == 0
    assert "No findings: 2 files, 2 objects, 2 pods checked; 4 baselined." in out
    assert "Wrote the baseline baseline.json: 4 findings recorded" in out
    code, out, _ = run(capsys, "k8s", "--baseline", "baseline.json")
    assert (code, out.splitlines()[0]) == (0, "No findings: 2 files, 2 objects, 2 pods checked; 4 baselined.")
    doc = report(capsys, "k8s", "--baseline", "baseline.json")
    assert doc["findings"] == [] and doc["summary"]["baselined"] == 4 and doc["adoption"]["stale"] == []


def test_the_file_is_sorted_deterministic_one_entry_a_line_and_matches_its_schema(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "k8s", "--write-baseline", "baseline.json")
    first = (repo / "baseline.json").read_bytes()
    run(capsys, "k8s/web.yaml", "k8s/api.yaml", "--write-baseline", "baseline.json", "-j", "2")
    assert (repo / "baseline.json").read_bytes() == first  # another order of the same paths, other processes
    doc = json.loads(first)
    Draft202012Validator(json.loads((SCHEMAS / "baseline.schema.json").read_text())).validate(doc)
    assert (doc["apiVersion"], doc["kind"], doc["fingerprints"]) == ("pod-resources/v1", "LintBaseline", "podResourcesFinding/v2")
    entries = doc["findings"]
    keys = [(e["path"], e["object"], e["rule"], e["container"] or "", e["field"] or "", e["message"]) for e in entries]
    assert keys == sorted(keys)
    assert [(e["path"], e["rule"], e["container"]) for e in entries] == [
        ("k8s/api.yaml", "PR201", None), ("k8s/web.yaml", "PR131", "app"), ("k8s/web.yaml", "PR132", "app"),
        ("k8s/web.yaml", "PR134", "log"),
    ]  # fmt: skip
    lines = first.decode().splitlines()
    assert len(lines) == 7 + len(entries) and all(line.startswith('    {"fingerprint": ') for line in lines[5 : 5 + len(entries)])
    assert first.endswith(b"  ]\n}\n")
    assert all(set(e) == {"fingerprint", "rule", "path", "object", "container", "field", "message"} for e in entries)  # no line, no time


def test_the_lint_report_schema_describes_baseline_entries_as_the_baseline_schema(repo: Path) -> None:
    report_schema = json.loads((SCHEMAS / "lint-report.schema.json").read_text())
    baseline_schema = json.loads((SCHEMAS / "baseline.schema.json").read_text())
    assert report_schema["$defs"]["baselineEntry"] == baseline_schema["$defs"]["entry"]


def test_moved_lines_keep_their_entries_and_a_new_finding_is_reported(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "k8s", "--write-baseline", "baseline.json")
    web = repo / "k8s" / "web.yaml"
    web.write_text("# owned by the shop team\n\n" + WEB.replace("image: fluentbit", "image: fluentbit:3"), encoding="utf-8")
    (repo / "k8s" / "api.yaml").write_text(API.replace("kind: Deployment", "kind: Deployment  # the API"), encoding="utf-8")
    code, out, _ = run(capsys, "k8s", "--baseline", "baseline.json")
    assert code == 0 and "4 baselined" in out
    web.write_text(WEB + "      - name: cache\n        image: redis\n", encoding="utf-8")  # a container without resources
    doc = report(capsys, "k8s", "--baseline", "baseline.json")
    assert [(f["rule"], f["container"]) for f in doc["findings"]] == [("PR138", "cache")]
    assert doc["summary"]["baselined"] == 4 and doc["summary"]["failed"]


def test_fixed_findings_are_listed_and_pruned_never_new_ones_accepted(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "k8s", "--write-baseline", "baseline.json")
    (repo / "k8s" / "api.yaml").write_text(
        API + "        resources: {requests: {cpu: 10m, memory: 10Mi}, limits: {memory: 10Mi}}\n", encoding="utf-8"
    )  # fixes PR201
    (repo / "k8s" / "web.yaml").write_text(WEB.replace('limits: {cpu: "1", memory: 64Mi}', "limits: {cpu: 2, memory: 64Mi}"), encoding="utf-8")
    code, out, _ = run(capsys, "k8s", "--baseline", "baseline.json")
    assert code == 1
    assert "Entries of the baseline baseline.json no finding matches any more:\n  k8s/api.yaml: PR201 Deployment shop/api: the pod is BestEffort" in out
    assert "PR134 [warning] container 'log' cpu limit 2 is 40x its request 50m" in out  # changed values: a new finding
    assert "2 entries of the baseline baseline.json no longer match a finding" in out
    doc = report(capsys, "k8s", "--baseline", "baseline.json")
    assert [e["rule"] for e in doc["adoption"]["stale"]] == ["PR201", "PR134"]
    code, out, _ = run(capsys, "k8s", "--baseline", "baseline.json", "--write-baseline", "baseline.json")
    assert code == 1  # the new finding is still reported: pruning accepts nothing
    assert "Wrote the baseline baseline.json: 2 findings kept, 2 entries that no longer match removed." in out
    kept = json.loads((repo / "baseline.json").read_text())["findings"]
    assert [(e["rule"], e["container"]) for e in kept] == [("PR131", "app"), ("PR132", "app")]
    code, out, _ = run(capsys, "k8s", "--baseline", "baseline.json")
    assert code == 1 and "Entries of the baseline" not in out and "2 baselined" in out


def test_the_same_finding_twice_is_two_entries(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "k8s" / "api.yaml").write_text(API + "---\n" + API, encoding="utf-8")
    run(capsys, "k8s/api.yaml", "--write-baseline", "baseline.json")
    entries = json.loads((repo / "baseline.json").read_text())["findings"]
    assert len(entries) == 2 and entries[0]["fingerprint"] != entries[1]["fingerprint"]
    (repo / "k8s" / "api.yaml").write_text(API, encoding="utf-8")
    doc = report(capsys, "k8s/api.yaml", "--baseline", "baseline.json")
    assert doc["summary"]["baselined"] == 1 and len(doc["adoption"]["stale"]) == 1


def test_the_configuration_names_the_baseline_relative_to_itself(repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    (repo / ".pod-resources.yaml").write_text("baseline: ci/pod-resources-baseline.json\n", encoding="utf-8")
    (repo / "ci").mkdir()
    code, _, err = run(capsys, "k8s")
    assert code == 2 and "ci/pod-resources-baseline.json: no such baseline file; record one with" in err
    assert len(err.strip().splitlines()) == 1
    code, out, _ = run(capsys, "k8s", "--write-baseline", "ci/pod-resources-baseline.json")  # the first recording
    assert code == 0 and "4 baselined" in out
    monkeypatch.chdir(repo / "k8s")  # found upwards; the baseline's paths are relative to the baseline's directory
    code, out, _ = run(capsys, "web.yaml", "api.yaml")
    assert code == 0 and "4 baselined" in out


@pytest.mark.parametrize("value", ["/etc/baseline.json", "../baseline.json", "ci/../../baseline.json", "C:/baseline.json"])
def test_a_configuration_cannot_name_a_baseline_outside_its_directory(repo: Path, capsys: pytest.CaptureFixture[str], value: str) -> None:
    (repo / ".pod-resources.yaml").write_text(f"baseline: {json.dumps(value)}\n", encoding="utf-8")
    code, _, err = run(capsys, "k8s")
    assert code == 2
    assert err.strip().splitlines() == [f"pod-resources: error: {repo / '.pod-resources.yaml'}:1:1: invalid lint configuration: must be a path inside the configuration's directory, without .. parts, not {value!r}"]


def test_nor_through_a_symlink(repo: Path, capsys: pytest.CaptureFixture[str], tmp_path_factory: pytest.TempPathFactory) -> None:
    outside = tmp_path_factory.mktemp("outside") / "baseline.json"
    run(capsys, "k8s", "--write-baseline", str(outside))
    os.symlink(outside, repo / "baseline.json")
    (repo / ".pod-resources.yaml").write_text("baseline: baseline.json\n", encoding="utf-8")
    code, _, err = run(capsys, "k8s")
    assert code == 2 and f"the configuration's baseline resolves to {outside}, outside {repo}" in err
    code, out, _ = run(capsys, "k8s", "--baseline", str(repo / "baseline.json"))  # the command line's path is the user's
    assert code == 0 and "4 baselined" in out


DAMAGED = [
    (b"", "the file is empty"),
    (b"   \n", "the file is empty"),
    (b'{"apiVersion": "pod-resources/v1", "kind": "LintBaseline", "fingerprints": "podResourcesFinding/v2", "findings": [', "invalid JSON at line 1 column"),
    (b"\xff\xfe{}", "not UTF-8 text (byte 0xff at offset 0)"),
    (b"[]", "a JSON array, not an object"),
    (b'{"apiVersion": "pod-resources/v1", "kind": "LintReport", "findings": []}', 'found "pod-resources/v1" and "LintReport"'),
    (b'{"version": "2.1.0", "runs": []}', "expected apiVersion pod-resources/v1 and kind LintBaseline, found none and none"),
    (b'{"apiVersion": "pod-resources/v1", "kind": "LintBaseline", "fingerprints": "podResourcesFinding/v2"}', "findings must be a list"),
    (b'{"apiVersion": "pod-resources/v1", "kind": "LintBaseline", "fingerprints": "podResourcesFinding/v2", "findings": [], "x": 1}', "unknown key 'x'"),
    (b'{"apiVersion": "pod-resources/v1", "kind": "LintBaseline", "fingerprints": "podResourcesFinding/v2", "findings": [{"fingerprint": "abc", "rule": "PR131", "path": "a", "message": "m"}]}', "findings[0]: fingerprint \"abc\" is not 32 hexadecimal digits"),
    (b'{"apiVersion": "pod-resources/v1", "kind": "LintBaseline", "fingerprints": "podResourcesFinding/v2", "findings": [{"fingerprint": "' + b"0" * 32 + b'", "rule": "PR131", "path": "a"}]}', "findings[0]: message must be a string"),
    (b'{"apiVersion": "pod-resources/v1", "kind": "LintBaseline", "fingerprints": "podResourcesFinding/v2", "findings": [' + b",".join([b'{"fingerprint": "' + b"0" * 32 + b'", "rule": "PR131", "path": "a", "message": "m"}'] * 2) + b"]}", "appears twice"),
]


@pytest.mark.parametrize(("data", "why"), DAMAGED, ids=range(len(DAMAGED)))
def test_a_damaged_or_foreign_file_is_an_error_never_an_empty_baseline(repo: Path, capsys: pytest.CaptureFixture[str], data: bytes, why: str) -> None:
    (repo / "baseline.json").write_bytes(data)
    code, out, err = run(capsys, "k8s", "--baseline", "baseline.json")
    assert code == 2 and out == ""
    [line] = err.strip().splitlines()
    assert line.startswith("pod-resources: error: baseline.json: not a pod-resources baseline: ") and why in line, line


def test_a_baseline_of_another_fingerprint_scheme_asks_to_be_recorded_again(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "baseline.json").write_text('{"apiVersion": "pod-resources/v1", "kind": "LintBaseline", "fingerprints": "podResourcesFinding/v1", "findings": []}')
    code, _, err = run(capsys, "k8s", "--baseline", "baseline.json")
    assert code == 2 and "the baseline's fingerprints are \"podResourcesFinding/v1\", this release makes podResourcesFinding/v2: record it again" in err


def test_options_that_do_not_go_together_are_usage_errors(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for args, why in [
        (["--write-baseline", "b.json", "--add-ignore"], "does not go with --add-ignore"),
        (["--write-baseline", "b.json", "--new-from-rev", "HEAD"], "does not go with --new-from-rev"),
        (["--baseline", "-"], "standard input (-) cannot be a baseline"),
        (["--baseline", ""], "--baseline"),
    ]:
        code, _, err = run(capsys, "k8s", *args)
        assert code == 2 and why in err and len(err.strip().splitlines()) == 1, err
    assert not (repo / "b.json").exists()


def test_sarif_and_gitlab_carry_only_the_new_findings(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "k8s/api.yaml", "--write-baseline", "baseline.json")
    code, out, _ = run(capsys, "k8s", "--baseline", "baseline.json", "-o", "sarif")
    sarif = json.loads(out)
    assert code == 1 and sorted(r["ruleId"] for r in sarif["runs"][0]["results"]) == ["PR131", "PR132", "PR134"]
    code, out, err = run(capsys, "k8s", "--baseline", "baseline.json", "-o", "gitlab")
    assert sorted(i["check_name"].split()[0] for i in json.loads(out)) == ["PR131", "PR132", "PR134"]
    assert "1 baselined" in err


def test_the_baseline_fingerprints_are_sarifs_when_the_baseline_sits_in_the_run_directory(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One scheme: code scanning's alerts and the baseline's entries name the same findings alike."""
    run(capsys, "k8s", "--write-baseline", "baseline.json")
    _, out, _ = run(capsys, "k8s", "-o", "sarif")
    sarif = {r["partialFingerprints"]["podResourcesFinding/v2"] for r in json.loads(out)["runs"][0]["results"]}
    assert {e["fingerprint"] for e in json.loads((repo / "baseline.json").read_text())["findings"]} == sarif
