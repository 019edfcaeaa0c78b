"""rich's panel and table layout, computed directly for the shapes `explain` prints.

rich measured every cell of every nested table several times per pod (Panel ->
Padding -> Group -> Table), which made the explain table ~12x slower than its
JSON. This module follows rich's arithmetic (rich/panel.py, padding.py,
measure.py, table.py) for what explain uses -- an unexpanded rounded panel of
text lines and heavy-head tables whose left-justified columns fold, padding
(0, 1) -- so the characters printed are the ones rich printed. A cell or line
too long for its width is still wrapped by rich itself, one at a time.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rich._ratio import ratio_reduce
from rich._wrap import divide_line
from rich.box import HEAVY_HEAD, ROUNDED
from rich.cells import cell_len
from rich.console import COLOR_SYSTEMS, Console
from rich.padding import Padding
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text

from pod_resources_cli.records import dataclass, field

Run = tuple[str, str]
"""Text and the name of its style ("" for none)."""


@dataclass(frozen=True)
class Grid:
    """A table as rich.table.Table(title=..., title_justify="left") with
    overflow="fold" columns lays it out: a title, a header, rows, sections."""

    title: str
    headers: tuple[str, ...]
    rows: list[tuple[Run, ...]] = field(default_factory=list)
    section_ends: set[int] = field(default_factory=set)

    def add_row(self, *cells: str | Run) -> None:
        self.rows.append(tuple((c, "") if isinstance(c, str) else c for c in cells))

    def add_section(self) -> None:
        if self.rows:
            self.section_ends.add(len(self.rows) - 1)


Line = tuple[Run, ...]
"""One rich Text built by appending runs; wrapped at the panel's width."""


def _widest_line(text: str) -> int:
    """rich's Text measurement (maximum): its widest line in cells."""
    return _widest_short_line(text) if len(text) <= _CACHED_CELL_CHARS else _widest(text)


def _widest(text: str) -> int:
    lines = text.splitlines()
    return max(cell_len(line) for line in lines) if lines else 0


_CACHED_CELL_CHARS = 256  # what is cached is short: memory stays bounded on hostile input
_CACHED_CELLS = 4096
_widest_short_line = lru_cache(maxsize=_CACHED_CELLS)(_widest)


def _cell_max(widest: int, max_width: int) -> int:
    """The width rich measures for a (0, 1)-padded cell given max_width."""
    if max_width < 1:
        return 0
    if max_width < 3:
        return max_width
    return min(min(widest, max_width) + 2, max_width)


class Screen:
    """Width, colours and box characters of the console the text is for. The
    console prints nothing here: it lends its settings and wraps the rare
    cell that does not fit on one line."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.width = console.width
        self._system = COLOR_SYSTEMS.get(console.color_system or "")
        self._no_color = console.no_color
        self._legacy = console.legacy_windows
        self._styles: dict[str, Style] = {}
        # Laid-out cells by (text, style, width, header): pods repeat most of theirs.
        self.cells: dict[tuple[str, str, int, bool], list[str]] = {}
        self.options = options = console.options  # built anew on each access: kept once
        self.panel_box = ROUNDED.substitute(options, safe=console.safe_box)
        self.table_box = HEAVY_HEAD.substitute(options, safe=console.safe_box)

    def style(self, name: str) -> Style:
        style = self._styles.get(name)
        if style is None:
            style = self._styles[name] = self.console.get_style(name) if name else Style.null()
        return style

    def paint(self, text: str, style: Style) -> str:
        """A segment as rich's console writes it."""
        if not style or not text or self._system is None:
            return text
        if self._no_color:
            style = style.without_color
        return style.render(text, color_system=self._system, legacy_windows=self._legacy)

    def paint_lines(self, lines: list[list[Segment]]) -> list[str]:
        return ["".join(self.paint(s.text, s.style or Style.null()) for s in line) for line in lines]


def plain_screen(width: int = 160) -> Screen:
    """A screen of ``width`` columns without colour: what a pipe or a file gets."""
    import io

    return Screen(Console(file=io.StringIO(), width=width, color_system=None))


def _run_text(runs: Line) -> Text:
    text = Text()
    for part, style in runs:
        text.append(part, style=style)
    return text


def _fits(text: str, length: int, width: int) -> bool:
    """rich would print ``text`` (``length`` cells) as it is on one line of
    ``width``: nothing to wrap, and no trailing whitespace it would strip (it
    counts characters there, not cells)."""
    return length <= width and len(text) <= width and "\n" not in text and "\t" not in text


