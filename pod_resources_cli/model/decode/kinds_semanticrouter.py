"""vLLM Semantic Router's operator: SemanticRouter (vllm.ai/v1alpha1,
vllm-project/semantic-router 3d48f8c9cc0d deploy/operator/api/v1alpha1/
semanticrouter_types.go). For each SemanticRouter the controller makes one
Deployment (deploy/operator/controllers/semanticrouter_pod.go
generateDeployment) of ``spec.replicas`` pods (default 1: DefaultReplicas
in constants.go, and the CRD's ``+kubebuilder:default=1``), each:

- the init container ``setup-dirs`` (generateInitContainers: no resources);
- the container ``semantic-router`` whose resources are ``spec.resources``
  whole (buildSemanticRouterContainer: a ResourceRequirements value, none
  where unset);
- in standalone mode only, the container ``envoy-proxy``
  (generateEnvoyContainer) with requests of 250m cpu and 256Mi of memory
  and limits of 500m and 512Mi; the mode is standalone where
  ``spec.gateway.existingRef`` is unset (gateway_integration.go
  reconcileGatewayIntegration: with it the existing Gateway routes to the
  router, and no Envoy runs beside it).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "vllm-project/semantic-router"
_POD: Final = f"{_REPO} deploy/operator/controllers/semanticrouter_pod.go"
_STANDALONE: Final = FieldIn("spec.gateway.existingRef", (), match="written", negate=True)
_ENVOY: Final = OperatorDefaults(requests=(("cpu", "250m"), ("memory", "256Mi")), limits=(("cpu", "500m"), ("memory", "512Mi")))


def _pods() -> tuple[PodPath, ...]:
    router = MainContainer("semantic-router", f"{_POD} buildSemanticRouterContainer", shorthand=Shorthand("/spec.resources", "requirements"))
    envoy = MainContainer("envoy-proxy", f"{_POD} generateEnvoyContainer", defaults=(_ENVOY,), if_fields=(_STANDALONE,))
    setup = MainContainer("setup-dirs", f"{_POD} generateInitContainers", init=True)
    return (
        PodPath("spec", "operator", count=("/spec.replicas=1",), main=(router, envoy, setup), empty_when_absent=True,
                always_made=True),
    )  # fmt: skip


SEMANTIC_ROUTER_KINDS: Final = (WorkloadKind("vllm.ai", "SemanticRouter", _pods(), f"{_REPO} deploy/operator/api/v1alpha1/semanticrouter_types.go"),)
