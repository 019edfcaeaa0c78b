"""Crossplane (crossplane/crossplane 2d040d2daf4e, pkg.crossplane.io): a
DeploymentRuntimeConfig is the template of the Deployment Crossplane builds
for each Provider and Function revision that names it
(internal/controller/pkg/runtime/runtime.go DeploymentRuntimeBuilder):
``spec.deploymentTemplate.spec`` copied as it is (runtime_defaults.go
deploymentFromRuntimeConfig), its ``package-runtime`` container added when
missing or moved first, also where the object writes no template (runtime_override_options.go
DeploymentWithRuntimeContainer), its replicas 1 unless written; Crossplane
sets no resources, so the pods are final. How many packages name it is not
in the object: no count.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, WorkloadKind

_RUNTIME: Final = "crossplane/crossplane internal/controller/pkg/runtime/runtime_override_options.go DeploymentWithRuntimeContainer"

CROSSPLANE_KINDS: Final = (
    WorkloadKind(
        "pkg.crossplane.io", "DeploymentRuntimeConfig",
        (PodPath("spec.deploymentTemplate.spec.template", label="deploymentTemplate", empty_when_absent=True, always_made=True,
                 main=(MainContainer("package-runtime", _RUNTIME, first=True),)),),
        "crossplane/crossplane apis/pkg/v1beta1/deployment_runtime_config_types.go",
    ),
)  # fmt: skip
