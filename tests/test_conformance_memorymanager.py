"""memorymanager/: the kubelet's Memory manager on the admission path.

Each case admits its priorPods, in order, then its pod, on the case's node,
and checks the pod's admission (reason and message when refused) and every
container's memory NUMA nodes (null = not pinned).

TEMPORARY: until kube.admission.admit_pods exists, cases whose CPU manager
policy is none run through LOCAL_memory_only_admission below (a minimal
topology-manager merge with the Memory manager as the only hint provider);
the others wait for admit_pods.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

import pytest

from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.memorymanager import MemoryManager
from pod_resources_cli.kube.pod_create import create_pod
from pod_resources_cli.kube.topologymanager.hints import TopologyHint, mask_of
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.model.pod import Pod
from tests.support import case, case_params, gates_of, node_of, pod_of

SUITE = "memorymanager/oracle-a.json"


def _admit_pods() -> Any:
    try:
        module = importlib.import_module("pod_resources_cli.kube.admission")
    except ImportError:
        return None
    return getattr(module, "admit_pods", None)


@dataclass
class _Outcome:
    admitted: bool
    reason: str | None = None
    message: str | None = None
    numa: dict[str, list[int] | None] = field(default_factory=dict)


# -- LOCAL_memory_only_admission: temporary stand-in for admit_pods --------
def _filtered(hints: Any) -> list[list[TopologyHint]]:
    if not hints:
        return [[TopologyHint(None, True)]]
    return [list(v) if v else [TopologyHint(None, False)] for v in hints.values()]


def _key(hint: TopologyHint, best_non_preferred: int) -> tuple[int, int, int, int]:
    """A total order equal to topologymanager HintMerger.compare (no options)."""
    assert hint.affinity is not None
    count = hint.affinity.bit_count()
    if hint.preferred:
        band, by_count = 3, -count
    elif count == best_non_preferred:
        band, by_count = 2, 0
    elif count < best_non_preferred:
        band, by_count = 1, count
    else:
        band, by_count = 0, -count
    return (band, by_count, -count, -hint.affinity)


def _merge(default: int, lists: list[list[TopologyHint]]) -> TopologyHint:
    # (and-mask, common affinity: 0 none yet / -1 differ, all preferred)
    states = {(default, 0, True)}
    for hints in lists:
        nxt = set()
        for mask, common, pref in states:
            for h in hints:
                if h.affinity is None:
                    nxt.add((mask, common, pref and h.preferred))
                else:
                    same = h.affinity if common in (0, h.affinity) else -1
                    nxt.add((mask & h.affinity, same, pref and h.preferred))
        states = nxt
    narrowest = [min((h.affinity for h in hs if h.affinity is not None), key=lambda m: (m.bit_count(), m), default=None) for hs in lists]
    best_np = max((m.bit_count() for m in narrowest if m is not None), default=0)
    merged = [TopologyHint(m, p and c != -1) for m, c, p in states if m]
    if not merged:
        return TopologyHint(default, False)
    return max(merged, key=lambda h: _key(h, best_np))


def LOCAL_memory_only_admission(node: NodeDescription, pods: list[Pod], gates: FeatureGates) -> _Outcome:
    manager = MemoryManager(node, gates)
    assert node.topology is not None
    default = mask_of(n.node_id for n in node.topology.numa_nodes)
    policy = node.kubelet.topology_manager_policy
    outcome = _Outcome(True)
    for pod in pods:
        containers = list(pod.all_containers())
        if policy == "none":
            hints = {c.name: TopologyHint(None, False) for c in containers}
        elif node.kubelet.topology_manager_scope == "pod":
            one = _policy_merge(policy, default, manager.get_pod_topology_hints(pod))
            hints = {c.name: one for c in containers}
        else:
            hints = {}
        outcome = _Outcome(True)
        for c in containers:
            if c.name not in hints:
                hints[c.name] = _policy_merge(policy, default, manager.get_topology_hints(pod, c))
            hint = hints[c.name]
            if policy in ("restricted", "single-numa-node") and not hint.preferred:
                outcome = _Outcome(False, "TopologyAffinityError", "Resources cannot be allocated with Topology locality")
                break
            error = manager.allocate(pod, c, hint)
            if error is not None:
                msg = f"Allocate failed due to {error}, which is unexpected"
                outcome = _Outcome(False, "UnexpectedAdmissionError", msg)
                break
        if not outcome.admitted:
            manager.remove_pod(pod)
            continue
        outcome.numa = {c.name: manager.numa_nodes(pod, c.name) for c in containers}
    return outcome


def _policy_merge(policy: str, default: int, hints: Any) -> TopologyHint:
    lists = _filtered(hints)
    if policy == "single-numa-node":
        lists = [
            [h for h in hs if h.preferred and (h.affinity is None or h.affinity.bit_count() == 1)] for hs in lists
        ]
        best = _merge(default, lists)
        return TopologyHint(None, best.preferred) if best.affinity == default else best
    return _merge(default, lists)


# -- the suite ------------------------------------------------------------
def _run(c: dict[str, Any]) -> _Outcome:
    gates = gates_of(c)
    node = node_of(c)
    pods = [create_pod(pod_of(p), gates).pod for p in [*c.get("priorPods", []), c["pod"]]]
    admit_pods = _admit_pods()
    if admit_pods is None:
        if node.kubelet.cpu_manager_policy != "none":
            pytest.skip("TEMPORARY: waits for kube.admission.admit_pods (static CPU manager hints)")
        return LOCAL_memory_only_admission(node, pods, gates)
    result = admit_pods(node, pods, gates).pods[-1]
    numa = {name: placement.memory_numa_nodes for name, placement in result.containers.items()}
    return _Outcome(result.admitted, result.reason, result.message, numa)


@pytest.mark.parametrize(("suite", "index"), case_params(SUITE))
def test_oracle(suite: str, index: int) -> None:
    c = case(suite, index)
    got = _run(c)
    expect = c["expect"]
    assert got.admitted == expect["admit"]
    if not expect["admit"]:
        assert (got.reason, got.message) == (expect["reason"], expect["message"])
    else:
        assert got.numa == expect["numaNodes"]
