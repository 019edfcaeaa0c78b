"""The API server's resource warnings for a pod or pod template.

Mirrors the resource part of pkg/api/pod/warnings.go
warningsForPodSpecAndMeta (kubernetes/kubernetes @1853742da621, read at
@00f6e68e0a64): a memory or ephemeral-storage quantity that is not a whole
number of bytes ("fractional byte value"), in spec.overhead and in every
container, visited as VisitContainersWithPath does (init containers, then
containers; per container limits[memory], requests[memory],
limits[ephemeral-storage], requests[ephemeral-storage]). Pod-level
``spec.resources`` is not visited by this upstream version.

The warnings are computed on the stored pod (kube.validation.stored_pod):
the request defaulted from a fractional limit warns too, and the value is
printed after the milli rounding (``0.0001`` -> ``"1m"``).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.kube.names import EPHEMERAL_STORAGE, MEMORY
from pod_resources_cli.location import Pointer, format_field_path
from pod_resources_cli.model.pod import Pod, ResourceList
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import dataclass

BYTE_RESOURCES: Final = (MEMORY, EPHEMERAL_STORAGE)


@dataclass(frozen=True, slots=True)
class APIWarning:
    """One warning string (``f"{field}: {message}"``), with where it points."""

    field: str
    message: str
    pointer: Pointer
    resource: str
    value: Quantity
    container: str | None = None

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"


def is_fractional_bytes(q: Quantity) -> bool:
    return q.milli_value() % 1000 != 0


def _fractional(
    values: ResourceList, name: str, field: str, pointer: Pointer, container: str | None
) -> list[APIWarning]:
    q = values.get(name)
    if q is None or not is_fractional_bytes(q):
        return []
    message = f'fractional byte value "{q}" is invalid, must be an integer'
    return [APIWarning(f"{field}[{name}]", message, (*pointer, name), name, q, container)]


def pod_resource_warnings(pod: Pod, *, field_prefix: Pointer = ()) -> list[APIWarning]:
    """Warnings for a stored pod; ``field_prefix`` is the path from the
    object to the template (upstream's ``fieldPath``)."""
    prefix = format_field_path(field_prefix)
    spec = f"{prefix}.spec" if prefix else "spec"
    out: list[APIWarning] = []
    if pod.overhead is not None:
        for name in BYTE_RESOURCES:
            out += _fractional(pod.overhead, name, f"{spec}.overhead", pod.spec_pointer("overhead"), None)
    for key, containers in (("initContainers", pod.init_containers), ("containers", pod.containers)):
        for c in containers:
            base = f"{spec}.{key}[{c.index}].resources"
            ptr = (*c.pointer, "resources")
            for name in BYTE_RESOURCES:
                out += _fractional(c.resources.lim, name, f"{base}.limits", (*ptr, "limits"), c.name)
                out += _fractional(c.resources.req, name, f"{base}.requests", (*ptr, "requests"), c.name)
    return out
