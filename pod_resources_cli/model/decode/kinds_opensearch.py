"""The OpenSearch operator (opensearch-project/opensearch-k8s-operator
ef6502ab2712, opensearch.opster.io and opensearch.org, the same types in
both: opensearch-operator/api/v1/opensearch_types.go and
api/opensearch.org/v1/opensearch_types.go). An OpenSearchCluster is
StatefulSets and a Deployment the operator builds itself
(opensearch-operator/pkg/builders):

- each of ``spec.nodePools`` is ``replicas`` pods (an int32 without a
  default: 0 unset) of one StatefulSet (cluster.go NewSTSForNodePool): its
  first container, ``opensearch``, takes the pool's ``resources`` whole,
  then the pool's ``sidecarContainers``; its init containers are the pool's
  ``initContainers``, then ``init`` (the data directory's chown), ``keystore``
  where ``general.keystore`` is written and ``init-sysctl`` where
  ``general.setVMMaxMapCount`` is true, the three with
  ``spec.initHelper.resources`` whole (``init`` is left out only where the
  operator runs with SKIP_INIT_CONTAINER, its own setting:
  pkg/helpers/constants.go SkipInitContainer);
- ``spec.dashboards``, where ``enable`` is true, is ``replicas`` pods (the
  CRD's default 1) of one Deployment (dashboards.go
  NewDashboardsDeploymentForCR) whose one container, ``dashboards``, takes
  ``dashboards.resources`` whole.

The operator's webhooks only validate (opensearch-operator/webhook); no
default fills resources. Not modelled: the bootstrap Pod the operator runs
until the cluster is first initialized (NewBootstrapPod,
``spec.bootstrap.resources``) and the security configuration's update Job
(NewSecurityconfigUpdateJob, ``security.config.updateJob.resources``),
both short-lived.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

_OPENSEARCH: Final = "opensearch-project/opensearch-k8s-operator"
_STS: Final = f"{_OPENSEARCH} opensearch-operator/pkg/builders/cluster.go NewSTSForNodePool"
_DASHBOARDS: Final = f"{_OPENSEARCH} opensearch-operator/pkg/builders/dashboards.go NewDashboardsDeploymentForCR"
_INIT_HELPER: Final = Shorthand("/spec.initHelper.resources", "requirements")


def _kind(group: str, types: str) -> WorkloadKind:
    return WorkloadKind(
        group, "OpenSearchCluster",
        (
            PodPath("spec.nodePools[*]", "containers", name="component", count=("replicas=0",), containers=("sidecarContainers[*]",),
                    init_containers=("initContainers[*]",), main=(
                MainContainer("opensearch", _STS, shorthand=Shorthand("resources", "requirements"), first=True),
                MainContainer("init", _STS, shorthand=_INIT_HELPER, init=True),
                MainContainer("keystore", _STS, shorthand=_INIT_HELPER, init=True, present="/spec.general.keystore"),
                MainContainer("init-sysctl", _STS, shorthand=_INIT_HELPER, init=True,
                              if_fields=(FieldIn("/spec.general.setVMMaxMapCount", ("true",)),)),
            )),
            PodPath("spec.dashboards", "operator", count=("/spec.dashboards.replicas=1",), label="dashboards", enabled="enable", main=(
                MainContainer("dashboards", _DASHBOARDS, shorthand=Shorthand("/spec.dashboards.resources", "requirements")),
            )),
        ),
        f"{_OPENSEARCH} {types}",
    )


OPENSEARCH_KINDS: Final = (
    _kind("opensearch.opster.io", "opensearch-operator/api/v1/opensearch_types.go"),
    _kind("opensearch.org", "opensearch-operator/api/opensearch.org/v1/opensearch_types.go"),
)  # fmt: skip
