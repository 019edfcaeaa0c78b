"""The explain table: laid out by render/text_layout.py exactly as rich lays out
the same panel and tables, and bounded on hostile input (cut names, counted rows)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pod_resources_cli.cli import main
from pod_resources_cli.render.explain_table import MAX_CELL_CHARS, MAX_RESOURCE_ROWS
from pod_resources_cli.render.text_layout import Grid, Line, Screen, Terminal, panel

# the styles explain paints (mirrored in render/rich_parts.py), and some it does not (rich paints them)
STYLES = st.sampled_from(["", "dim", "cyan", "bold", "bold magenta", "yellow", "bold red", "table.title", "underline", "blue on white"])
# words short and long, wide characters, and a line separator (rich measures it as a break)
TEXT = st.lists(st.sampled_from([*"ab c-/.:é名字", "\u2028", "x" * 30]), max_size=40).map("".join)
RUNS = st.lists(st.tuples(TEXT, STYLES), min_size=1, max_size=4).map(tuple)


def _as_text(runs: Line) -> Text:
    text = Text(style="red")  # a base style, spans, and lines of its own (affinity_text, running_lines)
    for run, style in runs:
        text.append(run + "\n  ", style=style)
    return text


TEXTS = RUNS.map(_as_text)


@st.composite
def grids(draw: st.DrawFn) -> Grid:
    names = st.sampled_from(["container", "type", "where it comes from", "why", "NUMA affinity"])
    headers = draw(st.lists(names, min_size=1, max_size=6))
    grid = Grid(draw(TEXT), tuple(headers))
    for _ in range(draw(st.integers(0, 5))):
        grid.add_row(*(draw(st.tuples(TEXT, STYLES)) for _ in headers))
        if draw(st.booleans()):
            grid.add_section()
    return grid


def _rich(parts: list[Line | Grid | Text]) -> RenderableType:
    """The same content built from rich's own Panel, Group and Table: the reference."""
    body: list[RenderableType] = []
    for part in parts:
        if isinstance(part, Grid):
            table = Table(title=Text(part.title, style="table.title"), title_justify="left")
            for header in part.headers:
                table.add_column(header, overflow="fold")
            for index, row in enumerate(part.rows):
                cells = (Text(text, style=style) for text, style in row)
                table.add_row(*cells, end_section=index in part.section_ends)
            body.append(table)
        elif isinstance(part, Text):
            body.append(part)
        else:
            text = Text()
            for run, style in part:
                text.append(run, style=style)
            body.append(text)
    return Panel(Group(*body), expand=False)


COLOURS = st.sampled_from([None, "standard", "256", "truecolor"])


@settings(max_examples=200)
@given(parts=st.lists(st.one_of(RUNS, grids(), TEXTS), min_size=1, max_size=4), width=st.integers(20, 170), color=COLOURS, no_color=st.booleans())
@example(parts=[(("x" * 300, "dim"),), Grid("t", ("a", "b"), [(("y " * 90, "cyan"), ("", ""))])], width=80, color="truecolor", no_color=False)
@example(parts=[(("", ""),), Grid("", ("container",) * 5, [(("", ""),) * 5])], width=20, color=None, no_color=False)  # too narrow to print
@example(parts=[(("a\u2028 b", ""),)], width=20, color=None, no_color=False)  # a line separator: a break to measure, a character to print
@example(parts=[Grid("a title too long " * 9, ("h",), [(("folded " * 30, "bold red"),)])], width=60, color="256", no_color=False)
def test_a_panel_prints_what_rich_prints(parts: list[Line | Grid | Text], width: int, color: str | None, no_color: bool) -> None:
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=color, force_terminal=color is not None, no_color=no_color)  # type: ignore[arg-type]
    console.print(_rich(parts))
    assert panel(Screen(console), parts) == out.getvalue()
    # from a Terminal no rich console is built (but for what is not mirrored): the same text from render/rich_parts.py
    assert panel(Screen(Terminal(width, color, no_color=no_color)), parts) == out.getvalue()


@settings(max_examples=100)
@given(parts=st.lists(st.one_of(RUNS, grids()), min_size=1, max_size=3), width=st.integers(20, 170), color=COLOURS)
def test_an_ascii_only_stream_gets_rich_ascii_boxes(parts: list[Line | Grid | Text], width: int, color: str | None) -> None:
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="latin-1", errors="replace")
    console = Console(file=out, width=width, color_system=color, force_terminal=color is not None)  # type: ignore[arg-type]
    console.print(_rich(parts))
    out.flush()
    screen = Screen(Terminal(width, color, ascii_only=True))
    assert panel(screen, parts).encode("latin-1", "replace") == raw.getvalue()


@settings(max_examples=200)
@given(lines=st.lists(RUNS, max_size=4), width=st.integers(20, 170), color=COLOURS, no_color=st.booleans())
@example(lines=[(("word " * 40, "dim"),), (("x" * 200, ""),)], width=40, color=None, no_color=False)
@example(lines=[(("Note: a:smile: b " * 9, "bold yellow"),)], width=40, color="truecolor", no_color=False)
def test_printed_lines_are_what_console_print_writes(lines: list[Line], width: int, color: str | None, no_color: bool) -> None:
    """The node line and its notes: Console.print of each line as a Text (no
    markup, no highlighting); the summary lines: Console.print of a string in
    a style (an :emoji: code replaced)."""
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=color, force_terminal=color is not None, no_color=no_color)  # type: ignore[arg-type]
    for runs in lines:
        text = Text()
        for run, style in runs:
            text.append(run, style=style)
        console.print(text, markup=False, highlight=False)
    assert Screen(Terminal(width, color, no_color=no_color)).printed(lines) == out.getvalue()
    assert Screen(console).printed(lines) == out.getvalue()
    strings = [(("".join(run for run, _ in runs), runs[0][1]),) for runs in lines]
    out.seek(0)
    out.truncate()
    for ((text_, style),) in strings:
        console.print(text_, style=style or None, markup=False, highlight=False)
    assert Screen(Terminal(width, color, no_color=no_color)).printed(strings, strings=True) == out.getvalue()


