"""reservedMemory: the kubelet's checks and the per-NUMA reservation.

Mirrors, for the memory types only:
- pkg/kubelet/apis/config/validation/validation_reserved_memory.go
  (validateReservedMemoryConfiguration: supported types, zero, duplicates);
- pkg/kubelet/cm/node_container_manager_linux.go GetNodeAllocatableReservation
  (kubeReserved + systemReserved + the hard ``memory.available`` eviction
  threshold, for each resource of the capacity; the capacity and the
  threshold, with the kubelet's float32 percentage arithmetic, come from
  kube.allocatable);
- pkg/kubelet/cm/memorymanager/memory_manager.go getSystemReservedMemory,
  validateReservedMemory, getTotalMemoryTypeReserved, convertReserved
  (read at kubernetes/kubernetes commit 030880a5dc5449403c6d1f0aa146a7dc21d6c6dc).

Every failure raises NodeError with the kubelet's own text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pod_resources_cli.errors import NodeError
from pod_resources_cli.kube.allocatable import hard_eviction_reservation, machine_capacity
from pod_resources_cli.kube.names import MEMORY, is_hugepages
from pod_resources_cli.model.node import NodeDescription, ReservedMemory
from pod_resources_cli.quantity import Format, Quantity

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
    """cAdvisor's capacity (CapacityFromMachineInfo) for the memory types."""
    return {name: value for name, value in machine_capacity(node).items() if is_memory_type(name)}


def _add(total: Quantity, item: Quantity | None) -> Quantity:
    """Quantity.Add: adding onto a zero value adopts the other's format."""
    if item is None:
        return total
    if total.is_zero():
        return Quantity(total.nanos + item.nanos, item.format)
    return total + item


def node_allocatable_reservation(node: NodeDescription) -> dict[str, Quantity]:
    """GetNodeAllocatableReservation, for the memory types of the capacity:
    systemReserved + kubeReserved + the hard memory.available threshold."""
    kubelet = node.kubelet
    capacity = memory_capacity(node)
    eviction = hard_eviction_reservation(node, capacity)
    result: dict[str, Quantity] = {}
    for name in capacity:
        value = Quantity(0)
        for part in (kubelet.system_reserved, kubelet.kube_reserved, eviction):
            value = _add(value, part.get(name))
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
        if expected != got:
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
