"""Why the topology manager refused a pod, in words, from the hints its merge used.

The kubelet's TopologyAffinityError keeps its reason and message; this is the
tool's own account beside it, read from kube/topologymanager/refusal.py's
AffinityRefusal. The reasons follow upstream (kubernetes v1.32,
pkg/kubelet/cm/topologymanager):

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
from pod_resources_cli.kube.topologymanager.hints import TopologyHint, nodes_of
from pod_resources_cli.kube.topologymanager.refusal import AffinityRefusal, Demand, ResourceHints
from pod_resources_cli.quantity import Format, Quantity

SINGLE_NUMA_NODE = "single-numa-node"
MAX_LISTED_HINTS = 8  # hints listed per resource in a table line (2^NUMA - 1 exist)


def numa_set(mask: int | None) -> str:
    """``{0,1}``; ``{any}`` for a hint without NUMA affinity."""
    return "{any}" if mask is None else "{" + ",".join(map(str, nodes_of(mask))) + "}"


def _bytes(value: int) -> str:
    return str(Quantity.from_int(value, Format.BINARY_SI))


def _memory_like(resource: str) -> bool:
    return resource == MEMORY or is_hugepages(resource)


def _amount(resource: str, demand: Demand | None) -> tuple[str, bool]:
    """(``5 devices``, plural) for the request a provider sized its hints for."""
    if demand is None:
        return resource, False
    n = demand.requested
    if _memory_like(resource):
        return f"{_bytes(n)} of {resource}", False
    unit = "exclusive CPU" if resource == CPU else "device"
    return f"{n} {unit}{'s' if n != 1 else ''}", n != 1


def _free(resource: str, demand: Demand | None) -> str:
    """`` (4 free per NUMA node)`` or `` (free: 3 on NUMA node 0, 4 on NUMA node 1)``."""
    if demand is None or not demand.free:
        return ""
    show = _bytes if _memory_like(resource) else str
    amounts = {amount for _, amount in demand.free}
    if len(amounts) == 1 and len(demand.free) > 1:
        return f" ({show(amounts.pop())} free per NUMA node)"
    return " (free: " + ", ".join(f"{show(a)} on NUMA node {n}" for n, a in demand.free) + ")"


def _preferred(hints: tuple[TopologyHint, ...]) -> list[int]:
    masks = {h.affinity for h in hints if h.preferred and h.affinity is not None}
    return sorted(masks, key=lambda m: (m.bit_count(), m))


def _nodes(mask: int) -> str:
    return ",".join(map(str, nodes_of(mask)))


def resource_sentence(r: ResourceHints) -> str | None:
    """``nvidia.com/gpu: 5 devices need NUMA nodes 0,1 (4 free per NUMA node)``; None for a provider without hints."""
    if r.resource is None:
        return None
    name = r.resource
    if r.hints is None:
        return f"{name}: no NUMA preference"
    amount, plural = _amount(name, r.demand)
    fit, need = ("fit", "need") if plural else ("fits", "needs")
    if not r.hints:
        return f"{name}: {amount} {fit} on no NUMA nodes{_free(name, r.demand)}"
    if any(h.affinity is None and h.preferred for h in r.hints):
        return f"{name}: {amount}, any NUMA node"
    preferred = _preferred(r.hints)
    if not preferred:
        narrowest = min((h.affinity for h in r.hints if h.affinity is not None), key=lambda m: (m.bit_count(), m))
        return (
            f"{name}: {amount} {fit} only where not preferred, on NUMA nodes {_nodes(narrowest)} at the narrowest"
            f"{_free(name, r.demand)}"
        )
    if all(m.bit_count() == 1 for m in preferred):
        return f"{name}: {amount} {fit} on NUMA node {' or '.join(_nodes(m) for m in preferred)}"
    if len(preferred) == 1:
        return f"{name}: {amount} {need} NUMA nodes {_nodes(preferred[0])}{_free(name, r.demand)}"
    options = " or ".join(_nodes(m) for m in preferred)
    return f"{name}: {amount} {need} {preferred[0].bit_count()} NUMA nodes ({options}){_free(name, r.demand)}"


def offered(r: ResourceHints) -> str:
    """The NUMA sets a resource offered, preferred ones marked: ``{0}* {1}* {0,1}``."""
    if r.hints is None:
        return "{any}*"
    if not r.hints:
        return "none"
    shown = " ".join(numa_set(h.affinity) + ("*" if h.preferred else "") for h in r.hints[:MAX_LISTED_HINTS])
    more = len(r.hints) - MAX_LISTED_HINTS
    return shown + (f" (and {more} more)" if more > 0 else "")


def _names(resources: list[ResourceHints]) -> str:
    names = [r.resource or r.provider for r in resources]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def policy_sentence(a: AffinityRefusal) -> str:
    """Why the policy refused the best merged hint."""
    listed = [r for r in a.resources if r.resource is not None and r.hints is not None]
    empty = [r for r in listed if not r.hints]
    if a.policy == SINGLE_NUMA_NODE:
        head = "single-numa-node admits only a hint on one NUMA node that every resource prefers"
        blocked = [r for r in listed if not any(h.preferred and (h.affinity or 0).bit_count() == 1 for h in r.hints or ())]
        if blocked:
            verb = "offers" if len(blocked) == 1 else "offer"
            return f"{head}, and {_names(blocked)} {verb} none"
        return f"{head}, and no NUMA node is preferred by every resource"
    head = f"{a.policy} admits only a preferred merged hint; the best, {numa_set(a.best.affinity)}, is not preferred"
    if empty:
        verb = "has" if len(empty) == 1 else "have"
        return f"{head}: {_names(empty)} {verb} no possible placement"
    wants = "; ".join(f"{r.resource} prefers {_preferences(r)}" for r in listed if r.hints)
    return f"{head}: no NUMA set is preferred by every resource ({wants})"


def _preferences(r: ResourceHints) -> str:
    """``{0} or {1}``: the preferred NUMA sets, narrowest first (at most 4); ``any NUMA node``; ``none``."""
    hints = r.hints or ()
    if any(h.affinity is None and h.preferred for h in hints):
        return "any NUMA node"
    sets = _preferred(hints)
    if not sets:
        return "none"
    shown = " or ".join(numa_set(m) for m in sets[:4])
    return shown + (" or ..." if len(sets) > 4 else "")


def scope_text(a: AffinityRefusal) -> str:
    """``pod scope`` or ``container trainer``: whose merge failed."""
    return f"container {a.container}" if a.container is not None else "pod scope"


def affinity_lines(a: AffinityRefusal) -> list[str]:
    """One line per resource with its offered NUMA sets, then the policy's reason."""
    lines = []
    for r in a.resources:
        sentence = resource_sentence(r)
        if sentence is not None:
            lines.append(f"{sentence}; offered {offered(r)}")
    lines.append(policy_sentence(a))
    return lines


def affinity_summary(a: AffinityRefusal) -> str:
    """One line: the resources' needs and the policy's reason (lint's PR501 message)."""
    parts = [s for s in (resource_sentence(r) for r in a.resources) if s is not None]
    scope = scope_text(a)
    return f"{scope[0].upper()}{scope[1:]}: {'; '.join([*parts, policy_sentence(a)])}"
