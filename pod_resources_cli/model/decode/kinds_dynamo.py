"""NVIDIA Dynamo's DynamoGraphDeployment (ai-dynamo/dynamo, nvidia.com), the
v1alpha1 form that writes each service's pod as fields of its own.

``spec.services`` maps each service's name to its spec
(deploy/operator/api/v1alpha1/dynamocomponentdeployment_types.go
DynamoComponentDeploymentSharedSpec @1d26d9213a1d): ``replicas`` pods (1
unset), each ``multinode.nodeCount`` pods for a multinode service (the CRD
defaults it to 2 inside ``multinode``), built by the operator
(deploy/operator/internal/dynamo/graph.go @d4872d7e8933): its container
``main``, with ``extraPodSpec.mainContainer`` merged over it (mergo
WithOverride), then each entry of ``resources`` set over the container's
own (``maps.Copy`` of GetResourcesConfig's requests and limits,
controller_common/resource.go @015d780ba9c3): ``cpu``, ``memory``, ``gpu``
as ``gpuType`` or ``nvidia.com/gpu``, and each ``custom`` resource
(api/v1alpha1/common.go ResourceItem). ``extraPodSpec`` inlines the
PodSpec's fields, so its ``containers`` and ``initContainers`` join the pod.

The operator also adds what its configuration and the backend decide (a
frontend sidecar, the GPU memory service, an 8Gi memory-backed ``/dev/shm``),
so the pods are as written. v1beta1's ``spec.components[*].podTemplate`` is a
PodTemplateSpec into whose ``main`` container the operator merges its
defaults (api/v1beta1/dynamocomponentdeployment_types.go @006b6e1085b6
MainContainerName): as written, ``replicas`` (and ``multinode``) as v1alpha1.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, Shorthand, WorkloadKind

_SOURCE: Final = "ai-dynamo/dynamo deploy/operator/internal/dynamo/graph.go, controller_common/resource.go GetResourcesConfig"
_MERGED: Final = "the Dynamo operator merges its defaults into the main container"
_AS_WRITTEN: Final = "the Dynamo operator builds the pod: it may add a frontend sidecar, the GPU memory service and its own volumes, as its configuration says"

DYNAMO_KINDS: Final = (
    WorkloadKind(
        "nvidia.com", "DynamoGraphDeployment",
        (PodPath(
            "spec.services{*}", "containers", name="{key}", count=("replicas=1", "multinode.nodeCount=1/2"),
            containers=("extraPodSpec.mainContainer", "extraPodSpec.containers"), init_containers=("extraPodSpec.initContainers",),
            default_names=("main", "init"), main=(MainContainer("main", _SOURCE, shorthand=Shorthand("resources", "items")),),
            as_written=_AS_WRITTEN,
        ), PodPath(
            "spec.components[*].podTemplate", name="name", count=("replicas=1", "multinode.nodeCount=1/2"), as_written=_MERGED,
        )),
        "ai-dynamo/dynamo deploy/operator/api/v1alpha1/dynamocomponentdeployment_types.go",
    ),
)  # fmt: skip
