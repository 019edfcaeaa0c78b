"""What the API server keeps of a custom resource's nulls (kubernetes/kubernetes @008b3652959c staging/src/k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting/prunenulls.go).

A custom resource is stored as JSON checked against its CRD's structural
schema, and before defaulting the API server removes every null that the
schema does not declare ``nullable`` and gives no ``default``
(PruneNonNullableNullsWithoutDefaults: a map entry is deleted, whether the
schema names the field under ``properties`` or covers it with
``additionalProperties``; a list keeps its null items; a null below
``x-kubernetes-preserve-unknown-fields`` with no schema of its own is kept,
and the operator's Go types then read it as Quantity.UnmarshalJSON does, 0).
So what a null becomes depends on the CRD, and only CRDs read here are
listed: the Kubeflow training operator's v1 jobs (kubeflow/training-operator
@374e88af2d28 manifests/base/crds/kubeflow.org_{pytorchjobs,tfjobs,mpijobs,
xgboostjobs,paddlejobs,jaxjobs}.yaml: controller-gen, every field typed, none
``nullable``, no ``x-kubernetes-preserve-unknown-fields``). There
``requests: {nvidia.com/gpu: }`` in a PyTorchJob's template is stored
without the key, and the operator's pod asks for no such resource at all; a
built-in Pod with the same line, like any other kind, is read as a request
of 0 (problems.py as_quantity).
"""

from __future__ import annotations

from typing import Any, Final

_TRAINING_OPERATOR_V1: Final = frozenset({"PyTorchJob", "TFJob", "MPIJob", "XGBoostJob", "PaddleJob", "JAXJob"})


def prunes_nulls(api_version: object, kind: object) -> bool:
    """The object's CRD is one read here whose schema lets no null through (see above)."""
    return api_version == "kubeflow.org/v1" and kind in _TRAINING_OPERATOR_V1


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
