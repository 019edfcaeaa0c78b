"""The resource managers as the topology manager's hint providers.

Mirrors the HintProvider interface of
pkg/kubelet/cm/topologymanager/topology_manager.go (kubernetes v1.32, with
AllocatePod from KEP-5526, v1.36) and the order NewContainerManager
(pkg/kubelet/cm/container_manager_linux.go, k/k 001332b04220) registers the
providers in: the device manager, the CPU manager, then the Memory manager.
Errors without a reason of their own become UnexpectedAdmissionError
(pkg/kubelet/cm/admission/errors.go GetPodAdmitResult, k/k 3a53ab6e069d).
Each provider also tells, for a TopologyAffinityError only, what its hints
were sized for (``demand``): the request and what is free on each NUMA node.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from collections import Counter

from pod_resources_cli.kube.cpumanager.cpu_manager import CPUManager
from pod_resources_cli.kube.devicemanager.device_manager import DeviceManager
from pod_resources_cli.kube.devicemanager.hints import container_device_request, pod_device_request
from pod_resources_cli.kube.topologymanager.errors import UNEXPECTED_ADMISSION_ERROR, AdmitError, unexpected
from pod_resources_cli.kube.topologymanager.hints import HintMap, TopologyHint
from pod_resources_cli.kube.topologymanager.refusal import Demand
from pod_resources_cli.model.pod import Container, Pod

if TYPE_CHECKING:
    from pod_resources_cli.kube.memorymanager import MemoryManager


class DeviceProvider:
    """The Device manager's errors carry no reason: the kubelet reports them as unexpected."""

    name = "devices"

    def __init__(self, manager: DeviceManager) -> None:
        self.manager = manager

    def demand(self, pod: Pod, container: Container | None) -> dict[str, Demand]:
        """Devices asked for, and the healthy unallocated ones on each NUMA node."""
        inventory = self.manager.inventory
        if container is None:
            requests = pod_device_request(inventory, pod)
        else:
            requests = container_device_request(inventory, container)
        available = self.manager.available()
        out: dict[str, Demand] = {}
        for resource, requested in requests.items():
            free = Counter(n for d in available.get(resource, ()) for n in inventory.numa_nodes(resource, d))
            homes = {n for d in inventory.ids(resource) for n in inventory.numa_nodes(resource, d)}
            nodes = [n for n in self.manager.numa_nodes if n in homes]
            out[resource] = Demand(requested, tuple((n, free[n]) for n in nodes))
        return out

    def container_hints(self, pod: Pod, container: Container) -> HintMap | None:
        return self.manager.get_topology_hints(pod, container)

    def pod_hints(self, pod: Pod) -> HintMap | None:
        return self.manager.get_pod_topology_hints(pod)

    def allocate(self, pod: Pod, container: Container, hint: TopologyHint) -> AdmitError | None:
        message = self.manager.allocate(pod, container, hint.affinity)
        return None if message is None else unexpected(message)

    def allocate_pod(self, pod: Pod, hint: TopologyHint) -> AdmitError | None:
        self.manager.allocate_pod(pod, hint.affinity)
        return None


class CPUProvider:
    name = "cpu"

    def __init__(self, manager: CPUManager) -> None:
        self.manager = manager

    def demand(self, pod: Pod, container: Container | None) -> dict[str, Demand]:
        """Exclusive CPUs asked for, and the free ones (shared pool less reserved) per NUMA node."""
        policy = self.manager.static
        if policy is None:
            return {}
        from pod_resources_cli.kube.cpumanager.policy_static_pod import pod_scope_problem
        from pod_resources_cli.kube.cpumanager.requests import pod_level_managed

        requested = policy.pod_guaranteed_cpus(pod) if container is None else policy.guaranteed_cpus(pod, container)
        available = policy.available_cpus(self.manager.state).mask
        numa = policy.topo.numa_cpus
        # GetPodTopologyHints offers no hint when validatePodScopeResources fails (the pod shared pool would be empty)
        refused = pod_scope_problem(policy, pod) if container is None and pod_level_managed(pod, policy.gates) else None
        return {"cpu": Demand(requested, tuple((n, (available & numa[n]).bit_count()) for n in sorted(numa)), refused)}

    def container_hints(self, pod: Pod, container: Container) -> HintMap | None:
        return self.manager.get_topology_hints(pod, container)

    def pod_hints(self, pod: Pod) -> HintMap | None:
        return self.manager.get_pod_topology_hints(pod)

    def allocate(self, pod: Pod, container: Container, hint: TopologyHint) -> AdmitError | None:
        return self.manager.allocate_checked(pod, container, hint)

    def allocate_pod(self, pod: Pod, hint: TopologyHint) -> AdmitError | None:
        return self.manager.allocate_pod_checked(pod, hint)


class MemoryProvider:
    """The Memory manager's errors carry no reason: the kubelet reports them as unexpected."""

    name = "memory"

    def __init__(self, manager: MemoryManager) -> None:
        self.manager = manager

    def demand(self, pod: Pod, container: Container | None) -> dict[str, Demand]:
        """Bytes asked for per memory type, and the free bytes of each NUMA node."""
        from pod_resources_cli.kube.memorymanager.requests import (
            RequestError,
            container_requested_resources,
            pod_requested_resources,
            pod_scope_problem,
        )

        gates = self.manager.gates
        try:
            if container is None:
                requests = pod_requested_resources(pod, gates)
            else:
                requests = container_requested_resources(pod, container, gates)
        except RequestError:
            return {}
        machine = self.manager.state.machine_state
        refused = pod_scope_problem(pod, gates) if container is None else None  # GetPodTopologyHints' empty hints
        out: dict[str, Demand] = {}
        for resource, requested in requests.items():
            tables = [(n, machine[n].memory_map.get(resource)) for n in sorted(machine)]
            out[resource] = Demand(requested, tuple((n, t.free) for n, t in tables if t is not None), refused)
        return out

    def container_hints(self, pod: Pod, container: Container) -> HintMap | None:
        return self.manager.get_topology_hints(pod, container)

    def pod_hints(self, pod: Pod) -> HintMap | None:
        return self.manager.get_pod_topology_hints(pod)

    def allocate(self, pod: Pod, container: Container, hint: TopologyHint) -> AdmitError | None:
        message = self.manager.allocate(pod, container, hint)
        return None if message is None else unexpected(message)

    def allocate_pod(self, pod: Pod, hint: TopologyHint) -> AdmitError | None:
        error = self.manager.allocate_pod(pod, hint)
        if error is None:
            return None
        if error.reason == UNEXPECTED_ADMISSION_ERROR:
            return unexpected(error.message)
        return AdmitError(error.reason, error.message)