_TRAILING_SPACE = re.compile(r"\s+$")


def _wrap_runs(screen: Screen, runs: Line, plain: str, width: int) -> list[str] | None:
    """rich's Text.wrap (justify "default", overflow "fold") of one line:
    rich's own break positions, each line's trailing whitespace past the width
    dropped; None when a line would still be too wide (rich crops it)."""
    ends = [*divide_line(plain, width, fold=True), len(plain)]
    lines: list[str] = []
    start = 0
    for end in ends:
        piece = plain[start:end]
        if len(piece) > width and (space := _TRAILING_SPACE.search(piece)) is not None:
            end -= min(len(space.group()), len(piece) - width)
        length = cell_len(plain[start:end])
        if length > width:
            return None
        out, offset = [], 0
        for part, style in runs:  # the runs' pieces between start and end, each in its style
            lo, hi = max(offset, start), min(offset + len(part), end)
            if lo < hi:
                out.append(screen.paint(plain[lo:hi], screen.style(style)))
            offset += len(part)
        lines.append("".join(out) + " " * (width - length))
        start = ends[len(lines) - 1]
    return lines


def _line_lines(screen: Screen, runs: Line, width: int) -> list[str]:
    """A Group's text line at width, padded with spaces to it."""
    plain = "".join(part for part, _ in runs)
    length = cell_len(plain)
    if _fits(plain, length, width):
        return ["".join(screen.paint(part, screen.style(style)) for part, style in runs) + " " * (width - length)]
    if width >= 1 and "\n" not in plain and "\t" not in plain:
        wrapped = _wrap_runs(screen, runs, plain, width)
        if wrapped is not None:
            return wrapped
    options = screen.options.update(
        width=width, justify=None, overflow=None, no_wrap=None, height=None, highlight=False
    )
    return screen.paint_lines(screen.console.render_lines(_run_text(runs), options, pad=True))


def _cell_lines(screen: Screen, cell: Run, width: int, header: bool) -> list[str]:
    """A table cell laid out at width (cached when short; do not mutate)."""
    key = (cell[0], cell[1], width, header)
    lines = screen.cells.get(key)
    if lines is None:
        lines = _lay_cell(screen, cell, width, screen.style("table.header") if header else Style.null())
        if len(cell[0]) <= _CACHED_CELL_CHARS:
            if len(screen.cells) >= _CACHED_CELLS:
                screen.cells.clear()
            screen.cells[key] = lines
    return lines


def _lay_cell(screen: Screen, cell: Run, width: int, outer: Style) -> list[str]:
    """rich's expanding Padding (0, 1) around a left-justified Text, which pads
    the text with its own style; `outer` styles every character (the header)."""
    text, name = cell
    length = cell_len(text)
    if width >= 3 and _fits(text, length, width - 2):
        paint = screen.paint
        edge = paint(" ", outer)
        return [edge + paint(text + " " * (width - 2 - length), outer + screen.style(name)) + edge]
    options = screen.options.update(
        width=width, justify="left", no_wrap=False, overflow="fold", height=None, highlight=False
    )
    padded = Padding(Text(text, style=name), (0, 1, 0, 1))
    return screen.paint_lines(screen.console.render_lines(padded, options, style=outer))


