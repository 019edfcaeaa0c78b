"""Effective pod requests and limits.

Mirrors staging/src/k8s.io/component-helpers/resource/helpers.go
(k/k 0085214e5634; the same code as resource/helpers.go at
kubernetes/component-helpers 1961876b9c57, after v0.37.0-beta.0, with the DRA
node-allocatable claims and the pod-level status resources): PodRequests,
PodLimits, AggregateContainerRequests, AggregateContainerLimits, with
PodResourcesOptions. The init-container
formula is KEP-753's: while init container i runs, the pod uses it plus
every sidecar started before it; sidecars then run with the regular
containers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from pod_resources_cli.kube.names import is_hugepages, is_supported_pod_level
from pod_resources_cli.model.pod import Container, ContainerStatus, Pod, ResourceList
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import dataclass, field

Resources = dict[str, Quantity]


@dataclass(frozen=True, slots=True)
class PodResourcesOptions:
    """The options of PodRequests and PodLimits (resource.PodResourcesOptions)."""

    use_status_resources: bool = False
    in_place_pod_level_resources_vertical_scaling: bool = False
    exclude_overhead: bool = False
    non_missing_container_requests: Mapping[str, Quantity] = field(default_factory=dict)
    skip_pod_level_resources: bool = False
    skip_container_level_resources: bool = False
    use_dra_node_allocatable_claim_status: bool = False


DEFAULT_OPTIONS = PodResourcesOptions()
# The scheduler's defaults for containers that request nothing
# (pkg/scheduler/util: DefaultMilliCPURequest, DefaultMemoryRequest).
SCHEDULER_NON_MISSING = {"cpu": Quantity.parse("100m"), "memory": Quantity.parse("200Mi")}


def add_into(target: Resources, other: ResourceList | None) -> None:
    """addResourceList: the first value keeps its format."""
    for name, quantity in (other or {}).items():
        current = target.get(name)
        target[name] = quantity if current is None else current + quantity
    return None


def max_into(target: Resources, other: ResourceList | None) -> None:
    """maxResourceList: a strictly larger value replaces (ties keep the old one)."""
    for name, quantity in (other or {}).items():
        current = target.get(name)
        if current is None or quantity > current:
            target[name] = quantity


def subtract_into(target: Resources | None, other: ResourceList) -> None:
    if target is None:
        return
    for name, quantity in other.items():
        if name in target:
            value = target[name] - quantity
            target[name] = value if value.nanos >= 0 else Quantity(0, value.format)


def max_of(first: ResourceList | None, *others: ResourceList | None) -> Resources:
    result = dict(first or {})
    for other in others:
        max_into(result, other)
    return result


def is_pod_level_resources_set(pod: Pod) -> bool:
    r = pod.resources
    return r is not None and any(is_supported_pod_level(n) for n in (*r.req, *r.lim))


def is_pod_level_requests_set(pod: Pod) -> bool:
    r = pod.resources
    return r is not None and any(is_supported_pod_level(n) for n in r.req)


def is_pod_level_limits_set(pod: Pod) -> bool:
    r = pod.resources
    return r is not None and any(is_supported_pod_level(n) for n in r.lim)


def is_pod_resize_infeasible(pod: Pod) -> bool:
    return pod.status.resize_pending_reason == "Infeasible"


def _find_status(pod: Pod, name: str) -> ContainerStatus | None:
    for status in (*pod.status.container_statuses, *pod.status.init_container_statuses):
        if status.name == name:
            return status
    return None


Getter = Callable[[Container, "ContainerStatus | None", bool], "ResourceList | None"]


def _spec_requests(c: Container, _: ContainerStatus | None, __: bool) -> ResourceList | None:
    return c.resources.requests


def _allocated_requests(c: Container, cs: ContainerStatus | None, infeasible: bool) -> ResourceList | None:
    if cs is not None and cs.allocated_resources is not None:
        return cs.allocated_resources
    return None if infeasible else c.resources.requests


def _actuated_requests(c: Container, cs: ContainerStatus | None, infeasible: bool) -> ResourceList | None:
    if cs is not None and cs.resources is not None and cs.resources.requests is not None:
        return cs.resources.requests
    if cs is not None and cs.allocated_resources is not None:
        return cs.allocated_resources
    return None if infeasible else c.resources.requests


def _spec_limits(c: Container, _: ContainerStatus | None, __: bool) -> ResourceList | None:
    return c.resources.limits


def _actuated_limits(c: Container, cs: ContainerStatus | None, infeasible: bool) -> ResourceList | None:
    if cs is not None and cs.resources is not None and cs.resources.limits is not None:
        return cs.resources.limits
    return None if infeasible else c.resources.limits


def _apply_non_missing(reqs: ResourceList | None, non_missing: Mapping[str, Quantity]) -> Resources:
    out = dict(reqs or {})
    for name, quantity in non_missing.items():
        if name not in out:
            out[name] = quantity
    return out


@dataclass(frozen=True, slots=True)
class InitStep:
    """A regular init container and how many sidecars run beside it (the
    first ``sidecars_before`` of Kep753.sidecars, started before it)."""

    container: Container
    sidecars_before: int


@dataclass(frozen=True, slots=True)
class Kep753:
    """The shape of the KEP-753 formula for one pod: the pod's steady use is
    its regular containers plus every sidecar; each regular init container's
    peak is itself plus the sidecars started before it; the larger wins.
    (A prefix of sidecars alone never exceeds the steady sum, so it is not a term.)"""

    containers: tuple[Container, ...]
    sidecars: tuple[Container, ...]
    init_steps: tuple[InitStep, ...]


def kep753(pod: Pod) -> Kep753:
    sidecars: list[Container] = []
    steps: list[InitStep] = []
    for c in pod.init_containers:
        if c.is_restartable_init:
            sidecars.append(c)
        else:
            steps.append(InitStep(c, len(sidecars)))
    return Kep753(pod.containers, tuple(sidecars), tuple(steps))


def aggregate_by(pod: Pod, opts: PodResourcesOptions, get: Getter) -> Resources:
    """aggregateContainerResourcesByFn: the KEP-753 formula (kep753)."""
    infeasible = is_pod_resize_infeasible(pod) if opts.use_status_resources else False

    def resources_of(c: Container) -> ResourceList | None:
        cs = _find_status(pod, c.name) if opts.use_status_resources else None
        lst = get(c, cs, infeasible)
        if opts.non_missing_container_requests:
            return _apply_non_missing(lst, opts.non_missing_container_requests)
        return lst

    shape = kep753(pod)
    result: Resources = {}
    for c in shape.containers:
        add_into(result, resources_of(c))
    sidecars = [resources_of(c) for c in shape.sidecars]
    for own in sidecars:
        add_into(result, own)
    init_peak: Resources = {}
    started: Resources = {}
    counted = 0
    for step in shape.init_steps:
        for own in sidecars[counted : step.sidecars_before]:
            add_into(started, own)
        counted = step.sidecars_before
        combined: Resources = {}
        add_into(combined, resources_of(step.container))
        add_into(combined, started)
        max_into(init_peak, combined)
    max_into(result, init_peak)
    return result


def _dra_claim_resources(pod: Pod, opts: PodResourcesOptions) -> Resources:
    out: Resources = {}
    if not opts.use_dra_node_allocatable_claim_status:
        return out
    for claim in pod.status.claim_statuses:
        for name, quantity in claim.mapping:
            add_into(out, {name: quantity})
        for overhead in claim.overhead:
            total = Quantity(0)
            if overhead.per_pod is not None:
                total = total + overhead.per_pod
            if overhead.per_container is not None and claim.containers:
                total = total + Quantity(overhead.per_container.nanos * len(claim.containers), overhead.per_container.format)
            add_into(out, {overhead.name: total})
    return out


def aggregate_container_requests(pod: Pod, opts: PodResourcesOptions = DEFAULT_OPTIONS) -> Resources:
    if not opts.use_status_resources:
        reqs = aggregate_by(pod, opts, _spec_requests)
        add_into(reqs, _dra_claim_resources(pod, opts))
        return reqs
    infeasible = is_pod_resize_infeasible(pod)
    spec = aggregate_by(pod, opts, _spec_requests)
    add_into(spec, _dra_claim_resources(pod, opts))
    status = pod.status
    if (
        opts.in_place_pod_level_resources_vertical_scaling
        and status.allocated_resources is not None
        and status.resources is not None
        and status.resources.requests is not None
    ):
        allocated: ResourceList | None = status.allocated_resources
        actuated: ResourceList | None = status.resources.requests
    else:
        allocated_r = aggregate_by(pod, opts, _allocated_requests)
        add_into(allocated_r, _dra_claim_resources(pod, opts))
        allocated, actuated = allocated_r, aggregate_by(pod, opts, _actuated_requests)
    return max_of(actuated, allocated) if infeasible else max_of(spec, actuated, allocated)


def _add_dra_limits(limits: Resources, pod: Pod, opts: PodResourcesOptions) -> Resources:
    for name, quantity in _dra_claim_resources(pod, opts).items():
        # kubelet leaves an undeclared limit unlimited; hugepages always count.
        if name in limits or is_hugepages(name):
            add_into(limits, {name: quantity})
    return limits


def aggregate_container_limits(pod: Pod, opts: PodResourcesOptions = DEFAULT_OPTIONS) -> Resources:
    opts_no_missing = PodResourcesOptions(
        use_status_resources=opts.use_status_resources,
        in_place_pod_level_resources_vertical_scaling=opts.in_place_pod_level_resources_vertical_scaling,
        use_dra_node_allocatable_claim_status=opts.use_dra_node_allocatable_claim_status,
    )
    if not opts.use_status_resources:
        return _add_dra_limits(aggregate_by(pod, opts_no_missing, _spec_limits), pod, opts)
    infeasible = is_pod_resize_infeasible(pod)
    spec = _add_dra_limits(aggregate_by(pod, opts_no_missing, _spec_limits), pod, opts)
    status = pod.status
    actuated: ResourceList
    if opts.in_place_pod_level_resources_vertical_scaling and status.resources is not None and status.resources.limits is not None:
        actuated = status.resources.limits
    else:
        actuated = aggregate_by(pod, opts_no_missing, _actuated_limits)
    return dict(actuated) if infeasible else max_of(spec, actuated)


def _effective_pod_level(pod: Pod, spec: ResourceList | None, *statuses: ResourceList | None) -> Resources:
    return max_of(None if is_pod_resize_infeasible(pod) else spec, *statuses)


def _apply_pod_level(result: Resources, effective: ResourceList) -> None:
    for name, quantity in effective.items():
        if is_supported_pod_level(name):
            result[name] = quantity


def pod_requests(pod: Pod, opts: PodResourcesOptions = DEFAULT_OPTIONS) -> Resources:
    """PodRequests: what the scheduler sums against allocatable."""
    reqs: Resources = {} if opts.skip_container_level_resources else aggregate_container_requests(pod, opts)
    if not opts.skip_pod_level_resources and is_pod_level_requests_set(pod):
        assert pod.resources is not None
        effective: ResourceList = pod.resources.req
        status = pod.status
        if (
            opts.in_place_pod_level_resources_vertical_scaling
            and opts.use_status_resources
            and (status.resources is not None or status.allocated_resources is not None)
        ):
            status_reqs = dict(status.resources.req) if status.resources is not None else None
            allocated = dict(status.allocated_resources) if status.allocated_resources is not None else None
            if pod.overhead is not None:
                subtract_into(status_reqs, pod.overhead)
                subtract_into(allocated, pod.overhead)
            effective = _effective_pod_level(pod, pod.resources.req, status_reqs, allocated)
        _apply_pod_level(reqs, effective)
    if not opts.exclude_overhead and pod.overhead is not None:
        add_into(reqs, pod.overhead)
    return reqs


def pod_limits(pod: Pod, opts: PodResourcesOptions = DEFAULT_OPTIONS) -> Resources:
    """PodLimits: overhead is added only to limits that are set and non-zero."""
    limits = aggregate_container_limits(pod, opts)
    if not opts.skip_pod_level_resources and is_pod_level_resources_set(pod):
        assert pod.resources is not None
        effective: ResourceList = pod.resources.lim
        status = pod.status
        if opts.in_place_pod_level_resources_vertical_scaling and opts.use_status_resources and status.resources is not None:
            status_lims = dict(status.resources.limits) if status.resources.limits is not None else None
            if pod.overhead is not None:
                subtract_into(status_lims, pod.overhead)
            effective = _effective_pod_level(pod, pod.resources.lim, status_lims)
        _apply_pod_level(limits, effective)
    if not opts.exclude_overhead and pod.overhead is not None:
        for name, quantity in pod.overhead.items():
            if name in limits and not limits[name].is_zero():
                limits[name] = limits[name] + quantity
    return limits


def all_containers_have_limit(pod: Pod, name: str) -> bool:
    """Every container, init containers included, sets a limit for ``name``."""
    containers: Iterable[Container] = (*pod.init_containers, *pod.containers)
    return all(name in c.resources.lim for c in containers)
