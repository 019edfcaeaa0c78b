"""KFServing, KServe's predecessor: the InferenceService of
serving.kubeflow.org/v1beta1 (kubeflow/kfserving @454438372791, the
repository's last commit before it became kserve/kserve).

Its Go types are KServe's of that time (pkg/apis/serving/v1beta1/
predictor.go, transformer.go, explainer.go, component.go): ``predictor``,
``transformer`` and ``explainer`` each inline a PodSpec beside a framework
spec that inlines a Container (``sklearn``, ``xgboost``, ``tensorflow``,
``pytorch``, ``triton``, ``onnx``, ``pmml``, ``lightgbm``, ``paddle``; the
explainers ``alibi``, ``aix``, ``art``), or list their own ``containers``
(the custom component, exclusive with a framework). What the controller and
its webhooks do with them:

- the framework spec becomes the pod's first container, or replaces the
  first one written (pkg/controller/v1beta1/inferenceservice/components/
  predictor.go Reconcile: ``PodSpec.Containers[0] = *container``; likewise
  transformer.go, explainer.go);
- the mutating webhook names it ``kfserving-container``, the custom
  component's first container too (each spec's ``Default``:
  ``Container.Name = constants.InferenceServiceContainerName``;
  predictor_custom.go, transformer_custom.go, explainer_custom.go
  ``c.Containers[0].Name``), and gives it each of the cpu and memory
  requests and limits it does not write: 1 cpu and 2Gi of memory
  (inference_service_defaults.go ``defaultResource`` and
  setResourceRequirementDefaults, key by key: a container that writes a
  cpu limit of 3 and nothing else gets requests of 1 and 2Gi and a memory
  limit of 2Gi);
- each component is a Knative Service (or, with the
  ``serving.kubeflow.org/raw`` annotation, a Deployment) whose minimum
  scale is ``minReplicas``, 1 when unset (reconcilers/knative/
  ksvc_reconciler.go, constants.DefaultMinReplicas); 0 scales to zero;
- Knative adds its queue-proxy sidecar, and the pod webhook the
  ``storage-initializer`` init container where a ``storageUri`` (or a
  custom container's STORAGE_URI) is set, with the resources of the
  inferenceservice-config ConfigMap (pkg/webhook/admission/pod/
  storage_initializer_injector.go: none in the code): the pods are as
  written beyond the container above.

The older serving.kubeflow.org/v1alpha2 (``spec.default.predictor``,
``spec.canary``) is not modelled: an object that writes ``spec.default`` is
counted as not searched, never as one in which no pod was found.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, OperatorDefaults, PodPath, Rename, WorkloadKind

_REPO: Final = "kubeflow/kfserving"
_NAME: Final = "kfserving-container"
_DEFAULTS: Final = OperatorDefaults(requests=(("cpu", "1"), ("memory", "2Gi")), limits=(("cpu", "1"), ("memory", "2Gi")), merge=True)
_ADDED: Final = "Knative adds its queue-proxy sidecar, and KFServing's pod webhook a storage-initializer init container for a storageUri, with its ConfigMap's resources"
_PREDICTORS: Final = ("sklearn", "xgboost", "tensorflow", "pytorch", "triton", "onnx", "pmml", "lightgbm", "paddle")
_EXPLAINERS: Final = ("alibi", "aix", "art")


def _component(field: str, frameworks: tuple[str, ...]) -> PodPath:
    main = MainContainer(
        _NAME, f"{_REPO} pkg/apis/serving/v1beta1/inference_service_defaults.go setResourceRequirementDefaults, "
        f"pkg/controller/v1beta1/inferenceservice/components/{field}.go",
        spec=tuple(f"spec.{field}.{f}" for f in frameworks), defaults=(_DEFAULTS,),
    )  # fmt: skip
    return PodPath(
        f"spec.{field}", "podspec", count=(f"/spec.{field}.minReplicas=1",), main=(main,), as_written=_ADDED,
        rename=Rename(_NAME, "", first=True),
    )  # fmt: skip


KFSERVING_KINDS: Final[tuple[WorkloadKind, ...]] = (
    WorkloadKind(
        "serving.kubeflow.org", "InferenceService",
        (_component("predictor", _PREDICTORS), _component("transformer", ()), _component("explainer", _EXPLAINERS)),
        f"{_REPO} pkg/apis/serving/v1beta1/predictor.go, transformer.go, explainer.go, component.go", refers=("spec.default",),
    ),  # fmt: skip
)
