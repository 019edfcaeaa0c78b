"""The Priority admission plugin and PriorityClass objects (kube/priority.py).

The pod table is plugin/pkg/admission/priority/admission_test.go's
TestPodAdmission (kubernetes/kubernetes @78fc8e44052f), its default-class
cases TestDefaultPriority and TestPriorityClassAdmission; the class
validation cases are pkg/apis/scheduling/validation/validation_test.go's
TestValidatePriorityClass and TestValidatePriorityClassUpdate."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.kube.priority import (
    PREEMPT_LOWER_PRIORITY,
    PREEMPT_NEVER,
    SYSTEM_CRITICAL_PRIORITY,
    admit_pod_priority,
    apply_priority_class,
    default_priority_class,
    system_classes,
    validate_priority_class,
    validate_priority_class_update,
)
from pod_resources_cli.model.pod import Pod
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.model.policy import PriorityClass
from tests.lint_support import lint_text

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "schemas" / "report.schema.json").read_text())

# admission_test.go's classes.
DEFAULT1 = PriorityClass("default1", 1000, True, PREEMPT_LOWER_PRIORITY)
DEFAULT2 = PriorityClass("default2", 2000, True, PREEMPT_LOWER_PRIORITY)
NONDEFAULT1 = PriorityClass("nondefault1", 2000, False, PREEMPT_LOWER_PRIORITY)
SYSTEM_CLUSTER_CRITICAL = PriorityClass("system-cluster-critical", SYSTEM_CRITICAL_PRIORITY, True, PREEMPT_LOWER_PRIORITY)
NEVER_POLICY = PriorityClass("nopreemptionpolicy", 2000, True, PREEMPT_NEVER)
LOWER_POLICY = PriorityClass("nopreemptionpolicy", 2000, True, PREEMPT_LOWER_PRIORITY)

MIRROR = {"kubernetes.io/config.mirror": ""}


def _pod(name: str, cls: str | None = None, priority: int | None = None, policy: str | None = None, **kw: Any) -> Pod:
    return Pod(name=name, priority_class_name=cls, priority=priority, preemption_policy=policy, **kw)


PODS = [
    _pod("pod-w-priorityclass", "default1"),  # 0
    _pod("pod-wo-priorityclass"),  # 1
    _pod("pod-w-non-existing-priorityclass", "non-existing"),  # 2
    _pod("pod-w-integer-priority", "default1", 1000),  # 3
    _pod("pod-w-system-priority", "system-cluster-critical", namespace="kube-system"),  # 4
    _pod("mirror-pod-w-system-priority", "system-cluster-critical", namespace="kube-system", annotations=MIRROR),  # 5
    _pod("mirror-pod-w-integer-priority", "default1", 1000, annotations=MIRROR),  # 6
    _pod("pod-w-system-priority-in-nonsystem-namespace", "system-cluster-critical", namespace="non-system-namespace"),  # 7
    _pod("pod-w-zero-priority-in-nonsystem-namespace", None, 0),  # 8
    _pod("pod-w-priority-matching-default-priority", None, DEFAULT2.value),  # 9
    _pod("pod-w-priority-matching-resolved-default-priority", SYSTEM_CLUSTER_CRITICAL.name, SYSTEM_CLUSTER_CRITICAL.value),  # 10
    _pod("pod-never-preemption-policy-matching-resolved-preemption-policy", NEVER_POLICY.name, NEVER_POLICY.value),  # 11
    _pod("pod-preemption-policy-matching", LOWER_POLICY.name, LOWER_POLICY.value, PREEMPT_LOWER_PRIORITY),  # 12
    _pod("pod-preemption-policy-not-matching", LOWER_POLICY.name, LOWER_POLICY.value, PREEMPT_NEVER),  # 13
]

# (name, existing classes, pod, expected priority, expect error, expected preemption policy)
POD_ADMISSION = [
    ("Pod with priority class", [DEFAULT1, NONDEFAULT1], 0, 1000, False, None),
    ("Pod without priority class", [DEFAULT1], 1, 1000, False, None),
    ("pod without priority class and no existing priority class", [], 1, 0, False, None),
    ("pod without priority class and no default class", [NONDEFAULT1], 1, 0, False, None),
    ("pod with a system priority class", [SYSTEM_CLUSTER_CRITICAL], 4, SYSTEM_CRITICAL_PRIORITY, False, None),
    ("Pod with non-existing priority class", [DEFAULT1, NONDEFAULT1], 2, 0, True, None),
    ("pod with integer priority", [], 3, 0, True, None),
    ("mirror pod with system priority class", [SYSTEM_CLUSTER_CRITICAL], 5, SYSTEM_CRITICAL_PRIORITY, False, None),
    ("mirror pod with integer priority", [], 6, 0, True, None),
    ("pod with system critical priority in non-system namespace", [SYSTEM_CLUSTER_CRITICAL], 7, SYSTEM_CRITICAL_PRIORITY, False, None),
    ("pod with priority that matches computed priority", [NONDEFAULT1], 8, 0, False, None),
    ("pod with priority that matches default priority", [DEFAULT2], 9, DEFAULT2.value, False, None),
    ("pod with priority that matches resolved priority", [SYSTEM_CLUSTER_CRITICAL], 10, SYSTEM_CLUSTER_CRITICAL.value, False, None),
    ("pod with nil preemtpion policy", [LOWER_POLICY], 11, LOWER_POLICY.value, False, None),
    ("pod with preemtpion policy that matches resolved preemtpion policy", [LOWER_POLICY], 12, LOWER_POLICY.value, False, PREEMPT_LOWER_PRIORITY),
    ("pod with preemtpion policy that does't matches resolved preemtpion policy", [LOWER_POLICY], 13, LOWER_POLICY.value, True, PREEMPT_LOWER_PRIORITY),
]  # fmt: skip


@pytest.mark.parametrize(("name", "existing", "index", "priority", "error", "policy"), POD_ADMISSION, ids=[c[0] for c in POD_ADMISSION])
def test_pod_admission_table(name: str, existing: list[PriorityClass], index: int, priority: int, error: bool, policy: str | None) -> None:
    result = admit_pod_priority(PODS[index], {pc.name: pc for pc in existing})
    assert result.refused == error, result.refusal
    if not error:
        assert result.pod.priority == priority
        if policy is not None:
            assert result.pod.preemption_policy == policy


def test_refusal_messages_are_the_plugins() -> None:
    classes = {DEFAULT1.name: DEFAULT1, LOWER_POLICY.name: LOWER_POLICY}
    assert admit_pod_priority(PODS[2], classes).refusal == "no PriorityClass with name non-existing was found"
    assert admit_pod_priority(_pod("p", "default1", 7), classes).refusal == (
        "the integer value of priority (7) must not be provided in pod spec; "
        "priority admission controller computed 1000 from the given PriorityClass name"
    )
    assert admit_pod_priority(PODS[13], classes).refusal == (
        "the string value of PreemptionPolicy (Never) must not be provided in pod spec; "
        "priority admission controller computed PreemptLowerPriority from the given PriorityClass name"
    )
    refused = admit_pod_priority(PODS[2], classes)
    assert refused.pod is PODS[2] and refused.pointer == ("spec", "priorityClassName")


def test_what_the_plugin_sets() -> None:
    # No class: the globalDefault's name, value and preemption policy.
    never_default = PriorityClass("batch", 50, True, PREEMPT_NEVER)
    admitted = admit_pod_priority(PODS[1], {"batch": never_default}).pod
    assert (admitted.priority_class_name, admitted.priority, admitted.preemption_policy) == ("batch", 50, PREEMPT_NEVER)
    # No class and no default: 0, no class name, PreemptLowerPriority.
    admitted = admit_pod_priority(PODS[1], {}).pod
    assert (admitted.priority_class_name, admitted.priority, admitted.preemption_policy) == (None, 0, PREEMPT_LOWER_PRIORITY)
    # The built-in classes are known without any PriorityClass object.
    node_critical = admit_pod_priority(_pod("agent", "system-node-critical")).pod
    assert (node_critical.priority, node_critical.preemption_policy) == (2000001000, PREEMPT_LOWER_PRIORITY)
    assert admit_pod_priority(_pod("c", "system-cluster-critical")).pod.priority == 2000000000


@pytest.mark.parametrize(
    ("before", "after", "default_before", "default_after"),
    [
        ([DEFAULT1], [DEFAULT1], DEFAULT1, DEFAULT1),  # simple resolution with a default class
        ([NONDEFAULT1], [NONDEFAULT1, DEFAULT1], None, DEFAULT1),  # add a default class
        ([DEFAULT1, DEFAULT2], [DEFAULT2], DEFAULT1, DEFAULT2),  # several defaults: the lowest value
        ([DEFAULT1], [], DEFAULT1, None),  # delete the default class
        ([DEFAULT1], [PriorityClass("default1", 1000, False, PREEMPT_LOWER_PRIORITY)], DEFAULT1, None),  # remove its globalDefault
    ],
)
def test_default_priority(
    before: list[PriorityClass], after: list[PriorityClass], default_before: PriorityClass | None, default_after: PriorityClass | None
) -> None:
    assert default_priority_class({pc.name: pc for pc in before}) == default_before
    assert default_priority_class({pc.name: pc for pc in after}) == default_after


def test_priority_class_admission() -> None:
    classes: dict[str, PriorityClass] = {}
    assert apply_priority_class(classes, DEFAULT1) is None  # one default class
    refusal = apply_priority_class(classes, DEFAULT2)  # more than one default class
    assert refusal is not None and refusal.message == (
        'priorityclasses.scheduling.k8s.io "default2" is forbidden: PriorityClass default1 is already marked as default. '
        "Only one default can exist"
    )
    assert set(classes) == {"default1"}
    # Updating the default class itself (kubectl apply again) is no second default.
    assert apply_priority_class(classes, PriorityClass("default1", 1000, True)) is None
    # The plugin lets "system-test" through; ValidatePriorityClass refuses it first.
    refusal = apply_priority_class(classes, PriorityClass("system-test", 1_000_000_001))
    assert refusal is not None and refusal.message == (
        'PriorityClass.scheduling.k8s.io "system-test" is invalid: metadata.name: Forbidden: priority class names with '
        "'system-' prefix are reserved for system use only. error: system-test is not a known system priority class"
    )


def _errors(pc: PriorityClass) -> list[str]:
    return [str(e) for e in validate_priority_class(pc)]


def test_validate_priority_class() -> None:
    assert _errors(PriorityClass("tier1", 100)) == []
    assert _errors(PriorityClass("tier1", 200, False, None)) == []
    assert _errors(PriorityClass("system-node-critical", 2000001000)) == []
    assert _errors(PriorityClass("tier&1", 100)) == [
        'metadata.name: Invalid value: "tier&1": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric '
        "characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used "
        "for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
    ]
    assert _errors(PriorityClass("system-node-critical", 0)) == [
        "metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. "
        "error: value of system-node-critical PriorityClass must be 2000001000"
    ]
    assert _errors(PriorityClass("system-node-critical", 2000001000, True)) == [
        "metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. "
        "error: globalDefault of system-node-critical PriorityClass must be false"
    ]
    assert _errors(PriorityClass("system-something", 2000001000)) == [
        "metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. "
        "error: system-something is not a known system priority class"
    ]
    assert _errors(PriorityClass("big", 1_000_000_001)) == [
        "value: Forbidden: maximum allowed value of a user defined priority is 1000000000"
    ]
    assert _errors(PriorityClass("big", 1_000_000_000)) == []
    assert _errors(PriorityClass("", 1)) == ["metadata.name: Required value: name or generateName is required"]
    assert _errors(PriorityClass("p", 1, preemption_policy="Sometimes")) == [
        'preemptionPolicy: Unsupported value: "Sometimes": supported values: "PreemptLowerPriority", "Never"'
    ]
    assert _errors(PriorityClass("p", 1, preemption_policy="")) == ["preemptionPolicy: Required value"]


def test_validate_priority_class_update() -> None:
    old = PriorityClass("tier1", 100, False, PREEMPT_LOWER_PRIORITY)
    for ok in (old, PriorityClass("tier1", 100, True, PREEMPT_LOWER_PRIORITY)):  # no change; change globalDefault
        assert validate_priority_class_update(ok, old) == []
    removed = validate_priority_class_update(PriorityClass("tier1", 0, False, PREEMPT_LOWER_PRIORITY), old)
    assert [str(e) for e in removed] == ["value: Forbidden: may not be changed in an update."]
    changed = validate_priority_class_update(PriorityClass("tier1", 100, False, PREEMPT_NEVER), old)
    assert [str(e) for e in changed] == ['preemptionPolicy: Invalid value: "Never": field is immutable']
    # Through apply: a later object of the same name is an update.
    classes = system_classes()
    assert apply_priority_class(classes, PriorityClass("tier1", 100)) is None
    refusal = apply_priority_class(classes, PriorityClass("tier1", 101))
    assert refusal is not None
    assert refusal.message == 'PriorityClass.scheduling.k8s.io "tier1" is invalid: value: Forbidden: may not be changed in an update.'
    assert classes["tier1"].value == 100
    # The built-in classes exist already: writing one as it is changes nothing.
    assert apply_priority_class(classes, PriorityClass("system-node-critical", 2000001000)) is None


# -- end to end -------------------------------------------------------------------------

NODE_CRITICAL = """\
apiVersion: v1
kind: Pod
metadata: {name: agent, namespace: kube-system}
spec:
  priorityClassName: system-node-critical
  containers:
  - name: app
    image: agent
    resources:
      requests: {memory: 100Mi}
      limits: {memory: 200Mi}
