"""A container whose cpu comes from a DRA claim (kubernetes-sigs/dra-driver-cpu's examples, tests/data/real,
provenance in SOURCES.tsv): without the DRANodeAllocatableResources gate (alpha, off by default) the scheduler counts
no claim's cpu, so PR130 holds as written; with it, a claim the driver maps to node-allocatable cpu is counted by the
scheduler and the kubelet (KEP-5517): the pod's status says so (status.nodeAllocatableResourceClaimStatuses), a
manifest without status cannot, and the finding names that condition instead of stating it as fact."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real" / "kubernetes-sigs__dra-driver-cpu"
NODE_ALLOCATABLE = str(REAL / "hack__examples__pod_with_resource_claim_node_allocatable.yaml")
GATE = ("--feature-gates", "DRANodeAllocatableResources=true")


def _findings(report: dict[str, Any]) -> list[tuple[str, str, int, str]]:
    return [(f["rule"], f["object"]["name"], f["line"], f["message"]) for f in report["findings"]]


def test_without_the_gate_the_claims_cpu_is_not_counted(capsys: pytest.CaptureFixture[str]) -> None:
    """The Guaranteed pod (1m cpu, 2Gi) passes; the Burstable one (2Gi memory request, the claim's 4 CPUs) has no cpu
    request the scheduler counts, and no memory limit."""
    got = _findings(lint_report(capsys, NODE_ALLOCATABLE))
    assert got == [
        ("PR132", "pod-cpu-dra-claim-burstable-qos", 77,
         "container 'workload-container' has no memory limit: its cgroup gets memory.max max and can use all the node's memory"),
        ("PR130", "pod-cpu-dra-claim-burstable-qos", 78, "container 'workload-container' has no cpu request: the scheduler reserves no cpu for it"),
    ]  # fmt: skip


def test_with_the_gate_a_claimed_container_is_flagged_on_that_condition(capsys: pytest.CaptureFixture[str]) -> None:
    got = _findings(lint_report(capsys, *GATE, NODE_ALLOCATABLE))
    assert [(r, n, line) for r, n, line, _ in got] == [("PR132", "pod-cpu-dra-claim-burstable-qos", 77), ("PR130", "pod-cpu-dra-claim-burstable-qos", 78)]
    assert got[1][3] == (
        "container 'workload-container' has no cpu request: the scheduler reserves no cpu for it unless its resource claim "
        "'pod-cpu-claim-ref' maps node-allocatable cpu (DRANodeAllocatableResources: the driver's ResourceSlices say, not this manifest)"
    )


def test_the_grouped_mode_example_mirrors_the_claim_and_passes(capsys: pytest.CaptureFixture[str]) -> None:
    """Before KEP-5517 the driver asks the claim's 10 CPUs to be written as the container's requests and limits too."""
    report = lint_report(capsys, str(REAL / "hack__examples__pod_with_resource_claim_grouped_mode.yaml"))
    assert report["findings"] == [] and report["summary"]["pods"] == 1


_STATUS_POD = """apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers:
  - name: a
    image: x
    resources:
      requests: {memory: 1Gi}
      claims: [{name: cpus}]
  - name: b
    image: x
    resources:
      requests: {memory: 1Gi}
      claims: [{name: gpu}]
  resourceClaims:
  - {name: cpus, resourceClaimName: c}
  - {name: gpu, resourceClaimName: g}
status:
  phase: Running
  qosClass: Burstable
  nodeAllocatableResourceClaimStatuses:
  - containers: [a]
    mapping: [{name: cpu, quantity: "4"}]
"""


def test_with_the_gate_a_status_decides(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The status maps container a's claim to 4 CPUs: no PR130 for it; b's claim maps nothing: flagged as fact.
    Without the gate the mapping is not counted and both are flagged."""
    (tmp_path / "p.yaml").write_text(_STATUS_POD, encoding="utf-8")
    got = [(f["rule"], f["message"]) for f in lint_report(capsys, *GATE, str(tmp_path / "p.yaml"))["findings"] if f["rule"] == "PR130"]
    assert got == [("PR130", "container 'b' has no cpu request: the scheduler reserves no cpu for it")]
    got = [(f["rule"], f["message"]) for f in lint_report(capsys, str(tmp_path / "p.yaml"))["findings"] if f["rule"] == "PR130"]
    assert [m.split(":")[0] for _, m in got] == ["container 'a' has no cpu request", "container 'b' has no cpu request"]
