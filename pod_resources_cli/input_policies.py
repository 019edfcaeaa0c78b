"""The namespace policies (LimitRange, ResourceQuota) and PriorityClasses of
the input, for ``explain``, ``admit`` and ``diff``: they apply to the pods of
their namespace (a PriorityClass to every pod) wherever they appear, so
regular files that mention them are read once first (``lint`` does the same
in lint_run). Standard input, a pipe or a FIFO is read once (a first pass
would consume it), so there a policy applies to the documents after it. A
PriorityClass the API server refuses is told when its document is met in
order (it applies to nothing: a pod that names it is refused as an unknown
class)."""

from __future__ import annotations

from collections.abc import Sequence

from pod_resources_cli.lint.namespace import POLICY_MARKERS, NamespacePolicies, has_policy_kind
from pod_resources_cli.location import Location
from pod_resources_cli.source.discover import file_mentions, load_path
from pod_resources_cli.source.limits import Limits
from pod_resources_cli.source.yamldoc import Document


def collect_policies(files: Sequence[str], limits: Limits, namespace: str | None) -> NamespacePolicies:
    """The policies of every regular file that names one (file_mentions
    leaves streams alone)."""
    policies = NamespacePolicies()
    for path in files:
        if file_mentions(path, POLICY_MARKERS):
            for doc in load_path(path, limits):
                if isinstance(doc, Document) and isinstance(doc.data, dict) and has_policy_kind(doc.data):
                    policies.add_document(doc, namespace)  # refusals are told when met in order
    return policies


def add_if_policy(policies: NamespacePolicies, doc: Document | object, namespace: str | None) -> list[tuple[Location, str]]:
    """Adds ``doc``'s policies (a document met again is not added twice);
    returns the PriorityClasses the API server refuses: where, and its answer."""
    if not (isinstance(doc, Document) and isinstance(doc.data, dict) and has_policy_kind(doc.data)):
        return []
    found = policies.add_document(doc, namespace)
    return [
        (doc.location(refusal.pointer), f"{refusal.message} (the API server refuses it; no pod can use it)")
        for _, refusal in found.refused_classes
    ]
