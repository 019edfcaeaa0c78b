"""Node capacity and allocatable, and whether a pod fits, as the kubelet and scheduler see it.

Mirrors (kubernetes/kubernetes, each file at the commit named):
- pkg/kubelet/cadvisor/util.go CapacityFromMachineInfo (@2c5a11a55bf7): cpu = NumCores,
  memory = MemoryCapacity, hugepages-<size> = pages * size;
- pkg/kubelet/nodestatus/setters.go MachineInfo (@00267ac822c2): pods = maxPods
  (or min(podsPerCore * NumCores, maxPods)); allocatable = capacity - reservation,
  never negative, then every hugepages capacity taken off allocatable memory;
- pkg/kubelet/cm/node_container_manager_linux.go GetNodeAllocatableReservation
  and validateNodeAllocatable (@99600aa13cc2), pkg/kubelet/cm/helpers.go
  hardEvictionReservation (@f77451e4e879: memory.available -> memory,
  nodefs.available -> ephemeral-storage) and pkg/kubelet/eviction/api/types.go
  GetThresholdQuantity (@b547a95d1443: a percentage is
  int64(float64(capacity) * float64(float32 percentage)), reproduced exactly);
- cmd/kubelet/app/server.go run (@001332b04220, model/decode/node/reserved.py): with
  reservedSystemCPUs set, kubeReserved's cpu is dropped and systemReserved's cpu
  becomes the number of reserved CPUs; then parseResourceList, which refuses
  any resource but cpu, memory, ephemeral-storage and pid, and negative values;
- pkg/kubelet/cm/devicemanager/manager.go GetCapacity (@7510f32987fe): each
  device-plugin resource counts its devices;
- pkg/scheduler/framework/plugins/noderesources/fit.go fitsRequest (@903b1f7e2884)
  and pkg/kubelet/lifecycle/predicate.go (@00991fb96b40) for the fit.

A Node object's own ``status.capacity`` / ``status.allocatable`` win, per
resource, over what is computed here: they are what the node really reported.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from pod_resources_cli.errors import NodeError
from pod_resources_cli.kube import names
from pod_resources_cli.kube.provenance import Why, because
from pod_resources_cli.model.decode.node.eviction import (
    MEMORY_AVAILABLE,
    NODEFS_AVAILABLE,
    Threshold,
    hard_thresholds,
    round_binary,
)
from pod_resources_cli.model.decode.node.reserved import ReservationError, kubelet_reservations, reserved_cpus
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.quantity import NANO, Format, Quantity
from pod_resources_cli.records import dataclass, field

_SERVER_REF = "cmd/kubelet/app/server.go run (@001332b04220)"

ResourceList = dict[str, Quantity]


@dataclass(frozen=True, slots=True)
class NodeAllocatable:
    """Capacity, each reservation, and the allocatable the scheduler and kubelet use."""

    capacity: Mapping[str, Quantity]
    kube_reserved: Mapping[str, Quantity]
    system_reserved: Mapping[str, Quantity]
    eviction: Mapping[str, Quantity]  # the hard eviction thresholds, as quantities
    reservation: Mapping[str, Quantity]  # GetNodeAllocatableReservation
    allocatable: Mapping[str, Quantity]
    reported: frozenset[str] = field(default_factory=frozenset)  # taken from the Node's status.allocatable
    notes: tuple[Why, ...] = ()  # what the numbers rest on

    @property
    def hugepages_memory(self) -> Quantity | None:
        """The memory every hugepage size's capacity takes off allocatable memory
        (nodestatus setters.go MachineInfo: memory allocatable minus hugepages), None without both."""
        if names.MEMORY not in self.capacity:
            return None
        sizes = [v for k, v in self.capacity.items() if names.is_hugepages(k) and not v.is_zero()]
        if not sizes:
            return None
        total = sizes[0]
        for value in sizes[1:]:
            total = total + value
        return total


def hugepage_resource_name(page_size: int) -> str:
    """HugePageResourceName: ``hugepages-`` + the page size as a BinarySI quantity."""
    return names.HUGEPAGES_PREFIX + Quantity(page_size * NANO, Format.BINARY_SI).canonical()


def machine_capacity(node: NodeDescription) -> ResourceList:
    """What cAdvisor's machine info gives the kubelet (cpu, memory, hugepages)."""
    out: ResourceList = {}
    topology = node.topology
    if topology is None:
        return out
    if topology.cpus:
        out[names.CPU] = Quantity.from_milli(topology.num_cpus * 1000)
    if topology.memory_capacity:
        out[names.MEMORY] = Quantity.from_int(topology.memory_capacity, Format.BINARY_SI)
    pages: dict[int, int] = {}
    for numa in topology.numa_nodes:
        for size, count in numa.hugepages.items():
            pages[size] = pages.get(size, 0) + count
    for size, count in sorted(pages.items()):
        out[hugepage_resource_name(size)] = Quantity.from_int(size * count, Format.BINARY_SI)
    return out


