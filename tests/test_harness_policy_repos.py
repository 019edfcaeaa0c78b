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


def test_files_a_bats_suite_creates_with_openshifts_oc_are_applied(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """redhat-cop/rego-policies @7659eb6afe9b: _test/gatekeeper-integrationtests.sh runs ``oc create -f ${tmp}`` on
    ``split_files "policy/.../test_data/integration"`` (TESTING.md: integration data is YAML "which can be deployed to
    a cluster"), so those files are applied and linted; _test/conftest-unittests.sh hands test_data/unit to conftest,
    never to a cluster. ``oc`` was not taken for kubectl: the six integration directories only that script names
    (DeploymentConfig deploymentconfigtriggerscontainername, the requiresinventory Deployments) were skipped as
    "hand it to the project's program, never to a cluster" (75 pods linted in the repository, 81 now)."""
    project = _project(tmp_path, "redhat-cop__rego-policies")
    report = _lint(capsys, str(project))
    assert _found(report, project) == [
        (_INTEGRATION_DC, "PR133", "DeploymentConfig", "deploymentconfigtriggerscontainername"),
        (_INTEGRATION_DC, "PR134", "DeploymentConfig", "deploymentconfigtriggerscontainername"),
        # the deployer pod takes spec.strategy.resources, unset here (kinds_deploymentconfig.py)
        (_INTEGRATION_DC, "PR201", "DeploymentConfig", "deploymentconfigtriggerscontainername"),
        (_INTEGRATION_SVC, "PR133", "Deployment", "hasmissingsvc"),
        (_INTEGRATION_SVC, "PR134", "Deployment", "hasmissingsvc"),
    ]
    by_rule = {(f["rule"], f["object"]["name"]): f for f in report["findings"]}
    assert "memory limit 2Gi is 20.48x its request 100Mi" in by_rule["PR134", "hasmissingsvc"]["message"]
    assert by_rule["PR134", "hasmissingsvc"]["container"] == "bar"
    assert report["summary"]["pods"] == 3 and report["summary"]["errors"] == 0
    notes = {str(Path(s["path"]).relative_to(project)): s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT}
    assert list(notes) == [_UNIT_SVC] and "_test/conftest-unittests.sh hand it to the project's program" in notes[_UNIT_SVC]

    # ``oc`` only as a command word: a path segment (docs/oc/) runs no client, and the integration files are the
    # program's inputs again, as for a script that applies nothing
    project = _project(tmp_path / "path-segment", "redhat-cop__rego-policies")
    script = project / "_test" / "gatekeeper-integrationtests.sh"
    text = script.read_text(encoding="utf-8")
    assert 'cmd="oc create -f ${tmp} -n ${project_name}"' in text
    script.write_text(re.sub(r"(?<![\w./$-])oc ", "docs/oc/", text), encoding="utf-8")
    report = _lint(capsys, str(project))
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    notes = {str(Path(s["path"]).relative_to(project)): s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT}
    assert sorted(notes) == sorted([_INTEGRATION_DC, _INTEGRATION_SVC, _UNIT_SVC])
