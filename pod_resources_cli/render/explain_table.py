"""ExplainReport -> annotated tables: every derived value says why.

Each pod is laid out to text on its own (render/text_layout.py computes rich's
panel and table layout directly), so thousands of pods stream at about the
pace of their JSON; the CLI prints the text."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pod_resources_cli.analysis.report import CgroupView, Placement, PodReport
from pod_resources_cli.kube.provenance import Why
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.quantity import Format, Quantity
from pod_resources_cli.render.explain_running import running_lines
from pod_resources_cli.render.safe_text import printable
from pod_resources_cli.render.text_layout import Grid, Line, Run, Screen, panel, plain_screen
from pod_resources_cli.why_words import CPU_WEIGHT_RULES, maybe_words, words

if TYPE_CHECKING:
    from rich.text import Text  # the running and refusal lines' (rare): rich loads only then

# Tables past this many containers, or a container past this many resources,
# stop and point at -o json: a terminal table of thousands of rows helps nobody.
MAX_CONTAINER_ROWS = 50
MAX_RESOURCE_ROWS = 50
# A name or why-text longer than this is cut short with an ellipsis (the
# longest valid qualified name is 317 characters; -o json keeps everything).
MAX_CELL_CHARS = 2000


def _cut(text: str) -> str:
    """``text`` made printable (render/safe_text.py), past MAX_CELL_CHARS characters cut to an ellipsis."""
    if len(text) <= MAX_CELL_CHARS:
        return printable(text)
    return printable(text[: MAX_CELL_CHARS - 1]) + "\u2026"


def _text(text: str, style: str = "") -> Run:
    """A cell or line from the manifest's names, printable and bounded."""
    return (_cut(text), style)


_QOS_STYLE = {"Guaranteed": "bold green", "Burstable": "bold yellow", "BestEffort": "bold red"}


def _q(values: Mapping[str, Quantity], name: str) -> str:
    q = values.get(name)
    return q.canonical() if q is not None else "-"


def _bounded(text: Text) -> Text:
    """A rich Text line from another renderer, cut like a cell when a name made it huge."""
    limit = 4 * MAX_CELL_CHARS  # several lines and names
    if len(text) <= limit:
        return text
    text = text.copy()
    text.right_crop(len(text) - limit + 1)
    text.append("\u2026")
    return text


def _line(text: str, style: str = "") -> Line:
    return (_text(text, style),)


def _more(hidden: int, what: str) -> Line:
    return _line(f"... and {hidden} more {what}; `-o json` lists them all", style="yellow")


def _resources_table(r: PodReport, after: list[Line]) -> Grid:
    t = Grid("Requests and limits", ("container", "type", "resource", "request", "limit", "where it comes from"))
    for c in r.containers[:MAX_CONTAINER_ROWS]:
        names = sorted({*c.requests, *c.limits})
        if not names:
            t.add_row(_cut(c.name), c.type.value, "-", "-", "-", _text("no requests or limits", style="dim"))
        for i, name in enumerate(names[:MAX_RESOURCE_ROWS]):
            whys = (c.why.get(f"{k}.{name}") for k in ("requests", "limits"))
            why = sorted({words(w) for w in whys if w is not None} - {"as written"})
            t.add_row(
                _cut(c.name) if i == 0 else "",
                c.type.value if i == 0 else "",
                _cut(name),
                _q(c.requests, name),
                _q(c.limits, name),
                _text("; ".join(why) or "as written", style="dim" if not why else "cyan"),
            )
        if len(names) > MAX_RESOURCE_ROWS:
            after.append(_more(len(names) - MAX_RESOURCE_ROWS, f"resources of container '{c.name}'"))
    t.add_section()
    names = sorted({*r.requests, *r.limits})
    for name in names[:MAX_RESOURCE_ROWS]:
        why = []
        if name in r.requests:
            why.append(f"request: {maybe_words(r.requests_why.get(name)) or ''}")
        if name in r.limits:
            why.append(f"limit: {maybe_words(r.limits_why.get(name)) or ''}")
        pod = _text("pod", style="bold")
        t.add_row(pod, "", _cut(name), _q(r.requests, name), _q(r.limits, name), _text("; ".join(why), style="cyan"))
    if len(names) > MAX_RESOURCE_ROWS:
        after.append(_more(len(names) - MAX_RESOURCE_ROWS, "resources of the pod"))
    return t


