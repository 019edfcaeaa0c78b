"""The few pieces of rich (15.0.0) the text layout needs, mirrored so that a
table without colour loads no rich module at all (render/text_layout.py):

- cell widths (rich/cells.py ``cell_len``, ``chop_cells``): a text of
  single-cell characters only (rich's ``_SINGLE_CELL_UNICODE_RANGES``: printable
  Latin, Greek, Cyrillic, box drawing, Braille) is as wide as it is long, and
  is cut every ``width`` characters; any other text is measured by rich itself;
- word wrap (rich/_wrap.py ``divide_line``), over those widths;
- ``ratio_reduce`` (rich/_ratio.py), in integers: rich divides in floats and
  rounds half to even, which for these small integers is the exact quotient
  rounded half to even;
- the three boxes explain draws (rich/box.py ROUNDED, HEAVY_HEAD and ASCII,
  for an encoding that is not UTF) and the rows it draws of them;
- the styles explain paints and their SGR escape sequences (rich/style.py
  ``Style.parse``, ``_make_ansi_codes``, ``render``, ``without_color``,
  ``__add__``; rich/color.py ``ANSI_COLOR_NAMES`` and ``get_ansi_codes`` of a
  standard colour, which no colour system downgrades; rich/default_styles.py
  ``table.header`` and ``table.title``): the attributes bold, dim and italic
  and the sixteen named colours, and nothing else (``sgr`` is None for any
  other name: rich parses and paints it);
- the pattern rich/_emoji_replace.py looks for ``:name:`` codes with, so that
  a printed string holding one is left to rich's Console.print.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from pod_resources_cli.records import dataclass

_SINGLE_CELL_RANGES: Final = ((0x20, 0x7E), (0xA0, 0xAC), (0xAE, 0x2FF), (0x370, 0x482), (0x2500, 0x25FC), (0x2800, 0x28FF))


@lru_cache(maxsize=1)
def _single_cell_set() -> frozenset[str]:
    """rich's _SINGLE_CELLS, made the first time a text is not plain printable ASCII."""
    return frozenset(chr(c) for start, end in _SINGLE_CELL_RANGES for c in range(start, end + 1))


def _single_cells(text: str) -> bool:
    """Every character of ``text`` takes one cell (printable ASCII, 0x20-0x7E, first: almost every text)."""
    return (text.isascii() and text.isprintable()) or _single_cell_set().issuperset(text)


def cell_len(text: str) -> int:
    """The cells ``text`` takes in a terminal."""
    if _single_cells(text):
        return len(text)
    from rich.cells import cell_len as rich_cell_len

    return rich_cell_len(text)


def chop_cells(text: str, width: int) -> list[str]:
    if _single_cells(text):
        return [text[index : index + width] for index in range(0, len(text), width)]
    from rich.cells import chop_cells as rich_chop_cells

    return rich_chop_cells(text, width)


_WORD: Final = re.compile(r"\s*\S+\s*")


def divide_line(text: str, width: int, fold: bool = True) -> list[int]:
    """rich/_wrap.py divide_line: the offsets to break ``text`` at so that each line fits ``width`` cells."""
    if not _single_cells(text):
        from rich._wrap import divide_line as rich_divide_line

        return rich_divide_line(text, width, fold=fold)
    break_positions: list[int] = []
    cell_offset = 0
    position = 0
    while (match := _WORD.match(text, position)) is not None:
        start, end = match.span()
        word = match.group(0)
        position = end
        word_length = len(word.rstrip())
        if width - cell_offset >= word_length:
            cell_offset += len(word)
        elif word_length > width:
            if fold:
                folded = chop_cells(word, width)
                for index, line in enumerate(folded):
                    if start:
                        break_positions.append(start)
                    if index == len(folded) - 1:
                        cell_offset = len(line)
                    else:
                        start += len(line)
            else:
                if start:
                    break_positions.append(start)
                cell_offset = len(word)
        elif cell_offset and start:
            break_positions.append(start)
            cell_offset = len(word)
    return break_positions


def ratio_reduce(total: int, ratios: list[int], maximums: list[int], values: list[int]) -> list[int]:
    """rich/_ratio.py ratio_reduce: ``total`` taken from ``values`` in proportion to ``ratios``, each at most its maximum."""
    ratios = [ratio if maximum else 0 for ratio, maximum in zip(ratios, maximums)]
    total_ratio = sum(ratios)
    if not total_ratio:
        return values[:]
    total_remaining = total
    result: list[int] = []
    for ratio, maximum, value in zip(ratios, maximums, values):
        if ratio and total_ratio > 0:
            distributed = min(maximum, _round_half_even(ratio * total_remaining, total_ratio))
            result.append(value - distributed)
            total_remaining -= distributed
            total_ratio -= ratio
        else:
            result.append(value)
    return result


def _round_half_even(numerator: int, denominator: int) -> int:
    """round(numerator / denominator), as Python rounds: to the nearest integer, a half to the even one."""
    quotient, remainder = divmod(numerator, denominator)
    twice = 2 * remainder
    if twice > denominator or (twice == denominator and quotient % 2):
        quotient += 1
    return quotient


