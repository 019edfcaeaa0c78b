"""The LimitRanger admission plugin: namespace defaults, min, max and
max limit/request ratio for pods.

Mirrors plugin/pkg/admission/limitranger/admission.go (Kubernetes 1.36 tree,
the 2026 copy that compares quantities exactly: defaultContainerResourceRequirements,
mergeContainerResources, PodValidateLimitFunc's minConstraint,
maxConstraint, limitRequestRatioConstraint, and its own podRequests /
podLimits) and the LimitRange defaulting of pkg/apis/core/v1/defaults.go
(SetDefaults_LimitRangeItem: a Container item's default limit falls back
to max, its default request to the default limit, then to min;
SetDefaults_ResourceList: every quantity rounded up to a milli-unit).

The plugin runs after the API server's defaulting, so a container with only
a limit already has its request when the LimitRange defaults are merged.
Only Container items give defaults, to containers and init containers;
nothing writes a pod's ``spec.resources``. Pod items are checked against
the pod's summed container requests and limits (overhead excluded), with
pod-level cpu and memory taking their place when set: the plugin's own
podRequests knows only those two at pod level, not hugepages.
Comparisons are exact; the ratio is shown with six decimals, half-even.

PodValidateLimitFunc collects one error per container, resource and
constraint and returns utilerrors.NewAggregate(errs)
(k8s.io/apimachinery/pkg/util/errors/errors.go): its text lists each
distinct message once, in order, so a ratio (or min, max) broken the same
way by several containers reads once (``forbidden_reason``). The messages
themselves name no container.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from pod_resources_cli.kube import resource as rh
from pod_resources_cli.kube.validation.stored import round_up_milli
from pod_resources_cli.location import Pointer
from pod_resources_cli.model.pod import Container, Pod, ResourceRequirements
from pod_resources_cli.model.policy import LIMIT_TYPE_CONTAINER, LIMIT_TYPE_POD, LimitRange, LimitRangeItem
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import dataclass, replace


@dataclass(frozen=True, slots=True)
class LimitDefault:
    """One value the LimitRanger filled in."""

    container: str | None  # None: pod-level spec.resources
    kind: str  # "requests" | "limits"
    resource: str
    value: Quantity


@dataclass(frozen=True, slots=True)
class LimitViolation:
    """One reason the LimitRanger refuses the pod."""

    constraint: str  # "min" | "max" | "maxLimitRequestRatio"
    limit_type: str  # "Container" | "Pod"
    resource: str
    message: str
    container: str | None
    pointer: Pointer  # the offending value in the pod's document
    item: int = 0  # which of the LimitRange's spec.limits sets the constraint


def _rounded(values: Mapping[str, Quantity]) -> dict[str, Quantity]:
    return {name: round_up_milli(q) for name, q in values.items()}


def stored_limit_range(lr: LimitRange) -> LimitRange:
    """The LimitRange as the API server stores it: every item defaulted and rounded."""
    items = tuple(
        defaulted_item(
            replace(
                item,
                max=_rounded(item.max), min=_rounded(item.min), default=_rounded(item.default),
                default_request=_rounded(item.default_request), max_limit_request_ratio=_rounded(item.max_limit_request_ratio),
            )  # fmt: skip
        )
        for item in lr.items
    )
    return replace(lr, items=items)


def defaulted_item(item: LimitRangeItem) -> LimitRangeItem:
    """SetDefaults_LimitRangeItem."""
    if item.type != LIMIT_TYPE_CONTAINER:
        return item
    default = dict(item.default)
    for name, value in item.max.items():
        default.setdefault(name, value)
    default_request = dict(item.default_request)
    for name, value in default.items():
        default_request.setdefault(name, value)
    for name, value in item.min.items():
        default_request.setdefault(name, value)
    return replace(item, default=default, default_request=default_request)


def _container_defaults(lr: LimitRange) -> tuple[dict[str, Quantity], dict[str, Quantity]]:
    """defaultContainerResourceRequirements (later items win)."""
    requests: dict[str, Quantity] = {}
    limits: dict[str, Quantity] = {}
    for item in map(defaulted_item, lr.items):
        if item.type == LIMIT_TYPE_CONTAINER:
            requests.update(item.default_request)
            limits.update(item.default)
    return requests, limits


def _merge(
    r: ResourceRequirements, requests: Mapping[str, Quantity], limits: Mapping[str, Quantity], who: str | None, notes: list[LimitDefault]
) -> ResourceRequirements:
    new_lim = dict(r.lim)
    new_req = dict(r.req)
    for name, value in sorted(limits.items()):
        if name not in new_lim:
            new_lim[name] = value
            notes.append(LimitDefault(who, "limits", name, value))
    for name, value in sorted(requests.items()):
        if name not in new_req:
            new_req[name] = value
            notes.append(LimitDefault(who, "requests", name, value))
    if len(new_lim) == len(r.lim) and len(new_req) == len(r.req):
        return r
    return replace(r, requests=new_req, limits=new_lim)


def apply_limit_range(pod: Pod, lr: LimitRange) -> tuple[Pod, tuple[LimitDefault, ...]]:
    """PodMutateLimitFunc on a defaulted pod: every container and init
    container gets the Container defaults it lacks."""
    notes: list[LimitDefault] = []
    requests, limits = _container_defaults(lr)

    def ctr(c: Container) -> Container:
        merged = _merge(c.resources, requests, limits, c.name, notes)
        return c if merged is c.resources else replace(c, resources=merged)

    if requests or limits:
        pod = pod.with_containers(tuple(map(ctr, pod.containers)), tuple(map(ctr, pod.init_containers)))
    return pod, tuple(notes)


# The plugin's own isSupportedPodLevelResource: cpu and memory only.
_PLUGIN_POD_LEVEL = ("cpu", "memory")


def _plugin_pod_totals(pod: Pod) -> tuple[dict[str, Quantity], dict[str, Quantity]]:
    """The plugin's podRequests / podLimits: containers summed with the sidecar
    formula, no overhead, pod-level cpu and memory in their place when set
    (the pod arrives here with PodLevelResources off already dropped)."""
    opts = rh.PodResourcesOptions(exclude_overhead=True, skip_pod_level_resources=True)
    req, lim = dict(rh.pod_requests(pod, opts)), dict(rh.pod_limits(pod, opts))
    if pod.resources is not None:
        req.update((k, v) for k, v in pod.resources.req.items() if k in _PLUGIN_POD_LEVEL)
        lim.update((k, v) for k, v in pod.resources.lim.items() if k in _PLUGIN_POD_LEVEL)
    return req, lim


def _exact_ratio(limit: Quantity, request: Quantity) -> Decimal:
    return Decimal(limit.nanos) / Decimal(request.nanos)


def _min(kind: str, name: str, enforced: Quantity, req: Mapping[str, Quantity], lim: Mapping[str, Quantity]) -> str | None:
    if name not in req:
        return f"minimum {name} usage per {kind} is {enforced}.  No request is specified"
    if req[name] < enforced:
        return f"minimum {name} usage per {kind} is {enforced}, but request is {req[name]}"
    if name in lim and lim[name] < enforced:
        return f"minimum {name} usage per {kind} is {enforced}, but limit is {lim[name]}"
    return None


def _max(kind: str, name: str, enforced: Quantity, req: Mapping[str, Quantity], lim: Mapping[str, Quantity]) -> str | None:
    if name not in lim:
        return f"maximum {name} usage per {kind} is {enforced}.  No limit is specified"
    if lim[name] > enforced:
        return f"maximum {name} usage per {kind} is {enforced}, but limit is {lim[name]}"
    if name in req and req[name] > enforced:
        return f"maximum {name} usage per {kind} is {enforced}, but request is {req[name]}"
    return None


def _ratio(kind: str, name: str, enforced: Quantity, req: Mapping[str, Quantity], lim: Mapping[str, Quantity]) -> str | None:
    r, l = req.get(name), lim.get(name)
    if r is None or r.is_zero():
        return f"{name} max limit to request ratio per {kind} is {enforced}, but no request is specified or request is 0"
    if l is None or l.is_zero():
        return f"{name} max limit to request ratio per {kind} is {enforced}, but no limit is specified or limit is 0"
    ratio = _exact_ratio(l, r)
    if ratio > Decimal(enforced.nanos) / Decimal(10**9):
        return f"{name} max limit to request ratio per {kind} is {enforced}, but provided ratio is {ratio:.6f}"
    return None


_CHECKS = (("min", "min", _min), ("max", "max", _max), ("maxLimitRequestRatio", "max_limit_request_ratio", _ratio))


def _pointer(base: Pointer, constraint: str, message: str, name: str) -> Pointer:
    """The value a violation is about: the request for min, the limit for max."""
    field = "requests" if ("request is" in message or constraint == "min") else "limits"
    if "No limit" in message:
        field = "limits"
    return (*base, field, name)


def limit_range_violations(pod: Pod, lr: LimitRange) -> list[LimitViolation]:
    """PodValidateLimitFunc on a pod the LimitRange defaults were applied to."""
    out: list[LimitViolation] = []
    for i, item in enumerate(lr.items):
        if item.type == LIMIT_TYPE_CONTAINER:
            for c in (*pod.containers, *pod.init_containers):
                base = (*c.pointer, "resources")
                for constraint, attr, fn in _CHECKS:
                    for name, enforced in sorted(getattr(item, attr).items()):
                        msg = fn(item.type, name, enforced, c.resources.req, c.resources.lim)
                        if msg:
                            out.append(LimitViolation(constraint, item.type, name, msg, c.name, _pointer(base, constraint, msg, name), i))
        elif item.type == LIMIT_TYPE_POD:
            req, lim = _plugin_pod_totals(pod)
            base = (*pod.spec_pointer(), "resources") if rh.is_pod_level_resources_set(pod) else pod.spec_pointer()
            for constraint, attr, fn in _CHECKS:
                for name, enforced in sorted(getattr(item, attr).items()):
                    msg = fn(item.type, name, enforced, req, lim)
                    if msg:
                        ptr = _pointer(base, constraint, msg, name) if base[-1:] == ("resources",) else base
                        out.append(LimitViolation(constraint, item.type, name, msg, None, ptr, i))
    return out


def forbidden_reason(messages: Sequence[str]) -> str:
    """aggregate.Error(): one error as itself; else the distinct texts in
    order, joined by ", " and bracketed unless only one text remains."""
    if len(messages) == 1:
        return messages[0]
    distinct = list(dict.fromkeys(messages))
    joined = ", ".join(distinct)
    return joined if len(distinct) == 1 else f"[{joined}]"
