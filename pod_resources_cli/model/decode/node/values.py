"""Numbers a node description gives the kubelet, refused where the kubelet cannot hold them.

Quantities (capacities, reservations, thresholds) are parsed as apimachinery
parses them (quantity.py: ASCII digits only, blanks trimmed as
strings.TrimSpace trims them), then must fit the int64 the kubelet reads them
into, judged on the value as written, in every notation: 9223372036854775808,
8Ei, 8192Pi and 9.223372036854775808e18 are all 2^63 and all refused, although
apimachinery (staging/src/k8s.io/apimachinery/pkg/api/resource/quantity.go,
read at kubernetes/kubernetes commit 009f4971a05ddf1edc5616eab805f5b79017da08)
keeps the decimal ones exactly, so that Value() overflows (big.Int.Int64 keeps
the low 64 bits), and caps the binary ones at 2^63-1 (maxAllowed) without a
word. The int64 is:

- Quantity.Value() for memory, ephemeral-storage, pids, hugepages and
  extended resources (node allocatable's cgroup limits, the scheduler's
  NewResource, the eviction manager);
- Quantity.MilliValue() for cpu (the scheduler's and the kubelet's millicores;
  CapacityFromMachineInfo reports NumCores*1000 millicores);
- Quantity.ScaledValue(resource.Micro) for a reserved cpu: cmd/kubelet/app/server.go
  parseResourceList (commit 001332b0422071acf4860769f18e34b5e9b7c1bc) rounds
  kubeReserved/systemReserved cpu with q.SetMilli((q.ScaledValue(resource.Micro) + 500) / 1000).

Hugepage page sizes are those of cAdvisor's MachineInfo (HugePagesInfo.PageSize,
a uint64 in KiB), which the kubelet turns into ``hugepages-<size>`` resources:
pkg/kubelet/cadvisor/util.go CapacityFromMachineInfo (commit
2c5a11a55bf76e934b35839569fb97aa604f72b7) takes ``int64(PageSize * 1024)``
bytes and ``pageSizeBytes * int64(NumPages)`` as the capacity, and
pkg/kubelet/cm/memorymanager/policy_static.go getDefaultMachineState (commit
030880a5dc5449403c6d1f0aa146a7dc21d6c6dc) ``int64(hugepage.PageSize)*1024``, both
through pkg/apis/core/v1/helper/helpers.go HugePageResourceName (commit
02abf3411556e13f91cbb0831842017e789da3a7: the BinarySI quantity's String()).
None of that checks anything: a size of 2^54 KiB wraps to 0 bytes, a negative
one cannot be decoded (uint64). So a page size must be what a kernel reports (a
positive power of two) and its bytes must fit int64: at most 2^52 KiB (4Ei);
the bytes of all pages of one size must fit int64 too.

Every message quotes the input cut to quantity.SHOWN_CHARS characters.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.problems import Problems, as_int, as_mapping, type_name
from pod_resources_cli.quantity import MAX_INT64, NANO, Format, Quantity, QuantityError, QuantityRangeError, format_go_float, go_trim_space, parse_quantity
from pod_resources_cli.shown import shorten, shown

INT32_MAX: Final = 2**31 - 1
UINT64_MAX: Final = 2**64 - 1
CPU: Final = "cpu"
KIB: Final = 1024
# The largest power of two whose bytes, size * 1024, fit int64.
MAX_HUGEPAGE_KIB: Final = 2**52

# Nano-units per unit of the int64 the kubelet reads (Value, MilliValue, ScaledValue(Micro)).
UNITS: Final = NANO
MILLI: Final = 10**6
MICRO: Final = 10**3
_READ_AS: Final = {
    UNITS: ("an int64", "2^63-1", "Quantity.Value()"),
    MILLI: ("an int64 of millicores", "9223372036854775.807", "Quantity.MilliValue()"),
    MICRO: ("an int64 of microcores", "9223372036854.775807", "Quantity.ScaledValue(resource.Micro)"),
}


def read_scale(resource: object) -> int:
    """How the kubelet reads ``resource``: MILLI for cpu, else UNITS. (A reserved
    cpu's MICRO bound is checked by reserved.py, after reservedSystemCPUs has
    replaced it, as the kubelet parses it then.)"""
    return MILLI if resource == CPU else UNITS


def beyond_int64(value: object, what: str, scale: int = UNITS) -> str:
    """Why quantity ``value`` (as written) is refused: beyond the int64 the kubelet
    reads ``what`` into (``scale``: UNITS, MILLI or MICRO)."""
    holder, most, accessor = _READ_AS[scale]
    binary = isinstance(value, str) and go_trim_space(value).endswith("i")
    capped = "; apimachinery would cap it at 2^63-1 without a word" if binary and scale == UNITS else ""
    return (
        f"quantity {shown(value)} does not fit in {holder} (more than {most}{capped}): "
        f"the kubelet reads {what} with {accessor}"
    )


def _what(resource: object) -> str:
    return shorten(resource) if isinstance(resource, str) else "it"


def node_quantity(value: Any, pointer: Pointer, problems: Problems, *, resource: object = None) -> Quantity | None:
    """problems.as_quantity for a node description: a string, a JSON number or
    null (zero), whose value as written fits the int64 the kubelet reads
    ``resource`` into; errors quote ``value`` cut short."""
    if value is None:
        return Quantity(0)
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        problems.add(pointer, f"quantity must be a string or a number, not {type_name(value)}")
        return None
    scale = read_scale(resource)
    try:
        text = format_go_float(value) if isinstance(value, float) else str(value)
        quantity = parse_quantity(text, saturate=False)
    except QuantityRangeError:
        problems.add(pointer, beyond_int64(value, _what(resource), scale))
        return None
    except QuantityError as exc:
        problems.add(pointer, f"invalid quantity {shown(value)}: {exc.reason}")
        return None
    except ValueError:  # str() of an int of more digits than Python prints
        problems.add(pointer, beyond_int64(value, _what(resource), scale))
        return None
    if abs(quantity.nanos) > MAX_INT64 * scale:
        problems.add(pointer, beyond_int64(value, _what(resource), scale))
        return None
    return quantity


def node_resource_list(value: Any, pointer: Pointer, problems: Problems) -> dict[str, Quantity] | None:
    """problems.resource_list with node_quantity for each entry."""
    mapping = as_mapping(value, pointer, problems, "a map of resource names to quantities")
    if mapping is None:
        return None
    out: dict[str, Quantity] = {}
    for name, raw in mapping.items():
        quantity = node_quantity(raw, (*pointer, name), problems, resource=name)
        if quantity is not None:
            out[name] = quantity
    return out


def int_in_range(value: Any, pointer: Pointer, problems: Problems, low: int, high: int, why: str) -> int | None:
    """as_int, then ``low <= n <= high`` or a problem saying ``why``."""
    number = as_int(value, pointer, problems)
    if number is not None and not low <= number <= high:
        problems.add(pointer, f"{shown(number)} is out of range: {why}")
        return None
    return number


def hugepage_size_problem(size_kib: int) -> str | None:
    """Why the kubelet cannot take a MachineInfo page size of ``size_kib`` KiB, or None."""
    if size_kib <= 0 or size_kib & (size_kib - 1):
        return (
            f"page_size {shown(size_kib)} is not a hugepage size: a kernel's page sizes are positive powers of two "
            "(cAdvisor gives them in KiB)"
        )
    if size_kib > MAX_HUGEPAGE_KIB:
        return (
            f"page_size {shown(size_kib)} KiB is more than the kubelet can hold: it names the resource after "
            f"int64(page_size * 1024) bytes, at most {MAX_HUGEPAGE_KIB} KiB (4Ei) for a power of two"
        )
    return None


def hugepage_total_problem(size_bytes: int, pages: int) -> str | None:
    """Why ``pages`` pages of ``size_bytes`` cannot be a hugepages capacity, or None."""
    if size_bytes * pages > MAX_INT64:
        return (
            f"{shown(pages)} pages of {Quantity.from_int(size_bytes, Format.BINARY_SI)} are more than 2^63-1 bytes: "
            "the kubelet reports hugepages capacity as an int64 (page size * number of pages)"
        )
    return None
