"""Exact Kubernetes resource quantities.

Mirrors ``k8s.io/apimachinery/pkg/api/resource`` (quantity.go, suffix.go,
amount.go at kubernetes/apimachinery v0.36.0, the one of Kubernetes v1.36.0;
their parsing is unchanged from v0.33.0 to v0.37.0-beta.0): the grammar, the three formats (DecimalSI, BinarySI,
DecimalExponent), rounding *up* (away from zero) to nano precision on parse,
the BinarySI cap at 2^63-1, ``Value()``/``MilliValue()`` rounding away from
zero, and the canonical string the API server prints.

A value is held as an integer count of nano-units, so every comparison and
sum is exact integer arithmetic. Never a float.

One deliberate difference: upstream keeps a DecimalSI or DecimalExponent value
beyond int64 exactly (``9223372036854775808``, ``1e999999999``) and its
``Value()`` then overflows (big.Int.Int64 keeps the low 64 bits). Nothing the
scheduler or the kubelet computes with such a number is meaningful, so parsing
refuses any magnitude beyond 2^63-1 base units (QuantityRangeError). A BinarySI
value beyond it is capped at 2^63-1 as upstream caps it (``8Ei`` is
9223372036854775807), unless ``saturate=False`` asks for the same refusal in
every notation, as the node description does where the kubelet needs an int64.

The text is read as apimachinery reads it: ASCII digits only (Python's int()
and str.isdigit() would take other Unicode digits), blanks trimmed as Go's
strings.TrimSpace trims them. Errors quote the input cut to SHOWN_CHARS
characters (``shorten``), saying how long it was.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pod_resources_cli.records import dataclass
from typing import Final

from pod_resources_cli.quantity_format import NANO, Format, canonical
from pod_resources_cli.shown import shown

__all__ = [
    "Format",
    "MAX_INT64",
    "NANO",
    "Quantity",
    "QuantityError",
    "QuantityRangeError",
    "parse_quantity",
    "format_go_float",
    "go_trim_space",
]

MAX_INT64: Final = 2**63 - 1
# unicode.IsSpace, which strings.TrimSpace trims: Python's str.strip() also
# strips U+001C..U+001F, which Go keeps (and apimachinery then refuses).
_GO_SPACE: Final = "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"


def go_trim_space(text: str) -> str:
    """strings.TrimSpace."""
    return text.strip(_GO_SPACE)


class QuantityError(ValueError):
    """The text is not a valid Kubernetes quantity. ``reason`` is the message
    without the quoted text, for callers that quote the value themselves."""

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason if reason is not None else message


class QuantityRangeError(QuantityError):
    """A well-formed quantity whose magnitude is beyond 2^63-1 base units."""


_DEC_SUFFIXES: Final = {"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}
_BIN_SUFFIXES: Final = {"Ki": 10, "Mi": 20, "Gi": 30, "Ti": 40, "Pi": 50, "Ei": 60}

# quantity.go splitREString, tightened to what parseQuantityString accepts.
# Possessive (*+): a backtracking [0-9]* took quadratic time to refuse a long
# run of digits that ends badly ("9" * 10**6 + "x" took hours).
_GRAMMAR: Final = re.compile(r"([+-]?)([0-9]*+)(?:\.([0-9]*+))?([eEinumkKMGTP]*+[-+]?[0-9]*+)")
# Exponent digits beyond this cannot yield a value under 2^63 anyway.
_MAX_EXP_DIGITS: Final = 12
_EXPONENT: Final = re.compile(r"[-+]?[0-9]+")  # strconv.ParseInt: ASCII digits


def _interpret_suffix(text: str, suffix: str) -> tuple[int, int, Format]:
    """suffix.go interpret: (base, exponent, format)."""
    if suffix in _DEC_SUFFIXES:
        return 10, _DEC_SUFFIXES[suffix], Format.DECIMAL_SI
    if suffix in _BIN_SUFFIXES:
        return 2, _BIN_SUFFIXES[suffix], Format.BINARY_SI
    if len(suffix) > 1 and suffix[0] in "eE":
        digits = suffix[1:]
        if _EXPONENT.fullmatch(digits) and len(digits.lstrip("+-")) <= _MAX_EXP_DIGITS:
            return 10, int(digits), Format.DECIMAL_EXPONENT
        if _EXPONENT.fullmatch(digits):
            if digits[0] != "-":
                raise _too_large(text)
            raise QuantityError(f"exponent of quantity {shown(text)} is out of range", "exponent is out of range")
    reason = "unable to parse quantity's suffix"
    raise QuantityError(f"{reason} {shown(suffix)}", reason)


def _too_large(text: str) -> QuantityRangeError:
    reason = "is too large (more than 2^63-1)"
    return QuantityRangeError(f"quantity {shown(text)} {reason}", reason)


def _round_up_div(numerator: int, denominator: int) -> int:
    """Integer division rounding away from zero (inf.RoundUp)."""
    q, r = divmod(abs(numerator), denominator)
    if r:
        q += 1
    return q if numerator >= 0 else -q


@dataclass(frozen=True, slots=True, eq=False)
class Quantity:
    """An exact quantity: ``nanos`` / 10^9, printed in ``format``.

    Equal, ordered and hashed by value, as apimachinery's Cmp compares
    (1Gi == 1073741824); ``format`` is how the value is written, nothing more.
    """

    nanos: int
    format: Format = Format.DECIMAL_SI

    # -- construction -------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> Quantity:
        return parse_quantity(text)

    @classmethod
    def from_int(cls, value: int, fmt: Format = Format.DECIMAL_SI) -> Quantity:
        return cls(value * NANO, fmt)

    @classmethod
    def from_milli(cls, milli: int, fmt: Format = Format.DECIMAL_SI) -> Quantity:
        return cls(milli * 10**6, fmt)

    # -- accessors (quantity.go Value / MilliValue) -------------------
    def value(self) -> int:
        """Value(): whole units, rounded away from zero."""
        return _round_up_div(self.nanos, NANO)

    def milli_value(self) -> int:
        """MilliValue(): milli-units, rounded away from zero."""
        return _round_up_div(self.nanos, 10**6)

    def is_zero(self) -> bool:
        return self.nanos == 0

    # -- arithmetic: the receiver keeps its format, like Quantity.Add --
    def __add__(self, other: Quantity) -> Quantity:
        return Quantity(self.nanos + other.nanos, self.format)

    def __sub__(self, other: Quantity) -> Quantity:
        return Quantity(self.nanos - other.nanos, self.format)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Quantity):
            return NotImplemented
        return self.nanos == other.nanos

    def __hash__(self) -> int:
        return hash(self.nanos)

    def __lt__(self, other: Quantity) -> bool:
        return self.nanos < other.nanos

    def __le__(self, other: Quantity) -> bool:
        return self.nanos <= other.nanos

    def __gt__(self, other: Quantity) -> bool:
        return self.nanos > other.nanos

    def __ge__(self, other: Quantity) -> bool:
        return self.nanos >= other.nanos

    def cmp(self, other: Quantity) -> int:
        return (self.nanos > other.nanos) - (self.nanos < other.nanos)

    def with_format(self, fmt: Format) -> Quantity:
        return Quantity(self.nanos, fmt)

    # -- text: the format only decides how the value is printed -------
    def __str__(self) -> str:
        return canonical(self.nanos, self.format)

    def canonical(self) -> str:
        return canonical(self.nanos, self.format)

    def __repr__(self) -> str:
        return f"Quantity({self.canonical()!r})"


def parse_quantity(text: str, *, saturate: bool = True) -> Quantity:
    """ParseQuantity: exact value rounded up to 1n, or QuantityError.

    Leading/trailing blanks are trimmed as Quantity.UnmarshalJSON does
    (strings.TrimSpace). A magnitude beyond 2^63-1 is a QuantityRangeError,
    except that a BinarySI one is capped at 2^63-1 as upstream caps it, unless
    ``saturate`` is False: then it is refused too, whatever the notation.
    """
    text = go_trim_space(text)
    if not text:
        raise QuantityError("quantity is empty")
    match = _GRAMMAR.fullmatch(text)
    if match is None:
        reason = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
        raise QuantityError(f"{reason}: {shown(text)}", reason)
    sign, num, denom, suffix = match.group(1), match.group(2), match.group(3) or "", match.group(4)
    if not num and not denom:
        reason = "unable to parse numeric part of quantity"
        raise QuantityError(f"{reason} {shown(text)}", reason)
    base, exponent, fmt = _interpret_suffix(text, suffix)
    digits = (num + denom).lstrip("0")
    if not digits:
        return Quantity(0, fmt)
    # value = int(num+denom) * 10^-len(denom) * base^exponent
    # Digit strings are only converted once short: Python refuses strings of
    # thousands of digits, and no quantity needs them to be exact.
    if base == 10:
        scale = exponent - len(denom) + 9  # power of ten in nano-units
        magnitude = len(digits) + exponent - len(denom)  # decimal digits before the point
        if magnitude > 20:
            raise _too_large(text)
        if scale >= 0:
            nanos = int(digits) * 10**scale
        elif -scale >= len(digits):
            nanos = 1  # a non-zero amount below 1n rounds up to 1n
        else:  # keep the digits down to 1n, round up if any below is non-zero
            keep = len(digits) + scale
            nanos = int(digits[:keep] or "0") + (1 if digits[keep:].strip("0") else 0)
    elif len(num.lstrip("0")) > 40:
        nanos = MAX_INT64 * NANO + 1  # far beyond the cap below
    else:
        if len(denom) > 100:  # a sticky digit keeps the round-up exact (whole nanos lie on the digit grid)
            denom = denom[:100] + ("1" if denom[100:].strip("0") else "")
        nanos = _round_up_div(int(num + denom) * (2**exponent) * NANO, 10 ** len(denom))
    if nanos > MAX_INT64 * NANO:
        if base == 10 or not saturate:
            raise _too_large(text)
        nanos = MAX_INT64 * NANO  # quantity.go caps BinarySI at maxAllowed
    if fmt is Format.BINARY_SI and nanos < NANO:
        fmt = Format.DECIMAL_SI
    return Quantity(-nanos if sign == "-" else nanos, fmt)


def format_go_float(value: float) -> str:
    """How encoding/json prints a float64, which is how a YAML float reaches the API.

    sigs.k8s.io/yaml decodes ``cpu: 0.5`` (or ``1e3``) to a float64 and
    re-encodes it as JSON: shortest digits, plain notation unless the
    magnitude is below 1e-6 or at least 1e21 (encoding/json floatEncoder).
    """
    if value != value or value in (float("inf"), float("-inf")):
        raise QuantityError(f"{value!r} is not a number")
    if value == 0:
        return "0"
    digits = Decimal(repr(value))
    if 1e-6 <= abs(value) < 1e21:
        text = format(digits, "f")
        if "." in text:
            text = text.rstrip("0").rstrip(".")
        return text
    sign, ds, exp = digits.as_tuple()
    assert isinstance(exp, int)
    mant = "".join(map(str, ds)).rstrip("0") or "0"
    exp10 = exp + len(ds) - 1
    body = mant[0] + ("." + mant[1:] if len(mant) > 1 else "")
    return f"{'-' if sign else ''}{body}e{'-' if exp10 < 0 else '+'}{abs(exp10)}"
