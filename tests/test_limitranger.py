"""LimitRange as the API server stores and validates it, and as the
LimitRanger plugin applies it (kube/limitranger.py, kube/validation/limit_range.py)."""

from __future__ import annotations

import pytest

from pod_resources_cli.kube.limitranger import stored_limit_range
from pod_resources_cli.kube.validation.limit_range import validate_limit_range
from pod_resources_cli.location import Location
from pod_resources_cli.model.policy import LimitRange, LimitRangeItem
from pod_resources_cli.quantity import Quantity
from tests.lint_support import lint_text


def _item(type_: str, **fields: dict[str, str]) -> LimitRangeItem:
    lists = {k: {n: Quantity.parse(v) for n, v in values.items()} for k, values in fields.items()}
    return LimitRangeItem(type_, pointer=("spec", "limits", 0), **lists)


def _errors(*items: LimitRangeItem) -> list[str]:
    lr = LimitRange("lr", "ns", items, Location("x.yaml", 1, 1))
    return sorted(str(e) for e in validate_limit_range(stored_limit_range(lr)))


@pytest.mark.parametrize(
    ("item", "expected"),
    [
        (_item("Container", max={"cpu": "2"}, default={"cpu": "1"}, default_request={"cpu": "500m"}), []),
        (_item("Pod", max={"cpu": "4"}, min={"memory": "1Mi"}), []),
        (
            _item("Pod", default={"cpu": "2"}, default_request={"cpu": "1"}),
            [
                "spec.limits[0].default: Forbidden: may not be specified when `type` is 'Pod'",
                "spec.limits[0].defaultRequest: Forbidden: may not be specified when `type` is 'Pod'",
            ],
        ),
        # default request falls back to the default (2), so it is above max too
        (
            _item("Container", max={"cpu": "1"}, default={"cpu": "2"}),
            [
                "spec.limits[0].defaultRequest[cpu]: Invalid value: default request value 2 is greater than max value 1",
                "spec.limits[0].default[cpu]: Invalid value: default value 2 is greater than max value 1",
            ],
        ),
        # default and default request both fall back to max (1Gi): min is above all three
        (_item("Container", min={"memory": "2Gi"}, max={"memory": "1Gi"}), [
            "spec.limits[0].defaultRequest[memory]: Invalid value: min value 2Gi is greater than default request value 1Gi",
            "spec.limits[0].default[memory]: Invalid value: min value 2Gi is greater than default value 1Gi",
            "spec.limits[0].min[memory]: Invalid value: min value 2Gi is greater than max value 1Gi",
        ]),
        (_item("Container", max_limit_request_ratio={"cpu": "0.5"}), [
            "spec.limits[0].maxLimitRequestRatio[cpu]: Invalid value: ratio 500m is less than 1",
        ]),
        # float64 max/min, printed like Go's %f
        (_item("Pod", min={"cpu": "300m"}, max={"cpu": "1"}, max_limit_request_ratio={"cpu": "4"}), [
            "spec.limits[0].maxLimitRequestRatio[cpu]: Invalid value: ratio 4 is greater than max/min = 3.333333",
        ]),
        # min 0: max/min is +Inf in Go, never exceeded
        (_item("Pod", min={"cpu": "0"}, max={"cpu": "1"}, max_limit_request_ratio={"cpu": "4"}), []),
        (_item("Container", default={"hugepages-2Mi": "4Mi"}, default_request={"hugepages-2Mi": "2Mi"}), [
            "spec.limits[0].defaultRequest[hugepages-2Mi]: Invalid value: default value 4Mi must equal to defaultRequest value 2Mi in hugepages-2Mi",
        ]),
        (_item("Node", max={"cpu": "1"}), [
            'spec.limits[0].type: Invalid value: "Node": must be a standard limit type or fully qualified',
        ]),
        # the name is checked wherever defaulting copied it
        (_item("Container", max={"pods": "1"}), [
            'spec.limits[0].defaultRequest[pods]: Invalid value: "pods": must be a standard resource for containers',
            'spec.limits[0].default[pods]: Invalid value: "pods": must be a standard resource for containers',
            'spec.limits[0].max[pods]: Invalid value: "pods": must be a standard resource for containers',
        ]),
        (_item("PersistentVolumeClaim", max={"cpu": "1"}), [
            "spec.limits[0].limits: Required value: either minimum or maximum storage value is required, but neither was provided",
        ]),
    ],
)
def test_validate_limit_range(item: LimitRangeItem, expected: list[str]) -> None:
    assert _errors(item) == expected


