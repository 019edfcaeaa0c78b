"""Quantity parsing and canonical form, as apimachinery's quantity_test.go tables."""

from __future__ import annotations

import pytest

from pod_resources_cli.quantity import Format, Quantity, QuantityError, format_go_float, parse_quantity

# (input, canonical, Value(), MilliValue())
CANONICAL = [
    ("0", "0", 0, 0),
    ("0.5", "500m", 1, 500),
    ("1.5Gi", "1536Mi", 1610612736, 1610612736000),
    ("1e3", "1e3", 1000, 1000000),
    ("1k", "1k", 1000, 1000000),
    ("1000m", "1", 1, 1000),
    ("100m", "100m", 1, 100),
    ("0.1m", "100u", 1, 1),
    ("1Gi", "1Gi", 2**30, 2**30 * 1000),
    ("1024", "1024", 1024, 1024000),
    ("1024Ki", "1Mi", 2**20, 2**20 * 1000),
    ("1023Ki", "1023Ki", 1047552, 1047552000),
    ("0.5Gi", "512Mi", 536870912, 536870912000),
    ("1.1Ki", "1126400m", 1127, 1126400),
    (".5", "500m", 1, 500),
    ("1.", "1", 1, 1000),
    ("+1", "1", 1, 1000),
    ("-1", "-1", -1, -1000),
    ("5e-1", "500e-3", 1, 500),
    ("12e6", "12e6", 12000000, 12000000000),
    ("1E", "1E", 10**18, 10**21),
    ("1e-12", "1e-9", 1, 1),
    ("8Ei", "9223372036854775807", 2**63 - 1, (2**63 - 1) * 1000),
    ("500M", "500M", 500000000, 500000000000),
    ("1.5", "1500m", 2, 1500),
    (" 2 ", "2", 2, 2000),
]


@pytest.mark.parametrize(("text", "canonical", "value", "milli"), CANONICAL)
def test_canonical_and_values(text: str, canonical: str, value: int, milli: int) -> None:
    q = parse_quantity(text)
    assert q.canonical() == canonical
    assert q.value() == value
    assert q.milli_value() == milli
    assert parse_quantity(canonical).nanos == q.nanos


@pytest.mark.parametrize("text", ["", "1.5.5Gi", "12 Mi", "abc", "1e", "1Zi", "--1", "1e999999999", "1" + "0" * 40, "Gi", ".", "1e99999999999999"])
def test_invalid(text: str) -> None:
    with pytest.raises(QuantityError):
        parse_quantity(text)


def test_arithmetic_is_exact_and_keeps_the_first_format() -> None:
    total = parse_quantity("1Gi") + parse_quantity("512Mi")
    assert total.format is Format.BINARY_SI and total.canonical() == "1536Mi"
    assert (parse_quantity("0.1") + parse_quantity("0.2")).canonical() == "300m"
    assert parse_quantity("100m") < parse_quantity("0.2") and parse_quantity("1k") == Quantity(10**12, Format.DECIMAL_SI)


@pytest.mark.parametrize(
    ("value", "text"), [(0.5, "0.5"), (1000.0, "1000"), (1e6, "1000000"), (1e21, "1e+21"), (1e-7, "1e-7"), (2.5, "2.5")]
)
def test_yaml_floats_reach_the_api_as_go_prints_them(value: float, text: str) -> None:
    assert format_go_float(value) == text


# apimachinery quantity_test.go TestQuantityCmp: Cmp compares values, never the written form.
EQUAL_BY_VALUE = [
    ("1Gi", "1073741824", 0),
    ("1", "1000m", 0),
    ("1k", "1e3", 0),
    ("0.5", "500m", 0),
    ("100u", "100000n", 0),
    ("1Ki", "1k", 1),
    ("999m", "1", -1),
    ("0", "0Gi", 0),
]


@pytest.mark.parametrize(("a", "b", "order"), EQUAL_BY_VALUE)
def test_equality_and_hash_follow_the_value_as_cmp_does(a: str, b: str, order: int) -> None:
    qa, qb = Quantity.parse(a), Quantity.parse(b)
    assert qa.cmp(qb) == order
    assert (qa == qb) is (order == 0)
    assert (qa != qb) is (order != 0)
    if order == 0:
        assert hash(qa) == hash(qb)
        assert {qa: "x"}[qb] == "x"
        assert len({qa, qb}) == 1
    assert str(qa) == Quantity.parse(a).canonical()  # the written form still prints as written


def test_the_format_prints_but_does_not_compare() -> None:
    binary, decimal = Quantity.parse("1Gi"), Quantity.parse("1073741824")
    assert binary == decimal
    assert (str(binary), str(decimal)) == ("1Gi", "1073741824")
    assert binary.with_format(Format.DECIMAL_SI) == binary
    assert str(binary.with_format(Format.DECIMAL_SI)) == "1073741824"
    assert Quantity.parse("1") != "1"
