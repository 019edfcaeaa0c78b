"""The Topology manager's construction: names, options, NUMA limits, and the kubelet's texts."""

from __future__ import annotations

from typing import Any

import pytest

from pod_resources_cli.errors import NodeError
from pod_resources_cli.features import FeatureGates, KubernetesVersion
from pod_resources_cli.kube.topologymanager.topology_manager import TopologyManager
from tests.test_cpu_manager import TWO_NUMA, cadvisor, make_node

EIGHT_NUMA = cadvisor(2, 4, 2)


def manager(machine: dict[str, Any] | None = TWO_NUMA, gates: FeatureGates | None = None, **kubelet: Any) -> TopologyManager:
    return TopologyManager(make_node(machine, **kubelet), gates or FeatureGates())


def test_none_policy_ignores_options_and_machine() -> None:
    tm = manager(None, topologyManagerPolicy="none", topologyManagerPolicyOptions={"bogus": "1"})
    assert tm.policy_name == "none"


def test_options() -> None:
    tm = manager(topologyManagerPolicy="best-effort", topologyManagerPolicyOptions={"prefer-closest-numa-nodes": "true"})
    assert tm.options.prefer_closest_numa and tm.options.max_allowable_numa_nodes == 8
    tm = manager(topologyManagerPolicy="restricted", topologyManagerPolicyOptions={"max-allowable-numa-nodes": "16"})
    assert tm.options.max_allowable_numa_nodes == 16


@pytest.mark.parametrize(
    ("kubelet", "error"),
    [
        (
            {"topologyManagerPolicy": "strict"},
            'invalid configuration: topologyManagerPolicy (--topology-manager-policy) "strict" must be one of: '
            '["none" "best-effort" "restricted" "single-numa-node"]',
        ),
        (
            {"topologyManagerPolicy": "restricted", "topologyManagerScope": "node"},
            'invalid configuration: topologyManagerScope (--topology-manager-scope) "node" must be one of: "container", or "pod"',
        ),
        (
            {"topologyManagerPolicy": "restricted", "topologyManagerPolicyOptions": {"fastest": "true"}},
            'unknown Topology Manager Policy option: "fastest"',
        ),
        (
            {"topologyManagerPolicy": "restricted", "topologyManagerPolicyOptions": {"prefer-closest-numa-nodes": "sure"}},
            'bad value for option "prefer-closest-numa-nodes": strconv.ParseBool: parsing "sure": invalid syntax',
        ),
        (
            {"topologyManagerPolicy": "restricted", "topologyManagerPolicyOptions": {"max-allowable-numa-nodes": "4"}},
            'the minimum value of "max-allowable-numa-nodes" should not be less than 8',
        ),
        (
            {"topologyManagerPolicy": "restricted", "topologyManagerPolicyOptions": {"max-allowable-numa-nodes": "many"}},
            'unable to convert policy option to integer "max-allowable-numa-nodes": strconv.Atoi: parsing "many": invalid syntax',
        ),
    ],
)
def test_kubelet_refusals(kubelet: dict[str, Any], error: str) -> None:
    with pytest.raises(NodeError) as info:
        manager(**kubelet)
    assert info.value.message == error


def test_more_numa_nodes_than_allowed() -> None:
    sixteen = cadvisor(2, 8, 1)
    with pytest.raises(NodeError, match="^unsupported on machines with more than 8 NUMA Nodes$"):
        manager(sixteen, topologyManagerPolicy="best-effort")
    assert manager(sixteen, topologyManagerPolicy="best-effort", topologyManagerPolicyOptions={"max-allowable-numa-nodes": "16"})
    assert manager(EIGHT_NUMA, topologyManagerPolicy="single-numa-node").policy.numa.nodes == tuple(range(8))


def test_beta_option_needs_its_gate_in_old_versions() -> None:
    gates = FeatureGates(KubernetesVersion(1, 32), {"TopologyManagerPolicyBetaOptions": False})
    with pytest.raises(NodeError, match="^topology manager policy beta-level options not enabled, but option"):
        manager(gates=gates, topologyManagerPolicy="restricted", topologyManagerPolicyOptions={"max-allowable-numa-nodes": "8"})


def test_prefer_closest_needs_distances() -> None:
    machine = cadvisor(2, 1, 4)
    for numa in machine["topology"]:
        del numa["distances"]
    with pytest.raises(NodeError, match="error getting NUMA distances from cadvisor"):
        manager(machine, topologyManagerPolicy="best-effort", topologyManagerPolicyOptions={"prefer-closest-numa-nodes": "true"})
