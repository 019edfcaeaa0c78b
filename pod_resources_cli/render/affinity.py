"""A TopologyAffinityError's account (analysis/affinity_why.py, worded by why_words/affinity.py)
for the table and JSON outputs.

The kubelet's reason and message are printed as they are; this goes under
them (table) or beside them (the admission's ``affinity`` object in JSON).
Resource names come from the manifest and pass through render/safe_text.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pod_resources_cli.kube.provenance import Why
from pod_resources_cli.kube.topologymanager.hints import TopologyHint, nodes_of
from pod_resources_cli.kube.topologymanager.refusal import AffinityRefusal
from pod_resources_cli.render.safe_text import printable
from pod_resources_cli.why_words import words
from pod_resources_cli.why_words.affinity import numa_set

if TYPE_CHECKING:  # rich stays unloaded for JSON output (tests/test_startup.py)
    from rich.text import Text

MAX_LISTED_HINTS = 8  # hints listed per resource in a table line (2^NUMA - 1 exist)


def _set(h: TopologyHint) -> str:
    return numa_set(None if h.affinity is None else tuple(nodes_of(h.affinity)))


def offered(hints: object) -> str:
    """The NUMA sets a resource (group) offered, preferred ones marked: ``{0}* {1}* {0,1}``."""
    if hints is None:
        return "{any}*"
    assert isinstance(hints, tuple)
    if not hints:
        return "none"
    shown = " ".join(_set(h) + ("*" if h.preferred else "") for h in hints[:MAX_LISTED_HINTS])
    more = len(hints) - MAX_LISTED_HINTS
    return shown + (f" (and {more} more)" if more > 0 else "")


def affinity_lines(why: Why) -> list[str]:
    """One line per resource (or group) with the NUMA sets offered, then the policy's reason."""
    *groups, policy = why.parts
    return [*(f"{words(g)}; offered {offered(g.get('hints'))}" for g in groups), words(policy)]


def affinity_text(a: AffinityRefusal, why: Why, indent: str = "  ") -> Text:
    """``Why (pod scope, topology manager policy single-numa-node; * = preferred):``,
    one line per resource, then the policy's reason."""
    from rich.text import Text

    scope = why.get("scope")
    assert isinstance(scope, Why)
    text = Text(printable(f"Why ({words(scope)}, topology manager policy {a.policy}; * = preferred):"), style="red")
    for line in affinity_lines(why):
        text.append("\n" + indent + printable(line), style="red")
    return text


def _hint(h: TopologyHint) -> dict[str, Any]:
    return {"numaNodes": None if h.affinity is None else nodes_of(h.affinity), "preferred": h.preferred}


def _resources(group: Why) -> tuple[str, ...]:
    names = group.get("resources", ())
    assert isinstance(names, tuple)
    return names


def affinity_dict(a: AffinityRefusal, why: Why) -> dict[str, Any]:
    """The admission's ``affinity`` object (schemas/report.schema.json $defs/affinity)."""
    *groups, policy = why.parts
    by_resource = {name: words(g) for g in groups for name in _resources(g)}
    resources = []
    for r in a.resources:
        d = r.demand
        resources.append({
            "provider": r.provider,
            "resource": r.resource,
            "requested": d.requested if d is not None else None,
            "free": [{"numaNode": n, "amount": amount} for n, amount in d.free] if d is not None else [],
            "hints": None if r.hints is None else [_hint(h) for h in r.hints],
            "why": by_resource.get(r.resource) if r.resource is not None else None,
        })  # fmt: skip
    return {
        "policy": a.policy,
        "scope": a.scope,
        "container": a.container,
        "numaNodes": list(a.numa_nodes),
        "resources": resources,
        "bestHint": _hint(a.best),
        "why": words(policy),
    }
