"""A node description file (``--node``) -> NodeDescription, or NodeError with file:line:column.

The file holds one or more documents: KubeletConfiguration (or an OpenShift
KubeletConfig), cAdvisor MachineInfo, v1 Node, the compact NodeProfile. The
compact form is validated against schemas/node.schema.json, every document
is decoded and merged, and the whole is checked the way the kubelet checks
its configuration at start-up (model/decode/node/consistency.py). Any
problem stops the command: a node the kubelet would refuse cannot answer
questions. (Reservations larger than capacity are found when allocatable is
computed: kube/allocatable.py raises NodeError.)

Without ``--node`` the embedded default node (package data
``data/nodes/default.yaml``) is used, and says so in its name.
"""

from __future__ import annotations

import os
from dataclasses import replace
from importlib import resources
from typing import Any, Final

from pod_resources_cli.errors import NodeError
from pod_resources_cli.location import Location, Pointer, format_field_path
from pod_resources_cli.model.decode.node.compact import is_compact
from pod_resources_cli.model.decode.node.consistency import check_node
from pod_resources_cli.model.decode.node.merge import NodeOrigins, merge_node_documents
from pod_resources_cli.model.decode.problems import Problems
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.quantity import Format, Quantity
from pod_resources_cli.schemas import NODE_SCHEMA, validate
from pod_resources_cli.source.discover import STDIN, read_source
from pod_resources_cli.source.yamldoc import DEFAULT_LIMITS, Document, Limits, ParseFailure, load_documents

DEFAULT_NODE_RESOURCE: Final = ("data", "nodes", "default.yaml")
DEFAULT_NODE_PATH: Final = "<embedded default node>"


def load_node(path: str, limits: Limits = DEFAULT_LIMITS) -> NodeDescription:
    if path != STDIN and not os.path.exists(path):
        raise NodeError(f"node file {path}: no such file or directory")
    if os.path.isdir(path):
        raise NodeError(f"node file {path}: is a directory, not a file")
    source = read_source(path, limits.max_document_bytes)
    if source.data is None:
        raise NodeError(f"node file {path}: cannot read: {source.error}")
    node = _load(source.path, source.data, limits)
    if node.name == "node":
        stem = os.path.splitext(os.path.basename(source.path))[0]
        node = replace(node, name=stem or "node")
    return node


def load_default_node() -> NodeDescription:
    """The built-in general-purpose node, used when no --node is given."""
    data = resources.files("pod_resources_cli").joinpath(*DEFAULT_NODE_RESOURCE).read_bytes()
    node = _load(DEFAULT_NODE_PATH, data, DEFAULT_LIMITS, trusted=True)
    return replace(node, name=_default_name(node), embedded=True)


def _default_name(node: NodeDescription) -> str:
    topology = node.topology
    if topology is None:
        return "default (embedded)"
    memory = Quantity.from_int(topology.memory_capacity, Format.BINARY_SI)
    return f"default (embedded: {topology.num_cpus} CPUs, {memory}, cgroup v{node.kubelet.cgroup_version})"


def _load(path: str, data: bytes, limits: Limits, *, trusted: bool = False) -> NodeDescription:
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
        if is_compact(doc.data) and not trusted:
            schema_problems = validate(doc.data, NODE_SCHEMA)
            if schema_problems:
                first = schema_problems[0]
                raise _located(documents, (i, *first.pointer), first.message, len(schema_problems) - 1)
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
    _raise_first(documents, problems)
    return node


def _resolve(documents: list[Document], pointer: Pointer) -> Any:
    value: Any = documents[int(pointer[0])].data
    for part in pointer[1:]:
        try:
            value = value[part]
        except (KeyError, IndexError, TypeError):
            return None
    return value


def _raise_first(documents: list[Document], problems: Problems) -> None:
    if problems.items:
        first = problems.items[0]
        raise _located(documents, first.pointer, first.message, len(problems.items) - 1)


def _located(documents: list[Document], pointer: Pointer, message: str, more: int) -> NodeError:
    doc = documents[int(pointer[0])] if pointer else documents[0]
    inner = pointer[1:]
    text = f"{format_field_path(inner)}: {message}" if inner else message
    if more:
        text += f" (and {more} more problem{'s' if more > 1 else ''})"
    location: Location = doc.location(inner)
    return NodeError(text, location)
