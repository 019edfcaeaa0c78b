"""Policies scoped as they are deployed (lint/scope.py, docs/policies.md), on
real files (tests/data/real, provenance in SOURCES.tsv):

- kyverno/kyverno's chainsaw scenarios: the LimitRange ``sourcelr``
  (namespace default) of one scenario meets that scenario only, not the pods
  of another scenario in namespace default;
- kubernetes/website's examples: the namespace-less LimitRange
  ``mem-limit-range`` of content/en/examples/admin/resource fills in the pod
  of its directory, not the Job of content/en/examples/controllers;
- a stream (standard input) is one unit; a chart's output is one unit.

lint, explain and admit read the same scoping (run/policies.py and the
lint engine ask the same NamespacePolicies), and ``--policy-scope namespace``
gives back the rule before scoping."""

from __future__ import annotations

import io
import json
import shutil
import stat
import sys
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.lint.namespace import NamespacePolicies
from pod_resources_cli.lint.scope import NAMESPACE, Origin
from pod_resources_cli.source.yamldoc import Document, load_documents

REAL = Path(__file__).parent / "data" / "real"
KYVERNO = REAL / "kyverno__kyverno" / "test" / "conformance" / "chainsaw"
SOURCELR_SCENARIO = KYVERNO / "generate" / "policy" / "standard" / "clone" / "sync" / "pol-clone-sync-delete-rule"
HTTP_GET_SCENARIO = KYVERNO / "validating-policies" / "context" / "api-call" / "http-get"
WEBSITE = REAL / "kubernetes__website" / "content" / "en" / "examples"
MEM_DEFAULTS = WEBSITE / "admin" / "resource" / "memory-defaults.yaml"
MEM_DEFAULTS_POD = WEBSITE / "admin" / "resource" / "memory-defaults-pod.yaml"
JOB = WEBSITE / "controllers" / "job.yaml"
NODE = Path(__file__).resolve().parents[1] / "examples" / "nodes" / "laptop.yaml"


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in err, err
    return code, json.loads(out)


