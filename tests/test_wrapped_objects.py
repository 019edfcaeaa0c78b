"""Objects that embed whole objects a controller creates (model/decode/wrapped.py): OCM's enforced
ConfigurationPolicies and provider-kubernetes' Object, on their projects' real files
(open-cluster-management-io/policy-collection @b264336d4899, crossplane-contrib/provider-kubernetes @350ef9acf911:
tests/data/real/SOURCES.tsv); and a Go test's //go:embed fixtures (source/harness_gotest.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.model.decode.workloads import DESCRIBES_OBJECTS, Decoded, Skipped, decode_workloads

REAL = Path(__file__).parent / "data" / "real"
OCM = REAL / "open-cluster-management-io__policy-collection"
XP = REAL / "crossplane-contrib__provider-kubernetes"


def _run(capsys: pytest.CaptureFixture[str], command: str, *paths: Path) -> Any:
    from pod_resources_cli.cli import main

    main([command, *(["--no-config", "--show-skipped"] if command == "lint" else []), "-o", "json", *map(str, paths)])
    return json.loads(capsys.readouterr().out)


def test_an_enforced_policy_creates_its_musthave_deployment(capsys: pytest.CaptureFixture[str]) -> None:
    """policy-zts-xcrypt-version-1.yaml: remediationAction enforce on the Policy; its ConfigurationPolicies create a
    Namespace, RBAC, a CRD and the zts-xcrypt-operator Deployment, whose container sets no resources."""
    path = OCM / "policygenerator__policy-sets__community__zts-xcrypt__policy-zts-xcrypt-version-1.yaml"
    report = _run(capsys, "lint", path)
    [finding] = report["findings"]
    assert (finding["rule"], finding["object"]["kind"], finding["object"]["namespace"], finding["object"]["name"]) == (
        "PR201", "Deployment", "zts-xcrypt", "zts-xcrypt-operator")  # fmt: skip
    kinds = {(s["reason"], s["kind"]) for s in report["skipped"]}
    assert ("no-pods", "Namespace") in kinds and (DESCRIBES_OBJECTS, "CustomResourceDefinition") in kinds
    [pod] = _run(capsys, "explain", path)["pods"]
    assert [c["name"] for c in pod["containers"]] == ["zts-xcrypt-operator"] and pod["qosClass"] == "BestEffort"
    assert pod["workload"]["replicas"] == 1
    [note] = pod["workload"]["operator"]
    assert note.startswith("created where missing by the ConfigurationPolicy policy-zts-xcrypts-deployment/policy-zts-xcrypts-deployment ") and "(enforce, musthave)" in note


def test_an_informing_policy_creates_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    report = _run(capsys, "lint", OCM / "community__CM-Configuration-Management__policy-nginx-deployment.yaml")
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    [skipped] = report["skipped"]
    assert (skipped["reason"], skipped["kind"]) == (DESCRIBES_OBJECTS, "Policy")
    assert skipped["note"] == "remediationAction inform: the policy only reports whether the clusters have its objects"


def test_a_provider_kubernetes_object_creates_its_manifest_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    """Before: found by shape, "as written ... its operator may add resources" (PR138); the provider creates the
    manifest unchanged: the nginx pod is BestEffort, as fact."""
    path = XP / "examples__namespaced__object__object-ssa-deployment.yaml"
    [finding] = _run(capsys, "lint", path)["findings"]
    assert (finding["rule"], finding["object"]["kind"], finding["object"]["name"], finding["line"]) == ("PR201", "Deployment", "nginx-deployment", 32)
    [pod] = _run(capsys, "explain", path)["pods"]
    assert [c["name"] for c in pod["containers"]] == ["nginx"] and pod["requests"] == {} and pod["qosClass"] == "BestEffort"
    assert pod["workload"]["asWritten"] is None
    assert pod["workload"]["operator"] == ["created as written by the provider-kubernetes Object sample-deployment-owner "
                                          "(crossplane-contrib/provider-kubernetes internal/controller/cluster/object/object.go Create)"]


def test_an_object_that_only_observes_creates_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    report = _run(capsys, "lint", XP / "examples__cluster__object__policy__observe.yaml")
    assert report["findings"] == []
    assert [(s["reason"], s["kind"]) for s in report["skipped"]] == [("no-pods", "ConfigMap"), (DESCRIBES_OBJECTS, "Object")]


def test_a_go_tests_embedded_fixture_is_a_test_input(capsys: pytest.CaptureFixture[str]) -> None:
    """caching_unstructured_extractor_test.go: //go:embed test/k8s_objects_for_extraction/3_for_extraction.json, a
    Deployment whose fields the extractor is tested on (a false PR201 before)."""
    package = XP / "pkg" / "kube" / "client" / "ssa" / "cache" / "extractor"
    assert "//go:embed test/k8s_objects_for_extraction/3_for_extraction.json" in (package / "caching_unstructured_extractor_test.go").read_text(encoding="utf-8")
    report = _run(capsys, "lint", package / "test" / "k8s_objects_for_extraction" / "3_for_extraction.json")
    assert report["findings"] == []
    [skipped] = report["skipped"]
    assert skipped["reason"] == "test-input" and "caching_unstructured_extractor_test.go read it from beside them" in skipped["note"]


def _decoded(obj: dict[str, Any]) -> list[Decoded | Skipped]:
    return list(decode_workloads(obj))


_DEPLOYMENT: dict[str, Any] = {
    "apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d", "namespace": "n"},
    "spec": {"selector": {"matchLabels": {"a": "b"}}, "template": {"metadata": {"labels": {"a": "b"}},
             "spec": {"containers": [{"name": "c", "image": "i", "resources": {"requests": {"cpu": "1"}}}]}}},
}  # fmt: skip


def _policy(policy_action: str | None, template_action: str | None, compliance: str, **extra: Any) -> dict[str, Any]:
    config: dict[str, Any] = {"apiVersion": "policy.open-cluster-management.io/v1", "kind": "ConfigurationPolicy", "metadata": {"name": "cp"},
                              "spec": {"object-templates": [{"complianceType": compliance, "objectDefinition": _DEPLOYMENT}]}}  # fmt: skip
    if template_action is not None:
        config["spec"]["remediationAction"] = template_action
    spec: dict[str, Any] = {"policy-templates": [{"objectDefinition": config}], **extra}
    if policy_action is not None:
        spec["remediationAction"] = policy_action
    return {"apiVersion": "policy.open-cluster-management.io/v1", "kind": "Policy", "metadata": {"name": "p"}, "spec": spec}


@pytest.mark.parametrize(
    ("policy_action", "template_action", "compliance", "extra", "pods"),
    [
        (None, "enforce", "musthave", {}, 1),
        (None, "Enforce", "MustOnlyHave", {}, 1),  # IsEnforce, IsMustOnlyHave: any case
        ("enforce", "inform", "musthave", {}, 1),  # the Policy's remediationAction replaces the template's
        ("inform", "enforce", "musthave", {}, 0),
        (None, "informOnly", "musthave", {}, 0),
        (None, "enforce", "mustnothave", {}, 0),  # deleted, never created
        (None, None, "musthave", {}, 0),  # no remediationAction: nothing enforced
        ("enforce", None, "musthave", {"disabled": True}, 0),  # put on no cluster
    ],
)
def test_each_branch_of_a_policy(policy_action: str | None, template_action: str | None, compliance: str, extra: dict[str, Any], pods: int) -> None:
    found = _decoded(_policy(policy_action, template_action, compliance, **extra))
    decoded = [d for d in found if isinstance(d, Decoded) and d.workload is not None]
    assert len(decoded) == pods
    if pods:
        [pod] = decoded
        assert pod.kind == "Deployment" and pod.pointer == ("spec", "policy-templates", 0, "objectDefinition", "spec", "object-templates", 0, "objectDefinition")
        assert any("ConfigurationPolicy p/cp" in n for n in pod.workload.ref.operator_notes)  # type: ignore[union-attr]
    else:
        assert [(s.reason, s.kind) for s in found if isinstance(s, Skipped)] == [(DESCRIBES_OBJECTS, "Policy")]


def test_an_unnamed_template_and_a_standalone_configuration_policy() -> None:
    unnamed = _policy("enforce", None, "musthave")
    unnamed["spec"]["policy-templates"][0]["objectDefinition"]["spec"]["object-templates"][0]["objectDefinition"] = {
        **_DEPLOYMENT, "metadata": {"namespace": "n"}}  # fmt: skip
    assert [type(d).__name__ for d in _decoded(unnamed)] == ["Skipped"]  # enforce is not supported on unnamed templates
    config = _policy(None, "enforce", "musthave")["spec"]["policy-templates"][0]["objectDefinition"]
    assert [d.kind for d in _decoded(config) if isinstance(d, Decoded)] == ["Deployment"]


@pytest.mark.parametrize(
    ("spec", "pods", "as_written"),
    [
        ({}, 1, None),
        ({"managementPolicies": ["*"]}, 1, None),
        ({"managementPolicies": ["Observe", "Create", "Update"]}, 1, None),
        ({"managementPolicies": ["Observe", "Update", "Delete"]}, 0, None),
        ({"managementPolicy": "ObserveCreateUpdate"}, 1, None),
        ({"managementPolicy": "Observe"}, 0, None),
        ({"references": [{"patchesFrom": {"name": "x", "fieldPath": "data.cpu"}, "toFieldPath": "spec.template.spec.containers[0].resources.requests.cpu"}]},
         1, "spec.references patch spec.template.spec.containers[0].resources.requests.cpu from other objects before it is applied"),
        ({"references": [{"patchesFrom": {"name": "x", "fieldPath": "metadata.labels"}}]}, 1, None),
    ],
)
def test_each_branch_of_an_object(spec: dict[str, Any], pods: int, as_written: str | None) -> None:
    manifest = {k: v for k, v in _DEPLOYMENT.items() if k != "metadata"} | {"metadata": {"namespace": "n"}}  # named after the Object
    obj = {"apiVersion": "kubernetes.crossplane.io/v1alpha2", "kind": "Object", "metadata": {"name": "o"},
           "spec": {"forProvider": {"manifest": manifest}, **spec}}  # fmt: skip
    decoded = [d for d in _decoded(obj) if isinstance(d, Decoded) and d.workload is not None]
    assert len(decoded) == pods
    if pods:
        assert decoded[0].name == "o" and decoded[0].workload.ref.as_written == as_written  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "obj",
    [
        {"apiVersion": "kubernetes.crossplane.io/v1alpha1", "kind": "Object", "spec": {"forProvider": {"manifest": "x"}}},
        {"apiVersion": "kubernetes.crossplane.io/v1alpha1", "kind": "Object", "spec": [1]},
        {"apiVersion": "policy.open-cluster-management.io/v1", "kind": "Policy", "spec": {"policy-templates": [1, {"objectDefinition": []}]}},
        {"apiVersion": "policy.open-cluster-management.io/v1", "kind": "ConfigurationPolicy",
         "spec": {"remediationAction": "enforce", "object-templates": [{"complianceType": 3, "objectDefinition": {"kind": "Pod"}}, None]}},
        {"apiVersion": "policy.open-cluster-management.io/v1", "kind": "ConfigurationPolicy",
         "spec": {"remediationAction": "enforce", "object-templates": [{"complianceType": "musthave", "objectDefinition": {"metadata": {"name": "x"}}}]}},
    ],
)
def test_broken_wrappers_never_raise(obj: dict[str, Any]) -> None:
    assert all(isinstance(d, Skipped) for d in _decoded(obj))
