"""reservedMemory: the kubelet's checks and the per-NUMA reservation.

Mirrors, for the memory types only:
- pkg/kubelet/apis/config/validation/validation_reserved_memory.go
  (validateReservedMemoryConfiguration: supported types, zero, duplicates);
- pkg/kubelet/cm/node_container_manager_linux.go GetNodeAllocatableReservation
  and hardEvictionReservation (kubeReserved + systemReserved + the hard
  ``memory.available`` eviction threshold, for each resource of the capacity);
- pkg/kubelet/cm/memorymanager/memory_manager.go getSystemReservedMemory,
  validateReservedMemory, getTotalMemoryTypeReserved, convertReserved
  (read at kubernetes/kubernetes commit 030880a5dc5449403c6d1f0aa146a7dc21d6c6dc).

Every failure raises NodeError with the kubelet's own text.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Mapping
from fractions import Fraction

from pod_resources_cli.errors import NodeError
from pod_resources_cli.kube.names import MEMORY, is_hugepages
from pod_resources_cli.model.node import NodeDescription, ReservedMemory
from pod_resources_cli.quantity import Format, Quantity, QuantityError

# pkg/kubelet/eviction DefaultEvictionHard: applied when evictionHard is unset.
DEFAULT_EVICTION_HARD: Mapping[str, str] = {
    "memory.available": "100Mi",
    "nodefs.available": "10%",
    "nodefs.inodesFree": "5%",
    "imagefs.available": "15%",
}

SystemReserved = dict[int, dict[str, int]]  # NUMA node -> resource -> bytes


def is_memory_type(name: str) -> bool:
    return name == MEMORY or is_hugepages(name)


def hugepage_resource_name(page_size: int) -> str:
    """helper.HugePageResourceName of a BinarySI quantity: 2097152 -> hugepages-2Mi."""
    return f"hugepages-{Quantity.from_int(page_size, Format.BINARY_SI)}"


def _aggregate(errors: list[str]) -> str:
    """utilerrors.NewAggregate(...).Error()."""
    return errors[0] if len(errors) == 1 else "[" + ", ".join(errors) + "]"


def validate_reserved_memory_configuration(reserved: Iterable[ReservedMemory]) -> None:
    errors: list[str] = []
    seen: dict[int, set[str]] = {}
    for item in reserved:
        node_seen = seen.setdefault(item.numa_node, set())
        for name, quantity in item.limits.items():
            if not is_memory_type(name):
                errors.append(
                    f'invalid configuration: the limit type "{name}" for NUMA node {item.numa_node} is not supported, '
                    "only [memory hugepages-<HugePageSize>] is accepted"
                )
            if quantity.is_zero():
                errors.append(
                    f'invalid configuration: reserved memory may not be zero for NUMA node {item.numa_node} and resource "{name}"'
                )
            if name in node_seen:
                errors.append(
                    "invalid configuration: the reserved memory has a duplicate value for "
                    f'NUMA node {item.numa_node} and resource "{name}"'
                )
            node_seen.add(name)
    if errors:
        raise NodeError(_aggregate(errors))


def memory_capacity(node: NodeDescription) -> dict[str, Quantity]:
    """cAdvisor's capacity for the memory types: memory_capacity and the
    hugepages of every size (summed over NUMA nodes), else the Node's capacity."""
    if node.topology is None:
        return {n: q for n, q in node.capacity.items() if is_memory_type(n)}
    out = {MEMORY: Quantity.from_int(node.topology.memory_capacity, Format.BINARY_SI)}
    totals: dict[int, int] = {}
    for numa in node.topology.numa_nodes:
        for size, pages in numa.hugepages.items():
            totals[size] = totals.get(size, 0) + size * pages
    for size, total in sorted(totals.items()):
        out[hugepage_resource_name(size)] = Quantity.from_int(total, Format.BINARY_SI)
    return out


def _float32(value: float) -> float:
    result: float = struct.unpack("f", struct.pack("f", value))[0]
    return result