POD = """\
apiVersion: v1
kind: Pod
metadata: {{name: p}}
spec:
  containers:
  - name: a
    image: x
    resources:
      requests:
{names}"""


def test_thousands_of_resource_names_are_counted_not_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    path = tmp_path / "pod.yaml"
    names = "".join(f'        example.com/r{i:05}: "1"\n' for i in range(5000))
    path.write_text(POD.format(names=names), encoding="utf-8")
    main(["explain", str(path)])
    out = capsys.readouterr().out
    shown = [line for line in out.splitlines() if "example.com/r" in line]
    assert len(shown) == 2 * MAX_RESOURCE_ROWS  # the container's rows and the pod's
    assert "example.com/r00049" in out and "example.com/r00050" not in out
    assert f"... and {5000 - MAX_RESOURCE_ROWS} more resources of container 'a'; `-o json` lists them all" in out
    assert f"... and {5000 - MAX_RESOURCE_ROWS} more resources of the pod; `-o json` lists them all" in out
    main(["explain", "-o", "json", str(path)])
    pod = json.loads(capsys.readouterr().out)["pods"][0]
    assert len(pod["containers"][0]["requests"]) == 5000


def test_a_megabyte_name_is_cut_short_in_the_table_and_kept_in_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    name = "example.com/" + "r" * 2**20
    path = tmp_path / "pod.json"
    spec = {"containers": [{"name": "a", "image": "x", "resources": {"requests": {name: "1"}}}]}
    pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": spec}
    path.write_text(json.dumps(pod), encoding="utf-8")
    main(["explain", str(path)])
    out = capsys.readouterr().out
    assert "example.com/rrrr" in out and len(out) < 20 * MAX_CELL_CHARS
    rows = [line.split("│") for line in out.splitlines() if line.count("│") == 9]  # the requests table's rows, name folded
    cut = "example.com/" + "r" * (MAX_CELL_CHARS - 13) + "…"
    assert "".join(row[4].strip() for row in rows) == cut * 2  # the container's row and the pod's
    main(["explain", "-o", "json", str(path)])
    report = json.loads(capsys.readouterr().out)["pods"][0]
    assert list(report["containers"][0]["requests"]) == [name]


def test_brackets_and_colons_in_names_are_printed_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """rich markup is not read from the manifest ('[/]' used to stop the table with a MarkupError)."""
    path = tmp_path / "pod.yaml"
    names = '        "example.com/[/]r": "1"\n        "example.com/:smile:": "1"\n'
    path.write_text(POD.format(names=names), encoding="utf-8")
    assert main(["explain", str(path)]) == 0
    out = capsys.readouterr().out
    assert "example.com/[/]r" in out and "example.com/:smile:" in out
    # a container name the API server refuses: the refusal quotes it as written
    path.write_text(POD.format(names=names).replace("name: a", 'name: "c[bold]x"'), encoding="utf-8")
    assert main(["explain", str(path)]) == 2
    assert '"c[bold]x"' in capsys.readouterr().err


def test_a_refused_pod_gets_no_empty_placement_table(capsys: pytest.CaptureFixture[str]) -> None:
    # examples/lint/node-smt.yaml's odd-cpus: 3 exclusive CPUs on a full-pcpus-only node, refused; placed nowhere
    root = Path(__file__).parents[1]
    main(["explain", "--node", str(root / "examples/nodes/dual-socket-ht.yaml"), str(root / "examples/lint/node-smt.yaml")])
    out = capsys.readouterr().out
    assert out.count("Refused by the kubelet") == 3 and out.count("CPU / NUMA placement") == 0


@pytest.mark.parametrize("system", ["standard", "256", "truecolor"])
def test_the_node_lines_notes_are_painted_as_rich_painted_them(system: str) -> None:
    """The notes were appended to the bold node line (rich Text spans over its style): bold yellow, not yellow."""
    from pod_resources_cli.model.default_node import default_node
    from pod_resources_cli.records import replace
    from pod_resources_cli.render.explain_table import render_node_line

    # a hand-written node with neither cpu nor memory: two notes under the node line
    node = replace(default_node(), name="bare", embedded=False, topology=None, capacity={}, source="bare.yaml")
    lines = render_node_line(node)
    assert len(lines) == 3
    out = io.StringIO()
    console = Console(file=out, width=60, color_system=system, force_terminal=True)  # type: ignore[arg-type]
    text = Text(lines[0][0][0], style="bold")
    for line in lines[1:]:
        text.append("\n" + line[0][0], style="yellow")
    console.print(text)
    assert Screen(Console(file=io.StringIO(), width=60, color_system=system, force_terminal=True)).printed(lines) == out.getvalue()  # type: ignore[arg-type]
