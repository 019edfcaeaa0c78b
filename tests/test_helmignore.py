"""Go's filepath.Match as helm's .helmignore rules use it (source/helmignore.py),
on Go's own table (golang/go 14c40f9472ef src/path/filepath/match_test.go
matchTests, Unix), and what a hostile .helmignore can cost."""

from __future__ import annotations

from pathlib import Path

import pytest

from pod_resources_cli.source.helmignore import BadPattern, go_match, ignored

BAD = None  # filepath.ErrBadPattern

GO_MATCH_TESTS = [
    ("abc", "abc", True), ("*", "abc", True), ("*c", "abc", True), ("a*", "a", True), ("a*", "abc", True),
    ("a*", "ab/c", False), ("a*/b", "abc/b", True), ("a*/b", "a/c/b", False),
    ("a*b*c*d*e*/f", "axbxcxdxe/f", True), ("a*b*c*d*e*/f", "axbxcxdxexxx/f", True),
    ("a*b*c*d*e*/f", "axbxcxdxe/xxx/f", False), ("a*b*c*d*e*/f", "axbxcxdxexxx/fff", False),
    ("a*b?c*x", "abxbbxdbxebxczzx", True), ("a*b?c*x", "abxbbxdbxebxczzy", False),
    ("ab[c]", "abc", True), ("ab[b-d]", "abc", True), ("ab[e-g]", "abc", False), ("ab[^c]", "abc", False),
    ("ab[^b-d]", "abc", False), ("ab[^e-g]", "abc", True), ("a\\*b", "a*b", True), ("a\\*b", "ab", False),
    ("a?b", "a☺b", True), ("a[^a]b", "a☺b", True), ("a???b", "a☺b", False), ("a[^a][^a][^a]b", "a☺b", False),
    ("[a-ζ]*", "α", True), ("*[a-ζ]", "A", False), ("a?b", "a/b", False), ("a*b", "a/b", False),
    ("[\\]a]", "]", True), ("[\\-]", "-", True), ("[x\\-]", "x", True), ("[x\\-]", "-", True), ("[x\\-]", "z", False),
    ("[\\-x]", "x", True), ("[\\-x]", "-", True), ("[\\-x]", "a", False),
    ("[]a]", "]", BAD), ("[-]", "-", BAD), ("[x-]", "x", BAD), ("[x-]", "-", BAD), ("[x-]", "z", BAD), ("[-x]", "x", BAD),
    ("[-x]", "-", BAD), ("[-x]", "a", BAD), ("\\", "a", BAD), ("[a-b-c]", "a", BAD), ("[", "a", BAD), ("[^", "a", BAD),
    ("[^bc", "a", BAD), ("a[", "a", BAD), ("a[", "ab", BAD), ("a[", "x", BAD), ("a/b[", "x", BAD), ("*x", "xxx", True),
]  # fmt: skip


@pytest.mark.parametrize(("pattern", "name", "expected"), GO_MATCH_TESTS)
def test_go_match_is_gos(pattern: str, name: str, expected: bool | None) -> None:
    if expected is BAD:
        with pytest.raises(BadPattern):
            go_match(pattern, name)
    else:
        assert go_match(pattern, name) is expected


def test_a_pattern_of_many_stars_costs_one_pass_per_star() -> None:
    """Each chunk is matched at the leftmost place it fits, never revisited (Go's algorithm): a pattern that
    would make a backtracking regular expression run for ages answers at once."""
    assert go_match("*a" * 40 + "b", "a" * 250) is False
    assert go_match("*a" * 40 + "b", "a" * 249 + "b") is True


def test_a_helmignore_with_more_rules_than_any_real_one_is_not_read(tmp_path: Path) -> None:
    """A hostile .helmignore (thousands of rules, each tried on every file) is not followed: its chart's files stay
    the chart's, as without one."""
    chart = tmp_path / "chart"
    (chart / "examples").mkdir(parents=True)
    (chart / "Chart.yaml").write_text("apiVersion: v2\nname: c\nversion: 1.0.0\n")
    (chart / ".helmignore").write_text("".join(f"rule{i}\n" for i in range(1000)) + "examples/\n")
    example = str(chart / "examples" / "pod.yaml")
    assert ignored(str(chart), example) is False
    other = tmp_path / "other"  # the rules are read once per chart: the same rules, one fewer, in another chart
    (other / "examples").mkdir(parents=True)
    (other / "Chart.yaml").write_text("apiVersion: v2\nname: c\nversion: 1.0.0\n")
    (other / ".helmignore").write_text("".join(f"rule{i}\n" for i in range(999)) + "examples/\n")
    assert ignored(str(other), str(other / "examples" / "pod.yaml")) is True
