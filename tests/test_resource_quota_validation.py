"""ResourceQuota validation as the API server's (kube/validation/resource_quota.py).

The first table is upstream's TestValidateResourceQuota
(pkg/apis/core/validation/validation_test.go, kubernetes/kubernetes
@000f26050b9b), spec cases in its order; upstream asserts that every error's
detail contains the case's text, these vectors state the whole errors. The
metadata cases (name, namespace) are out of scope: only the spec is
validated. The second table adds the cases of issue 9 (scopes that cannot
apply, selector operators and values, integer counts).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from pod_resources_cli.kube.resourcequota import stored_quota
from pod_resources_cli.kube.validation.resource_quota import validate_resource_quota
from pod_resources_cli.location import Location
from pod_resources_cli.model.decode.policy import decode_resource_quota
from pod_resources_cli.model.decode.problems import Problems
from tests.lint_support import lint_text
from tests.test_cli_explain import run

SPEC = {
    "hard": {
        "cpu": "100", "memory": "10000", "requests.cpu": "100", "requests.memory": "10000",
        "limits.cpu": "100", "limits.memory": "10000", "pods": "10", "services": "0",
        "replicationcontrollers": "10", "resourcequotas": "10", "configmaps": "10", "secrets": "10",
        # unknown and not enforced unless DRA is enabled, but not invalid
        "count/resourceclaims.resource.k8s.io": "1", "gold.deviceclass.resource.k8s.io/devices": "1",
    }
}  # fmt: skip
EXISTS_ONLY = (
    "must be 'Exists' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, "
    "ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity"
)


def _errors(spec: dict[str, Any]) -> list[str]:
    problems = Problems()
    rq = decode_resource_quota({"metadata": {"name": "abc", "namespace": "foo"}, "spec": spec}, (), problems, lambda p: Location("q.yaml", 1, 1))
    assert not problems.items
    return [str(e) for e in validate_resource_quota(stored_quota(rq))]


UPSTREAM: list[tuple[str, dict[str, Any], str, list[str]]] = [
    ("no-scope", SPEC, "", []),
    ("fractional-compute-spec", {"hard": {"cpu": "100m"}}, "", []),
    ("terminating-spec", {"hard": {"cpu": "100", "limits.cpu": "200"}, "scopes": ["Terminating"]}, "", []),
    ("non-terminating-spec", {"hard": {"cpu": "100"}, "scopes": ["NotTerminating"]}, "", []),
    ("best-effort-spec", {"hard": {"pods": "100"}, "scopes": ["BestEffort"]}, "", []),
    ("cross-namespace-affinity-spec", {"hard": {"cpu": "100", "limits.cpu": "200"}, "scopes": ["CrossNamespacePodAffinity"]}, "", []),
    (
        "scope-selector-spec",
        {"scopeSelector": {"matchExpressions": [{"scopeName": "PriorityClass", "operator": "In", "values": ["cluster-services"]}]}},
        "",
        [],
    ),
    ("non-best-effort-spec", {"hard": {"cpu": "100"}, "scopes": ["NotBestEffort"]}, "", []),
    (
        "negative-limits",
        {"hard": {"cpu": "-100", "memory": "-10000", "pods": "-10", "services": "-10", "replicationcontrollers": "-10",
                  "resourcequotas": "-10", "configmaps": "-10", "secrets": "-10"}},
        "must be greater than or equal to 0",
        [f'spec.hard[{n}]: Invalid value: "{v}": must be greater than or equal to 0' for n, v in [
            ("configmaps", "-10"), ("cpu", "-100"), ("memory", "-10k"), ("pods", "-10"),
            ("replicationcontrollers", "-10"), ("resourcequotas", "-10"), ("secrets", "-10"), ("services", "-10"),
        ]],
    ),  # fmt: skip
    (
        "fractional-api-resource",
        {"hard": {"pods": ".1", "services": ".5", "replicationcontrollers": "1.25", "resourcequotas": "2.5"}},
        "must be an integer",
        [f"spec.hard[{n}]: Invalid value: must be an integer" for n in ("pods", "replicationcontrollers", "resourcequotas", "services")],
    ),
    ("invalid-quota-resource", {"hard": {"storage": "10"}}, "must be a standard resource for quota", [
        'spec.hard[storage]: Invalid value: "storage": must be a standard resource for quota',
    ]),  # fmt: skip
    ("invalid-quota-terminating-pair", {"hard": {"cpu": "100"}, "scopes": ["Terminating", "NotTerminating"]}, "conflicting scopes", [
        'spec.scopes: Invalid value: []core.ResourceQuotaScope{"Terminating", "NotTerminating"}: conflicting scopes',
    ]),  # fmt: skip
    ("invalid-quota-besteffort-pair", {"hard": {"pods": "100"}, "scopes": ["BestEffort", "NotBestEffort"]}, "conflicting scopes", [
        'spec.scopes: Invalid value: []core.ResourceQuotaScope{"BestEffort", "NotBestEffort"}: conflicting scopes',
    ]),  # fmt: skip
    ("invalid-quota-scope-name", {"hard": {"cpu": "100"}, "scopes": ["foo"]}, "unsupported scope", [
        'spec.scopes: Invalid value: []core.ResourceQuotaScope{"foo"}: unsupported scope',
    ]),  # fmt: skip
    (
        "invalid-cross-namespace-affinity",
        {"scopeSelector": {"matchExpressions": [{"scopeName": "CrossNamespacePodAffinity", "operator": "In", "values": ["cluster-services"]}]}},
        EXISTS_ONLY,
        [f'spec.scopeSelector.matchExpressions.operator: Invalid value: "In": {EXISTS_ONLY}'],
    ),
]


@pytest.mark.parametrize(("name", "spec", "detail", "expected"), UPSTREAM, ids=[c[0] for c in UPSTREAM])
def test_upstream_table(name: str, spec: dict[str, Any], detail: str, expected: list[str]) -> None:
    got = _errors(spec)
    assert got == expected
    assert all(detail in e for e in got)  # upstream's own assertion


SELECTOR_BEST_EFFORT = (
    "core.ScopeSelector{MatchExpressions:[]core.ScopedResourceSelectorRequirement{"
    'core.ScopedResourceSelectorRequirement{ScopeName:"BestEffort", Operator:"Exists", Values:[]string(nil)}}}'
)
MORE: list[tuple[str, dict[str, Any], list[str]]] = [
    ("count-pods-fraction", {"hard": {"count/pods": "2.5"}}, ["spec.hard[count/pods]: Invalid value: must be an integer"]),
    # stored rounded up to 1m, which is still not whole
    ("pods-below-a-milli", {"hard": {"pods": "0.0001"}}, ["spec.hard[pods]: Invalid value: must be an integer"]),
    ("object-counts-and-extended", {"hard": {"count/deployments.apps": "3", "nvidia.com/gpu": "2", "requests.nvidia.com/gpu": "1500m"}}, []),
    ("extended-fraction", {"hard": {"nvidia.com/gpu": "1.5"}}, ["spec.hard[nvidia.com/gpu]: Invalid value: must be an integer"]),
    ("unknown-name", {"hard": {"gpu": "1"}}, [
        'spec.hard[gpu]: Invalid value: "gpu": must be a standard resource type or fully qualified',
        'spec.hard[gpu]: Invalid value: "gpu": must be a standard resource for quota',
    ]),  # fmt: skip
    ("hugepages", {"hard": {"hugepages-2Mi": "1Gi", "requests.hugepages-1Gi": "2Gi"}}, []),
    # one error per scope and tracked resource it cannot apply to
    ("best-effort-tracks-only-pods", {"hard": {"pods": "5", "requests.cpu": "1", "limits.memory": "1Gi"}, "scopes": ["BestEffort"]}, [
        'spec.scopes: Invalid value: []core.ResourceQuotaScope{"BestEffort"}: unsupported scope applied to resource',
        'spec.scopes: Invalid value: []core.ResourceQuotaScope{"BestEffort"}: unsupported scope applied to resource',
    ]),  # fmt: skip
    ("terminating-not-for-storage", {"hard": {"requests.storage": "1Gi", "count/pods": "1"}, "scopes": ["Terminating"]}, [
        'spec.scopes: Invalid value: []core.ResourceQuotaScope{"Terminating"}: unsupported scope applied to resource',
    ]),  # fmt: skip
    ("volume-attributes-class-for-pvcs", {"hard": {"persistentvolumeclaims": "2", "requests.storage": "1Gi"}, "scopes": ["VolumeAttributesClass"]}, []),
    ("volume-attributes-class-not-for-pods", {"hard": {"pods": "2"}, "scopes": ["VolumeAttributesClass"]}, [
        'spec.scopes: Invalid value: []core.ResourceQuotaScope{"VolumeAttributesClass"}: unsupported scope applied to resource',
    ]),  # fmt: skip
    ("selector-best-effort-with-cpu", {"hard": {"cpu": "1"}, "scopeSelector": {"matchExpressions": [{"scopeName": "BestEffort", "operator": "Exists"}]}}, [
        f"spec.scopeSelector.matchExpressions: Invalid value: {SELECTOR_BEST_EFFORT}: unsupported scope applied to resource",
    ]),  # fmt: skip
    ("selector-unknown-scope", {"scopeSelector": {"matchExpressions": [{"scopeName": "Gold", "operator": "Exists"}]}}, [
        'spec.scopeSelector.matchExpressions.scopeName: Invalid value: "Gold": unsupported scope',
    ]),  # fmt: skip
    ("selector-in-without-values", {"scopeSelector": {"matchExpressions": [{"scopeName": "PriorityClass", "operator": "NotIn"}]}}, [
        "spec.scopeSelector.matchExpressions.values: Required value: must be at least one value when `operator` is 'In' or 'NotIn' for scope selector",
    ]),  # fmt: skip
    ("selector-exists-with-values", {"scopeSelector": {"matchExpressions": [{"scopeName": "PriorityClass", "operator": "DoesNotExist", "values": ["a", "b"]}]}}, [
        'spec.scopeSelector.matchExpressions.values: Invalid value: []string{"a", "b"}: '
        "must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector",
    ]),  # fmt: skip
    ("selector-bad-operator", {"scopeSelector": {"matchExpressions": [{"scopeName": "NotBestEffort", "operator": "Gt"}]}}, [
        f'spec.scopeSelector.matchExpressions.operator: Invalid value: "Gt": {EXISTS_ONLY}',
        'spec.scopeSelector.matchExpressions.operator: Invalid value: "Gt": not a valid selector operator',
    ]),  # fmt: skip
    ("selector-conflict-shows-spec-scopes", {"scopeSelector": {"matchExpressions": [
        {"scopeName": "Terminating", "operator": "Exists"}, {"scopeName": "NotTerminating", "operator": "Exists"},
    ]}}, ["spec.scopeSelector.matchExpressions: Invalid value: []core.ResourceQuotaScope(nil): conflicting scopes"]),  # fmt: skip
    ("selector-priority-class-operators", {"scopeSelector": {"matchExpressions": [
        {"scopeName": "PriorityClass", "operator": "Exists"}, {"scopeName": "PriorityClass", "operator": "NotIn", "values": ["low"]},
    ]}}, []),  # fmt: skip
    ("empty-selector", {"scopeSelector": {}}, []),
]


@pytest.mark.parametrize(("name", "spec", "expected"), MORE, ids=[c[0] for c in MORE])
def test_issue_cases(name: str, spec: dict[str, Any], expected: list[str]) -> None:
    assert _errors(spec) == expected


QUOTA_AND_PODS = """\
apiVersion: v1
kind: ResourceQuota
metadata: {name: compute, namespace: ns}
spec:
  hard: {pods: "1", count/pods: "2.5"}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: ns}
