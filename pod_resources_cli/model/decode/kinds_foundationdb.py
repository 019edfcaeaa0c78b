"""The FoundationDB operator (FoundationDB/fdb-kubernetes-operator
95ecac2fbc68, apps.foundationdb.org).

FoundationDBCluster (api/v1beta2/foundationdbcluster_types.go): each
``spec.processes{*}.podTemplate`` is the template of the pods of that
process class (a class without one takes ``general``'s: GetProcessSettings),
each pod one process group; how many the operator makes per class it
computes from ``processCounts``, the redundancy mode and the roles
(GetProcessCountsWithDefaults), not here. Before it builds them the cluster
controller normalizes the spec (controllers/cluster_controller.go calls
internal/deprecations.go NormalizeClusterSpec): in every template the
container ``foundationdb`` is put first where missing (ensureContainerPresent)
and, where its ``requests`` are nil, requests 1 cpu and 8Gi; where its
``limits`` are nil, they are its requests. The sidecar
``foundationdb-kubernetes-sidecar`` (added where missing) and, unless the
cluster uses the unified image (``spec.imageType`` other than ``unified``,
which is the default: UseUnifiedImage), the init container
``foundationdb-kubernetes-init`` get requests of 100m and 256Mi and limits
equal to their requests likewise. internal/pod_models.go GetPodSpec then
adds no resources.

FoundationDBBackup (foundationdbbackup_types.go): a Deployment of
``spec.agentCount`` backup agents (GetDesiredAgentCount: 2 unset) from
``spec.podTemplateSpec`` (an empty one where unset; pod_models.go
GetBackupDeployment): ``foundationdb`` added first where missing, with the
same requests (1, 8Gi) and limits (its requests) where nil, and the init
container ``foundationdb-kubernetes-init`` added without resources where the
template lacks it.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, WorkloadKind

_REPO: Final = "FoundationDB/fdb-kubernetes-operator"
_NORMALIZE: Final = f"{_REPO} internal/deprecations.go NormalizeClusterSpec"
_BACKUP: Final = f"{_REPO} internal/pod_models.go GetBackupDeployment"
_MAIN: Final = OperatorDefaults(requests=(("cpu", "1"), ("memory", "8Gi")), limits_from_requests=True)
_SIDECAR: Final = OperatorDefaults(requests=(("cpu", "100m"), ("memory", "256Mi")), limits_from_requests=True)
_SPLIT: Final = FieldIn("/spec.imageType", ("unified",), "unified", negate=True)

FOUNDATIONDB_KINDS: Final = (
    WorkloadKind(
        "apps.foundationdb.org", "FoundationDBCluster",
        (PodPath("spec.processes{*}.podTemplate", main=(
            MainContainer("foundationdb", _NORMALIZE, defaults=(_MAIN,), first=True),
            MainContainer("foundationdb-kubernetes-sidecar", _NORMALIZE, defaults=(_SIDECAR,)),
            MainContainer("foundationdb-kubernetes-init", _NORMALIZE, defaults=(_SIDECAR,), if_fields=(_SPLIT,), init=True),
        )),),
        f"{_REPO} api/v1beta2/foundationdbcluster_types.go ProcessSettings",
    ),
    WorkloadKind(
        "apps.foundationdb.org", "FoundationDBBackup",
        (PodPath("spec.podTemplateSpec", count=("/spec.agentCount=2",), empty_when_absent=True, always_made=True, main=(
            MainContainer("foundationdb", _BACKUP, defaults=(_MAIN,), first=True),
            MainContainer("foundationdb-kubernetes-init", _BACKUP, init=True),
        )),),
        f"{_REPO} api/v1beta2/foundationdbbackup_types.go",
    ),
)  # fmt: skip
