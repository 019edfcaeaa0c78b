"""The Open Data Hub (and Red Hat OpenShift AI) operator's platform kinds:
they make pods, but not from their own fields (opendatahub-io/
opendatahub-operator @0c0c9913c712), so they are counted as custom objects
whose pods are not modelled, never as "no pod found":

- a DataScienceCluster (datasciencecluster.opendatahub.io v1, v2) names each
  component's ``managementState``; the operator makes one component object
  for each managed component (internal/controller/datasciencecluster), whose
  controller renders that component's manifests, kustomize directories or
  Helm charts shipped in the operator's image (internal/controller/
  components/*/\\*_controller.go ``kustomize.NewAction``, internal/controller/
  modules; get_all_manifests.sh fetches them at build time from the
  components' own repositories), and applies their Deployments: their
  resources are those manifests', not in the object;
- the component kinds (components.platform.opendatahub.io v1alpha1,
  api/components/v1alpha1/\\*_types.go: Dashboard, Workbenches, Kserve,
  ModelMeshServing, DataSciencePipelines, AIPipelines, CodeFlare, Ray,
  Kueue, TrustyAI, ModelRegistry, TrainingOperator, Trainer, FeastOperator,
  MLflowOperator, LlamaStack's successor OGX, SparkOperator, AIGateway,
  ModelsAsService, MCPLifecycleOperator), the same manifests one by one;
- a DSCInitialization (dscinitialization.opendatahub.io v1, v2) and the
  Monitoring service (services.platform.opendatahub.io, api/services/v1alpha1/
  monitoring_types.go): the monitoring stack the operator deploys
  (internal/controller/services/monitoring, its templates and the
  observability operators' objects);
- the cloud managers' engines (infrastructure.opendatahub.io v1alpha1
  AWSKubernetesEngine, AzureKubernetesEngine, CoreWeaveKubernetesEngine,
  api/cloudmanager/\\*/v1alpha1): the dependencies' operators (cert-manager,
  LeaderWorkerSet, Sail) the cloud manager installs from Helm charts in its
  image (internal/controller/cloudmanager).

Their pods are linted where the manifests are written (the components'
repositories: e.g. opendatahub-io/odh-model-controller's config).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import WorkloadKind

_REPO: Final = "opendatahub-io/opendatahub-operator"
_COMPONENTS: Final = (
    "Dashboard", "Workbenches", "Kserve", "ModelMeshServing", "DataSciencePipelines", "AIPipelines", "CodeFlare", "Ray",
    "Kueue", "TrustyAI", "ModelRegistry", "TrainingOperator", "Trainer", "FeastOperator", "MLflowOperator", "OGX",
    "SparkOperator", "AIGateway", "ModelsAsService", "MCPLifecycleOperator",
)  # fmt: skip

OPENDATAHUB_KINDS: Final = (
    WorkloadKind("datasciencecluster.opendatahub.io", "DataScienceCluster", (), f"{_REPO} api/datasciencecluster/v2/datasciencecluster_types.go"),
    WorkloadKind("dscinitialization.opendatahub.io", "DSCInitialization", (), f"{_REPO} api/dscinitialization/v2/dscinitialization_types.go"),
    WorkloadKind("services.platform.opendatahub.io", "Monitoring", (), f"{_REPO} api/services/v1alpha1/monitoring_types.go"),
    *(WorkloadKind("components.platform.opendatahub.io", kind, (), f"{_REPO} api/components/v1alpha1") for kind in _COMPONENTS),
    *(
        WorkloadKind("infrastructure.opendatahub.io", f"{cloud}KubernetesEngine", (), f"{_REPO} api/cloudmanager/{cloud.lower()}/v1alpha1")
        for cloud in ("AWS", "Azure", "CoreWeave")
    ),
)
