"""CloudNativePG (cloudnative-pg/cloudnative-pg a95a534dbe08,
postgresql.cnpg.io): the operator builds every pod itself.

- Cluster: ``spec.instances`` (1 unset) pods (pkg/specs/pods.go
  createClusterPodSpec): ``postgres`` and the init container
  ``bootstrap-controller`` both take ``spec.resources`` whole
  (createPostgresContainers; containers.go createBootstrapContainer); the
  operator sets none of its own, so a Cluster without ``spec.resources`` is
  BestEffort. Plugins (``spec.plugins``) may add sidecars: as written.
- Pooler: ``spec.instances`` (1 unset) PgBouncer pods from ``spec.template``
  (pkg/specs/pgbouncer/deployments.go): ``pgbouncer`` as the template writes
  it (added when missing), and ``bootstrap-controller`` with the
  template's pod-level ``spec.resources`` (GetResourcesRequirements).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, Shorthand, WorkloadKind

_CNPG: Final = "cloudnative-pg/cloudnative-pg"
_PODS: Final = f"{_CNPG} pkg/specs/pods.go createClusterPodSpec"
_POOLER: Final = f"{_CNPG} pkg/specs/pgbouncer/deployments.go"
_PLUGINS: Final = "CloudNativePG's plugins named in spec.plugins may add their own sidecars"

CNPG_KINDS: Final = (
    WorkloadKind(
        "postgresql.cnpg.io", "Cluster",
        (PodPath("spec", "operator", count=("/spec.instances=1",), main=(
            MainContainer("postgres", _PODS, shorthand=Shorthand("spec.resources", "requirements")),
            MainContainer("bootstrap-controller", f"{_CNPG} pkg/specs/containers.go createBootstrapContainer",
                          shorthand=Shorthand("spec.resources", "requirements"), init=True),
        ), added_by=(("spec.plugins",), _PLUGINS)),),
        f"{_CNPG} api/v1/cluster_types.go",
    ),
    WorkloadKind(
        "postgresql.cnpg.io", "Pooler",
        (PodPath("spec.template", count=("/spec.instances=1",), empty_when_absent=True, main=(
            MainContainer("pgbouncer", _POOLER),
            MainContainer("bootstrap-controller", f"{_POOLER} WithInitContainerResources",
                          shorthand=Shorthand("spec.template.spec.resources", "requirements"), init=True),
        )),),
        f"{_CNPG} api/v1/pooler_types.go",
    ),
)  # fmt: skip
