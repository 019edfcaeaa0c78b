"""The LimitRanger's refusal reads as utilerrors.NewAggregate prints it:
each distinct message once (kube/limitranger.py ``forbidden_reason``; the
aggregate of k8s.io/apimachinery/pkg/util/errors/errors.go, returned by
PodValidateLimitFunc of plugin/pkg/admission/limitranger/admission.go)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pod_resources_cli.kube.limitranger import forbidden_reason
from tests.lint_support import lint_text
from tests.test_cli_explain import explain_json

RATIO = "cpu max limit to request ratio per Container is 2, but provided ratio is 4.000000"
MAX = "maximum cpu usage per Container is 1, but limit is 2"


@pytest.mark.parametrize(
    ("messages", "expected"),
    [
        ([RATIO], RATIO),
        ([RATIO, RATIO], RATIO),  # one distinct text: no brackets
        ([RATIO, MAX, RATIO], f"[{RATIO}, {MAX}]"),
        ([MAX, RATIO], f"[{MAX}, {RATIO}]"),  # first-seen order kept
    ],
)
def test_forbidden_reason_is_the_aggregate_text(messages: list[str], expected: str) -> None:
    assert forbidden_reason(messages) == expected


TEXT = """\
apiVersion: v1
kind: LimitRange
metadata: {name: lr, namespace: ns}
spec:
  limits:
  - type: Container
    maxLimitRequestRatio: {cpu: "2"}
---
apiVersion: v1
kind: Pod
metadata: {name: p, namespace: ns}
spec:
  containers:
  - name: a
    image: x
    resources: {requests: {cpu: 250m}, limits: {cpu: "1"}}
  - name: b
    image: x
    resources: {requests: {cpu: 250m}, limits: {cpu: "1"}}
  initContainers:
  - name: setup
    image: x
    resources: {requests: {cpu: 250m}, limits: {cpu: "1"}}
"""


def test_explain_states_a_ratio_broken_by_every_container_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "all.yaml").write_text(TEXT)
    admission = explain_json([str(tmp_path)], capsys)["pods"][0]["admission"]
    assert (admission["reason"], admission["message"]) == ("Forbidden", f'pods "p" is forbidden: {RATIO}')


def test_explain_lists_distinct_messages_once_in_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = TEXT.replace('maxLimitRequestRatio: {cpu: "2"}', 'maxLimitRequestRatio: {cpu: "2"}\n    max: {cpu: 500m}')
    (tmp_path / "all.yaml").write_text(text)
    admission = explain_json([str(tmp_path)], capsys)["pods"][0]["admission"]
    # per container: max before maxLimitRequestRatio; containers before init containers
    assert admission["message"] == (
        'pods "p" is forbidden: [maximum cpu usage per Container is 500m, but limit is 1, ' + RATIO + "]"
    )


def test_lint_reports_one_finding_per_distinct_message() -> None:
    found = [(f.rule, f.message, f.container) for f in lint_text(TEXT).findings if f.rule == "PR161"]
    assert found == [("PR161", f"LimitRange lr: {RATIO} (the pod is refused; containers a, b, setup)", "a")]
