"""Why the topology manager refused a pod, as provenance, from the hints its merge used.

The kubelet's TopologyAffinityError keeps its reason and message; this is the
tool's own account beside it, read from kube/topologymanager/refusal.py's
AffinityRefusal and worded by why_words/affinity.py. The reasons follow
upstream (kubernetes v1.32, pkg/kubelet/cm/topologymanager):

- policy.go mergePermutation: a merged hint is the AND of one hint per
  resource, preferred only when every chosen hint is preferred and every
  chosen NUMA set is the same; HintMerger.Merge keeps the best, preferred
  first (then the narrowest);
- policy_restricted.go canAdmitPodResult: admit only a preferred best hint;
- policy_single_numa_node.go: filterSingleNumaHints keeps, per resource, only
  preferred hints on one NUMA node (or preferred "any") before the merge, so a
  resource without one, or resources with no NUMA node in common, leave no
  preferred hint to admit.

A provider's hint is preferred when its NUMA set is as narrow as the request
allows on the whole machine (devicemanager/topology_hints.go and
cpumanager/policy_static.go generate*TopologyHints, memorymanager's
calculateHints), so "need NUMA nodes 0,1" means no single node could ever hold
the request.
"""

from __future__ import annotations

from pod_resources_cli.kube.names import CPU, MEMORY, is_hugepages
from pod_resources_cli.kube.provenance import Why, because
from pod_resources_cli.kube.topologymanager.hints import TopologyHint, nodes_of
from pod_resources_cli.kube.topologymanager.refusal import AffinityRefusal, Demand, ResourceHints
from pod_resources_cli.quantity import Format, Quantity

SINGLE_NUMA_NODE = "single-numa-node"
_TM = "pkg/kubelet/cm/topologymanager/"
_V = " (kubernetes v1.32)"
_PROVIDER_REF = {
    "devices": "pkg/kubelet/cm/devicemanager/topology_hints.go generateDeviceTopologyHints" + _V,
    "cpu": "pkg/kubelet/cm/cpumanager/policy_static.go generateCPUTopologyHints" + _V,
    "memory": "pkg/kubelet/cm/memorymanager/policy_static.go calculateHints" + _V,
}
# KEP-5526: GetPodTopologyHints offers no hint for a pod whose shared pool would be empty
_POD_SCOPE_REF = {
    "cpu": "pkg/kubelet/cm/cpumanager/policy_static.go GetPodTopologyHints, validatePodScopeResources (kubernetes v1.36, PodLevelResourceManagers)",
    "memory": "pkg/kubelet/cm/memorymanager/policy_static.go GetPodTopologyHints, validatePodScopeResources (kubernetes v1.36, PodLevelResourceManagers)",
}
_SINGLE_REF = _TM + "policy_single_numa_node.go filterSingleNumaHints" + _V
_RESTRICTED_REF = _TM + "policy_restricted.go canAdmitPodResult" + _V

Group = tuple[ResourceHints, ...]


def _nodes(mask: int | None) -> tuple[int, ...] | None:
    """A hint's NUMA nodes; None for "any"."""
    return None if mask is None else tuple(nodes_of(mask))


def _memory_like(resource: str) -> bool:
    return resource == MEMORY or is_hugepages(resource)


def _amount(resource: str, demand: Demand | None) -> Why:
    """The request a provider sized its hints for."""
    if demand is None:
        return because("affinity.amount.unsized", resource=resource)
    if _memory_like(resource):
        return because("affinity.amount.bytes", resource=resource, amount=Quantity.from_int(demand.requested, Format.BINARY_SI))
    if resource == CPU:
        return because("affinity.amount.exclusive-cpus", count=demand.requested)
    return because("affinity.amount.devices", count=demand.requested)


def _free(resource: str, demand: Demand | None) -> Why | None:
    """What each NUMA node has free, only where no single node has the request
    free (what spreads it)."""
    if demand is None or not demand.free or max(a for _, a in demand.free) >= demand.requested:
        return None
    memory = _memory_like(resource)
    free = tuple((n, Quantity.from_int(a, Format.BINARY_SI) if memory else a) for n, a in demand.free)
    amounts = {amount for _, amount in demand.free}
    if len(amounts) == 1 and len(free) > 1:
        return because("affinity.free.per-node", resource=resource, amount=free[0][1])
    return because("affinity.free.by-node", resource=resource, free=free)


def _preferred(hints: tuple[TopologyHint, ...]) -> list[int]:
    masks = {h.affinity for h in hints if h.preferred and h.affinity is not None}
    return sorted(masks, key=lambda m: (m.bit_count(), m))