spec:
  replicas: 3
  template:
    spec:
      containers:
      - name: app
        image: x
"""


def test_lint_reports_an_invalid_quota_and_never_enforces_it() -> None:
    found = [(f.rule, f.message, f.field, f.location.line, f.location.column) for f in lint_text(QUOTA_AND_PODS).findings if f.rule.startswith("PR16")]
    assert found == [
        ("PR165", 'ResourceQuota "compute" is invalid: spec.hard[count/pods]: Invalid value: must be an integer '
                  "(the API server rejects it; it counts and refuses nothing)", "spec.hard[count/pods]", 5, 21),
    ]  # fmt: skip
    valid = QUOTA_AND_PODS.replace('count/pods: "2.5"', 'count/pods: "2"')
    assert [f.rule for f in lint_text(valid).findings if f.rule.startswith("PR16")] == ["PR162", "PR162"]


def test_explain_says_once_why_an_invalid_quota_is_left_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One line per rejected object, the Status kubectl would print, though
    the file is read twice (policies first, then every document)."""
    path = tmp_path / "all.yaml"
    path.write_text(QUOTA_AND_PODS.replace("hard:", "scopes: [BestEffort, NotBestEffort]\n  hard:"))
    code, _, err = run(["explain", "-o", "json", str(path)], capsys)
    assert code == 0
    assert err.splitlines() == [
        f'{path}:1:1: warning: ResourceQuota "compute" is invalid: [spec.hard[count/pods]: Invalid value: must be an integer, '
        'spec.scopes: Invalid value: []core.ResourceQuotaScope{"BestEffort", "NotBestEffort"}: conflicting scopes] '
        "(the API server rejects it; it counts and refuses nothing)"
    ]


