"""go_div truncates toward zero, as Go's integer division does."""

from __future__ import annotations

import pytest

from pod_resources_cli.kube.go_int import go_div


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (7, 2, 3),
        (-7, 2, -3),  # Python's -7 // 2 is -4
        (7, -2, -3),
        (-7, -2, 3),
        (6, 3, 2),
        (-6, 3, -2),
        (0, 5, 0),
        (1, 1000, 0),
        (-1, 1000, 0),
        (-1500, 1000, -1),
    ],
)
def test_go_div_truncates_toward_zero(a: int, b: int, expected: int) -> None:
    assert go_div(a, b) == expected
