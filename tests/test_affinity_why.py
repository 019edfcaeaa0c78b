"""A TopologyAffinityError says why: the hints the topology manager's merge refused, in words.

The kubelet's reason and message stay as they are; the AffinityRefusal beside
them (kube/topologymanager/refusal.py) is explained by analysis/affinity_why.py (Why values),
worded by why_words/affinity.py
and shown by explain, admit (table and JSON) and lint's PR501. Nodes from
examples/nodes: dgx-like-8gpu (2 NUMA nodes x 4 GPUs, static CPU manager,
single-numa-node, scope pod), telco-sriov (restricted, scope container,
Static memory manager, 1Gi hugepages) and dual-socket-ht (single-numa-node,
scope container, Static memory manager).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from pod_resources_cli.analysis.affinity_why import refusal_why
from pod_resources_cli.analysis.node_side import fit_predicate
from pod_resources_cli.cli import main
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.admission import admit_pods
from pod_resources_cli.kube.admission_result import PodAdmission
from pod_resources_cli.kube.pod_create import create_pod
from pod_resources_cli.kube.topologymanager.hints import TopologyHint
from pod_resources_cli.kube.topologymanager.refusal import AffinityRefusal, Demand, ResourceHints
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.records import replace
from pod_resources_cli.render.affinity import affinity_lines as lines_of
from pod_resources_cli.source.node_file import load_node
from pod_resources_cli.why_words import words
from tests.support import pod_of

ROOT = Path(__file__).resolve().parents[1]
NODES = ROOT / "examples" / "nodes"
SCHEMA = json.loads((ROOT / "schemas" / "report.schema.json").read_text())
GATES = FeatureGates()
KUBELET_WORDS = ("TopologyAffinityError", "Resources cannot be allocated with Topology locality")


def node(name: str, policy: str | None = None) -> NodeDescription:
    n = load_node(str(NODES / name))
    return n if policy is None else replace(n, kubelet=replace(n.kubelet, topology_manager_policy=policy))


def pod(name: str, limits: dict[str, str], container: str = "trainer") -> dict[str, Any]:
    return {
        "apiVersion": "v1", "kind": "Pod", "metadata": {"name": name},
        "spec": {"containers": [{"name": container, "image": "app", "resources": {"limits": limits}}]},
    }  # fmt: skip


def admit(n: NodeDescription, *pods: dict[str, Any]) -> list[PodAdmission]:
    return admit_pods(n, [create_pod(pod_of(p), GATES).pod for p in pods], GATES, predicate=fit_predicate(n)).pods


def affinity_lines(a: AffinityRefusal) -> list[str]:
    return lines_of(refusal_why(a))


def affinity_summary(a: AffinityRefusal) -> str:
    return words(refusal_why(a))


GPU_POD = pod("train", {"cpu": "4", "memory": "8Gi", "nvidia.com/gpu": "5"})
GPU_LINE = "nvidia.com/gpu: 5 devices need NUMA nodes 0,1 (4 free per NUMA node)"
CPU_LINE = "cpu: 4 exclusive CPUs fit on NUMA node 0 or 1"


def test_five_gpus_and_four_cpus_under_single_numa_node_pod_scope() -> None:
    (entry,) = admit(node("dgx-like-8gpu.yaml"), GPU_POD)
    assert (entry.reason, entry.message) == KUBELET_WORDS
    gpu_hints = (TopologyHint(0b11, True),)
    cpu_hints = (TopologyHint(0b01, True), TopologyHint(0b10, True), TopologyHint(0b11, False))
    assert entry.affinity == AffinityRefusal(
        policy="single-numa-node",
        scope="pod",
        container=None,
        numa_nodes=(0, 1),
        resources=(
            ResourceHints("devices", "nvidia.com/gpu", gpu_hints, Demand(5, ((0, 4), (1, 4)))),
            ResourceHints("cpu", "cpu", cpu_hints, Demand(4, ((0, 110), (1, 110)))),  # 112 per node less 2 reserved
        ),
        best=TopologyHint(None, False),  # filterSingleNumaHints left the GPUs nothing: the default, as "any"
    )
    assert affinity_lines(entry.affinity) == [
        f"{GPU_LINE}; offered {{0,1}}*",
        f"{CPU_LINE}; offered {{0}}* {{1}}* {{0,1}}",
        "single-numa-node admits only a hint on one NUMA node that every resource prefers, and nvidia.com/gpu offers none",
    ]
    assert affinity_summary(entry.affinity) == (
        f"Pod scope: {GPU_LINE}; {CPU_LINE}; single-numa-node admits only a hint on one NUMA node that every "
        "resource prefers, and nvidia.com/gpu offers none"
    )


def test_the_same_pod_under_restricted_names_the_best_merged_hint() -> None:
    (entry,) = admit(node("dgx-like-8gpu.yaml", "restricted"), GPU_POD)
    assert (entry.reason, entry.message) == KUBELET_WORDS
    assert entry.affinity is not None
    # Every permutation is non-preferred (GPUs {0,1} with CPUs {0} differ; CPUs {0,1} are not preferred);
    # the widest narrowest set (2 nodes) wins among them.
    assert entry.affinity.best == TopologyHint(0b11, False)
    assert affinity_summary(entry.affinity) == (
        f"Pod scope: {GPU_LINE}; {CPU_LINE}; restricted admits only a preferred merged hint; the best, {{0,1}}, "
        "is not preferred: no NUMA set is preferred by every resource (nvidia.com/gpu prefers {0,1}; cpu prefers {0} or {1})"
    )


def test_more_devices_than_the_node_has_free_have_no_possible_placement() -> None:
    (entry,) = admit(node("dgx-like-8gpu.yaml", "restricted"), pod("big", {"cpu": "4", "memory": "8Gi", "nvidia.com/gpu": "9"}))
    assert (entry.reason, entry.message) == KUBELET_WORDS
    assert entry.affinity is not None and entry.affinity.resources[0].hints == ()
    # The GPUs' unsatisfiable "any" ANDs with each CPU hint; the narrowest non-preferred one wins.
    assert entry.affinity.best == TopologyHint(0b01, False)
    assert affinity_summary(entry.affinity) == (
        "Pod scope: nvidia.com/gpu: 9 devices fit on no NUMA nodes (4 free per NUMA node); "
        f"{CPU_LINE}; restricted admits only a preferred merged hint; the best, {{0}}, is not preferred: "
        "nvidia.com/gpu has no possible placement"
    )


def test_single_node_hints_without_a_common_numa_node() -> None:
    """CPUs free only on NUMA node 0, GPUs only on node 1: each resource fits one node, not the same one."""
    n = node("dgx-like-8gpu.yaml")
    fill0 = pod("fill0", {"cpu": "100", "memory": "1Gi"})  # node 0: 10 CPUs left
    fill1 = pod("fill1", {"cpu": "105", "memory": "1Gi"})  # node 1: 5 CPUs left
    gpus0 = pod("gpus0", {"cpu": "1", "memory": "1Gi", "nvidia.com/gpu": "4"})  # node 0: no GPU, 9 CPUs left
    late = pod("late", {"cpu": "8", "memory": "1Gi", "nvidia.com/gpu": "1"})
    *placed, entry = admit(n, fill0, fill1, gpus0, late)
    assert all(p.admitted for p in placed)
    assert entry.affinity is not None
    assert affinity_lines(entry.affinity) == [
        "nvidia.com/gpu: 1 device fits on NUMA node 1; offered {1}* {0,1}",
        "cpu: 8 exclusive CPUs fit on NUMA node 0; offered {0}* {0,1}",
        "single-numa-node admits only a hint on one NUMA node that every resource prefers, and no NUMA node is preferred by every resource",
    ]


def test_memory_manager_hugepages_under_restricted_container_scope() -> None:
    limits = {"cpu": "4", "memory": "4Gi", "hugepages-1Gi": "40Gi", "intel.com/sriov_netdevice": "2"}
    (entry,) = admit(node("telco-sriov.yaml"), pod("upf", limits, container="dataplane"))
    assert (entry.reason, entry.message) == KUBELET_WORDS
    assert entry.affinity is not None
    assert (entry.affinity.scope, entry.affinity.container) == ("container", "dataplane")
    memory = {r.resource: r for r in entry.affinity.resources if r.provider == "memory"}
    assert memory["hugepages-1Gi"].demand == Demand(40 << 30, ((0, 32 << 30), (1, 32 << 30)))
    assert memory["memory"].hints == memory["hugepages-1Gi"].hints == (TopologyHint(0b11, True),)
    assert affinity_summary(entry.affinity) == (
        "Container dataplane: intel.com/sriov_netdevice: 2 devices fit on NUMA node 0 or 1; "
        "cpu: 4 exclusive CPUs fit on NUMA node 0 or 1; "
        "memory and hugepages-1Gi: 4Gi of memory and 40Gi of hugepages-1Gi need NUMA nodes 0,1 together "
        "(32Gi of hugepages-1Gi free per NUMA node); "
        "restricted admits only a preferred merged hint; the best, {0,1}, is not preferred: no NUMA set is preferred "
        "by every resource (intel.com/sriov_netdevice prefers {0} or {1}; cpu prefers {0} or {1}; "
        "memory and hugepages-1Gi prefer {0,1})"
    )


def test_memory_larger_than_a_numa_node_under_single_numa_node() -> None:
    (entry,) = admit(node("dual-socket-ht.yaml"), pod("db", {"cpu": "4", "memory": "100Gi"}, container="postgres"))
    assert (entry.reason, entry.message) == KUBELET_WORDS
    assert entry.affinity is not None
    assert entry.affinity.resources[0] == ResourceHints("devices", None, None)  # no device asked for
    assert affinity_summary(entry.affinity) == (
        "Container postgres: cpu: 4 exclusive CPUs fit on NUMA node 0 or 1; "
        "memory: 100Gi of memory needs NUMA nodes 0,1 (free: 58268Mi on NUMA node 0, 57Gi on NUMA node 1); "
        "single-numa-node admits only a hint on one NUMA node that every resource prefers, and memory offers none"
    )


def test_admitted_pods_and_other_refusals_carry_no_account() -> None:
    (entry,) = admit(node("dgx-like-8gpu.yaml"), pod("ok", {"cpu": "4", "memory": "8Gi", "nvidia.com/gpu": "4"}))
    assert entry.admitted and entry.affinity is None
    (odd,) = admit(node("dual-socket-ht.yaml"), pod("odd", {"cpu": "3", "memory": "1Gi"}))
    assert odd.reason == "SMTAlignmentError" and odd.affinity is None


@pytest.fixture
def gpu_file(tmp_path: Path) -> Path:
    f = tmp_path / "train.yaml"
    f.write_text(json.dumps(GPU_POD))
    return f


def test_admit_json_has_an_affinity_object(gpu_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["admit", "-o", "json", "--node", str(NODES / "dgx-like-8gpu.yaml"), str(gpu_file)]) == 0
    data = json.loads(capsys.readouterr().out)
    jsonschema.validate(data, SCHEMA)
    admission = data["pods"][0]["admission"]
    assert (admission["reason"], admission["message"]) == KUBELET_WORDS
    affinity = admission["affinity"]
    assert {k: affinity[k] for k in ("policy", "scope", "container", "numaNodes", "bestHint")} == {
        "policy": "single-numa-node", "scope": "pod", "container": None, "numaNodes": [0, 1],
        "bestHint": {"numaNodes": None, "preferred": False},
    }  # fmt: skip
    assert affinity["resources"][0] == {
        "provider": "devices",
        "resource": "nvidia.com/gpu",
        "requested": 5,
        "free": [{"numaNode": 0, "amount": 4}, {"numaNode": 1, "amount": 4}],
        "hints": [{"numaNodes": [0, 1], "preferred": True}],
        "why": GPU_LINE,
    }
    assert [h["numaNodes"] for h in affinity["resources"][1]["hints"]] == [[0], [1], [0, 1]]
    assert affinity["why"].endswith("and nvidia.com/gpu offers none")


def test_explain_and_admit_tables_show_the_account_under_the_refusal(
    gpu_file: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # the admit table's result cell unwrapped
    for command in ("explain", "admit"):
        assert main([command, "--node", str(NODES / "dgx-like-8gpu.yaml"), str(gpu_file)]) == 0
        out = " ".join(capsys.readouterr().out.replace("│", " ").split())
        assert "TopologyAffinityError: Resources cannot be allocated with Topology locality" in out
        assert "Why (pod scope, topology manager policy single-numa-node; * = preferred):" in out
        assert f"{GPU_LINE}; offered {{0,1}}*" in out
    # explain: the account is the line after the kubelet's
    assert main(["explain", "--node", str(NODES / "dgx-like-8gpu.yaml"), str(gpu_file)]) == 0
    lines = [line.strip("│ ") for line in capsys.readouterr().out.splitlines()]
    refused = lines.index("Refused by the kubelet: TopologyAffinityError: Resources cannot be allocated with Topology locality")
    assert lines[refused + 1 : refused + 5] == [
        "Why (pod scope, topology manager policy single-numa-node; * = preferred):",
        f"{GPU_LINE}; offered {{0,1}}*",
        f"{CPU_LINE}; offered {{0}}* {{1}}* {{0,1}}",
        "single-numa-node admits only a hint on one NUMA node that every resource prefers, and nvidia.com/gpu offers none",
    ]


def test_lint_pr501_keeps_the_kubelet_words_and_adds_why(gpu_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["lint", "-o", "json", "--node", str(NODES / "dgx-like-8gpu.yaml"), str(gpu_file)])
    findings = json.loads(capsys.readouterr().out)["findings"]
    (pr501,) = [f for f in findings if f["rule"] == "PR501"]
    assert pr501["message"] == (
        "the kubelet on dgx-like-8gpu refuses the pod: TopologyAffinityError: Resources cannot be allocated with "
        f"Topology locality. Pod scope: {GPU_LINE}; {CPU_LINE}; single-numa-node admits only a hint on one NUMA "
        "node that every resource prefers, and nvidia.com/gpu offers none"
    )
