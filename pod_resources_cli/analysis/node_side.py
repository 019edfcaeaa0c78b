"""The kubelet's side of a report: placement, cgroups and OOM scores on a node.

Placement comes first because it changes the cgroups: a container with
exclusive CPUs runs without a CFS quota, and so does its pod cgroup unless
the pod's pod-level resources also feed containers without exclusive CPUs
(kube.placement_why.pod_cfs_quota).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Final

from pod_resources_cli.analysis.report import (
    Admission,
    CgroupView,
    ContainerReport,
    DevicePlacement,
    MemoryBlock,
    Placement,
    PodReport,
)
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube import allocatable as alloc
from pod_resources_cli.kube import names
from pod_resources_cli.kube.cgroup import pod_cgroup_config
from pod_resources_cli.kube.cgroup_files import CgroupFiles, machine_hugepage_sizes, pod_cgroup_files
from pod_resources_cli.kube.cgroup_paths import cgroup_paths
from pod_resources_cli.kube.container_resources import container_resources
from pod_resources_cli.kube.placement_why import pod_cfs_quota
from pod_resources_cli.kube.provenance import because
from pod_resources_cli.kube.resource import pod_requests
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.model.pod import Pod
from pod_resources_cli.records import replace

if TYPE_CHECKING:  # the kubelet's admission: loaded only when a pod is admitted (--node)
    from pod_resources_cli.kube.admission_result import PodAdmission
    from pod_resources_cli.kube.topologymanager.errors import AdmitError

POD_UID = "<uid>"  # a pod's UID exists only once the API server creates it


def _view(files: CgroupFiles) -> CgroupView:
    return CgroupView(v2=dict(files.v2), v1=dict(files.v1), why=dict(files.why))


# The node is the same for every pod of a run: its allocatable memory (which
# takes the eviction thresholds' arithmetic) is computed once for it. One entry,
# matched by identity and holding the node, so no other node can share it.
_last_allocatable: tuple[NodeDescription, int | None] | None = None


def allocatable_memory(node: NodeDescription) -> int | None:
    global _last_allocatable
    if _last_allocatable is not None and _last_allocatable[0] is node:
        return _last_allocatable[1]
    q = alloc.node_allocatable(node).get("memory")
    value = q.value() if q is not None else None
    _last_allocatable = (node, value)
    return value


def placement_of(entry: PodAdmission) -> dict[str, Placement]:
    out: dict[str, Placement] = {}
    for name, p in entry.containers.items():
        out[name] = Placement(
            cpuset=str(p.cpuset) if p.cpuset is not None else None,
            exclusive=p.exclusive,
            numa_affinity=tuple(p.numa_affinity) if p.numa_affinity is not None else None,
            preferred=p.preferred,
            memory_numa_nodes=tuple(p.memory_numa_nodes) if p.memory_numa_nodes is not None else None,
            isolation=p.isolation,
            cfs_quota_disabled=p.cfs_quota_disabled,
            why=p.why,
            cpuset_mems=str(p.cpuset_mems) if p.cpuset_mems is not None else None,
            devices=tuple(DevicePlacement(d.resource, d.device_ids, d.numa_nodes) for d in p.devices),
            memory_blocks=tuple(MemoryBlock(b.numa_affinity, b.type, b.size) for b in p.memory_blocks),
        )
    return out


def admission_of(entry: PodAdmission, scheduler: tuple[str | None, str | None] = (None, None)) -> Admission:
    from pod_resources_cli.analysis.affinity_why import refusal_why

    pool = entry.shared_pool_after
    shared = str(pool) if pool is not None else None
    return Admission(
        entry.admitted, entry.reason, entry.message, shared, scheduler_reason=scheduler[0], scheduler_why=scheduler[1], affinity=entry.affinity,
        affinity_why=refusal_why(entry.affinity) if entry.affinity is not None else None,
    )  # fmt: skip


UNADVERTISED: Final = "the node advertises none of it, and the kubelet drops such requests when it admits a pod bound to it"
STAYS_PENDING: Final = (
    "the node's allocatable cannot hold it, so a pod the scheduler places is never bound here (it stays Pending); "
    "the kubelet's refusal above is what a pod bound to the node directly meets first"
)


def scheduler_reason(node: NodeDescription, pod: Pod, entry: PodAdmission | None = None) -> tuple[str | None, str | None]:
    """The scheduler's NodeResourcesFit reasons (pkg/scheduler/framework/
    plugins/noderesources/fit.go) where they differ from the kubelet's
    answer, and why they differ:

    - an extended resource the node does not advertise at all ("Insufficient
      nvidia.com/gpu"): the kubelet's admission drops such requests
      (predicate.go removeMissingExtendedResources) and the Device manager
      ignores them (isDevicePluginResource), so the kubelet admits a pod bound
      to the node directly, while the scheduler never places it there;
    - any other resource the node's allocatable cannot hold ("Insufficient
      hugepages-2Mi") when the kubelet refuses the pod for another reason
      first (its resource managers run before its fit check): a scheduled pod
      stays Pending instead. A kubelet refusal that is the fit's own
      (OutOfcpu...) already says it."""
    allocatable = alloc.node_allocatable(node)
    gaps = alloc.fits(node, [], pod_requests(pod), allocatable=allocatable, kubelet=False).insufficient
    unadvertised = [g.reason for g in gaps if names.is_extended(g.resource) and g.resource not in allocatable]
    refused_otherwise = entry is not None and not entry.admitted and not (entry.reason or "").startswith("OutOf")
    short = [g.reason for g in gaps if refused_otherwise and g.reason not in unadvertised]
    reasons = [*unadvertised, *short]
    if not reasons:
        return None, None
    why = "; ".join(w for w, found in ((UNADVERTISED, unadvertised), (STAYS_PENDING, short)) if found)
    return ", ".join(reasons), why


def add_kubelet_view(
    report: PodReport, gates: FeatureGates, placements: Mapping[str, Placement] | None = None
) -> PodReport:
    """cgroup files (pod and containers), cgroup paths and OOM scores; none on
    a Windows node, where the kubelet hands a container only a cpu maximum and
    a memory limit (pkg/kubelet/kuberuntime/kuberuntime_container_windows.go
    generateWindowsContainerConfig: no cgroup, no oom_score_adj)."""
    node = report.node
    kubelet = node.kubelet
    pod, qos = report.pod, report.qos.qos_class
    placements = placements or {}
    if pod.windows:
        return replace(report, containers=tuple(replace(c, placement=placements.get(c.name)) for c in report.containers))
    isolations = {name: p.isolation for name, p in placements.items()}
    quota_off, quota_why = pod_cfs_quota(pod, isolations, gates)
    config = pod_cgroup_config(pod, qos, kubelet, gates, enforce_cpu_limits=False if quota_off else None)
    if quota_why is not None:
        formula = config.why.get("cpu_quota")
        why = quota_why if quota_off or formula is None else because("pod-quota.formula-and-note", formula, quota_why)
        config = replace(config, why={**config.why, "cpu_quota": why})
    sizes = machine_hugepage_sizes(node.topology)
    pod_files = pod_cgroup_files(config, kubelet, hugepage_sizes=sizes)
    parent, path = cgroup_paths(POD_UID, qos, kubelet)
    capacity = node.memory_capacity or 0
    alloc_memory = allocatable_memory(node)
    by_name = {c.name: c for c in pod.all_containers()}
    containers: list[ContainerReport] = []
    for c in report.containers:
        container = by_name[c.name]
        placement = placements.get(c.name)
        oom, oom_why = (None, None)
        files = None
        if capacity > 0:
            resources = container_resources(
                pod,
                container,
                qos,
                kubelet,
                gates,
                memory_capacity=capacity,
                node_allocatable_memory=alloc_memory,
                disable_cpu_quota=placement.cfs_quota_disabled if placement else False,
                hugepage_sizes=sizes,
                swap_capacity=node.swap_capacity,
            )
            files = _view(resources.files)
            oom, oom_why = resources.oom_score_adj, resources.why["oom_score_adj"]  # oom_score_explained's, made for the runtime
        containers.append(replace(c, oom_score_adj=oom, oom_why=oom_why, cgroup=files, placement=placement))
    return replace(
        report,
        containers=tuple(containers),
        cgroup=_view(pod_files),
        cgroup_parent=parent,
        cgroup_path=path,
    )


def fit_predicate(node: NodeDescription) -> Callable[[Pod, Sequence[Pod]], AdmitError | None]:
    """The kubelet's resource-fit admit handler (it runs after the resource managers)."""
    from pod_resources_cli.kube.topologymanager.errors import AdmitError

    def predicate(pod: Pod, admitted: Sequence[Pod]) -> AdmitError | None:
        result = alloc.fits(node, [pod_requests(p) for p in admitted], pod_requests(pod))
        if result.fits or result.reason is None or result.message is None:
            return None
        return AdmitError(result.reason, result.message)

    return predicate


def with_admission(report: PodReport, gates: FeatureGates, entry: PodAdmission) -> PodReport:
    """The report with the kubelet's admission result and, if admitted, placement."""
    placements = placement_of(entry) if entry.admitted else None
    admission = admission_of(entry, scheduler_reason(report.node, report.pod, entry))
    return replace(add_kubelet_view(report, gates, placements), admission=admission)
