"""The topology manager of one node: its policy, scope and admission.

Mirrors pkg/kubelet/cm/topologymanager/topology_manager.go NewManager and
Admit (kubernetes v1.32; NewManager read again in v1.32.3, the vendored copy
of github.com/ffromani/cpumgrx@b3f04a4b) and the kubelet configuration
checks of pkg/kubelet/apis/config/validation/validation.go for the policy
and scope names. Policy none short-cuts to the none scope (options are not
even read, no hint is ever asked for); other policies refuse machines with
more NUMA nodes than max-allowable-numa-nodes (defaultMaxAllowableNUMANodes
8, raised by the option), since every hint enumerates all combinations of
NUMA nodes. A node file gets that refusal located at the setting
(model/decode/node/consistency.py); here it keeps the kubelet's text, and
pod-resources' own bound on a raised limit (MAX_HINT_NUMA_NODES) follows it.
Pods with pod-level resources take the KEP-5526 path under scope pod when
PodLevelResourceManagers is on.
"""

from __future__ import annotations

from collections.abc import Sequence

from pod_resources_cli.errors import NodeError
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.resource import is_pod_level_resources_set
from pod_resources_cli.kube.topologymanager.numa_info import NUMAInfo
from pod_resources_cli.kube.topologymanager.policy import NONE, POLICIES, Policy
from pod_resources_cli.kube.topologymanager.policy_options import PolicyOptions, new_policy_options
from pod_resources_cli.kube.topologymanager.scope import (
    Provider,
    ScopeResult,
    admit_container_scope,
    admit_none,
    admit_pod_level,
    admit_pod_scope,
)
from pod_resources_cli.model.decode.node.consistency import MAX_HINT_NUMA_NODES
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.model.pod import Pod

CONTAINER_SCOPE = "container"
POD_SCOPE = "pod"


def validate_names(policy: str, scope: str) -> None:
    if policy not in POLICIES:
        quoted = " ".join(f'"{p}"' for p in POLICIES)
        raise NodeError(
            f'invalid configuration: topologyManagerPolicy (--topology-manager-policy) "{policy}" must be one of: [{quoted}]'
        )
    if scope not in (CONTAINER_SCOPE, POD_SCOPE):
        raise NodeError(
            f'invalid configuration: topologyManagerScope (--topology-manager-scope) "{scope}" must be one of: '
            f'"{CONTAINER_SCOPE}", or "{POD_SCOPE}"'
        )


def admits_with_pod_resources(policy_name: str, scope: str, gates: FeatureGates, pod: Pod) -> bool:
    """scope_pod.go Admit (upstream with PodLevelResourceManagers): does the pod
    take the KEP-5526 path, one merged pod hint and one AllocatePod per
    provider? Only under scope pod (policy none short-cuts to per-container
    allocation first), with the gate on and spec.resources set."""
    if policy_name == NONE or scope != POD_SCOPE:
        return False
    return gates.enabled("PodLevelResourceManagers") and is_pod_level_resources_set(pod)


class TopologyManager:
    def __init__(self, node: NodeDescription, gates: FeatureGates) -> None:
        kubelet = node.kubelet
        validate_names(kubelet.topology_manager_policy, kubelet.topology_manager_scope)
        self.gates = gates
        self.policy_name = kubelet.topology_manager_policy
        self.scope = kubelet.topology_manager_scope
        self.options = PolicyOptions()
        if self.policy_name == NONE:
            self.policy = Policy(NONE, NUMAInfo((), {}), self.options)
            return
        if node.topology is None or not node.topology.numa_nodes:
            raise NodeError(
                f'topologyManagerPolicy "{self.policy_name}" needs the machine\'s NUMA topology '
                "(a cAdvisor MachineInfo or a compact node description)"
            )
        self.options = new_policy_options(kubelet.topology_manager_policy_options, gates)
        numa = NUMAInfo.from_machine(node.topology, self.options.prefer_closest_numa)
        if len(numa.nodes) > self.options.max_allowable_numa_nodes:
            raise NodeError(f"unsupported on machines with more than {self.options.max_allowable_numa_nodes} NUMA Nodes")
        if len(numa.nodes) > MAX_HINT_NUMA_NODES:
            raise NodeError(
                f"pod-resources simulates topology hints on at most {MAX_HINT_NUMA_NODES} NUMA nodes "
                f"(2^{len(numa.nodes)} NUMA masks here)"
            )
        self.policy = Policy(self.policy_name, numa, self.options)

    def admit(self, providers: Sequence[Provider], pod: Pod) -> ScopeResult:
        if self.policy_name == NONE:
            return admit_none(providers, pod)
        if admits_with_pod_resources(self.policy_name, self.scope, self.gates, pod):
            return admit_pod_level(self.policy, providers, pod)
        if self.scope == POD_SCOPE:
            return admit_pod_scope(self.policy, providers, pod)
        return admit_container_scope(self.policy, providers, pod)
