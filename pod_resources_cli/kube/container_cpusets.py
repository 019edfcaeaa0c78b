"""cpuset.cpus and cpuset.mems of every admitted container, as the kubelet leaves them.

Mirrors pkg/kubelet/cm/cpumanager/cpu_manager.go (Start, reconcileState,
GetCPUAffinity, read at kubernetes/kubernetes commit
01a546fe53aec6a035e037236ae44c7ef98f06a0; GetCPUAffinity is still
GetCPUSetOrDefault in the v1.36 file that adds GetResourceIsolationLevel) and
pkg/kubelet/cm/internal_container_lifecycle_linux.go PreCreateContainer
(cpuset.cpus from GetCPUAffinity when not empty, cpuset.mems from the Memory
manager's GetMemoryNUMANodes when it pins any). docs/semantics.md item 12.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.model.node import NodeDescription

if TYPE_CHECKING:
    from pod_resources_cli.kube.admission_result import PodAdmission


def fill_shared_cpusets(results: Sequence[PodAdmission], pool: CPUSet) -> None:
    """Give every admitted container without a cpuset of its own the node's
    shared pool as it stands once every pod given is admitted.

    The kubelet writes cpuset.cpus from GetCPUAffinity (the container's own
    assignment, else the state's default CPU set) when it creates a
    container, and the static policy's reconcile loop (reconcileState, every
    cpuManagerReconcilePeriod) rewrites each running container's cpuset
    whenever its GetCPUSetOrDefault changes, so a shared container admitted
    before later pods took exclusive CPUs ends with the later, smaller pool
    (pkg/kubelet/cm/cpumanager/cpu_manager.go Start, reconcileState,
    GetCPUAffinity; internal_container_lifecycle_linux.go PreCreateContainer).
    Under policy none there is no reconcile loop and the default set is
    empty, so the kubelet writes no cpuset.cpus: the container inherits
    every online CPU, which is the none policy's pool here. Regular init
    containers are the exception (they have exited before later pods come)."""
    for entry in results:
        for placement in entry.containers.values():
            if placement.cpuset is None:
                # A regular init container has finished before later pods are
                # admitted, and reconcileState skips terminated containers: it
                # keeps the pool its pod's admission left.
                at_admission = entry.shared_pool_after if placement.type == "init" else None
                placement.cpuset = at_admission if at_admission is not None else pool


def fill_cpuset_mems(results: Sequence[PodAdmission], node: NodeDescription) -> None:
    """cpuset.mems: the Memory manager's NUMA nodes (PreCreateContainer sets
    them from GetMemoryNUMANodes), else nothing is written and the container
    inherits every NUMA node of the machine."""
    topology = node.topology
    every = None
    if topology is not None and topology.numa_nodes:
        every = CPUSet.from_iterable(n.node_id for n in topology.numa_nodes)
    for entry in results:
        for placement in entry.containers.values():
            pinned = placement.memory_numa_nodes
            placement.cpuset_mems = CPUSet.from_iterable(pinned) if pinned is not None else every
