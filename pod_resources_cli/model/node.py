"""The node model: kubelet settings, machine topology, capacity.

Decoded from a KubeletConfiguration, a cAdvisor MachineInfo, a v1 Node
and the project's compact form (model/decode/node/). Field names follow
the kubelet's own where there is one.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import dataclass, field


@dataclass(frozen=True, slots=True)
class CPUInfo:
    """One logical CPU, as cpumanager/topology.CPUDetails holds it.

    ``core_id`` is the kubelet's unique core id (the lowest thread id of the
    physical core), not cAdvisor's per-socket core_id.
    """

    cpu_id: int
    core_id: int
    socket_id: int
    numa_node: int
    uncore_cache: int = 0


@dataclass(frozen=True, slots=True)
class NUMANode:
    node_id: int
    memory: int  # bytes
    hugepages: Mapping[int, int] = field(default_factory=dict)  # page size in bytes -> number of pages
    distances: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Device:
    """One device a device plugin advertises (pluginapi.Device): the
    extended resource it counts for, its ID, and the NUMA nodes of its
    TopologyInfo (empty: the plugin gives no topology, so the Device
    Manager gives no hint for it)."""

    resource: str  # nvidia.com/gpu, intel.com/sriov_netdevice...
    device_id: str
    numa_nodes: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class MachineTopology:
    cpus: tuple[CPUInfo, ...]  # sorted by cpu_id
    numa_nodes: tuple[NUMANode, ...]  # sorted by node_id
    memory_capacity: int
    swap_capacity: int | None = None  # bytes (MachineInfo swap_capacity); None = not described

    @property
    def num_cpus(self) -> int:
        return len(self.cpus)

    @property
    def num_cores(self) -> int:
        return len({c.core_id for c in self.cpus})

    @property
    def num_sockets(self) -> int:
        return len({c.socket_id for c in self.cpus})

    @property
    def cpus_per_core(self) -> int:
        return self.num_cpus // max(self.num_cores, 1)


@dataclass(frozen=True, slots=True)
class ReservedMemory:
    numa_node: int
    limits: Mapping[str, Quantity]


@dataclass(frozen=True, slots=True)
class KubeletConfig:
    """The KubeletConfiguration fields this tool reads, with kubelet defaults."""

    cgroup_driver: str = "cgroupfs"
    cgroup_version: int = 2
    cpu_manager_policy: str = "none"
    cpu_manager_policy_options: Mapping[str, str] = field(default_factory=dict)
    reserved_system_cpus: str | None = None
    topology_manager_policy: str = "none"
    topology_manager_scope: str = "container"
    topology_manager_policy_options: Mapping[str, str] = field(default_factory=dict)
    memory_manager_policy: str = "None"
    reserved_memory: tuple[ReservedMemory, ...] = ()
    kube_reserved: Mapping[str, Quantity] = field(default_factory=dict)
    system_reserved: Mapping[str, Quantity] = field(default_factory=dict)
    kube_reserved_cgroup: str = ""
    system_reserved_cgroup: str = ""
    eviction_hard: Mapping[str, str] | None = None  # None = the kubelet's default thresholds
    memory_throttling_factor: Decimal | None = None
    memory_reservation_policy: str = "None"
    cpu_cfs_quota: bool = True
    cpu_cfs_quota_period_us: int = 100_000
    pod_pids_limit: int | None = None
    single_process_oom_kill: bool = False
    feature_gates: Mapping[str, bool] = field(default_factory=dict)
    max_pods: int = 110
    pods_per_core: int = 0
    merge_default_eviction_settings: bool = False
    # Not a kubelet field: how the container runtime maps cpu.shares to
    # cpu.weight ("quadratic": runc >= 1.3.2, crun >= 1.23; "linear": older).
    runtime_cpu_weight: str = "quadratic"
    # Memory page size for the memory.high rounding (KEP-2570).
    page_size: int = 4096
    # Swap (KEP-2400): failSwapOn and memorySwap.swapBehavior ("" = the default).
    fail_swap_on: bool = True
    swap_behavior: str = ""
    # Not a kubelet field: does the container cgroup have a swap file
    # (memory.swap.max, v1 memory.memsw.limit_in_bytes)? None = yes when the
    # machine's swap capacity is described (kube/swap.py).
    swap_controller: bool | None = None


@dataclass(frozen=True, slots=True)
class NodeDescription:
    name: str
    kubelet: KubeletConfig = field(default_factory=KubeletConfig)
    topology: MachineTopology | None = None
    capacity: Mapping[str, Quantity] = field(default_factory=dict)
    allocatable: Mapping[str, Quantity] | None = None  # as a Node object reports it
    devices: tuple[Device, ...] = ()  # sorted by (resource, device_id); the Device Manager's inventory
    source: str = ""
    embedded: bool = False  # the built-in default node, not a user file

    @property
    def memory_capacity(self) -> int | None:
        if self.topology is not None:
            return self.topology.memory_capacity
        mem = self.capacity.get("memory")
        return mem.value() if mem is not None else None

    @property
    def swap_capacity(self) -> int | None:
        """The machine's swap in bytes, None when the description does not say."""
        return self.topology.swap_capacity if self.topology is not None else None
