"""Ordered pods + a node -> one report per pod, in admission order.

The kubelet admits pods one at a time: the resource managers (topology,
CPU, memory) first, then the resource-fit predicate; a refused pod gives
back what it was given. Each report carries the admission result, the
placement, the shared pool after it, and the cgroups that placement implies.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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
    result = admit_pods(node, [r.pod for r in reports], gates, predicate=node_side.fit_predicate(node))
    final = tuple(node_side.with_admission(r, gates, e) for r, e in zip(reports, result.pods))
    owners: dict[int, str] = {}
    for report, entry in zip(final, result.pods):
        if not entry.admitted:
            continue
        for name, placement in entry.containers.items():
            if placement.cpuset is not None and placement.exclusive:
                for cpu in placement.cpuset:
                    owners[cpu] = f"{report.workload.name}/{name}"
    return AdmitReport(
        pods=final,
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
