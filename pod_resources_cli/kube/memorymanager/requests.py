"""What a container, or a pod, asks of the Memory manager.

Mirrors pkg/kubelet/cm/memorymanager/policy_static.go
getContainerRequestedResources and getPodRequestedResources, and
pkg/kubelet/cm/qos/helpers.go IsContainerEquivalentQOSGuaranteed (kubernetes/
kubernetes, the version with pod-level resource managers, KEP-5526, v1.36).

Only ``memory`` and ``hugepages-<size>`` requests count, as whole bytes.
"""

from __future__ import annotations

from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.names import CPU, MEMORY, is_hugepages
from pod_resources_cli.kube.resource import is_pod_level_resources_set
from pod_resources_cli.model.pod import Container, Pod, ResourceList
from pod_resources_cli.quantity import NANO, Quantity

Requested = dict[str, int]  # resource name -> bytes
_U64 = 2**64

POD_LEVEL_RESOURCE_MANAGERS = "PodLevelResourceManagers"


class RequestError(Exception):
    """A request the kubelet cannot read as an int64 (a fractional byte count)."""


def _as_int64(quantity: Quantity) -> int:
    """Quantity.AsInt64, failing on fractions as the kubelet's does."""
    if quantity.nanos % NANO:
        raise RequestError("[memorymanager] failed to represent quantity as int64")
    return quantity.nanos // NANO


def _memory_types(resources: ResourceList, *, skip_non_positive: bool = False) -> Requested:
    out: Requested = {}
    for name, quantity in resources.items():
        if name != MEMORY and not is_hugepages(name):
            continue
        size = _as_int64(quantity)
        if skip_non_positive and size <= 0:
            continue
        out[name] = size
    return out


def is_container_equivalent_qos_guaranteed(container: Container) -> bool:
    """cpu and memory both requested (non-zero) and equal to their limits."""
    req, lim = container.resources.req, container.resources.lim
    for name in (CPU, MEMORY):
        request = req.get(name)
        if request is None or request.is_zero():
            return False
        limit = lim.get(name)
        if limit is None or limit != request:
            return False
    return True


def pod_level_managed(pod: Pod, gates: FeatureGates) -> bool:
    """KEP-5526: the managers use spec.resources (gate on, pod-level resources set)."""
    return gates.enabled(POD_LEVEL_RESOURCE_MANAGERS) and is_pod_level_resources_set(pod)


def skips_pod_level(pod: Pod, gates: FeatureGates) -> bool:
    """A pod with pod-level resources the managers do not support: no hints, no pinning."""
    supported = gates.enabled(POD_LEVEL_RESOURCE_MANAGERS) and gates.enabled("PodLevelResources")
    return not supported and is_pod_level_resources_set(pod)


def container_requested_resources(pod: Pod, container: Container, gates: FeatureGates) -> Requested:
    if pod_level_managed(pod, gates) and not is_container_equivalent_qos_guaranteed(container):
        return {}  # such a container runs in the pod's shared pool
    return _memory_types(container.resources.req)


def pod_requested_resources(pod: Pod, gates: FeatureGates) -> Requested:
    """The pod's need: spec.resources under KEP-5526, else the kubelet's
    init/sidecar formula (KEP-753): max(regular + sidecars, the largest
    init container plus the sidecars started before it)."""
    if pod_level_managed(pod, gates):
        assert pod.resources is not None
        return _memory_types(pod.resources.req, skip_non_positive=True)
    by_init: Requested = {}
    by_sidecars: Requested = {}
    for ctr in pod.init_containers:
        for name, size in container_requested_resources(pod, ctr, gates).items():
            by_init.setdefault(name, 0)
            if ctr.is_restartable_init:
                by_sidecars[name] = by_sidecars.get(name, 0) + size
            elif by_sidecars.get(name, 0) + size > by_init[name]:
                by_init[name] = by_sidecars.get(name, 0) + size
    by_app: Requested = {}
    for ctr in pod.containers:
        for name, size in container_requested_resources(pod, ctr, gates).items():
            by_app[name] = by_app.get(name, 0) + size
    out: Requested = {}
    for name, app in by_app.items():  # only what regular containers request counts
        out[name] = max(app + by_sidecars.get(name, 0), by_init.get(name, 0))
    return out


def pod_scope_problem(pod: Pod, gates: FeatureGates) -> str | None:
    """validatePodScopeResources: why the pod shared pool would be empty, if it would."""
    if not pod_level_managed(pod, gates):
        return None
    try:
        total = pod_requested_resources(pod, gates)
        long_running: dict[str, int] = {}
        has_shared = False
        for ctr in pod.init_containers:
            reqs = container_requested_resources(pod, ctr, gates)
            if not ctr.is_restartable_init:
                if reqs:
                    for name in sorted(total):
                        pool = (total[name] - long_running.get(name, 0)) % _U64
                        if reqs.get(name, 0) > pool:
                            return (
                                f"pod rejected, largest exclusive init container requests {reqs.get(name, 0)} of {name}, "
                                f"but only {pool} available"
                            )
                else:
                    for name in sorted(total):
                        if long_running.get(name, 0) >= total[name]:
                            return f"pod rejected, pod has shared init containers but no {name} available for them"
                continue
            if not reqs:
                has_shared = True
                continue
            for name, size in reqs.items():
                long_running[name] = long_running.get(name, 0) + size
        for ctr in pod.containers:
            reqs = container_requested_resources(pod, ctr, gates)
            if not reqs:
                has_shared = True
                continue
            for name, size in reqs.items():
                long_running[name] = long_running.get(name, 0) + size
    except RequestError as exc:
        return str(exc)
    if has_shared:
        for name in sorted(total):
            if long_running.get(name, 0) >= total[name]:
                return (
                    f"pod rejected, sum of exclusive container {name} requests equals pod budget, "
                    "leaving no memory for shared containers"
                )
    return None
