"""OpenShift's PerformanceProfile: a node description's kubelet settings (the KubeletConfig the Node Tuning
Operator renders, model/decode/node/performance_profile.py), and no pods when linted.

The expected values are the operator's own: its render test's inputs and expected KubeletConfigs
(openshift/cluster-node-tuning-operator d2394aa81ffe test/e2e/performanceprofile), copied under
tests/data/real/openshift__cluster-node-tuning-operator/.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.lint_support import lint_report
from pod_resources_cli.errors import NodeError
from pod_resources_cli.model.decode.node.merge import merge_node_documents
from pod_resources_cli.model.decode.problems import Problems
from pod_resources_cli.model.node import KubeletConfig
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.source.node_file import load_node

NTO = Path(__file__).parent / "data" / "real" / "openshift__cluster-node-tuning-operator"
PERF = "test__e2e__performanceprofile__"
MANUAL = NTO / f"{PERF}cluster-setup__manual-cluster__performance__performance_profile.yaml"
MANUAL_RENDERED = NTO / f"{PERF}testdata__render-expected-output__manual_kubeletconfig.yaml"
WORKER = NTO / f"{PERF}cluster-setup__bootstrap-cluster__performance__pao_worker.yaml"
WORKER_RENDERED = NTO / f"{PERF}testdata__render-expected-output__bootstrap__no-mcp__openshift-bootstrap-worker_kubeletconfig.yaml"

COMPACT = """
apiVersion: pod-resources/v1
kind: NodeProfile
sockets: 2
coresPerSocket: 4
memoryPerNumaNode: 8Gi
"""


def _kubelet(*docs: dict[str, Any]) -> tuple[KubeletConfig, list[str]]:
    problems = Problems()
    node = merge_node_documents([(d, (i,)) for i, d in enumerate(docs)], problems, compact=None)
    return node.kubelet, [p.message for p in problems.items]


def _read(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text())
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(("profile", "rendered"), [(MANUAL, MANUAL_RENDERED), (WORKER, WORKER_RENDERED)])
def test_profile_reads_as_the_kubeletconfig_the_operator_renders(profile: Path, rendered: Path) -> None:
    from_profile, problems = _kubelet(_read(profile))
    expected, expected_problems = _kubelet(_read(rendered))
    assert problems == [] and expected_problems == []
    assert from_profile == expected


def test_single_numa_node_profile_values() -> None:
    kubelet, _ = _kubelet(_read(MANUAL))
    assert kubelet.cpu_manager_policy == "static"
    assert kubelet.cpu_manager_policy_options == {"full-pcpus-only": "true"}
    assert kubelet.reserved_system_cpus == "0"
    assert kubelet.topology_manager_policy == "single-numa-node"
    assert kubelet.memory_manager_policy == "Static"
    assert [(r.numa_node, {k: v.canonical() for k, v in r.limits.items()}) for r in kubelet.reserved_memory] == [(0, {"memory": "1100Mi"})]
    assert kubelet.kube_reserved == {"memory": Quantity.parse("500Mi")} == kubelet.system_reserved
    assert kubelet.eviction_hard == {"memory.available": "100Mi", "nodefs.available": "10%", "imagefs.available": "15%", "nodefs.inodesFree": "5%"}


def test_profile_without_numa_policy_is_best_effort_without_memory_manager() -> None:
    kubelet, _ = _kubelet(_read(WORKER))
    assert (kubelet.cpu_manager_policy, kubelet.reserved_system_cpus, kubelet.topology_manager_policy) == ("static", "2-3", "best-effort")
    assert kubelet.memory_manager_policy == "None" and kubelet.reserved_memory == () and kubelet.cpu_manager_policy_options == {}


def _manual(**changes: Any) -> dict[str, Any]:
    doc = _read(MANUAL)
    annotations = changes.pop("annotations", None)
    if annotations is not None:
        doc["metadata"]["annotations"] = annotations
    for key, value in changes.items():
        doc["spec"]["cpu" if key in ("reserved", "ovsDpdk", "shared") else "numa"][key] = value
    return doc


def test_kubelet_snippet_is_the_base_and_keeps_what_it_sets() -> None:
    snippet = {"cpuManagerPolicyOptions": {"full-pcpus-only": "false"}, "evictionHard": {"memory.available": "200Mi"},
               "kubeReserved": {"cpu": "1"}, "maxPods": 64, "cpuManagerPolicy": "none"}  # fmt: skip
    kubelet, problems = _kubelet(_manual(annotations={"kubeletconfig.experimental": json.dumps(snippet)}))
    assert problems == []
    assert kubelet.cpu_manager_policy == "static"  # the operator overrides the CPU manager policy
    assert kubelet.cpu_manager_policy_options == {"full-pcpus-only": "false"}  # set by the snippet: kept
    assert kubelet.max_pods == 64
    assert kubelet.kube_reserved == {"cpu": Quantity.parse("1"), "memory": Quantity.parse("500Mi")}
    assert kubelet.eviction_hard is not None and kubelet.eviction_hard["memory.available"] == "200Mi"
    assert [str(r.limits["memory"]) for r in kubelet.reserved_memory] == ["1200Mi"]  # 500Mi + 500Mi + 200Mi


def test_snippet_reserved_memory_is_kept() -> None:
    snippet = {"reservedMemory": [{"numaNode": 1, "limits": {"memory": "1100Mi"}}]}
    kubelet, _ = _kubelet(_manual(annotations={"kubeletconfig.experimental": json.dumps(snippet)}))
    assert [(r.numa_node, str(r.limits["memory"])) for r in kubelet.reserved_memory] == [(1, "1100Mi")]


def test_restricted_policy_has_static_memory_manager_without_full_pcpus_only() -> None:
    kubelet, _ = _kubelet(_manual(topologyPolicy="restricted"))
    assert (kubelet.topology_manager_policy, kubelet.memory_manager_policy, kubelet.cpu_manager_policy_options) == ("restricted", "Static", {})
    assert [str(r.limits["memory"]) for r in kubelet.reserved_memory] == ["1100Mi"]


def test_ovs_dpdk_cpus_are_reserved_and_shared_ones_are_not_under_the_default_feature_set() -> None:
    doc = _manual(reserved="0-1", ovsDpdk="6-7", shared="4-5")
    doc["spec"]["workloadHints"]["mixedCpus"] = True
    kubelet, _ = _kubelet(doc)
    assert kubelet.reserved_system_cpus == "0-1,6-7"


@pytest.mark.parametrize("value", ["true", "True", "1"])
def test_dra_resource_management_turns_the_managers_off(value: str) -> None:
    kubelet, _ = _kubelet(_manual(annotations={"performance.openshift.io/dra-resource-management": value}))
    assert (kubelet.cpu_manager_policy, kubelet.topology_manager_policy, kubelet.memory_manager_policy) == ("none", "none", "None")
    assert kubelet.reserved_system_cpus in ("", None) and kubelet.reserved_memory == ()


def test_dra_annotation_not_a_bool_is_ignored() -> None:
    kubelet, _ = _kubelet(_manual(annotations={"performance.openshift.io/dra-resource-management": "yes"}))
    assert kubelet.cpu_manager_policy == "static"


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        (_manual(annotations={"kubeletconfig.experimental": "{not json"}), "must hold a JSON KubeletConfiguration object"),
        (_manual(reserved="0-x"), "not a cpulist"),
        (_manual(annotations={"kubeletconfig.experimental": '{"evictionHard": {"memory.available": "5%"}}'}), "is not a quantity"),
    ],
)
def test_what_the_operator_cannot_render_is_a_node_error(tmp_path: Path, doc: dict[str, Any], message: str) -> None:
    path = tmp_path / "profile.yaml"
    path.write_text(yaml.safe_dump(doc))
    with pytest.raises(NodeError, match=message):
        load_node(str(path))


def test_profile_with_a_machine_is_a_node(tmp_path: Path) -> None:
    path = tmp_path / "cnf.yaml"
    path.write_text(textwrap.dedent(COMPACT) + "---\n" + MANUAL.read_text())
    node = load_node(str(path))
    assert node.kubelet.reserved_system_cpus == "0" and node.kubelet.topology_manager_policy == "single-numa-node"
    assert node.topology is not None and node.topology.num_cpus == 8


def test_profile_alone_needs_the_machine(capsys: pytest.CaptureFixture[str]) -> None:
    from pod_resources_cli.cli import main

    assert main(["node", "show", str(MANUAL)]) == 2
    err = capsys.readouterr().err
    assert 'topologyManagerPolicy "single-numa-node" needs the machine\'s NUMA topology' in err and "Traceback" not in err


def test_node_tuning_objects_carry_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    report = lint_report(capsys, str(NTO))
    summary = report["summary"]
    assert summary["pods"] == 1  # the tuned DaemonSet's pod
    assert summary["skipped"]["no-pods"] == {
        "PerformanceProfile": 3, "KubeletConfig": 2, "Tuned": 1, "ServiceMonitor": 1, "PrometheusRule": 1, "Role": 1, "RoleBinding": 1, "ConfigMap": 1, "Service": 1,
    }  # fmt: skip
    assert summary["skipped"]["nothing-found"] == {}
    assert [(f["rule"], f["severity"], f["object"]["kind"], f["object"]["name"]) for f in report["findings"]] == [
        ("PR132", "warning", "DaemonSet", "tuned")
    ]


def test_example_cnf_worker_admits_a_dpdk_pod_on_whole_cores_of_one_numa_node(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """examples/nodes/openshift-performance-profile.yaml: a NodeProfile machine and a PerformanceProfile's kubelet."""
    from pod_resources_cli.cli import main

    root = Path(__file__).parents[1]
    pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "cnf"},
           "spec": {"containers": [{"name": "dpdk", "image": "x", "resources": {"limits": {"cpu": "4", "memory": "4Gi", "hugepages-1Gi": "2Gi"}}}]}}  # fmt: skip
    path = root / "examples" / "nodes" / "openshift-performance-profile.yaml"
    node = load_node(str(path))
    assert (node.kubelet.cgroup_driver, node.kubelet.reserved_system_cpus) == ("systemd", "0,16,32,48")
    pod_file = tmp_path / "cnf.json"
    pod_file.write_text(json.dumps(pod))
    assert main(["admit", "--node", str(path), "-o", "json", str(pod_file)]) == 0
    report = json.loads(capsys.readouterr().out)
    (entry,) = report["pods"]
    assert entry["qosClass"] == "Guaranteed" and entry["admission"]["admitted"] is True
    assert [(c["name"], c["cpuset"], c["memoryNumaNodes"]) for c in entry["containers"]] == [("dpdk", "1-2,33-34", [0])]
