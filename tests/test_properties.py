"""Property tests: quantities are exact, the loader never raises, the commands agree.

- Quantity: parse -> canonical string -> parse keeps the value (and the
  canonical string is a fixed point); parsing, Value(), MilliValue() and
  addition match exact rational arithmetic (fractions.Fraction) with the
  upstream rounding (up, away from zero, to 1n); any text either parses or
  raises QuantityError.
- Loader: any bytes give documents or located failures, never an exception;
  JSON loads exactly as ``json.loads`` reads it, with every key located.
- Commands: every generated manifest, valid or not, gives a report or a
  located error and never an internal error; a manifest ``lint`` calls valid is
  explained without errors.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pod_resources_cli.quantity import MAX_INT64, NANO, Format, Quantity, QuantityError, parse_quantity
from pod_resources_cli.source.yamldoc import Document, ParseFailure, load_documents

DEC = {"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}
BIN = {"Ki": 10, "Mi": 20, "Gi": 30, "Ti": 40, "Pi": 50, "Ei": 60}


@st.composite
def quantity_texts(draw: st.DrawFn) -> tuple[str, Fraction, Format]:
    """A valid quantity string and its exact rational value."""
    sign = draw(st.sampled_from(["", "", "+", "-"]))
    whole = draw(st.text("0123456789", min_size=0, max_size=12))
    frac = draw(st.one_of(st.none(), st.text("0123456789", min_size=0, max_size=12)))
    if not whole and not frac:
        whole = draw(st.text("0123456789", min_size=1, max_size=3))
    kind = draw(st.sampled_from(["dec", "bin", "exp"]))
    if kind == "dec":
        suffix = draw(st.sampled_from(sorted(DEC)))
        scale, fmt = Fraction(10) ** DEC[suffix], Format.DECIMAL_SI
    elif kind == "bin":
        suffix = draw(st.sampled_from(sorted(BIN)))
        scale, fmt = Fraction(2) ** BIN[suffix], Format.BINARY_SI
    else:
        exp = draw(st.integers(-30, 30))
        suffix = draw(st.sampled_from(["e", "E"])) + str(exp)
        scale, fmt = Fraction(10) ** exp, Format.DECIMAL_EXPONENT
    text = f"{sign}{whole}" + (f".{frac}" if frac is not None else "") + suffix
    digits = whole + (frac or "")
    value = Fraction(int(digits or "0"), 10 ** len(frac or "")) * scale
    return text, (-value if sign == "-" else value), fmt


def round_up_nanos(value: Fraction) -> int:
    """The value in nano-units rounded up, away from zero (inf.RoundUp)."""
    scaled = value * NANO
    magnitude = -((-abs(scaled.numerator)) // scaled.denominator)
    return magnitude if value >= 0 else -magnitude


def away(value: Fraction) -> int:
    magnitude = -((-abs(value.numerator)) // value.denominator)
    return magnitude if value >= 0 else -magnitude


@given(quantity_texts())
@settings(max_examples=600)
def test_parse_matches_exact_rational_arithmetic(case: tuple[str, Fraction, Format]) -> None:
    text, value, fmt = case
    nanos = round_up_nanos(value)
    if abs(nanos) > MAX_INT64 * NANO and fmt is not Format.BINARY_SI:
        try:
            parse_quantity(text)
        except QuantityError:
            return
        raise AssertionError(f"{text} should be too large")
    q = parse_quantity(text)
    if fmt is Format.BINARY_SI and abs(nanos) > MAX_INT64 * NANO:
        assert abs(q.nanos) == MAX_INT64 * NANO  # BinarySI saturates, as upstream
        return
    assert q.nanos == nanos, text
    assert q.value() == away(Fraction(nanos, NANO))
    assert q.milli_value() == away(Fraction(nanos, 10**6))


@given(quantity_texts())
@settings(max_examples=600)
def test_canonical_form_round_trips(case: tuple[str, Fraction, Format]) -> None:
    text = case[0]
    try:
        q = parse_quantity(text)
    except QuantityError:
        return
    canonical = str(q)
    again = parse_quantity(canonical)
    assert again.nanos == q.nanos, (text, canonical)
    assert str(again) == canonical, (text, canonical)
    assert re.fullmatch(r"-?[0-9]+((e|E)-?[0-9]+|[numkMGTPE]|Ki|Mi|Gi|Ti|Pi|Ei)?", canonical), canonical


@given(quantity_texts(), quantity_texts())
@settings(max_examples=300)
def test_addition_and_order_are_exact(a_case: tuple[str, Fraction, Format], b_case: tuple[str, Fraction, Format]) -> None:
    try:
        a, b = parse_quantity(a_case[0]), parse_quantity(b_case[0])
    except QuantityError:
        return
    fa, fb = Fraction(a.nanos, NANO), Fraction(b.nanos, NANO)
    assert Fraction((a + b).nanos, NANO) == fa + fb
    assert Fraction((a - b).nanos, NANO) == fa - fb
    assert (a < b) == (fa < fb) and (a <= b) == (fa <= fb) and a.cmp(b) == (fa > fb) - (fa < fb)
    assert (a + b).format is a.format


@given(st.one_of(
    st.text(max_size=40),
    st.text("0123456789.+-eEinumkKMGTP", max_size=40),
    st.builds(lambda d, f, s: d + f + s, st.text("0123456789", min_size=300, max_size=6000),
              st.sampled_from(["", ".", ".5", "." + "3" * 5000]), st.sampled_from(["", "Ki", "m", "e-280", "e3", "n"])),
))
@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
def test_any_text_parses_or_raises_quantity_error(text: str) -> None:
    try:
        q = parse_quantity(text)
    except QuantityError:
        return
    assert isinstance(q, Quantity) and abs(q.nanos) <= MAX_INT64 * NANO


# -- loader -------------------------------------------------------------------

YAML_BITS = list("ab:- \n\t{}[],'\"&*!|>#%@`?<=~0.1e\\") + ["---", "\n---\n", "<<", "\u00e9", "\x00", "\ufeff", "\x85", "\x7f"]
YAMLISH = st.lists(st.sampled_from(YAML_BITS), max_size=80).map("".join)


@given(st.one_of(st.binary(max_size=300), YAMLISH.map(lambda s: s.encode("utf-8", "surrogatepass"))))
@settings(max_examples=1000)
def test_any_bytes_give_documents_or_located_failures(data: bytes) -> None:
    for item in load_documents("x.yaml", data):
        assert isinstance(item, (Document, ParseFailure))
        if isinstance(item, ParseFailure):
            assert item.location.line >= 1 and item.location.column >= 1 and item.message
        else:
            assert item.line >= 1


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(2**63), 2**64 - 1), st.floats(allow_nan=False, allow_infinity=False),
              st.text(max_size=12)),
    lambda children: st.one_of(st.lists(children, max_size=4), st.dictionaries(st.text(max_size=8), children, max_size=4)),
    max_leaves=30,
)


# What YAML reads as text on one line (NEL, LS and PS are line breaks to it).
YAML_PRINTABLE = re.compile("[\t\n\r\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]*")


def _pointers(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], str]]:
    out: list[tuple[tuple[Any, ...], str]] = []
    if isinstance(value, dict):
        for key, child in value.items():
            out.append(((*prefix, key), key))
            out.extend(_pointers(child, (*prefix, key)))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            out.extend(_pointers(child, (*prefix, i)))
    return out


@given(st.dictionaries(st.text(max_size=8), json_values, max_size=6), st.sampled_from([None, 1, 2]))
@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
def test_json_loads_exactly_with_every_key_located(obj: dict[str, Any], indent: int | None) -> None:
    text = json.dumps(obj, indent=indent, ensure_ascii=False)
    (doc,) = list(load_documents("x.json", text.encode()))
    assert isinstance(doc, Document), doc
    assert doc.data == json.loads(text)
    if not YAML_PRINTABLE.fullmatch(text):
        return  # characters YAML forbids: read as plain JSON, positions by line only
    lines = text.split("\n")
    for pointer, key in _pointers(obj):
        loc = doc.location(pointer)
        line = lines[loc.line - 1]
        assert line[loc.column - 1 :].startswith(json.dumps(key, ensure_ascii=False)), (pointer, loc)
