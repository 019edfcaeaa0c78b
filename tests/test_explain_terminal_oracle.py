"""explain's table and -o wide, laid out and painted without rich (cli/console.py
decides the terminal, render/rich_parts.py paints), print byte for byte what
rich's own Console prints: the same run with the screen built from rich's
Console (text_layout.Screen(console.stdout()): rich paints every style and
lays out every folded cell, title and printed line) is the reference.

A representative subset runs here (examples/pods and examples/lint, with a
described node and with one whose description has gaps, and three directories
of tests/data/real; 40 and 120 columns; each colour system, a dumb terminal,
NO_COLOR, a latin-1 stream). The whole matrix (every manifest of
tests/data/real and examples, 40/80/120/160 columns, twelve terminals) was
run once against the rich rendering of the commit before the rich-free
layout (2057192): identical.
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

import pytest

from pod_resources_cli.cli import console, main
from pod_resources_cli.render.text_layout import Screen

ROOT = Path(__file__).resolve().parents[1]
GAPS = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\ncgroupDriver: systemd\n"  # no CPUs, no memory

TERMINALS = {  # name: (environment, --color, isatty, encoding)
    "never": ({}, "never", False, "utf-8"),
    "truecolor": ({"TERM": "xterm-256color", "COLORTERM": "truecolor"}, "always", False, "utf-8"),
    "256": ({"TERM": "xterm-256color"}, "always", False, "utf-8"),
    "standard-tty": ({"TERM": "xterm"}, "auto", True, "utf-8"),
    "dumb": ({"TERM": "dumb"}, "always", False, "utf-8"),
    "force-16color": ({"FORCE_COLOR": "1", "TERM": "xterm-16color"}, "auto", False, "utf-8"),
    "no-color": ({"NO_COLOR": "1", "TERM": "xterm-256color", "COLORTERM": "24bit"}, "always", False, "utf-8"),
    "latin-1": ({"TERM": "xterm-256color"}, "always", False, "latin-1"),
}
CLEARED = ("TERM", "COLORTERM", "NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "LINES", "COLUMNS")


class _Stream(io.TextIOWrapper):
    """Standard output with a chosen encoding, a terminal or not."""

    def __init__(self, encoding: str, tty: bool) -> None:
        super().__init__(io.BytesIO(), encoding=encoding, errors="backslashreplace", write_through=True)
        self._tty = tty

    def isatty(self) -> bool:
        return self._tty


def _run(monkeypatch: pytest.MonkeyPatch, args: list[str], terminal: str, width: int) -> bytes:
    env, mode, tty, encoding = TERMINALS[terminal]
    for name in CLEARED:
        monkeypatch.delenv(name, raising=False)
    for name, value in {**env, "COLUMNS": str(width)}.items():
        monkeypatch.setenv(name, value)
    stream = _Stream(encoding, tty)
    with monkeypatch.context() as patch:
        patch.setattr(sys, "stdout", stream)
        with contextlib.redirect_stderr(io.StringIO()):
            main(["--color", mode, *args])
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue()


def _commands(tmp_path: Path) -> list[list[str]]:
    gaps = tmp_path / "gaps.yaml"
    gaps.write_text(GAPS, encoding="utf-8")
    node = str(ROOT / "examples" / "nodes" / "dual-socket-ht.yaml")
    pods, lint = str(ROOT / "examples" / "pods"), str(ROOT / "examples" / "lint")
    real = [str(ROOT / "tests" / "data" / "real" / name) for name in ("InftyAI__llmaz", "NVIDIA__KAI-Scheduler", "Altinity__clickhouse-operator")]
    commands = [["explain", pods], ["explain", "-o", "wide", pods], ["explain", "-v", "--node", node, lint]]
    commands += [["explain", "--node", str(gaps), pods], ["explain", "-o", "wide", "--node", node, lint]]
    commands += [["explain", "--no-render", *real], ["explain", "--no-render", "-o", "wide", *real]]
    return commands


@pytest.mark.parametrize("terminal", sorted(TERMINALS))
def test_the_rich_free_table_is_what_rich_prints(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, terminal: str) -> None:
    monkeypatch.setattr(console, "_color", console._color)  # --color is process-wide: restored after the test
    monkeypatch.setattr(console, "_consoles", {})
    for args in _commands(tmp_path):
        for width in (40, 120):
            ours = _run(monkeypatch, args, terminal, width)
            with monkeypatch.context() as patch:
                patch.setattr(console, "screen", lambda: Screen(console.stdout()))  # rich's Console: the reference
                reference = _run(monkeypatch, args, terminal, width)
            assert ours == reference, (args, terminal, width)
            assert (b"\x1b[" in ours) == (terminal not in ("never", "dumb"))  # NO_COLOR: bold and dim still
