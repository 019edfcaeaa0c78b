"""Words for why the topology manager refused a pod (analysis/affinity_why.py).

``nvidia.com/gpu: 5 devices need NUMA nodes 0,1 (4 free per NUMA node)`` per
resource (group), then the policy's reason; the verb agrees with what the
group asks for (``1 device fits``, ``4 exclusive CPUs fit``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from pod_resources_cli.kube.provenance import Why
from pod_resources_cli.why_words.base import Wording, joined_parts, template, words


def numa_set(nodes: object) -> str:
    """``{0,1}``; ``{any}`` for a hint without NUMA affinity (None)."""
    return "{any}" if nodes is None else "{" + _listed(nodes) + "}"


def _listed(nodes: object) -> str:
    assert isinstance(nodes, tuple)
    return ",".join(map(str, nodes))


def _strs(w: Why, key: str) -> tuple[str, ...]:
    value = w.get(key, ())
    assert isinstance(value, tuple)
    return tuple(str(v) for v in value)


def _whys(w: Why, key: str) -> tuple[Why, ...]:
    value = w.get(key, ())
    assert isinstance(value, tuple) and all(isinstance(v, Why) for v in value)
    return value


def _names(names: tuple[str, ...]) -> str:
    """``nvidia.com/gpu`` or ``cpu, memory and hugepages-1Gi``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _count(w: Why, unit: str) -> str:
    n = w.get("count")
    return f"{n} {unit}{'s' if n != 1 else ''}"


def _plural_amount(w: Why) -> bool:
    return w.rule in ("affinity.amount.exclusive-cpus", "affinity.amount.devices") and w.get("count") != 1


def _free(w: Why, named: bool) -> str:
    """``4 free per NUMA node`` or ``free: 3 on NUMA node 0, 4 on NUMA node 1``;
    the resource named when a group holds several."""
    of = f" of {w.get('resource')}" if named else ""
    if w.rule == "affinity.free.per-node":
        return f"{w.get('amount')}{of} free per NUMA node"
    free = w.get("free")
    assert isinstance(free, tuple)
    return f"free{of}: " + ", ".join(f"{a} on NUMA node {n}" for n, a in free)


Fit = Callable[[Why, bool], str]  # (group, plural) -> where it fits


def _group(fit: Fit) -> Wording:
    def wording(w: Why) -> str:
        names = _strs(w, "resources")
        amounts = _whys(w, "amounts")
        several = len(names) > 1
        plural = several or _plural_amount(amounts[0])
        frees = [_free(f, several) for f in _whys(w, "free")]
        suffix = f" ({'; '.join(frees)})" if frees else ""
        together = " together" if several else ""
        return f"{' and '.join(names)}: {' and '.join(words(a) for a in amounts)} {fit(w, plural)}{together}{suffix}"

    return wording


def _fits(plural: bool) -> str:
    return "fit" if plural else "fits"


def _needs(plural: bool) -> str:
    return "need" if plural else "needs"


def _sets(w: Why, most: int = 0) -> str:
    sets = w.get("sets")
    assert isinstance(sets, tuple)
    shown = sets[:most] if most else sets
    return " or ".join(numa_set(s) if most else _listed(s) for s in shown) + (" or ..." if len(sets) > len(shown) else "")


def _width(w: Why) -> int:
    """How many NUMA nodes the narrowest preferred set spans."""
    sets = w.get("sets")
    assert isinstance(sets, tuple)
    return len(sets[0])


def _verb(w: Why, one: str, many: str) -> str:
    names = _strs(w, "resources")
    return f"{_names(names)} {many if len(names) > 1 else one}"


SINGLE_HEAD = "single-numa-node admits only a hint on one NUMA node that every resource prefers"


def _not_preferred(w: Why) -> str:
    return f"{w.get('policy')} admits only a preferred merged hint; the best, {numa_set(w.get('best'))}, is not preferred"


def _refusal(w: Why) -> str:
    why = w.get("scope")
    assert isinstance(why, Why)
    scope = words(why)
    return f"{scope[0].upper()}{scope[1:]}: {joined_parts(w)}"


AFFINITY: Final[dict[str, Wording]] = {
    "affinity.amount.unsized": template("{resource}"),
    "affinity.amount.bytes": template("{amount} of {resource}"),
    "affinity.amount.exclusive-cpus": lambda w: _count(w, "exclusive CPU"),
    "affinity.amount.devices": lambda w: _count(w, "device"),
    "affinity.free.per-node": lambda w: _free(w, True),
    "affinity.free.by-node": lambda w: _free(w, True),
    "affinity.resource-group.no-preference": lambda w: f"{' and '.join(_strs(w, 'resources'))}: no NUMA preference",
    "affinity.resource-group.nowhere": _group(lambda w, p: f"{_fits(p)} on no NUMA nodes"),
    "affinity.resource-group.refused": lambda w: f"{' and '.join(_strs(w, 'resources'))}: no hint offered: {w.get('reason')}",
    "affinity.resource-group.any-node": _group(lambda w, p: f"{_fits(p)} on any NUMA node"),
    "affinity.resource-group.not-preferred": _group(
        lambda w, p: f"{_fits(p)} only where not preferred, on NUMA nodes {_listed(w.get('nodes'))} at the narrowest"
    ),
    "affinity.resource-group.one-node": _group(
        lambda w, p: f"{_fits(p)} on NUMA node {' or '.join(_strs(w, 'nodes'))}"
    ),
    "affinity.resource-group.numa-set": _group(lambda w, p: f"{_needs(p)} NUMA nodes {_listed(w.get('nodes'))}"),
    "affinity.resource-group.numa-sets": _group(lambda w, p: f"{_needs(p)} {_width(w)} NUMA nodes ({_sets(w)})"),
    "affinity.prefers.any-node": lambda w: f"{_verb(w, 'prefers', 'prefer')} any NUMA node",
    "affinity.prefers.none": lambda w: f"{_verb(w, 'prefers', 'prefer')} none",
    "affinity.prefers.numa-sets": lambda w: f"{_verb(w, 'prefers', 'prefer')} {_sets(w, 4)}",
    "affinity.policy.single-numa.none-offered": lambda w: f"{SINGLE_HEAD}, and {_verb(w, 'offers', 'offer')} none",
    "affinity.policy.single-numa.no-common-node": template(f"{SINGLE_HEAD}, and no NUMA node is preferred by every resource"),
    "affinity.policy.no-placement": lambda w: f"{_not_preferred(w)}: {_verb(w, 'has', 'have')} no possible placement",
    "affinity.policy.no-common-set": lambda w: (
        f"{_not_preferred(w)}: no NUMA set is preferred by every resource ({'; '.join(words(p) for p in _whys(w, 'prefers'))})"
    ),
    "affinity.scope.container": template("container {container}"),
    "affinity.scope.pod": template("pod scope"),
    "affinity.refusal": _refusal,
}

WORDS: Final = AFFINITY
