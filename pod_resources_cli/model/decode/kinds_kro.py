"""kro's ResourceGraphDefinition (kro.run/v1alpha1; kubernetes-sigs/kro @0302e659ede7
api/v1alpha1/resourcegraphdefinition_types.go): a definition whose
``spec.schema`` becomes a new kind (``spec.schema.kind``, group ``kro.run``
unless ``spec.schema.group``) and whose ``spec.resources[*].template`` are the
objects kro creates for each instance of that kind (pkg/controller/instance/
resources.go: processNodes, then applyResources applies them as an applyset).
A template may hold ``${...}`` CEL expressions (names, counts, any value),
which kro evaluates against the instance and the other resources; a resource
with ``includeWhen`` is created only where its expressions hold, one with
``forEach`` once per element of its arrays, and ``externalRef`` reads an object
instead of creating one. kro adds nothing of its own to what a template writes.

So each template's pods are found by shape, as written: the values an
expression gives are the instance's, and how many instances there are is no
field of the definition. The instances themselves (objects of the new kind)
hold only the schema's values: their pods are their definition's
templates filled in, not modelled here (an instance is searched by shape).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import PodPath, WorkloadKind

_REPO: Final = "kubernetes-sigs/kro @0302e659ede7"
_TEMPLATES: Final = (
    "kro creates this template for each instance of the definition's spec.schema.kind, its ${...} expressions (names, "
    "counts, any value) filled in from the instance; with includeWhen only where it holds, with forEach once per element "
    f"({_REPO} pkg/controller/instance/resources.go)"
)

KRO_KINDS: Final = (
    WorkloadKind(
        "kro.run", "ResourceGraphDefinition", (PodPath("spec.resources[*].template", by_shape=True, as_written=_TEMPLATES),),
        f"{_REPO} api/v1alpha1/resourcegraphdefinition_types.go Resource.Template",
    ),
)  # fmt: skip
