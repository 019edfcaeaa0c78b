"""Ordered admission of pods on one node, as the kubelet's resource managers do it.

Mirrors the admission path of pkg/kubelet/cm: container_manager_linux.go
NewContainerManager (k/k 001332b04220) builds the Topology manager, then
registers its hint providers in order, the device manager, the CPU
manager, then the Memory manager (kube/hint_providers.py);
topology_manager.go Admit runs each pod through the scope
(kube/topologymanager cites its version); a refusal becomes the admit
result of pkg/kubelet/cm/admission/errors.go GetPodAdmitResult (k/k
3a53ab6e069d: "UnexpectedAdmissionError" for an error without a reason).
Pods are admitted in the order given; the state of a refused pod (devices,
CPUs or memory its earlier containers got) is dropped before the next pod, as the managers' removeStaleState does at their next
call.

``admit_pods`` takes DEFAULTED pods (kube.pod_create.create_pod(...).pod).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.admission_result import AdmitResult, ContainerPlacement, PodAdmission
from pod_resources_cli.kube.container_cpusets import fill_cpuset_mems, fill_shared_cpusets
from pod_resources_cli.kube.cpumanager.cpu_manager import CPUManager
from pod_resources_cli.kube.cpumanager.state import pod_uid
from pod_resources_cli.kube.devicemanager.device_manager import DeviceManager
from pod_resources_cli.kube.hint_providers import CPUProvider, DeviceProvider, MemoryProvider
from pod_resources_cli.kube.placement_why import cfs_quota_disabled, explain
from pod_resources_cli.kube.qos import with_qos_class
from pod_resources_cli.kube.resource import is_pod_level_resources_set
from pod_resources_cli.kube.topologymanager.errors import AdmitError
from pod_resources_cli.kube.topologymanager.hints import TopologyHint, nodes_of
from pod_resources_cli.kube.topologymanager.scope import Provider, ScopeResult
from pod_resources_cli.kube.topologymanager.topology_manager import TopologyManager
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.model.pod import Pod
from pod_resources_cli.records import dataclass, replace

if TYPE_CHECKING:
    from pod_resources_cli.kube.memorymanager import MemoryManager


@dataclass
class NodeManagers:
    """The managers of one node, built and validated as the kubelet does at start."""

    topology: TopologyManager
    cpu: CPUManager
    memory: MemoryManager | None
    device: DeviceManager

    @classmethod
    def build(cls, node: NodeDescription, gates: FeatureGates) -> NodeManagers:
        topology = TopologyManager(node, gates)
        cpu = CPUManager(node, gates, topology.policy_name)
        memory = None
        if node.kubelet.memory_manager_policy != "None":
            from pod_resources_cli.kube.memorymanager import MemoryManager

            memory = MemoryManager(node, gates)
        return cls(topology, cpu, memory, DeviceManager(node))

    @property
    def providers(self) -> list[Provider]:
        """In NewContainerManager's AddHintProvider order: device, CPU, memory."""
        out: list[Provider] = [DeviceProvider(self.device), CPUProvider(self.cpu)]
        if self.memory is not None:
            out.append(MemoryProvider(self.memory))
        return out

    def forget(self, pod: Pod) -> None:
        self.device.remove_pod(pod)
        self.cpu.remove_pod(pod)
        if self.memory is not None:
            self.memory.remove_pod(pod)


def reserved_cpus(node: NodeDescription, gates: FeatureGates | None = None) -> CPUSet:
    """The CPUs the static policy keeps out of exclusive allocation (empty under policy none)."""
    g = (gates or FeatureGates()).on_node(node.kubelet.feature_gates, node.name)
    return CPUManager(node, g, node.kubelet.topology_manager_policy).reserved()


def _unique(pods: Sequence[Pod]) -> list[Pod]:
    """Pods stand for their UID by namespace/name: make repeated names distinct."""
    seen: dict[str, int] = {}
    out: list[Pod] = []
    for pod in pods:
        uid = pod_uid(pod)
        seen[uid] = seen.get(uid, 0) + 1
        out.append(pod if seen[uid] == 1 else replace(pod, name=f"{pod.name}#{seen[uid]}"))
    return out


def _hint_nodes(hint: TopologyHint | None) -> list[int] | None:
    return None if hint is None else nodes_of(hint.affinity or 0)


def _placements(
    managers: NodeManagers, pod: Pod, scope: ScopeResult, gates: FeatureGates, node: NodeDescription
) -> dict[str, ContainerPlacement]:
    out: dict[str, ContainerPlacement] = {}
    for c in pod.all_containers():
        hint = scope.hints.get(c.name)
        cpus = managers.cpu.assigned_cpus(pod, c.name)
        memory = managers.memory.numa_nodes(pod, c.name) if managers.memory is not None else None
        isolation = managers.cpu.isolation(pod, c)
        out[c.name] = ContainerPlacement(
            name=c.name,
            type=c.type.value,
            cpuset=cpus,
            exclusive=isolation == "container",
            numa_affinity=_hint_nodes(hint),
            preferred=None if hint is None else hint.preferred,
            memory_numa_nodes=memory,
            isolation=isolation,
            cfs_quota_disabled=cfs_quota_disabled(node, gates, isolation == "container"),
            why=explain(managers.cpu, pod, c, cpus, isolation, hint, managers.device.creation_error(pod, c.name)),
            devices=managers.device.container_devices(pod, c.name),
            memory_blocks=tuple(managers.memory.memory_blocks(pod, c.name) or ()) if managers.memory is not None else (),
        )
    return out


