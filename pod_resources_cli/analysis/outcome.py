"""A pod report as the flat list of what the cluster does with the pod:
one entry per observable value (``requests.cpu``, ``containers[app].cgroup.v2.memory.high``,
``containers[app].cpuset``, ``admission``...) with the rule behind it.

This is what ``diff`` compares: two reports of the same pod, made by the one
evaluation path (analysis.explain) under two settings, flattened here and
compared key by key. Values are the report's exact texts (canonical
quantities, cgroup file contents), so equal means equal as the cluster sees it.
"""

from __future__ import annotations

from collections.abc import Mapping

from pod_resources_cli.analysis.report import CgroupView, ContainerReport, PodReport
from pod_resources_cli.kube.provenance import Why, because, verbatim
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import dataclass


@dataclass(frozen=True, slots=True)
class Observed:
    """One value and the rule that produced it (None when nothing says); two
    outcomes compare by ``value``, the why only annotates."""

    value: str
    why: Why | None = None


Outcome = dict[str, Observed]


def _cpus(nodes: tuple[int, ...] | None) -> str | None:
    return None if nodes is None else ",".join(str(n) for n in nodes) or "-"


def _resources(out: Outcome, prefix: str, values: Mapping[str, Quantity], why: Mapping[str, Why], kind: str) -> None:
    for name in sorted(values):
        out[f"{prefix}{kind}.{name}"] = Observed(values[name].canonical(), why.get(name) or why.get(f"{kind}.{name}"))


def _cgroup(out: Outcome, prefix: str, view: CgroupView | None) -> None:
    if view is None:
        return
    for version, files in (("v2", view.v2), ("v1", view.v1)):
        for name in sorted(files):
            out[f"{prefix}cgroup.{version}.{name}"] = Observed(files[name], view.why.get(name))


def _container(out: Outcome, c: ContainerReport) -> None:
    prefix = f"containers[{c.name}]."
    _resources(out, prefix, c.requests, c.why, "requests")
    _resources(out, prefix, c.limits, c.why, "limits")
    if c.oom_score_adj is not None:
        out[prefix + "oomScoreAdj"] = Observed(str(c.oom_score_adj), c.oom_why)
    _cgroup(out, prefix, c.cgroup)
    p = c.placement
    if p is None:
        return
    placed = {
        "cpuset": p.cpuset,
        "exclusiveCPUs": "true" if p.exclusive else "false",
        "numaAffinity": _cpus(p.numa_affinity),
        "memoryNumaNodes": _cpus(p.memory_numa_nodes),
        "isolation": p.isolation,
    }
    for key, value in placed.items():
        if value is not None:
            out[prefix + key] = Observed(value, p.why)


def admission_text(r: PodReport) -> Observed | None:
    a = r.admission
    if a is None:
        return None
    if a.admitted:
        return Observed("admitted", None)
    who = "API server" if a.decided_by == "apiserver" else "kubelet"
    return Observed(f"refused by the {who}: {a.reason}", verbatim(a.message) if a.message else None)


def outcome(r: PodReport) -> Outcome:
    """Every observable value of the report, keyed by where it is."""
    out: Outcome = {
        "qosClass": Observed(r.qos.qos_class.value, r.qos.reason),
        "spec.resources": Observed(
            "kept" if r.pod.resources is not None else "none", because("report.notes", *r.notes) if r.notes else None
        ),
    }
    if r.original.resources is None:
        del out["spec.resources"]
    _resources(out, "", r.requests, r.requests_why, "requests")
    _resources(out, "", r.limits, r.limits_why, "limits")
    _cgroup(out, "pod.", r.cgroup)
    if r.cgroup_path is not None:
        out["pod.cgroupPath"] = Observed(r.cgroup_path)
    admitted = admission_text(r)
    if admitted is not None:
        out["admission"] = admitted
    for c in r.containers:
        _container(out, c)
    return out
