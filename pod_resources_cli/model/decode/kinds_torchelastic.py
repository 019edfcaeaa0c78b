"""TorchElastic's ElasticJob (elastic.pytorch.org/v1alpha1;
pytorch/elastic bc88e6982961 kubernetes/api/v1alpha1/elasticjob_types.go): a map
``spec.replicaSpecs`` of kubeflow/common ReplicaSpecs (``Worker``, and any
other key), each a PodTemplateSpec with its ``replicas``.

The controller (kubernetes/controllers/elasticjob_controller.go) is
kubeflow/common's JobController (0b3a4c3fca85, kubernetes/go.mod), whose
ReconcilePods makes ``*spec.Replicas`` pods of each replica type from its
template. Nothing defaults ``replicas`` (the package registers no defaulting
function; ``scheme.Scheme.Default`` changes nothing, and
kubernetes/controllers/util.go computeDesiredReplicas dereferences it): an
unset count is not known here. The pods are the template's: SetClusterSpecForPod
(kubernetes/controllers/pod.go) only puts the rendezvous arguments
(``--rdzv_backend``, ``--rdzv_endpoint``, ``--rdzv_id``, ``--nnodes`` from
``minReplicas``:``maxReplicas``) before each container's ``args``, and adds no
container and no resources, so the template's resources are the pod's.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import PodPath, WorkloadKind

TORCHELASTIC_KINDS: Final = (
    WorkloadKind(
        "elastic.pytorch.org",
        "ElasticJob",
        (PodPath("spec.replicaSpecs{*}.template", name="{key}", count=("replicas=?",)),),
        "pytorch/elastic kubernetes/api/v1alpha1/elasticjob_types.go",
    ),
)
