"""ExplainReport -> annotated rich tables: every derived value says why."""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pod_resources_cli.analysis.report import CgroupView, ExplainReport, Placement, PodReport
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.quantity import Format, Quantity
from pod_resources_cli.render.explain_running import running_lines
from pod_resources_cli.render.safe_text import printable

def _text(text: str, style: str = "") -> Text:
    """Rich text with the manifest's names made printable (render/safe_text.py)."""
    return Text(printable(text), style=style)


# Tables past this many containers stop and point at -o json: a terminal table
# of thousands of rows helps nobody and takes rich a minute to lay out.
MAX_CONTAINER_ROWS = 50

_QOS_STYLE = {"Guaranteed": "bold green", "Burstable": "bold yellow", "BestEffort": "bold red"}


def _q(values: Mapping[str, Quantity], name: str) -> str:
    q = values.get(name)
    return q.canonical() if q is not None else "-"


def _resources_table(r: PodReport) -> Table:
    t = Table(title="Requests and limits", title_justify="left", expand=False)
    for col in ("container", "type", "resource", "request", "limit", "where it comes from"):
        t.add_column(col, overflow="fold")
    for c in r.containers[:MAX_CONTAINER_ROWS]:
        names = sorted({*c.requests, *c.limits})
        if not names:
            t.add_row(printable(c.name), c.type.value, "-", "-", "-", _text("no requests or limits", style="dim"))
        for i, name in enumerate(names):
            why = sorted({c.why.get(f"{k}.{name}", "") for k in ("requests", "limits")} - {"", "as written"})
            t.add_row(
                printable(c.name) if i == 0 else "",
                c.type.value if i == 0 else "",
                name,
                _q(c.requests, name),
                _q(c.limits, name),
                _text("; ".join(why) or "as written", style="dim" if not why else "cyan"),
            )
    t.add_section()
    for name in sorted({*r.requests, *r.limits}):
        why = []
        if name in r.requests:
            why.append(f"request: {r.requests_why.get(name, '')}")
        if name in r.limits:
            why.append(f"limit: {r.limits_why.get(name, '')}")
        t.add_row(_text("pod", style="bold"), "", name, _q(r.requests, name), _q(r.limits, name), _text("; ".join(why), style="cyan"))
    return t


def _cgroup_table(r: PodReport) -> Table | None:
    rows: list[tuple[str, CgroupView]] = []
    if r.cgroup is not None:
        rows.append(("pod", r.cgroup))
    rows += [(printable(c.name), c.cgroup) for c in r.containers[:MAX_CONTAINER_ROWS] if c.cgroup is not None]
    if not rows:
        return None
    version = r.node.kubelet.cgroup_version
    t = Table(title=f"cgroup v{version} files" + (f"  (pod cgroup {r.cgroup_path})" if r.cgroup_path else ""), title_justify="left")
    for col in ("cgroup", "file", "value", "why"):
        t.add_column(col, overflow="fold")
    for scope, view in rows:
        files = view.v2 if version == 2 else view.v1
        for i, (name, value) in enumerate(files.items()):
            t.add_row(scope if i == 0 else "", name, value, _text(view.why.get(name, ""), style="dim"))
        t.add_section()
    return t


def _oom_table(r: PodReport) -> Table | None:
    if all(c.oom_score_adj is None for c in r.containers):
        return None
    mem = r.node.memory_capacity
    title = "OOM score adjust" + (f" (node memory {Quantity.from_int(mem, Format.BINARY_SI)})" if mem else "")
    t = Table(title=title, title_justify="left")
    for col in ("container", "oom_score_adj", "why"):
        t.add_column(col, overflow="fold")
    for c in r.containers[:MAX_CONTAINER_ROWS]:
        t.add_row(printable(c.name), str(c.oom_score_adj), _text(c.oom_why or "", style="dim"))
    return t


def cpuset_cell(p: Placement) -> str:
    """cpuset.cpus and whose CPUs they are: the container's, its pod's pool, or the node's shared pool."""
    if p.cpuset is None:
        return "shared pool"
    if p.exclusive:
        return f"{p.cpuset} (exclusive)"
    return f"{p.cpuset} (pod shared pool)" if p.isolation == "pod" else f"{p.cpuset} (shared pool)"


def devices_cell(p: Placement) -> str:
    """``nvidia.com/gpu: gpu0,gpu1 (NUMA 0)``, one line per resource; "-" without devices."""
    lines = []
    for d in p.devices:
        numa = f" (NUMA {','.join(map(str, d.numa_nodes))})" if d.numa_nodes else " (no topology)"
        lines.append(printable(f"{d.resource}: {','.join(d.device_ids)}") + numa)
    return "\n".join(lines) or "-"


