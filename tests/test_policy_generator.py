"""Open Cluster Management's Policy Generator (source/harness_policygen.py): a manifest every policy naming it
only informs about, deletes or disables is never created, and is skipped as the generator's input; one a policy
enforces with musthave or mustonlyhave is created on the managed clusters, and linted. Real files of
open-cluster-management-io/policy-collection @b264336d4899 (tests/data/real/SOURCES.tsv)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pod_resources_cli.model.items import KUSTOMIZE_INPUT
from pod_resources_cli.source.harness import skip_reason

REPO = Path(__file__).parent / "data" / "real" / "open-cluster-management-io__policy-collection" / "policygenerator"
PLUS = REPO / "policy-sets" / "stable" / "openshift-plus"


def _lint(capsys: pytest.CaptureFixture[str], *paths: Path) -> dict:  # type: ignore[type-arg]
    from pod_resources_cli.cli import main

    main(["lint", "--no-config", "-o", "json", "--show-skipped", *map(str, paths)])
    report: dict = json.loads(capsys.readouterr().out)  # type: ignore[type-arg]
    return report


def test_a_policy_generators_uncreated_manifests_are_its_inputs_and_enforced_ones_are_linted(capsys: pytest.CaptureFixture[str]) -> None:
    """openshift-plus names input-sensor/policy-acs-central-ca-bundle-v1.yaml with complianceType mustnothave (a Job
    named only to be deleted: "the workload has no pod template", PR002, before), and the kustomize example wraps
    policy1_deployment in an inform policy (its Deployment's `triggers`: PR004, before); the Jobs that
    policyDefaults' enforce creates are linted: BestEffort, as fact."""
    assert "complianceType: mustnothave" in (PLUS / "policyGenerator.yaml").read_text(encoding="utf-8")
    assert "triggers:" in (REPO / "kustomize" / "policy1_deployment" / "deployment.yaml").read_text(encoding="utf-8")
    report = _lint(capsys, REPO)
    found = sorted((f["rule"], f["object"]["kind"], f["object"]["namespace"], f["object"]["name"]) for f in report["findings"])
    assert found == [("PR201", "Job", "local-quay", "create-admin-user"), ("PR201", "Job", "stackrox", "create-cluster-init-bundle-v2")]
    assert report["summary"]["pods"] == 2 and report["summary"]["errors"] == 0
    notes = {Path(s["path"]).name: s["note"] for s in report["skipped"] if s["reason"] == KUSTOMIZE_INPUT and s.get("note")}
    assert set(notes) == {"policy-acs-central-ca-bundle-v1.yaml", "deployment.yaml", "namespace.yaml"}
    assert "policy policy-acs-central-ca-bundle requires its absence (complianceType mustnothave)" in notes["policy-acs-central-ca-bundle-v1.yaml"]
    assert "policy policy-app only reports whether the clusters have it (remediationAction inform)" in notes["deployment.yaml"]
    assert all(n.endswith("(open-cluster-management-io/policy-generator-plugin internal/plugin.go applyDefaults)") for n in notes.values())


def test_a_generators_input_linted_alone_inside_its_work_tree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / "policy-collection"
    shutil.copytree(REPO, copy / "policygenerator")
    (copy / ".git").mkdir()
    v1 = copy / "policygenerator" / "policy-sets" / "stable" / "openshift-plus" / "input-sensor" / "policy-acs-central-ca-bundle-v1.yaml"
    deployment = copy / "policygenerator" / "kustomize" / "policy1_deployment" / "deployment.yaml"
    report = _lint(capsys, v1, deployment)
    assert report["findings"] == [] and [s["reason"] for s in report["skipped"]] == [KUSTOMIZE_INPUT, KUSTOMIZE_INPUT]
    v2 = v1.with_name("policy-acs-central-ca-bundle-v2.yaml")  # enforced by one policy, deleted by another: created
    assert [f["rule"] for f in _lint(capsys, v2)["findings"]] == ["PR201"]
    # outside a work tree a file's root is its directory: the generator above it is not read
    (copy / ".git").rmdir()
    assert [f["rule"] for f in _lint(capsys, v1)["findings"]] == ["PR002"]


_JOB = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: j}\nspec: {template: {spec: {containers: [{name: c, image: i}]}}}\n"


