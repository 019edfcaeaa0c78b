"""Ordered pods + a node -> one report per pod, in admission order.

The kubelet admits pods one at a time: the resource managers (topology,
CPU, memory) first, then the resource-fit predicate; a refused pod gives
back what it was given. A pod the API server rejects never gets that far:
it is reported with the API server's answer and takes nothing on the node. Each report carries the admission result, the
placement, the shared pool after it, and the cgroups that placement implies.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from pod_resources_cli.analysis import node_side
from pod_resources_cli.analysis.explain import build_report, effective_gates
from pod_resources_cli.analysis.report import PodReport
from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.admission import admit_pods
from pod_resources_cli.location import Location
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.model.workload import Workload


@dataclass(frozen=True, slots=True)
class AdmitReport:
    pods: tuple[PodReport, ...]
    node: NodeDescription
    reserved: CPUSet
    shared_pool_after: CPUSet | None
    owners: dict[int, str]  # cpu -> "pod/container" holding it exclusively
    policies: dict[str, str]


def admit_workloads(
    workloads: Sequence[tuple[Workload, Location]], node: NodeDescription, gates: FeatureGates
) -> AdmitReport:
    gates = effective_gates(gates, node)
    reports = [build_report(w, loc, node, gates) for w, loc in workloads]
    # The API server refuses invalid pods before any kubelet sees them: they take nothing.
    valid = [r for r in reports if r.admission is None]
    result = admit_pods(node, [r.pod for r in valid], gates, predicate=node_side.fit_predicate(node))
    entries = dict(zip(map(id, valid), result.pods))
    final: list[PodReport] = []
    pool: str | None = None
    for r in reports:
        entry = entries.get(id(r))
        if entry is None:
            assert r.admission is not None
            rejected = replace(r.admission, shared_pool_after=pool)  # the node's pool did not change
            final.append(node_side.add_kubelet_view(replace(r, admission=rejected), gates))
            continue
        final.append(node_side.with_admission(r, gates, entry))
        pool = str(entry.shared_pool_after) if entry.shared_pool_after is not None else None
    owners: dict[int, str] = {}
    for report, entry in zip(valid, result.pods):
        if not entry.admitted:
            continue
        for name, placement in entry.containers.items():
            if placement.cpuset is not None and placement.exclusive:
                for cpu in placement.cpuset:
                    owners[cpu] = f"{report.workload.name}/{name}"
    return AdmitReport(
        pods=tuple(final),
        node=node,
        reserved=result.reserved,
        shared_pool_after=result.shared_pool_after,
        owners=owners,
        policies={
            "cpuManagerPolicy": result.cpu_manager_policy,
            "topologyManagerPolicy": result.topology_manager_policy,
            "topologyManagerScope": result.topology_manager_scope,
            "memoryManagerPolicy": result.memory_manager_policy,
        },
    )
