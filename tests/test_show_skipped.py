"""What a run skipped: counted in separate buckets, listed one by one with
``--show-skipped`` (text, JSON and SARIF), on the projects' own files
(tests/data/harness, tests/data/real; provenance in SOURCES.tsv)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.schemas import load_schema

DATA = Path(__file__).parent / "data"
EVICT = DATA / "harness" / "kyverno__policies/best-practices-mpol/add-safe-to-evict"
KUTTL = DATA / "harness" / "kudobuilder__kuttl/internal/harness/test_data/create-or-update"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["lint", "--no-config", "--no-render", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in err, err
    return code, out


def test_json_lists_every_skipped_file_and_object_with_its_reason(capsys: pytest.CaptureFixture[str]) -> None:
    _, out = run(capsys, "-o", "json", "--show-skipped", str(EVICT))
    report: dict[str, Any] = json.loads(out)
    jsonschema.validate(report, load_schema("lint-report.schema.json"))
    listed = [(Path(e["path"]).relative_to(EVICT).as_posix(), e["line"], e["reason"], e["kind"]) for e in report["skipped"]]
    assert listed == [
        # the files the plan skips come first: a harness's checks and expected objects
        (".chainsaw-test/notPatchedResources.yaml", 1, "test-assertion", None),
        (".chainsaw-test/patchedResources.yaml", 1, "test-assertion", None),
        (".chainsaw-test/policy-ready.yaml", 1, "test-assertion", None),
        (".kyverno-test/myapp-pod03-patched.yaml", 1, "test-assertion", None),
        (".kyverno-test/myapp-pod04-patched.yaml", 1, "test-assertion", None),
        # then the documents, in input order
        (".chainsaw-test/chainsaw-test.yaml", 2, "describes-objects", "Test"),
        (".kyverno-test/kyverno-test.yaml", 1, "describes-objects", "Test"),
        ("add-safe-to-evict.yaml", 1, "describes-objects", "MutatingPolicy"),
        ("artifacthub-pkg.yml", 1, "not-kubernetes", None),
    ]
    assert report["skipped"][2]["note"].startswith("a chainsaw assert file: the test ")
    skipped = report["summary"]["skipped"]
    assert skipped["test-assertion"] == 5 and skipped["describes-objects"] == {"MutatingPolicy": 1, "Test": 2}
    assert skipped["no-pods"] == {} and skipped["nothing-found"] == {} and skipped["not-kubernetes"] == 1
    # without the option, the counts only
    _, out = run(capsys, "-o", "json", str(EVICT))
    assert "skipped" not in json.loads(out)


def test_text_lists_them_before_the_summary_and_sarif_as_notifications(capsys: pytest.CaptureFixture[str]) -> None:
    _, out = run(capsys, "--show-skipped", str(KUTTL))
    lines = out.rstrip("\n").splitlines()
    shown = os.path.relpath(KUTTL)  # reports name directories as the working directory sees them
    assert f"{KUTTL}/00-assert.yaml:1: skipped [test-assertion]: a test step's assert file (kuttl or chainsaw step files in {shown})" in lines
    assert f"{KUTTL}/00-crd.yaml:1: skipped [describes-objects] CustomResourceDefinition" in lines
    assert lines[-1].startswith("Found ") and "3 test assertion files" in lines[-1]
    assert "1 object describing other objects (CustomResourceDefinition 1)" in lines[-1]
    _, out = run(capsys, "-o", "sarif", "--show-skipped", str(KUTTL / "01-assert.yaml"))
    notes = json.loads(out)["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    [note] = [n for n in notes if n["descriptor"]["id"].startswith("skipped/")]
    assert note["descriptor"]["id"] == "skipped/test-assertion" and note["level"] == "note"
    assert note["locations"][0]["physicalLocation"]["region"] == {"startLine": 1}


def test_a_harness_check_passed_alone_is_skipped(capsys: pytest.CaptureFixture[str]) -> None:
    # pre-commit passes the changed file alone: the harness is still read from its own files
    code, out = run(capsys, "-o", "json", str(DATA / "harness" / "kyverno__chainsaw/testdata/e2e/examples/array-assertion/assertions.yaml"))
    report = json.loads(out)
    assert code == 0 and report["findings"] == [] and report["summary"]["skipped"]["test-assertion"] == 1
    code, out = run(capsys, "-o", "json", str(DATA / "harness" / "kyverno__kyverno/test/cli/test/autogen/resources.yaml"))
    report = json.loads(out)
    assert code == 0 and report["findings"] == [] and report["summary"]["skipped"]["test-input"] == 1


def test_objects_a_test_step_updates_are_not_linted_as_whole_objects(capsys: pytest.CaptureFixture[str]) -> None:
    labels = DATA / "harness" / "kyverno__policies/other/allowed-label-changes/.chainsaw-test"
    # labels: good-update.yaml updates; bad-update.yaml is applied expecting the policy to refuse it ($error != null):
    # never applied, a test input as a whole
    for target, updated, refused in ((KUTTL, {"Deployment": 1, "ProwJob": 1, "Service": 1}, 0), (labels, {
        "CronJob": 1, "DaemonSet": 1, "Deployment": 1, "Job": 1, "Pod": 3, "StatefulSet": 1,
    }, 1)):  # fmt: skip
        code, out = run(capsys, "-o", "json", str(target))
        report = json.loads(out)
        assert not [f for f in report["findings"] if f["severity"] == "error"], report["findings"]
        assert report["summary"]["skipped"]["test-update"] == updated and report["summary"]["skipped"]["test-input"] == refused


def test_a_copy_of_an_object_a_controller_made_is_skipped_but_a_running_pod_is_not(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # percona-server-mongodb-operator's e2e tests diff the cluster with stored StatefulSets its operator made: 1106
    # findings on such copies (PR134, PR132, PR201...) were about objects nobody applies
    copy = DATA / "real" / "percona__percona-server-mongodb-operator" / "e2e-tests__default-cr__compare__statefulset_my-cluster-name-rs0.yml"
    pod = tmp_path / "pod.yaml"  # a running pod read back from its ReplicaSet (kubectl get pod -o yaml: with its status): judged
    pod.write_text(
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web-1\n  ownerReferences: [{kind: ReplicaSet, name: web, controller: true}]\n"
        "spec:\n  containers: [{name: c, image: x}]\nstatus: {phase: Running}\n",
        encoding="utf-8",
    )
    # percona-xtradb-cluster-operator's compare file: its operator's Pod trimmed of status, never applied
    trimmed = DATA / "real" / "percona__percona-xtradb-cluster-operator" / "e2e-tests__security-context__compare__pod_restore-src-restore-pvc-sec-context-aks.yml"
    _, out = run(capsys, "-o", "json", "--show-skipped", str(copy), str(pod), str(trimmed))
    report: dict[str, Any] = json.loads(out)
    jsonschema.validate(report, load_schema("lint-report.schema.json"))
    assert report["summary"]["skipped"]["controller-made"] == {"Pod": 1, "StatefulSet": 1}
    assert [(e["line"], e["kind"], e.get("note")) for e in report["skipped"] if e["reason"] == "controller-made"] == [
        (1, "StatefulSet", "made by its controller PerconaServerMongoDB/my-cluster-name (ownerReferences): a copy of a live object, never applied"),
        (1, "Pod", "made by its controller PerconaXtraDBClusterRestore/restore-pvc (ownerReferences): a copy of a live object, never applied"),
    ]
    assert report["summary"]["pods"] == 1 and [f["rule"] for f in report["findings"]] == ["PR201"]
    _, text = run(capsys, str(copy))
    assert text.rstrip().endswith("skipped 1 copy of an object a controller made (StatefulSet 1).")


def test_a_golden_output_beside_its_input_is_a_test_assertion(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # envoyproxy/gateway's test/helm: `helm template` with NAME.in.yaml's values must print NAME.out.yaml (94 findings
    # on the expected output, never applied); the same manifests without their .in file are linted
    golden = DATA / "real" / "envoyproxy__gateway" / "test" / "helm" / "gateway-helm"
    _, out = run(capsys, "-o", "json", "--show-skipped", str(golden / "certgen-args.out.yaml"))
    report: dict[str, Any] = json.loads(out)
    assert report["findings"] == [] and report["summary"]["skipped"]["test-assertion"] == 1
    [entry] = report["skipped"]
    assert entry["note"].startswith("a test's expected output: what a program must print for ") and entry["note"].endswith("certgen-args.in.yaml")
    alone = tmp_path / "certgen-args.out.yaml"
    alone.write_bytes((golden / "certgen-args.out.yaml").read_bytes())
    _, out = run(capsys, "-o", "json", str(alone))
    assert json.loads(out)["summary"]["pods"] == 2


def test_a_jsonnet_golden_output_beside_its_source_is_a_test_assertion(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # bitnami-labs/sealed-secrets vendors kube-libsonnet, whose tests/Makefile diffs golden/NAME.json with `jsonnet
    # NAME.jsonnet` (6 BestEffort pods, never applied); the same JSON without its .jsonnet source is linted
    tests = DATA / "real" / "bitnami-labs__sealed-secrets" / "vendor_jsonnet" / "kube-libsonnet" / "tests"
    _, out = run(capsys, "-o", "json", "--show-skipped", str(tests))
    report: dict[str, Any] = json.loads(out)
    assert report["findings"] == [] and report["summary"]["skipped"]["test-assertion"] == 1
    [entry] = [s for s in report["skipped"] if s["reason"] == "test-assertion"]
    assert entry["note"].startswith("a test's expected output: what jsonnet must print for ") and entry["note"].endswith("tests/test-simple-validate.jsonnet")
    alone = tmp_path / "golden" / "test-simple-validate.json"
    alone.parent.mkdir()
    alone.write_bytes((tests / "golden" / "test-simple-validate.json").read_bytes())
    _, out = run(capsys, "-o", "json", str(alone))
    alone_report = json.loads(out)
    assert alone_report["summary"]["pods"] == 5  # and its batch/v1beta1 CronJob, which no release since 1.25 serves
    assert [(f["rule"], f["object"]["name"]) for f in alone_report["findings"] if f["severity"] == "error"] == [("PR006", "foo-cronjob")]


@pytest.mark.skipif(shutil.which("kustomize") is None and shutil.which("kubectl") is None, reason="neither kustomize nor kubectl")
def test_an_object_of_a_base_two_overlays_build_is_listed_once_per_build_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    springboot = DATA / "real" / "kustomize" / "kubernetes-sigs__kustomize" / "examples" / "springboot"
    code = main(["lint", "--no-config", "--show-skipped", "-o", "json", str(springboot)])
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert code == 0
    jsonschema.validate(report, load_schema("lint-report.schema.json"))
    listed = [(Path(e["path"]).relative_to(springboot).as_posix(), e["kind"], e["build"]) for e in report["skipped"]]
    overlay = {o: f"{springboot / 'overlays' / o} (kustomize build)" for o in ("production", "staging")}
    assert listed == [
        # the ConfigMap a generator makes is located in the build itself: no build to name beside it
        ("overlays/production (kustomize build)", "ConfigMap", None),
        ("base/service.yaml", "Service", overlay["production"]),
        ("overlays/staging (kustomize build)", "ConfigMap", None),
        ("base/service.yaml", "Service", overlay["staging"]),
    ]
    main(["lint", "--no-config", "--show-skipped", str(springboot)])
    text = capsys.readouterr().out
    assert f"base/service.yaml:1: skipped [no-pods] Service (in {overlay['staging']})\n" in text