"""

UNKNOWN = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  template:
    spec:
      priorityClassName: high
      containers:
      - name: app
        image: web
        resources: {requests: {memory: 100Mi}}
"""


def _explain(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> tuple[dict[str, Any], str]:
    path = tmp_path / "in.yaml"
    path.write_text(text, encoding="utf-8")
    code = main(["explain", "-o", "json", str(path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    jsonschema.validate(data, SCHEMA)
    return data, err


def test_node_critical_pod_without_priority_scores_minus_997(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The plugin sets 2000001000, so the kubelet sees a node-critical pod (a
    Burstable pod asking 100Mi on the default 32Gi node would score 997)."""
    data, _ = _explain(tmp_path, NODE_CRITICAL, capsys)
    (pod,) = data["pods"]
    assert pod["qosClass"] == "Burstable" and pod["admission"] is None
    assert [c["oomScoreAdj"] for c in pod["containers"]] == [-997]
    assert pod["containers"][0]["oomScoreWhy"] == "node-critical pod (system-node-critical): last to be killed"
    assert pod["priority"] == {
        "value": 2000001000, "className": "system-node-critical", "preemptionPolicy": "PreemptLowerPriority",
        "why": "PriorityClass system-node-critical",
    }  # fmt: skip
    burstable, _ = _explain(tmp_path, NODE_CRITICAL.replace("system-node-critical", "system-cluster-critical"), capsys)
    assert [c["oomScoreAdj"] for c in burstable["pods"][0]["containers"]] == [997]  # critical, but not node-critical


def test_unknown_class_is_refused_in_explain(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, _ = _explain(tmp_path, UNKNOWN, capsys)
    (pod,) = data["pods"]
    assert pod["admission"]["admitted"] is False
    assert pod["admission"]["decidedBy"] == "apiserver"
    assert pod["admission"]["message"] == 'pods "web" is forbidden: no PriorityClass with name high was found'
    assert pod["priority"] == {"value": None, "className": "high", "preemptionPolicy": None, "why": None}


def test_a_class_among_the_inputs_is_used(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    high = "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 1000\n---\n"
    data, err = _explain(tmp_path, high + UNKNOWN, capsys)
    assert data["pods"][0]["admission"] is None and not err
    assert data["pods"][0]["priority"]["value"] == 1000


def test_an_invalid_class_is_named_and_not_used(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    high = "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 2000000000\n---\n"
    data, err = _explain(tmp_path, high + UNKNOWN, capsys)
    assert data["pods"][0]["admission"]["message"] == 'pods "web" is forbidden: no PriorityClass with name high was found'
    assert err.strip().endswith(
        'in.yaml:4:1: warning: PriorityClass.scheduling.k8s.io "high" is invalid: value: Forbidden: maximum allowed value '
        "of a user defined priority is 1000000000 (the API server refuses it; no pod can use it)"
    )
    assert err.count("warning:") == 1


def test_unknown_class_in_lint_is_a_warning_the_cluster_may_answer() -> None:
    """A class found nowhere among the inputs may exist in the cluster (a platform team's): PR168, a warning, not PR167."""
    result = lint_text(UNKNOWN)
    assert "PR167" not in [f.rule for f in result.findings]
    [finding] = [f for f in result.findings if f.rule == "PR168"]
    assert finding.severity is Severity.WARNING
    assert finding.message == (
        "priorityClassName high: no PriorityClass of that name is built in or among the linted files; "
        "the Priority admission plugin refuses its pods when they are created unless the cluster has one"
    )
    assert (finding.location.line, finding.field) == (7, "spec.template.spec.priorityClassName")


def test_explain_says_an_unknown_class_is_the_clusters_to_answer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, _ = _explain(tmp_path, UNKNOWN, capsys)
    [pod] = data["pods"]
    assert pod["admission"]["message"].endswith("is forbidden: no PriorityClass with name high was found")
    assert pod["notes"] == [
        "the PriorityClass high is neither built in nor among the inputs: the API server refuses the pod unless the cluster has one"
    ]


def test_lint_and_explain_agree_on_a_priority_mismatch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = NODE_CRITICAL.replace("  priorityClassName: system-node-critical\n", "  priority: 5\n")
    [finding] = [f for f in lint_text(text).findings if f.rule == "PR167"]
    reason = (
        "the integer value of priority (5) must not be provided in pod spec; "
        "priority admission controller computed 0 from the given PriorityClass name"
    )
    assert finding.message == f"Priority admission: {reason} (the pod is refused)"
    data, _ = _explain(tmp_path, text, capsys)
    assert data["pods"][0]["admission"]["message"] == f'pods "agent" is forbidden: {reason}'


def test_invalid_classes_in_lint() -> None:
    text = (
        "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: a}\nvalue: 10\nglobalDefault: true\n---\n"
        "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: b}\nvalue: 5\nglobalDefault: true\n"
    )
    [finding] = [f for f in lint_text(text).findings if f.rule == "PR166"]
    assert finding.message == (
        'priorityclasses.scheduling.k8s.io "b" is forbidden: PriorityClass a is already marked as default. '
        "Only one default can exist (the API server refuses it; no pod can use it)"
    )
    assert (finding.location.line, finding.field) == (11, "globalDefault")


QUOTA = """\
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: standard}
value: 100
globalDefault: true
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: standard-pods, namespace: ns}
spec:
  hard: {pods: "1"}
  scopeSelector:
    matchExpressions:
    - {scopeName: PriorityClass, operator: In, values: [standard]}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: ns}
spec:
  replicas: 3
  template:
    spec:
      containers: [{name: app, image: web}]
"""


def test_quota_priority_class_scope_with_a_global_default() -> None:
    """The pods get the default class's name, so the quota scoped to it counts them."""
    [finding] = [f for f in lint_text(QUOTA).findings if f.rule == "PR162"]
    assert finding.message == "namespace ns asks for pods=3 but ResourceQuota standard-pods allows 1: Deployment web 3 x 1"
    without_default = QUOTA.replace("globalDefault: true", "globalDefault: false")
    assert not [f for f in lint_text(without_default).findings if f.rule == "PR162"]


def test_admit_uses_the_classes_of_its_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The class comes after the pod in the file: files are read for policies first."""
    high = "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 1000\n"
    path = tmp_path / "in.yaml"
    path.write_text(UNKNOWN + "---\n" + UNKNOWN.replace("high", "missing").replace("name: web", "name: api") + "---\n" + high)
    code = main(["admit", "-o", "json", "--node", str(ROOT / "examples" / "nodes" / "laptop.yaml"), str(path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    jsonschema.validate(data, SCHEMA)
    web, api = data["pods"]
    assert web["admission"]["admitted"] is True and web["priority"]["value"] == 1000
    assert api["admission"] == {
        "admitted": False, "reason": "Forbidden", "decidedBy": "apiserver", "sharedPoolAfter": web["admission"]["sharedPoolAfter"],
        "message": 'pods "api" is forbidden: no PriorityClass with name missing was found',
    }  # fmt: skip


def test_diff_applies_the_classes_of_its_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Both sides see the class among the inputs; a refused class is a warning, not an error."""
    from pod_resources_cli.analysis.diff import Side
    from pod_resources_cli.cli.options import build_gates
    from pod_resources_cli.run.node import load_node_file
    from pod_resources_cli.run.diff import diff_paths

    high = "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 1000\n---\n"
    bad = "apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: system-x}\nvalue: 1\n---\n"
    path = tmp_path / "in.yaml"
    path.write_text(bad + high + UNKNOWN)
    sides = [Side(g, load_node_file(None, g)) for g in (build_gates(None, "1.36"), build_gates(None, "1.37"))]
    result = diff_paths([str(path)], sides[0], sides[1], admit=False)
    assert not result.problems and result.summary.pods == 1
    assert result.warnings == [
        f"{path}:3:12: warning: "  # metadata.name
        'PriorityClass.scheduling.k8s.io "system-x" is invalid: metadata.name: Forbidden: priority class names with '
        "'system-' prefix are reserved for system use only. error: system-x is not a known system priority class "
        "(the API server refuses it; no pod can use it)"
    ]
    assert result.unchanged == 1  # 1.36 and 1.37 agree on this pod
