"""The pod QoS class, with the reason.

Mirrors pkg/apis/core/v1/helper/qos/qos.go ComputePodQOS (k/k 0c4236dde840
for the container path) with the KEP-2837 pod-level branch. Only cpu and
memory count; zero values count as unset. With pod-level resources the pod's
own ``spec.resources`` decides. PodLevelResourcesFixKubeletQOSClass (1.37)
takes that branch only when a supported pod-level resource is really set;
before it, any non-nil ``spec.resources`` (even ``{}``) did, which made such
pods BestEffort.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from pod_resources_cli.features import Decision, FeatureGates
from pod_resources_cli.kube.names import COMPUTE, CPU, MEMORY
from pod_resources_cli.kube.provenance import Why, because
from pod_resources_cli.kube.resource import is_pod_level_resources_set
from pod_resources_cli.model.pod import Container, Pod, ResourceList
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import dataclass, replace

FIX_QOS = "PodLevelResourcesFixKubeletQOSClass"
_REF = "pkg/apis/core/v1/helper/qos/qos.go ComputePodQOS"


class QOSClass(str, enum.Enum):
    GUARANTEED = "Guaranteed"
    BURSTABLE = "Burstable"
    BEST_EFFORT = "BestEffort"


@dataclass(frozen=True, slots=True)
class QOSResult:
    """A pod's QoS class and the reason for it."""

    qos_class: QOSClass
    reason: Why
    pod_level: bool  # decided by spec.resources
    gate_note: Decision | None = None  # PodLevelResourcesFixKubeletQOSClass, when it decided


def _positive(resources: ResourceList) -> dict[str, Quantity]:
    return {n: q for n, q in resources.items() if n in COMPUTE and q.nanos > 0}


def _sum(target: dict[str, Quantity], items: dict[str, Quantity]) -> None:
    for name, q in items.items():
        target[name] = q if name not in target else q + target[name]


def uses_pod_level_qos(pod: Pod, gates: FeatureGates) -> bool:
    if not gates.enabled("PodLevelResources") or pod.resources is None:
        return False
    if gates.enabled(FIX_QOS):
        return is_pod_level_resources_set(pod)
    return True


def compute_pod_qos(pod: Pod, gates: FeatureGates) -> QOSResult:
    """ComputePodQOS on a defaulted pod. The API server stores the answer in
    status.qosClass when it creates the pod, and the kubelet's managers read
    it from there (with_qos_class): callers compute it once per pod."""
    requests: dict[str, Quantity] = {}
    limits: dict[str, Quantity] = {}
    guaranteed = True
    missing: list[Why] = []
    pod_level = uses_pod_level_qos(pod, gates)
    gate_note = None
    if pod.resources is not None and gates.enabled("PodLevelResources") and not is_pod_level_resources_set(pod):
        gate_note = gates.decide(FIX_QOS)
    if pod_level:
        assert pod.resources is not None
        _sum(requests, _positive(pod.resources.req))
        if pod.resources.lim:
            found = _positive(pod.resources.lim)
            _sum(limits, found)
            if not {CPU, MEMORY} <= set(found):
                guaranteed = False
                missing.append(because("qos.pod-limits-incomplete"))
    else:
        containers: Iterable[Container] = (*pod.containers, *pod.init_containers)
        for c in containers:
            _sum(requests, _positive(c.resources.req))
            found = _positive(c.resources.lim)
            _sum(limits, found)
            if not {CPU, MEMORY} <= set(found):
                guaranteed = False
                lacking = tuple(sorted({CPU, MEMORY} - set(found)))
                missing.append(because("qos.container-limit-missing", type=c.type.value, container=c.name, lacking=lacking))
    if not requests and not limits:
        # GetPodQOS counts only quantities above zero: say so where a container writes cpu or memory as 0
        zeros = not pod_level and any(k in (CPU, MEMORY) for c in (*pod.containers, *pod.init_containers) for k in (*c.resources.req, *c.resources.lim))
        why = because("qos.best-effort.pod-level", ref=_REF) if pod_level else because("qos.best-effort.containers", ref=_REF, zeros=zeros)
        return QOSResult(QOSClass.BEST_EFFORT, why, pod_level, gate_note)
    if guaranteed:
        for name, req in sorted(requests.items()):
            lim = limits.get(name)
            if lim is None or lim.cmp(req) != 0:
                guaranteed = False
                missing.append(
                    because("qos.request-not-limit", resource=name, request=req, limit=lim)
                    if lim is not None
                    else because("qos.request-without-limit", resource=name)
                )
                break
    if guaranteed and len(requests) == len(limits):
        return QOSResult(QOSClass.GUARANTEED, because("qos.guaranteed", ref=_REF, pod_level=pod_level), pod_level, gate_note)
    if guaranteed:
        missing.append(because("qos.limit-without-request"))
    return QOSResult(QOSClass.BURSTABLE, because("qos.burstable", *missing[:3], ref=_REF, pod_level=pod_level), pod_level, gate_note)


def get_pod_qos(pod: Pod, gates: FeatureGates) -> str:
    """GetPodQOS (pkg/apis/core/v1/helper/qos/qos.go): the class status.qosClass
    records, else computed."""
    return pod.status.qos_class or compute_pod_qos(pod, gates).qos_class.value


def with_qos_class(pod: Pod, gates: FeatureGates) -> Pod:
    """The pod with status.qosClass set as the API server sets it at creation
    (pkg/registry/core/pod/strategy.go PrepareForCreate); a class the status
    already records stays (GetPodQOS reads it)."""
    if pod.status.qos_class:
        return pod
    qos = compute_pod_qos(pod, gates).qos_class.value
    return replace(pod, status=replace(pod.status, qos_class=qos))
