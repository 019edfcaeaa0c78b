"""The MongoDB Community operator (mongodb/mongodb-kubernetes-operator
f6a53c96128e, mongodbcommunity.mongodb.com): a MongoDBCommunity is
``spec.members`` pods of the StatefulSet the operator builds
(controllers/replica_set_controller.go buildStatefulSetModificationFunction,
controllers/construct/mongodbstatefulset.go), from an object without
``spec.statefulSet`` too:

- containers ``mongod`` and ``mongodb-agent``, init containers
  ``mongod-posthook`` and ``mongodb-agent-readinessprobe``, each with
  resourcerequirements.Defaults() (pkg/kube/resourcerequirements): requests
  of 0.5 cpu and 400M memory, limits of 1.0 and 500M;
- ``spec.statefulSet.spec.template`` is merged over them by container name
  (statefulset.WithCustomSpecs, pkg/util/merge/merge.go
  ResourceRequirements): a container's ``requests``, where written, replace
  the operator's whole, and so do its ``limits`` (``OperatorDefaults.maps``).

Arbiters (``spec.arbiters``) run in a second StatefulSet of the same
template; they are not counted here.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, OperatorDefaults, PodPath, WorkloadKind

_STS: Final = "mongodb/mongodb-kubernetes-operator controllers/construct/mongodbstatefulset.go"
_DEFAULTS: Final = (OperatorDefaults(requests=(("cpu", "0.5"), ("memory", "400M")), limits=(("cpu", "1.0"), ("memory", "500M")), maps=True),)

MONGODB_KINDS: Final = (
    WorkloadKind(
        "mongodbcommunity.mongodb.com", "MongoDBCommunity",
        (PodPath("spec.statefulSet.spec.template", count=("/spec.members=0",), empty_when_absent=True, always_made=True, main=(
            MainContainer("mongod-posthook", f"{_STS} versionUpgradeHookInit", defaults=_DEFAULTS, init=True),
            MainContainer("mongodb-agent-readinessprobe", f"{_STS} readinessProbeInit", defaults=_DEFAULTS, init=True),
            MainContainer("mongodb-agent", f"{_STS} mongodbAgentContainer", defaults=_DEFAULTS),
            MainContainer("mongod", f"{_STS} mongodbContainer", defaults=_DEFAULTS),
        )),),
        "mongodb/mongodb-kubernetes-operator api/v1/mongodbcommunity_types.go",
    ),
)  # fmt: skip