def node_capacity(node: NodeDescription) -> ResourceList:
    out = machine_capacity(node)
    kubelet = node.kubelet
    pods = kubelet.max_pods
    if kubelet.pods_per_core > 0 and node.topology is not None and node.topology.cpus:
        pods = min(node.topology.num_cpus * kubelet.pods_per_core, kubelet.max_pods)
    out[names.PODS] = Quantity.from_int(pods)
    out.update(device_capacity(node))
    out.update(node.capacity)  # the Node's reported capacity, the profile's storage and devices
    return out


def device_capacity(node: NodeDescription) -> ResourceList:
    """The device manager's GetCapacity: one unit per advertised device (all
    healthy here), which the kubelet sets as both capacity and allocatable."""
    counts: dict[str, int] = {}
    for device in node.devices:
        counts[device.resource] = counts.get(device.resource, 0) + 1
    return {resource: Quantity.from_int(n) for resource, n in sorted(counts.items())}


def reserved_cpu_count(node: NodeDescription) -> int:
    """The size of reservedSystemCPUs, checked as the kubelet checks it at start."""
    online = [c.cpu_id for c in node.topology.cpus] if node.topology is not None and node.topology.cpus else None
    try:
        return reserved_cpus(node.kubelet, online).size()
    except ReservationError as exc:
        raise NodeError(exc.message) from None


def reservations(node: NodeDescription) -> tuple[ResourceList, ResourceList]:
    """(kubeReserved, systemReserved) as the container manager gets them; NodeError
    (the kubelet's start-up error) for a resource it cannot reserve."""
    try:
        return kubelet_reservations(node.kubelet, reserved_cpu_count(node))
    except ReservationError as exc:
        raise NodeError(exc.message) from None


def threshold_quantity(threshold: Threshold, capacity: Quantity | None) -> Quantity:
    """GetThresholdQuantity: the quantity, or int64(float64(capacity) * float64(percentage))."""
    if threshold.quantity is not None:
        return threshold.quantity
    assert threshold.percentage is not None
    base = round_binary(Fraction(capacity.value() if capacity is not None else 0), 53)
    product = round_binary(base * threshold.percentage, 53)
    return Quantity.from_int(int(product), Format.BINARY_SI)  # int() truncates, as int64() does


def hard_eviction_reservation(node: NodeDescription, capacity: Mapping[str, Quantity]) -> ResourceList:
    """hardEvictionReservation: memory.available and nodefs.available reserve memory and storage."""
    try:
        thresholds = hard_thresholds(node.kubelet)
    except ValueError as exc:
        raise NodeError(f"evictionHard: {exc}") from None
    out: ResourceList = {}
    for threshold in thresholds:
        if threshold.signal == MEMORY_AVAILABLE:
            out[names.MEMORY] = threshold_quantity(threshold, capacity.get(names.MEMORY))
        elif threshold.signal == NODEFS_AVAILABLE:
            out[names.EPHEMERAL_STORAGE] = threshold_quantity(threshold, capacity.get(names.EPHEMERAL_STORAGE))
    return out


