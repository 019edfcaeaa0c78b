"""The Dragonfly operator (dragonflydb/dragonfly-operator b28637d78d82,
dragonflydb.io): a Dragonfly is one StatefulSet the operator builds
(internal/resources/resources.go GenerateDragonflyResources) of
``spec.replicas`` pods, which is an int32 without a default: 0 unset
(api/v1alpha1/dragonfly_types.go). Its first container, ``dragonfly``,
takes ``spec.resources`` whole where it is written; ``spec.initContainers``
and ``spec.additionalContainers`` (merged by name) join the pod as written.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, Shorthand, WorkloadKind

_SOURCE: Final = "dragonflydb/dragonfly-operator internal/resources/resources.go GenerateDragonflyResources"

DRAGONFLY_KINDS: Final = (
    WorkloadKind(
        "dragonflydb.io", "Dragonfly",
        (PodPath("spec", "containers", count=("/spec.replicas=0",), containers=("additionalContainers[*]",), init_containers=("initContainers[*]",),
                 main=(MainContainer("dragonfly", _SOURCE, shorthand=Shorthand("spec.resources", "requirements"), first=True),)),),
        "dragonflydb/dragonfly-operator api/v1alpha1/dragonfly_types.go",
    ),
)  # fmt: skip