def _placement_table(r: PodReport) -> RenderableType | None:
    if r.admission is None:
        return None
    parts: list[RenderableType] = []
    a = r.admission
    if a.decided_by == "apiserver":
        # Nothing to place: the pod is refused before any scheduler or kubelet sees it.
        return _text(f"Rejected by the API server, so no kubelet sees it: {a.message}", style="bold red")
    if a.admitted:
        parts.append(_text(f"Admitted by the kubelet; shared pool after: {a.shared_pool_after or '-'}", style="green"))
    else:
        parts.append(_text(f"Refused by the kubelet: {a.reason}: {a.message}", style="bold red"))
        if a.affinity is not None:
            from pod_resources_cli.render.affinity import affinity_text

            parts.append(affinity_text(a.affinity))
    if a.scheduler_reason:
        parts.append(
            _text(
                f"The scheduler never places it on this node ({a.scheduler_reason}): the node advertises none of it, "
                "and the kubelet drops such requests when it admits a pod bound to it",
                style="yellow",
            )
        )
    with_devices = any(c.placement is not None and c.placement.devices for c in r.containers)
    t = Table(title="CPU / NUMA placement", title_justify="left")
    columns = ("container", "cpuset", "exclusive", "NUMA affinity", "memory NUMA", "isolation")
    for col in (*columns, *(("devices",) if with_devices else ()), "why"):
        t.add_column(col, overflow="fold")
    for c in r.containers[:MAX_CONTAINER_ROWS]:
        p = c.placement
        if p is None:
            continue
        cells = [
            printable(c.name),
            cpuset_cell(p),
            "yes" if p.exclusive else "no",
            ",".join(map(str, p.numa_affinity)) if p.numa_affinity is not None else "any",
            ",".join(map(str, p.memory_numa_nodes)) if p.memory_numa_nodes is not None else "any",
            p.isolation or "-",
        ]
        if with_devices:
            cells.append(devices_cell(p))
        t.add_row(*cells, _text(p.why, style="dim"))
    parts.append(t)
    return Group(*parts)


def render_pod(r: PodReport) -> RenderableType:
    w = r.workload
    where = f"{r.source.path}:{r.source.line}"
    head = Text()
    head.append(f"{w.kind} ", style="bold")
    head.append(printable(w.name), style="bold magenta")
    if w.template:
        head.append(f" {printable(w.template)}", style="bold")
    if w.namespace:
        head.append(f"  namespace {printable(w.namespace)}")
    if w.replicas is not None:
        head.append(f"  x{w.replicas} {'replica' if w.replicas == 1 else 'replicas'}" if not w.template else f"  x{w.replicas} pods")
    if w.by_shape:
        head.append("  (pod template found by its shape)", style="dim")
    head.append(f"  ({where})", style="dim")
    qos = _text("QoS class: ")
    qos.append(r.qos.qos_class.value, style=_QOS_STYLE[r.qos.qos_class.value])
    qos.append(f"  because {r.qos.reason}", style="dim")
    body: list[RenderableType] = [head, qos]
    if r.qos.gate_note:
        body.append(_text(f"  decided with {r.qos.gate_note}", style="dim"))
    if r.priority_why is not None and (r.pod.priority_class_name or r.pod.priority):
        body.append(_text(f"Priority: {r.pod.priority}  from {r.priority_why}", style="dim"))
    gates = ", ".join(str(d) for d in r.gates)
    body.append(_text(f"Feature gates: {gates}", style="dim"))
    for note in r.notes:
        body.append(_text(f"Note: {note}", style="yellow"))
    body.extend(running_lines(r))  # a pod with status: what runs, and the resize under way
    body.append(_resources_table(r))
    hidden = len(r.containers) - MAX_CONTAINER_ROWS
    if hidden > 0:
        body.append(_text(f"... and {hidden} more containers in the tables below too; `-o json` lists them all", style="yellow"))
    for extra in (_cgroup_table(r), _oom_table(r), _placement_table(r)):
        if extra is not None:
            body.append(extra)
    return Panel(Group(*body), expand=False)


def render_node_line(node: NodeDescription) -> Text:
    from pod_resources_cli.analysis.node_gaps import node_gaps

    hint = " (embedded default; pass --node FILE for your node)" if node.embedded else f" ({node.source})"
    line = _text(f"Node: {node.name}{hint}", style="bold")
    for gap in node_gaps(node):  # what the answers below rest on
        line.append("\nNote: " + printable(gap), style="yellow")
    return line


NO_PODS = "No pods or pod templates found."


def render_table(report: ExplainReport) -> RenderableType:
    parts: list[RenderableType] = [render_node_line(report.node)]
    parts += [render_pod(p) for p in report.pods]
    if not report.pods and not report.problems:
        parts.append(_text(NO_PODS, style="yellow"))
    return Group(*parts)
