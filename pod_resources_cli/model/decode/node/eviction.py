"""The kubelet's evictionHard map -> hard eviction thresholds.

Mirrors pkg/kubelet/eviction/helpers.go (k/k 008b3652959c: ParseThresholdConfig,
parseThresholdStatement with its 0%/100% and range checks, parsePercentage,
the signals of signalToResource), the Threshold types of
pkg/kubelet/eviction/api/types.go (k/k b547a95d1443) and the Linux defaults of
pkg/kubelet/eviction/defaults_linux.go (k/k 8a4d98ac2f6d), with the
``mergeDefaultEvictionSettings`` field of 1.34+.

The kubelet holds a percentage as a float32 (``float32(v) / 100``); the
value is kept here as the exact fraction that float32 stands for, so the
reservation computed from it (kube/allocatable.py) matches a real kubelet
to the byte.

Numbers are read as Go reads them: strconv.ParseFloat takes ASCII digits only
(Python's Decimal would take "٥%" or "1_0%"), and a threshold quantity must fit
the int64 the kubelet reads it into (values.py: 8Ei is refused like
9223372036854775808). Messages quote the input cut short.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Final

from pod_resources_cli.model.decode.node.values import beyond_int64
from pod_resources_cli.model.node import KubeletConfig
from pod_resources_cli.quantity import Quantity, QuantityError, QuantityRangeError, parse_quantity
from pod_resources_cli.records import dataclass
from pod_resources_cli.shown import quoted, shorten

MEMORY_AVAILABLE: Final = "memory.available"
NODEFS_AVAILABLE: Final = "nodefs.available"

DEFAULT_EVICTION_HARD: Final[Mapping[str, str]] = {
    "memory.available": "100Mi",
    "nodefs.available": "10%",
    "nodefs.inodesFree": "5%",
    "imagefs.available": "15%",
    "imagefs.inodesFree": "5%",
}

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

# strconv.ParseFloat's decimal syntax, ASCII digits only (its hex, inf and nan
# forms are not thresholds anyone writes, and are refused as invalid syntax).
_GO_DECIMAL_FLOAT: Final = re.compile(r"[+-]?(?:[0-9]++(?:\.[0-9]*+)?|\.[0-9]++)(?:[eE][+-]?[0-9]++)?")


@dataclass(frozen=True, slots=True)
class Threshold:
    """``signal < value``: a quantity, or a fraction of capacity (the float32 the kubelet holds)."""

    signal: str
    quantity: Quantity | None = None
    percentage: Fraction | None = None


def effective_eviction_hard(kubelet: KubeletConfig) -> dict[str, str]:
    """The evictionHard map in force: the defaults when unset; when set, only the
    signals it names (the others are off), unless mergeDefaultEvictionSettings
    fills them in from the defaults."""
    if kubelet.eviction_hard is None:
        return dict(DEFAULT_EVICTION_HARD)
    if kubelet.merge_default_eviction_settings:
        return {**DEFAULT_EVICTION_HARD, **kubelet.eviction_hard}
    return dict(kubelet.eviction_hard)


def parse_threshold(signal: str, value: str) -> Threshold | None:
    """parseThresholdStatement: None for a threshold the kubelet ignores (0% and 100%);
    ValueError with the kubelet's text for a bad one."""
    if signal not in SIGNALS:
        raise ValueError(f"unsupported eviction signal {shorten(signal)}")
    if value.endswith("%"):
        if value in ("0%", "100%"):
            return None
        percentage = _parse_percentage(value)
        if percentage < 0:
            raise ValueError(f"eviction percentage threshold {signal} must be >= 0%: {shorten(value)}")
        if percentage > 1:
            raise ValueError(f"eviction percentage threshold {signal} must be <= 100%: {shorten(value)}")
        return Threshold(signal, percentage=percentage)
    try:
        # Not capped: 8Ei is refused like 9223372036854775808 (values.py).
        quantity = parse_quantity(value, saturate=False)
    except QuantityRangeError:
        raise ValueError(f"{signal}: {beyond_int64(value, 'the threshold')}") from None
    except QuantityError as exc:
        raise ValueError(f"{signal}: {exc}") from None
    if quantity.nanos <= 0:
        raise ValueError(f"eviction threshold {signal} must be positive: {quantity}")
    return Threshold(signal, quantity=quantity)


def hard_thresholds(kubelet: KubeletConfig) -> list[Threshold]:
    """ParseThresholdConfig for evictionHard, in signal order; ValueError on a bad entry."""
    out: list[Threshold] = []
    for signal, value in sorted(effective_eviction_hard(kubelet).items()):
        threshold = parse_threshold(signal, value)
        if threshold is not None:
            out.append(threshold)
    return out


def _parse_percentage(value: str) -> Fraction:
    """parsePercentage: strconv.ParseFloat(v, 32), then a float32 division by 100."""
    text = value.rstrip("%")
    try:
        if not _GO_DECIMAL_FLOAT.fullmatch(text):
            raise InvalidOperation
        exact = Fraction(Decimal(text))
    except (InvalidOperation, ValueError, OverflowError):
        raise ValueError(f"strconv.ParseFloat: parsing {quoted(text)}: invalid syntax") from None
    return round_binary(round_binary(exact, 24) / 100, 24)


def round_binary(x: Fraction, bits: int) -> Fraction:
    """``x`` rounded to the nearest binary float with a ``bits``-bit significand,
    ties to even: 24 bits is a float32, 53 a float64 (normal range). No float involved."""
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
