"""Ephemeral containers on create: their resources are validated like any
container's, then refused (kube/validation/pod.py, after
validateEphemeralContainers and ValidatePodCreate of
pkg/apis/core/validation/validation.go, kubernetes/kubernetes @000f26050b9b)."""

from __future__ import annotations

from typing import Any

import yaml

from pod_resources_cli.kube.validation import validate_pod_create
from tests.lint_support import lint_text
from tests.support import gates_of, pod_of

POD = """
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers: [{name: app, image: nginx}]
  ephemeralContainers:
  - name: debug
    image: busybox
    resources: {requests: {cpu: "2"}, limits: {cpu: "1"}}
  - name: empty
    image: busybox
    resources: {requests: {}}
  - name: plain
    image: busybox
    resources: {requests: null}
"""


def _errors(text: str) -> list[str]:
    obj: dict[str, Any] = yaml.safe_load(text)
    return [str(e) for e in validate_pod_create(pod_of(obj), gates_of({}))]


def test_ephemeral_resources_are_validated_then_refused_and_create_refuses_last() -> None:
    assert _errors(POD) == [
        'spec.ephemeralContainers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1',
        "spec.ephemeralContainers[0].resources: Forbidden: cannot be set for an Ephemeral Container",
        # a present but empty list is not the zero value upstream compares with
        "spec.ephemeralContainers[1].resources: Forbidden: cannot be set for an Ephemeral Container",
        "spec.ephemeralContainers: Forbidden: cannot be set on create",
    ]


def test_ephemeral_resource_names_and_quantities_are_checked() -> None:
    text = POD.replace('{requests: {cpu: "2"}, limits: {cpu: "1"}}', '{limits: {storage: "-1"}}')
    assert _errors(text)[:3] == [
        'spec.ephemeralContainers[0].resources.limits[storage]: Invalid value: "storage": must be a standard resource for containers',
        'spec.ephemeralContainers[0].resources.limits[storage]: Invalid value: "-1": must be greater than or equal to 0',
        "spec.ephemeralContainers[0].resources: Forbidden: cannot be set for an Ephemeral Container",
    ]


def test_lint_reports_the_ephemeral_request_above_its_limit() -> None:
    found = sorted((f.rule, f.field or "", f.container or "") for f in lint_text(POD).findings if f.rule in ("PR101", "PR112"))
    assert found == [
        ("PR101", "spec.ephemeralContainers[0].resources.requests", "debug"),
        ("PR112", "spec.ephemeralContainers", ""),
        ("PR112", "spec.ephemeralContainers[0].resources", "debug"),
        ("PR112", "spec.ephemeralContainers[1].resources", "empty"),
    ]
