"""`explain -o wide` and `admit -o wide`: one row per pod, the view for a
directory of workloads (the panels of `-o table` run to a screen each).

Columns: the workload, its pods, QoS, the pod's effective cpu and memory
requests and limits, whether pod-level resources decide them, placement
(or the refusal) on the described node, and how many notes the pod has.
Rows are kept until the end (a table needs its widths): about 200 bytes a
pod.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from pod_resources_cli.analysis.report import PodReport
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.render.safe_text import printable
from pod_resources_cli.render.text_layout import Grid, Run, Screen, table

HEADERS = ("workload", "pods", "QoS", "cpu req/lim", "memory req/lim", "pod-level", "placement", "notes")
# Below this width: fewer, shorter columns (QoS abbreviated, pod-level marked
# on the workload, the note count dropped) so that words are not broken.
NARROW_BELOW = 120
NARROW_HEADERS = ("workload", "n", "QoS", "cpu", "memory", "placement")
_QOS_STYLE = {"Guaranteed": "green", "Burstable": "yellow", "BestEffort": "red"}
_QOS_SHORT = {"Guaranteed": "Guar", "Burstable": "Burst", "BestEffort": "BestEff"}


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


def narrow_row(r: PodReport) -> tuple[Run, ...]:
    replicas = r.workload.replicas
    qos = r.qos.qos_class.value
    workload = _workload(r) + (" (pod-level)" if r.pod.resources is not None else "")
    return (
        (workload, "bold"),
        (str(1 if replicas is None else replicas), ""),
        (_QOS_SHORT.get(qos, qos), _QOS_STYLE.get(qos, "")),
        (_pair(r.requests, r.limits, "cpu"), ""),
        (_pair(r.requests, r.limits, "memory"), ""),
        _placement(r),
    )


def row(r: PodReport) -> tuple[Run, ...]:
    replicas = r.workload.replicas
    qos = r.qos.qos_class.value
    cells: tuple[Run, ...] = (
        (_workload(r), "bold"),
        (str(1 if replicas is None else replicas), ""),
        (qos, _QOS_STYLE.get(qos, "")),
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
    """The table and the number of pods in it ("" for none)."""
    return render_rows(map(row_of(screen), reports), screen)


def render_rows(rows: Iterable[Row], screen: Screen) -> tuple[str, int]:
    """``render_wide`` of rows already made (``row_of``: where each pod is explained)."""
    grid = Grid("", NARROW_HEADERS if screen.width < NARROW_BELOW else HEADERS)
    count = 0
    for cells in rows:
        grid.add_row(*cells)
        count += 1
    return (table(screen, grid) if count else ""), count
