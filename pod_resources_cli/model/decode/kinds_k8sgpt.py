"""The k8sgpt operator's K8sGPT (core.k8sgpt.ai/v1alpha1; k8sgpt-ai/k8sgpt-operator
@47b9b88db3d2 api/v1alpha1/k8sgpt_types.go, pkg/resources/k8sgpt.go). For each
K8sGPT the controller (internal/controller/k8sgpt/configure_step.go, resources.Sync)
makes a Service, RBAC and a Deployment named after the object, of one pod
(GetDeployment: ``replicas := int32(1)``, no replicas field in the spec):

- the one container ``k8sgpt`` (the ``k8sgpt serve`` server the operator
  queries for analyses), whose resources GetDeployment first builds from
  ``spec.resources`` key by key with the operator's defaults, requests of
  ``resource.MustParse("0.2")`` cpu (200m) and 256Mi of memory and limits of
  ``1`` cpu and 512Mi, and then, ``if config.Spec.Resources != nil``,
  replaces whole with ``*config.Spec.Resources``: a K8sGPT that writes
  ``spec.resources`` gets exactly them (its other resources too, and nothing
  it leaves out; an empty ``resources: {}`` is a BestEffort pod), one that
  does not gets the four defaults, a Burstable pod;
- ``spec.nodeSelector``, ``spec.podLabels`` and ``spec.podAnnotations`` go to
  the pod; the operator sets no priorityClassName and no init container.

Where GetDeployment returns an error (an ``engine`` or ``azureAPIType`` with a
backend other than azureopenai, amazonbedrock without ``region``) no Deployment
is made; not followed here. The Trivy integration (``spec.integrations.trivy``)
installs another operator's chart, not modelled.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "k8sgpt-ai/k8sgpt-operator"

# GetDeployment's defaults, used only where ``spec.resources`` is nil (the pointer is copied over them whole after)
_DEFAULTS: Final = OperatorDefaults(requests=(("cpu", "200m"), ("memory", "256Mi")), limits=(("cpu", "1"), ("memory", "512Mi")))

_SERVER: Final = MainContainer(
    "k8sgpt", f"{_REPO} pkg/resources/k8sgpt.go GetDeployment",
    shorthand=Shorthand("/spec.resources", "requirements"), defaults=(_DEFAULTS,),
)  # fmt: skip

K8SGPT_KINDS: Final = (
    WorkloadKind(
        "core.k8sgpt.ai", "K8sGPT",
        (PodPath("spec", "operator", count=("1",), label="k8sgpt", main=(_SERVER,), empty_when_absent=True, always_made=True),),
        f"{_REPO} api/v1alpha1/k8sgpt_types.go",
    ),
)  # fmt: skip
