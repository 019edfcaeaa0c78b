"""CPUSet: an immutable set of CPU ids, with the Linux cpulist syntax.

Mirrors k8s.io/utils/cpuset/cpuset.go (kubernetes/utils 5a293f62227e: New,
Parse, String, Union, Intersection, Difference, IsSubsetOf, List). The set is held as a Python
int used as a bitmask (bit i = CPU i): set algebra and counting on a few
hundred CPUs is then a handful of machine operations, which the CPU
manager's allocation loops rely on.

CPU ids are bounded (MAX_CPUS) before any mask is built: a cpulist such as
"0-99999999999" would otherwise ask for a 12 GB integer. Every CPU id the
tool reads (cpulists, MachineInfo thread ids, the NodeProfile's shape, the
/sys tree of ``node discover``) is checked against the same bound.

Numbers are read as strconv.Atoi reads them: an optional sign and ASCII
digits only (Python's int() and ``\\d`` would also take "٠" or "５" as
digits). Errors quote the input cut to quantity.SHOWN_CHARS characters.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Final

from pod_resources_cli.shown import quoted, shorten

# Linux numbers CPUs below NR_CPUS, and the largest NR_CPUS any architecture
# can be built with is 8192 (x86_64 with MAXSMP / CPUMASK_OFFSTACK, powerpc):
# no kernel reports a CPU id of 8192 or more, so larger ids are input errors,
# and every mask stays within 1 KiB.
MAX_CPUS: Final = 8192
# NUMA node ids are below MAX_NUMNODES = 1 << CONFIG_NODES_SHIFT, at most
# 1 << 10 (x86_64, arm64): the NUMA masks of the topology and memory managers.
MAX_NUMA_NODES: Final = 1024

_INT = re.compile(r"([+-]?)0*+([0-9]*+)")  # ASCII digits, as strconv.ParseInt; possessive: linear time
_INT64_DIGITS: Final = 19


def _atoi(text: str) -> int:
    """strconv.Atoi, with its error text. Beyond int64 Atoi says "value out of
    range"; a positive number that large is a CPU id no kernel reports
    (CPUIdRangeError), checked on its length before it is converted."""
    match = _INT.fullmatch(text)
    if match is None or not text.lstrip("+-"):
        raise ValueError(f"strconv.Atoi: parsing {quoted(text)}: invalid syntax")
    sign, digits = match.groups()
    if len(digits) > _INT64_DIGITS or int(digits or "0") > 2**63 - (sign != "-"):
        if sign == "-":
            raise ValueError(f"strconv.Atoi: parsing {quoted(text)}: value out of range")
        raise CPUIdRangeError(f"CPU id {shorten(text)} is out of range (Linux numbers CPUs from 0 to {MAX_CPUS - 1})")
    return int(sign + (digits or "0"))


class CPUIdRangeError(ValueError):
    """A CPU id no Linux kernel reports (negative, or MAX_CPUS and above)."""


def check_cpu_id(cpu: int) -> int:
    """``cpu``, or CPUIdRangeError when it is outside 0 .. MAX_CPUS-1."""
    if not 0 <= cpu < MAX_CPUS:
        raise CPUIdRangeError(f"CPU id {cpu} is out of range (Linux numbers CPUs from 0 to {MAX_CPUS - 1})")
    return cpu


def bits_of(mask: int) -> Iterator[int]:
    """The set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class CPUSet:
    """A set of non-negative CPU ids; ``str()`` gives the cpulist ("0-3,8-11")."""

    __slots__ = ("mask",)

    def __init__(self, mask: int = 0) -> None:
        if mask < 0:
            raise ValueError("a CPU set mask cannot be negative")
        self.mask = mask

    @classmethod
    def of(cls, *cpus: int) -> CPUSet:
        return cls.from_iterable(cpus)

    @classmethod
    def from_iterable(cls, cpus: Iterable[int]) -> CPUSet:
        mask = 0
        for cpu in cpus:
            if not 0 <= cpu < MAX_CPUS:
                check_cpu_id(cpu)
            mask |= 1 << cpu
        return cls(mask)

    @classmethod
    def parse(cls, text: str) -> CPUSet:
        """cpuset.Parse: "" is empty, "0-5,34,46-48" is a list of ranges.
        ValueError for bad syntax, CPUIdRangeError (a ValueError) for an id
        at or above MAX_CPUS, before the range is expanded."""
        if text == "":
            return cls()
        mask = 0
        for part in text.split(","):
            bounds = part.split("-", 1)
            if len(bounds) == 1:
                start = end = _atoi(bounds[0])
            else:
                start, end = _atoi(bounds[0]), _atoi(bounds[1])
                if start > end:
                    raise ValueError(f"invalid range {quoted(part)} ({start} > {end})")
            if start < 0:
                raise ValueError(f"invalid CPU id in {quoted(part)}")
            check_cpu_id(end)
            mask |= ((1 << (end - start + 1)) - 1) << start
        return cls(mask)

    # -- queries ------------------------------------------------------------
    def size(self) -> int:
        return self.mask.bit_count()

    def __len__(self) -> int:
        return self.mask.bit_count()

    def is_empty(self) -> bool:
        return self.mask == 0

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, cpu: object) -> bool:
        return isinstance(cpu, int) and cpu >= 0 and bool(self.mask >> cpu & 1)

    def __iter__(self) -> Iterator[int]:
        return bits_of(self.mask)

    def to_list(self) -> list[int]:
        """The ids in ascending order (cpuset.List)."""
        return list(bits_of(self.mask))

    def is_subset_of(self, other: CPUSet) -> bool:
        return self.mask & ~other.mask == 0

    # -- algebra ------------------------------------------------------------
    def union(self, *others: CPUSet) -> CPUSet:
        mask = self.mask
        for other in others:
            mask |= other.mask
        return CPUSet(mask)

    def intersection(self, other: CPUSet) -> CPUSet:
        return CPUSet(self.mask & other.mask)

    def difference(self, other: CPUSet) -> CPUSet:
        return CPUSet(self.mask & ~other.mask)

    __or__ = union
    __and__ = intersection
    __sub__ = difference

    # -- identity -----------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, CPUSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __str__(self) -> str:
        """The Linux cpulist: consecutive ids collapse into "a-b" ranges."""
        out: list[str] = []
        mask = self.mask
        while mask:
            start = (mask & -mask).bit_length() - 1
            run = ~(mask >> start) & ((mask >> start) + 1)  # lowest zero bit above the run
            length = run.bit_length() - 1
            end = start + length - 1
            out.append(str(start) if start == end else f"{start}-{end}")
            mask &= ~(((1 << length) - 1) << start)
        return ",".join(out)

    def __repr__(self) -> str:
        return f'CPUSet("{self}")'
