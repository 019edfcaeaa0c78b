"""A v1 Node object -> capacity and allocatable."""

from __future__ import annotations

from typing import Any

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.problems import Problems, as_mapping, resource_list
from pod_resources_cli.quantity import Quantity


def decode_node_object(
    doc: dict[str, Any], pointer: Pointer, problems: Problems
) -> tuple[str | None, dict[str, Quantity], dict[str, Quantity] | None]:
    """(name, capacity, allocatable) from a Node, or from the conformance
    vectors' ``{"capacity": ..., "allocatable": ...}`` shorthand."""
    metadata = as_mapping(doc.get("metadata"), (*pointer, "metadata"), problems) or {}
    status_ptr = (*pointer, "status")
    status = as_mapping(doc.get("status"), status_ptr, problems)
    if status is None and doc.get("kind") is None:
        status, status_ptr = doc, pointer
    status = status or {}
    capacity = resource_list(status.get("capacity"), (*status_ptr, "capacity"), problems) or {}
    allocatable = resource_list(status.get("allocatable"), (*status_ptr, "allocatable"), problems)
    name = metadata.get("name")
    return (name if isinstance(name, str) else None), capacity, allocatable
