"""CPUSet and the Linux cpulist syntax (k8s.io/utils/cpuset)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pod_resources_cli.cpuset import CPUSet


@pytest.mark.parametrize(
    ("text", "ids", "canonical"),
    [
        ("", [], ""),
        ("5", [5], "5"),
        ("1-1", [1], "1"),
        ("2,3", [2, 3], "2-3"),
        ("0,2,4", [0, 2, 4], "0,2,4"),
        ("0-3,8-11", [0, 1, 2, 3, 8, 9, 10, 11], "0-3,8-11"),
        ("8-11,0-3,2", [0, 1, 2, 3, 8, 9, 10, 11], "0-3,8-11"),
        ("16-18,80-82", [16, 17, 18, 80, 81, 82], "16-18,80-82"),
    ],
)
def test_parse_and_format(text: str, ids: list[int], canonical: str) -> None:
    cpus = CPUSet.parse(text)
    assert cpus.to_list() == ids
    assert str(cpus) == canonical
    assert cpus.size() == len(ids) == len(cpus)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("3-1", 'invalid range "3-1" (3 > 1)'),
        ("a", 'strconv.Atoi: parsing "a": invalid syntax'),
        ("1-", 'strconv.Atoi: parsing "": invalid syntax'),
        ("1,,2", 'strconv.Atoi: parsing "": invalid syntax'),
        (" 1", 'strconv.Atoi: parsing " 1": invalid syntax'),
    ],
)
def test_parse_errors(text: str, error: str) -> None:
    with pytest.raises(ValueError, match="^" + error.replace("(", r"\(").replace(")", r"\)") + "$"):
        CPUSet.parse(text)


def test_algebra() -> None:
    a, b = CPUSet.parse("0-5"), CPUSet.parse("4-9")
    assert str(a | b) == "0-9"
    assert str(a & b) == "4-5"
    assert str(a - b) == "0-3"
    assert str(a.union(b, CPUSet.of(20))) == "0-9,20"
    assert CPUSet.of(1, 2).is_subset_of(a)
    assert not b.is_subset_of(a)
    assert 3 in a and 7 not in a
    assert CPUSet().is_empty() and not CPUSet()
    assert CPUSet.of(3, 1) == CPUSet.parse("1,3")
    assert repr(CPUSet.of(1, 2)) == 'CPUSet("1-2")'


@given(st.sets(st.integers(0, 300)))
def test_round_trip(ids: set[int]) -> None:
    cpus = CPUSet.from_iterable(ids)
    assert cpus.to_list() == sorted(ids)
    assert CPUSet.parse(str(cpus)) == cpus
