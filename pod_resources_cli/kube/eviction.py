"""Hard eviction thresholds, as the kubelet parses them for node allocatable.

Mirrors pkg/kubelet/eviction/helpers.go (ParseThresholdConfig,
parseThresholdStatement, parsePercentage), pkg/kubelet/eviction/api/types.go
(GetThresholdQuantity) and the Linux defaults of
pkg/kubelet/eviction/defaults_linux.go (kubernetes/kubernetes, read through
the code index: the 2025 helpers with ``mergeDefaultEvictionSettings``).

A percentage is held by the kubelet as a float32 (``float32(v) / 100``) and
multiplied by the capacity in float64; the reservation is the truncated
product. That arithmetic is reproduced exactly here with fractions rounded
to float32 and float64 precision, so ``nodefs.available: 10%`` of
479264780288 bytes reserves 47926478742 bytes, one more than a tenth, as a
real kubelet does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Final

from pod_resources_cli.errors import NodeError
from pod_resources_cli.model.node import KubeletConfig
from pod_resources_cli.quantity import Format, Quantity, QuantityError, parse_quantity

MEMORY_AVAILABLE: Final = "memory.available"
NODEFS_AVAILABLE: Final = "nodefs.available"

# pkg/kubelet/eviction/defaults_linux.go
DEFAULT_EVICTION_HARD: Final[Mapping[str, str]] = {
    "memory.available": "100Mi",
    "nodefs.available": "10%",
    "nodefs.inodesFree": "5%",
    "imagefs.available": "15%",
    "imagefs.inodesFree": "5%",
}

# pkg/kubelet/eviction/api/types.go: every signal the kubelet knows.
SIGNALS: Final = frozenset(
    {
        "memory.available",
        "allocatableMemory.available",
        "nodefs.available",
        "nodefs.inodesFree",
        "imagefs.available",
        "imagefs.inodesFree",
        "containerfs.available",
        "containerfs.inodesFree",
        "pid.available",
    }
)


@dataclass(frozen=True, slots=True)
class Threshold:
    """``signal < value``: a quantity, or a fraction of capacity (the float32 the kubelet holds)."""

    signal: str
    quantity: Quantity | None = None
    percentage: Fraction | None = None

    def amount(self, capacity: Quantity | None) -> Quantity:
        """GetThresholdQuantity: the quantity, or int64(float64(capacity) * float64(percentage))."""
        if self.quantity is not None:
            return self.quantity
        assert self.percentage is not None
        base = _round_binary(Fraction(capacity.value() if capacity is not None else 0), 53)
        product = _round_binary(base * self.percentage, 53)
        return Quantity.from_int(int(product), Format.BINARY_SI)  # int() truncates, as int64() does


def effective_eviction_hard(kubelet: KubeletConfig) -> dict[str, str]:
    """The evictionHard map in force: defaults when unset; with some signals set,
    only those, unless mergeDefaultEvictionSettings fills in the rest."""
    if kubelet.eviction_hard is None:
        return dict(DEFAULT_EVICTION_HARD)
    if kubelet.merge_default_eviction_settings:
        return {**DEFAULT_EVICTION_HARD, **kubelet.eviction_hard}
    return dict(kubelet.eviction_hard)


def hard_eviction_thresholds(kubelet: KubeletConfig) -> list[Threshold]:
    """ParseThresholdConfig for evictionHard; NodeError with the kubelet's text on a bad entry."""
    out: list[Threshold] = []
    for signal, value in sorted(effective_eviction_hard(kubelet).items()):
        threshold = parse_threshold(signal, value)
        if threshold is not None:
            out.append(threshold)
    return out


def parse_threshold(signal: str, value: str) -> Threshold | None:
    """parseThresholdStatement: None for a threshold the kubelet ignores (0% and 100%)."""
    if signal not in SIGNALS:
        raise NodeError(f"evictionHard: unsupported eviction signal {signal}")
    if value.endswith("%"):
        if value in ("0%", "100%"):
            return None
        percentage = _parse_percentage(signal, value)
        if percentage < 0:
            raise NodeError(f"evictionHard: eviction percentage threshold {signal} must be >= 0%: {value}")
        if percentage > 1:
            raise NodeError(f"evictionHard: eviction percentage threshold {signal} must be <= 100%: {value}")
        return Threshold(signal, percentage=percentage)
    try:
        quantity = parse_quantity(value)
    except QuantityError as exc:
        raise NodeError(f"evictionHard: {signal}: {exc}") from None
    if quantity.nanos <= 0:
        raise NodeError(f"evictionHard: eviction threshold {signal} must be positive: {quantity}")
    return Threshold(signal, quantity=quantity)


def _parse_percentage(signal: str, value: str) -> Fraction:
    """parsePercentage: strconv.ParseFloat(v, 32), then float32 division by 100."""
    text = value.rstrip("%")
    try:
        exact = Fraction(Decimal(text))
    except (InvalidOperation, ValueError):
        raise NodeError(f"evictionHard: {signal}: invalid percentage {value!r}") from None
    return _round_binary(_round_binary(exact, 24) / 100, 24)


def _round_binary(x: Fraction, bits: int) -> Fraction:
    """``x`` rounded to the nearest binary float with a ``bits``-bit significand
    (ties to even): 24 bits is a float32, 53 a float64. Exact, no float involved."""
    if x == 0:
        return x
    sign = -1 if x < 0 else 1
    x = abs(x)
    exponent = x.numerator.bit_length() - x.denominator.bit_length() - bits
    while x >= Fraction(2) ** (exponent + bits):
        exponent += 1
    while x < Fraction(2) ** (exponent + bits - 1):
        exponent -= 1
    scale = Fraction(2) ** exponent
    return sign * round(x / scale) * scale
