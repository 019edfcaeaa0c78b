"""The ResourceQuota admission plugin's view of a pod: what it counts, and
what it requires every container to state.

Mirrors pkg/quota/v1/evaluator/core/pods.go (kubernetes/kubernetes, read at
@d7ce957d8a87): PodUsageFunc / podComputeUsageHelper (requests.cpu and cpu,
limits.cpu, the same for memory and ephemeral-storage, hugepages-* and
requests.hugepages-*, requests.<extended>, pods and count/pods), the
Constraints check ("must specify limits.cpu for: app") and the quota scopes
of podMatchesScopeFunc (BestEffort, NotBestEffort, Terminating and
NotTerminating from spec.activeDeadlineSeconds, PriorityClass,
CrossNamespacePodAffinity).

Usage comes from PodRequests/PodLimits with overhead, so pod-level
``spec.resources`` count when set (KEP-2837). A pod with pod-level cpu or
memory skips the Constraints check entirely (the evaluator returns before
looking at containers). The one scope this tool cannot evaluate without a
cluster (VolumeAttributesClass, which is about PVCs) makes
``quota_matches`` answer None.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from pod_resources_cli.kube import resource as rh
from pod_resources_cli.kube.names import is_hugepages
from pod_resources_cli.kube.qos import QOSClass
from pod_resources_cli.kube.validation import is_extended_resource_name, round_up_milli
from pod_resources_cli.model.pod import Pod, ResourceList
from pod_resources_cli.model.policy import ResourceQuota, ScopeRequirement
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import dataclass, replace

_ONE: Final = Quantity.from_int(1)
# The resources the Constraints check insists on per container.
VALIDATION_SET: Final = frozenset({"requests.cpu", "requests.memory", "limits.cpu", "limits.memory", "cpu", "memory"})


def stored_quota(quota: ResourceQuota) -> ResourceQuota:
    """spec.hard as the API server stores it: rounded up to a milli-unit
    (SetDefaults_ResourceList, pkg/apis/core/v1/defaults.go)."""
    return replace(quota, hard={name: round_up_milli(q) for name, q in quota.hard.items()})


def compute_usage(requests: ResourceList, limits: ResourceList) -> dict[str, Quantity]:
    """podComputeUsageHelper."""
    out: dict[str, Quantity] = {"pods": _ONE}
    for name in ("cpu", "memory", "ephemeral-storage"):
        if name in requests:
            out[name] = requests[name]
            out[f"requests.{name}"] = requests[name]
        if name in limits:
            out[f"limits.{name}"] = limits[name]
    for name, value in requests.items():
        if is_hugepages(name):
            out[name] = value
            out[f"requests.{name}"] = value
        if is_extended_resource_name(name):
            out[f"requests.{name}"] = value
    return out


def pod_usage(pod: Pod) -> dict[str, Quantity]:
    """PodUsageFunc of a stored pod: count/pods plus its compute usage."""
    usage = compute_usage(rh.pod_requests(pod), rh.pod_limits(pod))
    usage["count/pods"] = _ONE
    return usage


def missing_constraints(pod: Pod, hard: Mapping[str, Quantity]) -> dict[str, list[str]]:
    """Constraints: resource -> the containers that do not state it."""
    required = VALIDATION_SET & set(hard)
    if not required or rh.is_pod_level_resources_set(pod):
        return {}
    missing: dict[str, list[str]] = {}
    for c in (*pod.containers, *pod.init_containers):
        stated = set(compute_usage(c.resources.req, c.resources.lim))
        for name in sorted(required - stated):
            missing.setdefault(name, []).append(c.name)
    return missing


def format_missing(missing: Mapping[str, list[str]]) -> str:
    """The plugin's text: "must specify limits.cpu for: app,sidecar; ..."."""
    parts = [f"{name} for: {','.join(sorted(set(who)))}" for name, who in sorted(missing.items())]
    return "must specify " + "; ".join(parts)


@dataclass(frozen=True, slots=True)
class PodScopeFacts:
    """What the quota scopes read of a pod."""

    qos: QOSClass
    priority_class: str | None
    terminating: bool = False  # IsTerminating: activeDeadlineSeconds >= 0
    cross_namespace_affinity: bool = False  # usesCrossNamespacePodAffinity


def scope_facts(pod: Pod, qos: QOSClass) -> PodScopeFacts:
    deadline = pod.active_deadline_seconds
    return PodScopeFacts(qos, pod.priority_class_name, deadline is not None and deadline >= 0, pod.cross_namespace_affinity)


def _scope_matches(req: ScopeRequirement, facts: PodScopeFacts) -> bool | None:
    scope, op = req.scope, req.operator or "Exists"
    if scope in ("BestEffort", "NotBestEffort", "Terminating", "NotTerminating"):
        value = {
            "BestEffort": facts.qos is QOSClass.BEST_EFFORT,
            "NotBestEffort": facts.qos is not QOSClass.BEST_EFFORT,
            "Terminating": facts.terminating,
            "NotTerminating": not facts.terminating,
        }[scope]
        return value if op == "Exists" else None
    if scope == "CrossNamespacePodAffinity":
        return facts.cross_namespace_affinity if op == "Exists" else None
    if scope == "PriorityClass":
        name = facts.priority_class
        if op == "Exists":
            return bool(name)
        if op == "DoesNotExist":
            return not name
        if op == "In":
            return name in req.values
        if op == "NotIn":
            return name not in req.values
    return None


def quota_matches(quota: ResourceQuota, facts: PodScopeFacts) -> bool | None:
    """Every scope must match; None when a scope cannot be judged here."""
    result = True
    for req in quota.scopes:
        matched = _scope_matches(req, facts)
        if matched is None:
            return None
        result = result and matched
    return result


def tracked_usage(usage: Mapping[str, Quantity], quota: ResourceQuota) -> dict[str, Quantity]:
    """The part of a pod's usage this quota counts (the names in spec.hard)."""
    return {name: value for name, value in usage.items() if name in quota.hard}
