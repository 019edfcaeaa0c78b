"""Operator Lifecycle Manager: ClusterServiceVersion (operators.coreos.com/
v1alpha1; operator-framework/operator-lifecycle-manager
@992bb097749e5994eedc5e4882583df952d8a70e, its vendored
operator-framework/api pkg/operators/v1alpha1/clusterserviceversion_types.go:
``spec.install`` is a NamedInstallStrategy, ``strategy: deployment`` with
``spec.deployments``, each a StrategyDeploymentSpec ``{name, spec, label}``
whose ``spec`` is an apps/v1 DeploymentSpec).

OLM installs an operator's bundle by creating one Deployment for each entry
(pkg/controller/install/deployment.go ``installDeployments`` ->
``deploymentForSpec``: ``&appsv1.Deployment{Spec: spec}`` named ``name``, in
the CSV's namespace), so each entry's ``spec.template`` makes ``spec.replicas``
pods (the API server's default 1 where unset). It adds annotations, owner
labels and the OperatorGroup's annotations to the template, and runs the
Subscription's overrides (pkg/controller/operators/olm/overrides/
initializer.go ``initialize``): environment, volumes, tolerations, node
selector and affinity, and, only where the Subscription writes
``spec.config.resources``, those resources on every container
(overrides/inject/inject.go ``InjectResourcesIntoDeployment``: ``if resources
== nil { return nil }``). Without such a Subscription OLM adds no resources:
the pods are the entries' templates as written, and final here.

operator-framework/operator-sdk's bundles (``bundle/manifests/
*.clusterserviceversion.yaml``, made by ``make bundle``) carry the project's
controller-manager Deployment so; a CSV base (``config/manifests/bases``)
without ``install.spec.deployments`` has no pod.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import PodPath, WorkloadKind

_SOURCE: Final = (
    "operator-framework/operator-lifecycle-manager @992bb097749e vendor/github.com/operator-framework/api/pkg/operators/"
    "v1alpha1/clusterserviceversion_types.go; pkg/controller/install/deployment.go deploymentForSpec"
)

OLM_KINDS: Final = (
    WorkloadKind(
        "operators.coreos.com", "ClusterServiceVersion",
        (PodPath("spec.install.spec.deployments[*].spec.template", name="name", count=("spec.replicas=1",)),), _SOURCE,
    ),
)  # fmt: skip
