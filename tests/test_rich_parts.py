"""render/rich_parts.py answers as rich 15's own functions do: cell widths,
chopping, word wrap, ratio reduction and box rows (tables of cases, and
generated ones)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich import box as rich_box
from rich._ratio import ratio_reduce as rich_ratio_reduce
from rich._wrap import divide_line as rich_divide_line
from rich.cells import cell_len as rich_cell_len
from rich.cells import chop_cells as rich_chop_cells

from pod_resources_cli.render import rich_parts

TEXTS = st.lists(st.sampled_from([*"ab c-/.:\t\n\x1b\x7f", "é", "名字", "\u2028", "\u0301", "─", "x" * 30, "   "]), max_size=40).map("".join)


@pytest.mark.parametrize("text", ["", "plain", "tab\there", "esc\x1b[0m", "é and ü", "名前", "box ─┃", "zero\u200dwidth", "\x7f", "a" * 600])
def test_cell_len_and_chop_cells(text: str) -> None:
    assert rich_parts.cell_len(text) == rich_cell_len(text)
    for width in (1, 3, 10):
        assert rich_parts.chop_cells(text, width) == rich_chop_cells(text, width)


@settings(max_examples=400)
@given(text=TEXTS, width=st.integers(1, 60), fold=st.booleans())
def test_divide_line(text: str, width: int, fold: bool) -> None:
    assert rich_parts.divide_line(text, width, fold) == rich_divide_line(text, width, fold)
    assert rich_parts.cell_len(text) == rich_cell_len(text)


@settings(max_examples=400)
@given(data=st.data(), n=st.integers(1, 8))
def test_ratio_reduce(data: st.DataObject, n: int) -> None:
    ints = st.lists(st.integers(0, 200), min_size=n, max_size=n)
    ratios, maximums, values = data.draw(ints), data.draw(ints), data.draw(ints)
    total = data.draw(st.integers(0, 400))
    assert rich_parts.ratio_reduce(total, ratios, maximums, values) == rich_ratio_reduce(total, ratios, maximums, values)


@pytest.mark.parametrize(("mine", "theirs"), [(rich_parts.ROUNDED, rich_box.ROUNDED), (rich_parts.HEAVY_HEAD, rich_box.HEAVY_HEAD), (rich_parts.ASCII, rich_box.ASCII)])
def test_boxes(mine: rich_parts.Box, theirs: rich_box.Box) -> None:
    for widths in ([1], [3, 0, 7], [10, 2]):
        assert mine.get_top(widths) == theirs.get_top(widths) and mine.get_bottom(widths) == theirs.get_bottom(widths)
        for level in ("head", "row", "foot"):
            for edge in (True, False):
                assert mine.get_row(widths, level, edge) == theirs.get_row(widths, level, edge)  # type: ignore[arg-type]
    for name in ("head_left", "head_right", "head_vertical", "mid_left", "mid_right", "mid_vertical", "foot_left", "foot_right", "foot_vertical"):
        assert getattr(mine, name) == getattr(theirs, name)


NAMES = ["", "bold", "dim", "italic", "yellow", "cyan", "green", "red", "bold red", "bold green", "bold yellow", "bold magenta",
         "table.header", "table.title", "bright_black", "dim cyan", "none"]  # fmt: skip


@pytest.mark.parametrize("system", ["standard", "256", "truecolor"])
@pytest.mark.parametrize("no_color", [False, True])
def test_the_mirrored_styles_paint_as_rich_does(system: str, no_color: bool) -> None:
    import io

    from rich.console import Console

    from pod_resources_cli.render.rich_parts import sgr

    for name in NAMES:
        for other in NAMES:
            out = io.StringIO()
            console = Console(file=out, color_system=system, force_terminal=True, no_color=no_color)  # type: ignore[arg-type]
            console.print("x y", style=console.get_style(name) + console.get_style(other or "none"), end="")
            mine, theirs = sgr(name), sgr(other)
            assert mine is not None and theirs is not None
            assert (mine + theirs).render("x y", no_color) == out.getvalue(), (name, other)
    assert sgr("underline") is None and sgr("blue on white") is None and sgr("not bold") is None  # rich paints these


@given(st.text(alphabet=":a- \t-emojitx", max_size=20))
def test_emoji_codes_are_found_as_rich_finds_them(text: str) -> None:
    import re

    from pod_resources_cli.render.rich_parts import emoji_code

    assert emoji_code(text) == (re.search(r"(:(\S*?)(?:(?:\-)(emoji|text))?:)", text) is not None)
