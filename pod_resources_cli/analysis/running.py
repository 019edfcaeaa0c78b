"""A pod that carries ``status`` (``kubectl get pod -o yaml``): what runs, and the resize under way.

The kubelet runs a pod from its allocation, not from its spec: SyncPod gets
the pod through allocationManager.UpdatePodFromAllocation (pkg/kubelet/
kubelet_pods.go getAllocatedPods, pkg/kubelet/allocation/
allocation_manager.go, k/k 001a80e975bb), and generateLinuxContainerResources
(pkg/kubelet/kuberuntime/kuberuntime_container_linux.go) writes the cgroups
from that container's resources. What it last wrote is reported back in
``containerStatuses[].resources``: the allocated values with cpu and memory
replaced by the runtime's (convertContainerStatusResources, kubelet_pods.go);
``allocatedResources`` holds the allocated requests. With
InPlacePodLevelResourcesVerticalScaling (KEP-2837 pod-level resize) the pod
cgroup's values are ``status.resources``, overhead included
(convertToAPIPodLevelResourcesStatus). So the cgroups here come from, per
container, ``status.resources``, else ``allocatedResources`` (with the spec's
limits), else the spec; all of them only with InPlacePodVerticalScaling
(KEP-1287: without it, resources are immutable and getAllocatedPods returns
the spec). The spec is the target of a resize: PodResizePending (Deferred,
Infeasible) or PodResizeInProgress (1.33+), ``status.resize`` before.

The QoS class is the status's (GetPodQOS, pkg/apis/core/v1/helper/qos/
qos.go: set once at creation; validation refuses a resize that changes it).
The scheduler reserves the larger of spec, allocation and actuation during a
resize: PodRequests with UseStatusResources (component-helpers
resource/helpers.go, kube/resource.py).
"""

from __future__ import annotations

from collections.abc import Mapping

from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube import resource as rh
from pod_resources_cli.kube.provenance import Why, because
from pod_resources_cli.kube.qos import QOSClass, QOSResult, compute_pod_qos
from pod_resources_cli.model.pod import Container, ContainerStatus, ContainerType, Pod, ResourceRequirements
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import dataclass, replace

IPPVS = "InPlacePodVerticalScaling"
_ALLOCATED_REF = "pkg/kubelet/kubelet_pods.go getAllocatedPods (k/k 001a80e975bb)"
POD_LEVEL_RESIZE = "InPlacePodLevelResourcesVerticalScaling"


@dataclass(frozen=True, slots=True)
class ResourceDiff:
    """One value the spec asks for that differs from what runs."""

    kind: str  # "requests" | "limits"
    resource: str
    spec: Quantity | None
    running: Quantity | None


@dataclass(frozen=True, slots=True)
class ContainerRunning:
    name: str
    requests: Mapping[str, Quantity]
    limits: Mapping[str, Quantity]
    allocated: Mapping[str, Quantity] | None  # status allocatedResources
    source: str  # "status.resources" | "allocatedResources" | "spec"
    state: str | None  # running | waiting | terminated | None (no status)
    diffs: tuple[ResourceDiff, ...] = ()


@dataclass(frozen=True, slots=True)
class Resize:
    """The resize the status reports (or, "Unreported", one it does not)."""

    status: str  # "Pending" | "InProgress" | "Proposed" | "Unreported"
    reason: str | None
    message: str | None
    source: str | None  # "PodResizePending" | "PodResizeInProgress" | "status.resize" | None
    also_in_progress: bool = False  # a new resize asked while the previous one is being actuated


@dataclass(frozen=True, slots=True)
class RunningView:
    phase: str | None
    qos_class: str | None  # status.qosClass
    requests: Mapping[str, Quantity]  # PodRequests / PodLimits of what runs
    limits: Mapping[str, Quantity]
    scheduler_requests: Mapping[str, Quantity]  # what the scheduler reserves (UseStatusResources)
    pod_level: ResourceRequirements | None  # status.resources less overhead, where pod-level resources are set
    pod_level_diffs: tuple[ResourceDiff, ...]
    containers: tuple[ContainerRunning, ...]
    resize: Resize | None
    notes: tuple[Why, ...]
    pod: Pod  # the pod the kubelet runs: its cgroups and OOM scores are computed from it
    kubelet_qos: QOSResult  # the class the kubelet uses (the status's)


def _diffs(spec: ResourceRequirements, running: ResourceRequirements) -> tuple[ResourceDiff, ...]:
    out: list[ResourceDiff] = []
    for kind, want, have in (("requests", spec.req, running.req), ("limits", spec.lim, running.lim)):
        for name in sorted({*want, *have}):
            a, b = want.get(name), have.get(name)
            if a is None or b is None or a.cmp(b) != 0:
                out.append(ResourceDiff(kind, name, a, b))
    return tuple(out)


def _status_of(pod: Pod, c: Container) -> ContainerStatus | None:
    statuses = pod.status.container_statuses if c.type is ContainerType.REGULAR else pod.status.init_container_statuses
    return next((s for s in statuses if s.name == c.name), None)


def _running_container(c: Container, cs: ContainerStatus | None, ippvs: bool) -> tuple[ResourceRequirements, str]:
    if ippvs and cs is not None and cs.resources is not None:
        return cs.resources, "status.resources"
    if ippvs and cs is not None and cs.allocated_resources is not None:
        return ResourceRequirements(dict(cs.allocated_resources), c.resources.limits, c.resources.claims), "allocatedResources"
    return c.resources, "spec"


