"""Policy libraries' test data (tests/data/harness, provenance in SOURCES.tsv): which files a policy
repository's own tests send to a cluster and which they only hand to a policy engine offline, read
from those tests (source/harness_bats.py)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.source.harness import TEST_INPUT
from tests.lint_support import copied_project, lint_report

HARNESS = Path(__file__).parent / "data" / "harness"
_INTEGRATION_DC = "policy/ocp/bestpractices/deploymentconfig_triggers_containername/test_data/integration/list.yml"
_INTEGRATION_SVC = "policy/ocp/requiresinventory/deployment_has_matching_service/test_data/integration/list.yml"
_UNIT_SVC = "policy/ocp/requiresinventory/deployment_has_matching_service/test_data/unit/list.yml"


def _lint(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    return lint_report(capsys, "--show-skipped", *args)


def _project(tmp_path: Path, name: str) -> Path:
    return copied_project(HARNESS / name, tmp_path / name)


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


_LIMITRANGE = "policies/NamespaceLimitRangeMinMax/tests/limitrange-default-values.yaml"
_HOSTPATH = "staging/ControllerContainerBlockHostPath/tests/test.yaml"
_POSTGRES = "staging/PostgresEnforceUserEnvVar/tests/postgres.yaml"
_FIXTURE_ERRORS = [
    (_LIMITRANGE, "PR164", "LimitRange", "default-limit-range"),
    (_LIMITRANGE, "PR164", "LimitRange", "default-limit-range"),
    (_HOSTPATH, "PR006", "Deployment", "helloworldanilhostpath"),
    (_POSTGRES, "PR002", "StatefulSet", "postgres"),
]


def test_the_directory_of_the_opa_tests_a_policys_makefile_runs_holds_fixtures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """kubewarden/rego-policies-library @f4127f30a681 (weaveworks/policy-library's policies): each policy's Makefile
    runs ``opa test policy.rego tests/*.rego``; its tests/ keeps beside the Rego tests the objects the policy judges
    (the tests inline them as input.review.object), which nothing applies: a LimitRange whose default exceeds its max
    (2 PR164), an apps/v1beta1 Deployment (PR006), a container named postgresAC (PR002). The repository was 6 errors,
    99 warnings, 121 pods on them (source/harness_opa.py); its pac.weave.works Policy objects describe the objects
    a policy judges (223 were "custom objects with no pod found")."""
    project = _project(tmp_path, "kubewarden__rego-policies-library")
    report = _lint(capsys, str(project))
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    notes = _notes(report, project)
    assert sorted(notes) == sorted([_LIMITRANGE, _HOSTPATH, _POSTGRES])
    assert notes[_POSTGRES].startswith("in ") and "staging/PostgresEnforceUserEnvVar/Makefile runs offline (opa test policy.rego tests/*.rego)" in notes[_POSTGRES]
    assert notes[_POSTGRES].endswith("a fixture of the policy's tests, never applied")
    assert report["summary"]["skipped"]["describes-objects"] == {"Policy": 1}
    described = [s for s in report["skipped"] if s["reason"] == "describes-objects"]
    assert [(str(Path(s["path"]).relative_to(project)), s["line"]) for s in described] == [("policies/NamespaceLimitRangeMinMax/policy.yaml", 1)]

    # without the Makefiles nothing says what tests/ is: its objects are linted as written
    bare = _project(tmp_path / "bare", "kubewarden__rego-policies-library")
    for makefile in bare.glob("*/*/Makefile"):
        makefile.unlink()
    report = _lint(capsys, str(bare))
    assert _found(report, bare) == sorted(_FIXTURE_ERRORS)

    # a Makefile that also applies to a cluster: its tests may deploy what tests/ holds
    applying = _project(tmp_path / "applying", "kubewarden__rego-policies-library")
    makefile = applying / "staging" / "PostgresEnforceUserEnvVar" / "Makefile"
    makefile.write_text(makefile.read_text(encoding="utf-8") + "\ne2e:\n\tkubectl apply -f tests/postgres.yaml\n", encoding="utf-8")
    report = _lint(capsys, str(applying))
    assert _found(report, applying) == [(_POSTGRES, "PR002", "StatefulSet", "postgres")]
    assert sorted(_notes(report, applying)) == sorted([_LIMITRANGE, _HOSTPATH])


def test_an_opa_test_argument_outside_the_makefiles_directory_or_not_test_like_names_no_suite(tmp_path: Path) -> None:
    """``opa test`` arguments name a suite only below the Makefile's directory, test-like, an existing directory not
    reached through a link: not ``policy.rego``'s directory, ``../tests``, ``deploy/*.rego``, ``$(TESTS)`` or an option."""
    from pod_resources_cli.source.harness_opa import opa_tests

    root = tmp_path / "p"
    for name in ("tests", "deploy", "other/tests"):
        (root / name).mkdir(parents=True)
    (root / "other" / "tests" / "x.yaml").write_text("kind: Pod\n")
    (root / "linked").symlink_to(root / "other" / "tests")
    (root / "Makefile").write_text(
        "test:\n\topa test -v --timeout 30s policy.rego ../tests deploy/*.rego $(TESTS) linked/*.rego ./tests/\n", encoding="utf-8"
    )
    (tests,) = opa_tests(str(root), str(root))
    assert [r.pattern for r in tests.refs] == [str(root / "tests" / "*")]
    (root / "Makefile").write_text("test:\n\topa test policy.rego\n", encoding="utf-8")
    opa_tests.cache_clear()
    assert opa_tests(str(root), str(root)) == ()


def test_a_legacy_kyverno_cli_test_without_api_version_and_kind_names_its_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """kyverno/policies @b99f24767972 best-practices/require-pod-requests-limits/kyverno-test.yaml is the Kyverno CLI's
    legacy test form (``name``, ``policies``, ``resources``, ``results``; no apiVersion, no kind), which ``kyverno
    test`` still loads (cmd/cli/kubectl-kyverno/test/load.go unmarshals any kyverno-test.yaml into v1alpha1.Test).
    Its resource.yaml was linted as deployable: PR201 on badpod01, PR132 on badpod02's nginx, PR138 on badpod03's
    busybox, PR133 (5 pods); nirmata/kyverno-policies (44 legacy tests of 54) went from 2654 warnings, 2674 pods to
    864 warnings, 882 pods, all on files its chainsaw tests apply."""
    project = _project(tmp_path, "kyverno__policies_legacy")
    report = _lint(capsys, str(project))
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    resource = "best-practices/require-pod-requests-limits/resource.yaml"
    notes = _notes(report, project)
    assert list(notes) == [resource]
    assert notes[resource].startswith("evaluated offline by the Kyverno CLI test ") and notes[resource].endswith("kyverno-test.yaml, never applied")

    # a document with a kind of its own in a file of that name is no test of the CLI's
    other = _project(tmp_path / "other", "kyverno__policies_legacy")
    test = other / "best-practices" / "require-pod-requests-limits" / "kyverno-test.yaml"
    test.write_text("apiVersion: v1\nkind: ConfigMap\n" + test.read_text(encoding="utf-8"), encoding="utf-8")
    report = _lint(capsys, str(other))
    assert sorted((f["rule"], f["object"]["name"]) for f in report["findings"]) == [
        ("PR132", "badpod02"), ("PR133", "goodpod02"), ("PR138", "badpod03"), ("PR201", "badpod01"),
    ]  # fmt: skip
    assert report["summary"]["pods"] == 5
