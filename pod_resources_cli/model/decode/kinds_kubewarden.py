"""Kubewarden's PolicyServer (policies.kubewarden.io; kubewarden/kubewarden-controller
3460bb719b38): one Deployment the controller builds for each PolicyServer
(internal/controller/policyserver_controller_deployment.go
buildPolicyServerDeploymentSpec) of ``spec.replicas`` pods, an int32 written
without ``omitempty`` and without a default, so 0 where unset
(api/policies/v1/policyserver_types.go). Its one container, named
``policy-server-<name>`` (PolicyServer.NameWithPrefix), has exactly
``spec.requests`` and ``spec.limits`` as its resources
(getPolicyServerContainer: ``Resources: {Requests: Spec.Requests, Limits:
Spec.Limits}``), none where neither is written: the PolicyServer defaulting
webhook (api/policies/v1/policyserver_webhook.go) adds only a finalizer, and
the validating one checks that requests do not exceed limits. The pod takes
``spec.priorityClassName``. v1alpha2 PolicyServers have no requests or limits:
their pods set none.

The controller asks for an OpenTelemetry collector sidecar only when it runs
with metrics or tracing in sidecar mode (adaptDeploymentForMetricsAndTracingConfiguration;
its chart's ``telemetry.metrics`` and ``telemetry.tracing`` default to
false): not followed here.

Kubewarden's policies (ClusterAdmissionPolicy, AdmissionPolicy and their
Group forms) describe the objects they admit: describes.py.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "kubewarden/kubewarden-controller"
_SOURCE: Final = f"{_REPO} internal/controller/policyserver_controller_deployment.go getPolicyServerContainer"

KUBEWARDEN_KINDS: Final = (
    WorkloadKind(
        "policies.kubewarden.io", "PolicyServer",
        (PodPath("spec", "operator", count=("/spec.replicas=0",), pod_fields="/spec", main=(
            MainContainer("policy-server-{name}", _SOURCE, shorthand=Shorthand("/spec", "requirements", empty_is_unset=True)),
        )),),
        f"{_REPO} api/policies/v1/policyserver_types.go",
    ),
)  # fmt: skip