# The files a person asks about first; without --verbose, a file left at what
# nothing asked for (no hugepages, no memory protection) is not a row, and
# the OOM-group switch is left to --verbose.
_QUIET_UNLESS_SET = ("hugetlb.", "memory.min", "memory.low")
_VERBOSE_ONLY = ("memory.oom.group",)


def _shown(name: str, value: str, verbose: bool) -> bool:
    if verbose:
        return True
    if name.startswith(_VERBOSE_ONLY):
        return False
    return not (name.startswith(_QUIET_UNLESS_SET) and value == "0")


def _short_why(why: Why | None, seen: set[str]) -> str:
    """A formula said once a table: a cpu.weight mapping again is ``same mapping, of cpu.shares N``."""
    if why is None:
        return ""
    if not why.rule.startswith(CPU_WEIGHT_RULES):
        return words(why)
    if why.rule in seen:
        return f"same mapping, of cpu.shares {why.get('shares')}"
    seen.add(why.rule)
    return words(why)


def _cgroup_table(r: PodReport, verbose: bool = False) -> Grid | None:
    rows: list[tuple[str, CgroupView]] = []
    if r.cgroup is not None:
        rows.append(("pod", r.cgroup))
    rows += [(_cut(c.name), c.cgroup) for c in r.containers[:MAX_CONTAINER_ROWS] if c.cgroup is not None]
    if not rows:
        return None
    version = r.node.kubelet.cgroup_version
    title = f"cgroup v{version} files" + (f"  (pod cgroup {_cut(r.cgroup_path)})" if r.cgroup_path else "")
    t = Grid(title, ("cgroup", "file", "value", "why"))
    seen: set[str] = set()
    for scope, view in rows:
        files = view.v2 if version == 2 else view.v1
        shown = [(name, value) for name, value in files.items() if _shown(name, value, verbose)]
        for i, (name, value) in enumerate(shown):
            why = view.why.get(name)
            text = (maybe_words(why) or "") if verbose else _short_why(why, seen)
            t.add_row(scope if i == 0 else "", _cut(name), _cut(value), _text(text, style="dim"))
        t.add_section()
    return t


def _oom_table(r: PodReport) -> Grid | None:
    if all(c.oom_score_adj is None for c in r.containers):
        return None
    mem = r.node.memory_capacity
    title = "OOM score adjust" + (f" (node memory {Quantity.from_int(mem, Format.BINARY_SI)})" if mem else "")
    t = Grid(title, ("container", "oom_score_adj", "why"))
    for c in r.containers[:MAX_CONTAINER_ROWS]:
        t.add_row(_cut(c.name), str(c.oom_score_adj), _text(maybe_words(c.oom_why) or "", style="dim"))
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


def _devices(p: Placement) -> str:
    """devices_cell, each line (thousands of device ids) and the number of lines bounded."""
    lines = [_cut(line) for line in devices_cell(p).split("\n")]
    if len(lines) > MAX_RESOURCE_ROWS:
        lines[MAX_RESOURCE_ROWS:] = [f"... and {len(lines) - MAX_RESOURCE_ROWS} more"]
    return "\n".join(lines)


def _placement_table(r: PodReport) -> list[Line | Grid | Text]:
    if r.admission is None:
        return []
    a = r.admission
    if a.decided_by == "apiserver":
        # Nothing to place: the pod is refused before any scheduler or kubelet sees it.
        return [_line(f"Rejected by the API server, so no kubelet sees it: {a.message}", style="bold red")]
    parts: list[Line | Grid | Text] = []
    if a.admitted:
        parts.append(_line(f"Admitted by the kubelet; shared pool after: {a.shared_pool_after or '-'}", style="green"))
    else:
        parts.append(_line(f"Refused by the kubelet: {a.reason}: {a.message}", style="bold red"))
        if a.affinity is not None and a.affinity_why is not None:
            from pod_resources_cli.render.affinity import affinity_text

            parts.append(_bounded(affinity_text(a.affinity, a.affinity_why)))
    if a.scheduler_reason:
        parts.append(
            _line(
                f"The scheduler never places it on this node ({a.scheduler_reason}): {a.scheduler_why}",
                style="yellow",
            )
        )
    with_devices = any(c.placement is not None and c.placement.devices for c in r.containers)
    columns = ("container", "cpuset", "exclusive", "NUMA affinity", "memory NUMA", "isolation")
    t = Grid("CPU / NUMA placement", (*columns, *(("devices",) if with_devices else ()), "why"))
    for c in r.containers[:MAX_CONTAINER_ROWS]:
        p = c.placement
        if p is None:
            continue
        cells = [
            _cut(c.name),
            cpuset_cell(p),
            "yes" if p.exclusive else "no",
            ",".join(map(str, p.numa_affinity)) if p.numa_affinity is not None else "any",
            ",".join(map(str, p.memory_numa_nodes)) if p.memory_numa_nodes is not None else "any",
            p.isolation or "-",
        ]
        if with_devices:
            cells.append(_devices(p))
        t.add_row(*cells, _text(maybe_words(p.why) or "", style="dim"))
    if any(c.placement is not None for c in r.containers[:MAX_CONTAINER_ROWS]):  # a refused pod is placed nowhere: no empty table
        parts.append(t)
    return parts


