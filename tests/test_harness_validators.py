"""Schema validators' and deprecation finders' test objects (tests/data/harness, provenance in SOURCES.tsv): valid
and invalid manifests a tool's own tests hand to it, never applied, recognised from those tests
(source/harness_bats.py's fixtures directories, source/harness_gotest.py); kubectl-validate's and kyverno-json's
cases are tests/test_harness.py's."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.source.harness import TEST_INPUT
from tests.lint_support import copied_project, lint_report

HARNESS = Path(__file__).parent / "data" / "harness"


def _lint(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    return lint_report(capsys, "--show-skipped", *args)


def _project(tmp_path: Path, name: str) -> Path:
    return copied_project(HARNESS / name, tmp_path / name)


def _found(report: dict[str, Any], project: Path) -> list[tuple[str, str, str | None]]:
    return sorted((str(Path(f["path"]).relative_to(project)), f["rule"], f.get("container")) for f in report["findings"])


def test_a_validators_fixtures_directory_its_bats_tests_read_is_test_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """yannh/kubeconform @e65429b1e599 acceptance.bats runs ``bin/kubeconform -summary fixtures/folder`` (a
    directory: its files are read) and names most files of fixtures/; duplicates.yaml, null_array.yaml,
    same-kind-different-api.yaml and multi_valid_source.yaml, imported with the rest from kubeval in 3751a26ae7b6,
    are named by no test today, fixtures of the same suite all the same. Was 1 error (PR006 on the apps/v1beta1
    Deployment of same-kind-different-api.yaml) and 8 warnings, 8 pods. Only fixtures/ itself: a subdirectory no
    test names is linted."""
    project = _project(tmp_path, "yannh__kubeconform")
    (project / "fixtures" / "other").mkdir()
    shutil.copy(project / "fixtures" / "valid.yaml", project / "fixtures" / "other" / "bob.yaml")
    report = _lint(capsys, str(project))
    assert _found(report, project) == [("fixtures/other/bob.yaml", "PR201", None)] and report["summary"]["pods"] == 1
    notes = {str(Path(s["path"]).relative_to(project)): s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT}
    assert len(notes) == 7
    for named in ("fixtures/folder/valid.yaml", "fixtures/folder/multi_valid.yaml", "fixtures/valid.yaml"):
        assert notes[named].startswith("the bats tests of ") and "hand it to the project's program" in notes[named]
    for unnamed in ("fixtures/duplicates.yaml", "fixtures/null_array.yaml", "fixtures/same-kind-different-api.yaml", "fixtures/multi_valid_source.yaml"):
        assert "fixtures, whose other files the bats tests of " in notes[unnamed] and notes[unnamed].endswith("a fixture, never applied")

    bare = _project(tmp_path / "bare", "yannh__kubeconform")
    for script in bare.glob("*.bats"):
        script.unlink()
    report = _lint(capsys, str(bare))
    assert _found(report, bare) == [
        ("fixtures/duplicates.yaml", "PR201", None),
        ("fixtures/duplicates.yaml", "PR201", None),
        ("fixtures/folder/multi_valid.yaml", "PR132", "master"),
        ("fixtures/folder/multi_valid.yaml", "PR132", "php-redis"),
        ("fixtures/folder/multi_valid.yaml", "PR132", "slave"),
        ("fixtures/folder/valid.yaml", "PR201", None),
        ("fixtures/multi_valid_source.yaml", "PR132", "php-redis"),
        ("fixtures/multi_valid_source.yaml", "PR132", "primary"),
        ("fixtures/multi_valid_source.yaml", "PR132", "secondary"),
        ("fixtures/null_array.yaml", "PR201", None),
        ("fixtures/same-kind-different-api.yaml", "PR006", None),
        ("fixtures/same-kind-different-api.yaml", "PR201", None),
        ("fixtures/valid.yaml", "PR201", None),
    ]
    assert report["summary"]["pods"] == 12 and report["summary"]["errors"] == 1

    # a script that applies a file of fixtures/ (a cluster suite's): the directory holds what is applied, no fixtures
    applying = _project(tmp_path / "applying", "yannh__kubeconform")
    (applying / "cluster.bats").write_text("@test 'deploy' {\n  run kubectl apply -f fixtures/null_array.yaml\n}\n")
    report = _lint(capsys, str(applying))
    assert [f for f in _found(report, applying) if f[0] != "fixtures/null_array.yaml"] == [
        ("fixtures/duplicates.yaml", "PR201", None),
        ("fixtures/duplicates.yaml", "PR201", None),
        ("fixtures/multi_valid_source.yaml", "PR132", "php-redis"),
        ("fixtures/multi_valid_source.yaml", "PR132", "primary"),
        ("fixtures/multi_valid_source.yaml", "PR132", "secondary"),
        ("fixtures/same-kind-different-api.yaml", "PR006", None),
        ("fixtures/same-kind-different-api.yaml", "PR201", None),
    ]


def test_a_bats_template_or_a_directory_without_a_test_like_name_names_no_fixtures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Only an existing directory with a test-like segment is a directory the program reads: kubeconform's
    acceptance-nonetwork.bats ``-schema-location 'fixtures/{{ .ResourceKind }}.json'`` is a template, not
    fixtures/; a deploy/ directory a bats test names stays the project's manifests, and so does a test-like
    directory a script that runs kubectl names without applying it (``kubectl delete -f fixtures/folder/``)."""
    project = _project(tmp_path, "yannh__kubeconform")
    for script in project.glob("*.bats"):
        script.unlink()
    (project / "deploy").mkdir()
    shutil.copy(project / "fixtures" / "valid.yaml", project / "deploy" / "valid.yaml")
    (project / "test.bats").write_text(
        "@test 'schemas' {\n  run bin/kubeconform -schema-location 'fixtures/{{ .ResourceKind }}.json' x\n}\n"
        "@test 'deploy' {\n  run bin/kubeconform deploy/\n}\n"
    )
    (project / "cluster.bats").write_text("@test 'cleanup' {\n  run kubectl delete -f fixtures/folder/\n}\n")  # not applied here
    report = _lint(capsys, str(project))
    assert report["summary"]["skipped"]["test-input"] == 0 and report["summary"]["pods"] == 13


