"""The provenance of the pod's effective requests and limits.

Names the terms of staging/src/k8s.io/component-helpers/resource/helpers.go
(k/k 0085214e5634) PodRequests / PodLimits (the KEP-753 walk of kube/resource.py, kep753): pod-level
spec.resources when it decides (KEP-2837), else the steady sum of the regular
containers and sidecars and each regular init container's peak with the
sidecars started before it; overhead; for limits, the containers that set none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pod_resources_cli.kube import resource as rh
from pod_resources_cli.kube.defaults import Defaulted
from pod_resources_cli.kube.names import COMPUTE, is_supported_pod_level
from pod_resources_cli.kube.provenance import Why, because
from pod_resources_cli.model.pod import Container, Pod, ResourceList
from pod_resources_cli.quantity import Quantity

REF = "staging/src/k8s.io/component-helpers/resource/helpers.go PodRequests, PodLimits"
Terms = tuple[tuple[str, Quantity], ...]  # (container name, its value), in the formula's order


def _values(c: Container, kind: str) -> ResourceList:
    return c.resources.req if kind == "requests" else c.resources.lim


def _terms(containers: Sequence[Container], name: str, kind: str) -> Terms:
    out: list[tuple[str, Quantity]] = []
    for c in containers:
        q = _values(c, kind).get(name)
        if q is not None:
            out.append((c.name, q))
    return tuple(out)


def totals_why(pod: Pod, totals: Mapping[str, Quantity], kind: str, notes: Sequence[Defaulted] = ()) -> dict[str, Why]:
    """``kind`` is "requests" or "limits"; ``totals`` what pod_requests/pod_limits gave."""
    defaulted = {n.resource: n.rule for n in notes if n.scope == "pod" and n.kind == kind}
    if kind == "requests":
        level_set = rh.is_pod_level_requests_set(pod)
        pod_level = pod.resources.req if pod.resources else {}
    else:
        level_set = rh.is_pod_level_resources_set(pod)
        pod_level = pod.resources.lim if pod.resources else {}
    overhead = pod.overhead or {}
    shape = rh.kep753(pod)
    out: dict[str, Why] = {}
    for name in totals:
        added = overhead.get(name) if kind == "requests" or not totals[name].is_zero() else None
        if level_set and name in pod_level and is_supported_pod_level(name):
            rule = defaulted.get(name)
            out[name] = because(
                "pod.totals.pod-level", *(() if rule is None else (rule,)), ref=REF, kind=kind, overhead=added
            )
            continue
        sidecars = _terms(shape.sidecars, name, kind)
        peaks = tuple(
            terms
            for step in shape.init_steps
            if (terms := _terms((step.container, *shape.sidecars[: step.sidecars_before]), name, kind))
        )
        lacking: tuple[str, ...] = ()
        if kind == "limits" and name in COMPUTE:
            lacking = tuple(c.name for c in pod.all_containers() if _values(c, kind).get(name, Quantity(0)).is_zero())
        out[name] = because(
            "pod.totals.containers", ref=REF, resource=name, kind=kind,
            steady=_terms(shape.containers, name, kind) + sidecars, peaks=peaks, lacking=lacking, overhead=added,
        )  # fmt: skip
    return out
