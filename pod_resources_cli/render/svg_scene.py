"""What an SVG picture of a node shows: the node, who holds which CPU,
device and memory block, and the pods refused. Made by its callers
(render/admit_svg.py, ``node show``), drawn by render/topology_svg.py and
render/svg_legend.py, which both read it from here."""

from __future__ import annotations

from collections.abc import Mapping

from pod_resources_cli.analysis.report import DevicePlacement, MemoryBlock
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.records import dataclass


@dataclass(frozen=True, slots=True)
class Holder:
    """One container in the legend: what the node gave it."""

    label: str  # pod/container
    cpus: str | None = None  # its exclusive CPUs (a cpulist)
    devices: tuple[DevicePlacement, ...] = ()
    memory: tuple[MemoryBlock, ...] = ()


@dataclass(frozen=True, slots=True)
class Scene:
    node: NodeDescription
    reserved: frozenset[int]
    owners: Mapping[int, str]  # cpu -> label of who holds it exclusively
    holders: tuple[Holder, ...] = ()
    refused: tuple[tuple[str, str], ...] = ()  # (pod, the kubelet's or API server's reason)
    shared_pool: str | None = None  # the node's shared pool (after admission)
    subtitle: str = ""