def eviction_threshold_bytes(value: str, capacity: int, signal: str = "memory.available") -> Quantity | None:
    """evictionapi.GetThresholdQuantity for one hard threshold.

    A percentage goes through the kubelet's own float32 arithmetic
    (ParseFloat(s, 32) / 100, then float64(pct) * float64(capacity),
    truncated), mirrored here bit for bit; None for "0%"/"100%", which the
    kubelet ignores.
    """
    text = value.strip()
    if text.endswith("%"):
        if text in ("0%", "100%"):
            return None
        try:
            pct = _float32(_float32(float(Fraction(text[:-1]))) / 100.0)
        except (ValueError, ZeroDivisionError) as exc:
            raise NodeError(f"invalid eviction threshold {signal}<{text}: {exc}") from None
        if pct < 0:
            raise NodeError(f"eviction percentage threshold {signal} must be >= 0%: {text}")
        if pct > 1:
            raise NodeError(f"eviction percentage threshold {signal} must be <= 100%: {text}")
        return Quantity.from_int(int(float(pct) * float(capacity)), Format.BINARY_SI)
    try:
        quantity = Quantity.parse(text)
    except QuantityError as exc:
        raise NodeError(f"invalid eviction threshold {signal}<{text}: {exc}") from None
    if quantity.nanos <= 0:
        raise NodeError(f"eviction threshold {signal} must be positive: {quantity}")
    return quantity


def hard_eviction_config(node: NodeDescription) -> Mapping[str, str]:
    """evictionHard as the kubelet runs it: the defaults when unset; with
    mergeDefaultEvictionSettings, the defaults for the signals not given."""
    kubelet = node.kubelet
    if kubelet.eviction_hard is None:
        return DEFAULT_EVICTION_HARD
    if kubelet.merge_default_eviction_settings:
        return {**DEFAULT_EVICTION_HARD, **kubelet.eviction_hard}
    return kubelet.eviction_hard


def _add(total: Quantity, item: Quantity | None) -> Quantity:
    """Quantity.Add: adding onto a zero value adopts the other's format."""
    if item is None:
        return total
    if total.is_zero():
        return Quantity(total.nanos + item.nanos, item.format)
    return total + item


def node_allocatable_reservation(node: NodeDescription) -> dict[str, Quantity]:
    """GetNodeAllocatableReservation, for the memory types of the capacity."""
    kubelet = node.kubelet
    capacity = memory_capacity(node)
    eviction = hard_eviction_config(node)
    evict_memory: Quantity | None = None
    if "memory.available" in eviction and MEMORY in capacity:
        evict_memory = eviction_threshold_bytes(eviction["memory.available"], capacity[MEMORY].value())
    result: dict[str, Quantity] = {}
    for name in capacity:
        value = Quantity(0)
        value = _add(value, kubelet.system_reserved.get(name))
        value = _add(value, kubelet.kube_reserved.get(name))
        if name == MEMORY:
            value = _add(value, evict_memory)
        if not value.is_zero():
            result[name] = value
    return result


def _go_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def validate_reserved_memory(node: NodeDescription, reservation: Mapping[str, Quantity]) -> None:
    """validateReservedMemory: per type, reservedMemory totals == the reservation."""
    numa_ids = {n.node_id for n in node.topology.numa_nodes} if node.topology is not None else set()
    totals: dict[str, Quantity] = {}
    for item in node.kubelet.reserved_memory:
        if item.numa_node not in numa_ids:
            raise NodeError(
                f"the reserved memory configuration references a NUMA node {item.numa_node} that does not exist on this machine"
            )
        for name, quantity in item.limits.items():
            # q.Add(previous total): the newer entry keeps its format.
            totals[name] = quantity + totals[name] if name in totals else quantity
    kinds = set(totals) | {name for name in reservation if is_memory_type(name)}
    for name in sorted(kinds):  # the kubelet walks a map: any order
        expected = _add(Quantity(0), reservation.get(name))
        got = _add(Quantity(0), totals.get(name))
        if not expected.equal_value(got):
            raise NodeError(
                f"the total amount {_go_quote(str(got))} of type {_go_quote(name)} is not equal to the value "
                f"{_go_quote(str(expected))} determined by Node Allocatable feature"
            )


def system_reserved_memory(node: NodeDescription) -> SystemReserved:
    """getSystemReservedMemory: validate, then bytes per NUMA node and type."""
    validate_reserved_memory(node, node_allocatable_reservation(node))
    assert node.topology is not None
    converted: SystemReserved = {n.node_id: {} for n in node.topology.numa_nodes}
    for item in node.kubelet.reserved_memory:
        for name, quantity in item.limits.items():
            if quantity.nanos % 10**9:
                raise NodeError("could not covert a variable of type Quantity to int64")
            converted[item.numa_node][name] = quantity.value()
    return converted
