"""PR150 on requests of extended resources a DRA DeviceClass backs (KEP-5004), on kubernetes-sigs/dra-example-driver
@31914ceacda2 demo/examples/extended-resource-request: pod0 asks DeviceClass gpu.example.com by its implicit name
``deviceclass.resource.kubernetes.io/gpu.example.com``, pod1 ``example.com/gpu`` (the chart's DeviceClass sets it as
``extendedResourceName`` when installed so). With the DRAExtendedResource gate the implicit name is DRA's to allocate
(kubernetes/kubernetes pkg/scheduler/util IsDRAExtendedResourceName; pkg/kubelet/lifecycle/predicate.go
removeMissingExtendedResources drops what the scheduler mapped to a claim), so no node-allocatable finding; a vendor
name the node does not advertise is still the scheduler's "Insufficient", said with the DeviceClass condition."""

from __future__ import annotations

from pathlib import Path

from pod_resources_cli.lint.config import LintConfig
from pod_resources_cli.source.node_file import load_node
from tests.lint_support import lint_text

ROOT = Path(__file__).resolve().parents[1]
FILE = ROOT / "tests/data/real/kubernetes-sigs__dra-example-driver/demo__examples__extended-resource-request__extended-resource-request.yaml"
NODE = ROOT / "examples/nodes/amd-epyc-like.yaml"
PR150 = LintConfig(select=frozenset({"PR150"}))


def _lint(gate: bool) -> list[tuple[str, int, str]]:
    node = load_node(str(NODE))
    result = lint_text(FILE.read_text(), config=PR150, node=node, feature_gates={"DRAExtendedResource": gate})
    return [(f.object.name if f.object else "", f.location.line, f.message) for f in result.findings]


def test_a_device_class_asked_by_its_implicit_name_is_not_node_allocatable_with_the_gate() -> None:
    [(name, line, message)] = _lint(True)
    assert (name, line) == ("pod1", 46)
    assert message == (
        "the scheduler never places it on node amd-epyc-like: Insufficient example.com/gpu: the node advertises no "
        "example.com/gpu (a kubelet given the pod directly would admit it without one), unless a DeviceClass names "
        "example.com/gpu as its extendedResourceName (DRAExtendedResource: the scheduler then allocates it through a "
        "ResourceClaim)"
    )


def test_without_the_gate_both_requests_are_node_resources_the_node_lacks() -> None:
    found = _lint(False)
    assert [(n, line) for n, line, _ in found] == [("pod0", 26), ("pod1", 46)]
    assert found[0][2] == (
        "does not fit node amd-epyc-like: OutOfdeviceclass.resource.kubernetes.io/gpu.example.com: Node didn't have "
        "enough resource: deviceclass.resource.kubernetes.io/gpu.example.com, requested: 1, used: 0, capacity: 0"
    )
    assert found[1][2].endswith("(a kubelet given the pod directly would admit it without one)")


def test_the_demo_pods_are_best_effort_with_their_device_requests_defaulted_from_limits() -> None:
    result = lint_text(FILE.read_text())
    assert sorted((f.rule, f.object.name if f.object else "") for f in result.findings) == [("PR201", "pod0"), ("PR201", "pod1")]
    import json
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-m", "pod_resources_cli", "explain", "-o", "json", str(FILE)], capture_output=True, text=True, env=env, check=True)
    pods = {p["workload"]["name"]: p for p in json.loads(out.stdout)["pods"]}
    assert pods["pod0"]["qosClass"] == pods["pod1"]["qosClass"] == "BestEffort"
    assert [(c["name"], c["requests"], c["limits"]) for c in pods["pod0"]["containers"]] == [
        ("ctr0", {"deviceclass.resource.kubernetes.io/gpu.example.com": "1"}, {"deviceclass.resource.kubernetes.io/gpu.example.com": "1"})
    ]
    assert pods["pod1"]["requests"] == pods["pod1"]["limits"] == {"example.com/gpu": "1"}
