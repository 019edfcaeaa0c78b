"""Several node documents -> one NodeDescription.

One file may hold a KubeletConfiguration (or an OpenShift ``KubeletConfig``
wrapping one in ``spec.kubeletConfig``, or a ``PerformanceProfile``, read as
the KubeletConfig the Node Tuning Operator renders from it:
performance_profile.py), a cAdvisor MachineInfo, a v1 Node
and the project's compact ``NodeProfile``, in any order; each contributes
what it knows. The first kubelet document is the kubelet's config file, the
later ones its drop-ins: they merge as cmd/kubelet/app/server.go
mergeKubeletConfigurations merges them (k/k 001332b04220, after loadConfigFile
has completed the config file's evictionHard), a JSON merge patch (RFC 7386)
of each drop-in onto the config so far: a field a drop-in names replaces the earlier
value, even with the default value; maps (kubeReserved, evictionHard,
featureGates, the policy options...) merge key by key; lists
(reservedMemory) are replaced; null removes the field (its default again,
an empty map for a map).

A NodeResourceTopology (nrt.py) and a ``kind: NodeDevices`` document
(devices.py) add NUMA nodes, devices and the topology manager's settings;
device_merge.py settles the devices of all documents. A ``kind: List``
(``kubectl get node,noderesourcetopology NAME -o yaml``) is read item by item.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pod_resources_cli.records import dataclass, field, replace
from typing import Any

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.node.compact import decode_compact
from pod_resources_cli.model.decode.node.compact_result import CompactDecoder
from pod_resources_cli.model.decode.node.device_merge import DeviceSource, apply_nrt_settings, settle_devices
from pod_resources_cli.model.decode.node.devices import decode_devices_document, is_devices_document, is_extended_resource
from pod_resources_cli.model.decode.node.eviction import effective_eviction_hard
from pod_resources_cli.model.decode.node.kubelet_config import MAP_FIELDS, PROJECT_FIELDS, decode_kubelet_config
from pod_resources_cli.model.decode.node.machine_info import decode_machine_info, looks_like_machine_info
from pod_resources_cli.model.decode.node.node_object import decode_node_object
from pod_resources_cli.model.decode.node.nrt import NRTResult, ZoneCPUs, decode_nrt, is_nrt
from pod_resources_cli.model.decode.node.performance_profile import is_performance_profile, rendered_kubelet_configuration
from pod_resources_cli.model.decode.problems import Problems, as_list, as_mapping
from pod_resources_cli.model.node import KubeletConfig, MachineTopology, NodeDescription
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.shown import shown

KUBELET_KINDS = frozenset({"KubeletConfiguration"})
OPENSHIFT_KUBELET_CONFIG = "KubeletConfig"  # machineconfiguration.openshift.io/v1


@dataclass(slots=True)
class NodeOrigins:
    """Where each part of the merged description came from (for error locations)."""

    kubelet: list[Pointer] = field(default_factory=list)  # each kubelet mapping, in order
    machine: Pointer | None = None
    machine_kind: str = ""  # "MachineInfo" or "NodeProfile"
    node: Pointer | None = None
    node_status: Pointer | None = None  # the Node's status (capacity, allocatable)
    capacity: dict[str, Pointer] = field(default_factory=dict)  # extended resource -> where its capacity is stated
    devices: dict[str, tuple[Pointer, str]] = field(default_factory=dict)  # resource -> (its first device entry, document kind)
    nrt: Pointer | None = None
    zones: tuple[ZoneCPUs, ...] = ()  # the NodeResourceTopology's CPU count per NUMA node


def merge_node_documents(
    docs: Iterable[tuple[dict[str, Any], Pointer]],
    problems: Problems,
    *,
    source: str = "",
    compact: CompactDecoder | None = decode_compact,
    origins: NodeOrigins | None = None,
) -> NodeDescription:
    origins = origins if origins is not None else NodeOrigins()
    name: str | None = None
    kubelet = KubeletConfig()
    topology: MachineTopology | None = None
    capacity: dict[str, Quantity] = {}
    allocatable: dict[str, Quantity] | None = None

    loaded = False  # the config file (the first kubelet document) is in
    stated_fields: set[str] = set()  # KubeletConfig attributes the kubelet documents set
    sources: list[DeviceSource] = []
    nrt: NRTResult | None = None

    def add_kubelet(decoded: tuple[KubeletConfig, frozenset[str]], pointer: Pointer, *, kubelet_document: bool = True) -> None:
        """``kubelet_document`` False: a NodeProfile's project settings only (cgroupVersion...)."""
        nonlocal kubelet, loaded
        config, fields = decoded
        if kubelet_document:
            stated_fields.update(fields)
        if loaded:
            kubelet = merge_kubelet_configs(kubelet, config, fields)
        else:  # the config file as written, with the project settings seen so far
            kubelet = replace(config, **{f: getattr(kubelet, f) for f in PROJECT_FIELDS - fields})
            loaded = kubelet_document
        origins.kubelet.append(pointer)

    def set_topology(topo: MachineTopology | None, pointer: Pointer, kind: str) -> None:
        nonlocal topology
        if topo is None:
            return
        if origins.machine is not None:
            problems.add(pointer, "a second machine description (MachineInfo or NodeProfile): a node file holds one")
            return
        topology = topo
        origins.machine = pointer
        origins.machine_kind = kind

    for doc, pointer in _items(docs, problems):
        if not doc:
            continue
        kind = doc.get("kind")
        if kind in KUBELET_KINDS or (kind is None and "cpuManagerPolicy" in doc and not looks_like_machine_info(doc)):
            add_kubelet(decode_kubelet_config(doc, pointer, problems), pointer)
        elif kind == OPENSHIFT_KUBELET_CONFIG and isinstance(doc.get("spec"), dict):
            inner_ptr = (*pointer, "spec", "kubeletConfig")
            inner = as_mapping(doc["spec"].get("kubeletConfig"), inner_ptr, problems)
            if inner is None:
                problems.add((*pointer, "spec"), "a KubeletConfig needs spec.kubeletConfig")
            else:
                add_kubelet(decode_kubelet_config(inner, inner_ptr, problems), inner_ptr)
        elif is_performance_profile(doc):  # the KubeletConfig the Node Tuning Operator renders from it
            rendered = rendered_kubelet_configuration(doc, pointer, problems)
            if rendered is not None:
                add_kubelet(decode_kubelet_config(rendered, (*pointer, "spec"), problems), (*pointer, "spec"))
        elif kind == "Node" or (kind is None and ("capacity" in doc or "allocatable" in doc) and len(doc) <= 3):
            node_name, cap, alloc, status = decode_node_object(doc, pointer, problems)
            name = name or node_name
            capacity.update(cap)
            origins.capacity.update({r: (*status, "capacity", r) for r in cap if is_extended_resource(r)})
            if alloc is not None:
                allocatable = alloc
            origins.node = pointer
            origins.node_status = status
        elif kind is None and looks_like_machine_info(doc):
            set_topology(decode_machine_info(doc, pointer, problems), pointer, "MachineInfo")
        elif is_nrt(doc):
            if nrt is not None:
                problems.add(pointer, "a second NodeResourceTopology: a node file describes one node")
                continue
            nrt = decode_nrt(doc, pointer, problems)
            origins.nrt, origins.zones = pointer, nrt.zone_cpus
            name = name or nrt.name
            sources.append(DeviceSource(str(kind), nrt.devices))
        elif is_devices_document(doc):
            devices_name, groups = decode_devices_document(doc, pointer, problems)
            name = name or devices_name
            sources.append(DeviceSource(str(kind), tuple(groups)))
        else:
            result = compact(doc, pointer, problems) if compact is not None else None
            if result is None:
                problems.add(pointer, f"not a node description document (kind {shown(kind)})")
                continue
            set_topology(result.topology, pointer, str(kind))
            if result.kubelet is not None:
                add_kubelet(
                    (result.kubelet, result.kubelet_fields),
                    result.kubelet_pointer or pointer,
                    kubelet_document=result.kubelet_pointer is not None,
                )
            name = name or result.name
            for resource, quantity in result.capacity.items():
                capacity.setdefault(resource, quantity)
                if is_extended_resource(resource):
                    origins.capacity.setdefault(resource, (*pointer, "extendedResources", resource))
            sources.append(DeviceSource(str(kind), result.devices))
    if nrt is not None:
        if topology is None and nrt.topology is not None and origins.nrt is not None:
            set_topology(nrt.topology, origins.nrt, "NodeResourceTopology")
        kubelet = apply_nrt_settings(kubelet, frozenset(stated_fields), nrt.policy, nrt.scope, problems)
    inventory = settle_devices(sources, topology, capacity, allocatable, problems)
    origins.devices = inventory.listed
    return NodeDescription(
        name=name or "node",
        kubelet=kubelet,
        topology=topology,
        capacity=capacity,
        allocatable=allocatable,
        devices=inventory.devices,
        source=source,
    )


