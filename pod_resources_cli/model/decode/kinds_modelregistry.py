"""Kubeflow Model Registry's operator as Open Data Hub ships it: ModelRegistry
(modelregistry.opendatahub.io v1alpha1 and v1beta1, the storage version;
opendatahub-io/model-registry-operator @08f64eb25dac api/v1beta1/
modelregistry_types.go). For each ModelRegistry the controller applies
Deployments it renders from its own templates (internal/controller/
modelregistry_controller.go, internal/controller/config/templates), one
replica each (``replicas: 1``):

- the registry (deployment.yaml.tmpl): the container ``rest-container`` with
  ``spec.rest.resources`` (``{{- with .Spec.Rest.Resources }}``); where it
  is unset, the webhook's and the reconciler's RuntimeDefaults give it
  config.ModelRegistryRestResourceRequirements (internal/controller/config/
  defaults.go: requests 100m cpu and 256Mi, limits 256Mi of memory: the
  cpu limit ``0m`` is left out by createResourceRequirement); beside it, where
  ``spec.kubeRBACProxy`` is written (``{{ if .Spec.KubeRBACProxy }}``), or
  ``spec.oauthProxy`` (MigrateOAuthProxyToKubeRBACProxy makes one of it) or
  v1alpha1's ``spec.istio`` (ReplaceIstioWithOAuthProxy), the container
  ``kube-rbac-proxy`` with the template's own requests of 100m cpu and 256Mi
  and a limit of 256Mi of memory. On OpenShift the webhook adds that proxy
  also where none is written (api/v1beta1/modelregistry_webhook.go Default:
  ``config.IsOpenShift()``), which this tool cannot know: such a registry's
  pod is reported as written.
- the database (postgres-deployment.yaml.tmpl), only where
  ``spec.postgres.generateDeployment`` is true (modelregistry_controller.go):
  the container ``postgres`` with requests of 250m cpu and 256Mi and limits
  of 500m and 512Mi, whatever the object writes.

v1alpha1's ``spec.grpc`` (the old ML Metadata server) makes no container:
the conversion to v1beta1 drops it (api/v1alpha1/modelregistry_conversion.go).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "opendatahub-io/model-registry-operator"
_TEMPLATES: Final = "internal/controller/config/templates"
_REST_DEFAULTS: Final = OperatorDefaults(requests=(("cpu", "100m"), ("memory", "256Mi")), limits=(("memory", "256Mi"),))
_PROXY_RESOURCES: Final = OperatorDefaults(requests=(("cpu", "100m"), ("memory", "256Mi")), limits=(("memory", "256Mi"),))
_POSTGRES_RESOURCES: Final = OperatorDefaults(requests=(("cpu", "250m"), ("memory", "256Mi")), limits=(("cpu", "500m"), ("memory", "512Mi")))
_PROXY_ON_OPENSHIFT: Final = (
    "on OpenShift the operator's webhook adds the kube-rbac-proxy container (100m cpu, 256Mi) where no proxy is written"
)


def _written(path: str) -> tuple[FieldIn, ...]:
    return (FieldIn(path, (), match="written"),)


def _pods() -> tuple[PodPath, ...]:
    rest = MainContainer(
        "rest-container", f"{_REPO} {_TEMPLATES}/deployment.yaml.tmpl, internal/controller/config/defaults.go",
        shorthand=Shorthand("/spec.rest.resources", "requirements"), defaults=(_REST_DEFAULTS,),
    )  # fmt: skip
    proxy = MainContainer(
        "kube-rbac-proxy", f"{_REPO} {_TEMPLATES}/deployment.yaml.tmpl", defaults=(_PROXY_RESOURCES,),
        if_any=(_written("/spec.kubeRBACProxy"), _written("/spec.oauthProxy"), _written("/spec.istio")),
    )  # fmt: skip
    postgres = MainContainer("postgres", f"{_REPO} {_TEMPLATES}/postgres-deployment.yaml.tmpl", defaults=(_POSTGRES_RESOURCES,))
    return (
        PodPath("spec", "operator", count=("1",), label="registry", main=(rest, proxy), empty_when_absent=True, always_made=True,
                as_written_unset=("/spec.kubeRBACProxy", _PROXY_ON_OPENSHIFT, "")),
        PodPath("spec.postgres", "operator", count=("1",), label="postgres", main=(postgres,),
                if_field=FieldIn("spec.postgres.generateDeployment", ("true",))),
    )  # fmt: skip


MODEL_REGISTRY_KINDS: Final = (
    WorkloadKind("modelregistry.opendatahub.io", "ModelRegistry", _pods(), f"{_REPO} api/v1beta1/modelregistry_types.go"),
)
