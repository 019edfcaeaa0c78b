"""AdmitReport -> the node's picture after admission (``admit -o svg``).

Each admitted container that holds something alone (exclusive CPUs, devices,
pinned memory) gets its colour and a legend line; the CPUs of a KEP-5526
pod's own shared pool are drawn as held by the pod. Refused pods are listed
with the reason the kubelet (or the API server) gave.
"""

from __future__ import annotations

from pod_resources_cli.analysis.admit import AdmitReport
from pod_resources_cli.analysis.report import PodReport
from pod_resources_cli.render.svg_scene import Holder, Scene
from pod_resources_cli.render.topology_svg import svg


def admit_svg(report: AdmitReport, pre_release: dict[str, str] | None = None) -> str:
    holders: list[Holder] = []
    refused: list[tuple[str, str]] = []
    admitted = 0
    for r in report.pods:
        a = r.admission
        if a is None:
            continue
        if not a.admitted:
            refused.append((_name(r), _reason(r)))
            continue
        admitted += 1
        for c in r.containers:
            p = c.placement
            if p is not None and ((p.exclusive and p.cpuset) or p.devices or p.memory_blocks):
                cpus = p.cpuset if p.exclusive else None
                holders.append(Holder(f"{r.workload.name}/{c.name}", cpus, p.devices, p.memory_blocks))
    policies = ", ".join(f"{k} {v}" for k, v in report.policies.items())
    subtitle = f"{admitted} of {len(report.pods)} pod(s) admitted, in order; {policies}"
    if pre_release is not None:
        subtitle += f"; Kubernetes {pre_release['kubernetesVersion']} is a pre-release"
    pool = str(report.shared_pool_after) if report.shared_pool_after is not None else None
    return svg(Scene(report.node, frozenset(report.reserved), report.owners, tuple(holders), tuple(refused), pool, subtitle))


def _name(r: PodReport) -> str:
    return f"{r.workload.name} {r.workload.template}" if r.workload.template else r.workload.name


def _reason(r: PodReport) -> str:
    a = r.admission
    assert a is not None
    if a.decided_by == "apiserver":
        text = f"rejected by the API server (never reaches the node): {a.message}"
    else:
        text = f"{a.reason}: {a.message}"
    if a.scheduler_reason:
        text += f"; the scheduler would not place it here: {a.scheduler_reason}"
    return text
