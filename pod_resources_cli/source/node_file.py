"""A node description file (``--node``) -> NodeDescription, or NodeError with file:line:column.

The file holds one or more documents: KubeletConfiguration (or an OpenShift
KubeletConfig or PerformanceProfile), cAdvisor MachineInfo, v1 Node, NodeResourceTopology, the
compact NodeProfile and NodeDevices, or a ``kind: List`` of them. The
compact form is validated against schemas/node.schema.json, every document
is decoded and merged, and the whole is checked the way the kubelet checks
its configuration at start-up (model/decode/node/consistency.py). Any
problem stops the command: a node the kubelet would refuse cannot answer
questions, and every error names the file, with the line of the value.

Reservations larger than capacity (the kubelet's validateNodeAllocatable)
are computed in kube/allocatable.py, which this layer cannot import: the
caller passes that check as ``allocatable`` (the CLI does, in
run/node.py load_node_file), and its error is located here, at the
reservation the kubelet configuration sets, or else at the capacity (the
Node's status.capacity, the machine description's field).

Without ``--node`` the embedded default node (package data
``data/nodes/default.yaml``) is used, and says so in its name.

An error never echoes a long input whole: the decoders quote values cut to
quantity.SHOWN_CHARS characters, and here the schema's messages (which quote
the offending value or key) and the field path (whose keys are input too)
are cut the same way.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, Final

from pod_resources_cli.errors import NodeError
from pod_resources_cli.location import Location, Pointer, format_field_path
from pod_resources_cli.model.decode.node.compact import is_compact
from pod_resources_cli.model.decode.node.consistency import FieldLocator, check_machine_and_node, check_node
from pod_resources_cli.model.decode.node.device_checks import check_device_capacity, check_zones
from pod_resources_cli.model.decode.node.merge import NodeOrigins, merge_node_documents
from pod_resources_cli.model.decode.problems import Problems
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.quantity import Format, Quantity
from pod_resources_cli.records import replace
from pod_resources_cli.shown import SHOWN_CHARS, shorten, shown
from pod_resources_cli.source.discover import STDIN, read_source
from pod_resources_cli.source.yamldoc import DEFAULT_LIMITS, Document, Limits, ParseFailure, load_documents

DEFAULT_NODE_RESOURCE: Final = ("data", "nodes", "default.yaml")
DEFAULT_NODE_PATH: Final = "<embedded default node>"

# kube/allocatable.py allocatable_error: the kubelet's error and the resources it names, or None.
AllocatableCheck = Callable[[NodeDescription], "tuple[str, tuple[str, ...]] | None"]

# Where a resource's capacity is written in a machine description (MachineInfo, NodeProfile).
_CAPACITY_FIELDS: Final = {
    "cpu": ("num_cores", "coresPerSocket"),
    "memory": ("memory_capacity", "memoryPerNumaNode", "numaNodes"),
    "ephemeral-storage": ("ephemeralStorage",),
}
# The hard eviction signal that reserves a resource (hardEvictionReservation).
_EVICTION_SIGNALS: Final = {"memory": "memory.available", "ephemeral-storage": "nodefs.available"}


def load_node(path: str, limits: Limits = DEFAULT_LIMITS, *, allocatable: AllocatableCheck | None = None) -> NodeDescription:
    if path != STDIN and not os.path.exists(path):
        raise NodeError(f"node file {path}: no such file or directory")
    if os.path.isdir(path):
        raise NodeError(f"node file {path}: is a directory, not a file")
    source = read_source(path, limits.max_document_bytes)
    if source.data is None:
        raise NodeError(f"node file {path}: cannot read: {source.error}")
    node = _load(source.path, source.data, limits, allocatable=allocatable)
    if node.name == "node":
        stem = os.path.splitext(os.path.basename(source.path))[0]
        node = replace(node, name=stem or "node")
    return node


def load_default_node() -> NodeDescription:
    """The built-in general-purpose node, used when no --node is given."""
    with open(os.path.join(os.path.dirname(os.path.dirname(__file__)), *DEFAULT_NODE_RESOURCE), "rb") as fh:
        data = fh.read()  # package data, beside the modules (no importlib.resources on every start)
    node = _load(DEFAULT_NODE_PATH, data, DEFAULT_LIMITS, trusted=True)
    return replace(node, name=_default_name(node), embedded=True)


def _default_name(node: NodeDescription) -> str:
    topology = node.topology
    if topology is None:
        return "default (embedded)"
    memory = Quantity.from_int(topology.memory_capacity, Format.BINARY_SI)
    return f"default (embedded: {topology.num_cpus} CPUs, {memory}, cgroup v{node.kubelet.cgroup_version})"


def _load(
    path: str, data: bytes, limits: Limits, *, trusted: bool = False, allocatable: AllocatableCheck | None = None
) -> NodeDescription:
    """``trusted``: the shipped default node, schema-checked by the tests, not at every start."""
    documents: list[Document] = []
    for item in load_documents(path, data, limits):
        if isinstance(item, ParseFailure):
            raise NodeError(item.message, item.location)
        documents.append(item)
    if not documents:
        raise NodeError(f"{path}: no node description (the file has no document)")
    for i, doc in enumerate(documents):
        if not isinstance(doc.data, dict):
            raise NodeError("a node description document must be a mapping", doc.location())
    for base, profile in _profiles(documents):
        if not trusted:
            from pod_resources_cli.schemas import NODE_SCHEMA, validate  # not for the shipped node: the tests check it

            schema_problems = validate(profile, NODE_SCHEMA)
            if schema_problems:
                first = schema_problems[0]
                pointer = (*base, *first.pointer)
                message = _cut_values(first.message, _resolve(documents, pointer))
                raise _located(documents, pointer, message, len(schema_problems) - 1)
    problems = Problems()
    origins = NodeOrigins()
    node = merge_node_documents([(doc.data, (i,)) for i, doc in enumerate(documents)], problems, source=path, origins=origins)
    _raise_first(documents, problems)

    def where(field: str, *path: str | int) -> Pointer:
        for pointer in reversed(origins.kubelet):
            mapping = _resolve(documents, pointer)
            if isinstance(mapping, dict) and field in mapping:
                found: Pointer = (*pointer, field)
                for part in path:
                    if _resolve(documents, (*found, part)) is None:
                        break
                    found = (*found, part)
                return found
        return origins.kubelet[-1] if origins.kubelet else (0,)

    check_node(node, where, problems)
    def line_of(pointer: Pointer) -> int:
        return _location(documents, pointer).line

    check_machine_and_node(node, origins, line_of, problems)
    check_device_capacity(node, origins, line_of, problems)
    check_zones(node, origins, line_of, problems)
    _raise_first(documents, problems)
    if allocatable is not None:
        error = allocatable(node)
        if error is not None:
            message, resources = error
            problems.add(_capacity_pointer(node, documents, origins, where, resources[0]), message)
            _raise_first(documents, problems)
    return node


def _profiles(documents: list[Document]) -> list[tuple[Pointer, dict[str, Any]]]:
    """The NodeProfile documents, with those in a ``kind: List``'s items (merge.py reads those too)."""
    out: list[tuple[Pointer, dict[str, Any]]] = []
    for i, doc in enumerate(documents):
        data = doc.data
        items = data.get("items") if isinstance(data, dict) and data.get("kind") == "List" else None
        if isinstance(items, list):
            out.extend(((i, "items", j), item) for j, item in enumerate(items) if isinstance(item, dict) and is_compact(item))
        elif isinstance(data, dict) and is_compact(data):
            out.append(((i,), data))
    return out


