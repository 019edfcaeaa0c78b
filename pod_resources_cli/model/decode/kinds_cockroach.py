"""The CockroachDB operator (cockroachdb/cockroach-operator f019f0eb00ec,
crdb.cockroachlabs.com): a CrdbCluster is ``spec.nodes`` pods (a required
int32: 0 unset) of the StatefulSet the operator builds from the object's
fields alone (pkg/resource/statefulset.go StatefulSetBuilder.Build,
makePodTemplate):

- the container ``db`` takes ``spec.resources`` whole (MakeContainers),
  nothing when unset; the defaulting webhook (apis/v1alpha1/webhook.go
  Default) sets ports and the disruption budget, no resources;
- with ``spec.tlsEnabled``, the init container ``db-init``
  (MakeInitContainers) requests 50m cpu and 100Mi, limited to 100m and
  200Mi;
- the pod's priorityClassName is ``spec.priorityClassName``.

The pods are final. The short version-check Job (pkg/resource/job.go) that
runs before the StatefulSet is made is left out.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_STS: Final = "cockroachdb/cockroach-operator pkg/resource/statefulset.go"
_DB_INIT: Final = OperatorDefaults(requests=(("cpu", "50m"), ("memory", "100Mi")), limits=(("cpu", "100m"), ("memory", "200Mi")))

COCKROACH_KINDS: Final = (
    WorkloadKind(
        "crdb.cockroachlabs.com", "CrdbCluster",
        (PodPath("spec", "operator", count=("/spec.nodes=0",), label="node", pod_fields="/spec", main=(
            MainContainer("db-init", f"{_STS} MakeInitContainers (spec.tlsEnabled)", defaults=(_DB_INIT,), init=True,
                          if_fields=(FieldIn("/spec.tlsEnabled", ("true",)),)),
            MainContainer("db", f"{_STS} MakeContainers", shorthand=Shorthand("/spec.resources", "requirements")),
        )),),
        "cockroachdb/cockroach-operator apis/v1alpha1/cluster_types.go",
    ),
)  # fmt: skip
