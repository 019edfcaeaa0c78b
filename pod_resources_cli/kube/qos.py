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
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.names import COMPUTE, CPU, MEMORY
from pod_resources_cli.kube.resource import is_pod_level_resources_set
from pod_resources_cli.model.pod import Container, Pod, ResourceList
from pod_resources_cli.quantity import Quantity

FIX_QOS = "PodLevelResourcesFixKubeletQOSClass"


class QOSClass(str, enum.Enum):
    GUARANTEED = "Guaranteed"
    BURSTABLE = "Burstable"
    BEST_EFFORT = "BestEffort"


@dataclass(frozen=True, slots=True)
class QOSResult:
    """A pod's QoS class and the reason for it."""

    qos_class: QOSClass
    reason: str
    pod_level: bool  # decided by spec.resources
    gate_note: str | None = None


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


# The last pods classified, by identity: the resource managers ask for the
# class of the same pod once per container (a 600-container pod asked 600
# times over 600 containers). Pods are immutable, and the entry keeps the pod
# and gates alive, so an id is never reused while it is cached.
_RECENT: Final[OrderedDict[tuple[int, int], tuple[Pod, FeatureGates, QOSResult]]] = OrderedDict()
_RECENT_SIZE: Final = 32


def compute_pod_qos(pod: Pod, gates: FeatureGates) -> QOSResult:
    """ComputePodQOS on a defaulted pod (memoized for the pods just seen)."""
    key = (id(pod), id(gates))
    hit = _RECENT.get(key)
    if hit is not None and hit[0] is pod and hit[1] is gates:
        _RECENT.move_to_end(key)
        return hit[2]
    result = _compute_pod_qos(pod, gates)
    _RECENT[key] = (pod, gates, result)
    if len(_RECENT) > _RECENT_SIZE:
        _RECENT.popitem(last=False)
    return result


def _compute_pod_qos(pod: Pod, gates: FeatureGates) -> QOSResult:
    """ComputePodQOS."""
    requests: dict[str, Quantity] = {}
    limits: dict[str, Quantity] = {}
    guaranteed = True
    missing: list[str] = []
    pod_level = uses_pod_level_qos(pod, gates)
    gate_note = None
    if pod.resources is not None and gates.enabled("PodLevelResources") and not is_pod_level_resources_set(pod):
        gate_note = str(gates.decide(FIX_QOS))
    if pod_level:
        assert pod.resources is not None
        _sum(requests, _positive(pod.resources.req))
        if pod.resources.lim:
            found = _positive(pod.resources.lim)
            _sum(limits, found)
            if not {CPU, MEMORY} <= set(found):
                guaranteed = False
                missing.append("the pod-level limits do not set both cpu and memory")
    else:
        containers: Iterable[Container] = (*pod.containers, *pod.init_containers)
        for c in containers:
            _sum(requests, _positive(c.resources.req))
            found = _positive(c.resources.lim)
            _sum(limits, found)
            if not {CPU, MEMORY} <= set(found):
                guaranteed = False
                lacking = sorted({CPU, MEMORY} - set(found))
                missing.append(f"{c.type.value} container {c.name!r} has no {' or '.join(lacking)} limit")
    scope = "pod-level resources" if pod_level else "containers"
    if not requests and not limits:
        why = (
            "spec.resources is set but names neither cpu nor memory"
            if pod_level
            else "no container sets a cpu or memory request or limit"
        )
        return QOSResult(QOSClass.BEST_EFFORT, why, pod_level, gate_note)
    if guaranteed:
        for name, req in sorted(requests.items()):
            lim = limits.get(name)
            if lim is None or lim.cmp(req) != 0:
                guaranteed = False
                missing.append(
                    f"{name} request {req} != limit {lim}" if lim is not None else f"{name} has a request but no limit"
                )
                break
    if guaranteed and len(requests) == len(limits):
        return QOSResult(QOSClass.GUARANTEED, f"{scope}: cpu and memory requests equal limits", pod_level, gate_note)
    if guaranteed:
        missing.append("a limit is set without the matching request")
    return QOSResult(QOSClass.BURSTABLE, f"{scope}: " + "; ".join(missing[:3]), pod_level, gate_note)