def lint(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    return run_json(capsys, "lint", "--no-config", "-o", "json", *args)


def by_rule(report: dict[str, Any], rule: str) -> list[dict[str, Any]]:
    return [f for f in report["findings"] if f["rule"] == rule]


# -- a test harness's scenario ------------------------------------------------------------


def test_a_scenarios_limitrange_meets_its_scenario_only(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = lint(capsys, str(REAL / "kyverno__kyverno"))
    assert code == 0 and report["summary"]["errors"] == 0 and by_rule(report, "PR160") == []
    assert report["summary"]["pods"] == 2 and report["summary"]["skipped"]["no-pods"]["LimitRange"] == 1


def test_before_scoping_it_refused_another_scenarios_pod_and_says_where_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = lint(capsys, "--policy-scope", "namespace", str(REAL / "kyverno__kyverno"))
    [pr160] = by_rule(report, "PR160")
    assert code == 1 and pr160["path"] == str(HTTP_GET_SCENARIO / "good-pod.yaml")
    assert pr160["message"] == "LimitRange sourcelr: minimum cpu usage per Container is 100m, but request is 10m (the pod is refused)"
    # where the LimitRange is: manifests.yaml, at `min: {cpu: 100m}` (line 25)
    assert pr160["related"] == [
        {"message": "LimitRange default/sourcelr", "path": str(SOURCELR_SCENARIO / "manifests.yaml"), "line": 25, "column": 7, "document": 1}
    ]


def test_the_text_report_names_the_policys_place(capsys: pytest.CaptureFixture[str]) -> None:
    main(["lint", "--no-config", "--policy-scope", "namespace", str(REAL / "kyverno__kyverno")])
    out = capsys.readouterr().out
    assert f"(Pod default/good-pod, container pause; LimitRange default/sourcelr at {SOURCELR_SCENARIO / 'manifests.yaml'}:25:7)" in out


def test_a_plain_file_that_states_its_namespace_meets_that_namespace_everywhere(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain = tmp_path / "cluster"
    plain.mkdir()
    shutil.copy(SOURCELR_SCENARIO / "manifests.yaml", plain)  # no test file around it: a plain file
    _, report = lint(capsys, str(plain), str(HTTP_GET_SCENARIO))
    [pr160] = by_rule(report, "PR160")
    assert pr160["path"] == str(HTTP_GET_SCENARIO / "good-pod.yaml")  # inside a scenario: its namespace is still default
    assert pr160["related"][0]["path"] == str(plain / "manifests.yaml")


# -- plain files: a namespace-less policy meets its directory and below ----------------------------


def test_a_namespace_less_limitrange_fills_in_its_directory_only(capsys: pytest.CaptureFixture[str]) -> None:
    _, report = lint(capsys, str(REAL / "kubernetes__website"))
    assert [f["path"] for f in by_rule(report, "PR201")] == [str(JOB)]  # the Job elsewhere stays BestEffort
    [pr133] = by_rule(report, "PR133")  # 256Mi of 512Mi: both the LimitRange's
    assert pr133["path"] == str(MEM_DEFAULTS_POD) and pr133["field"] == "spec.containers[0].resources.requests[memory]"
    assert pr133["related"] == [
        {"message": "LimitRange mem-limit-range (default requests.memory)", "path": str(MEM_DEFAULTS), "line": 14, "column": 9, "document": 0}
    ]
    _, before = lint(capsys, "--policy-scope", "namespace", str(REAL / "kubernetes__website"))
    assert by_rule(before, "PR201") == [] and len(by_rule(before, "PR133")) == 2  # it filled in the Job too


def explain_pods(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, dict[str, Any]]:
    _, report = run_json(capsys, *args)
    return {p["workload"]["name"]: p for p in report["pods"]}


@pytest.mark.parametrize("scope", ["unit", "namespace"])
def test_explain_admit_and_lint_agree(scope: str, capsys: pytest.CaptureFixture[str]) -> None:
    tree = str(REAL / "kubernetes__website")
    explained = explain_pods(capsys, "explain", "-o", "json", "--policy-scope", scope, tree)
    admitted = explain_pods(capsys, "admit", "--node", str(NODE), "-o", "json", "--policy-scope", scope, tree)
    _, linted = lint(capsys, "--policy-scope", scope, tree)
    best_effort = {f["object"]["name"] for f in by_rule(linted, "PR201")}
    for pods in (explained, admitted):
        assert pods["default-mem-demo"]["requests"] == {"memory": "256Mi"} and pods["default-mem-demo"]["limits"] == {"memory": "512Mi"}
        assert {name for name, p in pods.items() if p["qosClass"] == "BestEffort"} == best_effort
        job = pods["pi"]
        if scope == NAMESPACE:
            assert job["requests"] == {"memory": "256Mi"} and job["qosClass"] == "Burstable"
        else:
            assert job["requests"] == {} and job["qosClass"] == "BestEffort"


CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


CPU_CONSTRAINTS = REAL / "kubernetes__website-policies" / "cpu-constraints.yaml"


def test_namespace_less_limitranges_in_several_files_of_one_directory_meet_their_own_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The website keeps each page's LimitRange in admin/resource, each applied to its own page's namespace
    (``kubectl apply -f ... --namespace=constraints-cpu-example``): read as one directory's, the cpu page's min
    200m refused the memory page's pod. Several namespace-less LimitRanges in one directory each meet their
    own file only, and a note says so; ``--policy-scope namespace`` still applies them all."""
    resource = tmp_path / "admin" / "resource"
    resource.mkdir(parents=True)
    for source in (MEM_DEFAULTS, MEM_DEFAULTS_POD, CPU_CONSTRAINTS):
        shutil.copy(source, resource / source.name)
    _, report = lint(capsys, str(resource))
    assert by_rule(report, "PR160") == [] and [f["object"]["name"] for f in by_rule(report, "PR201")] == ["default-mem-demo"]
    assert report["summary"]["notes"] == [
        f"{resource}: LimitRanges without a namespace in several files: which workloads each is applied with is not written down, "
        "so each applies to the objects of its own file only (state their namespace, or see policy-scope in docs/policies.md)."
    ]
    # the same pod in the memory LimitRange's own file still meets it (its defaults), not the cpu one of another file
    (resource / "memory-defaults.yaml").write_text(MEM_DEFAULTS.read_text() + MEM_DEFAULTS_POD.read_text())
    _, report = run_json(capsys, "explain", "-o", "json", str(resource / "memory-defaults.yaml"), str(resource / "cpu-constraints.yaml"))
    [pod] = report["pods"]
    assert (pod["qosClass"], pod["containers"][0]["requests"], pod["containers"][0]["limits"]) == ("Burstable", {"memory": "256Mi"}, {"memory": "512Mi"})
    # namespace scope: every namespace-less LimitRange meets every pod (the cpu one's max is their default cpu)
    _, before = run_json(capsys, "explain", "-o", "json", "--policy-scope", "namespace", str(resource))
    assert [p["requests"] for p in before["pods"]] == [{"cpu": "800m", "memory": "256Mi"}] * 2


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is not beside this checkout")
def test_the_corpus_as_one_tree(capsys: pytest.CaptureFixture[str]) -> None:
    """A thousand files of 16 repositories (each flattened into one directory):
    the LimitRanges of kubernetes/website's examples and kube-state-metrics'
    tests meet their own repository's files only. Before scoping they
    refused 741 containers everywhere (PR160) and filled in every
    namespace-less pod of every repository."""
    _, report = lint(capsys, str(CORPUS))
    # scoped by directory, 72 PR160 and 24 PR161 stayed on the website's own examples, one page's LimitRange
    # refusing another page's pod: its directory holds several, each now meets its own file only
    assert by_rule(report, "PR160") == by_rule(report, "PR161") == []
    assert [n.split(":")[0] for n in report["summary"]["notes"]] == [str(CORPUS / "kubernetes__website")] * 2
    _, before = lint(capsys, "--policy-scope", "namespace", str(CORPUS))
    # 741 and 254 before kube-burner's templates (multus-cni's `name: curl-{{.Replica}}-{{.Iteration}}`) were skipped as templates.
    # 743 and 255 since pods in documents that repeat a key are judged as kubectl applies them (6 and 3 of them);
    # 724 and 250 since objects of apiVersions no release serves (apps/v1beta1 StatefulSets...) are PR006: none of their pods exists
    assert len(by_rule(before, "PR160")) == 724 and len(by_rule(before, "PR161")) == 250


# -- deployment units: a stream, a chart ----------------------------------------------------


def test_a_stream_is_one_unit(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``cat a b | kubectl apply -f -`` creates them together: the website's
    LimitRange fills in the Job it is piped with, not a file beside the stream."""
    stream = MEM_DEFAULTS.read_bytes() + b"\n---\n" + JOB.read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stream)))
    _, report = lint(capsys, "-", str(MEM_DEFAULTS_POD))
    assert [f["path"] for f in by_rule(report, "PR201")] == [str(MEM_DEFAULTS_POD)]  # beside the stream: no defaults
    [pr133] = by_rule(report, "PR133")  # the Job, with the stream's 256Mi of 512Mi
    assert pr133["path"] == "<stdin>" and pr133["object"]["name"] == "pi"
    assert pr133["related"][0] == {
        "message": "LimitRange mem-limit-range (default requests.memory)", "path": "<stdin>", "line": 14, "column": 9, "document": 0,
    }


