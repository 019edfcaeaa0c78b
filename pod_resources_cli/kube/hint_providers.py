"""The resource managers as the topology manager's hint providers.

Mirrors the HintProvider interface of
pkg/kubelet/cm/topologymanager/topology_manager.go (kubernetes v1.32, with
AllocatePod from KEP-5526, v1.36) and the order NewContainerManager
(pkg/kubelet/cm/container_manager_linux.go, k/k 001332b04220) registers the
providers in: the device manager, the CPU manager, then the Memory manager.
Errors without a reason of their own become UnexpectedAdmissionError
(pkg/kubelet/cm/admission/errors.go GetPodAdmitResult, k/k 3a53ab6e069d).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pod_resources_cli.kube.cpumanager.cpu_manager import CPUManager
from pod_resources_cli.kube.devicemanager.device_manager import DeviceManager
from pod_resources_cli.kube.topologymanager.errors import UNEXPECTED_ADMISSION_ERROR, AdmitError, unexpected
from pod_resources_cli.kube.topologymanager.hints import HintMap, TopologyHint
from pod_resources_cli.model.pod import Container, Pod

if TYPE_CHECKING:
    from pod_resources_cli.kube.memorymanager import MemoryManager


class DeviceProvider:
    """The Device manager's errors carry no reason: the kubelet reports them as unexpected."""

    def __init__(self, manager: DeviceManager) -> None:
        self.manager = manager

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
    def __init__(self, manager: CPUManager) -> None:
        self.manager = manager

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

    def __init__(self, manager: MemoryManager) -> None:
        self.manager = manager

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
