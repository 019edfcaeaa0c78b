"""What admitting pods on a node yields: each pod's admission and each
container's placement (cpuset, NUMA nodes, devices, memory blocks).

``PodAdmission`` carries the kubelet's pkg/kubelet/lifecycle/interfaces.go
PodAdmitResult (Admit, Reason, Message) as pkg/kubelet/cm/admission/errors.go
GetPodAdmitResult fills it (k/k 3a53ab6e069d, as kube/admission.py cites),
with what the resource managers gave each container: cpuset.cpus from the
CPU manager's GetCPUAffinity, cpuset.mems from the Memory manager's
GetMemoryNUMANodes (pkg/kubelet/cm/internal_container_lifecycle_linux.go
PreCreateContainer, k/k 01a546fe53aec6a035e037236ae44c7ef98f06a0, as
kube/container_cpusets.py cites).

The records alone, below both the admission that makes them
(kube/admission.py) and the step that completes their cpusets once every pod
is admitted (kube/container_cpusets.py), so that neither imports the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.kube.cpumanager.cpu_manager import Isolation
from pod_resources_cli.kube.devicemanager.state import DeviceAllocation
from pod_resources_cli.kube.provenance import Why
from pod_resources_cli.kube.topologymanager.refusal import AffinityRefusal
from pod_resources_cli.records import dataclass, field

if TYPE_CHECKING:
    from pod_resources_cli.kube.memorymanager.state import Block  # the memory manager loads only when its policy is on


@dataclass
class ContainerPlacement:
    name: str
    type: str  # "init" | "sidecar" | "regular"
    cpuset: CPUSet | None  # cpuset.cpus: exclusive, its pod's shared pool, or the node's shared pool; None = CPUs unknown
    exclusive: bool  # isolation "container"
    numa_affinity: list[int] | None  # the merged hint's NUMA nodes; [] = any
    preferred: bool | None
    memory_numa_nodes: list[int] | None  # None = memory not pinned
    isolation: Isolation | None
    cfs_quota_disabled: bool
    why: Why
    cpuset_mems: CPUSet | None = None  # cpuset.mems: the pinned NUMA nodes, else every NUMA node; None = unknown
    devices: tuple[DeviceAllocation, ...] = ()  # the Device manager's, per extended resource
    memory_blocks: tuple[Block, ...] = ()  # the Static memory manager's blocks (NUMA nodes, type, bytes)


@dataclass
class PodAdmission:
    name: str
    namespace: str | None
    admitted: bool
    reason: str | None = None
    message: str | None = None
    containers: dict[str, ContainerPlacement] = field(default_factory=dict)
    pod_numa_affinity: list[int] | None = None  # topology scope pod only
    pod_preferred: bool | None = None
    shared_pool_after: CPUSet | None = None  # None: the node's CPUs are unknown
    affinity: AffinityRefusal | None = None  # a TopologyAffinityError: the hints the merge refused


@dataclass
class AdmitResult:
    pods: list[PodAdmission]
    shared_pool_after: CPUSet | None
    reserved: CPUSet
    cpu_manager_policy: str
    topology_manager_policy: str
    topology_manager_scope: str
    memory_manager_policy: str
