"""Expressions that scanned on from every candidate start, rewritten to read untrusted text in linear time.

Each test keeps the old expression as the reference: a table of cases in order and seeded random texts of the
pieces that matter give the same answers; megabytes of the worst case are answered whole.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence

import pytest


def _random_texts(pieces: Sequence[str], seed: int, count: int = 20000, most: int = 14) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(0, most))) for _ in range(count)]


def _agree(new: Callable[[str], object], old: Callable[[str], object], texts: Sequence[str]) -> None:
    for text in texts:
        assert new(text) == old(text), text


# harness_patchfile._ASSIGNED: ``=(.*?)[ \t]*$`` (each character of the value tried the blanks after it)
PATCHFILE_ASSIGNED = re.compile(r"""^[ \t]*(?:(?:export|local|readonly|declare(?:[ \t]+-\w+)*)[ \t]+)?([A-Za-z_]\w*)=(.*?)[ \t]*$""", re.MULTILINE)
PATCHFILE_ASSIGNED_CASES = [
    "", "a=", "a=b", "a=b  ", "a= b \t", "a=b \r", "a=b\nc=d \n", "export a=x", "declare -x a=\"y\"  ", " local a=1\t\t",
    "a=b c  # x ", "1a=b", "a =b", "a=b\n\n  b=  \n",
]  # fmt: skip


@pytest.mark.parametrize("text", PATCHFILE_ASSIGNED_CASES)
def test_patchfile_assignments_are_the_expression_s(text: str) -> None:
    from pod_resources_cli.source.harness_patchfile import assignments

    assert assignments(text) == [(m[1], m[2]) for m in PATCHFILE_ASSIGNED.finditer(text)]


def test_patchfile_assignments_of_random_texts() -> None:
    from pod_resources_cli.source.harness_patchfile import assignments

    pieces = ["a", "b", "=", " ", "\t", "\n", "\r", "#", "export ", "declare", " -x", "x"]
    _agree(assignments, lambda t: [(m[1], m[2]) for m in PATCHFILE_ASSIGNED.finditer(t)], _random_texts(pieces, 1))
    from pod_resources_cli.source.harness_patchfile import assignments as found

    assert found("F=" + " " * 2_000_000 + "x\nG=y") == [("F", " " * 2_000_000 + "x"), ("G", "y")]
