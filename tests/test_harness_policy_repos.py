"""Policy libraries' test data (tests/data/harness, provenance in SOURCES.tsv): which files a policy
repository's own tests send to a cluster and which they only hand to a policy engine offline, read
from those tests (source/harness_bats.py)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.source.harness import TEST_INPUT

HARNESS = Path(__file__).parent / "data" / "harness"
_INTEGRATION_DC = "policy/ocp/bestpractices/deploymentconfig_triggers_containername/test_data/integration/list.yml"
_INTEGRATION_SVC = "policy/ocp/requiresinventory/deployment_has_matching_service/test_data/integration/list.yml"
_UNIT_SVC = "policy/ocp/requiresinventory/deployment_has_matching_service/test_data/unit/list.yml"


def _lint(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    from pod_resources_cli.cli import main

    main(["lint", "--no-config", "-o", "json", "--show-skipped", *args])
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    return report


def _project(tmp_path: Path, name: str) -> Path:
    project = tmp_path / name
    shutil.copytree(HARNESS / name, project)
    (project / ".git").mkdir()  # its own project: bats runs from its root
    return project


def _found(report: dict[str, Any], project: Path) -> list[tuple[str, str, str, str]]:
    return sorted((str(Path(f["path"]).relative_to(project)), f["rule"], f["object"]["kind"], f["object"]["name"]) for f in report["findings"])


def _notes(report: dict[str, Any], project: Path) -> dict[str, str]:
    return {str(Path(s["path"]).relative_to(project)): s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT}


_K8S_LABELS = "policy/ocp/bestpractices/common_k8s_labels_notset/test_data/integration/list.yml"
_MEMORY_UNIT = "policy/ocp/bestpractices/container_resources_memoryunit_incorrect/test_data/integration/list.yml"
_LABELS_FOUND = [
    (_K8S_LABELS, "PR133", "Deployment", "nolabels"),
    (_K8S_LABELS, "PR133", "DeploymentConfig", "nolabels"),
    (_K8S_LABELS, "PR134", "Deployment", "nolabels"),
    (_K8S_LABELS, "PR134", "DeploymentConfig", "nolabels"),
    # the deployer pod takes spec.strategy.resources, unset here (kinds_deploymentconfig.py)
    (_K8S_LABELS, "PR201", "DeploymentConfig", "nolabels"),
]


def test_files_a_bats_suite_creates_expecting_gatekeeper_to_deny_them_never_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """redhat-cop/rego-policies @7659eb6afe9b: _test/gatekeeper-k8s-integrationtests.sh (kubectl) and
    _test/gatekeeper-integrationtests.sh (OpenShift's ``oc``) run ``create -f ${tmp}`` on ``split_files
    "policy/.../test_data/integration"`` in @test blocks that assert ``[ "$status" -eq 1 ]`` and a ``denied the
    request: ... Deployment/invalidresourceslimitsmemoryunits`` line per object: Gatekeeper refuses every object, none
    ever runs (the k8s suite first drops the DeploymentConfigs with yq; the OpenShift suite names them denied).
    The repository was 2 PR002 errors and 83 warnings on them; now 0 errors, 6 warnings, on the two files that do
    run: common_k8s_labels_notset's, which the disabled-namespace blocks create (``[ "$status" -eq 0 ]``,
    ``deployment.apps/nolabels created``), and pod_antiaffinity_notset's, which no test names.
    _test/conftest-unittests.sh hands test_data/unit to conftest, never to a cluster."""
    project = _project(tmp_path, "redhat-cop__rego-policies")
    report = _lint(capsys, str(project))
    assert _found(report, project) == _LABELS_FOUND
    by_rule = {(f["rule"], f["object"]["kind"]): f for f in report["findings"]}
    assert "memory limit 2Gi is 20.48x its request 100Mi" in by_rule["PR134", "Deployment"]["message"]
    assert by_rule["PR134", "Deployment"]["container"] == "bar"
    assert report["summary"]["pods"] == 3 and report["summary"]["errors"] == 0
    notes = _notes(report, project)
    assert sorted(notes) == sorted([_INTEGRATION_DC, _INTEGRATION_SVC, _MEMORY_UNIT, _UNIT_SVC])
    assert "_test/conftest-unittests.sh hand it to the project's program" in notes[_UNIT_SVC]
    denied = "create it expecting the cluster to deny each of its objects"
    assert denied in notes[_INTEGRATION_SVC] and "Deployment/hasmissingsvc" in notes[_INTEGRATION_SVC]
    assert denied in notes[_MEMORY_UNIT] and notes[_MEMORY_UNIT].endswith("it never runs")
    for name in ("invalidresourceslimitsmemoryunits", "invalidresourcesrequestsmemoryunits"):
        assert f"Deployment/{name}" in notes[_MEMORY_UNIT] and f"DeploymentConfig/{name}" in notes[_MEMORY_UNIT]

    # a block that expects the creation to succeed applies the file
    project = _project(tmp_path / "succeeds", "redhat-cop__rego-policies")
    script = project / "_test" / "gatekeeper-integrationtests.sh"
    text = script.read_text(encoding="utf-8")
    block = text.index('@test "policy/ocp/requiresinventory/deployment_has_matching_service" {')
    end = text.index("\n}\n", block)
    script.write_text(text[:block] + text[block:end].replace('[ "$status" -eq 1 ]', '[ "$status" -eq 0 ]') + text[end:], encoding="utf-8")
    report = _lint(capsys, str(project))
    assert _found(report, project) == sorted(_LABELS_FOUND + [(_INTEGRATION_SVC, "PR133", "Deployment", "hasmissingsvc"), (_INTEGRATION_SVC, "PR134", "Deployment", "hasmissingsvc")])


def test_openshifts_oc_is_a_cluster_client_only_as_a_command_word(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``oc create -f`` sends to a cluster as ``kubectl create -f`` does: with it read as a path segment
    (docs/oc/create), the OpenShift suite runs no client, hands its directories to the project's program (test
    inputs), and denies nothing: the memory-unit file's DeploymentConfigs, which only that suite names denied, are
    then applied through the kubectl suite, with the PR002 errors of its 2^63-exceeding memory limits."""
    project = _project(tmp_path, "redhat-cop__rego-policies")
    script = project / "_test" / "gatekeeper-integrationtests.sh"
    text = script.read_text(encoding="utf-8")
    assert 'cmd="oc create -f ${tmp} -n ${project_name}"' in text
    script.write_text(re.sub(r"(?<![\w./$-])oc ", "docs/oc/", text), encoding="utf-8")
    report = _lint(capsys, str(project))
    found = _found(report, project)
    assert [f for f in found if f[0] != _MEMORY_UNIT] == _LABELS_FOUND
    assert [f for f in found if f[1] == "PR002"] == [
        (_MEMORY_UNIT, "PR002", "Deployment", "invalidresourceslimitsmemoryunits"),
        (_MEMORY_UNIT, "PR002", "DeploymentConfig", "invalidresourceslimitsmemoryunits"),
    ]
    notes = _notes(report, project)
    assert sorted(notes) == sorted([_INTEGRATION_DC, _INTEGRATION_SVC, _UNIT_SVC])
    assert "_test/gatekeeper-integrationtests.sh hand it to the project's program, never to a cluster" in notes[_INTEGRATION_SVC]