def _capacity_pointer(
    node: NodeDescription, documents: list[Document], origins: NodeOrigins, where: FieldLocator, resource: str
) -> Pointer:
    """Where a reservation above capacity is written: the kubelet setting that
    reserves ``resource``, else the Node's or the machine description's capacity."""
    kubelet = node.kubelet

    def written(field: str, *path: str) -> bool:
        return any(_resolve(documents, (*pointer, field, *path)) is not None for pointer in origins.kubelet)

    if resource == "cpu" and kubelet.reserved_system_cpus and written("reservedSystemCPUs"):
        return where("reservedSystemCPUs")
    for field in ("systemReserved", "kubeReserved"):
        if written(field, resource):
            return where(field, resource)
    signal = _EVICTION_SIGNALS.get(resource)
    if signal is not None and written("evictionHard", signal):
        return where("evictionHard", signal)
    if origins.node_status is not None and _resolve(documents, (*origins.node_status, "capacity", resource)) is not None:
        return (*origins.node_status, "capacity", resource)
    if origins.machine is not None:
        for field in _CAPACITY_FIELDS.get(resource, ()):
            if _resolve(documents, (*origins.machine, field)) is not None:
                return (*origins.machine, field)
        return origins.machine
    return origins.kubelet[-1] if origins.kubelet else (0,)


def _resolve(documents: list[Document], pointer: Pointer) -> Any:
    value: Any = documents[int(pointer[0])].data
    for part in pointer[1:]:
        try:
            value = value[part]
        except (KeyError, IndexError, TypeError):
            return None
    return value


def _cut_values(message: str, instance: Any) -> str:
    """``message`` with the repr of ``instance`` (or of one of its keys), which
    jsonschema quotes whole, cut as quantity.shown cuts it."""
    candidates: list[Any] = [instance, *instance] if isinstance(instance, dict) else [instance]
    for value in candidates:
        try:
            text = repr(value)
        except ValueError:  # an int too long to print
            continue
        if len(text) > SHOWN_CHARS and text in message:
            message = message.replace(text, shown(value))
    return message


def _raise_first(documents: list[Document], problems: Problems) -> None:
    if problems.items:
        first = problems.items[0]
        raise _located(documents, first.pointer, first.message, len(problems.items) - 1)


def _location(documents: list[Document], pointer: Pointer) -> Location:
    doc = documents[int(pointer[0])] if pointer else documents[0]
    return doc.location(pointer[1:])


def _located(documents: list[Document], pointer: Pointer, message: str, more: int) -> NodeError:
    inner: Pointer = tuple(shorten(part) if isinstance(part, str) else part for part in pointer[1:])
    text = f"{format_field_path(inner)}: {message}" if inner else message
    if more:
        text += f" (and {more} more problem{'s' if more > 1 else ''})"
    return NodeError(text, _location(documents, pointer))