@pytest.mark.parametrize(
    ("defaults", "policy", "manifest", "skipped", "words"),
    [
        ("", "", "", True, "remediationAction inform"),  # the plugin's defaults: musthave, inform
        ("remediationAction: enforce", "", "", False, None),
        ("remediationAction: Enforce", "", "complianceType: mustonlyhave", False, None),  # case as the controller reads it
        ("remediationAction: enforce", "remediationAction: informOnly", "", True, "remediationAction informonly"),
        ("remediationAction: enforce", "", "remediationAction: inform", True, "remediationAction inform"),  # the manifest's wins
        ("remediationAction: inform", "", "remediationAction: enforce", False, None),
        ("remediationAction: enforce", "complianceType: mustnothave", "", True, "mustnothave"),
        ("remediationAction: enforce", "complianceType: mustnothave", "complianceType: musthave", False, None),
        ("remediationAction: enforce", "disabled: true", "", True, "is disabled"),
        ("{remediationAction: enforce, disabled: true}", "disabled: false", "", False, None),  # the policy's own wins
    ],
)
def test_each_branch_of_the_plugins_defaults(tmp_path: Path, defaults: str, policy: str, manifest: str, skipped: bool, words: str | None) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "kustomization.yaml").write_text("generators:\n- gen.yaml\n", encoding="utf-8")
    policy_defaults = f"policyDefaults: {defaults if defaults.startswith('{') else '{' + defaults + '}'}\n" if defaults else ""
    (tmp_path / "gen.yaml").write_text(
        "apiVersion: policy.open-cluster-management.io/v1\nkind: PolicyGenerator\nmetadata: {name: g}\n" + policy_defaults
        + f"policies:\n- name: p\n  {policy or 'severity: low'}\n  manifests:\n  - path: in/job.yaml\n    {manifest or 'patches: []'}\n",
        encoding="utf-8",
    )  # fmt: skip
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "job.yaml").write_text(_JOB, encoding="utf-8")
    found = skip_reason(str(tmp_path / "in" / "job.yaml"), str(tmp_path))
    assert (found is not None) is skipped
    if found is not None:
        assert found[0] == KUSTOMIZE_INPUT and words is not None and words in found[1]


def test_directories_and_hostile_configurations(tmp_path: Path) -> None:
    """A directory path names its own YAML files, not those below, nor a kustomization's (the plugin builds it);
    paths outside the repository and broken configurations name nothing, and never raise."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "kustomization.yaml").write_text("generators: [gen.yaml, bad.yaml, ../../etc/passwd, 'https://x/y.yaml']\n", encoding="utf-8")
    (tmp_path / "gen.yaml").write_text(
        "apiVersion: policy.open-cluster-management.io/v1\nkind: PolicyGenerator\npolicies:\n"
        "- {name: p, manifests: [{path: dir}, {path: built}, {path: ../../../etc}, {path: 7}, 3]}\n- nope\n",
        encoding="utf-8",
    )  # fmt: skip
    (tmp_path / "bad.yaml").write_text("kind: PolicyGenerator\napiVersion: policy.open-cluster-management.io/v1\npolicies: {a: [\n", encoding="utf-8")
    for d in ("dir", "dir/sub", "built"):
        (tmp_path / d).mkdir()
    for f in ("dir/a.yaml", "dir/b.yml", "dir/sub/c.yaml", "built/d.yaml"):
        (tmp_path / f).write_text(_JOB, encoding="utf-8")
    (tmp_path / "built" / "kustomization.yaml").write_text("resources: [d.yaml]\n", encoding="utf-8")
    reasons = {f: skip_reason(str(tmp_path / f), str(tmp_path)) for f in ("dir/a.yaml", "dir/b.yml", "dir/sub/c.yaml", "built/d.yaml")}
    assert {f for f, r in reasons.items() if r is not None} == {"dir/a.yaml", "dir/b.yml"}
