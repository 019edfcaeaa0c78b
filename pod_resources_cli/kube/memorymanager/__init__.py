"""The kubelet's Memory manager ← pkg/kubelet/cm/memorymanager/ (kubernetes/kubernetes
commit 030880a5dc5449403c6d1f0aa146a7dc21d6c6dc and the KEP-5526 additions first released
in v1.36; each module names the files and the version it follows)."""

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
