"""Topology manager scopes: per container or per pod, and the none short cut.

Mirrors pkg/kubelet/cm/topologymanager/scope.go (admitPolicyNone,
allocateAlignedResources), scope_container.go and scope_pod.go (kubernetes
v1.32). Container scope merges and allocates container by container (init
containers first); pod scope merges once for the whole pod and allocates
every container under that hint. A failed merge is TopologyAffinityError;
a provider's allocation error ends the admission with that error.

KEP-5526 (scope_pod.go admitUsingPodResources, upstream with the
PodLevelResourceManagers gate): a pod with pod-level resources under scope
pod is merged once and then allocated by one AllocatePod call per provider;
a failed merge is then the "Pod Scope" flavour of TopologyAffinityError.

Every failed merge also leaves, beside the kubelet's error, the hints it was
computed from (``ScopeResult.affinity``, kube/topologymanager/refusal.py):
the providers' demands are read only then, so admitted pods pay nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from pod_resources_cli.records import dataclass, field
from typing import Protocol

from pod_resources_cli.kube.topologymanager.errors import AdmitError, pod_level_topology_affinity_error, topology_affinity_error
from pod_resources_cli.kube.topologymanager.hints import HintMap, TopologyHint
from pod_resources_cli.kube.topologymanager.policy import Policy
from pod_resources_cli.kube.topologymanager.refusal import AffinityRefusal, Demand, provider_hints
from pod_resources_cli.model.pod import Container, Pod

NO_HINT = TopologyHint(None, False)


class Provider(Protocol):
    """A hint provider as the scopes drive it (allocation errors carry the kubelet's reason).

    ``name`` and ``demand`` (per resource: the request its hints were sized
    for, and what was free per NUMA node; ``container`` None for the pod) only
    describe a refusal."""

    name: str

    def demand(self, pod: Pod, container: Container | None) -> dict[str, Demand]: ...

    def container_hints(self, pod: Pod, container: Container) -> HintMap | None: ...

    def pod_hints(self, pod: Pod) -> HintMap | None: ...

    def allocate(self, pod: Pod, container: Container, hint: TopologyHint) -> AdmitError | None: ...

    def allocate_pod(self, pod: Pod, hint: TopologyHint) -> AdmitError | None: ...


@dataclass
class ScopeResult:
    error: AdmitError | None = None
    hints: dict[str, TopologyHint] = field(default_factory=dict)  # per container reached
    pod_hint: TopologyHint | None = None
    allocated: list[str] = field(default_factory=list)  # containers every provider allocated
    affinity: AffinityRefusal | None = None  # a TopologyAffinityError: the hints the merge refused


def _refusal(
    policy: Policy,
    scope: str,
    providers: Sequence[Provider],
    pod: Pod,
    container: Container | None,
    hints: Sequence[HintMap | None],
    best: TopologyHint,
) -> AffinityRefusal:
    demands = [p.demand(pod, container) for p in providers]
    resources = provider_hints([p.name for p in providers], hints, demands)
    name = container.name if container is not None else None
    return AffinityRefusal(policy.name, scope, name, tuple(policy.numa.nodes), resources, best)


def _allocate(providers: Sequence[Provider], pod: Pod, container: Container, hint: TopologyHint) -> AdmitError | None:
    for provider in providers:
        error = provider.allocate(pod, container, hint)
        if error is not None:
            return error
    return None


def _allocate_in_order(result: ScopeResult, providers: Sequence[Provider], pod: Pod, container: Container, hint: TopologyHint) -> bool:
    """Record the container's hint and allocate it; False (with result.error) on refusal."""
    result.hints[container.name] = hint
    result.error = _allocate(providers, pod, container, hint)
    if result.error is not None:
        return False
    result.allocated.append(container.name)
    return True


def admit_none(providers: Sequence[Provider], pod: Pod) -> ScopeResult:
    """Policy none: no hints, every container allocated under the empty hint."""
    result = ScopeResult()
    for c in pod.all_containers():
        if not _allocate_in_order(result, providers, pod, c, NO_HINT):
            break
    return result


def admit_container_scope(policy: Policy, providers: Sequence[Provider], pod: Pod) -> ScopeResult:
    result = ScopeResult()
    for c in pod.all_containers():
        hints = [p.container_hints(pod, c) for p in providers]
        hint, admit = policy.merge(hints)
        if not admit:
            result.error = topology_affinity_error()
            result.affinity = _refusal(policy, "container", providers, pod, c, hints, hint)
            return result
        if not _allocate_in_order(result, providers, pod, c, hint):
            break
    return result


def admit_pod_scope(policy: Policy, providers: Sequence[Provider], pod: Pod) -> ScopeResult:
    result = ScopeResult()
    hints = [p.pod_hints(pod) for p in providers]
    hint, admit = policy.merge(hints)
    if not admit:
        result.error = topology_affinity_error()
        result.affinity = _refusal(policy, "pod", providers, pod, None, hints, hint)
        return result
    result.pod_hint = hint
    for c in pod.all_containers():
        if not _allocate_in_order(result, providers, pod, c, hint):
            break
    return result


def admit_pod_level(policy: Policy, providers: Sequence[Provider], pod: Pod) -> ScopeResult:
    result = ScopeResult()
    hints = [p.pod_hints(pod) for p in providers]
    hint, admit = policy.merge(hints)
    if not admit:
        result.error = pod_level_topology_affinity_error(
            "pod with pod-level resources failed admission under pod-scope topology manager"
        )
        result.affinity = _refusal(policy, "pod", providers, pod, None, hints, hint)
        return result
    result.pod_hint = hint
    for c in pod.all_containers():
        result.hints[c.name] = hint
    for provider in providers:
        result.error = provider.allocate_pod(pod, hint)
        if result.error is not None:
            return result
    result.allocated = [c.name for c in pod.all_containers()]
    return result
