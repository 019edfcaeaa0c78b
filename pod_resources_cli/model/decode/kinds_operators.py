"""Serving and operator workloads: kinds whose pods the operator builds from
more than a pod template, each entry from the project's Go types and the
operator code cited beside it (tests/data/real/WORKLOAD_KINDS.md).

- The Elastic operator (elastic/cloud-on-k8s 7b93383d8ec1): each kind's
  ``podTemplate``; PodTemplateBuilder (pkg/controller/common/defaults/
  pod_template.go) adds the main container when the template lacks it
  (setDefaults), gives it the kind's DefaultResources when it sets no
  requests and no limits and the ``resources`` shorthand is empty, then sets
  the shorthand's cpu and memory over it (WithResourcesAndOverrides). A
  missing ``podTemplate`` still makes pods. Init containers that set no
  requests and no limits then get the main container's resources
  (WithInitContainerDefaults, pod_template.go:328-340; every kind but Agent
  and AutoOpsAgentPolicy).
- KServe (kserve/kserve aaac4e294dae): a ServingRuntime's ``spec`` inlines
  the PodSpec fields it keeps (pkg/apis/serving/v1alpha1/
  servingruntime_types.go ServingRuntimePodSpec), an InferenceService's
  ``predictor``, ``transformer`` and ``explainer`` inline a PodSpec beside a
  framework spec that inlines a Container (pkg/apis/serving/v1beta1/
  predictor.go, explainer.go); the framework spec becomes the container
  ``kserve-container`` (setPredictorModelDefaults turns a framework into
  ``model``; components/predictor.go buildPodSpec), merged with the
  runtime's container of that name (utils.go MergeRuntimeContainers), so
  those pods are as written. ``minReplicas`` defaults to 1
  (constants.DefaultMinReplicas). LLMInferenceService and its Config keep
  PodSpecs (v1alpha2/llm_inference_service_types.go), merged with the
  presets named in ``baseRefs``.
- vLLM production-stack (vllm-project/production-stack a6c01db05f65
  operator/api/v1alpha1, internal/controller): no pod fields; the operator
  builds one container from ``resources`` ({cpu, memory, gpu, gpuType}, each
  both request and limit; gpu as ``nvidia.com/gpu`` unless gpuType).
- The Flink operator (apache/flink-kubernetes-operator 6e9caeb48118
  flink-kubernetes-operator-api spec/FlinkDeploymentSpec.java,
  JobManagerSpec.java, TaskManagerSpec.java, FlinkDeploymentTemplateSpec.java):
  ``podTemplate`` is the base of the JobManager and the TaskManager pods, each
  merged with ``jobManager.podTemplate`` or ``taskManager.podTemplate``
  (config/FlinkConfigBuilder.java applyPodTemplate, mergePodTemplates), so
  each template is as written. The operator turns ``resources`` (or the
  deprecated ``resource``) into Flink's configuration (applyResourceConfig),
  and Flink sets the cpu and memory requests and limits of
  ``flink-main-container`` from it over whatever the template writes, adding
  the container when the template lacks it (apache/flink 0129714f02ed
  flink-kubernetes kubeclient/decorators/InitJobManagerDecorator.java and
  InitTaskManagerDecorator.java decorateMainContainer,
  utils/KubernetesUtils.java getResourceRequirements and
  loadPodFromTemplateFile; standalone mode: flink-kubernetes-standalone
  InitStandaloneTaskManagerDecorator.java). Those values come from Flink's
  memory model (process size in MiB, limit factors) and are not computed here:
  the container's cpu and memory are left out, never reported missing.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import AnnotationIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind
from pod_resources_cli.model.decode.kinds_aibrix import KVCACHE
from pod_resources_cli.model.decode.kinds_argoevents import ARGO_EVENTS_KINDS
from pod_resources_cli.model.decode.kinds_certmanager import CERT_MANAGER_KINDS
from pod_resources_cli.model.decode.kinds_configsync import CONFIG_SYNC_KINDS
from pod_resources_cli.model.decode.kinds_gateways import GATEWAY_KINDS
from pod_resources_cli.model.decode.kinds_cloudnativepg import CNPG_KINDS
from pod_resources_cli.model.decode.kinds_confluent import CONFLUENT_KINDS
from pod_resources_cli.model.decode.kinds_crossplane import CROSSPLANE_KINDS
from pod_resources_cli.model.decode.kinds_crunchy import CRUNCHY_KINDS
from pod_resources_cli.model.decode.kinds_perconapg import PERCONA_PG_KINDS
from pod_resources_cli.model.decode.kinds_mysql import MYSQL_KINDS
from pod_resources_cli.model.decode.kinds_doris import DORIS_KINDS
from pod_resources_cli.model.decode.kinds_dragonfly import DRAGONFLY_KINDS
from pod_resources_cli.model.decode.kinds_dynamo import DYNAMO_KINDS
from pod_resources_cli.model.decode.kinds_fluent import FLUENT_KINDS
from pod_resources_cli.model.decode.kinds_foundationdb import FOUNDATIONDB_KINDS
from pod_resources_cli.model.decode.kinds_free5gc import FREE5GC_KINDS
from pod_resources_cli.model.decode.kinds_flux import FLUX_KINDS
from pod_resources_cli.model.decode.kinds_fluid import FLUID_KINDS
from pod_resources_cli.model.decode.kinds_gatekeeper import GATEKEEPER_KINDS
from pod_resources_cli.model.decode.kinds_karmada import KARMADA_KINDS
from pod_resources_cli.model.decode.kinds_intel import INTEL_KINDS
from pod_resources_cli.model.decode.kinds_helmchart import HELMCHART_KINDS
from pod_resources_cli.model.decode.kinds_camelk import CAMELK_KINDS
from pod_resources_cli.model.decode.kinds_grafana_agent import GRAFANA_AGENT_KINDS
from pod_resources_cli.model.decode.kinds_infinispan import INFINISPAN_KINDS
from pod_resources_cli.model.decode.kinds_juicefs import JUICEFS_KINDS
from pod_resources_cli.model.decode.kinds_hpp import HPP_KINDS
from pod_resources_cli.model.decode.kinds_meridio import MERIDIO_KINDS
from pod_resources_cli.model.decode.kinds_pmemcsi import PMEMCSI_KINDS
from pod_resources_cli.model.decode.kinds_k6 import K6_KINDS
from pod_resources_cli.model.decode.kinds_kfserving import KFSERVING_KINDS
from pod_resources_cli.model.decode.kinds_coreweave import COREWEAVE_KINDS
from pod_resources_cli.model.decode.kinds_oceanbase import OCEANBASE_KINDS
from pod_resources_cli.model.decode.kinds_greptime import GREPTIME_KINDS
from pod_resources_cli.model.decode.kinds_druid import DRUID_KINDS
from pod_resources_cli.model.decode.kinds_modelregistry import MODEL_REGISTRY_KINDS
from pod_resources_cli.model.decode.kinds_opendatahub import OPENDATAHUB_KINDS
from pod_resources_cli.model.decode.kinds_alloy import ALLOY_KINDS
from pod_resources_cli.model.decode.kinds_k8sgpt import K8SGPT_KINDS
from pod_resources_cli.model.decode.kinds_yatai_image_builder import YATAI_IMAGE_BUILDER_KINDS
from pod_resources_cli.model.decode.kinds_che import CHE_KINDS
from pod_resources_cli.model.decode.kinds_devworkspace import DEVWORKSPACE_KINDS
from pod_resources_cli.model.decode.kinds_nats import NATS_KINDS
from pod_resources_cli.model.decode.kinds_artemis import ARTEMIS_KINDS
from pod_resources_cli.model.decode.kinds_hazelcast import HAZELCAST_KINDS
from pod_resources_cli.model.decode.kinds_risingwave import RISINGWAVE_KINDS
from pod_resources_cli.model.decode.kinds_feast import FEAST_KINDS
from pod_resources_cli.model.decode.kinds_kro import KRO_KINDS
from pod_resources_cli.model.decode.kinds_openfeature import OPENFEATURE_KINDS
from pod_resources_cli.model.decode.kinds_metricset import METRICSET_KINDS
from pod_resources_cli.model.decode.kinds_oracle import ORACLE_KINDS
from pod_resources_cli.model.decode.kinds_rocketmq import ROCKETMQ_KINDS
from pod_resources_cli.model.decode.kinds_yugabyte import YUGABYTE_KINDS
from pod_resources_cli.model.decode.kinds_arango import ARANGO_KINDS
from pod_resources_cli.model.decode.kinds_nriplugins import NRI_PLUGINS_KINDS
from pod_resources_cli.model.decode.kinds_milvus import MILVUS_KINDS
from pod_resources_cli.model.decode.kinds_semanticrouter import SEMANTIC_ROUTER_KINDS
from pod_resources_cli.model.decode.kinds_openfaas import OPENFAAS_KINDS
from pod_resources_cli.model.decode.kinds_fission import FISSION_KINDS
from pod_resources_cli.model.decode.kinds_apptemplate_argo import APPLICATION_KINDS
from pod_resources_cli.model.decode.kinds_torchelastic import TORCHELASTIC_KINDS
from pod_resources_cli.model.decode.kinds_telemetry import TELEMETRY_KINDS
from pod_resources_cli.model.decode.kinds_logging import LOGGING_EXTENSION_KINDS, LOGGING_KINDS
from pod_resources_cli.model.decode.kinds_k8up import K8UP_KINDS
from pod_resources_cli.model.decode.kinds_kanister import KANISTER_KINDS
from pod_resources_cli.model.decode.kinds_mattermost import MATTERMOST_KINDS
from pod_resources_cli.model.decode.kinds_testkube import TESTKUBE_KINDS
from pod_resources_cli.model.decode.kinds_psmysql import PS_MYSQL_KINDS
from pod_resources_cli.model.decode.kinds_redpanda import REDPANDA_KINDS
from pod_resources_cli.model.decode.kinds_computedomain import COMPUTEDOMAIN_KINDS
from pod_resources_cli.model.decode.kinds_kubevela import KUBEVELA_KINDS
from pod_resources_cli.model.decode.kinds_cdi import CDI_KINDS
from pod_resources_cli.model.decode.kinds_ptp import PTP_KINDS
from pod_resources_cli.model.decode.kinds_kiali import KIALI_KINDS
from pod_resources_cli.model.decode.kinds_arc import ARC_KINDS
from pod_resources_cli.model.decode.kinds_jenkins import JENKINS_KINDS
from pod_resources_cli.model.decode.kinds_olm import OLM_KINDS
from pod_resources_cli.model.decode.kinds_tempo import TEMPO_KINDS
from pod_resources_cli.model.decode.kinds_vitess import VITESS_KINDS
from pod_resources_cli.model.decode.kinds_piraeus import PIRAEUS_KINDS
from pod_resources_cli.model.decode.kinds_emqx import EMQX_KINDS
from pod_resources_cli.model.decode.kinds_koperator import KOPERATOR_KINDS
from pod_resources_cli.model.decode.kinds_kubeblocks import KUBEBLOCKS_KINDS
from pod_resources_cli.model.decode.kinds_spo import SPO_KINDS
from pod_resources_cli.model.decode.kinds_starrocks import STARROCKS_KINDS
from pod_resources_cli.model.decode.kinds_loki import LOKI_KINDS
from pod_resources_cli.model.decode.kinds_apptemplate import APP_TEMPLATE_KINDS
from pod_resources_cli.model.decode.kinds_upgrade import UPGRADE_KINDS
from pod_resources_cli.model.decode.kinds_volsync import VOLSYNC_KINDS
from pod_resources_cli.model.decode.kinds_llmkube import LLMKUBE_KINDS
from pod_resources_cli.model.decode.kinds_openvino import OPENVINO_KINDS
from pod_resources_cli.model.decode.kinds_yatai import YATAI_KINDS
from pod_resources_cli.model.decode.kinds_kruise import KRUISE_KINDS
from pod_resources_cli.model.decode.kinds_kubedl import KUBEDL_KINDS
from pod_resources_cli.model.decode.kinds_numaresources import NUMARESOURCES_KINDS
from pod_resources_cli.model.decode.kinds_seaweed import SEAWEED_KINDS
from pod_resources_cli.model.decode.kinds_scylla import SCYLLA_KINDS
from pod_resources_cli.model.decode.kinds_cockroach import COCKROACH_KINDS
from pod_resources_cli.model.decode.kinds_dask import DASK_KINDS
from pod_resources_cli.model.decode.kinds_datadog import DATADOG_KINDS
from pod_resources_cli.model.decode.kinds_jaeger import JAEGER_KINDS
from pod_resources_cli.model.decode.kinds_nicclusterpolicy import NICCLUSTERPOLICY_KINDS
from pod_resources_cli.model.decode.kinds_kai import KAI_KINDS
from pod_resources_cli.model.decode.kinds_sriov import SRIOV_KINDS
from pod_resources_cli.model.decode.kinds_powermanager import POWER_MANAGER_KINDS
from pod_resources_cli.model.decode.kinds_kmm import KMM_KINDS
from pod_resources_cli.model.decode.kinds_nfd_openshift import NFD_OPENSHIFT_KINDS
from pod_resources_cli.model.decode.kinds_amdgpu import AMD_GPU_KINDS
from pod_resources_cli.model.decode.kinds_kubeovn import KUBEOVN_KINDS
from pod_resources_cli.model.decode.kinds_kubewarden import KUBEWARDEN_KINDS
from pod_resources_cli.model.decode.kinds_grafana import GRAFANA_KINDS
from pod_resources_cli.model.decode.kinds_kubevirt import KUBEVIRT_KINDS
from pod_resources_cli.model.decode.kinds_k8ssandra import K8SSANDRA_KINDS
from pod_resources_cli.model.decode.kinds_llmaz import LLMAZ_KINDS
from pod_resources_cli.model.decode.kinds_mongodb import MONGODB_KINDS
from pod_resources_cli.model.decode.kinds_nim import NIM_KINDS
from pod_resources_cli.model.decode.kinds_ollama import OLLAMA_KINDS
from pod_resources_cli.model.decode.kinds_ome import OME_KINDS
from pod_resources_cli.model.decode.kinds_opensearch import OPENSEARCH_KINDS
from pod_resources_cli.model.decode.kinds_opentelemetry import OTEL_KINDS
from pod_resources_cli.model.decode.kinds_openshift import OPENSHIFT_KINDS
from pod_resources_cli.model.decode.kinds_deploymentconfig import DEPLOYMENTCONFIG_KINDS
from pod_resources_cli.model.decode.kinds_stackable import SPARK_KINDS, TRINO_KINDS
from pod_resources_cli.model.decode.kinds_stackable_roles import HDFS_KINDS, KAFKA_KINDS, ZOOKEEPER_STACKABLE_KINDS
from pod_resources_cli.model.decode.kinds_pxc import PXC_KINDS
from pod_resources_cli.model.decode.kinds_rabbitmq import RABBITMQ_KINDS
from pod_resources_cli.model.decode.kinds_redis import REDIS_KINDS
from pod_resources_cli.model.decode.kinds_redisfailover import REDISFAILOVER_KINDS
from pod_resources_cli.model.decode.kinds_rbg import RBG_KINDS
from pod_resources_cli.model.decode.kinds_slurm import SLURM_KINDS
from pod_resources_cli.model.decode.kinds_solr import SOLR_KINDS
from pod_resources_cli.model.decode.kinds_victoriametrics import VICTORIAMETRICS_KINDS
from pod_resources_cli.model.decode.kinds_monitoring import MONITORING_KINDS
from pod_resources_cli.model.decode.kinds_tekton import TEKTON_KINDS
from pod_resources_cli.model.decode.kinds_argocd import ARGOCD_KINDS
from pod_resources_cli.model.decode.kinds_skaffold import SKAFFOLD_KINDS
from pod_resources_cli.model.decode.kinds_clickhouse import CLICKHOUSE_KINDS
from pod_resources_cli.model.decode.kinds_clickhouse_com import CLICKHOUSE_COM_KINDS
from pod_resources_cli.model.decode.kinds_rook import ROOK_KINDS
from pod_resources_cli.model.decode.kinds_seldon import SELDON_KINDS
from pod_resources_cli.model.decode.kinds_stores import STORE_KINDS
from pod_resources_cli.model.decode.kinds_strimzi import STRIMZI_KINDS
from pod_resources_cli.model.decode.kinds_tidb import TIDB_KINDS
from pod_resources_cli.model.decode.kinds_tidbcluster import TIDBCLUSTER_KINDS
from pod_resources_cli.model.decode.kinds_tigera import TIGERA_KINDS
from pod_resources_cli.model.decode.kinds_zalando import POSTGRESQL
from pod_resources_cli.model.decode.kinds_zookeeper import ZOOKEEPER_KINDS
from pod_resources_cli.model.decode.kinds_ocs import OCS_KINDS
from pod_resources_cli.model.decode.kinds_pathways import PATHWAYS_KINDS

_ECK: Final = "elastic/cloud-on-k8s"
_ECK_SHORTHAND: Final = Shorthand("/spec.resources", "requests-limits")


def _same(memory: str, cpu: str | None = None) -> OperatorDefaults:
    both = (("memory", memory),) if cpu is None else (("memory", memory), ("cpu", cpu))
    return OperatorDefaults(requests=both, limits=both)


_ECK_INIT: Final = f"{_ECK} pkg/controller/common/defaults/pod_template.go WithInitContainerDefaults"


def _eck_main(
    name: str, code: str, *defaults: OperatorDefaults, shorthand: Shorthand = _ECK_SHORTHAND, name_field: str | None = None, inherit_init: bool = True
) -> tuple[MainContainer, ...]:
    """``inherit_init``: the controller calls WithInitContainerDefaults (all but the Agent's and AutoOps')."""
    source = f"{_ECK} {code} DefaultResources, WithResourcesAndOverrides"
    return (MainContainer(name, source, name_field, (), shorthand, defaults, inherit_init=_ECK_INIT if inherit_init else None),)


def _eck(group: str, kind: str, types: str, name: str, code: str, *defaults: OperatorDefaults) -> WorkloadKind:
    """One podTemplate, ``spec.count`` pods (an int32 the Deployment takes as it is: 0 when omitted)."""
    pod = PodPath("spec.podTemplate", count=("/spec.count=0",), main=_eck_main(name, code, *defaults), empty_when_absent=True)
    return WorkloadKind(group, kind, (pod,), f"{_ECK} {types}")


_ES_MAIN: Final = _eck_main(
    "elasticsearch", "pkg/controller/elasticsearch/nodespec/defaults.go", _same("2Gi"), shorthand=Shorthand("resources", "requests-limits")
)
_BEAT_MAIN: Final = _eck_main("", "pkg/controller/beat/common/pod.go", _same("300Mi", "100m"), name_field="/spec.type")
_AGENT_MAIN: Final = _eck_main(
    "agent", "pkg/controller/agent/pod.go (defaultFleetResources in fleet mode)",
    OperatorDefaults(requests=(("memory", "1Gi"), ("cpu", "200m")), limits=(("memory", "1Gi"), ("cpu", "200m")), when=("spec.mode", "fleet")),
    _same("400Mi", "200m"), inherit_init=False,
)  # fmt: skip


def _workload_specs(main: tuple[MainContainer, ...], *kinds: str) -> tuple[PodPath, ...]:
    """Beat and Agent: a DaemonSet (a pod per node), or a Deployment or StatefulSet of ``replicas`` (default 1)."""
    return tuple(
        PodPath(f"spec.{k}.podTemplate", count=() if k == "daemonSet" else (f"/spec.{k}.replicas=1",), main=main, empty_when_absent=True)
        for k in kinds
    )


ECK_KINDS: Final[tuple[WorkloadKind, ...]] = (
    WorkloadKind(
        "elasticsearch.k8s.elastic.co", "Elasticsearch",
        (PodPath("spec.nodeSets[*].podTemplate", name="name", count=("count=0",), main=_ES_MAIN, empty_when_absent=True),),
        f"{_ECK} pkg/apis/elasticsearch/v1/elasticsearch_types.go",
    ),  # fmt: skip
    _eck("kibana.k8s.elastic.co", "Kibana", "pkg/apis/kibana/v1/kibana_types.go", "kibana", "pkg/controller/kibana/pod.go", _same("2Gi")),
    _eck("apm.k8s.elastic.co", "ApmServer", "pkg/apis/apm/v1/apmserver_types.go", "apm-server", "pkg/controller/apmserver/pod.go", _same("512Mi")),
    _eck(
        "enterprisesearch.k8s.elastic.co", "EnterpriseSearch", "pkg/apis/enterprisesearch/v1/enterprisesearch_types.go", "enterprise-search",
        "pkg/controller/enterprisesearch/pod.go", _same("4Gi"),
    ),  # fmt: skip
    _eck("maps.k8s.elastic.co", "ElasticMapsServer", "pkg/apis/maps/v1alpha1/maps_types.go", "maps", "pkg/controller/maps/pod.go", _same("200Mi")),
    _eck(
        "packageregistry.k8s.elastic.co", "PackageRegistry", "pkg/apis/packageregistry/v1alpha1/epr_types.go", "package-registry",
        "pkg/controller/packageregistry/pod.go",
        OperatorDefaults(requests=(("memory", "1Gi"), ("cpu", "500m")), limits=(("memory", "4Gi"), ("cpu", "1000m"))),
    ),  # fmt: skip
    _eck(
        "logstash.k8s.elastic.co", "Logstash", "pkg/apis/logstash/v1alpha1/logstash_types.go", "logstash", "pkg/controller/logstash/pod.go",
        OperatorDefaults(requests=(("memory", "2Gi"), ("cpu", "1000m")), limits=(("memory", "2Gi"), ("cpu", "2000m"))),
    ),  # fmt: skip
    WorkloadKind(
        "beat.k8s.elastic.co", "Beat", _workload_specs(_BEAT_MAIN, "daemonSet", "deployment"),
        f"{_ECK} pkg/apis/beat/v1beta1/beat_types.go, pkg/controller/beat/common/reconcile.go",
    ),  # fmt: skip
    WorkloadKind(
        "agent.k8s.elastic.co", "Agent", _workload_specs(_AGENT_MAIN, "daemonSet", "deployment", "statefulSet"),
        f"{_ECK} pkg/apis/agent/v1alpha1/agent_types.go, pkg/controller/agent/reconcile.go",
    ),  # fmt: skip
    WorkloadKind(
        "autoops.k8s.elastic.co", "AutoOpsAgentPolicy",
        (PodPath("spec.podTemplate", count=("1",), empty_when_absent=True,
                 main=_eck_main("autoops-agent", "pkg/controller/autoops/expected.go", _same("400Mi", "200m"), inherit_init=False)),),
        f"{_ECK} pkg/apis/autoops/v1alpha1/autoopsagentpolicy_types.go, pkg/controller/autoops/expected.go (Replicas: 1)",
    ),  # fmt: skip
)

_KSERVE: Final = "kserve/kserve"
_RUNTIME_MERGE: Final = "KServe merges the ServingRuntime's container into it and may add containers"
_RUNTIME_RESOURCES: Final = "the resources it leaves out are its ServingRuntime's"
_FRAMEWORKS: Final = ("model", "sklearn", "xgboost", "tensorflow", "pytorch", "triton", "onnx", "huggingface", "pmml", "lightgbm", "paddle")


# An InferenceService in ModelMesh mode (its serving.kserve.io/deploymentMode annotation) gets no predictor pod: ModelMesh
# loads its model into the shared runtime pods; KServe's controller makes only a transformer, and an explainer beside one
# (pkg/controller/v1beta1/inferenceservice/controller.go Reconcile, at aaac4e294dae). The explainer is left out in that
# mode whether a transformer is written or not (a pod missed, never one made up).
_NOT_MODELMESH: Final = AnnotationIn("serving.kserve.io/deploymentMode", ("ModelMesh",), negate=True)


def _component(field: str, frameworks: tuple[str, ...]) -> PodPath:
    main = MainContainer(
        "kserve-container", f"{_KSERVE} pkg/controller/v1beta1/inferenceservice/components/{field}.go",
        spec=tuple(f"spec.{field}.{f}" for f in frameworks),
    )  # fmt: skip
    # A framework spec's container is its ServingRuntime's, the InferenceService's fields merged over it (strategic
    # merge: requests and limits key by key; utils.go MergeRuntimeContainers): what it leaves out is the runtime's to set.
    runtime = (tuple(f"/spec.{field}.{f}" for f in frameworks), _RUNTIME_RESOURCES) if frameworks else None
    return PodPath(
        f"spec.{field}", "podspec", count=(f"/spec.{field}.minReplicas=1",), main=(main,) if frameworks else (), as_written=_RUNTIME_MERGE,
        if_annotation=None if field == "transformer" else _NOT_MODELMESH, patched_by=runtime,
    )  # fmt: skip


_LLM_MERGE: Final = "KServe merges the LLMInferenceServiceConfig presets (baseRefs, well-known configs) into it"
_LLM_PRESET: Final = "a preset: KServe merges it into the LLMInferenceServices that name it, their values win"


def _llm_paths(preset: bool) -> tuple[PodPath, ...]:
    """An LLMInferenceService's pods; a Config's are presets merged into services (their values win)."""
    why = _LLM_PRESET if preset else _LLM_MERGE
    return (
        PodPath("spec.template", "podspec", count=("/spec.replicas=1",), as_written=why, preset=preset),
        PodPath("spec.worker", "podspec", as_written=why, preset=preset),
        PodPath("spec.prefill.template", "podspec", count=("/spec.prefill.replicas=1",), as_written=why, preset=preset),
        PodPath("spec.prefill.worker", "podspec", as_written=why, preset=preset),
        PodPath("spec.router.scheduler.template", "podspec", count=("/spec.router.scheduler.replicas=1",), as_written=why, preset=preset),
    )


_TEMPLATE_OF_ISVC: Final = "a runtime: KServe merges each InferenceService's model container into it"

KSERVE_KINDS: Final[tuple[WorkloadKind, ...]] = (
    *(
        WorkloadKind(
            "serving.kserve.io", kind,
            (PodPath("spec", "podspec", label="runtime", as_written=_TEMPLATE_OF_ISVC, preset=True),
             PodPath("spec.workerSpec", "podspec", as_written=_TEMPLATE_OF_ISVC, preset=True)),
            f"{_KSERVE} pkg/apis/serving/v1alpha1/servingruntime_types.go",
        )  # fmt: skip
        for kind in ("ServingRuntime", "ClusterServingRuntime")
    ),
    WorkloadKind(
        "serving.kserve.io", "InferenceService",
        (_component("predictor", _FRAMEWORKS), PodPath("spec.predictor.workerSpec", "podspec", as_written=_RUNTIME_MERGE, if_annotation=_NOT_MODELMESH),
         _component("transformer", ()), _component("explainer", ("art",))),
        f"{_KSERVE} pkg/apis/serving/v1beta1/predictor.go, transformer.go, explainer.go, component.go",
    ),  # fmt: skip
    *(
        WorkloadKind("serving.kserve.io", kind, _llm_paths(kind.endswith("Config")), f"{_KSERVE} pkg/apis/serving/v1alpha2/llm_inference_service_types.go")
        for kind in ("LLMInferenceService", "LLMInferenceServiceConfig")
    ),
)

_VLLM: Final = "vllm-project/production-stack"


def _vllm(kind: str, spec: str, name: str, code: str, count: str) -> WorkloadKind:
    main = MainContainer(name, f"{_VLLM} operator/internal/controller/{code}", shorthand=Shorthand(f"{spec}.resources", "equal"))
    return WorkloadKind(
        "production-stack.vllm.ai", kind, (PodPath(spec, "operator", count=(count,), main=(main,)),),
        f"{_VLLM} operator/api/v1alpha1/{kind.lower()}_types.go",
    )  # fmt: skip


_VLLM_SIDECAR: Final = MainContainer(
    "sidecar", f"{_VLLM} operator/internal/controller/vllmruntime_controller.go buildSidecarContainer", name_field="spec.deploymentConfig.sidecarConfig.name",
    shorthand=Shorthand("spec.deploymentConfig.sidecarConfig.resources", "equal", defaults=(("cpu", "500m"), ("memory", "128Mi"))),
    enabled="spec.deploymentConfig.sidecarConfig.enabled",
)  # fmt: skip

VLLM_KINDS: Final[tuple[WorkloadKind, ...]] = (
    WorkloadKind(
        "production-stack.vllm.ai", "VLLMRuntime",
        (PodPath("spec.deploymentConfig", "operator", count=("/spec.deploymentConfig.replicas=1",), main=(
            MainContainer("vllm", f"{_VLLM} operator/internal/controller/vllmruntime_controller.go",
                          shorthand=Shorthand("spec.deploymentConfig.resources", "equal")),
            _VLLM_SIDECAR,
        )),),
        f"{_VLLM} operator/api/v1alpha1/vllmruntime_types.go",
    ),  # fmt: skip
    _vllm("VLLMRouter", "spec", "router", "vllmrouter_controller.go", "/spec.replicas=1"),
    _vllm("CacheServer", "spec", "cache-server", "cacheserver_controller.go", "/spec.replicas=1"),
)

_FLINK: Final = "apache/flink-kubernetes-operator"
_FLINK_MAIN: Final = MainContainer(
    "flink-main-container",
    "apache/flink flink-kubernetes InitJobManagerDecorator/InitTaskManagerDecorator decorateMainContainer, KubernetesUtils.getResourceRequirements",
    sets=("cpu", "memory"),
)
_FLINK_MERGE: Final = (
    "Flink merges podTemplate with jobManager.podTemplate and taskManager.podTemplate into the JobManager and TaskManager pods, "
    "and sets flink-main-container's cpu and memory from the resources it is given"
)


def _flink_paths(spec: str) -> tuple[PodPath, ...]:
    """A FlinkDeploymentSpec's templates: the JobManager's ``replicas`` (default 1); Flink decides the TaskManagers' number."""
    return (
        PodPath(f"{spec}.podTemplate", main=(_FLINK_MAIN,), as_written=_FLINK_MERGE),
        PodPath(f"{spec}.jobManager.podTemplate", count=(f"/{spec}.jobManager.replicas=1",), main=(_FLINK_MAIN,), as_written=_FLINK_MERGE),
        PodPath(f"{spec}.taskManager.podTemplate", main=(_FLINK_MAIN,), as_written=_FLINK_MERGE),
    )