def _items(docs: Iterable[tuple[dict[str, Any], Pointer]], problems: Problems) -> Iterator[tuple[dict[str, Any], Pointer]]:
    """The documents, a ``kind: List``'s items in its place (not nested further)."""
    for doc, pointer in docs:
        if not isinstance(doc, dict) or doc.get("kind") != "List":
            yield doc, pointer
            continue
        for i, item in enumerate(as_list(doc.get("items"), (*pointer, "items"), problems)):
            if isinstance(item, dict) and item.get("kind") != "List":
                yield item, (*pointer, "items", i)
            else:
                problems.add((*pointer, "items", i), "a List item of a node description must be a node document (an object, not a List)")


def merge_kubelet_configs(base: KubeletConfig, top: KubeletConfig, fields: frozenset[str]) -> KubeletConfig:
    """mergeKubeletConfigurations: ``top``, a drop-in that sets ``fields``, patched onto ``base``."""
    changes: dict[str, Any] = {f: getattr(top, f) for f in fields - MAP_FIELDS}
    for f in fields & MAP_FIELDS - {"eviction_hard"}:
        # An empty map in ``fields`` was null: the patch deletes the map.
        changes[f] = {**getattr(base, f), **getattr(top, f)} if getattr(top, f) else {}
    if fields & {"eviction_hard", "merge_default_eviction_settings"}:
        # loadConfigFile completed the config file's evictionHard with the defaults
        # (all of them when unset, the missing ones with mergeDefaultEvictionSettings)
        # before any drop-in; drop-ins patch that map, and the setting is not read again.
        loaded = effective_eviction_hard(base)
        if "eviction_hard" in fields:
            # null (None here) deletes the map: no threshold at all.
            loaded = {} if top.eviction_hard is None else {**loaded, **top.eviction_hard}
        changes["eviction_hard"] = loaded
        changes["merge_default_eviction_settings"] = False
    return replace(base, **changes)
