"""The Memory manager's None policy: no hints, no pinning.

Mirrors pkg/kubelet/cm/memorymanager/policy_none.go (kubernetes/kubernetes
commit 5e377f9484190488bbbcb3ac9d24cc8be55e792f): every call is a no-op, so
containers keep an unrestricted cpuset.mems.
"""

from __future__ import annotations

from pod_resources_cli.kube.memorymanager.numa_hints import MemoryHints
from pod_resources_cli.kube.memorymanager.state import MemoryState, NUMANodeMap
from pod_resources_cli.kube.topologymanager.hints import TopologyHint
from pod_resources_cli.model.pod import Container, Pod


class NonePolicy:
    name = "None"

    def default_machine_state(self) -> NUMANodeMap:
        return {}

    def get_topology_hints(self, state: MemoryState, pod: Pod, container: Container) -> MemoryHints | None:
        return None

    def get_pod_topology_hints(self, state: MemoryState, pod: Pod) -> MemoryHints | None:
        return None

    def allocate(self, state: MemoryState, pod: Pod, container: Container, hint: TopologyHint) -> None:
        return None

    def remove_container(self, state: MemoryState, pod: str, container: str) -> None:
        return None