FLINK_KINDS: Final[tuple[WorkloadKind, ...]] = (
    WorkloadKind("flink.apache.org", "FlinkDeployment", _flink_paths("spec"), f"{_FLINK} flink-kubernetes-operator-api spec/FlinkDeploymentSpec.java"),
    WorkloadKind(
        "flink.apache.org", "FlinkBlueGreenDeployment", _flink_paths("spec.template.spec"),
        f"{_FLINK} flink-kubernetes-operator-api spec/FlinkBlueGreenDeploymentSpec.java, FlinkDeploymentTemplateSpec.java",
    ),  # fmt: skip
)

OPERATOR_KINDS: Final = (*ECK_KINDS, *KSERVE_KINDS, *VLLM_KINDS, *FLINK_KINDS, *STRIMZI_KINDS, KVCACHE, POSTGRESQL, *GATEWAY_KINDS, *STORE_KINDS, *LLMAZ_KINDS, *MONITORING_KINDS, *RBG_KINDS, *DYNAMO_KINDS, *CNPG_KINDS, *RABBITMQ_KINDS, *OTEL_KINDS, *VICTORIAMETRICS_KINDS, *NIM_KINDS, *CROSSPLANE_KINDS, *GRAFANA_KINDS, *DRAGONFLY_KINDS, *TIDB_KINDS, *TIDBCLUSTER_KINDS, *KUBEVIRT_KINDS, *K8SSANDRA_KINDS, *MONGODB_KINDS, *REDIS_KINDS, *SOLR_KINDS, *PXC_KINDS, *FLUX_KINDS, *SLURM_KINDS, *OPENSEARCH_KINDS, *CONFLUENT_KINDS, *CRUNCHY_KINDS, *GATEKEEPER_KINDS, *OPENSHIFT_KINDS, *K6_KINDS, *ARGO_EVENTS_KINDS, *INTEL_KINDS, *KAI_KINDS, *SRIOV_KINDS, *OME_KINDS, *KUBEWARDEN_KINDS, *TEKTON_KINDS, *ROOK_KINDS, *CLICKHOUSE_KINDS, *SELDON_KINDS, *DASK_KINDS, *NICCLUSTERPOLICY_KINDS, *JAEGER_KINDS, *NUMARESOURCES_KINDS, *SCYLLA_KINDS, *COCKROACH_KINDS, *REDISFAILOVER_KINDS, *FLUENT_KINDS, *FREE5GC_KINDS, *YATAI_KINDS, *FLUID_KINDS, *KRUISE_KINDS, *KUBEDL_KINDS, *EMQX_KINDS, *KUBEBLOCKS_KINDS, *SPO_KINDS, *LOKI_KINDS, *VITESS_KINDS, *PIRAEUS_KINDS, *APP_TEMPLATE_KINDS, *VOLSYNC_KINDS, *LLMKUBE_KINDS, *STARROCKS_KINDS, *DORIS_KINDS, *KOPERATOR_KINDS, *FOUNDATIONDB_KINDS, *ZOOKEEPER_KINDS, *ARC_KINDS, *JENKINS_KINDS, *UPGRADE_KINDS, *HELMCHART_KINDS, *KIALI_KINDS, *OLLAMA_KINDS, *COMPUTEDOMAIN_KINDS, *PERCONA_PG_KINDS, *MYSQL_KINDS, *CLICKHOUSE_COM_KINDS, *KUBEVELA_KINDS, *CAMELK_KINDS, *OLM_KINDS, *CDI_KINDS, *PTP_KINDS, *TEMPO_KINDS, *CERT_MANAGER_KINDS, *ARGOCD_KINDS, *SKAFFOLD_KINDS, *TORCHELASTIC_KINDS, *LOGGING_KINDS, *LOGGING_EXTENSION_KINDS, *GRAFANA_AGENT_KINDS, *TELEMETRY_KINDS, *K8UP_KINDS, *SEAWEED_KINDS, *KANISTER_KINDS, *MATTERMOST_KINDS, *TESTKUBE_KINDS, *REDPANDA_KINDS, *PS_MYSQL_KINDS, *NRI_PLUGINS_KINDS, *MILVUS_KINDS, *SEMANTIC_ROUTER_KINDS, *OPENFAAS_KINDS, *FISSION_KINDS, *OPENFEATURE_KINDS, *METRICSET_KINDS, *ORACLE_KINDS, *ROCKETMQ_KINDS, *YUGABYTE_KINDS, *ARANGO_KINDS, *APPLICATION_KINDS, *DATADOG_KINDS, *TIGERA_KINDS, *CONFIG_SYNC_KINDS, *FEAST_KINDS, *KRO_KINDS, *DEPLOYMENTCONFIG_KINDS, *KARMADA_KINDS, *TRINO_KINDS, *SPARK_KINDS, *POWER_MANAGER_KINDS, *KUBEOVN_KINDS, *CHE_KINDS, *DEVWORKSPACE_KINDS, *NATS_KINDS, *ARTEMIS_KINDS, *HAZELCAST_KINDS, *RISINGWAVE_KINDS, *OCS_KINDS, *K8SGPT_KINDS, *ALLOY_KINDS, *YATAI_IMAGE_BUILDER_KINDS, *MODEL_REGISTRY_KINDS, *OPENDATAHUB_KINDS, *KMM_KINDS, *NFD_OPENSHIFT_KINDS, *AMD_GPU_KINDS, *INFINISPAN_KINDS, *OCEANBASE_KINDS, *GREPTIME_KINDS, *OPENVINO_KINDS, *JUICEFS_KINDS, *HDFS_KINDS, *KAFKA_KINDS, *ZOOKEEPER_STACKABLE_KINDS, *KFSERVING_KINDS, *COREWEAVE_KINDS, *HPP_KINDS, *MERIDIO_KINDS, *PATHWAYS_KINDS, *PMEMCSI_KINDS, *DRUID_KINDS)
