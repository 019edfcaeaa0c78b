"""A v1 Node object -> capacity and allocatable.

A Node's status is what its kubelet reported, so it must be something a
kubelet can report and the API server stores: no negative quantity
(pkg/apis/core/validation/validation.go ValidateNodeResources ->
ValidateResourceQuantityValue, k/k 000f26050b9b, "must be greater than or
equal to 0"), and no allocatable above capacity
(pkg/kubelet/nodestatus/setters.go MachineInfo, k/k 8340f5a937ee, sets
allocatable to capacity minus the reservations, never below zero, never
above capacity). Each quantity must fit the int64 the kubelet and the
scheduler read it into (values.py: millicores for cpu).
"""

from __future__ import annotations

from typing import Any

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.node.values import node_resource_list
from pod_resources_cli.model.decode.problems import Problems, as_mapping
from pod_resources_cli.quantity import Quantity


def decode_node_object(
    doc: dict[str, Any], pointer: Pointer, problems: Problems
) -> tuple[str | None, dict[str, Quantity], dict[str, Quantity] | None, Pointer]:
    """(name, capacity, allocatable, pointer of the status) from a Node, or from
    the conformance vectors' ``{"capacity": ..., "allocatable": ...}`` shorthand."""
    metadata = as_mapping(doc.get("metadata"), (*pointer, "metadata"), problems) or {}
    status_ptr = (*pointer, "status")
    status = as_mapping(doc.get("status"), status_ptr, problems)
    if status is None and doc.get("kind") is None:
        status, status_ptr = doc, pointer
    status = status or {}
    capacity = node_resource_list(status.get("capacity"), (*status_ptr, "capacity"), problems) or {}
    allocatable = node_resource_list(status.get("allocatable"), (*status_ptr, "allocatable"), problems)
    _check_status(capacity, allocatable or {}, status_ptr, problems)
    name = metadata.get("name")
    return (name if isinstance(name, str) else None), capacity, allocatable, status_ptr


def _check_status(capacity: dict[str, Quantity], allocatable: dict[str, Quantity], status_ptr: Pointer, problems: Problems) -> None:
    for field, resources in (("capacity", capacity), ("allocatable", allocatable)):
        for name, quantity in resources.items():
            if quantity.nanos < 0:
                problems.add((*status_ptr, field, name), f'Invalid value: "{quantity}": must be greater than or equal to 0')
    for name, quantity in allocatable.items():
        have = capacity.get(name)
        if have is not None and have.nanos >= 0 and quantity > have:
            problems.add(
                (*status_ptr, "allocatable", name),
                f"allocatable {quantity} is more than the capacity {have}: a kubelet reports capacity minus its reservations",
            )
