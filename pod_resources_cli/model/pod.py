"""The typed pod model: what the computations read.

Frozen, position-free records (records.py). Resource lists are plain dicts from
resource name to Quantity; treat them as read-only (every computation
returns new dicts). ``pointer`` fields say where a part came from in its
document, for findings and annotations.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping

from pod_resources_cli.location import Pointer
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import dataclass, field, replace

ResourceList = Mapping[str, Quantity]
EMPTY: ResourceList = {}


class ContainerType(str, enum.Enum):
    INIT = "init"
    SIDECAR = "sidecar"
    REGULAR = "regular"


@dataclass(frozen=True, slots=True)
class ResourceRequirements:
    """v1.ResourceRequirements; ``None`` maps mean "not set" (nil in Go),
    which upstream distinguishes from an empty map in a few places."""

    requests: ResourceList | None = None
    limits: ResourceList | None = None
    claims: tuple[str, ...] = ()

    @property
    def req(self) -> ResourceList:
        return self.requests if self.requests is not None else EMPTY

    @property
    def lim(self) -> ResourceList:
        return self.limits if self.limits is not None else EMPTY


NO_RESOURCES = ResourceRequirements()


@dataclass(frozen=True, slots=True)
class Container:
    """A regular, init or sidecar container of the pod spec."""

    name: str
    type: ContainerType
    index: int  # position in spec.containers or spec.initContainers
    resources: ResourceRequirements = NO_RESOURCES
    restart_policy: str | None = None
    pointer: Pointer = ()

    @property
    def is_restartable_init(self) -> bool:
        """A sidecar: an init container with restartPolicy Always (KEP-753)."""
        return self.restart_policy == "Always"


@dataclass(frozen=True, slots=True)
class ContainerStatus:
    """The resources of one entry of status.containerStatuses or initContainerStatuses."""

    name: str
    resources: ResourceRequirements | None = None  # what the runtime reports as actuated
    allocated_resources: ResourceList | None = None  # the requests the kubelet allocated
    state: str | None = None  # "running" | "waiting" | "terminated" (the key of ``state``)


@dataclass(frozen=True, slots=True)
class ClaimOverhead:
    """An overhead of a node-allocatable claim status, per pod and per container."""

    name: str
    per_pod: Quantity | None = None
    per_container: Quantity | None = None


@dataclass(frozen=True, slots=True)
class NodeAllocatableClaimStatus:
    """status.nodeAllocatableResourceClaimStatuses[] (DRA node-allocatable resources)."""

    containers: tuple[str, ...] = ()
    mapping: tuple[tuple[str, Quantity], ...] = ()
    overhead: tuple[ClaimOverhead, ...] = ()


@dataclass(frozen=True, slots=True)
class ResizeCondition:
    """A PodResizePending or PodResizeInProgress condition (1.33+), or the
    older ``status.resize`` value (1.27-1.32), whose value is its reason."""

    type: str  # "PodResizePending" | "PodResizeInProgress" | "status.resize"
    reason: str = ""  # Deferred | Infeasible (pending), "" | Error (in progress), or status.resize's value
    message: str = ""


@dataclass(frozen=True, slots=True)
class PodStatus:
    """The pod status fields the resource computations read. ``present``: the
    object carries a ``status`` at all (it came from the cluster)."""

    container_statuses: tuple[ContainerStatus, ...] = ()
    init_container_statuses: tuple[ContainerStatus, ...] = ()
    resources: ResourceRequirements | None = None
    allocated_resources: ResourceList | None = None
    resize_pending_reason: str | None = None  # the PodResizePending condition's reason
    claim_statuses: tuple[NodeAllocatableClaimStatus, ...] = ()
    qos_class: str | None = None
    present: bool = False
    phase: str | None = None
    resize: tuple[ResizeCondition, ...] = ()  # pending first, then in progress, then status.resize
    problems: tuple[str, ...] = ()  # fields of the status that could not be read (left out)


@dataclass(frozen=True, slots=True)
class Pod:
    """A pod, or the pod template of a workload: the fields about resources."""

    name: str
    namespace: str | None = None
    containers: tuple[Container, ...] = ()
    init_containers: tuple[Container, ...] = ()
    ephemeral_container_count: int = 0
    ephemeral_with_resources: tuple[int, ...] = ()  # the ones whose ``resources`` is set (upstream's non-zero test)
    ephemeral_containers: tuple[Container, ...] = ()  # validated like the others, though never run from a manifest
    resources: ResourceRequirements | None = None  # spec.resources (KEP-2837); None = not set
    overhead: ResourceList | None = None
    priority: int | None = None
    priority_class_name: str | None = None
    preemption_policy: str | None = None  # spec.preemptionPolicy
    os_name: str | None = None
    node_os: str | None = None  # spec.nodeSelector["kubernetes.io/os"]: the kubelet labels its node with its GOOS
    resource_claim_names: tuple[str, ...] | None = None  # spec.resourceClaims[].name; None = not set
    active_deadline_seconds: int | None = None  # a quota's Terminating scope reads it
    cross_namespace_affinity: bool = False  # a pod (anti-)affinity term names other namespaces
    annotations: Mapping[str, str] = field(default_factory=dict)
    status: PodStatus = field(default_factory=PodStatus)
    pointer: Pointer = ()  # the pod spec's owner: () for a Pod, ("spec", "template") for a Deployment
    spec_at: Pointer | None = None  # where the pod spec is, when not under ``pointer`` (a PodSpec a custom kind inlines)

    @property
    def windows(self) -> bool:
        """Runs on a Windows node: ``spec.os.name`` (the kubelet refuses a pod of another OS) or a
        ``kubernetes.io/os: windows`` node selector (the kubelet sets that label to its GOOS and
        resets it on every start, pkg/kubelet/kubelet_node_status.go)."""
        return self.os_name == "windows" or self.node_os == "windows"

    def all_containers(self) -> Iterator[Container]:
        """Init containers (sidecars included) first, then regular ones: the start order."""
        yield from self.init_containers
        yield from self.containers

    def with_containers(self, containers: tuple[Container, ...], init_containers: tuple[Container, ...]) -> Pod:
        return replace(self, containers=containers, init_containers=init_containers)

    def spec_pointer(self, *parts: str | int) -> Pointer:
        return (*self.pointer, "spec", *parts) if self.spec_at is None else (*self.spec_at, *parts)
