"""Why each effective pod value is what it is: one short sentence per resource.

Recomputes the pieces of the KEP-753 / KEP-2837 formula (kube/resource.py)
so the report can say which part won: pod-level spec.resources, the sum of
regular containers and sidecars, or an init container's peak, plus overhead.
"""

from __future__ import annotations

from pod_resources_cli.kube import resource as rh
from pod_resources_cli.kube.names import is_supported_pod_level
from pod_resources_cli.model.pod import Container, Pod, ResourceList
from pod_resources_cli.quantity import Quantity


def _peak_init(pod: Pod, name: str, kind: str) -> tuple[Quantity | None, Container | None]:
    """The largest in-flight total while an init container runs, and who ran."""
    sidecars = Quantity(0)
    best: Quantity | None = None
    who: Container | None = None
    for c in pod.init_containers:
        own = (c.resources.req if kind == "requests" else c.resources.lim).get(name)
        if c.is_restartable_init:
            if own is not None:
                sidecars = sidecars + own
            total = sidecars
        else:
            if own is None and sidecars.is_zero():
                continue
            total = (own or Quantity(0)) + sidecars
        if best is None or total > best:
            best, who = total, c
    return best, who


def explain_totals(pod: Pod, totals: ResourceList, kind: str) -> dict[str, str]:
    """``kind`` is "requests" or "limits"; ``totals`` what pod_requests/pod_limits gave."""
    out: dict[str, str] = {}
    pod_level = pod.resources.req if (pod.resources and kind == "requests") else (pod.resources.lim if pod.resources else {})
    level_set = rh.is_pod_level_requests_set(pod) if kind == "requests" else rh.is_pod_level_resources_set(pod)
    overhead = pod.overhead or {}
    for name in totals:
        parts: list[str] = []
        if level_set and name in pod_level and is_supported_pod_level(name):
            parts.append(f"pod-level spec.resources.{kind}")
        else:
            regular = [c for c in pod.containers if name in (c.resources.req if kind == "requests" else c.resources.lim)]
            side = [c for c in pod.init_containers if c.is_restartable_init and name in (c.resources.req if kind == "requests" else c.resources.lim)]
            peak, who = _peak_init(pod, name, kind)
            steady = Quantity(0)
            for c in (*regular, *side):
                steady = steady + (c.resources.req if kind == "requests" else c.resources.lim)[name]
            if peak is not None and who is not None and peak > steady and not who.is_restartable_init:
                parts.append(f"init container {who.name!r} peak (with the sidecars started before it) exceeds the running containers' sum")
            elif peak is not None and who is not None and peak > steady:
                parts.append("sidecars' cumulative peak during init")
            else:
                n = len(regular) + len(side)
                what = "sidecars" if not regular else ("containers" if not side else "containers and sidecars")
                parts.append(f"sum of {n} {what}" if n > 1 else f"{(regular or side)[0].name!r}" if n == 1 else "sum of containers")
        if name in overhead and (kind == "requests" or not totals[name].is_zero()):
            parts.append(f"+ overhead {overhead[name]}")
        out[name] = " ".join(parts)
    return out
