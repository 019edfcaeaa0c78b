"""What the API server keeps of a custom resource's nulls (kubernetes/kubernetes @008b3652959c staging/src/k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting/prunenulls.go).

A custom resource is stored as JSON checked against its CRD's structural
schema, and before defaulting the API server removes every null that the
schema does not declare ``nullable`` and gives no ``default``
(PruneNonNullableNullsWithoutDefaults: a map entry is deleted, whether the
schema names the field under ``properties`` or covers it with
``additionalProperties``; a list keeps its null items). The schemas
controller-gen writes for a PodTemplateSpec or ResourceRequirements declare
no field nullable, so ``requests: {nvidia.com/gpu: }`` in a PyTorchJob's
template is stored without the key, and the operator's pod asks for no such
resource at all; a built-in Pod with the same line is read by
Quantity.UnmarshalJSON as a request of 0 (problems.py as_quantity).

Objects of the core groups (and the OpenShift kinds the openshift-apiserver
serves from Go types, not from a CRD) are left as written.
"""

from __future__ import annotations

from typing import Any, Final

NOT_CRD_GROUPS: Final = frozenset({"", "apps", "extensions", "batch", "apps.openshift.io", "build.openshift.io", "template.openshift.io"})


def pruned(value: Any) -> Any:
    """``value`` without its null map entries, at any depth; the same object where there is none (nothing copied)."""
    if isinstance(value, dict):
        out: dict[Any, Any] | None = None
        for key, item in value.items():
            new = pruned(item) if isinstance(item, (dict, list)) else item
            if new is None or new is not item:
                if out is None:
                    out = dict(value)
                if new is None:
                    del out[key]
                else:
                    out[key] = new
        return value if out is None else out
    if isinstance(value, list):
        items = [pruned(item) if isinstance(item, (dict, list)) else item for item in value]
        return value if all(a is b for a, b in zip(items, value)) else items
    return value