def test_a_repeated_type_is_a_duplicate() -> None:
    second = LimitRangeItem("Container", pointer=("spec", "limits", 1))
    assert _errors(_item("Container"), second) == ['spec.limits[1].type: Duplicate value: "Container"']


def test_stored_limit_range_rounds_up_to_milli_and_defaults_container_items() -> None:
    lr = LimitRange("lr", "ns", (_item("Container", max={"cpu": "0.0005", "memory": "1.5Gi"}, max_limit_request_ratio={"cpu": "1.0001"}),), Location("x", 1, 1))
    (item,) = stored_limit_range(lr).items
    assert {k: str(v) for k, v in item.max.items()} == {"cpu": "1m", "memory": "1536Mi"}
    assert str(item.max_limit_request_ratio["cpu"]) == "1001m"
    assert {k: str(v) for k, v in item.default.items()} == {"cpu": "1m", "memory": "1536Mi"}
    assert item.default_request == item.default


def _rules(text: str) -> list[tuple[str, str]]:
    return sorted((f.rule, f.message) for f in lint_text(text).findings if f.rule.startswith("PR16"))


def test_an_invalid_limit_range_is_reported_and_applies_to_nothing() -> None:
    text = """\
apiVersion: v1
kind: LimitRange
metadata: {name: lr, namespace: ns}
spec:
  limits:
  - type: Pod
    default: {cpu: "2"}
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: rq, namespace: ns}
spec:
  hard: {limits.cpu: "1"}
---
apiVersion: v1
kind: Pod
metadata: {name: p, namespace: ns}
spec:
  resources:
    requests: {memory: 1Gi}
  containers:
  - name: app
    image: x
"""
    assert _rules(text) == [
        ("PR164", "LimitRange \"lr\" is invalid: spec.limits[0].default: Forbidden: may not be specified when `type` is 'Pod' "
                  "(the API server rejects it; it applies to nothing)"),
    ]  # fmt: skip
    [finding] = [f for f in lint_text(text).findings if f.rule == "PR164"]
    assert (finding.location.line, finding.location.column, finding.field) == (7, 5, "spec.limits[0].default")


def test_ratios_compare_the_stored_milli_values() -> None:
    text = """\
apiVersion: v1
kind: LimitRange
metadata: {name: lr, namespace: ns}
spec:
  limits:
  - type: Container
    maxLimitRequestRatio: {cpu: "1.0001"}
---
apiVersion: v1
kind: Pod
metadata: {name: p, namespace: ns}
spec:
  containers:
  - name: app
    image: x
    resources:
      requests: {cpu: LOW}
      limits: {cpu: 1001m}
"""
    assert _rules(text.replace("LOW", "1000m")) == []  # 1.001 <= 1001m
    assert _rules(text.replace("LOW", "999m")) == [
        ("PR161", "LimitRange lr: cpu max limit to request ratio per Container is 1001m, but provided ratio is 1.002002 (the pod is refused)"),
    ]


def test_pod_items_see_pod_level_cpu_and_memory_but_container_hugepages() -> None:
    """The plugin's own podRequests/podLimits override only cpu and memory at pod level."""
    text = """\
apiVersion: v1
kind: LimitRange
metadata: {name: lr, namespace: ns}
spec:
  limits:
  - type: Pod
    max: {hugepages-2Mi: 50Mi, memory: 800Mi}
---
apiVersion: v1
kind: Pod
metadata: {name: p, namespace: ns}
spec:
  resources:
    requests: {cpu: "1", memory: 1Gi, hugepages-2Mi: 100Mi}
    limits: {cpu: "1", memory: 1Gi, hugepages-2Mi: 100Mi}
  containers:
  - name: app
    image: x
    resources:
      limits: {memory: 500Mi, hugepages-2Mi: 20Mi}
"""
    assert _rules(text) == [
        ("PR160", "LimitRange lr: maximum memory usage per Pod is 800Mi, but limit is 1Gi (the pod is refused)"),
    ]