class Box:
    """rich.box.Box: the characters of a box, in eight rows of four."""

    def __init__(self, box: str) -> None:
        top, head, head_row, mid, row, foot_row, foot, bottom = (tuple(line) for line in box.splitlines())
        self.top_left, self.top, self.top_divider, self.top_right = top
        self.head_left, _, self.head_vertical, self.head_right = head
        self._head_row = head_row
        self.mid_left, _, self.mid_vertical, self.mid_right = mid
        self._row = row
        self._foot_row = foot_row
        self.foot_left, _, self.foot_vertical, self.foot_right = foot
        self.bottom_left, self.bottom, self.bottom_divider, self.bottom_right = bottom

    def get_top(self, widths: Sequence[int]) -> str:
        return self.top_left + self.top_divider.join(self.top * w for w in widths) + self.top_right

    def get_row(self, widths: Sequence[int], level: str = "row", edge: bool = True) -> str:
        left, horizontal, cross, right = {"head": self._head_row, "row": self._row, "foot": self._foot_row}[level]
        inner = cross.join(horizontal * w for w in widths)
        return left + inner + right if edge else inner

    def get_bottom(self, widths: Sequence[int]) -> str:
        return self.bottom_left + self.bottom_divider.join(self.bottom * w for w in widths) + self.bottom_right


ROUNDED: Final = Box("╭─┬╮\n│ ││\n├─┼┤\n│ ││\n├─┼┤\n├─┼┤\n│ ││\n╰─┴╯\n")
HEAVY_HEAD: Final = Box("┏━┳┓\n┃ ┃┃\n┡━╇┩\n│ ││\n├─┼┤\n├─┼┤\n│ ││\n└─┴┘\n")
ASCII: Final = Box("+--+\n| ||\n|-+|\n| ||\n|-+|\n|-+|\n| ||\n+--+\n")


# rich/style.py Style._style_map: the SGR code of each attribute, in the order rich writes them
_ATTRIBUTES: Final = {"bold": (0, "1"), "dim": (1, "2"), "italic": (2, "3")}
_COLOURS: Final = ("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white")
# rich/color.py: a standard colour n is SGR 30+n (n < 8), 82+n (the bright ones), in every colour system
_COLOUR_CODES: Final = {
    **{name: str(30 + n) for n, name in enumerate(_COLOURS)},
    **{f"bright_{name}": str(90 + n) for n, name in enumerate(_COLOURS)},
}
# rich/default_styles.py: the theme's names on this path that are not a style definition themselves
_THEME: Final = {"table.header": "bold", "table.title": "italic", "none": ""}


@dataclass(frozen=True, slots=True)
class Sgr:
    """A rich Style of attributes (bold, dim, italic) and a standard colour:
    what it writes around a text (rich/style.py ``Style.render``)."""

    attributes: tuple[bool, bool, bool] = (False, False, False)
    colour: str | None = None  # the SGR code of the foreground colour

    def __add__(self, other: Sgr) -> Sgr:
        """rich's Style.__add__: the attributes of both, the colour of ``other`` if it has one."""
        attributes = tuple(a or b for a, b in zip(self.attributes, other.attributes))
        return Sgr(attributes, other.colour or self.colour)  # type: ignore[arg-type]  # three of three

    def codes(self, no_color: bool) -> str:
        """rich's _make_ansi_codes (``no_color``: of ``without_color``)."""
        sgr = [code for on, (_, code) in zip(self.attributes, _ATTRIBUTES.values()) if on]
        if self.colour is not None and not no_color:
            sgr.append(self.colour)
        return ";".join(sgr)

    def render(self, text: str, no_color: bool) -> str:
        """rich's Style.render of ``text`` for a colour system (any: a standard colour is not downgraded)."""
        codes = self.codes(no_color)
        return f"\x1b[{codes}m{text}\x1b[0m" if codes and text else text


NULL_SGR: Final = Sgr()


@lru_cache(maxsize=64)
def sgr(name: str) -> Sgr | None:
    """rich's Console.get_style(name) for the names mirrored here (None: any other)."""
    name = _THEME.get(name, name)
    attributes = [False, False, False]
    colour = None
    for word in name.split():
        word = word.lower()
        if word in _ATTRIBUTES:
            attributes[_ATTRIBUTES[word][0]] = True
        elif word in _COLOUR_CODES:
            colour = _COLOUR_CODES[word]  # rich: the last colour named wins
        else:
            return None
    return Sgr((attributes[0], attributes[1], attributes[2]), colour)


def emoji_code(text: str) -> bool:
    """``text`` holds what rich/_emoji_replace.py's pattern matches: Console.print
    of a string replaces such a ``:name:`` code when it names an emoji."""
    return text.count(":") >= 2 and _emoji_pattern().search(text) is not None


@lru_cache(maxsize=1)
def _emoji_pattern() -> re.Pattern[str]:
    return re.compile(r"(:(\S*?)(?:(?:\-)(emoji|text))?:)")  # compiled the first time a line has two colons
