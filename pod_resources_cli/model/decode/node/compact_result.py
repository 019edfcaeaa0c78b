"""What a compact ``NodeProfile`` document contributes to a node description.

Below both the compact decoder that makes it (compact.py) and the merge of
a file's node documents that reads it (merge.py), so that neither imports
the other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.node.devices import DeviceGroup
from pod_resources_cli.model.decode.problems import Problems
from pod_resources_cli.model.node import KubeletConfig, MachineTopology
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import dataclass, field


@dataclass(frozen=True, slots=True)
class CompactResult:
    """What a compact document contributes."""

    topology: MachineTopology | None
    kubelet: KubeletConfig | None = None
    kubelet_pointer: Pointer | None = None
    name: str | None = None
    capacity: Mapping[str, Quantity] = field(default_factory=dict)
    kubelet_fields: frozenset[str] = frozenset()  # the KubeletConfig attributes it sets
    devices: tuple[DeviceGroup, ...] = ()


# Extra document kinds (the compact form) register a decoder here; it returns
# None for a document it does not recognise.
CompactDecoder = Callable[[dict[str, Any], Pointer, Problems], "CompactResult | None"]
