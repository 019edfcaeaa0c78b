"""OpenKruise's SidecarSet (apps.kruise.io, openkruise/kruise 07169cfac7b9):
Kruise's pod webhook adds its containers to every pod it selects when the
pod is created (pkg/webhook/pod/mutating/sidecarset.go
sidecarsetMutatingPod), so such a pod is only as written.

Which pods it selects is read as the webhook does:

- not while ``spec.injectionStrategy.paused`` is true;
- ``spec.selector`` matches the pod's labels, and a selector that is empty,
  unset or invalid selects nothing (pkg/control/sidecarcontrol/util.go
  PodMatchedSidecarSet: ``!selector.Empty() && selector.Matches(...)``;
  util.ValidatedLabelSelectorAsSelector);
- the namespace: any without ``spec.namespaceSelector``; the v1alpha1
  ``spec.namespace`` stands for the namespace selector
  ``kubernetes.io/metadata.name: <namespace>`` (apis/apps/v1alpha1/
  sidecarset_conversion.go), which the API server sets on every Namespace,
  so the pod's own namespace decides (a pod that states none is created in
  the namespace ``kubectl -n`` names: not known here, so not taken as
  selected). Any other namespace selector reads the cluster's Namespace
  labels (IsSelectorNamespace): not known here, so such a SidecarSet is
  not followed and the pods are left as they are.

What it adds is not added here: the containers and init containers are
copied with their resources, but a ``resourcesPolicy`` computes a sidecar's
from the pod's other containers (sidecarset_resources.go) and a hot-upgrade
sidecar runs twice (sidecarset_hotupgrade.go); any added container also
changes the pod's QoS class. The pod is reported as written, naming the
SidecarSet and its containers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from pod_resources_cli.records import dataclass

_GROUP: Final = "apps.kruise.io"
_METADATA_NAME: Final = "kubernetes.io/metadata.name"
_OPERATORS: Final = frozenset({"In", "NotIn", "Exists", "DoesNotExist"})


@dataclass(frozen=True, slots=True)
class SidecarSet:
    """What one SidecarSet selects and adds."""

    name: str
    match_labels: tuple[tuple[str, str], ...]
    expressions: tuple[tuple[str, str, tuple[str, ...]], ...]  # (key, operator, values)
    namespace: str | None  # None: every namespace
    containers: tuple[str, ...]  # the names it adds, init containers first

    def selects(self, labels: Mapping[str, str], namespace: str | None) -> bool:
        """Kruise's webhook adds this SidecarSet's containers to a pod with these labels in ``namespace`` (None: the
        pod states none, so only a SidecarSet of every namespace is known to select it)."""
        if self.namespace is not None and namespace != self.namespace:
            return False
        if any(labels.get(k) != v for k, v in self.match_labels):
            return False
        for key, op, values in self.expressions:
            present = key in labels
            if (op == "In" and (not present or labels[key] not in values)) or (op == "NotIn" and present and labels[key] in values):
                return False
            if (op == "Exists" and not present) or (op == "DoesNotExist" and present):
                return False
        return True


def decode_sidecarset(obj: Any) -> SidecarSet | None:
    """The SidecarSet ``obj`` (any apps.kruise.io version); None where it selects no pod, or none known here (a
    namespace selector over the cluster's Namespace labels)."""
    if not isinstance(obj, dict) or obj.get("kind") != "SidecarSet":
        return None
    api = obj.get("apiVersion")
    if not isinstance(api, str) or api.partition("/")[0] != _GROUP:
        return None
    meta, spec = obj.get("metadata"), obj.get("spec")
    name = meta.get("name") if isinstance(meta, dict) else None
    if not isinstance(name, str) or not isinstance(spec, dict):
        return None
    strategy = spec.get("injectionStrategy")
    if isinstance(strategy, dict) and strategy.get("paused") is True:
        return None
    selector = _selector(spec.get("selector"))
    if selector is None or not (selector[0] or selector[1]):
        return None  # unset, empty or invalid: no pod
    namespace: str | None = None
    written = spec.get("namespace")
    if isinstance(written, str) and written:
        namespace = written
    elif spec.get("namespaceSelector") is not None:
        ns_selector = _selector(spec.get("namespaceSelector"))
        if ns_selector is None:
            return None
        labels, expressions = ns_selector
        if expressions or tuple(k for k, _ in labels) != (_METADATA_NAME,):
            return None  # by the cluster's Namespace labels: not known here
        namespace = labels[0][1]
    names = tuple(
        c["name"] for field in ("initContainers", "containers") if isinstance(spec.get(field), list)
        for c in spec[field] if isinstance(c, dict) and isinstance(c.get("name"), str)
    )  # fmt: skip
    return SidecarSet(name, selector[0], selector[1], namespace, names)


def _selector(raw: Any) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str, tuple[str, ...]], ...]] | None:
    """A metav1.LabelSelector's requirements; None where it is not one LabelSelectorAsSelector accepts."""
    if not isinstance(raw, dict):
        return None
    labels = raw.get("matchLabels") or {}
    exprs = raw.get("matchExpressions") or []
    if not isinstance(labels, dict) or not isinstance(exprs, list):
        return None
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in labels.items()):
        return None
    out: list[tuple[str, str, tuple[str, ...]]] = []
    for e in exprs:
        if not isinstance(e, dict) or not isinstance(e.get("key"), str) or e.get("operator") not in _OPERATORS:
            return None
        values = e.get("values") or []
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            return None
        op = e["operator"]
        if (op in ("In", "NotIn")) != bool(values):  # labels.NewRequirement: In/NotIn need values, Exists none
            return None
        out.append((e["key"], op, tuple(values)))
    return tuple(sorted(labels.items())), tuple(out)
