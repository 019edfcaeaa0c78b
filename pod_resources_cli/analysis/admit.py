"""Ordered pods + a node -> one report per pod, in admission order.

The kubelet admits pods one at a time: the resource managers (topology,
CPU, memory) first, then the resource-fit predicate; a refused pod gives
back what it was given. A pod the API server rejects never gets that far:
it is reported with the API server's answer and takes nothing on the node. Each report carries the admission result, the
placement, the shared pool after it, and the cgroups that placement implies.

``--expand-replicas`` turns a workload into its replicas (ReplicaExpander),
bounded: a workload gets at most as many pods as the node's pod capacity
(allocatable pods: maxPods, podsPerCore, or the Node's own report), since
the kubelet refuses every pod past it and identical replicas are refused
alike once one is; and a run gets at most MAX_EXPANDED_PODS pods in all (each
workload keeps at least its one pod, as without the option). How many
replicas were simulated, admitted and left out is part of the report
(``AdmitReport.replicas``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pod_resources_cli.records import dataclass, replace
from typing import Final, NamedTuple

from pod_resources_cli.analysis import node_side
from pod_resources_cli.analysis.explain import as_running, build_report
from pod_resources_cli.analysis.report import PodReport
from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.admission import admit_pods
from pod_resources_cli.kube.admission_result import AdmitResult
from pod_resources_cli.kube.allocatable import node_allocatable
from pod_resources_cli.kube.names import PODS
from pod_resources_cli.kube.provenance import Why, because
from pod_resources_cli.location import Location
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.model.policy import LimitRange, PriorityClass
from pod_resources_cli.model.workload import Workload


MAX_EXPANDED_PODS: Final = 1_000  # pods one run of --expand-replicas may simulate in all


@dataclass(frozen=True, slots=True)
class ReplicaCount:
    """One workload under --expand-replicas: the replicas it asks for, the pods
    simulated (the first ``simulated`` replicas, in order), how many of those
    the node admitted, and why the rest were left out (``bound``)."""

    kind: str
    name: str
    namespace: str | None
    template: str | None
    replicas: int
    simulated: int
    admitted: int
    bound: Why | None  # None: every replica was simulated

    @property
    def left_out(self) -> int:
        return self.replicas - self.simulated


@dataclass(frozen=True, slots=True)
class AdmitReport:
    pods: tuple[PodReport, ...]
    node: NodeDescription
    reserved: CPUSet
    shared_pool_after: CPUSet | None
    owners: dict[int, str]  # cpu -> "pod/container" holding it exclusively, or "pod (pod shared pool)"
    policies: dict[str, str]
    replicas: tuple[ReplicaCount, ...] = ()  # --expand-replicas: per workload with more than one replica


def pod_capacity(node: NodeDescription) -> int:
    """The most pods the node admits: its allocatable pods (the kubelet's resource-fit check)."""
    pods = node_allocatable(node).get(PODS)
    return pods.value() if pods is not None else 0


class ReplicaExpander:
    """Workloads -> the pods --expand-replicas admits, within the bounds above."""

    def __init__(self, node: NodeDescription, limit: int = MAX_EXPANDED_PODS) -> None:
        self.capacity = pod_capacity(node)
        self.limit = limit
        self.pods = 0  # pods queued so far, expanded or not
        self._spans: list[tuple[int, Workload, int, int, Why | None]] = []  # (first pod, workload, replicas, simulated, bound)

    def expand(self, workload: Workload, location: Location) -> list[tuple[Workload, Location]]:
        wanted = max(workload.ref.replicas or 1, 1)
        room = max(self.limit - self.pods, 1)
        copies = min(wanted, max(self.capacity, 1), room)
        bound: Why | None = None
        if copies < wanted:
            if copies == max(self.capacity, 1) and copies <= room:
                bound = because("replicas.node-pods", pods=self.capacity)
            else:
                bound = because("replicas.run-limit", pods=self.limit)
        out: list[tuple[Workload, Location]] = []
        for i in range(copies):
            w = workload
            if wanted > 1:
                w = replace(w, pod=replace(w.pod, name=f"{w.pod.name}-{i}"), ref=replace(w.ref, name=f"{w.ref.name}-{i}"))
            out.append((w, location))
        if wanted > 1:
            self._spans.append((self.pods, workload, wanted, copies, bound))
        self.pods += copies
        return out

    def keep(self, workload: Workload, location: Location) -> list[tuple[Workload, Location]]:
        """A workload queued as it is (not expanded)."""
        self.pods += 1
        return [(workload, location)]

    def counts(self, pods: Sequence[PodReport]) -> tuple[ReplicaCount, ...]:
        """Per expanded workload, with the admissions of its simulated replicas (``pods`` in queue order)."""
        out: list[ReplicaCount] = []
        for first, w, wanted, copies, bound in self._spans:
            admitted = sum(1 for r in pods[first : first + copies] if r.admission is not None and r.admission.admitted)
            ref = w.ref
            out.append(ReplicaCount(ref.kind, ref.name, ref.namespace, ref.template, wanted, copies, admitted, bound))
        return tuple(out)


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


class PodPolicies(NamedTuple):
    """The input's policies one pod meets: its LimitRanges (valid, stored)
    and the PriorityClasses it finds by name (None: the built-in ones)."""

    limit_ranges: Sequence[LimitRange] = ()
    priority_classes: Mapping[str, PriorityClass] | None = None


def admit_workloads(
    workloads: Sequence[tuple[Workload, Location]],
    node: NodeDescription,
    gates: FeatureGates,
    policies: Sequence[PodPolicies] | None = None,
) -> AdmitReport:
    """The pods in order on ``node``; ``policies``: those each pod meets, in
    the same order (None: none of the input's)."""
    gates = gates.on_node(node.kubelet.feature_gates, node.name)
    each = policies if policies is not None else [PodPolicies()] * len(workloads)
    # A pod that carries status takes what it runs with (analysis/running.py).
    ran = [
        as_running(build_report(w, loc, node, gates, met.limit_ranges, met.priority_classes), gates)
        for (w, loc), met in zip(workloads, each, strict=True)
    ]
    reports = [r for r, _ in ran]
    restore = {id(r): back for r, back in ran}
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
            final.append(restore[id(r)](node_side.add_kubelet_view(replace(r, admission=rejected), gates)))
            continue
        final.append(restore[id(r)](node_side.with_admission(r, gates, entry)))
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
