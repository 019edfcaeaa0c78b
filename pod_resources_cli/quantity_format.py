"""How a quantity is written: its format, and the canonical string the API
server prints (quantity.go CanonicalizeBytes at kubernetes/apimachinery
v0.36.0, the one of Kubernetes v1.36.0).

Apart from the value (quantity.py): two quantities are equal when their
values are, whatever their format, as apimachinery's Cmp compares them; the
format only decides how the value is printed.
"""

from __future__ import annotations

import enum
from functools import lru_cache
from typing import Final

NANO: Final = 10**9


class Format(str, enum.Enum):
    DECIMAL_EXPONENT = "DecimalExponent"
    BINARY_SI = "BinarySI"
    DECIMAL_SI = "DecimalSI"


_DEC_BY_EXP: Final = {-9: "n", -6: "u", -3: "m", 0: "", 3: "k", 6: "M", 9: "G", 12: "T", 15: "P", 18: "E"}
_BIN_BY_EXP: Final = {10: "Ki", 20: "Mi", 30: "Gi", 40: "Ti", 50: "Pi", 60: "Ei"}


@lru_cache(maxsize=4096)  # a report prints the same few values again and again
def canonical(nanos: int, fmt: Format) -> str:
    """The canonical string of ``nanos`` / 10^9 written in ``fmt``."""
    if nanos == 0:
        return "0"
    if fmt is Format.BINARY_SI:
        if -1024 * NANO < nanos < 1024 * NANO or nanos % NANO:
            fmt = Format.DECIMAL_SI  # avoid rounding, show exactly
        else:
            return _binary_canonical(nanos // NANO)
    mantissa, exponent = _decimal_canonical(nanos)
    if fmt is Format.DECIMAL_SI and exponent in _DEC_BY_EXP:
        return f"{mantissa}{_DEC_BY_EXP[exponent]}"
    return f"{mantissa}" if exponent == 0 else f"{mantissa}e{exponent}"


def _decimal_canonical(nanos: int) -> tuple[int, int]:
    """Largest exponent (multiple of 3, >= -9) with an integer mantissa."""
    mantissa, exponent = nanos, -9
    while mantissa % 1000 == 0:
        mantissa //= 1000
        exponent += 3
    return mantissa, exponent


def _binary_canonical(units: int) -> str:
    mantissa, exponent = units, 0
    while mantissa % 1024 == 0 and exponent < 60:
        mantissa //= 1024
        exponent += 10
    return f"{mantissa}{_BIN_BY_EXP.get(exponent, '')}"
