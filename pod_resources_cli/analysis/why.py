"""Why each effective pod value is what it is: a short formula per resource.

Spells out the KEP-753 / KEP-2837 arithmetic of kube/resource.py with the
container names in it, e.g. ``max(app 500m + log-shipper 100m, migrate 250m)``,
so the user sees which part won: pod-level spec.resources, the running
containers and sidecars, or an init container's peak; plus overhead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pod_resources_cli.kube import resource as rh
from pod_resources_cli.kube.defaults import Defaulted
from pod_resources_cli.kube.names import COMPUTE, is_supported_pod_level
from pod_resources_cli.model.pod import Container, Pod, ResourceList
from pod_resources_cli.quantity import Quantity


MAX_TERMS = 8  # past this, name the count instead of every term


def _values(c: Container, kind: str) -> ResourceList:
    return c.resources.req if kind == "requests" else c.resources.lim


def _formula(pod: Pod, name: str, kind: str) -> str:
    def term(c: Container) -> str | None:
        q = _values(c, kind).get(name)
        return f"{c.name} {q}" if q is not None else None

    running = [*pod.containers, *(c for c in pod.init_containers if c.is_restartable_init)]
    terms = [t for t in map(term, running) if t]
    steady = " + ".join(terms) if len(terms) <= MAX_TERMS else f"the sum of {len(terms)} running containers"
    peaks: list[str] = []
    started: list[Container] = []
    for c in pod.init_containers:
        if c.is_restartable_init:
            started.append(c)
            continue
        parts = [t for t in map(term, (c, *started)) if t]
        if parts:
            peaks.append(" + ".join(parts))
    return f"max({steady}, {', '.join(peaks)})" if peaks else steady


def explain_totals(pod: Pod, totals: Mapping[str, Quantity], kind: str, notes: Sequence[Defaulted] = ()) -> dict[str, str]:
    """``kind`` is "requests" or "limits"; ``totals`` what pod_requests/pod_limits gave."""
    defaulted = {n.resource: n.rule for n in notes if n.scope == "pod" and n.kind == kind}
    if kind == "requests":
        level_set = rh.is_pod_level_requests_set(pod)
        pod_level = pod.resources.req if pod.resources else {}
    else:
        level_set = rh.is_pod_level_resources_set(pod)
        pod_level = pod.resources.lim if pod.resources else {}
    overhead = pod.overhead or {}
    out: dict[str, str] = {}
    for name in totals:
        if level_set and name in pod_level and is_supported_pod_level(name):
            text = f"pod-level spec.resources.{kind}"
            if name in defaulted:
                text += f" (defaulted: {defaulted[name]})"
        else:
            text = _formula(pod, name, kind)
            if kind == "limits" and name in COMPUTE:
                lacking = [c.name for c in pod.all_containers() if _values(c, kind).get(name, Quantity(0)).is_zero()]
                if lacking:
                    who = ", ".join(lacking) if len(lacking) <= MAX_TERMS else f"{len(lacking)} containers"
                    text += f"; {who} set no {name} limit, so the pod cgroup has none"
        if name in overhead and (kind == "requests" or not totals[name].is_zero()):
            text += f" + overhead {overhead[name]}"
        out[name] = text
    return out
