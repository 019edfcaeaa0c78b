"""Go's integer arithmetic where it differs from Python's.

Go's ``/`` on int64 truncates toward zero (The Go Programming Language
Specification, "Integer operators"); Python's ``//`` floors. The kubelet's
helpers (pkg/kubelet/cm/helpers_linux.go MilliCPUToQuota, QuotaToMilliCPU;
pkg/kubelet/qos/policy.go GetContainerOOMScoreAdjust) divide signed values.
"""

from __future__ import annotations


def go_div(a: int, b: int) -> int:
    """a / b as Go computes it for integers: the quotient truncated toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q
