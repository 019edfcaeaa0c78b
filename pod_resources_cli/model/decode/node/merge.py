"""Several node documents -> one NodeDescription.

One file may hold a KubeletConfiguration (or an OpenShift ``KubeletConfig``
wrapping one in ``spec.kubeletConfig``), a cAdvisor MachineInfo, a v1 Node
and the project's compact ``NodeProfile``, in any order; each contributes
what it knows. Later kubelet documents override the fields they set, as the
kubelet's drop-in configuration directory does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.node.kubelet_config import decode_kubelet_config
from pod_resources_cli.model.decode.node.machine_info import decode_machine_info, looks_like_machine_info
from pod_resources_cli.model.decode.node.node_object import decode_node_object
from pod_resources_cli.model.decode.problems import Problems, as_mapping
from pod_resources_cli.model.node import KubeletConfig, MachineTopology, NodeDescription
from pod_resources_cli.quantity import Quantity

KUBELET_KINDS = frozenset({"KubeletConfiguration"})
OPENSHIFT_KUBELET_CONFIG = "KubeletConfig"  # machineconfiguration.openshift.io/v1


@dataclass(frozen=True, slots=True)
class CompactResult:
    """What a compact document contributes."""

    topology: MachineTopology | None
    kubelet: KubeletConfig | None = None
    kubelet_pointer: Pointer | None = None
    name: str | None = None
    capacity: Mapping[str, Quantity] = field(default_factory=dict)


# Extra document kinds (the compact form) register a decoder here; it returns
# None for a document it does not recognise.
CompactDecoder = Callable[[dict[str, Any], Pointer, Problems], "CompactResult | None"]


@dataclass(slots=True)
class NodeOrigins:
    """Where each part of the merged description came from (for error locations)."""

    kubelet: list[Pointer] = field(default_factory=list)  # each kubelet mapping, in order
    machine: Pointer | None = None
    node: Pointer | None = None


def _default_compact(doc: dict[str, Any], pointer: Pointer, problems: Problems) -> CompactResult | None:
    from pod_resources_cli.model.decode.node.compact import decode_compact

    return decode_compact(doc, pointer, problems)


def merge_node_documents(
    docs: Iterable[tuple[dict[str, Any], Pointer]],
    problems: Problems,
    *,
    source: str = "",
    compact: CompactDecoder | None = _default_compact,
    origins: NodeOrigins | None = None,
) -> NodeDescription:
    origins = origins if origins is not None else NodeOrigins()
    name: str | None = None
    kubelet = KubeletConfig()
    topology: MachineTopology | None = None
    capacity: dict[str, Quantity] = {}
    allocatable: dict[str, Quantity] | None = None

    def add_kubelet(config: KubeletConfig, pointer: Pointer) -> None:
        nonlocal kubelet
        kubelet = config if not origins.kubelet else _overlay(kubelet, config)
        origins.kubelet.append(pointer)

    def set_topology(topo: MachineTopology | None, pointer: Pointer) -> None:
        nonlocal topology
        if topo is None:
            return
        if origins.machine is not None:
            problems.add(pointer, "a second machine description (MachineInfo or NodeProfile): a node file holds one")
            return
        topology = topo
        origins.machine = pointer

    for doc, pointer in docs:
        if not doc:
            continue
        kind = doc.get("kind")
        if kind in KUBELET_KINDS or (kind is None and "cpuManagerPolicy" in doc and not looks_like_machine_info(doc)):
            add_kubelet(decode_kubelet_config(doc, pointer, problems)[0], pointer)
        elif kind == OPENSHIFT_KUBELET_CONFIG and isinstance(doc.get("spec"), dict):
            inner_ptr = (*pointer, "spec", "kubeletConfig")
            inner = as_mapping(doc["spec"].get("kubeletConfig"), inner_ptr, problems)
            if inner is None:
                problems.add((*pointer, "spec"), "a KubeletConfig needs spec.kubeletConfig")
            else:
                add_kubelet(decode_kubelet_config(inner, inner_ptr, problems)[0], inner_ptr)
        elif kind == "Node" or (kind is None and ("capacity" in doc or "allocatable" in doc) and len(doc) <= 3):
            node_name, cap, alloc = decode_node_object(doc, pointer, problems)
            name = name or node_name
            capacity.update(cap)
            if alloc is not None:
                allocatable = alloc
            origins.node = pointer
        elif kind is None and looks_like_machine_info(doc):
            set_topology(decode_machine_info(doc, pointer, problems), pointer)
        else:
            result = compact(doc, pointer, problems) if compact is not None else None
            if result is None:
                problems.add(pointer, f"not a node description document (kind {kind!r})")
                continue
            set_topology(result.topology, pointer)
            if result.kubelet is not None:
                add_kubelet(result.kubelet, result.kubelet_pointer or pointer)
            name = name or result.name
            for resource, quantity in result.capacity.items():
                capacity.setdefault(resource, quantity)
    return NodeDescription(
        name=name or "node",
        kubelet=kubelet,
        topology=topology,
        capacity=capacity,
        allocatable=allocatable,
        source=source,
    )


def _overlay(base: KubeletConfig, top: KubeletConfig) -> KubeletConfig:
    """Fields of ``top`` that differ from the defaults win."""
    default = KubeletConfig()
    changes = {f: getattr(top, f) for f in base.__dataclass_fields__ if getattr(top, f) != getattr(default, f)}
    return replace(base, **changes)
