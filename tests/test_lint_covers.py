"""One cause, one finding: PR201 (a BestEffort pod) and PR138 (a container
that sets nothing) replace PR130/PR131/PR132 on what they cover; with the
covering rule off, the specific ones come back."""

from __future__ import annotations

from pod_resources_cli.lint.config import LintConfig
from pod_resources_cli.lint.registry import resolve_all
from tests.lint_support import lint_text

BEST_EFFORT = """\
apiVersion: v1
kind: Pod
metadata: {name: idle}
spec:
  containers:
  - {name: a, image: x}
  - {name: b, image: x}
"""

BARE_SIDECAR = """\
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers:
  - name: app
    image: x
    resources:
      requests: {memory: 128Mi}
      limits: {memory: 128Mi}
  - name: shipper
    image: x
"""


def found(text: str, ignore: str = "") -> list[tuple[str, str | None]]:
    config = LintConfig(ignore=resolve_all(ignore.split(",")) if ignore else frozenset())
    return sorted((f.rule, f.container) for f in lint_text(text, config=config).findings)


def test_a_best_effort_pod_is_one_finding() -> None:
    assert found(BEST_EFFORT) == [("PR201", None)]


def test_without_pr201_each_bare_container_is_one_finding() -> None:
    assert found(BEST_EFFORT, "PR201") == [("PR138", "a"), ("PR138", "b")]


def test_without_both_the_specific_rules_come_back() -> None:
    assert found(BEST_EFFORT, "PR201,PR138") == [
        ("PR130", "a"), ("PR130", "b"), ("PR131", "a"), ("PR131", "b"), ("PR132", "a"), ("PR132", "b"),
    ]  # fmt: skip


def test_a_bare_container_in_a_burstable_pod_names_everything_it_lacks() -> None:
    result = lint_text(BARE_SIDECAR)
    assert sorted((f.rule, f.container) for f in result.findings) == [("PR130", "app"), ("PR138", "shipper")]
    [pr138] = [f for f in result.findings if f.rule == "PR138"]
    assert "no cpu request, no memory request, no memory limit" in pr138.message
    assert pr138.location.line == 11  # the container's name: it has no resources to point at


def test_an_ignore_of_a_covered_rule_is_not_unused() -> None:
    annotated = BEST_EFFORT.replace("metadata: {name: idle}", 'metadata: {name: idle, annotations: {pod-resources.io/ignore: "PR131: batch"}}')
    assert found(annotated) == [("PR201", None)]  # no PR003: the cause is reported
