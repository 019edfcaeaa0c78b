"""YAML scalars -> plain values, the way manifests reach the API server.

kubectl and the API server read YAML with sigs.k8s.io/yaml (v1.6.0 in
Kubernetes v1.35 and v1.36, per k8s.io/apimachinery's go.mod), which resolves
scalars with go.yaml.in/yaml/v2 v2.4.3 (resolve.go resolve, yaml/go-yaml
3b57511c5e46; the same rules as the goyaml.v2 fork in sigs.k8s.io/yaml
v1.4.0). Its rules differ from YAML 1.1 and from PyYAML's resolver, and the
differences matter for quantities:

- a plain ``1e3`` is a float there (YAML 1.1 wants a dot), ``08`` is a
  float (not an octal), ``0o17``, ``0x1F`` and ``0b101`` are integers and
  underscores inside numbers are dropped;
- ``y``/``n``/``yes``/``no``/``on``/``off`` are bools (lower, Title or
  UPPER case);
- plain timestamps stay strings (go-yaml keeps them as text when the target
  is untyped, for compatibility);
- sexagesimal ``1:20`` is a string, never a number.

An integer too large for int64 and uint64 becomes a float64 there when it
reads as a finite one, and stays text otherwise. Here an integer with more
than ``MAX_INT_DIGITS`` digits stays text (Python refuses to convert such
strings, and no resource quantity can be that large), so a quantity parser
later reports it as too large rather than the loader failing; a shorter one
that overflows float64 is kept as an int, as an unmerged sigs.k8s.io/yaml
change (kubernetes-sigs/yaml 742f5e6f06b9, big.Int) would keep it.
"""

from __future__ import annotations

import math
import re
from typing import Any, Final

CORE: Final = "tag:yaml.org,2002:"
STR_TAG: Final = CORE + "str"
MERGE: Final = object()  # the resolved value of a plain ``<<`` key
MAX_INT_DIGITS: Final = 1000


class TagError(ValueError):
    """A scalar whose explicit tag cannot hold its text, or an unsupported tag."""


_MAP: Final[dict[str, Any]] = {
    **dict.fromkeys(("y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"), True),
    **dict.fromkeys(("n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"), False),
    **dict.fromkeys(("", "~", "null", "Null", "NULL"), None),
    **dict.fromkeys((".nan", ".NaN", ".NAN"), math.nan),
    **dict.fromkeys((".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"), math.inf),
    **dict.fromkeys(("-.inf", "-.Inf", "-.INF"), -math.inf),
    "<<": MERGE,
}
# First characters that may start something other than a string (resolve.go resolveTable).
_HINTS: Final = frozenset("+-0123456789yYnNtTfFoO~.<")
_FLOAT: Final = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?")
_DOT_FLOAT: Final = re.compile(r"\.[0-9]+([eE][-+]?[0-9]+)?")
# strconv.ParseInt(s, 0, 64) syntax once underscores are gone.
_GO_INT: Final = re.compile(r"([-+]?)(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)")
_TIMESTAMP_START: Final = re.compile(r"[0-9]{4}-")
_INT64: Final = (-(2**63), 2**63 - 1)
_UINT64_MAX: Final = 2**64 - 1


def _go_int(text: str) -> int | str | None:
    """ParseInt/ParseUint(text, 0, 64), else big.Int.SetString(text, 0):
    an int, the text itself when it is too long to convert, or None."""
    match = _GO_INT.fullmatch(text)
    if match is None:
        return None
    sign, body = match.group(1), match.group(2)
    if len(body) > MAX_INT_DIGITS:
        return text
    if body[:2] in ("0x", "0X"):
        value = int(body[2:], 16)
    elif body[:2] in ("0o", "0O"):
        value = int(body[2:], 8)
    elif body[:2] in ("0b", "0B"):
        value = int(body[2:], 2)
    elif body.startswith("0") and len(body) > 1:
        value = int(body[1:], 8)
    else:
        value = int(body)
    return -value if sign == "-" else value


def _go_float(text: str) -> float | None:
    """strconv.ParseFloat without error: finite values only (overflow is an error there)."""
    value = float(text)
    return value if math.isfinite(value) else None


def resolve_plain(text: str) -> Any:
    """The value of an untagged plain scalar (resolve.go resolve with tag "")."""
    if not text:
        return None
    first = text[0]
    if first not in _HINTS:
        return text
    if text in _MAP:
        return _MAP[text]
    if first == ".":
        if _DOT_FLOAT.fullmatch(text):
            value = _go_float(text)
            if value is not None:
                return value
        return text
    if first in "yYnNtTfFoO~<":
        return text
    if _TIMESTAMP_START.match(text):
        return text  # timestamps (and other YYYY- text) stay strings
    plain = text.replace("_", "") if "_" in text else text
    as_int = _go_int(plain)
    if isinstance(as_int, str):
        return text  # too many digits to convert: keep the text
    if as_int is not None and _INT64[0] <= as_int <= _UINT64_MAX:
        return as_int
    if len(plain) <= MAX_INT_DIGITS and _FLOAT.fullmatch(plain):
        value = _go_float(plain)
        if value is not None:
            return value
    if as_int is not None:
        return as_int  # out of int64/uint64 range and not a finite float: big.Int
    return text


def resolve_tagged(tag: str, text: str, plain: bool) -> Any:
    """A scalar with an explicit tag; only the YAML core schema is known.

    A tag this tool does not know (``!!python/object...``, ``!Ref``) is an
    error: nothing is ever constructed from a tag.
    """
    if tag == STR_TAG or tag == "!" or tag == CORE + "binary":
        return text  # "!" is the non-specific tag of a quoted scalar: a string
    if tag == CORE + "timestamp":
        return text
    if not tag.startswith(CORE) or tag[len(CORE):] not in ("int", "float", "bool", "null", "merge"):
        raise TagError(f"unsupported YAML tag {_short(tag)}: only the YAML core tags are read, nothing is constructed from a tag")
    kind = tag[len(CORE):]
    value = resolve_plain(text)
    if kind == "int" and isinstance(value, int) and not isinstance(value, bool):
        return value
    if kind == "float":
        if isinstance(value, float):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return float(value)
    if kind == "bool" and isinstance(value, bool):
        return value
    if kind == "null" and value is None:
        return None
    if kind == "merge" and value is MERGE:
        return MERGE
    raise TagError(f"cannot decode `{text[:40]}` as a {_short(tag)}")


def _short(tag: str) -> str:
    return "!!" + tag[len(CORE):] if tag.startswith(CORE) else tag


def key_text(value: Any) -> str:
    """A mapping key as sigs.k8s.io/yaml writes it into JSON."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, float):
        return _float_key(value)
    return str(value)


def _float_key(value: float) -> str:
    # strconv.FormatFloat(f, 'g', -1, 64): shortest repr, Go exponent style.
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    if math.isnan(value):
        return "NaN"
    text = repr(value)
    if text.endswith(".0"):
        text = text[:-2]
    if "e" in text:
        mantissa, exp = text.split("e")
        sign = "-" if exp.startswith("-") else "+"
        text = f"{mantissa}e{sign}{abs(int(exp)):02d}"
    return text
