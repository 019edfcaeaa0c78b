"""AdmitReport -> the admission story: each pod, its CPUs, the shrinking pool."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from pod_resources_cli.analysis.admit import AdmitReport, ReplicaCount
from pod_resources_cli.analysis.report import PodReport
from pod_resources_cli.render.affinity import affinity_text
from pod_resources_cli.render.explain_table import cpuset_cell, devices_cell
from pod_resources_cli.render.safe_text import printable
from pod_resources_cli.why_words import maybe_words


def replica_line(count: ReplicaCount) -> str:
    """``Deployment web: 110 of 1000000000 replicas simulated, 110 admitted, 999999890 left out: ...``"""
    ref = f"{count.namespace}/{count.name}" if count.namespace else count.name
    ref = f"{ref} {count.template}" if count.template else ref
    text = f"{count.kind} {ref}: {count.simulated} of {count.replicas} replicas simulated, {count.admitted} admitted"
    if count.left_out:
        text += f", {count.left_out} left out: {maybe_words(count.bound)}"
    return text


def _text(text: str, style: str = "") -> Text:
    """Rich text with the manifest's names made printable (render/safe_text.py)."""
    return Text(printable(text), style=style)



def render_admit(report: AdmitReport, width: int | None = None) -> RenderableType:
    """The admissions as a table, or stacked a pod at a time below STACK_BELOW
    columns, then the CPU map; ``width`` is the terminal's."""
    node = report.node
    policies = ", ".join(f"{k}={v}" for k, v in report.policies.items())
    head = _text(f"Node: {node.name} ({node.source})", style="bold")
    head.append(f"\n{policies}; reserved CPUs: {report.reserved or '-'}", style="dim")
    from pod_resources_cli.analysis.node_gaps import node_gaps

    for gap in node_gaps(node):
        head.append("\nNote: " + printable(gap), style="yellow")
    if width is not None and width < STACK_BELOW:
        parts: list[RenderableType] = [head, _stacked(report)]
        return Group(*parts, *_after_table(report, width))
    t = Table(title="Admission, in order", title_justify="left")
    with_devices = any(c.placement is not None and c.placement.devices for r in report.pods for c in r.containers)
    columns = ("#", "pod", "result", "container", "cpuset", "NUMA", "memory NUMA", "isolation")
    for col in (*columns, *(("devices",) if with_devices else ()), "shared pool after"):
        t.add_column(col, overflow="fold")
    for i, r in enumerate(report.pods, 1):
        a = r.admission
        assert a is not None
        result = _result(r)
        rows = [c for c in r.containers if c.placement is not None] if a.admitted else []
        if not rows:
            blanks = [""] * (6 if with_devices else 5)
            t.add_row(str(i), printable(_name(r)), result, *blanks, a.shared_pool_after or "-")
        for j, c in enumerate(rows):
            p = c.placement
            assert p is not None
            t.add_row(
                str(i) if j == 0 else "",
                printable(_name(r)) if j == 0 else "",
                result if j == 0 else "",
                printable(c.name),
                cpuset_cell(p),
                ",".join(map(str, p.numa_affinity)) if p.numa_affinity else "any",
                ",".join(map(str, p.memory_numa_nodes)) if p.memory_numa_nodes is not None else "any",
                p.isolation or "-",
                *((devices_cell(p),) if with_devices else ()),
                (a.shared_pool_after or "-") if j == len(rows) - 1 else "",
            )
        t.add_section()
    return Group(head, t, *_after_table(report, width))


def _after_table(report: AdmitReport, width: int | None) -> list[RenderableType]:
    """The replica counts and the CPU map that follow the admissions."""
    from pod_resources_cli.render.node_topology import render_topology

    parts: list[RenderableType] = []
    if report.replicas:
        counts = _text("--expand-replicas", style="bold")
        for count in report.replicas:
            counts.append(f"\n  {printable(replica_line(count))}", style="yellow" if count.left_out else "")
        parts.append(counts)
    if report.node.topology is not None:
        parts.append(render_topology(report.node, set(report.reserved), report.owners, width))
    return parts


# Below this width the nine columns of the table would break words apart: each
# pod is a block of lines instead (the same facts, labelled).
STACK_BELOW = 120


def _result(r: PodReport) -> Text:
    a = r.admission
    assert a is not None
    if a.admitted:
        result = _text("admitted", style="green")
    elif a.decided_by == "apiserver":
        result = _text(f"rejected by the API server (never reaches the node): {a.message}", style="bold red")
    else:
        result = _text(f"{a.reason}: {a.message}", style="bold red")
        if a.affinity is not None and a.affinity_why is not None:
            result.append("\n").append_text(affinity_text(a.affinity, a.affinity_why))
    if a.scheduler_reason:
        result.append(f"\nthe scheduler would not place it here: {a.scheduler_reason}", style="yellow")
    return result


def _stacked(report: AdmitReport) -> Group:
    """Each pod a block: its result on the first line, then one line per
    container and the shared pool after it, each continuing under itself."""
    from rich.padding import Padding

    parts: list[RenderableType] = [_text("Admission, in order", style="italic")]
    for i, r in enumerate(report.pods, 1):
        a = r.admission
        assert a is not None
        head = Text(f"{i:>2}  ")
        head.append(printable(_name(r)), style="bold")
        if a.admitted and not a.scheduler_reason:
            head.append("  ").append_text(_result(r))
            parts.append(head)
        else:  # a refusal and its why: a block of its own under the pod
            parts += [head, Padding(_result(r), (0, 0, 0, 4))]
        for c in (c for c in r.containers if c.placement is not None) if a.admitted else ():
            p = c.placement
            assert p is not None
            numa = ",".join(map(str, p.numa_affinity)) if p.numa_affinity else "any"
            memory = ",".join(map(str, p.memory_numa_nodes)) if p.memory_numa_nodes is not None else "any"
            line = _text(f"{c.name}: ", style="cyan")
            line.append(f"cpuset {cpuset_cell(p)}; NUMA {numa}; memory NUMA {memory}; isolation {p.isolation or '-'}")
            if p.devices:
                line.append(f"; devices {devices_cell(p)}")
            parts.append(Padding(line, (0, 0, 0, 4)))
        parts.append(Padding(Text(f"shared pool after: {a.shared_pool_after or '-'}", style="dim"), (0, 0, 0, 4)))
    return Group(*parts)


def _name(r: PodReport) -> str:
    """The pod's name, and its template's where an object has several (a RayCluster's worker group)."""
    return f"{r.workload.name} {r.workload.template}" if r.workload.template else r.workload.name