class _Layout:
    """Column widths of one Grid, as rich.table.Table computes them."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.widest = [
            max([_widest_line(h)] + [_widest_line(row[i][0]) for row in grid.rows])
            for i, h in enumerate(grid.headers)
        ]
        self.extra = 2 + len(grid.headers) - 1

    def widths(self, max_width: int) -> list[int]:
        widths = [_cell_max(w, max_width) or 1 for w in self.widest]
        if sum(widths) > max_width:
            widths = Table._collapse_widths(widths, [True] * len(widths), max_width)
            if sum(widths) > max_width:
                widths = ratio_reduce(sum(widths) - max_width, [1] * len(widths), widths, widths)
            widths = [_cell_max(w, width) for w, width in zip(self.widest, widths)]
        return widths

    def measure(self, max_width: int) -> int:
        """Measurement.get(table).maximum at max_width."""
        if max_width < 1:
            return 0
        total = sum(self.widths(max_width - self.extra))
        return min(sum(_cell_max(w, total) for w in self.widest) + self.extra, max_width)

    def render(self, screen: Screen, width: int) -> list[str]:
        grid, box = self.grid, screen.table_box
        widths = self.widths(width - self.extra)
        table_width = sum(widths) + self.extra
        title, length = grid.title, cell_len(grid.title)
        if not title:
            out = []
        elif _fits(title, length, table_width):  # left-justified: padded in the title's style
            out = [screen.paint(title + " " * (table_width - length), screen.style("table.title"))]
        else:
            options = screen.options.update(
                width=table_width, justify="left", overflow=None, no_wrap=None, height=None, highlight=False
            )
            out = screen.paint_lines(screen.console.render_lines(Text(title, style="table.title"), options, pad=True))
        out.append(box.get_top(widths))
        header = screen.style("table.header")
        rows = [tuple((h, "") for h in grid.headers), *grid.rows]
        for index, row in enumerate(rows):
            cells = [_cell_lines(screen, cell, w, index == 0) for cell, w in zip(row, widths)]
            tallest = max(len(c) for c in cells)
            if any(len(c) != tallest for c in cells):  # the header aligns to the bottom, rows to the top
                blank = [screen.paint(" " * w, header) if index == 0 else " " * w for w in widths]
                blanks = [[b] * (tallest - len(c)) for c, b in zip(cells, blank)]
                cells = [b + c if index == 0 else c + b for c, b in zip(cells, blanks)]
            height = max(tallest, 1)
            if tallest < 1:  # no cell wide enough to print: one blank line
                cells = [[" " * w] for w in widths]
            if index == 0:
                left, right, divider = box.head_left, box.head_right, box.head_vertical
            elif index == len(rows) - 1:
                left, right, divider = box.foot_left, box.foot_right, box.foot_vertical
            else:
                left, right, divider = box.mid_left, box.mid_right, box.mid_vertical
            out += [left + divider.join(c[i] for c in cells) + right for i in range(height)]
            if index == 0:
                out.append(box.get_row(widths, "head", edge=True))
            elif index - 1 in grid.section_ends and index != len(rows) - 1:
                out.append(box.get_row(widths, "row", edge=True))
        out.append(box.get_bottom(widths))
        return [line + " " * (width - table_width) if table_width < width else line for line in out]


def _text_lines(screen: Screen, text: Text, width: int) -> list[str]:
    """A rich Text of the Group (several lines, spans of its own), laid out by rich."""
    options = screen.options.update(
        width=width, justify=None, overflow=None, no_wrap=None, height=None, highlight=False
    )
    return screen.paint_lines(screen.console.render_lines(text, options, pad=True))


def _measure_group(parts: list[Line | _Layout | Text], max_width: int) -> int:
    """Measurement.get(Group(...)).maximum: the widest part, within max_width."""
    if max_width < 1:
        return 0
    widest = 0
    for part in parts:
        if isinstance(part, _Layout):
            widest = max(widest, part.measure(max_width))
        elif isinstance(part, Text):
            widest = max(widest, min(_widest_line(part.plain), max_width))
        else:
            widest = max(widest, min(_widest_line("".join(text for text, _ in part)), max_width))
    return min(widest, max_width)


def table(screen: Screen, grid: Grid) -> str:
    """A Grid alone (no panel), as rich prints an unexpanded Table at the screen's width."""
    layout = _Layout(grid)
    width = layout.measure(screen.width)
    return "\n".join(line.rstrip() for line in layout.render(screen, width)) + "\n"


def panel(screen: Screen, parts: list[Line | Grid | Text]) -> str:
    """Panel(Group(*parts), expand=False) printed at the screen's width. A
    rich Text part (the rare line with spans of its own) is laid out by rich."""
    layouts: list[Line | _Layout | Text] = [_Layout(p) if isinstance(p, Grid) else p for p in parts]
    max_width = screen.width - 2
    if max_width < 1:
        child = 0
    elif max_width < 3:
        child = max_width
    else:
        child = min(_measure_group(layouts, max_width) + 2, max_width)
    inner = child - 2  # Padding expands to the panel's width
    box = screen.panel_box
    body: list[str] = []
    for part in layouts if inner >= 1 else ():  # rich renders nothing narrower than a cell
        if isinstance(part, _Layout):
            body += part.render(screen, inner)
        elif isinstance(part, Text):
            body += _text_lines(screen, part, inner)
        else:
            body += _line_lines(screen, part, inner)
    lines = [f"{box.mid_left} {line} {box.mid_right}" for line in body]
    return "\n".join([box.get_top([child]), *lines, box.get_bottom([child])]) + "\n"
