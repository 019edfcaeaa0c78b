"""The running side of a pod that carries ``status`` (analysis/running.py), for JSON and the table.

JSON: a pod's ``running`` object (null without a status), its containers'
actuated values and the ``resize`` object (schemas/report.schema.json).
Table: what runs, and one line per value a resize still has to bring to
what the spec asks for.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pod_resources_cli.analysis.report import PodReport
from pod_resources_cli.analysis.running import ResourceDiff, Resize, RunningView
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.render.safe_text import printable

if TYPE_CHECKING:
    from rich.text import Text  # JSON output never loads rich

_VERB = {"Pending": "resize pending", "InProgress": "resize in progress", "Proposed": "resize proposed"}
_SOURCE = {
    "status.resources": "containerStatuses[].resources (actuated)",
    "allocatedResources": "containerStatuses[].allocatedResources (allocated requests; limits from the spec)",
    "spec": "the spec (no container status resources)",
}


def _q(values: Mapping[str, Quantity]) -> dict[str, str]:
    return {name: values[name].canonical() for name in sorted(values)}


def _text(q: Quantity | None) -> str:
    return q.canonical() if q is not None else "none"


def _diff(d: ResourceDiff) -> dict[str, Any]:
    return {"kind": d.kind, "resource": d.resource, "spec": d.spec.canonical() if d.spec is not None else None,
            "running": d.running.canonical() if d.running is not None else None}  # fmt: skip


def _resize(resize: Resize | None) -> dict[str, Any] | None:
    if resize is None:
        return None
    return {
        "status": resize.status, "reason": resize.reason, "message": resize.message,
        "condition": resize.source, "alsoInProgress": resize.also_in_progress,
    }  # fmt: skip


def running_dict(r: PodReport) -> dict[str, Any] | None:
    v = r.running
    if v is None:
        return None
    pod_level = None
    if v.pod_level is not None:
        pod_level = {"requests": _q(v.pod_level.req), "limits": _q(v.pod_level.lim), "differs": [_diff(d) for d in v.pod_level_diffs]}
    return {
        "phase": v.phase,
        "qosClass": v.qos_class,
        "requests": _q(v.requests),
        "limits": _q(v.limits),
        "schedulerRequests": _q(v.scheduler_requests),
        "podLevel": pod_level,
        "resize": _resize(v.resize),
        "containers": [
            {
                "name": c.name, "state": c.state, "source": c.source,
                "requests": _q(c.requests), "limits": _q(c.limits),
                "allocated": _q(c.allocated) if c.allocated is not None else None,
                "differs": [_diff(d) for d in c.diffs],
            }  # fmt: skip
            for c in v.containers
        ],
    }


def diff_line(scope: str, d: ResourceDiff, resize: Resize | None, allocated: Quantity | None = None) -> str:
    """'resize pending: api asks cpu request 2, running with 1 (PodResizePending: Deferred: ...)'.
    ``allocated``: the request the kubelet allocated, when it is neither value."""
    what = _VERB.get(resize.status if resize else "", "spec differs from what runs")
    kind = "request" if d.kind == "requests" else "limit"
    line = f"{what}: {scope} asks {d.resource} {kind} {_text(d.spec)}, running with {_text(d.running)}"
    if allocated is not None and d.running is not None and allocated.cmp(d.running) != 0:
        line += f" (allocated {allocated.canonical()})"
    if resize is None or resize.status == "Unreported":
        return line + (
            " (the status reports no resize: the manifest was edited after it was read from the cluster,"
            " or the kubelet has not seen the change yet)"
        )
    said = ": ".join(p for p in (resize.source, resize.reason, resize.message) if p)
    if resize.also_in_progress:
        said += "; the previous resize is still in progress"
    return f"{line} ({said})"


def _head(v: RunningView) -> str:
    sources = sorted({c.source for c in v.containers})
    where = ", ".join(_SOURCE[s] for s in sources) or "the spec"
    return f"Running: phase {v.phase or 'unknown'}, status QoS {v.qos_class or 'unset'}; cgroups and OOM scores below come from {where}"


def running_lines(r: PodReport) -> list[Text]:
    v = r.running
    if v is None:
        return []
    from rich.text import Text
    lines = [Text(printable(_head(v)), style="dim")]
    for c in v.containers:
        for d in c.diffs:
            allocated = (c.allocated or {}).get(d.resource) if d.kind == "requests" else None
            lines.append(Text(printable(diff_line(c.name, d, v.resize, allocated)), style="yellow"))
    for d in v.pod_level_diffs:
        lines.append(Text(printable(diff_line("the pod (spec.resources)", d, v.resize)), style="yellow"))
    differs = any(c.diffs for c in v.containers) or bool(v.pod_level_diffs)
    if v.resize is not None and v.resize.status != "Unreported" and not differs:
        said = ": ".join(p for p in (v.resize.source, v.resize.reason, v.resize.message) if p)
        lines.append(Text(printable(f"{_VERB.get(v.resize.status, 'resize')} ({said})"), style="yellow"))
    if differs:
        reserved = ", ".join(f"{n} {q.canonical()}" for n, q in sorted(v.scheduler_requests.items()))
        lines.append(Text(printable(f"Until the resize is done the scheduler reserves the larger of spec and status: {reserved}"), style="dim"))
    return lines