def _head(r: PodReport) -> Line:
    w = r.workload
    runs: list[Run] = [(f"{w.kind} ", "bold"), (_cut(w.name), "bold magenta")]
    if w.template:
        runs.append((f" {_cut(w.template)}", "bold"))
    if w.namespace:
        runs.append((f"  namespace {_cut(w.namespace)}", ""))
    if w.replicas is not None:
        count = ("replica" if w.replicas == 1 else "replicas") if not w.template else "pods"
        runs.append((f"  x{w.replicas} {count}", ""))
    if w.by_shape:
        runs.append(("  (pod template found by its shape)", "dim"))
    runs.append((f"  ({_cut(r.source.path)}:{r.source.line})", "dim"))
    return tuple(runs)


def _operator_lines(r: PodReport) -> list[Line]:
    """What the operator adds (applied), and why the pod is only as written."""
    lines = [_line(f"Operator: {_cut(note)}", style="dim") for note in r.workload.operator_notes[:MAX_RESOURCE_ROWS]]
    if r.workload.as_written is not None:
        lines.append(_line(f"As written: {_cut(r.workload.as_written)}; the values below are the template's", style="yellow"))
    return lines


def render_pod(r: PodReport, screen: Screen | None = None, verbose: bool = False) -> str:
    """One pod's panel, laid out for ``screen`` (by default 160 columns, no
    colour): text ready to print. Without ``verbose``, cgroup files nothing
    set are left out and a formula is said once (JSON keeps everything)."""
    qos = r.qos.qos_class.value
    because = (f"  because {_cut(words(r.qos.reason))}", "dim")
    body: list[Line | Grid | Text] = [_head(r), *_operator_lines(r), (("QoS class: ", ""), (qos, _QOS_STYLE[qos]), because)]
    if r.qos.gate_note is not None:
        body.append(_line(f"  decided with {r.qos.gate_note}", style="dim"))
    if r.priority_why is not None and (r.pod.priority_class_name or r.pod.priority):
        body.append(_line(f"Priority: {r.pod.priority}  from {words(r.priority_why)}", style="dim"))
    gates = ", ".join(str(d) for d in r.gates)
    body.append(_line(f"Feature gates: {gates}", style="dim"))
    for note in r.notes[:MAX_RESOURCE_ROWS]:
        body.append(_line(f"Note: {words(note)}", style="yellow"))
    if len(r.notes) > MAX_RESOURCE_ROWS:
        body.append(_more(len(r.notes) - MAX_RESOURCE_ROWS, "notes"))
    body += [_bounded(line) for line in running_lines(r)]  # a pod with status: what runs, and the resize under way
    after: list[Line] = []
    body.append(_resources_table(r, after))
    body += after
    hidden = len(r.containers) - MAX_CONTAINER_ROWS
    if hidden > 0:
        body.append(_more(hidden, "containers in the tables below too"))
    for table in (_cgroup_table(r, verbose), _oom_table(r)):
        if table is not None:
            body.append(table)
    body += _placement_table(r)
    return panel(screen or plain_screen(), body)


def render_node_line(node: NodeDescription) -> list[Line]:
    """The node the pods were explained on, then each gap in its description (what the answers below rest on)."""
    from pod_resources_cli.analysis.node_gaps import node_gaps

    hint = " (embedded default; pass --node FILE for your node)" if node.embedded else f" ({node.source})"
    # rich's Text(node line, style="bold") with each gap appended in yellow: a gap is bold and yellow
    return [_line(f"Node: {node.name}{hint}", style="bold"), *((("Note: " + _cut(gap), "bold yellow"),) for gap in node_gaps(node))]


NO_PODS = "No pods or pod templates found."
