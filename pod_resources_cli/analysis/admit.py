"""Ordered pods + a node -> one report per pod, in admission order.

The kubelet admits pods one at a time: the resource managers (topology,
CPU, memory) first, then the resource-fit predicate; a refused pod gives
back what it was given. A pod the API server rejects never gets that far:
it is reported with the API server's answer and takes nothing on the node. Each report carries the admission result, the
placement, the shared pool after it, and the cgroups that placement implies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from pod_resources_cli.analysis import node_side
from pod_resources_cli.analysis.explain import build_report, effective_gates
from pod_resources_cli.analysis.report import PodReport
from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.admission import AdmitResult, admit_pods
from pod_resources_cli.location import Location
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.model.policy import LimitRange
from pod_resources_cli.model.workload import Workload


@dataclass(frozen=True, slots=True)
class AdmitReport:
    pods: tuple[PodReport, ...]
    node: NodeDescription
    reserved: CPUSet
    shared_pool_after: CPUSet | None
    owners: dict[int, str]  # cpu -> "pod/container" holding it exclusively, or "pod (pod shared pool)"
    policies: dict[str, str]


POD_SHARED_POOL = "pod shared pool"


def cpu_holders(node: NodeDescription, reports: Sequence[PodReport], result: AdmitResult) -> dict[int, str]:
    """cpu -> who holds it, for the node map: "pod/container" for exclusive CPUs,
    "pod (pod shared pool)" for the rest of a KEP-5526 pod's pool, which leaves
    the node's shared pool with the pod (AllocatePod) although no container
    holds it alone: its shared containers' CPUs, and budget no container uses.
    ``reports`` are the pods given to the kubelet, in ``result``'s order."""
    holders: dict[int, str] = {}
    topology = node.topology
    before = CPUSet.from_iterable(c.cpu_id for c in topology.cpus) if topology is not None else None
    for report, entry in zip(reports, result.pods):
        after = entry.shared_pool_after
        if entry.admitted:
            exclusive = CPUSet()
            for name, placement in entry.containers.items():
                if placement.cpuset is not None and placement.exclusive:
                    for cpu in placement.cpuset:
                        holders[cpu] = f"{report.workload.name}/{name}"
                    exclusive = exclusive | placement.cpuset
            if before is not None and after is not None:
                # What this pod took from the node's shared pool, less its exclusive slices.
                for cpu in before - after - result.reserved - exclusive:
                    holders[cpu] = f"{report.workload.name} ({POD_SHARED_POOL})"
        if after is not None:
            before = after
    return holders


def admit_workloads(
    workloads: Sequence[tuple[Workload, Location]],
    node: NodeDescription,
    gates: FeatureGates,
    limit_ranges: Mapping[str | None, Sequence[LimitRange]] | None = None,
) -> AdmitReport:
    """The pods in order on ``node``; ``limit_ranges`` by namespace (valid, stored)."""
    gates = effective_gates(gates, node)
    by_namespace = limit_ranges or {}
    reports = [build_report(w, loc, node, gates, by_namespace.get(w.ref.namespace, ())) for w, loc in workloads]
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
    return AdmitReport(
        pods=tuple(final),
        node=node,
        reserved=result.reserved,
        shared_pool_after=result.shared_pool_after,
        owners=cpu_holders(node, valid, result),
        policies={
            "cpuManagerPolicy": result.cpu_manager_policy,
            "topologyManagerPolicy": result.topology_manager_policy,
            "topologyManagerScope": result.topology_manager_scope,
            "memoryManagerPolicy": result.memory_manager_policy,
        },
    )