def _fake_helm(bin_dir: Path, output: str) -> None:
    bin_dir.mkdir(exist_ok=True)
    script = bin_dir / "helm"
    script.write_text(f"#!{sys.executable}\nimport sys\nsys.stdout.write({output!r})\n", encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)


def test_a_charts_limitrange_stays_in_its_release(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A chart that ships the website's LimitRange beside the website's Job:
    its release gets the defaults, the same Job as a plain file beside the
    chart does not. (helm is stood in for by a script printing what `helm
    template` prints: `# Source:` comments before each document.)"""
    chart = tmp_path / "repo" / "chart"
    (chart / "templates").mkdir(parents=True)
    shutil.copy(REAL / "helm" / "prometheus-community__helm-charts" / "charts" / "prometheus-nginx-exporter" / "Chart.yaml", chart)
    shutil.copy(JOB, tmp_path / "repo" / "job.yaml")
    shutil.copy(JOB, chart / "templates" / "job.yaml")  # the templates helm names (a Source line naming no chart file is not believed)
    shutil.copy(MEM_DEFAULTS, chart / "templates" / "limits.yaml")
    rendered = (
        f"---\n# Source: prometheus-nginx-exporter/templates/limits.yaml\n{MEM_DEFAULTS.read_text().removeprefix('---')}\n"
        f"---\n# Source: prometheus-nginx-exporter/templates/job.yaml\n{JOB.read_text()}"
    )
    _fake_helm(tmp_path / "bin", rendered)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    monkeypatch.chdir(tmp_path)
    _, report = lint(capsys, "repo")
    assert [f["path"] for f in by_rule(report, "PR201")] == [str(Path("repo") / "job.yaml")]
    [pr133] = by_rule(report, "PR133")
    assert pr133["path"] == str(Path("repo") / "chart" / "templates" / "job.yaml")
    assert pr133["related"][0]["path"] == str(Path("repo") / "chart" / "templates" / "limits.yaml")


# -- PriorityClasses ---------------------------------------------------------------------------

HIGH = "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 1000\n"
DEFAULT = "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: batch-default}\nvalue: 10\nglobalDefault: true\n"


def _docs(path: str, text: str, unit: str | None = None) -> list[Document]:
    docs = [d for d in load_documents(path, text.encode()) if isinstance(d, Document)]
    for d in docs:
        d.unit = unit
    return docs


def test_a_priority_class_is_found_by_name_its_default_applies_where_it_meets() -> None:
    policies = NamespacePolicies()
    policies.add_documents(_docs("/repo/cluster/classes.yaml", HIGH + "---\n" + DEFAULT))
    here, elsewhere, unit = Origin(None, "/repo/cluster/team"), Origin(None, "/repo/apps"), Origin("charts/web (helm template)", None)
    for origin in (here, elsewhere, unit):
        classes = policies.priority_classes_for(origin)
        assert classes is not None and classes["high"].value == 1000  # by name: from every plain file
    defaults = {o: [c.name for c in (policies.priority_classes_for(o) or {}).values() if c.global_default] for o in (here, elsewhere, unit)}
    assert defaults == {here: ["batch-default"], elsewhere: [], unit: []}


def test_a_units_priority_class_stays_in_its_unit() -> None:
    policies = NamespacePolicies()
    policies.add_documents(_docs("charts/web/templates/pc.yaml", HIGH, unit="charts/web (helm template)"))
    assert policies.priority_classes_for(Origin(None, "/repo")) is not None
    assert "high" not in (policies.priority_classes_for(Origin(None, "/repo")) or {})
    assert "high" in (policies.priority_classes_for(Origin("charts/web (helm template)", None)) or {})
    assert "high" not in (policies.priority_classes_for(Origin("<stdin>", None)) or {})


def test_namespace_scope_is_the_rule_before() -> None:
    policies = NamespacePolicies(NAMESPACE)
    policies.add_documents(_docs("charts/web/templates/pc.yaml", HIGH + "---\n" + DEFAULT, unit="charts/web (helm template)"))
    for origin in (Origin(None, "/elsewhere"), Origin("<stdin>", None)):
        classes = policies.priority_classes_for(origin) or {}
        assert "high" in classes and classes["batch-default"].global_default


# -- the related location in every format ----------------------------------------------------


def _report(capsys: pytest.CaptureFixture[str], fmt: str) -> str:
    main(["lint", "--no-config", "--policy-scope", "namespace", "-o", fmt, str(REAL / "kyverno__kyverno")])
    return capsys.readouterr().out


def test_json_and_sarif_carry_the_related_location_and_stay_valid(capsys: pytest.CaptureFixture[str]) -> None:
    from jsonschema import Draft4Validator, Draft202012Validator

    root = Path(__file__).resolve().parents[1]
    report = json.loads(_report(capsys, "json"))
    lint_schema = json.loads((root / "schemas" / "lint-report.schema.json").read_text(encoding="utf-8"))
    assert not list(Draft202012Validator(lint_schema).iter_errors(report))
    assert all(f["related"] == [] for f in report["findings"] if f["rule"] != "PR160")
    sarif = json.loads(_report(capsys, "sarif"))
    sarif_schema = json.loads((root / "tests" / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    errors = list(Draft4Validator(sarif_schema).iter_errors(sarif))
    assert not errors, errors[0].message
    [result] = [r for r in sarif["runs"][0]["results"] if r["ruleId"] == "PR160"]
    [related] = result["relatedLocations"]
    assert related["id"] == 1 and related["message"] == {"text": "LimitRange default/sourcelr"}
    assert related["physicalLocation"]["region"] == {"startLine": 25, "startColumn": 7}
    assert related["physicalLocation"]["artifactLocation"]["uri"].endswith("pol-clone-sync-delete-rule/manifests.yaml")
    assert result["message"]["text"] == (
        "LimitRange sourcelr: minimum cpu usage per Container is 100m, but request is 10m (the pod is refused) "
        "([LimitRange default/sourcelr](1))"
    )
    others = [r for r in sarif["runs"][0]["results"] if r["ruleId"] != "PR160"]
    assert others and all("relatedLocations" not in r for r in others)


def test_github_gitlab_and_junit_name_the_place(capsys: pytest.CaptureFixture[str]) -> None:
    place = f"LimitRange default/sourcelr at {SOURCELR_SCENARIO / 'manifests.yaml'}:25:7"
    github = [line for line in _report(capsys, "github").splitlines() if "PR160" in line]
    assert len(github) == 1 and place in github[0]
    gitlab = [i for i in json.loads(_report(capsys, "gitlab")) if i["check_name"].startswith("PR160")]
    assert len(gitlab) == 1 and gitlab[0]["description"].endswith(f"({place})")
    junit = _report(capsys, "junit")
    assert f"{SOURCELR_SCENARIO / 'manifests.yaml'}:25:7: LimitRange default/sourcelr (related)" in junit


# -- a bound on the run's cost -------------------------------------------------------------


def test_an_object_meets_at_most_max_met_limitranges_the_first_in_input_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """40 files, each a LimitRange of namespace team; only the 40th sets a cpu max the pod passes. The
    LimitRanger applies all 40, so the cluster refuses the pod (PR160); here a pod meets the first 32 (a repository
    of thousands of such files made the run cost files x LimitRanges: 3,000 of each, 68 s; now 3 s) and a note
    says so, so no refusal is claimed from a LimitRange the bound left out."""
    from pod_resources_cli.lint.namespace import MAX_MET

    for i in range(40):
        cpu_max = "\n    max: {cpu: 100m}" if i == 39 else ""
        (tmp_path / f"lr{i:02d}.yaml").write_text(
            f"apiVersion: v1\nkind: LimitRange\nmetadata: {{name: lr{i:02d}, namespace: team}}\nspec:\n  limits:\n  - type: Container{cpu_max}\n"
            f"    default: {{memory: 64Mi}}\n",
            encoding="utf-8",
        )
    pod = tmp_path / "pod.yaml"
    pod.write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: team}\nspec:\n  containers:\n  - name: c\n    image: i\n"
                   "    resources: {limits: {cpu: '1', memory: 64Mi}}\n", encoding="utf-8")  # fmt: skip
    _, report = lint(capsys, str(tmp_path))
    assert by_rule(report, "PR160") == [] and MAX_MET == 32
    assert "40 LimitRanges of namespace team: an object meets at most the first 32 of them here" in " ".join(report["summary"]["notes"])
    for i in range(8):
        (tmp_path / f"lr{i:02d}.yaml").unlink()  # 32 left: all apply, the one with the max among them
    _, report = lint(capsys, str(tmp_path))
    [refused] = by_rule(report, "PR160")
    assert refused["related"][0]["path"] == str(tmp_path / "lr39.yaml")
    assert "LimitRanges of namespace" not in " ".join(report["summary"]["notes"])


def test_policies_are_scoped_again_only_when_a_new_one_may_narrow_others(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stream alternating namespaced LimitRanges and pods asks for each pod's policies after each new one: the
    scopes are computed again only when the new policy may narrow others (a namespace-less one in a plain file's
    directory, or the same object written at a second place), not for every pod (3,000 of each on standard input
    took 42 s, each ask scoping all of them again; now 1.3 s)."""
    import pod_resources_cli.lint.namespace as namespace

    calls: list[int] = []
    real = namespace.alternatives
    monkeypatch.setattr(namespace, "alternatives", lambda entries: calls.append(len(entries)) or real(entries))
    lr = "apiVersion: v1\nkind: LimitRange\nmetadata: {{name: {name}, namespace: team}}\nspec: {{limits: [{{type: Container, default: {{cpu: 100m}}}}]}}\n"
    policies = NamespacePolicies()
    here = Origin(None, "/repo/a")
    for i in range(5):
        policies.add_documents(_docs("<stdin>", lr.format(name=f"lr{i}")))
        assert len(policies.limit_ranges_for("team", here)) == i + 1
    assert calls == []  # five names, one place each: nothing to narrow
    policies.add_documents(_docs("/repo/b/copy.yaml", lr.format(name="lr0")))  # lr0 again, elsewhere: alternatives
    policies.limit_ranges_for("team", here)
    assert len(calls) == 2  # LimitRanges, then ResourceQuotas, once