def test_decoded_selector_keeps_what_validation_needs() -> None:
    data: dict[str, Any] = yaml.safe_load("spec: {scopes: [], scopeSelector: {matchExpressions: [{scopeName: PriorityClass, operator: In, values: []}]}}")
    rq = decode_resource_quota(data, ("items", 2), Problems(), lambda p: Location("q.yaml", 1, 1))
    assert rq.spec_scopes == () and rq.selector_set and rq.pointer == ("items", 2)
    assert rq.selector is not None and rq.selector[0].values_set and rq.selector[0].pointer == ("items", 2, "spec", "scopeSelector", "matchExpressions", 0)


def test_admit_says_it_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "all.yaml"
    path.write_text(QUOTA_AND_PODS)
    node = Path(__file__).resolve().parents[1] / "examples" / "nodes" / "dual-socket-ht.yaml"
    code, _, err = run(["admit", "--node", str(node), "-o", "json", str(path)], capsys)
    assert code == 0
    assert err.splitlines() == [
        f'{path}:1:1: warning: ResourceQuota "compute" is invalid: spec.hard[count/pods]: Invalid value: must be an integer '
        "(the API server rejects it; it counts and refuses nothing)"
    ]


def test_a_quota_the_api_server_cannot_decode_is_not_enforced_either(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A bad quantity fails before validation (the JSON decoding of the
    request), so the quota never exists: PR002 says why, PR162 stays silent."""
    text = QUOTA_AND_PODS.replace('count/pods: "2.5"', "count/pods: lots")
    assert [f.rule for f in lint_text(text).findings if f.rule in ("PR002", "PR162", "PR165")] == ["PR002"]
    path = tmp_path / "all.yaml"
    path.write_text(text)
    code, _, err = run(["explain", "-o", "json", str(path)], capsys)
    assert code == 0
    [line] = err.splitlines()
    assert line.startswith(f"{path}:5:21: warning: ResourceQuota \"compute\": invalid quantity 'lots': quantities must match")
    assert line.endswith("(the API server rejects it; it counts and refuses nothing)")


def test_a_scope_that_is_not_a_string_is_a_decode_problem() -> None:
    problems = Problems()
    data = {"spec": {"scopes": ["BestEffort", 5], "scopeSelector": {"matchExpressions": [{"scopeName": 7, "operator": "Exists", "values": [1]}]}}}
    rq = decode_resource_quota(data, (), problems, lambda p: Location("q.yaml", 1, 1))
    assert [(p.pointer, p.message) for p in problems.items] == [
        (("spec", "scopes", 1), "must be a string, not a number"),
        (("spec", "scopeSelector", "matchExpressions", 0, "values", 0), "must be a string, not a number"),
        (("spec", "scopeSelector", "matchExpressions", 0, "scopeName"), "must be a string, not a number"),
    ]
    assert rq.spec_scopes == ("BestEffort",)
