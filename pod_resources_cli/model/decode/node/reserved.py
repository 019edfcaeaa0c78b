"""What the kubelet reserves at start: reservedSystemCPUs, kubeReserved, systemReserved.

Mirrors, in the kubelet's order:
- pkg/kubelet/apis/config/validation/validation.go ValidateKubeletConfiguration
  (commit 0ea83df1135d2477e564f66f5a78d82a7b8633df):
  reservedSystemCPUs cannot go with systemReservedCgroup or kubeReservedCgroup,
  and must parse as a cpulist (cpuset.Parse);
- cmd/kubelet/app/server.go run: getReservedCPUs (the list must be a subset of
  the online CPUs), then, with reservedSystemCPUs set, kubeReserved's cpu is
  dropped and systemReserved's cpu becomes the number of reserved CPUs, then
  parseResourceList for kubeReserved and for systemReserved (only cpu, memory,
  ephemeral-storage and pid; no negative quantity; cpu rounded to millicores
  through q.ScaledValue(resource.Micro), an int64: a cpu beyond
  9223372036854.775807 would overflow it, and is refused).

server.go read at kubernetes/kubernetes commit 001332b0422071acf4860769f18e34b5e9b7c1bc.
Each failure is a ReservationError carrying the kubelet's text and the
KubeletConfiguration field (and key) it comes from, so that the node file
loader can point at it and kube/ can raise it as a NodeError. Messages quote
the input (the cpulist, a resource name) cut to quantity.SHOWN_CHARS characters.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.model.decode.node.values import MICRO, beyond_int64
from pod_resources_cli.model.node import KubeletConfig
from pod_resources_cli.quantity import MAX_INT64, Quantity
from pod_resources_cli.records import replace
from pod_resources_cli.shown import quoted, shorten

CPU: Final = "cpu"
# parseResourceList: v1.ResourceCPU, v1.ResourceMemory, v1.ResourceEphemeralStorage, pidlimit.PIDs.
RESERVABLE: Final = ("cpu", "memory", "ephemeral-storage", "pid")


class ReservationError(ValueError):
    """The kubelet's start-up error, and the field (with its key) it is about."""

    def __init__(self, message: str, field: str, key: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.key = key


def check_reserved_cpus_cgroups(kubelet: KubeletConfig) -> None:
    """validation.go: --reserved-cpus replaces the cpu reservations, which a
    reserved cgroup would enforce, so the kubelet refuses the combination."""
    if kubelet.reserved_system_cpus and (kubelet.system_reserved_cgroup or kubelet.kube_reserved_cgroup):
        raise ReservationError(
            "invalid configuration: can't use reservedSystemCPUs (--reserved-cpus) with systemReservedCgroup "
            "(--system-reserved-cgroup) or kubeReservedCgroup (--kube-reserved-cgroup)",
            "reservedSystemCPUs",
        )


def parse_reserved_cpus(kubelet: KubeletConfig) -> CPUSet:
    """validation.go: reservedSystemCPUs must parse as a cpulist ("" is none)."""
    text = kubelet.reserved_system_cpus or ""
    try:
        return CPUSet.parse(text)
    except ValueError as exc:
        raise ReservationError(
            f"invalid configuration: unable to parse reservedSystemCPUs (--reserved-cpus) {shorten(text)}, error: {exc}",
            "reservedSystemCPUs",
        ) from None


def reserved_cpus(kubelet: KubeletConfig, online: Iterable[int] | None) -> CPUSet:
    """getReservedCPUs: the parsed list, a subset of the online CPUs (unchecked
    when the machine's CPUs are unknown)."""
    cpus = parse_reserved_cpus(kubelet)
    if online is None or not cpus:
        return cpus
    known = CPUSet.from_iterable(online)
    if not cpus.is_subset_of(known):
        raise ReservationError(
            f"reserved-cpus: {shorten(kubelet.reserved_system_cpus or '')} is not a subset of online-cpus: {known}", "reservedSystemCPUs"
        )
    return cpus


# ScaledValue(resource.Micro) is an int64 of microcores: nano-units beyond this overflow it.
_MAX_MICRO_NANOS: Final = MAX_INT64 * 1000


def _round_cpu(quantity: Quantity) -> Quantity:
    """q.SetMilli((q.ScaledValue(resource.Micro) + 500) / 1000): whole millicores, half up."""
    micro = -(-quantity.nanos // 1000)  # ScaledValue rounds up
    return Quantity.from_milli((micro + 500) // 1000, quantity.format)


def parse_resource_list(field: str, flag: str, reserved: Mapping[str, Quantity]) -> dict[str, Quantity]:
    """parseResourceList, wrapped as server.go wraps it ("--kube-reserved value
    failed to parse: ..."). The kubelet walks a Go map and stops at the first
    error; names are taken in sorted order here so the error is stable. A
    negative quantity is printed in canonical form (the kubelet prints the
    string as written)."""
    out: dict[str, Quantity] = {}
    for name in sorted(reserved):
        quantity = reserved[name]
        if name not in RESERVABLE:
            raise ReservationError(f"{flag} value failed to parse: cannot reserve {quoted(name)} resource", field, name)
        if quantity.nanos < 0:
            raise ReservationError(
                f'{flag} value failed to parse: resource quantity for "{name}" cannot be negative: {quantity}', field, name
            )
        if name == CPU and quantity.nanos > _MAX_MICRO_NANOS:
            reason = beyond_int64(str(quantity), "a reserved cpu", MICRO)
            raise ReservationError(f"{flag} value failed to parse: {reason}", field, name)
        out[name] = _round_cpu(quantity) if name == CPU else quantity
    return out


def kubelet_reservations(kubelet: KubeletConfig, reserved_cpu_count: int) -> tuple[dict[str, Quantity], dict[str, Quantity]]:
    """(kubeReserved, systemReserved) as the kubelet hands them to the container
    manager: reservedSystemCPUs (``reserved_cpu_count`` CPUs) overrides both cpu
    entries before they are parsed, so a bad kubeReserved cpu is then ignored."""
    kube = dict(kubelet.kube_reserved)
    system = dict(kubelet.system_reserved)
    if reserved_cpu_count > 0:
        kube.pop(CPU, None)
        system[CPU] = Quantity.from_int(reserved_cpu_count)
    return (
        parse_resource_list("kubeReserved", "--kube-reserved", kube),
        parse_resource_list("systemReserved", "--system-reserved", system),
    )


def cpu_reservation(kubelet: KubeletConfig, reserved_cpu_count: int) -> Quantity:
    """systemReserved.cpu + kubeReserved.cpu as kubelet_reservations gives them: the
    cpu entry of GetNodeAllocatableReservation (no eviction signal reserves cpu).
    Only the cpu entries are read: the CPU manager is handed a reservation, the
    other entries are the start-up checks' business."""

    def only_cpu(reserved: Mapping[str, Quantity]) -> dict[str, Quantity]:
        return {CPU: reserved[CPU]} if CPU in reserved else {}

    cpu_only = replace(kubelet, kube_reserved=only_cpu(kubelet.kube_reserved), system_reserved=only_cpu(kubelet.system_reserved))
    total = Quantity(0)
    for reserved in kubelet_reservations(cpu_only, reserved_cpu_count):
        if CPU in reserved:
            total = total + reserved[CPU]
    return total
