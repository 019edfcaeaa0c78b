"""``diff -o json``: the comparison as data (schemas/diff.schema.json)."""

from __future__ import annotations

from typing import Any

from pod_resources_cli.analysis.diff import Change, PodDiff, Side, group_changes
from pod_resources_cli.analysis.outcome import Observed
from pod_resources_cli.analysis.diff import DiffResult
from pod_resources_cli.render.explain_json import API_VERSION, node_dict
from pod_resources_cli.render.lint_json import summary_dict
from pod_resources_cli.why_words import maybe_words
from pod_resources_cli.render.json_text import indented


def _side(side: Side) -> dict[str, Any]:
    return {
        "kubernetesVersion": str(side.gates.version),
        **({"preRelease": True} if side.gates.version.prerelease else {}),
        "featureGates": dict(sorted(side.gates.explicit.items())),
        "node": node_dict(side.node),
    }


def _observed(o: Observed | None) -> dict[str, Any] | None:
    return None if o is None else {"value": o.value, "why": maybe_words(o.why)}


def _change(c: Change) -> dict[str, Any]:
    return {"field": c.field, "before": _observed(c.before), "after": _observed(c.after), "reasons": [r.key for r in c.reasons]}


def _pod(d: PodDiff) -> dict[str, Any]:
    w = d.workload
    return {
        "source": {"path": d.source.path, "line": d.source.line, "document": d.source.document},
        "workload": {"kind": w.kind, "name": w.name, "namespace": w.namespace, "template": w.template},
        "changes": [_change(c) for c in d.changes],
    }


def diff_dict(result: DiffResult) -> dict[str, Any]:
    groups = group_changes(result.pods)
    return {
        "apiVersion": API_VERSION,
        "kind": "DiffReport",
        "from": _side(result.before),
        "to": _side(result.after),
        "settings": [{"key": s.key, "label": s.label, "before": s.before, "after": s.after} for s in result.settings],
        "groups": [
            {
                "reasons": [r.key for r in g.reasons],
                "field": g.field,
                "changes": len(g.changes),
                "pods": len({id(d) for d, _ in g.changes}),
            }
            for g in groups
        ],
        "pods": [_pod(d) for d in result.pods],
        "unchanged": result.unchanged,
        "problems": [{"path": loc.path, "line": loc.line, "column": loc.column, "message": m} for loc, m in result.problems],
        "summary": summary_dict(result.summary),
    }


def render_diff_json(result: DiffResult) -> str:
    return indented(diff_dict(result)) + "\n"