def _reserves(resource: str) -> bool:
    """GetNodeAllocatableReservation walks the container manager's capacity: the
    machine's (cpu, memory, hugepages) and ephemeral-storage, not pods nor devices.
    (Hugepages get no reservation: parseResourceList refuses them.)"""
    return resource in (names.CPU, names.MEMORY, names.EPHEMERAL_STORAGE) or names.is_hugepages(resource)


def compute_allocatable(node: NodeDescription) -> NodeAllocatable:
    """Capacity, reservations and allocatable; NodeError when the reservations
    exceed capacity (the kubelet refuses to start: validateNodeAllocatable)."""
    result = _compute(node)
    error = _allocatable_error(result)
    if error is not None:
        raise NodeError(error[0])
    return result


def allocatable_error(node: NodeDescription) -> tuple[str, tuple[str, ...]] | None:
    """validateNodeAllocatable at start-up: the kubelet's error and the resources
    it names, or None. The node file loader (source/node_file.py, which cannot
    import kube/) is handed this function by the CLI and locates the error in
    the file: the reservation's field, or the capacity's."""
    return _allocatable_error(_compute(node))


def _allocatable_error(result: NodeAllocatable) -> tuple[str, tuple[str, ...]] | None:
    errors = _reservation_errors(result)
    if not errors:
        return None
    message = "invalid Node Allocatable configuration (kubeReserved + systemReserved + evictionHard). " + " ".join(m for _, m in errors)
    return message, tuple(r for r, _ in errors)


def _compute(node: NodeDescription) -> NodeAllocatable:
    capacity = node_capacity(node)
    kube, system = reservations(node)
    notes: list[Why] = []
    cpus = reserved_cpu_count(node)
    if cpus > 0:
        notes.append(
            because("node.cpu-reservation", ref=_SERVER_REF, setting="reservedSystemCPUs", cpus=node.kubelet.reserved_system_cpus, count=cpus)
        )
    eviction = hard_eviction_reservation(node, capacity)
    reservation: ResourceList = {}
    for resource in capacity:
        if not _reserves(resource):
            continue
        total = Quantity(0)
        for part in (system, kube, eviction):
            if resource in part:
                total = part[resource] if total.is_zero() else total + part[resource]
        if not total.is_zero():
            reservation[resource] = total
    allocatable = _subtract(capacity, reservation)
    reported = frozenset(node.allocatable or {})
    allocatable.update(node.allocatable or {})
    if reported:
        notes.append(because("node.reported-allocatable", resources=", ".join(sorted(reported))))
    return NodeAllocatable(capacity, kube, system, eviction, reservation, allocatable, reported, tuple(notes))


def _subtract(capacity: ResourceList, reservation: ResourceList) -> ResourceList:
    out: ResourceList = {}
    for resource, value in capacity.items():
        if resource in reservation:
            value = value - reservation[resource]
        out[resource] = value if value.nanos >= 0 else Quantity(0, value.format)
    memory = out.get(names.MEMORY)
    if memory is not None:
        for resource, value in capacity.items():
            if names.is_hugepages(resource):
                memory = memory - value
                if memory.nanos < 0:
                    memory = Quantity(0, memory.format)
        out[names.MEMORY] = memory
    return out


# A run asks for the allocatable of one node for each of its pods (admission,
# the scheduler's fit): computed once for the last node asked about, matched
# by identity (the entry holds the node, so no other node can share it).
_last: tuple[NodeDescription, NodeAllocatable] | None = None


def node_allocatable(node: NodeDescription) -> ResourceList:
    global _last
    if _last is None or _last[0] is not node:
        _last = (node, compute_allocatable(node))
    return dict(_last[1].allocatable)


def validate_node_allocatable(node: NodeDescription) -> list[str]:
    """validateNodeAllocatable: one message per resource whose reservation exceeds capacity."""
    return [message for _, message in _reservation_errors(_compute(node))]


def _reservation_errors(result: NodeAllocatable) -> list[tuple[str, str]]:
    """(resource, message) per resource whose reservation exceeds capacity."""
    errors = []
    for resource, reserved in sorted(result.reservation.items()):
        have = result.capacity[resource]
        if have < reserved:
            message = f'Resource "{resource}" has a reservation of {reserved} but capacity of {have}. Expected capacity >= reservation.'
            errors.append((resource, message))
    return errors


