"""A TopologyAffinityError's account (analysis/affinity_why.py) for the table and JSON outputs.

The kubelet's reason and message are printed as they are; this goes under
them (table) or beside them (the admission's ``affinity`` object in JSON).
Resource names come from the manifest and pass through render/safe_text.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pod_resources_cli.analysis.affinity_why import affinity_lines, policy_sentence, resource_sentence, scope_text
from pod_resources_cli.kube.topologymanager.hints import TopologyHint, nodes_of
from pod_resources_cli.kube.topologymanager.refusal import AffinityRefusal
from pod_resources_cli.render.safe_text import printable

if TYPE_CHECKING:  # rich stays unloaded for JSON output (tests/test_startup.py)
    from rich.text import Text


def affinity_text(a: AffinityRefusal, indent: str = "  ") -> Text:
    """``Why (pod scope, topology manager policy single-numa-node; * = preferred):``,
    one line per resource, then the policy's reason."""
    from rich.text import Text

    text = Text(printable(f"Why ({scope_text(a)}, topology manager policy {a.policy}; * = preferred):"), style="red")
    for line in affinity_lines(a):
        text.append("\n" + indent + printable(line), style="red")
    return text


def _hint(h: TopologyHint) -> dict[str, Any]:
    return {"numaNodes": None if h.affinity is None else nodes_of(h.affinity), "preferred": h.preferred}


def affinity_dict(a: AffinityRefusal) -> dict[str, Any]:
    """The admission's ``affinity`` object (schemas/report.schema.json $defs/affinity)."""
    resources = []
    for r in a.resources:
        d = r.demand
        resources.append({
            "provider": r.provider,
            "resource": r.resource,
            "requested": d.requested if d is not None else None,
            "free": [{"numaNode": n, "amount": amount} for n, amount in d.free] if d is not None else [],
            "hints": None if r.hints is None else [_hint(h) for h in r.hints],
            "why": resource_sentence(a, r),
        })  # fmt: skip
    return {
        "policy": a.policy,
        "scope": a.scope,
        "container": a.container,
        "numaNodes": list(a.numa_nodes),
        "resources": resources,
        "bestHint": _hint(a.best),
        "why": policy_sentence(a),
    }
