"""rich's panel and table layout, computed directly for the shapes `explain` prints.

rich measured every cell of every nested table several times per pod (Panel ->
Padding -> Group -> Table), which made the explain table ~12x slower than its
JSON. This module follows rich's arithmetic (rich/panel.py, padding.py,
measure.py, table.py; rich 15.0.0) for what explain uses -- an unexpanded
rounded panel of text lines and heavy-head tables whose left-justified columns
fold, padding (0, 1) -- so the characters printed are the ones rich printed.

The layout needs no rich module at all (render/rich_parts.py mirrors the
cell widths, word wrap, ratios and boxes it uses, and the styles it paints
with their SGR sequences in each colour system, NO_COLOR included), for the
terminal cli/console.py decides as rich's Console would: rich's console,
styles and renderables are loaded only for a line no rule here lays out (wide
characters that do not fit, a tab, several lines in one cell, a rich Text of
another renderer), a style name not mirrored, or a printed string holding an
``:emoji:`` code, which spared every start of ``explain`` a third of its
instructions, in colour as without. A cell or title too long for its width
is folded here as rich's Text.wrap does (rich/_wrap.py's break positions,
trailing whitespace past the width dropped) and painted as rich paints it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from pod_resources_cli.records import dataclass, field
from pod_resources_cli.render.rich_parts import ASCII, HEAVY_HEAD, ROUNDED, Box, Sgr, cell_len, divide_line, emoji_code, ratio_reduce, sgr

if TYPE_CHECKING:
    from rich.console import Console
    from rich.segment import Segment
    from rich.style import Style
    from rich.text import Text

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


def collapse_widths(widths: list[int], max_width: int) -> list[int]:
    """rich.table.Table._collapse_widths (rich 15.0.0) for columns that may all
    wrap: the widest columns shrink together, by ratio, until the total fits."""
    total_width = sum(widths)
    excess_width = total_width - max_width
    while total_width and excess_width > 0:
        max_column = max(widths)
        second_max_column = max(width if width != max_column else 0 for width in widths)
        column_difference = max_column - second_max_column
        ratios = [1 if width == max_column else 0 for width in widths]
        if not any(ratios) or not column_difference:
            break
        max_reduce = [min(excess_width, column_difference)] * len(widths)
        widths = ratio_reduce(excess_width, ratios, max_reduce, widths)
        total_width = sum(widths)
        excess_width = total_width - max_width
    return widths


@dataclass(frozen=True, slots=True)
class Terminal:
    """What rich's Console would decide for the stream (cli/console.py): its
    width, its colour system ("standard", "256", "truecolor"; None: no escape
    sequence is written), whether colours are left out (NO_COLOR: attributes
    only), and whether its encoding is ASCII only (box characters then are
    ASCII's)."""

    width: int
    system: str | None = None
    ascii_only: bool = False
    no_color: bool = False


Paint = Any
"""A style as a screen paints it: rich_parts.Sgr where it is mirrored, else rich's Style (None: nothing painted)."""


class Screen:
    """Width, colours and box characters of the console the text is for. The
    console prints nothing here: it lends its settings, paints styles and
    lays out the rare line this module does not. Built from a Terminal, no
    rich console exists unless such a line (or a style name not mirrored in
    render/rich_parts.py) asks for one (``console``); built from rich's
    Console, rich paints every style (the reference the tests compare with)."""

    def __init__(self, console: Console | Terminal) -> None:
        if isinstance(console, Terminal):
            self._console: Console | None = None
            self._terminal: Terminal | None = console
            self.width = console.width
            self._system: Any = console.system
            self._no_color = console.no_color
            self._legacy = False
            self._ascii_only = console.ascii_only
            self.panel_box: Box = ASCII if console.ascii_only else ROUNDED
            self.table_box: Box = ASCII if console.ascii_only else HEAVY_HEAD
        else:
            from rich import box
            from rich.console import COLOR_SYSTEMS

            self._console = console
            self._terminal = None
            self.width = console.width
            self._system = COLOR_SYSTEMS.get(console.color_system or "")
            self._no_color = console.no_color
            self._legacy = console.legacy_windows
            options = console.options  # built anew on each access: kept once
            self._ascii_only = options.ascii_only
            self.panel_box = box.ROUNDED.substitute(options, safe=console.safe_box)  # type: ignore[assignment]  # rich's Box: the same rows
            self.table_box = box.HEAVY_HEAD.substitute(options, safe=console.safe_box)  # type: ignore[assignment]
        self._styles: dict[str, Paint] = {}
        # Laid-out cells by (text, style, width, header): pods repeat most of theirs.
        self.cells: dict[tuple[str, str, int, bool], list[str]] = {}

    @property
    def console(self) -> Console:
        """rich's console for this screen (from a Terminal: one of the same width and encoding, built on first use)."""
        if self._console is None:
            import io

            from rich.console import Console

            buffer = io.StringIO()
            if self._ascii_only:  # a stream whose encoding rich reads as ASCII only
                buffer = io.TextIOWrapper(io.BytesIO(), encoding="ascii")  # type: ignore[assignment]
            system: Any = self._terminal.system if self._terminal is not None else None  # rich paints what is not mirrored
            self._console = Console(
                file=buffer, width=self.width, color_system=system, force_terminal=system is not None,
                no_color=self._no_color, legacy_windows=False,
            )  # fmt: skip
        return self._console

    @property
    def options(self) -> Any:
        return self.console.options

    @property
    def rich_only(self) -> bool:
        """Built from rich's Console: what rich wraps (a folded cell or title, a printed line) rich lays out here."""
        return self._terminal is None

    def style(self, name: str) -> Paint:
        """The named style, where something is painted (None without colour)."""
        if self._system is None:
            return None
        style = self._styles.get(name)
        if style is None:
            style = sgr(name) if self._terminal is not None else None
            if style is None:  # rich's console paints it
                from rich.style import Style

                style = self.console.get_style(name) if name else Style.null()
            self._styles[name] = style
        return style

    def combine(self, outer: Paint, inner: Paint) -> Paint:
        """rich's Style.__add__ of two styles of this screen (one not mirrored: both as rich's)."""
        if outer is None or inner is None:
            return outer if inner is None else inner
        if isinstance(outer, Sgr) and isinstance(inner, Sgr):
            return outer + inner
        return self._rich_style(outer) + self._rich_style(inner)

    def _rich_style(self, style: Paint) -> Any:
        if not isinstance(style, Sgr):
            return style
        from rich.style import Style

        names = [name for on, name in zip(style.attributes, ("bold", "dim", "italic")) if on]
        colour = {code: name for name, code in _sgr_colours().items()}.get(style.colour or "")
        return Style.parse(" ".join([*names, *([colour] if colour else [])])) if names or colour else Style.null()

    def paint(self, text: str, style: Paint) -> str:
        """A segment as rich's console writes it."""
        if not style or not text or self._system is None:
            return text
        if isinstance(style, Sgr):
            return style.render(text, self._no_color)
        system = self._system
        if isinstance(system, str):  # a Terminal's: rich's ColorSystem for a style not mirrored
            from rich.console import COLOR_SYSTEMS

            system = COLOR_SYSTEMS[system]
        if self._no_color:
            style = style.without_color
        return str(style.render(text, color_system=system, legacy_windows=self._legacy))

    def paint_lines(self, lines: list[list[Segment]]) -> list[str]:
        if self._system is None:
            return ["".join(s.text for s in line) for line in lines]
        from rich.style import Style

        return ["".join(self.paint(s.text, s.style or Style.null()) for s in line) for line in lines]

    def printed(self, lines: Sequence[Line], strings: bool = False) -> str:
        """``lines`` as rich's Console.print writes each (soft_wrap off, no
        markup or highlighting): folded at the width, not padded. A line is
        printed as a Text of its runs, or with ``strings`` as a string in the
        style of its one run (``print(text, style=...)``, which replaces
        ``:emoji:`` codes: a line holding one is left to rich)."""
        out: list[str] = []
        for runs in lines:
            plain = "".join(part for part, _ in runs)
            length = cell_len(plain)
            rich_only = self.rich_only or (strings and emoji_code(plain))
            if not rich_only and _fits(plain, length, self.width):
                out.append("".join(self.paint(part, self.style(style)) for part, style in runs))
                continue
            wrapped = None
            if not rich_only and self.width >= 1 and "\n" not in plain and "\t" not in plain:
                wrapped = _wrap_runs(self, runs, plain, self.width, pad=False)
            if wrapped is None:
                with self.console.capture() as capture:
                    if strings:
                        (text, style), = runs
                        self.console.print(text, style=style or None, markup=False, highlight=False, soft_wrap=False)
                    else:
                        self.console.print(_run_text(runs), markup=False, highlight=False, soft_wrap=False)
                out.append(capture.get().removesuffix("\n"))
                continue
            out += wrapped
        return "".join(line + "\n" for line in out)


@lru_cache(maxsize=1)
def _sgr_colours() -> dict[str, str]:
    from pod_resources_cli.render.rich_parts import _COLOUR_CODES

    return dict(_COLOUR_CODES)


def plain_screen(width: int = 160) -> Screen:
    """A screen of ``width`` columns without colour: what a pipe or a file gets."""
    return Screen(Terminal(width))


def _run_text(runs: Line) -> Text:
    from rich.text import Text

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


def _wrap_ranges(plain: str, width: int) -> list[tuple[int, int, int]] | None:
    """rich's Text.wrap (overflow "fold") of one line of text: each line's
    start, end and cells, at rich's own break positions, each line's trailing
    whitespace past the width dropped; None when a line would still be too
    wide (rich crops it)."""
    ends = [*divide_line(plain, width, fold=True), len(plain)]
    ranges: list[tuple[int, int, int]] = []
    start = 0
    for end in ends:
        cut = end
        piece = plain[start:end]
        if len(piece) > width and (space := _TRAILING_SPACE.search(piece)) is not None:
            cut -= min(len(space.group()), len(piece) - width)
        length = cell_len(plain[start:cut])
        if length > width:
            return None
        ranges.append((start, cut, length))
        start = end
    return ranges


def _wrap_runs(screen: Screen, runs: Line, plain: str, width: int, pad: bool = True) -> list[str] | None:
    """rich's Text.wrap (justify "default", overflow "fold") of one line of
    runs (``_wrap_ranges``), each run's piece painted in its style, padded
    with plain spaces to the width (``pad``: as rendered lines are; a printed
    line is not); None when a line would still be too wide."""
    ranges = _wrap_ranges(plain, width)
    if ranges is None:
        return None
    lines: list[str] = []
    for start, end, length in ranges:
        out, offset = [], 0
        for part, style in runs:  # the runs' pieces between start and end, each in its style
            lo, hi = max(offset, start), min(offset + len(part), end)
            if lo < hi:
                out.append(screen.paint(plain[lo:hi], screen.style(style)))
            offset += len(part)
        lines.append("".join(out) + (" " * (width - length) if pad else ""))
    return lines


def _fold_left(screen: Screen, text: str, style: Paint, width: int) -> list[str] | None:
    """A Text in one style wrapped with justify "left" (a table cell, a title):
    each line padded to the width inside its style; None where rich lays it out."""
    if width < 1 or "\n" in text or "\t" in text or screen.rich_only:
        return None
    ranges = _wrap_ranges(text, width)
    if ranges is None:
        return None
    return [screen.paint(text[start:end] + " " * (width - length), style) for start, end, length in ranges]


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
        lines = _lay_cell(screen, cell, width, "table.header" if header else "")
        if len(cell[0]) <= _CACHED_CELL_CHARS:
            if len(screen.cells) >= _CACHED_CELLS:
                screen.cells.clear()
            screen.cells[key] = lines
    return lines


def _lay_cell(screen: Screen, cell: Run, width: int, outer_name: str) -> list[str]:
    """rich's expanding Padding (0, 1) around a left-justified Text, which pads
    the text with its own style; ``outer_name`` styles every character (the header)."""
    text, name = cell
    length = cell_len(text)
    outer = screen.style(outer_name)
    style = screen.combine(outer, screen.style(name))
    edge = screen.paint(" ", outer)
    if width >= 3 and _fits(text, length, width - 2):
        return [edge + screen.paint(text + " " * (width - 2 - length), style) + edge]
    if width >= 3 and (folded := _fold_left(screen, text, style, width - 2)) is not None:
        return [edge + line + edge for line in folded]
    from rich.padding import Padding
    from rich.style import Style
    from rich.text import Text

    options = screen.options.update(
        width=width, justify="left", no_wrap=False, overflow="fold", height=None, highlight=False
    )
    padded = Padding(Text(text, style=name), (0, 1, 0, 1))
    outer_style = screen._rich_style(outer) if outer is not None else None
    return screen.paint_lines(screen.console.render_lines(padded, options, style=outer_style or Style.null()))


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
            widths = collapse_widths(widths, max_width)
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
        elif (folded := _fold_left(screen, title, screen.style("table.title"), table_width)) is not None:
            out = folded  # folded as Text.wrap(justify="left") folds it, padded to the width in its style
        else:
            options = screen.options.update(
                width=table_width, justify="left", overflow=None, no_wrap=None, height=None, highlight=False
            )
            from rich.text import Text

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
        elif not isinstance(part, tuple):  # a rich Text
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
        elif not isinstance(part, tuple):  # a rich Text
            body += _text_lines(screen, part, inner)
        else:
            body += _line_lines(screen, part, inner)
    lines = [f"{box.mid_left} {line} {box.mid_right}" for line in body]
    return "\n".join([box.get_top([child]), *lines, box.get_bottom([child])]) + "\n"
