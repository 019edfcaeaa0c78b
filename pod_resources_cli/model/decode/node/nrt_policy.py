"""A NodeResourceTopology's topology manager policy and scope.

v1alpha2 publishes them as top-level ``attributes`` named
``topologyManagerPolicy`` and ``topologyManagerScope``, with the kubelet's
values (single-numa-node, pod...), as NFD's nfd-topology-updater writes them;
the first attribute of a name counts (helper/attribute/attribute.go Get).
v1alpha1, and v1alpha2 as a deprecated field, name them in
``topologyPolicies`` with the TopologyManagerPolicy constants of types.go
(SingleNUMANodeContainerLevel, RestrictedPodLevel, BestEffort, None...; the
CRD's own example and early topology-updaters write SingleNUMANode). Both
from github.com/k8stopologyawareschedwg/noderesourcetopology-api
@7f99f9c2af03e0dd95ca81b650cd5f2427fbc8bd (pkg/apis/topology/v1alpha2/types.go,
helper/attribute/attribute.go, v1alpha1/types.go).
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.problems import Problems, as_list, as_mapping, as_str
from pod_resources_cli.records import dataclass
from pod_resources_cli.shown import shown

POLICY_ATTRIBUTE: Final = "topologyManagerPolicy"
SCOPE_ATTRIBUTE: Final = "topologyManagerScope"
POLICIES: Final = ("none", "best-effort", "restricted", "single-numa-node")
SCOPES: Final = ("container", "pod")
# TopologyManagerPolicy constant -> (policy, scope or None when the name does not say).
LEGACY_POLICIES: Final[dict[str, tuple[str, str | None]]] = {
    "SingleNUMANodeContainerLevel": ("single-numa-node", "container"),
    "SingleNUMANodePodLevel": ("single-numa-node", "pod"),
    "SingleNUMANode": ("single-numa-node", None),
    "Restricted": ("restricted", None),
    "RestrictedContainerLevel": ("restricted", "container"),
    "RestrictedPodLevel": ("restricted", "pod"),
    "BestEffort": ("best-effort", None),
    "BestEffortContainerLevel": ("best-effort", "container"),
    "BestEffortPodLevel": ("best-effort", "pod"),
    "None": ("none", None),
}
ATTRIBUTE_FIELDS: Final = frozenset({"name", "value"})


@dataclass(frozen=True, slots=True)
class Stated:
    """A kubelet setting a NodeResourceTopology states, and where."""

    value: str
    pointer: Pointer


def decode_attributes(value: Any, pointer: Pointer, problems: Problems) -> dict[str, Stated]:
    """name -> the first attribute of that name."""
    out: dict[str, Stated] = {}
    for i, raw in enumerate(as_list(value, pointer, problems)):
        ap = (*pointer, i)
        attr = as_mapping(raw, ap, problems) or {}
        for key in attr:
            if key not in ATTRIBUTE_FIELDS:
                problems.add((*ap, key), f"unknown field {shown(key)} (an attribute has name and value)")
        name = as_str(attr.get("name"), (*ap, "name"), problems)
        text = as_str(attr.get("value"), (*ap, "value"), problems)
        if name is not None and text is not None and name not in out:
            out[name] = Stated(text, (*ap, "value"))
    return out


def topology_settings(doc: dict[str, Any], pointer: Pointer, problems: Problems, v1alpha2: bool) -> tuple[Stated | None, Stated | None]:
    """(policy, scope) the document states, each None when it does not."""
    policy = scope = None
    if v1alpha2:
        attributes = decode_attributes(doc.get("attributes"), (*pointer, "attributes"), problems)
        policy, scope = attributes.get(POLICY_ATTRIBUTE), attributes.get(SCOPE_ATTRIBUTE)
        if policy is not None and policy.value not in POLICIES:
            problems.add(policy.pointer, f"unknown {POLICY_ATTRIBUTE} {shown(policy.value)} (the kubelet knows {', '.join(POLICIES)})")
            policy = None
        if scope is not None and scope.value not in SCOPES:
            problems.add(scope.pointer, f"unknown {SCOPE_ATTRIBUTE} {shown(scope.value)} (the kubelet knows {', '.join(SCOPES)})")
            scope = None
    legacy = _legacy(doc.get("topologyPolicies"), (*pointer, "topologyPolicies"), problems)
    if legacy is None:
        return policy, scope
    (legacy_policy, legacy_scope), where = legacy
    if policy is not None and policy.value != legacy_policy:
        problems.add(where, f"topologyPolicies says {legacy_policy}, the {POLICY_ATTRIBUTE} attribute {policy.value}")
    if scope is not None and legacy_scope is not None and scope.value != legacy_scope:
        problems.add(where, f"topologyPolicies says scope {legacy_scope}, the {SCOPE_ATTRIBUTE} attribute {scope.value}")
    policy = policy or Stated(legacy_policy, where)
    if scope is None and legacy_scope is not None:
        scope = Stated(legacy_scope, where)
    return policy, scope


def _legacy(value: Any, pointer: Pointer, problems: Problems) -> tuple[tuple[str, str | None], Pointer] | None:
    found: tuple[tuple[str, str | None], Pointer] | None = None
    for i, raw in enumerate(as_list(value, pointer, problems)):
        name = as_str(raw, (*pointer, i), problems)
        if name is None:
            continue
        meaning = LEGACY_POLICIES.get(name)
        if meaning is None:
            problems.add((*pointer, i), f"unknown topology policy {shown(name)} (one of {', '.join(LEGACY_POLICIES)})")
        elif found is not None and found[0] != meaning:
            problems.add((*pointer, i), f"topologyPolicies names {shown(name)} after {shown(raw_name(found[0]))}: a node has one policy")
        elif found is None:
            found = (meaning, (*pointer, i))
    return found


def raw_name(meaning: tuple[str, str | None]) -> str:
    return next(name for name, m in LEGACY_POLICIES.items() if m == meaning)
