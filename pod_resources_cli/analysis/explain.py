"""(workload, node, gates) -> PodReport: the kube/ mirror composed for one pod.

Pure: no I/O. The order is the cluster's: the API server drops disabled
fields, applies defaults, runs the mutating admission plugins (LimitRanger
defaults, Priority: the pod's priority from its PriorityClass) and validates
(a pod it rejects goes no further:
no kubelet admits or places it), the scheduler sums requests, the kubelet
computes the QoS class, the cgroups and OOM scores, and (with a described
node) the resource managers place the containers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pod_resources_cli.records import replace
from typing import TYPE_CHECKING

from pod_resources_cli.analysis import node_side
from pod_resources_cli.analysis.report import Admission, ContainerReport, PodReport
from pod_resources_cli.analysis.running import running_view
from pod_resources_cli.features import Decision, FeatureGates
from pod_resources_cli.kube.swap import controller_available as swap_controller_available
from pod_resources_cli.kube import resource as rh
from pod_resources_cli.kube.cgroup import CUSTOM_PERIOD_GATE, QUOTA_PERIOD
from pod_resources_cli.kube.defaults import FIX_DEFAULTING
from pod_resources_cli.kube.qos import FIX_QOS, compute_pod_qos
from pod_resources_cli.kube.priority import PriorityAdmission
from pod_resources_cli.kube.provenance import Why, because
from pod_resources_cli.kube.resource_why import totals_why
from pod_resources_cli.kube.stored_pod import StoredPod, store_pod
from pod_resources_cli.kube.validation import STATUS_REASON_INVALID, invalid_status_message, validate_stored_pod
from pod_resources_cli.location import Location
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.model.pod import Container, Pod
from pod_resources_cli.model.workload import Workload

if TYPE_CHECKING:  # policies come with the input: their code loads only then
    from pod_resources_cli.model.policy import LimitRange, PriorityClass


AS_WRITTEN = because("value.as-written")


def _container_why(c: Container, notes: dict[tuple[str, str, str], Why], written: Container | None) -> dict[str, Why]:
    why: dict[str, Why] = {}
    for kind, values in (("requests", c.resources.req), ("limits", c.resources.lim)):
        before = (written.resources.req if kind == "requests" else written.resources.lim) if written is not None else {}
        for name, value in values.items():
            rule = notes.get((c.name, kind, name), AS_WRITTEN)
            shown = before.get(name)
            if shown is not None and rule == AS_WRITTEN and shown.nanos != value.nanos:
                rule = because(
                    "value.rounded-up", ref="pkg/apis/core/v1/defaults.go SetDefaults_ResourceList", written=shown.canonical()
                )
            why[f"{kind}.{name}"] = rule
    return why


def _gates_that_matter(pod: Pod, gates: FeatureGates, node: NodeDescription) -> tuple[Decision, ...]:
    names = ["PodLevelResources"]
    if pod.resources is not None:
        names += [FIX_DEFAULTING, FIX_QOS]
    if pod.status.container_statuses:
        names.append("InPlacePodVerticalScaling")
    if pod.status.resources is not None and pod.resources is not None:
        names.append("InPlacePodLevelResourcesVerticalScaling")
    if node.kubelet.cgroup_version == 2:
        names.append("MemoryQoS")  # memory.min / memory.low / memory.high, or the 1.37 reset
    if node.kubelet.cpu_cfs_quota_period_us != QUOTA_PERIOD:
        names.append(CUSTOM_PERIOD_GATE)  # the period of cpu.max
    if swap_controller_available(node.kubelet, node.swap_capacity):
        names.append("NodeSwap")  # memory.swap.max
    return tuple(gates.decide(n) for n in names)


def build_report(
    workload: Workload,
    location: Location,
    node: NodeDescription,
    gates: FeatureGates,
    limit_ranges: Sequence[LimitRange] = (),
    priority_classes: Mapping[str, PriorityClass] | None = None,
    stored: StoredPod | None = None,
) -> PodReport:
    """What the API server and the scheduler make of the pod (no kubelet view yet);
    ``admission`` is already set if the API server refuses to create it.
    ``gates`` are the effective gates (FeatureGates.on_node); ``limit_ranges``
    are the valid, stored LimitRanges of the pod's namespace;
    ``priority_classes`` the stored PriorityClasses by name (None: the
    built-in system classes only)."""
    original = workload.pod
    if stored is None:  # lint hands over the one it made for its rules
        stored = store_pod(original, gates, limit_ranges, priority_classes)
    created, priority, pod = stored.created, stored.priority, stored.pod
    if original.status.present:  # read from the cluster: the admission plugins ran when it was created
        limit_ranges = ()
    from_limit_ranges = _limit_range_why(stored)
    written = {c.name: c for c in original.all_containers()}
    qos = compute_pod_qos(pod, gates)
    requests = rh.pod_requests(pod)
    limits = rh.pod_limits(pod)
    notes = {(d.scope, d.kind, d.resource): d.rule for d in created.notes} | from_limit_ranges
    containers = tuple(
        ContainerReport(
            name=c.name,
            type=c.type,
            pointer=c.pointer,
            requests=dict(c.resources.req),
            limits=dict(c.resources.lim),
            why=_container_why(c, notes, written.get(c.name)),
        )
        for c in pod.all_containers()
    )
    report: PodReport = PodReport(
        source=location,
        workload=workload.ref,
        original=original,
        pod=pod,
        defaulted=created.notes,
        qos=qos,
        requests=requests,
        limits=limits,
        requests_why=totals_why(pod, requests, "requests", created.notes),
        limits_why=totals_why(pod, limits, "limits", created.notes),
        containers=containers,
        node=node,
        gates=_gates_that_matter(pod, gates, node),
        notes=_notes(original, pod, gates, priority),
        admission=api_server_rejection(workload, pod, limit_ranges, priority),
        priority_why=priority.source if not priority.refused else None,
    )
    return report


def _limit_range_why(stored: StoredPod) -> dict[tuple[str, str, str], Why]:
    """Where each value the LimitRanger filled in came from."""
    why: dict[tuple[str, str, str], Why] = {}
    for lr, d in stored.limit_defaults:
        field = "defaultRequest" if d.kind == "requests" else "default"
        why[(d.container or "pod", d.kind, d.resource)] = because(
            "limitrange.default", ref="plugin/pkg/admission/limitranger/admission.go", limit_range=lr.name, field=field
        )
    return why


def api_server_rejection(
    workload: Workload, pod: Pod, limit_ranges: Sequence[LimitRange] = (), priority: PriorityAdmission | None = None
) -> Admission | None:
    """The API server's answer when the object is created from ``pod`` (defaulted,
    LimitRange defaults applied, its quantities rounded as stored: store_pod's
    ``pod``): None if it accepts it, else the Priority
    plugin's Forbidden (mutating admission runs before validation), the
    Invalid Status of validation, or the LimitRanger's Forbidden (validating
    admission runs after validation). Either way no scheduler or kubelet sees
    the pod."""
    if priority is not None and priority.refusal is not None:
        return Admission(False, "Forbidden", f'pods "{workload.pod.name}" is forbidden: {priority.refusal}', decided_by="apiserver")
    prefix = workload.pod.pointer[len(workload.pointer) :]
    errors = validate_stored_pod(pod, field_prefix=prefix, template=bool(prefix))
    ref = workload.ref
    if errors:
        message = invalid_status_message(ref.api_version, ref.kind, ref.name, errors)
        return Admission(False, STATUS_REASON_INVALID, message, decided_by="apiserver")
    if limit_ranges:
        from pod_resources_cli.kube.limitranger import forbidden_reason, limit_range_violations
    for lr in limit_ranges:  # the plugin stops at the first LimitRange that refuses
        violations = [v.message for v in limit_range_violations(pod, lr)]
        if violations:
            reason = forbidden_reason(violations)  # NewAggregate: each distinct message once
            return Admission(False, "Forbidden", f'pods "{workload.pod.name}" is forbidden: {reason}', decided_by="apiserver")
    return None


def _notes(original: Pod, pod: Pod, gates: FeatureGates, priority: PriorityAdmission) -> tuple[Why, ...]:
    """Surprises worth a line of their own."""
    notes: list[Why] = []
    if original.resources is not None and pod.resources is None:
        ref = "pkg/api/pod/util.go dropDisabledPodLevelResources"
        notes.append(because("pod-level.dropped", ref=ref, gate=gates.decide("PodLevelResources")))
    if original.windows:  # the report then has no cgroup files and no OOM scores (node_side.add_kubelet_view)
        notes.append(because("windows.no-cgroups", ref="pkg/kubelet/kuberuntime/kuberuntime_container_windows.go generateWindowsContainerConfig"))
    if priority.unknown_class:  # the refusal holds only if the cluster lacks the class too (lint: PR168, a warning)
        notes.append(because("priority.class-not-found", ref="plugin/pkg/admission/priority/admission.go", priority_class=original.priority_class_name))
    return tuple(notes)


def explain_workload(
    workload: Workload,
    location: Location,
    node: NodeDescription,
    gates: FeatureGates,
    *,
    admit: bool = False,
    limit_ranges: Sequence[LimitRange] = (),
    priority_classes: Mapping[str, PriorityClass] | None = None,
    stored: StoredPod | None = None,
) -> PodReport:
    """One pod's full report; with ``admit``, its admission alone on ``node``.
    ``stored``: the pod the API server stores, when the caller has it
    already (lint: made with the same gates, LimitRanges and classes).
    A pod that carries ``status`` is run by the kubelet as it runs now
    (analysis/running.py): its cgroups, OOM scores and placement come from
    the resources that run, with the status's QoS class."""
    gates = gates.on_node(node.kubelet.feature_gates, node.name)
    report, restore = as_running(build_report(workload, location, node, gates, limit_ranges, priority_classes, stored), gates)
    if not admit or report.admission is not None:  # a pod the API server rejects reaches no kubelet
        return restore(node_side.add_kubelet_view(report, gates))
    from pod_resources_cli.kube.admission import admit_pods

    entry = admit_pods(node, [report.pod], gates, predicate=node_side.fit_predicate(node)).pods[0]
    return restore(node_side.with_admission(report, gates, entry))


def as_running(report: PodReport, gates: FeatureGates) -> tuple[PodReport, Callable[[PodReport], PodReport]]:
    """For a pod that carries ``status``, the report the kubelet side is
    computed from (the pod that runs, the status's QoS class), and the
    function that puts the spec's pod and class back once it is done, with
    ``running`` and its notes set; for any other pod, the report unchanged."""
    running = running_view(report.pod, gates, report.qos) if report.admission is None else None
    if running is None:
        return report, lambda done: done

    def restore(done: PodReport) -> PodReport:
        return replace(done, pod=report.pod, qos=report.qos, running=running, notes=(*done.notes, *running.notes))

    return replace(report, pod=running.pod, qos=running.kubelet_qos), restore
