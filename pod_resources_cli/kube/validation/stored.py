"""Canonical quantities: every resource list of the spec rounded up to a milli-unit.

The last step of kube/stored_pod.py (the one path to the stored pod): disabled fields
dropped, defaults applied (kube.pod_create) and every quantity rounded up to
milli precision, as SetDefaults_ResourceList of pkg/apis/core/v1/defaults.go
(kubernetes/kubernetes @119f0c8b3770) does to every resource list of the spec.
"""

from __future__ import annotations

from collections.abc import Mapping

from pod_resources_cli.model.pod import Container, Pod, ResourceRequirements
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import replace


def round_up_milli(q: Quantity) -> Quantity:
    """Quantity.RoundUp(-3): away from zero, to a whole milli-unit."""
    step = 10**6
    rem = abs(q.nanos) % step
    if not rem:
        return q
    magnitude = abs(q.nanos) - rem + step
    return Quantity(magnitude if q.nanos > 0 else -magnitude, q.format)


def _needs_rounding(values: Mapping[str, Quantity] | None) -> bool:
    return values is not None and any(v.nanos % 10**6 for v in values.values())


def _round_list(values: Mapping[str, Quantity] | None) -> Mapping[str, Quantity] | None:
    if not _needs_rounding(values):
        return values  # the common case: nothing finer than 1m, nothing to copy
    assert values is not None
    return {k: round_up_milli(v) for k, v in values.items()}


def _round_requirements(r: ResourceRequirements) -> ResourceRequirements:
    if not (_needs_rounding(r.requests) or _needs_rounding(r.limits)):
        return r
    return replace(r, requests=_round_list(r.requests), limits=_round_list(r.limits))


def round_resource_lists(pod: Pod) -> Pod:
    """SetDefaults_ResourceList on every list of the spec (pkg/apis/core/v1/defaults.go)."""

    def ctr(c: Container) -> Container:
        rounded = _round_requirements(c.resources)
        return c if rounded is c.resources else replace(c, resources=rounded)

    containers = tuple(map(ctr, pod.containers))
    init_containers = tuple(map(ctr, pod.init_containers))
    ephemeral = tuple(map(ctr, pod.ephemeral_containers))
    resources = None if pod.resources is None else _round_requirements(pod.resources)
    changed = (
        any(a is not b for a, b in zip(containers, pod.containers))
        or any(a is not b for a, b in zip(init_containers, pod.init_containers))
        or any(a is not b for a, b in zip(ephemeral, pod.ephemeral_containers))
        or resources is not pod.resources
        or _needs_rounding(pod.overhead)
    )
    if not changed:
        return pod
    pod = pod.with_containers(containers, init_containers)
    return replace(pod, ephemeral_containers=ephemeral, resources=resources, overhead=_round_list(pod.overhead))