def test_a_deprecation_finders_fixtures_its_command_package_reads_through_two_levels_up_are_test_inputs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """doitintl/kube-no-trouble @2366d92156c0 cmd/kubent/main_test.go reads ``FIXTURES_DIR = "../../fixtures"``
    (kubent's file collector, fake cluster clients): its removed-API Deployments are what kubent must find (the Go
    tests two levels below the project's root: tests/test_harness.py's kubectl-validate case). Without that test, 2
    errors (PR006: apps/v1beta1 and extensions/v1beta1 Deployments) and a BestEffort warning."""
    project = _project(tmp_path, "doitintl__kube-no-trouble")
    report = _lint(capsys, str(project))
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    notes = {Path(s["path"]).name: s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT}
    assert set(notes) == {"deployment-v1beta1.yaml", "deployment-v1beta1.json", "fake-deployment-v1beta1-no-annotation.yaml"}
    assert all("cmd/kubent/main_test.go read it from beside them" in note for note in notes.values())

    untested = _project(tmp_path / "untested", "doitintl__kube-no-trouble")
    shutil.rmtree(untested / "cmd")
    report = _lint(capsys, str(untested))
    assert _found(report, untested) == [
        ("fixtures/deployment-v1beta1.json", "PR006", None),
        ("fixtures/deployment-v1beta1.yaml", "PR006", None),
        ("fixtures/fake-deployment-v1beta1-no-annotation.yaml", "PR201", None),
    ]
    removed = {Path(f["path"]).name: f["message"] for f in report["findings"] if f["rule"] == "PR006"}
    assert removed["deployment-v1beta1.yaml"].startswith("apiVersion apps/v1beta1 is not served for Deployment")
    assert removed["deployment-v1beta1.json"].startswith("apiVersion extensions/v1beta1 is not served for Deployment")


def test_a_bats_suite_that_runs_kubectl_makes_no_fixtures_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """NVIDIA/k8s-dra-driver-gpu @224071137855 tests/bats/test_cd_failover.bats runs against a cluster (``kubectl
    delete -f "$SPECPATH"``, ``kubectl wait``) and names only tests/bats/specs/nvb.tmpl.yaml, the template it
    pipes through envsubst: the specs beside it are the suite's pods, not fixtures of a program.
    gpu-pod-fail-restart.yaml's pod is linted (it was, before fixtures directories, and stays so)."""
    project = _project(tmp_path, "NVIDIA__k8s-dra-driver-gpu")
    report = _lint(capsys, str(project))
    skipped = {Path(s["path"]).name: s["reason"] for s in report["skipped"]}
    assert skipped == {"nvb.tmpl.yaml": TEST_INPUT, "gpu-pod-fail-restart.yaml": "no-pods"}  # its ResourceClaimTemplate
    assert _found(report, project) == [("tests/bats/specs/gpu-pod-fail-restart.yaml", "PR201", None)]
    assert report["findings"][0]["object"]["name"] == "pod-restart-gpu" and report["summary"]["pods"] == 1
    # the same suite without kubectl (a program's fixtures): its specs directory is the suite's fixtures directory
    offline = _project(tmp_path / "offline", "NVIDIA__k8s-dra-driver-gpu")
    bats = offline / "tests" / "bats" / "test_cd_failover.bats"
    bats.write_text(bats.read_text(encoding="utf-8").replace("kubectl", "validate"), encoding="utf-8")
    report = _lint(capsys, str(offline))
    assert report["findings"] == [] and report["summary"]["pods"] == 0