def _pod_level(pod: Pod, gates: FeatureGates) -> ResourceRequirements | None:
    """status.resources less overhead, for the names spec.resources sets (the
    kubelet fills the others from the containers' aggregate)."""
    spec, status = pod.resources, pod.status.resources
    if spec is None or status is None or not gates.enabled(POD_LEVEL_RESIZE) or not rh.is_pod_level_resources_set(pod):
        return None
    reqs = {n: q for n, q in status.req.items() if n in spec.req}
    lims = {n: q for n, q in status.lim.items() if n in spec.lim}
    if pod.overhead:
        rh.subtract_into(reqs, pod.overhead)
        rh.subtract_into(lims, {n: q for n, q in pod.overhead.items() if n in lims and not lims[n].is_zero()})
    return ResourceRequirements(reqs if spec.requests is not None else None, lims if spec.limits is not None else None, spec.claims)


# status.resize (PodResizeStatus, 1.27-1.32) -> the status the conditions say since 1.33
_LEGACY = {"Proposed": "Proposed", "InProgress": "InProgress", "Deferred": "Pending", "Infeasible": "Pending"}


def _resize(pod: Pod, differs: bool) -> Resize | None:
    found = {c.type: c for c in pod.status.resize}
    pending, progress, legacy = found.get("PodResizePending"), found.get("PodResizeInProgress"), found.get("status.resize")
    if pending is not None:
        return Resize("Pending", pending.reason or None, pending.message or None, pending.type, progress is not None)
    if progress is not None:
        return Resize("InProgress", progress.reason or None, progress.message or None, progress.type)
    status = _LEGACY.get(legacy.reason) if legacy is not None else None
    if legacy is not None and status is not None:
        return Resize(status, legacy.reason if status == "Pending" else None, None, legacy.type)
    return Resize("Unreported", None, None, None) if differs else None


_QOS_REF = "pkg/apis/core/v1/helper/qos/qos.go GetPodQOS"


def _qos_note(status_qos: str, spec_qos: QOSResult, running_qos: QOSResult, measured: bool) -> Why | None:
    """Why the status's class differs from the spec's: an edited spec (what runs
    still makes the status's class), a disagreement with the cluster (what
    runs makes the spec's class too), or either (the status reports no resources)."""
    if status_qos == spec_qos.qos_class.value:
        return None
    inputs = {"status_class": status_qos, "spec_class": spec_qos.qos_class.value, "reason": spec_qos.reason}
    if measured and running_qos.qos_class.value == status_qos:
        return because("running.qos-class.spec-edited", ref=_QOS_REF, **inputs)
    if measured:
        return because("running.qos-class.tool-disagrees", ref=_QOS_REF, setting="version", **inputs)
    return because("running.qos-class.unmeasured", ref=_QOS_REF, setting="version", **inputs)


def running_view(pod: Pod, gates: FeatureGates, spec_qos: QOSResult) -> RunningView | None:
    """The running side of a defaulted pod that carries ``status``; None without one."""
    status = pod.status
    if not status.present:
        return None
    ippvs = gates.enabled(IPPVS)
    notes: list[Why] = [because("running.status-left-out", problem=p) for p in status.problems]
    containers: list[ContainerRunning] = []
    run_init: list[Container] = []
    run_regular: list[Container] = []
    measured = False
    for c in pod.all_containers():
        cs = _status_of(pod, c)
        resources, source = _running_container(c, cs, ippvs)
        measured = measured or source != "spec"
        if not ippvs and cs is not None and cs.resources is not None and _diffs(c.resources, cs.resources):
            notes.append(because("running.resources-fixed", ref=_ALLOCATED_REF, container=c.name, gate=gates.decide(IPPVS)))
        (run_regular if c.type is ContainerType.REGULAR else run_init).append(replace(c, resources=resources))
        containers.append(
            ContainerRunning(
                c.name, dict(resources.req), dict(resources.lim),
                dict(cs.allocated_resources) if cs is not None and cs.allocated_resources is not None else None,
                source, cs.state if cs is not None else None, _diffs(c.resources, resources),
            )
        )  # fmt: skip
    pod_level = _pod_level(pod, gates)
    pod_level_diffs = _diffs(pod.resources, pod_level) if pod.resources is not None and pod_level is not None else ()
    running = replace(pod, containers=tuple(run_regular), init_containers=tuple(run_init))
    if pod_level is not None:
        running = replace(running, resources=pod_level)
    running_qos = compute_pod_qos(running, gates)
    kubelet_qos = spec_qos
    valid = {q.value for q in QOSClass}
    if status.qos_class in valid and status.qos_class != spec_qos.qos_class.value:
        assert status.qos_class is not None
        note = _qos_note(status.qos_class, spec_qos, running_qos, measured)
        if note:
            notes.append(note)
        why = because("qos.status-class", ref=_QOS_REF)
        kubelet_qos = QOSResult(QOSClass(status.qos_class), why, spec_qos.pod_level)
    differs = any(c.diffs for c in containers) or bool(pod_level_diffs)
    opts = rh.PodResourcesOptions(
        use_status_resources=ippvs, in_place_pod_level_resources_vertical_scaling=gates.enabled(POD_LEVEL_RESIZE)
    )
    return RunningView(
        phase=status.phase,
        qos_class=status.qos_class,
        requests=rh.pod_requests(running),
        limits=rh.pod_limits(running),
        scheduler_requests=rh.pod_requests(pod, opts),
        pod_level=pod_level,
        pod_level_diffs=pod_level_diffs,
        containers=tuple(containers),
        resize=_resize(pod, differs),
        notes=tuple(notes),
        pod=running,
        kubelet_qos=kubelet_qos,
    )
