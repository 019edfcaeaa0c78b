"""API-server defaulting of resources.

Mirrors pkg/apis/core/v1/defaults.go SetDefaults_Pod (k/k 023f88a32c95):
container requests default to limits; then, with PodLevelResources,
defaultHugePagePodLimits, defaultPodRequests and defaultPodLimits, in that
order. That commit calls defaultPodLimits whenever PodLevelResources is on;
here it also waits for PodLevelResourcesFixDefaulting (1.37+, see
features.py).

Each defaulted value is recorded as a ``Defaulted`` note so reports can say
where a number came from. The input pod is never mutated.
"""

from __future__ import annotations

from collections.abc import Mapping

from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube import resource as rh
from pod_resources_cli.kube.names import is_hugepages, is_overcommit_allowed, is_supported_pod_level
from pod_resources_cli.kube.provenance import Why, because
from pod_resources_cli.model.pod import Container, Pod, ResourceRequirements
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import dataclass, replace

FIX_DEFAULTING = "PodLevelResourcesFixDefaulting"
_REF = "pkg/apis/core/v1/defaults.go SetDefaults_Pod"


@dataclass(frozen=True, slots=True)
class Defaulted:
    """One value the API server fills in: ``scope`` is a container name or "pod"."""

    scope: str
    kind: str  # "requests" | "limits"
    resource: str
    value: Quantity
    rule: Why


@dataclass(frozen=True, slots=True)
class DefaultedPod:
    """A pod with the API server's defaults, and a note for each defaulted value."""

    pod: Pod
    notes: tuple[Defaulted, ...]


def _default_container(c: Container, notes: list[Defaulted]) -> Container:
    limits = c.resources.limits
    if limits is None:
        return c
    requests = dict(c.resources.req)
    for name, value in limits.items():
        if name not in requests:
            requests[name] = value
            notes.append(Defaulted(c.name, "requests", name, value, because("defaults.request-from-limit", ref=_REF)))
    return replace(c, resources=replace(c.resources, requests=requests))


def default_pod(pod: Pod, gates: FeatureGates) -> DefaultedPod:
    """SetDefaults_Pod, resources only."""
    notes: list[Defaulted] = []
    pod = pod.with_containers(
        tuple(_default_container(c, notes) for c in pod.containers),
        tuple(_default_container(c, notes) for c in pod.init_containers),
    )
    if gates.enabled("PodLevelResources"):
        pod = _default_hugepage_pod_limits(pod, notes)
        pod = _default_pod_requests(pod, notes)
        if gates.enabled(FIX_DEFAULTING):
            pod = _default_pod_limits(pod, notes)
    return DefaultedPod(pod, tuple(notes))


def _with_pod_resources(pod: Pod, requests: Mapping[str, Quantity] | None, limits: Mapping[str, Quantity] | None) -> Pod:
    current = pod.resources or ResourceRequirements()
    return replace(pod, resources=replace(current, requests=requests, limits=limits))


def _default_hugepage_pod_limits(pod: Pod, notes: list[Defaulted]) -> Pod:
    r = pod.resources
    if r is None or (not r.lim and not r.req):
        return pod
    limits = dict(r.lim)
    for name, value in rh.aggregate_container_limits(pod).items():
        if not is_supported_pod_level(name) or not is_hugepages(name):
            continue
        if name in r.req:  # a pod-level hugepage request blocks this default
            continue
        if name not in limits:
            limits[name] = value
            notes.append(Defaulted("pod", "limits", name, value, because("defaults.pod-hugepages-limit", ref="pkg/apis/core/v1/defaults.go defaultHugePagePodLimits")))
    if not limits:
        return pod
    return _with_pod_resources(pod, r.requests, limits)


def _default_pod_requests(pod: Pod, notes: list[Defaulted]) -> Pod:
    r = pod.resources
    if r is None or not r.lim:
        return pod
    requests = dict(r.req)
    for name, value in rh.aggregate_container_requests(pod).items():
        if name not in requests and is_supported_pod_level(name) and is_overcommit_allowed(name):
            requests[name] = value
            notes.append(Defaulted("pod", "requests", name, value, because("defaults.pod-request-aggregate", ref="pkg/apis/core/v1/defaults.go defaultPodRequests")))
    for name, value in r.lim.items():
        if name not in requests and is_supported_pod_level(name):
            requests[name] = value
            notes.append(Defaulted("pod", "requests", name, value, because("defaults.pod-request-from-limit", ref="pkg/apis/core/v1/defaults.go defaultPodRequests")))
    if not requests:
        return pod
    return _with_pod_resources(pod, requests, r.limits)


def _default_pod_limits(pod: Pod, notes: list[Defaulted]) -> Pod:
    if rh.is_pod_level_limits_set(pod) or not rh.is_pod_level_requests_set(pod):
        return pod
    r = pod.resources
    assert r is not None
    limits = dict(r.lim)
    for name, value in rh.aggregate_container_limits(pod).items():
        if name in limits or not is_supported_pod_level(name) or not is_overcommit_allowed(name):
            continue
        if not rh.all_containers_have_limit(pod, name):
            continue
        limits[name] = value
        notes.append(
            Defaulted("pod", "limits", name, value, because("defaults.pod-limit-sum", ref="pkg/apis/core/v1/defaults.go defaultPodLimits", gate=FIX_DEFAULTING))
        )
    if not limits:
        return pod
    return _with_pod_resources(pod, r.requests, limits)
