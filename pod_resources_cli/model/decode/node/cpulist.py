"""The Linux cpulist syntax (``0-3,8-11``), as in sysfs and reservedSystemCPUs.

Mirrors k8s.io/utils/cpuset Parse: comma-separated ids and inclusive
ranges, an empty string is the empty set, a reversed range or an empty item
is an error (blanks around items are tolerated here).
"""

from __future__ import annotations


def parse_cpulist(text: str) -> list[int]:
    """Sorted, de-duplicated CPU ids; ValueError on bad syntax."""
    out: set[int] = set()
    for item in text.strip().split(","):
        item = item.strip()
        if not item:
            if text.strip():
                raise ValueError(f"invalid cpulist {text!r}: empty item")
            continue
        first, sep, last = item.partition("-")
        try:
            low = int(first)
            high = int(last) if sep else low
        except ValueError:
            raise ValueError(f"invalid cpulist {text!r}: {item!r} is not a CPU id or range") from None
        if low < 0 or high < low:
            raise ValueError(f"invalid cpulist {text!r}: range {item!r} is reversed or negative")
        out.update(range(low, high + 1))
    return sorted(out)


def format_cpulist(cpus: list[int] | set[int] | frozenset[int]) -> str:
    """Ids -> ``0-3,8-11`` (ranges of three or more collapse; pairs too, as the kernel prints)."""
    ids = sorted(set(cpus))
    parts: list[str] = []
    i = 0
    while i < len(ids):
        j = i
        while j + 1 < len(ids) and ids[j + 1] == ids[j] + 1:
            j += 1
        parts.append(str(ids[i]) if i == j else f"{ids[i]}-{ids[j]}")
        i = j + 1
    return ",".join(parts)