POD_LEVEL_RESOURCES_NOT_SUPPORTED = "PodLevelResourcesNotSupported"


def pod_level_resources_predicate(node: NodeDescription, gates: FeatureGates, pod: Pod) -> AdmitError | None:
    """The kubelet's admission check of pod-level resources
    (pkg/kubelet/lifecycle/features_linux.go isPodLevelResourcesSupported,
    kubernetes/kubernetes @873c3ca26a00): refused only when the gate is off.
    KEP-2837 says the kubelet refuses such pods on cgroup v1; the code has no
    such check, so the pod is admitted there (lint PR151 warns). It runs after
    the resource managers' admit handler, so their refusal wins."""
    del node  # the check reads no node setting
    if is_pod_level_resources_set(pod) and not gates.enabled("PodLevelResources"):
        return AdmitError(POD_LEVEL_RESOURCES_NOT_SUPPORTED, "PodLevelResources feature gate is disabled")
    return None


def check_kubelet_config(node: NodeDescription, gates: FeatureGates) -> None:
    """Raise NodeError, with the kubelet's text, for settings the kubelet
    refuses at start (feature gates, cpuCFSQuotaPeriod, policies, options,
    reservations), before any pod.

    reservedMemory is validated first, whatever memoryManagerPolicy is
    (ValidateKubeletConfiguration, validateReservedMemoryConfiguration); the
    managers are then built as NewContainerManager builds them."""
    from pod_resources_cli.errors import NodeError
    from pod_resources_cli.features import kubelet_refusal
    from pod_resources_cli.kube.cgroup import cfs_quota_period_refusal
    from pod_resources_cli.kube.memorymanager.reserved import validate_reserved_memory_configuration
    from pod_resources_cli.kube.swap import validate_swap_config

    merged = gates.on_node(node.kubelet.feature_gates, node.name)
    refusal = kubelet_refusal(merged)  # the feature gates are set before the configuration is validated
    if refusal is not None:
        raise NodeError(refusal)
    refusal = cfs_quota_period_refusal(node.kubelet, merged)
    if refusal is not None:
        raise NodeError(refusal)
    validate_reserved_memory_configuration(node.kubelet.reserved_memory)
    validate_swap_config(node.kubelet, node.swap_capacity, merged)
    NodeManagers.build(node, merged)


def admit_pods(
    node: NodeDescription,
    pods: Sequence[Pod],
    gates: FeatureGates,
    *,
    predicate: Callable[[Pod, Sequence[Pod]], AdmitError | None] | None = None,
) -> AdmitResult:
    """Admit ``pods`` in order on ``node``. Raises NodeError for a kubelet
    configuration the kubelet would refuse at start.

    ``predicate(pod, admitted_so_far)`` is the kubelet's later admit handler
    (the resource-fit predicate runs after the resource managers'); a pod it
    refuses releases what the managers gave it, as the kubelet's cleanup does.
    """
    admitted: list[Pod] = []
    gates = gates.on_node(node.kubelet.feature_gates, node.name)
    managers = NodeManagers.build(node, gates)
    known_cpus = managers.cpu.topo is not None
    results: list[PodAdmission] = []
    for original, pod in zip(pods, _unique(pods)):
        pod = with_qos_class(pod, gates)  # computed once: the managers ask per container
        scope = managers.topology.admit(managers.providers, pod)
        if scope.error is None:
            scope.error = pod_level_resources_predicate(node, gates, pod)
        if scope.error is None and predicate is not None:
            scope.error = predicate(pod, admitted)
        if scope.error is None:
            admitted.append(pod)
        entry = PodAdmission(original.name, original.namespace, admitted=scope.error is None)
        if scope.error is not None:
            entry.reason, entry.message = scope.error.reason, scope.error.message
            entry.affinity = scope.affinity
            managers.forget(pod)
        else:
            entry.containers = _placements(managers, pod, scope, gates, node)
            entry.pod_numa_affinity = _hint_nodes(scope.pod_hint)
            entry.pod_preferred = None if scope.pod_hint is None else scope.pod_hint.preferred
        entry.shared_pool_after = managers.cpu.shared_pool if known_cpus else None
        results.append(entry)
    if known_cpus:
        fill_shared_cpusets(results, managers.cpu.shared_pool)
    fill_cpuset_mems(results, node)
    return AdmitResult(
        pods=results,
        shared_pool_after=managers.cpu.shared_pool if known_cpus else None,
        reserved=managers.cpu.reserved(),
        cpu_manager_policy=managers.cpu.policy_name,
        topology_manager_policy=managers.topology.policy_name,
        topology_manager_scope=managers.topology.scope,
        memory_manager_policy=node.kubelet.memory_manager_policy,
    )
