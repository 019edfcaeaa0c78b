"""The kubelet's Memory manager ← pkg/kubelet/cm/memorymanager/."""

from pod_resources_cli.kube.memorymanager.memory_manager import MemoryManager
from pod_resources_cli.kube.memorymanager.policy_static import EMPTY_POD_SHARED_POOL, UNEXPECTED, MemoryManagerError
from pod_resources_cli.kube.memorymanager.state import Block, MemoryTable, NUMANodeState, pod_key

__all__ = [
    "EMPTY_POD_SHARED_POOL",
    "UNEXPECTED",
    "Block",
    "MemoryManager",
    "MemoryManagerError",
    "MemoryTable",
    "NUMANodeState",
    "pod_key",
]
