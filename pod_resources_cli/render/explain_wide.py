"""`explain -o wide` and `admit -o wide`: one row per pod, the view for a
directory of workloads (the panels of `-o table` run to a screen each).

Columns: the workload, its pods, QoS, the pod's effective cpu and memory
requests and limits, whether pod-level resources decide them, placement
(or the refusal) on the described node, and how many notes the pod has.
Rows are kept until the end (a table needs its widths): about 200 bytes a
pod. A pod that is only as written (an operator or a webhook adds to it)
has its QoS class marked ``*``, and a line under the table says so: the
class is the template's, not one to rely on.

Nothing is cut inside a word: the values and the QoS class keep their
columns whole, and the workload and placement share what is left, the
workload's name broken after a ``-``, ``.``, ``/``, ``_`` or space, the
placement at its spaces. Below 120 columns the table has fewer columns (and
no placement column when no pod has one); where even those do not fit with
every name part whole, a kind's CamelCase name may break between its words
(on 80 columns or more: ``VirtualMachineInstance`` ``ReplicaSet``), and
otherwise each pod is a block of lines instead of a row.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from pod_resources_cli.analysis.report import PodReport
from pod_resources_cli.model.workload import WorkloadRef
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.render.rich_parts import cell_len
from pod_resources_cli.render.safe_text import printable
from pod_resources_cli.render.text_layout import Grid, Run, Screen, table

HEADERS = ("workload", "pods", "QoS", "cpu req/lim", "memory req/lim", "pod-level", "placement", "notes")
# Below this width: fewer columns (pod-level marked on the workload, the note
# count dropped), with short headers, so that the workload keeps some room.
NARROW_BELOW = 120
NARROW_HEADERS = ("workload", "pods", "QoS", "cpu", "memory", "placement")
_QOS_STYLE = {"Guaranteed": "green", "Burstable": "yellow", "BestEffort": "red"}
# Where a cell may continue on the next line: a workload's name after a
# separator, a request/limit pair after its slash, a placement at a space.
NAME_BREAKS = re.compile(r"(?<=[-./_: ])")
WORD_BREAKS_FROM = 80
# and between the words of a CamelCase kind (a word of letters before a space: names are lower case,
# a template's field path holds no space inside)
NAME_OR_WORD_BREAKS = re.compile(r"(?<=[-./_: ])|(?<=[a-z])(?=[A-Z][A-Za-z]*\s)")
PAIR_BREAKS = re.compile(r"(?<=/)")
WORD_BREAKS = re.compile(r"(?<= )")
_FLEXIBLE = {
    "workload": NAME_BREAKS, "cpu": PAIR_BREAKS, "memory": PAIR_BREAKS, "cpu req/lim": PAIR_BREAKS,
    "memory req/lim": PAIR_BREAKS, "placement": WORD_BREAKS,
}  # fmt: skip
UNKNOWN_COUNT = "?"
AS_WRITTEN_MARK = "*"
AS_WRITTEN_LEGEND = "* only as written: an operator or a webhook adds to the pod\n"


def pod_count(ref: WorkloadRef) -> str:
    """How many pods the template stands for: its count; a Pod is one, a
    DaemonSet one per node; otherwise (an autoscaler's, a schedule's or a
    workflow's choice at run time, or a kind found by its shape) unknown,
    never a guessed 1."""
    if ref.replicas is not None:
        return str(ref.replicas)
    if ref.kind == "Pod" and not ref.template:
        return "1"
    if ref.kind == "DaemonSet":
        return "1/node"
    return UNKNOWN_COUNT


def _pair(requests: Mapping[str, Quantity], limits: Mapping[str, Quantity], name: str) -> str:
    req, lim = requests.get(name), limits.get(name)
    return f"{req.canonical() if req is not None else '-'}/{lim.canonical() if lim is not None else '-'}"


def _workload(r: PodReport) -> str:
    w = r.workload
    where = f"{w.namespace}/" if w.namespace else ""
    name = f"{w.kind} {where}{w.name}" + (f" {w.template}" if w.template else "")
    return printable(name)


def _placement(r: PodReport) -> Run:
    a = r.admission
    if a is None:
        return ("-", "dim")
    if not a.admitted:
        who = "API server" if a.decided_by == "apiserver" else a.reason or "refused"
        return (printable(f"refused: {who}"), "red")
    exclusive = [c for c in r.containers if c.placement is not None and c.placement.exclusive]
    devices = sorted({d.resource for c in r.containers if c.placement is not None for d in c.placement.devices})
    numa = sorted({n for c in r.containers if c.placement is not None for n in c.placement.numa_affinity or ()})
    parts = ["admitted"]
    if exclusive:
        parts.append(f"{len(exclusive)} pinned")
    if numa:
        parts.append("NUMA " + ",".join(map(str, numa)))
    if devices:
        parts.append(printable(", ".join(devices)))
    if a.scheduler_reason:
        parts.append(printable(f"scheduler: {a.scheduler_reason}"))
    return ("; ".join(parts), "yellow" if a.scheduler_reason else "green")


def _qos(r: PodReport) -> Run:
    qos = r.qos.qos_class.value
    return (qos + AS_WRITTEN_MARK, "dim") if r.workload.as_written is not None else (qos, _QOS_STYLE.get(qos, ""))


def narrow_row(r: PodReport) -> tuple[Run, ...]:
    workload = _workload(r) + (" (pod-level)" if r.pod.resources is not None else "")
    return (
        (workload, "bold"),
        (pod_count(r.workload), ""),
        _qos(r),
        (_pair(r.requests, r.limits, "cpu"), ""),
        (_pair(r.requests, r.limits, "memory"), ""),
        _placement(r),
    )


def row(r: PodReport) -> tuple[Run, ...]:
    cells: tuple[Run, ...] = (
        (_workload(r), "bold"),
        (pod_count(r.workload), ""),
        _qos(r),
        (_pair(r.requests, r.limits, "cpu"), ""),
        (_pair(r.requests, r.limits, "memory"), ""),
        ("yes" if r.pod.resources is not None else "no", ""),
        _placement(r),
        (str(len(r.notes)) if r.notes else "-", "yellow" if r.notes else "dim"),
    )
    return cells


Row = tuple[Run, ...]


def row_of(screen: Screen) -> Callable[[PodReport], Row]:
    """What makes a pod's row on ``screen`` (fewer columns below NARROW_BELOW)."""
    return narrow_row if screen.width < NARROW_BELOW else row


def render_wide(reports: Iterable[PodReport], screen: Screen) -> tuple[str, int]:
    """The table (or the blocks, on a narrow screen) and the number of pods
    in it ("" for none)."""
    return render_rows(map(row_of(screen), reports), screen)


def render_rows(made: Iterable[Row], screen: Screen) -> tuple[str, int]:
    """``render_wide`` of rows already made (``row_of``: where each pod is explained)."""
    narrow = screen.width < NARROW_BELOW
    headers: tuple[str, ...] = NARROW_HEADERS if narrow else HEADERS
    rows = list(made)
    if not rows:
        return "", 0
    if narrow and all(r[-1][0] == "-" for r in rows):  # no node, nothing refused: no placement to show
        headers, rows = headers[:-1], [r[:-1] for r in rows]
    legend = AS_WRITTEN_LEGEND if any(r[2][0].endswith(AS_WRITTEN_MARK) for r in rows) else ""
    cells = fitted(rows, headers, screen.width)
    if cells is None:
        return blocks(rows, headers, screen) + legend, len(rows)
    grid = Grid("", headers)
    for line in cells:
        grid.add_row(*line)
    return table(screen, grid) + legend, len(rows)


def blocks(rows: Sequence[tuple[Run, ...]], headers: Sequence[str], screen: Screen) -> str:
    """Each pod as a block: its workload, then ``pods 3; QoS Burstable; cpu
    500m/1; ...`` indented under it, both broken between whole parts (a
    field's name stays on the line of its value's first word)."""
    out: list[str] = []
    for r in rows:
        (name, name_style), rest = r[0], r[1:]
        out += [screen.paint(line, screen.style(name_style)) for line in _lines(name, screen.width, NAME_BREAKS)]
        words: list[tuple[str, str, str]] = []  # (plain lead, text, the text's style)
        for i, (header, (text, style)) in enumerate(zip(headers[1:], rest)):
            field = (f"{text};" if i < len(rest) - 1 else text).split(" ")
            words += [(f"{header} ", field[0], style), *(("", w, style) for w in field[1:] if w)]
        line, length = "  ", 2
        for lead, text, style in words:
            if length > 2 and length + 1 + cell_len(lead + text) > screen.width:
                out.append(line)
                line, length = "  ", 2
            room = max(screen.width - length - (length > 2), 1)
            pieces = [(lead, text)] if cell_len(lead + text) <= room else [("", p) for p in _lines(lead + text, room, WORD_BREAKS)]
            for plain, styled in pieces:
                if length > 2:
                    line, length = line + " ", length + 1
                line += plain + screen.paint(styled, screen.style(style))
                length += cell_len(plain + styled)
                if length >= screen.width:
                    out.append(line)
                    line, length = "  ", 2
        if length > 2:
            out.append(line)
    return "\n".join(out) + "\n"


# -- fitting the columns ---------------------------------------------------------------------


def fitted(rows: Sequence[tuple[Run, ...]], headers: Sequence[str], width: int) -> list[tuple[Run, ...]] | None:
    """``_fitted``; where no break after a separator fits, on a screen of 80
    columns or more, a kind's name may break between its words too
    (``VirtualMachineInstance``/``ReplicaSet``)."""
    fits = _fitted(rows, headers, width)
    if fits is None and width >= WORD_BREAKS_FROM:  # narrower, a block a pod reads better than a name in pieces
        fits = _fitted(rows, headers, width, {"workload": NAME_OR_WORD_BREAKS})
    return fits


def _fitted(
    rows: Sequence[tuple[Run, ...]], headers: Sequence[str], width: int, flexible_as: Mapping[str, re.Pattern[str]] | None = None
) -> list[tuple[Run, ...]] | None:
    """``rows`` with the workload, request/limit and placement texts broken
    into lines so that the table fits ``width`` (borders and padding: 3 cells
    a column, 1 more) without a column cut inside a word; as they are when
    they fit; None when no breaking between whole parts makes them fit."""
    room = width - 3 * len(headers) - 1
    breaks = {i: (flexible_as or {}).get(h, _FLEXIBLE[h]) for i, h in enumerate(headers) if h in _FLEXIBLE}
    flexible = list(breaks)
    fixed = sum(_widest([h, *(r[i][0] for r in rows)]) for i, h in enumerate(headers) if i not in flexible)
    widest = {i: _widest([headers[i], *(r[i][0] for r in rows)]) for i in flexible}
    if fixed + sum(widest.values()) <= room:
        return list(rows)
    least = {i: max(cell_len(headers[i]), *(_longest_part(r[i][0], breaks[i]) for r in rows)) for i in flexible}
    if fixed + sum(least.values()) > room:
        return None
    widths = _share(room - fixed, least, widest, breaks)
    out: list[tuple[Run, ...]] = []
    for r in rows:
        cells = list(r)
        for i in flexible:
            text, style = cells[i]
            cells[i] = ("\n".join(_lines(text, widths[i], breaks[i])), style)
        out.append(tuple(cells))
    return out


def _share(room: int, least: dict[int, int], widest: dict[int, int], breaks: dict[int, re.Pattern[str]]) -> dict[int, int]:
    """Each flexible column's width: its longest unbreakable part, then what
    is left of ``room`` given whole, a request/limit pair first (two short
    lines read worse than one), then the workload, the placement last (it
    reads well at any width)."""
    widths = dict(least)
    spare = room - sum(least.values())
    order = sorted(least, key=lambda i: (breaks[i] is not PAIR_BREAKS, breaks[i] is WORD_BREAKS, i))
    for i in order:
        more = min(spare, widest[i] - least[i])
        widths[i] += more
        spare -= more
    return widths


def _widest(texts: Iterable[str]) -> int:
    return max(cell_len(line) for text in texts for line in text.splitlines() or [""])


def _parts(text: str, breaks: re.Pattern[str]) -> list[str]:
    return [p for p in breaks.split(text) if p]


def _longest_part(text: str, breaks: re.Pattern[str]) -> int:
    return max((cell_len(p.rstrip()) for p in _parts(text, breaks)), default=0)


def _lines(text: str, width: int, breaks: re.Pattern[str]) -> list[str]:
    """``text`` in lines of at most ``width`` cells, broken between parts; a
    part wider than ``width`` alone is folded."""
    lines: list[str] = []
    current = ""
    for part in _parts(text, breaks):
        if current and cell_len((current + part).rstrip()) > width:
            lines.append(current.rstrip())
            current = ""
        current += part.lstrip() if not current else part
        while cell_len(current.rstrip()) > width:  # one part wider than the column
            cut = _cut(current, width)
            lines.append(current[:cut])
            current = current[cut:]
    if current.strip():
        lines.append(current.rstrip())
    return lines or [""]


def _cut(text: str, width: int) -> int:
    """The most characters of ``text`` that fit ``width`` cells (at least one)."""
    used = 0
    for i, ch in enumerate(text):
        used += cell_len(ch)
        if used > width:
            return max(i, 1)
    return len(text)
