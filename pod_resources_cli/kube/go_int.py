"""Go's integers where they differ from Python's: division, and durations as text.

Go's ``/`` on int64 truncates toward zero (The Go Programming Language
Specification, "Integer operators"); Python's ``//`` floors. The kubelet's
helpers divide signed values: pkg/kubelet/cm/helpers_linux.go MilliCPUToQuota,
QuotaToMilliCPU (k/k 9d1c3c225945) and pkg/kubelet/qos/policy.go
GetContainerOOMScoreAdjust with pkg/kubelet/qos/helpers.go (k/k 78fc8e44052f).
``go_duration_us`` is time.Duration's String() (Go's src/time/time.go), as the
kubelet prints cpuCFSQuotaPeriod.
"""

from __future__ import annotations


def go_div(a: int, b: int) -> int:
    """a / b as Go computes it for integers: the quotient truncated toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def go_duration_us(us: int) -> str:
    """Go's time.Duration String() for a whole number of microseconds."""
    if us == 0:
        return "0s"
    sign, us = ("-", -us) if us < 0 else ("", us)
    if us < 1000:
        return f"{sign}{us}\u00b5s"
    if us < 1_000_000:
        return f"{sign}{_trim(us, 1000)}ms"
    hours, rest = divmod(us, 3_600_000_000)
    minutes, rest = divmod(rest, 60_000_000)
    text = f"{_trim(rest, 1_000_000)}s"
    if hours:
        return f"{sign}{hours}h{minutes}m{text}"
    return f"{sign}{minutes}m{text}" if minutes else f"{sign}{text}"


def _trim(value: int, unit: int) -> str:
    whole, frac = divmod(value, unit)
    if not frac:
        return str(whole)
    digits = str(frac).rjust(len(str(unit)) - 1, "0").rstrip("0")
    return f"{whole}.{digits}"
