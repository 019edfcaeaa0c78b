"""The ``compute`` container of a VirtualMachineInstance's virt-launcher pod
(kubevirt/kubevirt d923fdb815cd), as kinds_kubevirt.py's kinds derive it.

The ``compute`` container's resources, as the VMI's defaults (pkg/defaults/
defaults.go: a cpu request is its limit where only that is written;
memory.guest is the memory request, else its limit, else the hugepage size;
sockets are the cpu limit's or request's whole cores where no topology is
written) and the ResourceRenderer (services/renderresources.go, rules in
template.go VMIResourcePredicates) make them, with KubeVirt's shipped
configuration (pkg/virt-config: cpuAllocationRatio 10, memoryOvercommit 100,
no additionalGuestMemoryOverheadRatio, the KVM hypervisor on amd64 unless
``spec.architecture`` says otherwise):

- ``spec.domain.resources`` requests and limits, 50M of ephemeral storage
  requested (and limited, where a limit is written) beside them;
- the memory request: as written, else the memory limit, else the guest
  memory (WithMemoryRequests);
- ``dedicatedCpuPlacement``: cpu request and limit are the vCPUs (sockets ×
  cores × threads), plus the IOThreads' ``supplementalPoolThreadCount``, plus
  one emulator thread with ``isolateEmulatorThread`` (two with the
  ``alpha.kubevirt.io/EmulatorThreadCompleteToEvenParity`` annotation where
  the count is even), and the memory limit is the memory request
  (WithCPUPinning): with the overhead below on both, the pod is Guaranteed;
- otherwise the cpu request written, else vCPUs / cpuAllocationRatio
  (WithoutDedicatedCPU), the cpu limit only as written;
- the memory overhead (pkg/hypervisor/kvm/hypervisorbackend.go
  GetMemoryOverhead, and 250Mi for a passt binding, pkg/network/resources/
  memory.go) added to the memory request (unless ``overcommitGuestOverhead``)
  and limit (WithMemoryOverhead); with hugepages, the hugepages resource is
  the memory request up to the guest memory, and memory is the overhead
  plus what the request and limit exceed the guest memory by (WithHugePages);
- one of each GPU's and host device's ``deviceName`` (device plugins).
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Derived
from pod_resources_cli.model.decode.problems import Problems, as_int, as_mapping, as_quantity, resource_list
from pod_resources_cli.quantity import Format, Quantity, QuantityError, parse_quantity

KV: Final = "kubevirt/kubevirt"
_RENDER: Final = f"{KV} pkg/virt-controller/services/renderresources.go"
_OVERHEAD: Final = f"{KV} pkg/hypervisor/kvm/hypervisorbackend.go GetMemoryOverhead"
_EVEN_PARITY: Final = "alpha.kubevirt.io/EmulatorThreadCompleteToEvenParity"
_CPU_ALLOCATION_RATIO: Final = 10  # virt-config DefaultCPUAllocationRatio
_EPHEMERAL: Final = "50M"  # services/template.go ephemeralStorageOverheadSize
_MI: Final = 1024 * 1024


def _mi(n: int) -> Quantity:
    return Quantity.from_int(n * _MI, Format.BINARY_SI)


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _shown(q: Quantity) -> str:
    """Bytes in Mi where they are whole Mi (GetMemoryOverhead sums in a DecimalSI quantity)."""
    return q.with_format(Format.BINARY_SI).canonical()


def _zero(q: Quantity | None) -> bool:
    return q is None or q.is_zero()


def _count(value: Any, pointer: Pointer, problems: Problems) -> int:
    """A uint32 field (cores, sockets...): 0 when unset or unreadable."""
    number = as_int(value, pointer, problems)
    if number is not None and number < 0:
        problems.add(pointer, f"must be greater than or equal to 0, not {number}")
        return 0
    return number or 0


def _vcpus(cores: int, sockets: int, threads: int) -> int:
    """pkg/util/hardware GetNumberOfVCPUs: the product of the counts written (0 when none is)."""
    total = cores
    for n in (sockets, threads):
        if n:
            total = n if total == 0 else total * n
    return total


def _field(mapping: dict[str, Any], key: str, pointer: Pointer, problems: Problems) -> dict[str, Any]:
    return as_mapping(mapping.get(key), (*pointer, key), problems) or {}


def launcher_compute(template: Any, pointer: Pointer, problems: Problems) -> Derived:
    """The virt-launcher pod's ``compute`` container for a VMI (or a VMI template: ``metadata`` and ``spec``)."""
    template = template if isinstance(template, dict) else {}
    spec = _field(template, "spec", pointer, problems)
    spec_at = (*pointer, "spec")
    domain = _field(spec, "domain", spec_at, problems)
    at = (*spec_at, "domain")
    resources = _field(domain, "resources", at, problems)
    res_at = (*at, "resources")
    written_requests = resource_list(resources.get("requests"), (*res_at, "requests"), problems) or {}
    limits = dict(resource_list(resources.get("limits"), (*res_at, "limits"), problems) or {})
    requests = dict(written_requests)
    notes: list[str] = []

    # the VMI's defaults (pkg/defaults/defaults.go SetDefaultVirtualMachineInstanceSpec)
    if not _zero(limits.get("cpu")) and _zero(requests.get("cpu")):
        requests["cpu"] = limits["cpu"]
        notes.append(f"cpu request {limits['cpu'].canonical()}, its limit ({KV} pkg/defaults/defaults.go setDefaultResourceRequests)")
    memory = _field(domain, "memory", at, problems)
    memory_at = (*at, "memory")
    guest = as_quantity(memory["guest"], (*memory_at, "guest"), problems) if memory.get("guest") is not None else None
    hugepages = as_mapping(memory.get("hugepages"), (*memory_at, "hugepages"), problems)
    page_size = hugepages.get("pageSize") if hugepages is not None else None
    page = _page(page_size)
    if guest is None:  # setGuestMemory
        guest = next((q for q in (requests.get("memory"), limits.get("memory")) if not _zero(q)), page)
    cpu = _field(domain, "cpu", at, problems)
    cpu_at = (*at, "cpu")
    cores, sockets, threads = (_count(cpu.get(k), (*cpu_at, k), problems) for k in ("cores", "sockets", "threads"))
    if cores == sockets == threads == 0:  # SetDefaultGuestCPUTopology: whole cores of the cpu limit, else request, else 1
        written = limits.get("cpu") if "cpu" in limits else requests.get("cpu")
        sockets, cores, threads = (written.value() if written is not None else 1), 1, 1
    vcpus = _vcpus(cores, sockets, threads)
    dedicated = cpu.get("dedicatedCpuPlacement") is True
    io_threads = _field(domain, "ioThreads", at, problems)
    io = _count(io_threads.get("supplementalPoolThreadCount"), (*at, "ioThreads", "supplementalPoolThreadCount"), problems)
    guaranteed = _wants_guaranteed(requests, limits)
    devices = _field(domain, "devices", at, problems)
    overhead, parts = _overhead(spec, domain, devices, written_requests.get("memory"), vcpus, dedicated or guaranteed, problems, at)

    # the ResourceRenderer, in template.go VMIResourcePredicates' order
    calculated_requests: dict[str, Quantity] = {}
    calculated_limits: dict[str, Quantity] = {}
    ephemeral = parse_quantity(_EPHEMERAL)
    requests["ephemeral-storage"] = requests["ephemeral-storage"] + ephemeral if "ephemeral-storage" in requests else ephemeral
    if "ephemeral-storage" in limits:
        limits["ephemeral-storage"] = limits["ephemeral-storage"] + ephemeral
    if _zero(written_requests.get("memory")):  # WithMemoryRequests (memoryOvercommit 100: the guest memory itself)
        if not _zero(limits.get("memory")) and _zero(requests.get("memory")):
            requests["memory"] = limits["memory"]
            notes.append(f"memory request {limits['memory'].canonical()}, its limit ({_RENDER} WithMemoryRequests)")
        elif "memory" not in requests and guest is not None and not guest.is_zero():
            requests["memory"] = guest
            notes.append(f"memory request {guest.canonical()}, the guest memory ({_RENDER} WithMemoryRequests, memoryOvercommit 100 as shipped)")
    if dedicated:
        _pinned(cpu, domain, template, requests, limits, vcpus, io, notes)
    elif vcpus + io:
        calculated_requests["cpu"] = Quantity.from_milli((vcpus + io) * 1000 // _CPU_ALLOCATION_RATIO)
        if "cpu" not in requests:
            notes.append(
                f"cpu request {calculated_requests['cpu'].canonical()}: {_n(vcpus + io, 'vCPU')} / cpuAllocationRatio {_CPU_ALLOCATION_RATIO} "
                f"as shipped ({_RENDER} WithoutDedicatedCPU)"
            )
    overcommit = resources.get("overcommitGuestOverhead") is True
    if hugepages is not None:
        _hugepaged(page_size, guest, overhead, requests, limits, calculated_requests, calculated_limits, notes)
    else:
        request = requests.get("memory", Quantity(0))
        requests["memory"] = request if overcommit else request + overhead if "memory" in requests else overhead
        if "memory" in limits:
            limits["memory"] = limits["memory"] + overhead
        where = "the limit only (overcommitGuestOverhead)" if overcommit else "the request and limit" if "memory" in limits else "the request"
        notes.append(f"memory overhead {_shown(overhead)} added to {where}: {parts} ({_OVERHEAD}; {_RENDER} WithMemoryOverhead)")
    if hugepages is not None:
        notes.append(f"memory overhead {_shown(overhead)}: {parts} ({_OVERHEAD})")
    _devices(devices, calculated_requests, calculated_limits, notes)
    notes.append(f"ephemeral-storage request {_EPHEMERAL} added ({_RENDER} WithEphemeralStorageRequest)")
    if any(isinstance(i, dict) and i.get("binding") is not None for i in _list(devices.get("interfaces"))):
        notes.append("an interface names a network binding plugin: the memory and sidecar its KubeVirt configuration gives it are not added")
    return Derived({**calculated_requests, **requests}, {**calculated_limits, **limits}, tuple(notes), ("spec", "domain"))


def _page(page_size: Any) -> Quantity | None:
    if not isinstance(page_size, str):
        return None
    try:
        return parse_quantity(page_size)
    except QuantityError:
        return None


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _wants_guaranteed(requests: dict[str, Quantity], limits: dict[str, Quantity]) -> bool:
    """api/core/v1 WantsToHaveQOSGuaranteed: cpu and memory requests equal to their limits (a memory limit alone counts)."""
    zero = Quantity(0)
    memory = (_zero(requests.get("memory")) and not _zero(limits.get("memory"))) or (
        not _zero(requests.get("memory")) and requests["memory"] == limits.get("memory", zero)
    )
    return memory and not _zero(requests.get("cpu")) and requests["cpu"] == limits.get("cpu", zero)


def _pinned(
    cpu: dict[str, Any], domain: dict[str, Any], template: dict[str, Any], requests: dict[str, Quantity], limits: dict[str, Quantity],
    vcpus: int, io: int, notes: list[str],
) -> None:  # fmt: skip
    """WithCPUPinning: the vCPUs and IO threads, then the emulator thread, each a request and a limit; memory limit = request."""
    counted = f"{_n(vcpus, 'vCPU')} (sockets × cores × threads)" + (f" + {_n(io, 'IOThread')}" if io else "")
    if vcpus:
        requests["cpu"] = limits["cpu"] = Quantity.from_int(vcpus + io, Format.BINARY_SI)
    elif io:
        for values in (requests, limits):
            if "cpu" in values:
                values["cpu"] = values["cpu"] + Quantity.from_int(io)
    if cpu.get("isolateEmulatorThread") is True:
        metadata = template.get("metadata")
        annotations = metadata.get("annotations") if isinstance(metadata, dict) else None
        supplemental = io if domain.get("ioThreadsPolicy") == "supplementalPool" else 0
        current = limits.get("cpu", Quantity(0))
        emulator = 2 if isinstance(annotations, dict) and _EVEN_PARITY in annotations and (current.value() + supplemental) % 2 == 0 else 1
        limits["cpu"] = current + Quantity.from_int(emulator, Format.BINARY_SI)
        if "cpu" in requests:
            requests["cpu"] = requests["cpu"] + Quantity.from_int(emulator, Format.BINARY_SI)
        counted += f" + {_n(emulator, 'emulator thread')} (isolateEmulatorThread)"
    if "memory" in requests:
        limits["memory"] = requests["memory"]
    shown = limits["cpu"].canonical() if "cpu" in limits else "unchanged"
    notes.append(f"cpu {shown}, request and limit: dedicatedCpuPlacement, {counted}; the memory limit is the request ({_RENDER} WithCPUPinning)")


def _hugepaged(
    page_size: Any, guest: Quantity | None, overhead: Quantity, requests: dict[str, Quantity], limits: dict[str, Quantity],
    calculated_requests: dict[str, Quantity], calculated_limits: dict[str, Quantity], notes: list[str],
) -> None:  # fmt: skip
    """WithHugePages: the hugepages resource is the memory request up to the guest memory; memory is the overhead and the excess."""
    name = f"hugepages-{page_size}"
    request = requests.get("memory", Quantity(0, Format.BINARY_SI))
    pages = guest if guest is not None and request > guest else request
    calculated_requests[name] = calculated_limits[name] = pages
    excess = request - guest if guest is not None and request > guest else Quantity(0)
    requests["memory"] = Quantity(0) + excess + overhead
    if "memory" in limits:
        limit = limits["memory"]
        limits["memory"] = Quantity(0) + (limit - guest if guest is not None and limit > guest else Quantity(0)) + overhead
    notes.append(f"{name} {pages.canonical()}, request and limit; memory is the overhead and what exceeds the guest memory ({_RENDER} WithHugePages)")


def _overhead(
    spec: dict[str, Any], domain: dict[str, Any], devices: dict[str, Any], memory_request: Quantity | None, vcpus: int, guaranteed: bool,
    problems: Problems, at: Pointer,
) -> tuple[Quantity, str]:  # fmt: skip
    """GetMemoryOverhead (KVM) and the passt binding's memory, with what each part is."""
    parts: list[tuple[str, Quantity]] = []
    request = memory_request if memory_request is not None else Quantity(0)
    kilo = -(-request.nanos // (1000 * 10**9))  # ScaledValue(Kilo), rounded up
    parts.append(("pagetables", Quantity.from_int(kilo * 1000 // 512)))
    parts.append(("virt-launcher, virtlogd, virtqemud and qemu", _mi(240)))
    parts.append((_n(max(vcpus, 1), "vCPU"), _mi(8 * max(vcpus, 1))))
    parts.append(("the IOThread", _mi(8)))
    if devices.get("autoattachGraphicsDevice") is not False:
        parts.append(("video", _mi(32)))
    if spec.get("architecture") == "arm64":
        parts.append(("arm64 UEFI flash", _mi(128)))
    interfaces = [i for i in _list(devices.get("interfaces")) if isinstance(i, dict)]
    if _list(devices.get("hostDevices")) or _list(devices.get("gpus")) or any(i.get("sriov") is not None for i in interfaces):
        parts.append(("VFIO", _mi(1024)))
    if any(isinstance(v, dict) and v.get("downwardMetrics") is not None for v in _list(spec.get("volumes"))):
        parts.append(("downward metrics", _mi(1)))
    probes = [p for p in ("livenessProbe", "readinessProbe") if isinstance(spec.get(p), dict) and spec[p].get("exec") is not None]
    if probes:
        parts.append((_n(len(probes), "exec probe"), _mi(10 * len(probes) + 100)))
    launch = domain.get("launchSecurity")
    if isinstance(launch, dict) and (launch.get("sev") is not None or launch.get("snp") is not None):
        parts.append(("SEV", _mi(256)))
    tpm = devices.get("tpm")
    if isinstance(tpm, dict) and tpm.get("enabled") is not False:
        parts.append(("TPM", _mi(53)))
    if guaranteed:
        parts.append(("dedicated CPUs or requests equal to limits", _mi(100)))
    memory = domain.get("memory")
    reserved = memory.get("reservedOverhead") if isinstance(memory, dict) else None
    if isinstance(reserved, dict) and reserved.get("addedOverhead") is not None:
        added = as_quantity(reserved["addedOverhead"], (*at, "memory", "reservedOverhead", "addedOverhead"), problems)
        if added is not None:
            parts.append(("reservedOverhead.addedOverhead", added))
    if any(i.get("passtBinding") is not None for i in interfaces):
        parts.append(("passt binding", _mi(250)))
    total = Quantity(0)
    for _, q in parts:
        total = total + q
    return total, "; ".join(f"{_shown(q)} for {what}" for what, q in parts if not q.is_zero())


def _devices(devices: dict[str, Any], calculated_requests: dict[str, Quantity], calculated_limits: dict[str, Quantity], notes: list[str]) -> None:
    """WithGPUsDevicePlugins, WithHostDevicesDevicePlugins: one of its deviceName per GPU and host device not claimed through DRA."""
    named: list[str] = []
    for key in ("gpus", "hostDevices"):
        for device in _list(devices.get(key)):
            if not isinstance(device, dict):
                continue
            name = device.get("deviceName")
            if isinstance(name, str) and name and device.get("claimName") is None and device.get("requestName") is None:
                one = Quantity.from_int(1)
                for values in (calculated_requests, calculated_limits):
                    values[name] = values[name] + one if name in values else one
                named.append(name)
    if named:
        notes.append(f"one {', one '.join(named)} for its GPUs and host devices ({_RENDER} WithGPUsDevicePlugins, WithHostDevicesDevicePlugins)")
