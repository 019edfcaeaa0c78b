"""Seldon Core v2's operator (mlops.seldon.io, SeldonIO/seldon-core
7b77f8b78e87 operator/): Server, ServerConfig, SeldonRuntime and SeldonConfig.

- A Server is one StatefulSet (controllers/reconcilers/server/
  server_reconciler.go createStatefulSetReconciler; statefulset_reconciler.go
  toStatefulSet) whose pod spec is the ServerConfig named in
  ``spec.serverConfig`` with the Server's ``spec.podSpec`` merged over it
  (controllers/reconcilers/common/patch_utils.go MergePodSpecs: mergo with
  override and appended slices; containers merged by name, so a container the
  Server writes keeps the ServerConfig's requests and limits it does not
  name). Its replicas are ``spec.replicas``, 1 when unset
  (apis/mlops/v1alpha1/model_types.go ScalingSpec.Default). The Server's
  podSpec is therefore reported **as written**; a Server without one has the
  ServerConfig's pods only (it refers to that object: not searched).
- A ServerConfig's ``spec.podSpec`` (a v1.PodSpec) is a **preset**: merged
  under the pods of every Server that names it, whose values win.
- A SeldonRuntime makes one Deployment (a StatefulSet where the component has
  volume claim templates) per component of the SeldonConfig named in
  ``spec.seldonConfig``: the scheduler, envoy, the model and pipeline
  gateways, the dataflow engine, hodometer (runtime_reconciler.go
  NewSeldonRuntimeReconciler), none for an override with ``disable: true``.
  ``ComponentOverride`` takes the override's ``replicas``, else 1 (never the
  SeldonConfig's), and merges the override's ``podSpec`` over the
  component's (MergePodSpecs): an override's podSpec is **as written**, and
  ValidateComponent may lower the gateways' and the dataflow engine's
  replicas to what the Kafka partitions allow. An override without a podSpec
  has the SeldonConfig's pod: not made up here.
- A SeldonConfig's ``spec.components[*].podSpec`` are **presets** merged
  under the runtimes' overrides; their ``replicas`` are not used (above).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import PodPath, WorkloadKind

_REPO: Final = "SeldonIO/seldon-core"
_GROUP: Final = "mlops.seldon.io"
_SERVER: Final = ("Seldon's operator merges this podSpec over the podSpec of the ServerConfig spec.serverConfig names "
                  "(containers by name, the ServerConfig's requests and limits kept where this one does not set them)")  # fmt: skip
_SERVER_CONFIG: Final = "a ServerConfig: Seldon's operator merges it under the podSpec of each Server that names it"
_RUNTIME: Final = ("Seldon's operator merges this podSpec over the podSpec of the SeldonConfig component of the same name "
                   "(spec.seldonConfig), and may lower a gateway's or the dataflow engine's replicas to the Kafka partitions")  # fmt: skip
_SELDON_CONFIG: Final = "a SeldonConfig component: Seldon's operator merges each SeldonRuntime's override of that name over it"

SELDON_KINDS: Final = (
    WorkloadKind(_GROUP, "Server", (PodPath("spec.podSpec", "podspec", count=("/spec.replicas=1",), label="server", as_written=_SERVER,
                                            preset=True),),
                 f"{_REPO} operator/apis/mlops/v1alpha1/server_types.go", refers=("spec.serverConfig",)),
    WorkloadKind(_GROUP, "ServerConfig", (PodPath("spec.podSpec", "podspec", label="server", as_written=_SERVER_CONFIG, preset=True),),
                 f"{_REPO} operator/apis/mlops/v1alpha1/serverconfig_types.go"),
    WorkloadKind(_GROUP, "SeldonRuntime", (PodPath("spec.overrides[*].podSpec", "podspec", name="name", count=("!disable", "replicas=1"),
                                                   as_written=_RUNTIME, preset=True),),
                 f"{_REPO} operator/apis/mlops/v1alpha1/seldonruntime_types.go", refers=("spec.seldonConfig",)),
    WorkloadKind(_GROUP, "SeldonConfig", (PodPath("spec.components[*].podSpec", "podspec", name="name", as_written=_SELDON_CONFIG,
                                                  preset=True),),
                 f"{_REPO} operator/apis/mlops/v1alpha1/seldonconfig_types.go"),
)  # fmt: skip
