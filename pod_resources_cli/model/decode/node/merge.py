"""Several node documents -> one NodeDescription.

One file may hold a KubeletConfiguration, a cAdvisor MachineInfo, a v1
Node and the compact form, in any order; each contributes what it knows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.node.kubelet_config import decode_kubelet_config
from pod_resources_cli.model.decode.node.machine_info import decode_machine_info, looks_like_machine_info
from pod_resources_cli.model.decode.node.node_object import decode_node_object
from pod_resources_cli.model.decode.problems import Problems
from pod_resources_cli.model.node import KubeletConfig, MachineTopology, NodeDescription

KUBELET_KINDS = frozenset({"KubeletConfiguration"})

# Extra document kinds (the compact form...) register a decoder here:
# (doc, pointer, problems) -> MachineTopology | None
CompactDecoder = Callable[[dict[str, Any], Pointer, Problems], "tuple[MachineTopology | None, KubeletConfig | None, str | None]"]


def merge_node_documents(
    docs: Iterable[tuple[dict[str, Any], Pointer]],
    problems: Problems,
    *,
    source: str = "",
    compact: CompactDecoder | None = None,
) -> NodeDescription:
    name: str | None = None
    kubelet = KubeletConfig()
    kubelet_seen = False
    topology: MachineTopology | None = None
    capacity: dict[str, Any] = {}
    allocatable: dict[str, Any] | None = None
    for doc, pointer in docs:
        if not doc:
            continue
        kind = doc.get("kind")
        if kind in KUBELET_KINDS or (kind is None and "cpuManagerPolicy" in doc and not looks_like_machine_info(doc)):
            config, _ = decode_kubelet_config(doc, pointer, problems)
            kubelet = config if not kubelet_seen else _overlay(kubelet, config)
            kubelet_seen = True
        elif kind == "Node" or (kind is None and ("capacity" in doc or "allocatable" in doc) and len(doc) <= 3):
            node_name, cap, alloc = decode_node_object(doc, pointer, problems)
            name = name or node_name
            capacity.update(cap)
            if alloc is not None:
                allocatable = alloc
        elif kind is None and looks_like_machine_info(doc):
            topology = decode_machine_info(doc, pointer, problems)
        elif compact is not None:
            topo, config, compact_name = compact(doc, pointer, problems)
            if topo is not None:
                topology = topo
            if config is not None:
                kubelet = config if not kubelet_seen else _overlay(kubelet, config)
                kubelet_seen = True
            name = name or compact_name
        else:
            problems.add(pointer, f"not a node description document (kind {kind!r})")
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
