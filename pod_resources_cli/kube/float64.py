"""Go float64 arithmetic, reproduced exactly with rationals.

The kubelet computes memory.high in float64
(pkg/kubelet/kuberuntime/kuberuntime_container_linux.go
generateLinuxContainerConfig, k/k b94367cabf3e:
``math.Floor(float64(req) + (float64(lim)-float64(req))*factor) /
float64(pageSize)``). Which page the result lands on can depend on how each
IEEE-754 operation rounds, so this module performs every step on exact
fractions and rounds each intermediate result to the nearest binary64 value
(ties to even), as the hardware does. No Python float is involved.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Final

_MANTISSA_BITS: Final = 52
_MIN_EXPONENT: Final = -1022  # below this binary64 goes subnormal: fixed ulp


def _pow2(exponent: int) -> Fraction:
    return Fraction(1 << exponent) if exponent >= 0 else Fraction(1, 1 << -exponent)


def round_f64(value: Fraction | int) -> Fraction:
    """The binary64 value nearest to ``value`` (round half to even)."""
    x = Fraction(value)
    if x == 0:
        return Fraction(0)
    magnitude = abs(x)
    exponent = magnitude.numerator.bit_length() - magnitude.denominator.bit_length()
    if _pow2(exponent) > magnitude:
        exponent -= 1
    ulp = _pow2(max(exponent, _MIN_EXPONENT) - _MANTISSA_BITS)
    rounded = round(magnitude / ulp) * ulp  # round() on a Fraction is half-to-even
    return rounded if x > 0 else -rounded


def parse_f64(text: Decimal | str | int) -> Fraction:
    """strconv.ParseFloat(text, 64): the double nearest to the decimal literal."""
    return round_f64(Fraction(Decimal(text)))


def add(a: Fraction, b: Fraction) -> Fraction:
    return round_f64(a + b)


def sub(a: Fraction, b: Fraction) -> Fraction:
    return round_f64(a - b)


def mul(a: Fraction, b: Fraction) -> Fraction:
    return round_f64(a * b)


def div(a: Fraction, b: Fraction) -> Fraction:
    return round_f64(a / b)


def trunc_int64(value: Fraction) -> int:
    """int64(x): conversion truncates toward zero."""
    return int(value)  # int() of a Fraction truncates toward zero
