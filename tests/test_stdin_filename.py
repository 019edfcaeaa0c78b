"""``--stdin-filename PATH``: standard input reported, and matched against the
configuration's per-path settings, as the file PATH would be (editors and
hooks that pipe a buffer); in every lint format, in explain, admit and diff,
and on lint's fast path."""

from __future__ import annotations

import io
import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft4Validator, Draft202012Validator

from pod_resources_cli.cli import main

ROOT = Path(__file__).resolve().parents[1]
NODES = ROOT / "examples" / "nodes"
NAME = "k8s/my pod.yaml"  # a space: percent-encoded in SARIF
BAD = """\
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers:
  - name: app
    image: nginx
    resources:
      requests: {cpu: "1", memory: 256Mi}
      limits: {cpu: 500m, memory: 256Mi}
"""
BAD_QUANTITY = BAD.replace('cpu: "1"', "cpu: abc")


@pytest.fixture()
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # the run's directory: report paths are relative to it
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()))
    try:
        code = main(args)
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def lint(capsys: pytest.CaptureFixture[str], fmt: str, *args: str, stdin: str | None = BAD) -> str:
    code, out, _ = run(capsys, ["lint", "--no-config", "-o", fmt, *args], stdin)
    assert code == 1
    return out


# -- every lint format names the stream, exactly as it names that file ----------------------


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github", "gitlab", "junit"])
def test_each_format_reports_stdin_as_the_file_it_names(
    repo: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    piped = lint(capsys, fmt, "--stdin-filename", NAME, "-")  # the file does not exist
    assert "<stdin>" not in piped
    (repo / "k8s").mkdir()
    (repo / NAME).write_text(BAD, encoding="utf-8")
    on_disk = lint(capsys, fmt, NAME, stdin=None)
    assert re.sub(r' time="[0-9.]+"', "", piped) == re.sub(r' time="[0-9.]+"', "", on_disk)  # locations, uris, fingerprints: all the same (JUnit's times differ)


def test_text_names_the_stream_and_shows_its_line(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = lint(capsys, "text", "--stdin-filename", NAME, "-")
    assert f"{NAME}:9:18: PR101 [error]" in out and '9 |       requests: {cpu: "1", memory: 256Mi}' in out


def test_json_names_the_stream_and_matches_its_schema(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(lint(capsys, "json", "--stdin-filename", NAME, "-"))
    schema = json.loads((ROOT / "schemas" / "lint-report.schema.json").read_text(encoding="utf-8"))
    assert not list(Draft202012Validator(schema).iter_errors(doc))
    assert {(f["path"], f["line"], f["column"]) for f in doc["findings"] if f["rule"] == "PR101"} == {(NAME, 9, 18)}


def test_sarif_uri_is_relative_and_encoded_with_the_repository_base(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = json.loads(lint(capsys, "sarif", "--stdin-filename", NAME, "-"))
    schema = json.loads((ROOT / "tests" / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    errors = list(Draft4Validator(schema).iter_errors(doc))
    assert not errors, errors[0].message
    run_ = doc["runs"][0]
    where = {(a["uri"], a["uriBaseId"]) for a in artifacts(doc)}
    assert where == {("k8s/my%20pod.yaml", "%SRCROOT%")}
    assert run_["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repo.resolve().as_uri() + "/"


def artifacts(sarif: dict[str, Any]) -> list[dict[str, str]]:
    return [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in sarif["runs"][0]["results"]]


def test_an_absolute_name_in_the_repository_is_relative_in_sarif_and_gitlab(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name = str(Path.cwd() / "k8s" / "web.yaml")
    sarif = json.loads(lint(capsys, "sarif", "--stdin-filename", name, "-"))
    assert {a["uri"] for a in artifacts(sarif)} == {"k8s/web.yaml"}
    gitlab = json.loads(lint(capsys, "gitlab", "--stdin-filename", name, "-"))
    assert {i["location"]["path"] for i in gitlab} == {"k8s/web.yaml"}


def test_github_and_gitlab_and_junit_name_the_stream(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    github = lint(capsys, "github", "--stdin-filename", NAME, "-")
    assert "::error file=k8s/my pod.yaml,line=9,col=18,title=PR101 " in github
    gitlab = json.loads(lint(capsys, "gitlab", "--stdin-filename", NAME, "-"))
    pr101 = [i["location"] for i in gitlab if i["check_name"].startswith("PR101")]
    located = {(loc["path"], loc["lines"]["begin"]) for loc in pr101}
    assert located == {(NAME, 9)}
    junit = ET.fromstring(lint(capsys, "junit", "--stdin-filename", NAME, "-"))
    assert {s.get("name") for s in junit.iter("testsuite")} == {"pod-resources summary", NAME}
    assert {c.get("file") for c in junit.iter("testcase")} == {NAME}


def test_fingerprints_follow_the_name(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def prints(name: str) -> set[str]:
        return {i["fingerprint"] for i in json.loads(lint(capsys, "gitlab", "--stdin-filename", name, "-"))}

    assert prints(NAME) == prints(f"./{NAME}") and prints(NAME).isdisjoint(prints("k8s/other.yaml"))


def test_a_newline_in_the_name_forges_no_workflow_command(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    name = "x.yaml\n::error file=forged.yaml::forged"
    github = lint(capsys, "github", "--stdin-filename", name, "-")
    assert not any(line.startswith("::error file=forged") for line in github.splitlines())
    assert "file=x.yaml%0A%3A%3Aerror file=forged.yaml%3A%3Aforged,line=9" in github
    text = lint(capsys, "text", "--stdin-filename", name, "-")
    assert "x.yaml\\x0a::error file=forged.yaml::forged:9:18: PR101" in text
    assert not any(line.startswith("::error") for line in text.splitlines())


# -- the configuration's per-path settings match the name -----------------------------------

CONFIG = """\
per-path:
- paths: ["legacy/**"]
  ignore: [PR101]
- paths: ["apps/*.yaml"]
  severity: {PR101: warning}
"""


@pytest.mark.parametrize(
    ("name", "rules", "code"),
    [
        ("legacy/old/web.yaml", set(), 0),  # ignored there
        ("apps/web.yaml", {("PR101", "warning")}, 0),  # a warning there: no failure
        ("./apps/web.yaml", {("PR101", "warning")}, 0),
        ("ABSOLUTE/legacy/web.yaml", set(), 0),  # an absolute name, relative to the configuration
        ("other/web.yaml", {("PR101", "error")}, 1),
        (None, {("PR101", "error")}, 1),  # <stdin> matches no glob
    ],
)
def test_per_path_settings_match_the_name(
    repo: Path, capsys: pytest.CaptureFixture[str], name: str | None, rules: set[tuple[str, str]], code: int
) -> None:
    (repo / ".pod-resources.yaml").write_text(CONFIG, encoding="utf-8")
    option = [] if name is None else ["--stdin-filename", name.replace("ABSOLUTE", str(repo))]
    got, out, _ = run(capsys, ["lint", "-o", "json", "--select", "PR101", *option, "-"], BAD)
    assert got == code
    assert {(f["rule"], f["severity"]) for f in json.loads(out)["findings"]} == rules


def test_per_path_settings_match_on_the_fast_path_too(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pod_resources_cli.cli import fast

    (repo / ".pod-resources.yaml").write_text(CONFIG, encoding="utf-8")
    sys.stdin = io.TextIOWrapper(io.BytesIO(BAD.encode()))
    try:
        code = fast.run(["lint", "--stdin-filename=legacy/web.yaml", "--select", "PR101", "-"])
    finally:
        sys.stdin = sys.__stdin__
    assert code == 0 and "No findings" in capsys.readouterr().out


# -- the fast path ----------------------------------------------------------------------------


def test_the_fast_path_reads_the_option() -> None:
    from pod_resources_cli.cli import fast

    for args in (["--stdin-filename", NAME, "-"], [f"--stdin-filename={NAME}", "-"]):
        kwargs = fast.parse_lint(args)
        assert kwargs is not None and kwargs["stdin_filename"] == NAME and kwargs["paths"] == ["-"]
    assert fast.parse_lint(["-", "--stdin-filename"]) is None  # no value: the application says so


def test_the_fast_path_answers_like_the_application(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pod_resources_cli.cli import fast
    from pod_resources_cli.cli.app import build_app

    args = ["lint", "--no-config", "--stdin-filename", NAME, "-"]
    sys.stdin = io.TextIOWrapper(io.BytesIO(BAD.encode()))
    try:
        code = fast.run(args)
        quick = capsys.readouterr()
        sys.stdin = io.TextIOWrapper(io.BytesIO(BAD.encode()))
        result = build_app()(args=args, prog_name="pod-resources", standalone_mode=False)
    finally:
        sys.stdin = sys.__stdin__
    full = capsys.readouterr()
    assert (code, result) == (1, 1) and (quick.out, quick.err) == (full.out, full.err)
    assert f"{NAME}:9:18: PR101" in quick.out


# -- when the option is given, and what it does not do ---------------------------------------


def test_without_paths_lint_reads_the_named_stream(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pod_resources_cli.cli.lint_run import _default_paths

    assert _default_paths(None, NAME) == ["-"] and _default_paths(["a.yaml"], NAME) == ["a.yaml"]
    assert f"{NAME}:9:18: PR101" in lint(capsys, "text", "--stdin-filename", NAME)


def test_unused_without_dash_among_the_paths(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "bad.yaml").write_text(BAD, encoding="utf-8")
    with_option = run(capsys, ["lint", "--no-config", "--stdin-filename", NAME, "bad.yaml"], "")
    assert with_option == run(capsys, ["lint", "--no-config", "bad.yaml"], "")
    assert with_option[0] == 1 and with_option[2] == ""


def test_an_empty_name_is_a_usage_error(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for command in (["lint", "--no-config"], ["explain"]):
        code, _, err = run(capsys, [*command, "--stdin-filename", "", "-"], BAD)
        assert code == 2 and "--stdin-filename: empty value" in err


def test_a_file_of_that_name_on_disk_is_never_read(repo: Path) -> None:
    from pod_resources_cli.run.lint_outcome import Outcome
    from pod_resources_cli.lint.result import LintResult
    from pod_resources_cli.model.items import Summary

    (repo / "web.yaml").write_text("on disk\n", encoding="utf-8")
    outcome = Outcome(LintResult([], [], Summary(), None), stdin_name="web.yaml")
    outcome.add_lines({("web.yaml", 2): "piped"})
    assert outcome.line("web.yaml", 1) is None and outcome.line("web.yaml", 2) == "piped"
    assert Outcome(LintResult([], [], Summary(), None)).line("web.yaml", 1) == "on disk"


# -- explain, admit and diff ------------------------------------------------------------------


def test_explain_locates_pods_and_problems_by_the_name(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, ["explain", "-o", "json", "--stdin-filename", NAME], BAD)
    assert code == 0 and [p["source"]["path"] for p in json.loads(out)["pods"]] == [NAME]
    code, out, _ = run(capsys, ["explain", "-o", "yaml", "--stdin-filename", NAME, "-"], BAD)
    assert code == 0 and f"path: {NAME}" in out
    code, out, err = run(capsys, ["explain", "-o", "json", "--stdin-filename", NAME, "-"], BAD_QUANTITY)
    assert code == 2 and err.startswith(f"{NAME}:9:18: error: invalid quantity 'abc'")
    assert [(p["path"], p["line"], p["column"]) for p in json.loads(out)["problems"]] == [(NAME, 9, 18)]


def test_admit_locates_pods_and_problems_by_the_name(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    node = str(NODES / "laptop.yaml")
    fits = BAD.replace('cpu: "1"', "cpu: 500m")
    code, out, _ = run(capsys, ["admit", "--node", node, "-o", "json", "--stdin-filename", NAME, "-"], fits)
    assert code == 0 and [p["source"]["path"] for p in json.loads(out)["pods"]] == [NAME]
    code, out, err = run(capsys, ["admit", "--node", node, "-o", "json", "--stdin-filename", NAME], BAD_QUANTITY)
    assert code == 2 and err.startswith(f"{NAME}:9:18: error: invalid quantity 'abc'")


def test_diff_locates_problems_by_the_name(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["diff", "--to-version", "1.33", "-o", "json", "--stdin-filename", NAME, "-"]
    code, out, err = run(capsys, args, BAD_QUANTITY)
    assert code == 2 and err.startswith(f"{NAME}:9:18: error: invalid quantity 'abc'")
    data: dict[str, Any] = json.loads(out)
    assert NAME in json.dumps(data) and "<stdin>" not in json.dumps(data)