# --- pod fit: the scheduler's NodeResourcesFit filter, the kubelet's admission predicate ---
#
# pkg/scheduler/framework/plugins/noderesources/fit.go fitsRequest and
# pkg/kubelet/lifecycle/predicate.go (InsufficientResourceError, the OutOf<resource>
# reasons, removeMissingExtendedResources). Amounts are int64 as there: cpu in
# millicores, everything else in Value() units.


@dataclass(frozen=True, slots=True)
class InsufficientResource:
    resource: str
    reason: str  # the scheduler's: "Insufficient cpu", "Too many pods"
    requested: int
    used: int
    capacity: int

    @property
    def kubelet_reason(self) -> str:
        return "OutOf" + self.resource

    @property
    def kubelet_message(self) -> str:
        return (
            f"Node didn't have enough resource: {self.resource}, requested: {self.requested}, "
            f"used: {self.used}, capacity: {self.capacity}"
        )


@dataclass(frozen=True, slots=True)
class FitResult:
    insufficient: tuple[InsufficientResource, ...]

    @property
    def fits(self) -> bool:
        return not self.insufficient

    @property
    def reason(self) -> str | None:
        """The kubelet reports the first failure only."""
        return self.insufficient[0].kubelet_reason if self.insufficient else None

    @property
    def message(self) -> str | None:
        return self.insufficient[0].kubelet_message if self.insufficient else None


def _is_scalar(resource: str) -> bool:
    """IsScalarResourceName: extended, hugepages, kubernetes.io-prefixed native, attachable volumes."""
    return (
        names.is_extended(resource)
        or names.is_hugepages(resource)
        or ("/" in resource and "kubernetes.io/" in resource)
        or resource.startswith("attachable-volumes-")
    )


def _amounts(requests: Mapping[str, Quantity]) -> dict[str, int]:
    out: dict[str, int] = {}
    for resource, quantity in requests.items():
        if resource == names.CPU:
            out[resource] = quantity.milli_value()
        elif resource in (names.MEMORY, names.EPHEMERAL_STORAGE) or _is_scalar(resource):
            out[resource] = quantity.value()
    return out


def fits(
    node: NodeDescription,
    admitted_pod_requests: list[Mapping[str, Quantity]],
    pod_requests: Mapping[str, Quantity],
    *,
    allocatable: Mapping[str, Quantity] | None = None,
    kubelet: bool = True,
) -> FitResult:
    """Does a pod with ``pod_requests`` fit next to the pods already admitted?

    ``kubelet=True`` mirrors admission, which first drops requests of extended
    resources the node does not have (cluster-level or DRA-backed resources);
    the scheduler keeps them and fails the pod.
    """
    available = allocatable if allocatable is not None else node_allocatable(node)
    alloc = _amounts(available)
    pods_quantity = available.get(names.PODS)
    allowed_pods = pods_quantity.value() if pods_quantity is not None else 0
    request = _amounts(pod_requests)
    if kubelet:
        request = {r: v for r, v in request.items() if not names.is_extended(r) or r in alloc}
    used: dict[str, int] = {}
    for admitted in admitted_pod_requests:
        for resource, amount in _amounts(admitted).items():
            used[resource] = used.get(resource, 0) + amount
    out: list[InsufficientResource] = []
    if len(admitted_pod_requests) + 1 > allowed_pods:
        out.append(InsufficientResource(names.PODS, "Too many pods", 1, len(admitted_pod_requests), allowed_pods))
    if not any(request.values()):
        return FitResult(tuple(out))
    ordered = [names.CPU, names.MEMORY, names.EPHEMERAL_STORAGE] + sorted(r for r in request if _is_scalar(r))
    for resource in ordered:
        wanted = request.get(resource, 0)
        if wanted > 0 and wanted > alloc.get(resource, 0) - used.get(resource, 0):
            out.append(InsufficientResource(resource, f"Insufficient {resource}", wanted, used.get(resource, 0), alloc.get(resource, 0)))
    return FitResult(tuple(out))
