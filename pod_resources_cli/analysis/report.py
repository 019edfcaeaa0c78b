"""The product's reports: what explain/admit/lint print, as data.

Exact values (Quantity, int, cgroup strings) with the rule that produced
each ("why"), so renderers only format and never compute.
"""

from __future__ import annotations

from collections.abc import Mapping
from pod_resources_cli.records import dataclass, field
from typing import TYPE_CHECKING

from pod_resources_cli.features import Decision
from pod_resources_cli.kube.defaults import Defaulted
from pod_resources_cli.kube.provenance import Why
from pod_resources_cli.kube.qos import QOSResult
from pod_resources_cli.location import Location, Pointer
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.model.pod import ContainerType, Pod
from pod_resources_cli.model.workload import WorkloadRef
from pod_resources_cli.quantity import Quantity

if TYPE_CHECKING:
    from pod_resources_cli.kube.topologymanager.refusal import AffinityRefusal
    from pod_resources_cli.analysis.running import RunningView


@dataclass(frozen=True, slots=True)
class CgroupView:
    """Cgroup files exactly as written, and the rule behind each value."""

    v2: Mapping[str, str] = field(default_factory=dict)
    v1: Mapping[str, str] = field(default_factory=dict)
    why: Mapping[str, Why] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class DevicePlacement:
    """The devices of one extended resource the Device manager gave a container."""

    resource: str
    device_ids: tuple[str, ...]
    numa_nodes: tuple[int, ...]  # () = the device plugin gives no topology


@dataclass(frozen=True, slots=True)
class MemoryBlock:
    """Memory of one type the Static memory manager pinned to a set of NUMA nodes for a container."""

    numa_nodes: tuple[int, ...]
    resource: str  # memory, hugepages-1Gi, ...
    size: int  # bytes, over all of ``numa_nodes``


@dataclass(frozen=True, slots=True)
class Placement:
    """Where the Device, CPU, Memory and Topology managers put one container."""

    cpuset: str | None  # cpuset.cpus as a Linux cpulist (exclusive or shared); None when the CPUs are unknown
    exclusive: bool
    numa_affinity: tuple[int, ...] | None
    preferred: bool | None
    memory_numa_nodes: tuple[int, ...] | None
    isolation: str | None  # "container" | "pod" | "host"
    cfs_quota_disabled: bool
    why: Why | None = None
    cpuset_mems: str | None = None  # cpuset.mems (NUMA nodes); None when the NUMA nodes are unknown
    devices: tuple[DevicePlacement, ...] = ()  # per extended resource, sorted by resource
    memory_blocks: tuple[MemoryBlock, ...] = ()  # Static memory manager only


@dataclass(frozen=True, slots=True)
class Admission:
    """Whether the pod runs: the kubelet's admission on the node, or the API
    server's refusal to create it (``decided_by`` "apiserver"), which comes
    first: no kubelet ever sees such a pod."""

    admitted: bool
    reason: str | None
    message: str | None
    shared_pool_after: str | None = None
    decided_by: str = "kubelet"  # "kubelet" | "apiserver"
    # The scheduler's refusal of this node when the kubelet's differs: an
    # extended resource the node does not advertise ("Insufficient nvidia.com/gpu")
    # is dropped by the kubelet's admission but never fits the scheduler.
    scheduler_reason: str | None = None
    scheduler_why: str | None = None  # why it differs from the kubelet's (node_side.scheduler_reason)
    # A TopologyAffinityError: the hints the topology manager's merge refused
    # (the tool's own account; reason and message stay the kubelet's).
    affinity: AffinityRefusal | None = None
    affinity_why: Why | None = None  # the refusal's account (analysis/affinity_why.py refusal_why)


@dataclass(frozen=True, slots=True)
class ContainerReport:
    name: str
    type: ContainerType
    pointer: Pointer
    requests: Mapping[str, Quantity]
    limits: Mapping[str, Quantity]
    why: Mapping[str, Why]  # "requests.cpu" -> the defaulting, LimitRange or rounding rule
    oom_score_adj: int | None = None
    oom_why: Why | None = None
    cgroup: CgroupView | None = None
    placement: Placement | None = None


@dataclass(frozen=True, slots=True)
class PodReport:
    source: Location
    workload: WorkloadRef
    original: Pod
    pod: Pod  # as the API server stores it (defaulted)
    defaulted: tuple[Defaulted, ...]
    qos: QOSResult
    requests: Mapping[str, Quantity]
    limits: Mapping[str, Quantity]
    requests_why: Mapping[str, Why]
    limits_why: Mapping[str, Why]
    containers: tuple[ContainerReport, ...]
    node: NodeDescription
    gates: tuple[Decision, ...]
    cgroup: CgroupView | None = None
    cgroup_parent: str | None = None
    cgroup_path: str | None = None
    admission: Admission | None = None
    notes: tuple[Why, ...] = ()  # surprises worth a line of their own (why_words/notes.py words them)
    priority_why: Why | None = None  # where spec.priority came from (None: the Priority plugin refused the pod)
    running: RunningView | None = None  # a pod with status: what runs (cgroups and OOM scores come from it)

    def container(self, name: str) -> ContainerReport | None:
        for c in self.containers:
            if c.name == name:
                return c
        return None


@dataclass(frozen=True, slots=True)
class ExplainReport:
    pods: tuple[PodReport, ...]
    node: NodeDescription
    problems: tuple[tuple[Location, str], ...] = ()
