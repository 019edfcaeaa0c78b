"""Swap in node descriptions: decoding, `node discover`, `node show`, and
memory.swap.max in `explain` (table and JSON) with its why."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import jsonschema
import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.errors import NodeError
from pod_resources_cli.schemas import load_schema
from pod_resources_cli.source.node_file import load_node
from pod_resources_cli.source.sysfs import discover_machine, render_machine
from tests.test_sysfs import build_fake_sysfs

GI = 1024**3

PROFILE = """\
apiVersion: pod-resources/v1
kind: NodeProfile
name: swapper
sockets: 1
coresPerSocket: 4
threadsPerCore: 2
memoryPerNumaNode: 40Gi
swap: 5Gi
ephemeralStorage: 100Gi
kubelet:
  failSwapOn: false
  memorySwap: {swapBehavior: LimitedSwap}
"""

POD = """\
apiVersion: v1
kind: Pod
metadata: {name: b}
spec:
  containers:
  - name: share
    resources: {requests: {memory: 1Gi}, limits: {memory: 4Gi}}
  - name: pinned
    resources: {requests: {memory: 2Gi}, limits: {memory: 2Gi}}
"""


def _write(tmp_path: Path, text: str, name: str = "node.yaml") -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return str(path)


def test_profile_swap_and_kubelet_fields(tmp_path: Path) -> None:
    node = load_node(_write(tmp_path, PROFILE))
    assert node.swap_capacity == 5 * GI
    assert (node.kubelet.fail_swap_on, node.kubelet.swap_behavior, node.kubelet.swap_controller) == (False, "LimitedSwap", None)


def test_defaults_without_swap(tmp_path: Path) -> None:
    node = load_node(_write(tmp_path, PROFILE.replace("swap: 5Gi\n", "").replace("  failSwapOn: false\n  memorySwap: {swapBehavior: LimitedSwap}\n", "  maxPods: 110\n")))
    assert node.swap_capacity is None
    assert (node.kubelet.fail_swap_on, node.kubelet.swap_behavior) == (True, "")


def test_machine_info_swap_capacity_and_a_kubelet_configuration(tmp_path: Path) -> None:
    text = """\
    num_cores: 2
    memory_capacity: 4294967296
    swap_capacity: 1073741824
    topology:
    - node_id: 0
      memory: 4294967296
      cores:
      - {core_id: 0, thread_ids: [0, 1], socket_id: 0}
    ---
    apiVersion: kubelet.config.k8s.io/v1beta1
    kind: KubeletConfiguration
    failSwapOn: false
    memorySwap:
      swapBehavior: NoSwap
    swapController: false
    """
    node = load_node(_write(tmp_path, text))
    assert node.swap_capacity == GI
    assert (node.kubelet.fail_swap_on, node.kubelet.swap_behavior, node.kubelet.swap_controller) == (False, "NoSwap", False)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("swap: 5Gi", "swap: -1Gi", "node.yaml:8:1: swap: the machine's swap cannot be negative: '-1Gi'"),
        ("swap: 5Gi", "swap: lots", "node.yaml:8:1: swap: 'lots' is not of type 'number'"),
        ("failSwapOn: false", "failSwapOn: 'no'", "node.yaml:11:3: kubelet.failSwapOn: 'no' is not of type 'boolean'"),
        ("{swapBehavior: LimitedSwap}", "{swapBehavior: 3}", "kubelet.memorySwap.swapBehavior"),
        ("{swapBehavior: LimitedSwap}", "LimitedSwap", "kubelet.memorySwap"),
    ],
)
def test_bad_swap_settings_are_located(tmp_path: Path, old: str, new: str, message: str) -> None:
    with pytest.raises(NodeError) as info:
        load_node(_write(tmp_path, PROFILE.replace(old, new)))
    assert message in str(info.value)


def test_machine_info_negative_swap(tmp_path: Path) -> None:
    text = "num_cores: 1\nmemory_capacity: 1073741824\nswap_capacity: -5\ntopology:\n- node_id: 0\n  memory: 1073741824\n  cores:\n  - {core_id: 0, thread_ids: [0], socket_id: 0}\n"
    with pytest.raises(NodeError, match="swap_capacity: memory cannot be negative: -5"):
        load_node(_write(tmp_path, text))


def test_discover_reads_swap_total(tmp_path: Path) -> None:
    root = build_fake_sysfs(tmp_path / "root")
    (root / "proc/meminfo").write_text("MemTotal:       16777216 kB\nMemFree:        1 kB\nSwapTotal:       2097152 kB\nSwapFree:  2097152 kB\n")
    info = discover_machine(str(root))
    assert info["swap_capacity"] == 2 * GI
    path = tmp_path / "me.yaml"
    path.write_text(render_machine(info), encoding="utf-8")
    assert load_node(str(path)).swap_capacity == 2 * GI


def test_discover_without_swap_line_reports_zero(tmp_path: Path) -> None:
    assert discover_machine(str(build_fake_sysfs(tmp_path)))["swap_capacity"] == 0


def test_node_show_prints_swap(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["node", "show", _write(tmp_path, PROFILE)]) == 0
    assert "swap: 5Gi; failSwapOn false, swapBehavior LimitedSwap" in capsys.readouterr().out


def test_explain_json_shows_memory_swap_max_with_its_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    node, pod = _write(tmp_path, PROFILE), _write(tmp_path, POD, "pod.yaml")
    assert main(["explain", "--node", node, pod, "-o", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    jsonschema.validate(report, load_schema("report.schema.json"))
    assert (report["node"]["swapCapacity"], report["node"]["swapBehavior"], report["node"]["failSwapOn"]) == (5 * GI, "LimitedSwap", False)
    share, pinned = report["pods"][0]["containers"]
    assert share["cgroup"]["v2"]["memory.swap.max"] == "134217728"  # 1Gi / 40Gi * 5Gi
    assert share["cgroup"]["why"]["memory.swap.max"].startswith("LimitedSwap: memory request 1073741824 / node memory 42949672960")
    assert pinned["cgroup"]["v2"]["memory.swap.max"] == "0"
    assert pinned["cgroup"]["why"]["memory.swap.max"] == "LimitedSwap, memory request equals limit: no swap"
    assert "memory.swap.max" not in report["pods"][0]["cgroup"]["v2"]  # the pod cgroup: the kubelet sets no swap there
    assert {"name": "NodeSwap", "enabled": True, "why": "GA in 1.37, locked on"} in report["pods"][0]["featureGates"]


def test_explain_table_shows_memory_swap_max(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    node, pod = _write(tmp_path, PROFILE), _write(tmp_path, POD, "pod.yaml")
    assert main(["explain", "--node", node, pod]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if "memory.swap.max" in line]
    assert len(lines) == 2
    assert "134217728" in lines[0] and "LimitedSwap: memory request" in lines[0]
    assert " 0 " in lines[1] and "memory request equals limit" in lines[1]


def test_the_kubelet_refuses_swap_with_fail_swap_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    node = _write(tmp_path, PROFILE.replace("failSwapOn: false", "failSwapOn: true"))
    pod = _write(tmp_path, POD, "pod.yaml")
    assert main(["explain", "--node", node, pod]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"pod-resources: error: {node}: the kubelet refuses this configuration: running with swap on is not supported")
    assert err.count("\n") == 1
    assert main(["node", "show", node]) == 2


def test_unlimited_swap_by_version(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    node = _write(tmp_path, PROFILE.replace("LimitedSwap", "UnlimitedSwap"))
    pod = _write(tmp_path, POD, "pod.yaml")
    assert main(["explain", "--node", node, pod]) == 2  # gone in 1.30
    assert 'memorySwap.swapBehavior "UnlimitedSwap" must be one of' in capsys.readouterr().err
    args = ["explain", "--kubernetes-version", "1.29", "--feature-gates", "NodeSwap=true", "--node", node, pod, "-o", "json"]
    assert main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert [c["cgroup"]["v2"]["memory.swap.max"] for c in report["pods"][0]["containers"]] == ["max", "max"]
    assert {"name": "NodeSwap", "enabled": True, "why": "set by --feature-gates"} in report["pods"][0]["featureGates"]


def test_a_kubelet_configuration_document_with_a_bad_fail_swap_on(tmp_path: Path) -> None:
    text = PROFILE + "---\napiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfailSwapOn: 'no'\n"
    with pytest.raises(NodeError, match="failSwapOn: must be true or false, not a string"):
        load_node(_write(tmp_path, text))


def test_a_later_kubelet_document_patches_memory_swap_as_a_struct(tmp_path: Path) -> None:
    later = "---\napiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n"
    assert load_node(_write(tmp_path, PROFILE + later + "memorySwap: {}\n")).kubelet.swap_behavior == "LimitedSwap"
    assert load_node(_write(tmp_path, PROFILE + later + "memorySwap: {swapBehavior: NoSwap}\n")).kubelet.swap_behavior == "NoSwap"
    assert load_node(_write(tmp_path, PROFILE + later + "memorySwap: null\n")).kubelet.swap_behavior == ""
