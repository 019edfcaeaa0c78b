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


def _free(resource: str, demand: Demand | None, named: bool = False) -> str | None:
    """``4 free per NUMA node`` or ``free: 3 on NUMA node 0, 4 on NUMA node 1``,
    only where no single NUMA node has the request free (what spreads it)."""
    if demand is None or not demand.free or max(a for _, a in demand.free) >= demand.requested:
        return None
    show = _bytes if _memory_like(resource) else str
    of = f" of {resource}" if named else ""
    amounts = {amount for _, amount in demand.free}
    if len(amounts) == 1 and len(demand.free) > 1:
        return f"{show(amounts.pop())}{of} free per NUMA node"
    return f"free{of}: " + ", ".join(f"{show(a)} on NUMA node {n}" for n, a in demand.free)


def _preferred(hints: tuple[TopologyHint, ...]) -> list[int]:
    masks = {h.affinity for h in hints if h.preferred and h.affinity is not None}
    return sorted(masks, key=lambda m: (m.bit_count(), m))


def _nodes(mask: int) -> str:
    return ",".join(map(str, nodes_of(mask)))


def _where(hints: tuple[TopologyHint, ...], plural: bool) -> str:
    """``need NUMA nodes 0,1``, ``fit on NUMA node 0 or 1``, ...: what the hints say about placement."""
    fit, need = ("fit", "need") if plural else ("fits", "needs")
    if not hints:
        return f"{fit} on no NUMA nodes"
    if any(h.affinity is None and h.preferred for h in hints):
        return f"{fit} on any NUMA node"
    preferred = _preferred(hints)
    if not preferred:
        narrowest = min((h.affinity for h in hints if h.affinity is not None), key=lambda m: (m.bit_count(), m))
        return f"{fit} only where not preferred, on NUMA nodes {_nodes(narrowest)} at the narrowest"
    if all(m.bit_count() == 1 for m in preferred):
        return f"{fit} on NUMA node {' or '.join(_nodes(m) for m in preferred)}"
    if len(preferred) == 1:
        return f"{need} NUMA nodes {_nodes(preferred[0])}"
    return f"{need} {preferred[0].bit_count()} NUMA nodes ({' or '.join(_nodes(m) for m in preferred)})"


def _sentence(group: list[ResourceHints]) -> str:
    """One resource, or the Memory manager's resources that share one hint list
    (its calculateHints gives every memory type the same NUMA sets: they are
    placed together)."""
    first = group[0]
    names = " and ".join(r.resource or "" for r in group)
    if first.hints is None:
        return f"{names}: no NUMA preference"
    amounts = [_amount(r.resource or "", r.demand) for r in group]
    plural = len(group) > 1 or amounts[0][1]
    together = " together" if len(group) > 1 else ""
    frees = [f for f in (_free(r.resource or "", r.demand, len(group) > 1) for r in group) if f is not None]
    suffix = f" ({'; '.join(frees)})" if frees else ""
    return f"{names}: {' and '.join(a for a, _ in amounts)} {_where(first.hints, plural)}{together}{suffix}"


def resource_groups(a: AffinityRefusal) -> list[list[ResourceHints]]:
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
    return groups


def resource_sentence(a: AffinityRefusal, r: ResourceHints) -> str | None:
    """``nvidia.com/gpu: 5 devices need NUMA nodes 0,1 (4 free per NUMA node)``: the
    sentence of ``r``'s group; None for a provider without hints."""
    for group in resource_groups(a):
        if any(member is r for member in group):
            return _sentence(group)
    return None


def offered(r: ResourceHints) -> str:
    """The NUMA sets a resource offered, preferred ones marked: ``{0}* {1}* {0,1}``."""
    if r.hints is None:
        return "{any}*"
    if not r.hints:
        return "none"
    shown = " ".join(numa_set(h.affinity) + ("*" if h.preferred else "") for h in r.hints[:MAX_LISTED_HINTS])
    more = len(r.hints) - MAX_LISTED_HINTS
    return shown + (f" (and {more} more)" if more > 0 else "")


def _names(groups: list[list[ResourceHints]]) -> tuple[str, bool]:
    """(``nvidia.com/gpu``, plural) or (``cpu, memory and hugepages-1Gi``, plural)."""
    names = [r.resource or r.provider for g in groups for r in g]
    text = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return text, len(names) > 1


def _single(h: TopologyHint) -> bool:
    return h.affinity is not None and h.affinity.bit_count() == 1


def policy_sentence(a: AffinityRefusal) -> str:
    """Why the policy refused the best merged hint."""
    listed = [g for g in resource_groups(a) if g[0].hints is not None]
    empty = [g for g in listed if not g[0].hints]
    if a.policy == SINGLE_NUMA_NODE:
        head = "single-numa-node admits only a hint on one NUMA node that every resource prefers"
        blocked = [g for g in listed if not any(h.preferred and _single(h) for h in g[0].hints or ())]
        if blocked:
            names, plural = _names(blocked)
            return f"{head}, and {names} {'offer' if plural else 'offers'} none"
        return f"{head}, and no NUMA node is preferred by every resource"
    head = f"{a.policy} admits only a preferred merged hint; the best, {numa_set(a.best.affinity)}, is not preferred"
    if empty:
        names, plural = _names(empty)
        return f"{head}: {names} {'have' if plural else 'has'} no possible placement"
    wants = []
    for g in listed:
        names, plural = _names([g])
        wants.append(f"{names} {'prefer' if plural else 'prefers'} {_preferences(g[0])}")
    return f"{head}: no NUMA set is preferred by every resource ({'; '.join(wants)})"


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
    """One line per resource (or group) with the NUMA sets offered, then the policy's reason."""
    lines = [f"{_sentence(g)}; offered {offered(g[0])}" for g in resource_groups(a)]
    lines.append(policy_sentence(a))
    return lines


def affinity_summary(a: AffinityRefusal) -> str:
    """One line: the resources' needs and the policy's reason (lint's PR501 message)."""
    parts = [_sentence(g) for g in resource_groups(a)]
    scope = scope_text(a)
    return f"{scope[0].upper()}{scope[1:]}: {'; '.join([*parts, policy_sentence(a)])}"
