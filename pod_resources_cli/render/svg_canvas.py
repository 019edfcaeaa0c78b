"""A small SVG writer that knows how far its elements reach.

Every text goes through render/safe_text.py ``xml_text`` and then XML
escaping, whoever wrote it: names from the input (<, &, control characters)
stay well-formed. Text widths are estimated for a monospace font (DejaVu
Sans Mono advances 0.602 em); the estimate is generous so the viewBox
(the furthest element plus a margin) never clips a label.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from pod_resources_cli.render.safe_text import xml_text

FONT = "DejaVu Sans Mono, Menlo, Consolas, monospace"
CHAR = 0.62  # em: a monospace advance, rounded up
MARGIN = 12


def xml(text: str) -> str:
    """Text for SVG content: what XML cannot hold shown escaped, then the markup escaped."""
    return escape(xml_text(text))


def text_width(text: str, size: float = 12) -> float:
    return len(text) * size * CHAR


def ink(fill: str) -> str:
    """Black or white text, whichever reads better on ``fill`` (#rrggbb)."""
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#fff"


def wrap(text: str, columns: int) -> list[str]:
    """``text`` in lines of at most ``columns`` characters, broken at spaces where it can."""
    lines: list[str] = []
    rest = text
    while len(rest) > columns:
        cut = rest.rfind(" ", 0, columns + 1)
        cut = cut if cut > columns // 2 else columns
        lines.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    return [*lines, rest] if rest or not lines else lines


class Canvas:
    """Elements in drawing order, and the furthest point any of them reaches."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.right = 0.0
        self.bottom = 0.0

    def _reach(self, x: float, y: float) -> None:
        self.right, self.bottom = max(self.right, x), max(self.bottom, y)

    def rect(
        self, x: float, y: float, w: float, h: float, *, cls: str = "", fill: str = "", tip: str = "", rx: float = 0,
        at: int | None = None,
    ) -> None:  # fmt: skip
        """``at``: drawn under the elements from that index on (a box sized after its content)."""
        attrs = f'x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}"'
        attrs += f' rx="{rx:g}"' if rx else ""
        attrs += f' class="{cls}"' if cls else ""
        attrs += f' fill="{fill}"' if fill else ""
        element = f"<rect {attrs}/>"
        if tip:  # a tooltip: the browser shows it on hover
            element = f"<rect {attrs}><title>{xml(tip)}</title></rect>"
        self.parts.insert(len(self.parts) if at is None else at, element)
        self._reach(x + w, y + h)

    def text(
        self, x: float, y: float, text: str, *, cls: str = "", size: float = 12, anchor: str = "start", fill: str = ""
    ) -> None:
        """``y`` is the baseline."""
        attrs = f'x="{x:g}" y="{y:g}"'
        attrs += f' class="{cls}"' if cls else ""
        attrs += f' font-size="{size:g}"' if size != 12 else ""
        attrs += f' text-anchor="{anchor}"' if anchor != "start" else ""
        attrs += f" fill={quoteattr(fill)}" if fill else ""
        self.parts.append(f"<text {attrs}>{xml(text)}</text>")
        width = text_width(text, size)
        left = x - (width if anchor == "end" else width / 2 if anchor == "middle" else 0)
        self._reach(max(x, left + width), y + size * 0.3)

    def raw(self, element: str) -> None:
        """An element made of the canvas's own text (no input in it)."""
        self.parts.append(element)

    def document(self, title: str, style: str) -> str:
        width, height = int(self.right + MARGIN + 0.999), int(self.bottom + MARGIN + 0.999)
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="{FONT}" font-size="12">'
        )
        background = f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fff"/>'
        return "\n".join([head, f"<title>{xml(title)}</title>", f"<style>{style}</style>", background, *self.parts, "</svg>"]) + "\n"