def _fit(hints: tuple[TopologyHint, ...], /, ref: str, **inputs: object) -> Why:
    """What the hints say about placement: the rule names the case."""
    if not hints:
        return because("affinity.resource-group.nowhere", ref=ref, **inputs)
    if any(h.affinity is None and h.preferred for h in hints):
        return because("affinity.resource-group.any-node", ref=ref, **inputs)
    preferred = _preferred(hints)
    if not preferred:
        narrowest = min((h.affinity for h in hints if h.affinity is not None), key=lambda m: (m.bit_count(), m))
        return because("affinity.resource-group.not-preferred", ref=ref, **inputs, nodes=_nodes(narrowest))
    if all(m.bit_count() == 1 for m in preferred):
        return because("affinity.resource-group.one-node", ref=ref, **inputs, nodes=tuple(nodes_of(m)[0] for m in preferred))
    if len(preferred) == 1:
        return because("affinity.resource-group.numa-set", ref=ref, **inputs, nodes=_nodes(preferred[0]))
    return because("affinity.resource-group.numa-sets", ref=ref, **inputs, sets=tuple(tuple(nodes_of(m)) for m in preferred))


def _group_why(group: Group) -> Why:
    """One resource, or the Memory manager's resources that share one hint list
    (its calculateHints gives every memory type the same NUMA sets: they are
    placed together)."""
    first = group[0]
    ref = _PROVIDER_REF.get(first.provider, "")
    resources = tuple(r.resource or "" for r in group)
    if first.hints is None:
        return because("affinity.resource-group.no-preference", ref=ref, resources=resources)
    refused = next((r.demand.refused for r in group if r.demand is not None and r.demand.refused), None)
    if first.hints == () and refused is not None:  # the provider's own check failed: no hint, whatever is free
        return because("affinity.resource-group.refused", ref=_POD_SCOPE_REF.get(first.provider, ref), resources=resources, reason=refused)
    amounts = tuple(_amount(r.resource or "", r.demand) for r in group)
    free = tuple(f for f in (_free(r.resource or "", r.demand) for r in group) if f is not None)
    return _fit(first.hints, ref=ref, resources=resources, amounts=amounts, free=free, hints=first.hints)


def resource_groups(a: AffinityRefusal) -> list[Group]:
    """The resources with hints, the Memory manager's sharing one hint list grouped."""
    groups: list[list[ResourceHints]] = []
    for r in a.resources:
        if r.resource is None:
            continue  # a provider without hints for this pod
        same = next((g for g in groups if r.provider == "memory" == g[0].provider and g[0].hints == r.hints), None)
        if same is not None and r.hints is not None:
            same.append(r)
        else:
            groups.append([r])
    return [tuple(g) for g in groups]


def _names(groups: list[Group]) -> tuple[str, ...]:
    return tuple(r.resource or r.provider for g in groups for r in g)


def _single(h: TopologyHint) -> bool:
    return h.affinity is not None and h.affinity.bit_count() == 1


def _prefers(group: Group) -> Why:
    """The NUMA sets a resource (group) prefers, narrowest first."""
    hints = group[0].hints or ()
    resources = _names([group])
    if any(h.affinity is None and h.preferred for h in hints):
        return because("affinity.prefers.any-node", resources=resources)
    sets = _preferred(hints)
    if not sets:
        return because("affinity.prefers.none", resources=resources)
    return because("affinity.prefers.numa-sets", resources=resources, sets=tuple(tuple(nodes_of(m)) for m in sets))


def policy_why(a: AffinityRefusal) -> Why:
    """Why the policy refused the best merged hint."""
    listed = [g for g in resource_groups(a) if g[0].hints is not None]
    if a.policy == SINGLE_NUMA_NODE:
        blocked = [g for g in listed if not any(h.preferred and _single(h) for h in g[0].hints or ())]
        if blocked:
            return because("affinity.policy.single-numa.none-offered", ref=_SINGLE_REF, resources=_names(blocked))
        return because("affinity.policy.single-numa.no-common-node", ref=_SINGLE_REF)
    best = _nodes(a.best.affinity)
    empty = [g for g in listed if not g[0].hints]
    if empty:
        return because("affinity.policy.no-placement", ref=_RESTRICTED_REF, policy=a.policy, best=best, resources=_names(empty))
    prefers = tuple(_prefers(g) for g in listed)
    return because("affinity.policy.no-common-set", ref=_RESTRICTED_REF, policy=a.policy, best=best, prefers=prefers)


def scope_why(a: AffinityRefusal) -> Why:
    """Whose merge failed: the pod's (scope pod) or one container's."""
    if a.container is not None:
        return because("affinity.scope.container", container=a.container)
    return because("affinity.scope.pod")


def refusal_why(a: AffinityRefusal) -> Why:
    """The whole account: its parts are one Why per resource group, then the policy's;
    its inputs the scope and the policy."""
    parts = (*(_group_why(g) for g in resource_groups(a)), policy_why(a))
    return because(
        "affinity.refusal", *parts, ref=_TM + "policy.go HintMerger.Merge" + _V, scope=scope_why(a), policy=a.policy
    )
