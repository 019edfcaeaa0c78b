"""Where each workload kind keeps its pods: the table, and its path language.

A kind is matched by API group and kind, whatever the version
(``batch/v1 Job`` carries a pod template; ``batch.volcano.sh/v1alpha1 Job``
carries one per task, somewhere else). Each ``PodPath`` names where pods sit
in the object, with ``[*]`` for every item of a list, ``[0]`` for one item
and ``{*}`` for every value of a map:

- ``holds="template"``: a PodTemplateSpec (``metadata`` + ``spec``);
- ``holds="pod"``: an object whose ``spec`` is a PodSpec (a Pod, a Knative
  Revision);
- ``holds="containers"``: containers written directly in the object (Argo
  Workflow templates), each a path relative to the matched value.

``name`` is the field of the innermost ``[*]``/``{*}`` element that names the
template (``{key}`` for a map key); ``count`` multiplies fields into the
number of pods the template stands for: ``field=default`` relative to that
element, ``^field=default`` relative to the list item that holds it (an rbg
role's replicas for each of its components), ``field=1/2`` for a default
of 2 inside an optional object written without the field, 1 without the
object (Dynamo's ``multinode.nodeCount``), ``/field=default`` from the
object's root, a number for a fixed count (``=?``: unknown
where the field is unset, another object decides it; ``=?1+``: likewise,
and a written value under 1 counts 1, the Fluent operator's Fluentd
``replicas``), ``a|b=default`` the
first of those fields that is written (not null; redis-operator's leaders:
``redisLeader.replicas``, else ``clusterSize``), ``!field`` (or
``!/field``) 0 where that boolean field is true and 1 elsewhere (a stopped
CassandraDatacenter); ``shares_with`` names a
template (from the root) that, when set, takes the first factor's pods away
from this one (a LeaderWorkerSet group's leader); ``bounds`` clamps the first
factor between two fields (a Ray worker group's minReplicas and maxReplicas).
A path may name a template instead of holding it (``template_ref``: an rbg
role's ``templateRef``), and the pod is that template's, reached through the
role. Where the operator decides how many pods it makes by code
no count word says, ``tally`` is that code, its number multiplied by the
``count`` factors (the Vitess operator's vtorc: one a shard and a cell of
its replica pools). Built-in kinds follow the
Kubernetes API (k8s.io/api apps/v1, batch/v1, core/v1 types.go, Kubernetes
v1.36); the custom kinds follow each project's Go types, cited per entry and
read at: argoproj/argo-rollouts 9f8d111d8f8e, argoproj/argo-workflows
f016ad89eb26, knative/serving 98e5ef90aa70, knative/eventing 8cf4c4b67303,
kubeflow/kubeflow v1.10.0,
kubeflow/mpi-operator caa3c47fc42e, kubeflow/spark-operator 38082f3318e9,
kubeflow/trainer 8c0f5059bd51, kubeflow/training-operator v1.8.1 (JAXJob:
ee1162919408, the last commit with the v1 API), kubernetes-sigs/jobset
08dfbdfd6827, kedacore/keda 8b4f083ca8c8, volcano-sh/kthena 3cc057284c34,
kubernetes-sigs/lws 060ab4da17ee, ray-project/kuberay
feeaf72facab, volcano-sh/apis 536f121f5365. Users add kinds in the lint
config (``workload-kinds``) and with ``--workload-kind``, in the same words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pod_resources_cli.records import dataclass, replace
from functools import lru_cache
from typing import Any, Final, cast

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import HOLDS, FieldIn, Holds, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind
from pod_resources_cli.model.decode.kinds_index import OPERATOR_MODULES, operator_module
from pod_resources_cli.model.decode.kinds_kjob import kjob_kinds

__all__ = [
    "DECLARED", "HOLDS", "WORKLOAD_KINDS", "Holds", "MainContainer", "Match", "PodPath", "WorkloadKind", "declared_kind", "expected_shape", "field_value",
    "find_kind", "group_of", "parse_path", "walk",
]  # fmt: skip


_REPLICAS: Final = ("/spec.replicas=1",)
_TEMPLATE: Final = "spec.template"
# Kubeflow Trainer builds a TrainJob's JobSet from the runtime it names and sets the TrainJob's
# trainer.resourcesPerNode, image, command, args and env on the runtime's `node` container (and
# `launcher`, run as a node): kubeflow/trainer pkg/runtime/framework/plugins/jobset/builder.go
# (Builder.Trainer, Builder.Initializer) at 085950848078.
# The replicated job a TrainJob's trainer.resourcesPerNode is set on: the trainer's (its ancestor label), or an MPI
# launcher run as a node (kubeflow/trainer 8c0f5059bd51 pkg/runtime/core/trainingruntime.go; constants.go). A TrainJob
# cannot give the others (dataset-initializer, model-initializer) resources: their pods are as the runtime writes them.
_TRAINER_NODE: Final = ((("template", "metadata", "labels", "trainer.kubeflow.org/trainjob-ancestor-step"), "trainer"), (("name",), "node"))
_TRAINER_RUNTIME: Final = "a runtime: Kubeflow Trainer builds each TrainJob's pods from it, the TrainJob's resourcesPerNode on its node container"
_TRAINJOB: Final = "Kubeflow Trainer builds its pods from the runtime spec.runtimeRef names: that runtime's containers, and the node container's other resources"
_ARGO_CONTAINERS: Final = ("container", "script", "containerSet.containers[*]", "sidecars[*]")


# Argo builds each template's pod with its own `init` container and `wait` (or `supervisor`) sidecar,
# whose resources are the executor's of the workflow controller's configuration, none by default
# (workflow/controller/workflowpod.go newExecContainer: `Resources: woc.controller.Config.GetExecutor().Resources`;
# config/config.go GetExecutor, at argoproj/argo-workflows@f016ad89eb26): the pod's QoS class is the cluster's choice.
_ARGO_EXECUTOR: Final = "Argo adds its init and wait containers, with the executor resources of the workflow controller's configuration"


# The training operator adds its init-pytorch init container to each worker's pod when the job has a Master,
# with requests of 50m and 10Mi and limits of 100m and 20Mi unless its configuration names another template
# (kubeflow/training-operator pkg/controller.v1/pytorch/initcontainer.go at 5fa872ff10ed): the pod is not what
# the template alone makes it (its worker is Burstable even when no container of the template sets resources).
# The MPIJob controllers of kubeflow.org/v1alpha2 and v1 append to the launcher pod's init containers
# ``kubectl-delivery``, which copies kubectl for the launcher's kubexec.sh, with requests and limits of 100m cpu,
# 512Mi memory and 5Gi ephemeral storage (``initContainerCpu``, ``initContainerMem``, ``initContainerEphStorage``),
# whatever the template says: kubeflow/mpi-operator newLauncher in pkg/controllers/v1alpha2/mpi_job_controller.go at
# 8943cf734da7 (the last commit before a334c4c removed v1alpha2) and pkg/controllers/v1/mpi_job_controller.go at
# b0815ad90cae (before c131315 removed v1), and kubeflow/training-operator's own v1 MPIJob controller
# (pkg/controller.v1/mpi/mpijob_controller.go newLauncher at 045e0dbaf7ee, mpijob.go). A launcher whose containers
# set nothing is Burstable, not BestEffort. v2beta1 launchers (pkg/controller/mpi_job_controller.go
# newLauncherPodTemplate at caa3c47fc42e) reach the workers over SSH and get no such container.
_MPI_DELIVERY: Final = (("cpu", "100m"), ("memory", "512Mi"), ("ephemeral-storage", "5Gi"))
_KUBECTL_DELIVERY: Final = MainContainer(
    "kubectl-delivery",
    "kubeflow/mpi-operator pkg/controllers/v1alpha2/mpi_job_controller.go newLauncher (8943cf734da7), "
    "kubeflow/training-operator pkg/controller.v1/mpi/mpijob_controller.go newLauncher (045e0dbaf7ee)",
    init=True, defaults=(OperatorDefaults(requests=_MPI_DELIVERY, limits=_MPI_DELIVERY),),
    if_fields=(FieldIn("/apiVersion", ("kubeflow.org/v1", "kubeflow.org/v1alpha2")),),
)  # fmt: skip
_PYTORCH_INIT: Final = "the training operator adds its init-pytorch init container (cpu 50m/100m, memory 10Mi/20Mi by default) when the job has a Master"


# Knative adds its queue-proxy container to every revision pod, with the resources of the cluster's
# config-deployment (a cpu request of 25m by default) or the revision's queue.sidecar annotations
# (pkg/reconciler/revision/resources/queue.go makeQueueContainer; pkg/deployment/config.go
# QueueSidecarCPURequestDefault, at knative/serving@007ed5643732): a revision is never the BestEffort
# pod its template alone makes, and its requests are the cluster's choice.
_KNATIVE_NAMES: Final = ("user-container", "init-container")  # config-defaults' container-name templates, as shipped
_KNATIVE_QUEUE: Final = "Knative adds its queue-proxy container, with the resources of the cluster's config-deployment (a cpu request of 25m by default)"


# workflowpod.go processPodSpecPatch (@f016ad89eb26): the workflow's podSpecPatch, then the template's, is merged into the pod
# (strategic merge, after the containers are made), and KFP's driver sets each step's resources through it.
_ARGO_PATCH: Final = "Argo merges podSpecPatch into the pod, which can set any container's resources"


_SPARK_CLUSTER: Final = "apache/spark-kubernetes-operator SparkClusterResourceSpec.java"
_SPARK_CONNECT: Final = "kubeflow/spark-operator internal/controller/sparkconnect/reconciler.go"
_SPARK_EXECUTORS: Final = "Spark makes the executor pods from this template, with the executor's cores and memory as their cpu and memory"


def _argo(path: str) -> PodPath:
    """A template's own podResources, else the workflow's (its default); its
    resourceClaims when it lists any, else the workflow's (workflowpod.go
    createWorkflowPod at argoproj/argo-workflows@f016ad89eb26: ``if
    len(tmpl.ResourceClaims) > 0 ... else if len(wfSpec.ResourceClaims) > 0``).
    As written: the controller adds its own containers (_ARGO_EXECUTOR)."""
    spec = path.removesuffix(".templates[*]")
    return PodPath(
        path, "containers", name="name", containers=_ARGO_CONTAINERS, init_containers=("initContainers[*]",),
        pod_resources=("podResources", f"/{spec}.podResources"), resource_claims=("resourceClaims", f"/{spec}.resourceClaims"),
        as_written=_ARGO_EXECUTOR, patched_by=(("podSpecPatch", f"/{spec}.podSpecPatch"), _ARGO_PATCH),
    )  # fmt: skip


_KUBERAY: Final = "ray-project/kuberay@feeaf72facab ray-operator/controllers/ray"
# KubeRay appends the init container wait-gcs-ready to every worker pod (common/pod.go
# DefaultWorkerPodTemplate), asking 200m and 256Mi, requests and limits alike, unless the
# operator runs with ENABLE_INIT_CONTAINER_INJECTION=false (its own setting, not the object's).
_WAIT_GCS: Final = MainContainer(
    "wait-gcs-ready", f"{_KUBERAY}/common/pod.go DefaultWorkerPodTemplate", init=True,
    defaults=(OperatorDefaults(requests=(("cpu", "200m"), ("memory", "256Mi")), limits=(("cpu", "200m"), ("memory", "256Mi"))),),
)  # fmt: skip
# The submitter container (common/job.go GetDefaultSubmitterContainer): 500m and 200Mi, limits of 1 and 1Gi.
_SUBMITTER: Final = OperatorDefaults(requests=(("cpu", "500m"), ("memory", "200Mi")), limits=(("cpu", "1"), ("memory", "1Gi")))


def _ray(prefix: str, job: str | None = None) -> tuple[PodPath, ...]:
    """GetWorkerGroupDesiredReplicas (ray-operator/controllers/ray/utils/util.go):
    replicas clamped to [minReplicas, maxReplicas], times numOfHosts; the
    head's autoscaler sidecar when in-tree autoscaling is on (_ray_autoscaler),
    and each worker's wait-gcs-ready init container. ``job``: a RayJob spec's
    path, whose submitter runs in the head pod (SidecarMode) or as a Job of
    its own (K8sJobMode, the default: the submitterPodTemplate as written,
    else GetSubmitterTemplate's default container)."""
    head: tuple[MainContainer, ...] = (_ray_autoscaler(prefix),)
    paths: tuple[PodPath, ...] = ()
    if job is not None:
        mode = f"/{job}submissionMode"
        head += (MainContainer(
            "ray-job-submitter", f"{_KUBERAY}/rayjob_controller.go getSubmitterContainer (SidecarMode), common/job.go",
            defaults=(_SUBMITTER,), if_fields=(FieldIn(mode, ("SidecarMode",), "K8sJobMode"),),
        ),)  # fmt: skip
        paths = (PodPath(
            f"{job}submitterPodTemplate", count=("1",), empty_when_absent=True, if_field=FieldIn(mode.lstrip("/"), ("K8sJobMode",), "K8sJobMode"),
            main=(MainContainer(
                "ray-job-submitter", f"{_KUBERAY}/common/job.go GetSubmitterTemplate, GetDefaultSubmitterContainer",
                defaults=(_SUBMITTER,), absent=f"/{job}submitterPodTemplate",
            ),),
        ),)  # fmt: skip
    return (
        PodPath(f"{prefix}headGroupSpec.template", count=("1",), main=head),
        PodPath(
            f"{prefix}workerGroupSpecs[*].template", name="groupName", count=("replicas=0", "numOfHosts=1"),
            bounds=("minReplicas=0", f"maxReplicas={2**31 - 1}"), main=(_WAIT_GCS,),
        ),  # fmt: skip
        *paths,
    )


def _ray_autoscaler(prefix: str) -> MainContainer:
    """KubeRay adds the ``autoscaler`` container to the head pod when
    ``enableInTreeAutoscaling`` is true, with requests and limits of 500m and
    512Mi, replaced whole by ``autoscalerOptions.resources`` when that is set
    (ray-operator/controllers/ray/common/pod.go DefaultHeadPodTemplate,
    BuildAutoscalerContainer, mergeAutoscalerOverrides; utils.IsAutoscalingEnabled)."""
    both = (("cpu", "500m"), ("memory", "512Mi"))
    return MainContainer(
        "autoscaler", "ray-project/kuberay@feeaf72facab ray-operator/controllers/ray/common/pod.go BuildAutoscalerContainer",
        shorthand=Shorthand(f"/{prefix}autoscalerOptions.resources", "requirements"),
        defaults=(OperatorDefaults(requests=both, limits=both),), enabled=f"/{prefix}enableInTreeAutoscaling",
    )  # fmt: skip


def _kubeflow(field: str) -> tuple[PodPath, ...]:
    return (PodPath(f"spec.{field}{{*}}.template", name="{key}", count=("replicas=1",)),)


_POD_TEMPLATE_USED: Final = (
    "a PodTemplate makes no pod by itself: the program that reads it builds the pods and may add containers and resources"
)

_JOBSET_JOBS: Final = PodPath(
    "replicatedJobs[*].template.spec.template", name="name", count=("replicas=1", "template.spec.parallelism=1")
)

WORKLOAD_KINDS: Final[tuple[WorkloadKind, ...]] = (
    # Kubernetes (k8s.io/api core/v1, apps/v1, batch/v1).
    WorkloadKind("", "Pod", (PodPath("", "pod"),), "k8s.io/api/core/v1/types.go", "v1"),
    # No Kubernetes controller makes pods from a PodTemplate: a program that reads it does (buildkite/agent-stack-k8s
    # @a5d56d1dacaf internal/controller/scheduler adds its agent and checkout containers), so its pod is as written.
    WorkloadKind("", "PodTemplate", (PodPath("template", as_written=_POD_TEMPLATE_USED),), "k8s.io/api/core/v1/types.go", "v1"),
    WorkloadKind("", "ReplicationController", (PodPath(_TEMPLATE, count=_REPLICAS),), "k8s.io/api/core/v1/types.go", "v1"),
    *(
        WorkloadKind(group, kind, (PodPath(_TEMPLATE, count=_REPLICAS),), "k8s.io/api/apps/v1/types.go", "apps/v1")
        for group in ("apps", "extensions")
        for kind in ("Deployment", "ReplicaSet")
    ),
    WorkloadKind("apps", "StatefulSet", (PodPath(_TEMPLATE, count=_REPLICAS),), "k8s.io/api/apps/v1/types.go", "apps/v1"),
    *(WorkloadKind(g, "DaemonSet", (PodPath(_TEMPLATE),), "k8s.io/api/apps/v1/types.go", "apps/v1") for g in ("apps", "extensions")),
    WorkloadKind("batch", "Job", (PodPath(_TEMPLATE, count=("/spec.parallelism=1",)),), "k8s.io/api/batch/v1/types.go", "batch/v1"),
    WorkloadKind("batch", "CronJob", (PodPath("spec.jobTemplate.spec.template"),), "k8s.io/api/batch/v1/types.go", "batch/v1"),
    # KubeRay (ray-project/kuberay ray-operator/apis/ray/v1: raycluster_types.go, rayjob_types.go, rayservice_types.go).
    WorkloadKind("ray.io", "RayCluster", _ray("spec."), "ray-project/kuberay ray-operator/apis/ray/v1/raycluster_types.go"),
    WorkloadKind(
        "ray.io",
        "RayJob",
        _ray("spec.rayClusterSpec.", job="spec."),
        "ray-project/kuberay ray-operator/apis/ray/v1/rayjob_types.go",
    ),
    WorkloadKind("ray.io", "RayService", _ray("spec.rayClusterConfig."), "ray-project/kuberay ray-operator/apis/ray/v1/rayservice_types.go"),
    WorkloadKind(
        "ray.io",
        "RayCronJob",
        _ray("spec.jobTemplate.rayClusterSpec.", job="spec.jobTemplate."),
        "ray-project/kuberay ray-operator/apis/ray/v1/raycronjob_types.go",
    ),
    # kjob's JobTemplate, RayJobTemplate and RayClusterTemplate (kubernetes-sigs/kjob apis/v1alpha1): the Job, RayJob and
    # RayCluster its kubectl plugin creates from them, as written (kinds_kjob.py).
    *kjob_kinds(_ray),
    # JobSet (kubernetes-sigs/jobset api/jobset/v1alpha2/jobset_types.go): replicas x parallelism pods per job.
    WorkloadKind("jobset.x-k8s.io", "JobSet", (PodPath(f"spec.{_JOBSET_JOBS.path}", name="name", count=_JOBSET_JOBS.count),),
                 "kubernetes-sigs/jobset api/jobset/v1alpha2/jobset_types.go"),  # fmt: skip
    # LeaderWorkerSet (kubernetes-sigs/lws api/leaderworkerset/v1/leaderworkerset_types.go): a group is one
    # leader (leaderTemplate, or workerTemplate when absent) and size-1 workers; spec.replicas groups.
    WorkloadKind(
        "leaderworkerset.x-k8s.io",
        "LeaderWorkerSet",
        (
            PodPath("spec.leaderWorkerTemplate.leaderTemplate", count=_REPLICAS),
            PodPath(
                "spec.leaderWorkerTemplate.workerTemplate",
                count=(*_REPLICAS, "/spec.leaderWorkerTemplate.size=1"),
                shares_with="spec.leaderWorkerTemplate.leaderTemplate",
            ),
        ),
        "kubernetes-sigs/lws api/leaderworkerset/v1/leaderworkerset_types.go",
    ),
    # Kubeflow training-operator (kubeflow/training-operator pkg/apis/kubeflow.org/v1, MPIJob v2beta1).
    WorkloadKind("kubeflow.org", "PyTorchJob", tuple(
        PodPath(f"spec.pytorchReplicaSpecs.{role}.template", count=(f"/spec.pytorchReplicaSpecs.{role}.replicas=1",),
                label=f"pytorchReplicaSpecs[{role}]", as_written=_PYTORCH_INIT if role == "Worker" else None,
                as_written_with="spec.pytorchReplicaSpecs.Master")
        for role in ("Master", "Worker")
    ), "kubeflow/training-operator pkg/apis/kubeflow.org/v1/pytorch_types.go"),  # fmt: skip
    WorkloadKind("kubeflow.org", "TFJob", _kubeflow("tfReplicaSpecs"), "kubeflow/training-operator pkg/apis/kubeflow.org/v1/tensorflow_types.go"),
    # MPIJob (v1 and v2beta1, kubeflow/mpi-operator pkg/apis/kubeflow/v2beta1/default.go): Launcher 1, Worker 0 by default.
    # The v1alpha2 and v1 controllers add to the launcher the init container kubectl-delivery (_KUBECTL_DELIVERY).
    WorkloadKind(
        "kubeflow.org",
        "MPIJob",
        tuple(
            PodPath(
                f"spec.mpiReplicaSpecs.{role}.template", count=(f"/spec.mpiReplicaSpecs.{role}.replicas={default}",),
                label=f"mpiReplicaSpecs[{role}]", main=main,
            )  # fmt: skip
            for role, default, main in (("Launcher", 1, (_KUBECTL_DELIVERY,)), ("Worker", 0, ()))
        ),
        "kubeflow/mpi-operator pkg/apis/kubeflow/v2beta1/types.go",
    ),
    WorkloadKind("kubeflow.org", "XGBoostJob", _kubeflow("xgbReplicaSpecs"), "kubeflow/training-operator pkg/apis/kubeflow.org/v1/xgboost_types.go"),
    WorkloadKind("kubeflow.org", "PaddleJob", _kubeflow("paddleReplicaSpecs"), "kubeflow/training-operator pkg/apis/kubeflow.org/v1/paddlepaddle_types.go"),
    WorkloadKind("kubeflow.org", "JAXJob", _kubeflow("jaxReplicaSpecs"), "kubeflow/training-operator pkg/apis/kubeflow.org/v1/jax_types.go"),
    WorkloadKind("kubeflow.org", "MXJob", _kubeflow("mxReplicaSpecs"), "kubeflow/training-operator pkg/apis/kubeflow.org/v1/mxnet_types.go"),
    WorkloadKind("kubeflow.org", "Notebook", (PodPath(_TEMPLATE, count=("1",)),), "kubeflow/kubeflow components/notebook-controller/api/v1/notebook_types.go"),
    # A PVCViewer's spec.podSpec is its Deployment's pod spec as written (kubeflow/notebooks 177b09865626
    # components/pvcviewer-controller/controllers/pvcviewer_controller.go); an empty one is filled in by the webhook
    # from the cluster's defaults file or a filebrowser container (api/v1alpha1/pvcviewer_webhook.go Default): not modelled.
    WorkloadKind("kubeflow.org", "PVCViewer", (PodPath("spec.podSpec", "podspec", count=("1",)),),
                 "kubeflow/notebooks components/pvcviewer-controller/api/v1alpha1/pvcviewer_types.go"),
    # Kubeflow Trainer v2 (kubeflow/trainer pkg/apis/trainer/v1alpha1/trainingruntime_types.go): a JobSet template
    # each TrainJob that names it is built from; the TrainJob's own values win (_TRAINER_RUNTIME).
    *(
        WorkloadKind("trainer.kubeflow.org", kind, (PodPath(f"spec.template.spec.{_JOBSET_JOBS.path}", name="name", count=_JOBSET_JOBS.count,
                                                            as_written=_TRAINER_RUNTIME, preset=True, as_written_if=_TRAINER_NODE),),
                     "kubeflow/trainer pkg/apis/trainer/v1alpha1/trainingruntime_types.go")  # fmt: skip
        for kind in ("TrainingRuntime", "ClusterTrainingRuntime")
    ),
    # A TrainJob's own pods: its trainer's node container takes resourcesPerNode over the runtime's (trainingruntime.go
    # MergeResourceRequirements), the runtime's numNodes unless it sets its own; the rest of the pod is the runtime's.
    WorkloadKind("trainer.kubeflow.org", "TrainJob", (PodPath("spec.trainer", "operator", count=("spec.trainer.numNodes=?",), main=(
        MainContainer("node", "kubeflow/trainer pkg/runtime/core/trainingruntime.go", shorthand=Shorthand("spec.trainer.resourcesPerNode", "requirements")),
    ), as_written=_TRAINJOB, preset=True),), "kubeflow/trainer pkg/apis/trainer/v1alpha1/trainjob_types.go"),  # fmt: skip
    # Argo Workflows (argoproj/argo-workflows pkg/apis/workflow/v1alpha1/workflow_types.go): one pod per template.
    *(
        WorkloadKind("argoproj.io", kind, (_argo("spec.templates[*]"),), "argoproj/argo-workflows pkg/apis/workflow/v1alpha1/workflow_types.go")
        for kind in ("Workflow", "WorkflowTemplate", "ClusterWorkflowTemplate")
    ),
    WorkloadKind("argoproj.io", "CronWorkflow", (_argo("spec.workflowSpec.templates[*]"),),
                 "argoproj/argo-workflows pkg/apis/workflow/v1alpha1/cron_workflow_types.go"),  # fmt: skip
    # Argo Rollouts (argoproj/argo-rollouts pkg/apis/rollouts/v1alpha1/types.go).
    WorkloadKind("argoproj.io", "Rollout", (PodPath(_TEMPLATE, count=_REPLICAS),), "argoproj/argo-rollouts pkg/apis/rollouts/v1alpha1/types.go"),
    WorkloadKind("argoproj.io", "Experiment", (PodPath("spec.templates[*].template", name="name", count=("replicas=1",)),),
                 "argoproj/argo-rollouts pkg/apis/rollouts/v1alpha1/experiment_types.go"),  # fmt: skip
    # A job metric's Job is made as written (metricproviders/job/job.go newMetricJob: Spec is the metric's JobSpec), one
    # at a time for each measurement (analysis_types.go JobMetric): parallelism x 1 pods.
    *(
        WorkloadKind("argoproj.io", kind, (PodPath("spec.metrics[*].provider.job.spec.template", name="name", count=("provider.job.spec.parallelism=1",)),),
                     "argoproj/argo-rollouts pkg/apis/rollouts/v1alpha1/analysis_types.go")
        for kind in ("AnalysisTemplate", "ClusterAnalysisTemplate", "AnalysisRun")
    ),
    # Chaos Mesh (chaos-mesh/chaos-mesh 608b61e7c1b1): a Workflow's Task template runs one pod of `task.container`
    # as written (pkg/workflow/task/pod.go SpawnPodForTask: its "1000m" limits go to a Quantity the nil map never
    # holds, so none is set); its chaos experiments make no pods.
    WorkloadKind("chaos-mesh.org", "Workflow", (PodPath("spec.templates[*].task", "containers", name="name", count=("1",), containers=("container",)),),
                 "chaos-mesh/chaos-mesh api/v1alpha1/workflow_types.go"),  # fmt: skip
    # Knative Serving (knative/serving pkg/apis/serving/v1): the revision template; the autoscaler decides the count.
    *(
        WorkloadKind("serving.knative.dev", kind, (PodPath(_TEMPLATE, as_written=_KNATIVE_QUEUE, default_names=_KNATIVE_NAMES),),
                     "knative/serving pkg/apis/serving/v1/service_types.go")  # fmt: skip
        for kind in ("Service", "Configuration")
    ),
    WorkloadKind("serving.knative.dev", "Revision", (PodPath("", "pod", as_written=_KNATIVE_QUEUE, default_names=_KNATIVE_NAMES),),
                 "knative/serving pkg/apis/serving/v1/revision_types.go"),  # fmt: skip
    # Knative Eventing (knative/eventing 8cf4c4b67303): a ContainerSource's Deployment takes spec.template whole, only
    # labels added (pkg/reconciler/containersource/resources/deployment.go MakeDeployment; no replicas: 1), a container
    # written without a name called `<source>-<index>` (pkg/apis/sources/v1/container_defaults.go); a JobSink makes one
    # Job a received event from spec.job, adding only a volume, its mount and environment variables
    # (cmd/jobsink/main.go; pkg/apis/sinks/v1alpha1/job_sink_defaults.go).
    WorkloadKind("sources.knative.dev", "ContainerSource",
                 (PodPath(_TEMPLATE, count=("1",), default_names=("{name}-{i}", "")),),
                 "knative/eventing pkg/apis/sources/v1/container_types.go"),  # fmt: skip
    WorkloadKind("sinks.knative.dev", "JobSink", (PodPath("spec.job.spec.template"),),  # one Job an event: not counted
                 "knative/eventing pkg/apis/sinks/v1alpha1/job_sink_types.go"),  # fmt: skip
    # Volcano (volcano-sh/apis pkg/apis/batch/v1alpha1/job.go): one template per task.
    # kthena (volcano-sh/kthena pkg/apis/workload/v1alpha1/servinggroup_types.go): each serving group (spec.replicas) runs
    # each role replicas times, one entry pod and workerReplicas workers, their specs as written (pkg/model-serving-
    # controller/utils/utils.go GenerateEntryPod, GenerateWorkerPod set only the scheduler and environment, at 3cc057284c34)
    WorkloadKind("workload.serving.volcano.sh", "ModelServing", (
        PodPath("spec.template.roles[*].entryTemplate", name="name", count=("/spec.replicas=1", "replicas=1"), label="entry"),
        PodPath("spec.template.roles[*].workerTemplate", name="name", count=("/spec.replicas=1", "replicas=1", "workerReplicas=0"), label="worker"),
    ), "volcano-sh/kthena pkg/apis/workload/v1alpha1/model_serving_types.go, servinggroup_types.go"),  # fmt: skip
    # KEDA (kedacore/keda apis/keda/v1alpha1/scaledjob_types.go): each Job it makes is jobTargetRef as written, a
    # restartPolicy of OnFailure where none is set (pkg/scaling/executor/scale_jobs.go generateJobs, at 8b4f083ca8c8).
    WorkloadKind("keda.sh", "ScaledJob", (PodPath("spec.jobTargetRef.template"),), "kedacore/keda apis/keda/v1alpha1/scaledjob_types.go"),
    WorkloadKind("batch.volcano.sh", "Job", (PodPath("spec.tasks[*].template", name="name", count=("replicas=0",)),),
                 "volcano-sh/apis pkg/apis/batch/v1alpha1/job.go"),  # fmt: skip
    WorkloadKind("batch.volcano.sh", "CronJob", (PodPath("spec.jobTemplate.spec.tasks[*].template", name="name", count=("replicas=0",)),),
                 "volcano-sh/apis pkg/apis/batch/v1alpha1/job.go"),  # fmt: skip
    WorkloadKind("flow.volcano.sh", "JobTemplate", (PodPath("spec.tasks[*].template", name="name", count=("replicas=0",)),),
                 "volcano-sh/apis pkg/apis/flow/v1alpha1/jobtemplate_types.go"),  # fmt: skip
    # Spark sizes its pods from cores/memory/memoryOverhead, not from the templates' resources
    # (kubeflow/spark-operator api/v1beta2/sparkapplication_types.go): not modelled, skipped.
    WorkloadKind("sparkoperator.k8s.io", "SparkApplication", (), "kubeflow/spark-operator api/v1beta2/sparkapplication_types.go"),
    WorkloadKind("sparkoperator.k8s.io", "ScheduledSparkApplication", (), "kubeflow/spark-operator api/v1beta2/scheduledsparkapplication_types.go"),
    # Apache's own operator: Spark builds the driver and executors from their podTemplateSpecs and sets
    # their cpu and memory itself (apache/spark-kubernetes-operator d5acafd24a0c SparkAppSubmissionWorker.java; Spark's
    # BasicDriverFeatureStep): not modelled, as kubeflow's SparkApplication
    WorkloadKind("spark.apache.org", "SparkApplication", (), "apache/spark-kubernetes-operator spark-operator-api SparkApplication.java"),
    # KubeAI's Model: the controller builds each replica's `server` container from `spec.resourceProfile`
    # (<name>:<N>), the named profile of the cluster's KubeAI configuration multiplied by N, not from the manifest
    # (substratusai/kubeai 2f32ef498da6 internal/modelcontroller/model_controller.go, engine_vllm.go): not modelled.
    WorkloadKind("kubeai.org", "Model", (), "substratusai/kubeai api/k8s/v1/model_types.go"),
    # Cluster API's kubeadm providers (kubernetes-sigs/cluster-api ae7ff047db49 api/bootstrap/kubeadm,
    # api/controlplane/kubeadm; bootstrap/kubeadm/reconcilers/kubeadmconfig/kubeadmconfig_controller.go): a KubeadmConfig
    # is a machine's bootstrap data, and where it initializes or joins a control plane (a KubeadmControlPlane's machines)
    # kubeadm on that machine writes the control plane's static pods (kube-apiserver, kube-controller-manager,
    # kube-scheduler, etcd) in the workload cluster, from the kubeadm version and the ClusterConfiguration's extra
    # arguments: not modelled. Their templates are the same for the machines a MachineDeployment or ClusterClass makes.
    *(WorkloadKind(group, kind, (), f"kubernetes-sigs/cluster-api api/{path}")
      for group, path, kinds in (("bootstrap.cluster.x-k8s.io", "bootstrap/kubeadm/v1beta2", ("KubeadmConfig", "KubeadmConfigTemplate")),
                                 ("controlplane.cluster.x-k8s.io", "controlplane/kubeadm/v1beta2", ("KubeadmControlPlane", "KubeadmControlPlaneTemplate")))
      for kind in kinds),
    # Tekton: TaskRun, Task, Pipeline and PipelineRun are modelled in kinds_tekton.py (tektoncd/pipeline 3ee1745ae5b2
    # pkg/pod/pod.go Builder.Build).
    # A SparkCluster is a standalone Spark cluster: the operator makes a master StatefulSet of one pod and a worker
    # StatefulSet of initWorkers (default 0) pods from the statefulSetSpecs' templates, each with its ``master`` or
    # ``worker`` container added when missing, and sets no resources (apache/spark-kubernetes-operator d5acafd24a0c
    # spark-submission-worker/.../SparkClusterResourceSpec.java buildMasterStatefulSet, buildWorkerStatefulSet;
    # WorkerInstanceConfig.java). Spark's standalone daemons size nothing: the pods are final.
    WorkloadKind(
        "spark.apache.org", "SparkCluster",
        (PodPath("spec.masterSpec.statefulSetSpec.template", count=("1",), label="master", empty_when_absent=True, always_made=True,
                 main=(MainContainer("master", _SPARK_CLUSTER + " buildMasterStatefulSet"),)),
         PodPath("spec.workerSpec.statefulSetSpec.template", count=("spec.clusterTolerations.instanceConfig.initWorkers=0",), label="worker",
                 empty_when_absent=True, always_made=True, main=(MainContainer("worker", _SPARK_CLUSTER + " buildWorkerStatefulSet"),))),
        "apache/spark-kubernetes-operator spark-operator-api ClusterSpec.java",
    ),  # fmt: skip
    # SparkConnect (kubeflow/spark-operator 38082f3318e9 internal/controller/sparkconnect/reconciler.go): the server pod
    # is spec.server.template as written, its spark-kubernetes-driver container added when missing; Spark makes the
    # executors from spec.executor.template and sets their cpu and memory from cores and memory (not computed here).
    WorkloadKind(
        "sparkoperator.k8s.io", "SparkConnect",
        (PodPath("spec.server.template", count=("1",), label="server", empty_when_absent=True,
                 main=(MainContainer("spark-kubernetes-driver", _SPARK_CONNECT + " (the server pod)"),)),
         PodPath("spec.executor.template", label="executor", empty_when_absent=True, as_written=_SPARK_EXECUTORS,
                 main=(MainContainer("spark-kubernetes-executor", "apache/spark KubernetesExecutorBuilder (executor cores and memory)",
                                     sets=("cpu", "memory")),))),
        "kubeflow/spark-operator api/v1alpha1/sparkconnect_types.go",
    ),  # fmt: skip
)
# Serving and operator workloads (kinds_operators.py: the Elastic operator, KServe, KubeVirt...) are
# loaded the first time an object of one of their kinds is met, each from the module kinds_index.py
# names: a run over plain Deployments never builds those tables, and one with a JuiceFS StorageClass
# builds JuiceFS's only.

_BY_KEY: Final = {(k.group, k.kind): k for k in WORKLOAD_KINDS}


def all_kinds() -> tuple[WorkloadKind, ...]:
    """Every kind of the table: these, then the operators'."""
    from pod_resources_cli.model.decode.kinds_operators import OPERATOR_KINDS

    return (*WORKLOAD_KINDS, *OPERATOR_KINDS)


@lru_cache(maxsize=None)
def kinds_held(module: str) -> dict[tuple[str, str], WorkloadKind]:
    """The kinds a module of this package (``kinds_strimzi``) holds at its top level, alone or in a tuple."""
    found: dict[tuple[str, str], WorkloadKind] = {}
    for value in vars(operator_module(module)).values():
        for kind in value if isinstance(value, tuple) else (value,):
            if isinstance(kind, WorkloadKind):
                found[(kind.group, kind.kind)] = kind
    return found


def group_of(api_version: object) -> str | None:
    """The API group of an ``apiVersion`` (``apps/v1`` -> ``apps``, ``v1`` -> ``""``)."""
    if not isinstance(api_version, str):
        return None
    return api_version.rpartition("/")[0]


def find_kind(obj: dict[str, Any], extra: tuple[WorkloadKind, ...] = ()) -> WorkloadKind | None:
    """The table entry for an object, user-declared kinds first. An object
    without ``apiVersion`` is read as the core kind of that name (snippets)."""
    kind = obj.get("kind")
    if not isinstance(kind, str):
        return None
    api_version = obj.get("apiVersion")
    group = group_of(api_version) if api_version is not None else next(
        (k.group for k in WORKLOAD_KINDS if k.kind == kind and k.builtin), None
    )
    if group is None:
        return None
    if extra:
        declared = _declared(extra).get((group, kind))
        if declared is not None:
            return declared
    found = _BY_KEY.get((group, kind))
    if found is None:
        module = OPERATOR_MODULES.get((group, kind))
        if module is not None:
            return kinds_held(module).get((group, kind))
    return found


_declared_for: list[tuple[tuple[WorkloadKind, ...], dict[tuple[str, str], WorkloadKind]]] = []


def _declared(extra: tuple[WorkloadKind, ...]) -> dict[tuple[str, str], WorkloadKind]:
    """The user's kinds by (group, kind), the first declaration of each
    winning; built once for the run's tuple (looked up by identity: hashing
    thousands of declarations on every object would cost what scanning
    them did)."""
    if _declared_for and _declared_for[0][0] is extra:
        return _declared_for[0][1]
    index: dict[tuple[str, str], WorkloadKind] = {}
    for entry in extra:
        index.setdefault((entry.group, entry.kind), entry)
    _declared_for[:] = [(extra, index)]
    return index


# -- the path language ---------------------------------------------------------------

_SEGMENT: Final = re.compile(r"([^.\[\]{}]+)(\[\*\]|\{\*\}|\[[0-9]+\])?")


@dataclass(frozen=True, slots=True)
class Match:
    """A value found at a path: where, and the innermost wildcard element and key it came through."""

    value: Any
    pointer: Pointer
    element: Any  # the innermost [*]/{*} element (the object itself when none)
    element_pointer: Pointer
    key: str | int | None  # that element's list index or map key


def parse_path(path: str) -> tuple[tuple[str, str], ...]:
    """``spec.groups[*].template`` -> (("spec", ""), ("groups", "[*]"), ("template", "")); ``groups[0]``
    names one item of the list (an AppWrapper's podSets paths).
    Raises ValueError for a path this language cannot read."""
    if not path:
        return ()
    parts: list[tuple[str, str]] = []
    for raw in path.split("."):
        match = _SEGMENT.fullmatch(raw)
        if match is None:
            raise ValueError(f"cannot read the path {path!r} at {raw!r}: write fields as a.b, lists as a[*] (one item: a[0]), maps as a{{*}}")
        parts.append((match[1], match[2] or ""))
    return tuple(parts)


def walk(obj: Any, path: str, pointer: Pointer = ()) -> Iterator[Match]:
    """Every value at ``path`` in ``obj`` (absent fields yield nothing)."""
    frontier = [Match(obj, pointer, obj, pointer, None)]
    for field, wildcard in parse_path(path):
        nxt: list[Match] = []
        for m in frontier:
            value = m.value.get(field) if isinstance(m.value, dict) else None
            if value is None:
                continue
            here = (*m.pointer, field)
            if wildcard == "[*]":
                if isinstance(value, list):
                    nxt.extend(Match(v, (*here, i), v, (*here, i), i) for i, v in enumerate(value))
            elif wildcard == "{*}":
                if isinstance(value, dict):
                    nxt.extend(Match(v, (*here, k), v, (*here, k), k) for k, v in value.items())
            elif wildcard:  # [N]: that item alone, no element of its own
                index = int(wildcard[1:-1])
                if isinstance(value, list) and index < len(value):
                    nxt.append(Match(value[index], (*here, index), m.element, m.element_pointer, m.key))
            else:
                nxt.append(Match(value, here, m.element, m.element_pointer, m.key))
        frontier = nxt
    return iter(frontier)


def field_value(obj: Any, path: str) -> Any:
    """The value at a plain dotted path, or None."""
    for field in path.split("."):
        if not isinstance(obj, dict):
            return None
        obj = obj.get(field)
    return obj


DECLARED: Final = "declared in the configuration"
_WHAT: Final = {
    "template": "pod templates (PodTemplateSpec: metadata and spec), e.g. spec.template or spec.workers[*].template",
    "pod": "objects whose spec is a PodSpec",
    "podspec": "PodSpecs (containers, volumes...), e.g. spec.runtime",
    "containers": "container lists, e.g. spec.runner.containers",
}


def declared_kind(
    api: str, kind: str, templates: list[str], replicas: list[str] | None = None, holds: dict[str, list[str]] | None = None
) -> WorkloadKind:
    """A kind a user declares: ``api`` is a group or an apiVersion (its version
    is ignored), ``templates`` the paths of its PodTemplateSpecs, ``holds``
    more paths by what they hold (``pod``, ``podspec``: a PodSpec or a type
    inlining its fields, ``containers``: a list of containers, or one),
    ``replicas`` the count fields multiplied (as in the table: relative to the
    innermost ``[*]`` element, ``^`` to the list item holding it, ``/`` for the
    object's root). Raises ValueError."""
    if not kind or not isinstance(kind, str):
        raise ValueError("needs kind: the object's kind")
    paths = [("template", p) for p in templates] + [(h, p) for h, ps in (holds or {}).items() for p in ps]
    if not paths:
        raise ValueError("needs templates (or podspecs, pods, containers): the paths of its pod templates, e.g. spec.template or spec.workers[*].template")
    group = api.rpartition("/")[0] if "/" in api else api
    if api.count("/") > 1 or not _GROUP.fullmatch(group):
        raise ValueError(f"{api!r} is not an API group or apiVersion (example.com or example.com/v1)")
    counts = tuple(f if "=" in f else f"{f}=1" for f in replicas or ())
    for path in (*(p for _, p in paths), *(c.lstrip("/^").partition("=")[0] for c in counts)):
        parse_path(path)
    pods: list[PodPath] = []
    lists: dict[str, list[str]] = {}  # holder -> its container fields: the lists of one holder run in one pod
    for holds_what, path in paths:
        if holds_what not in _WHAT:
            raise ValueError(f"{holds_what!r} is not what a path can hold: template, pod, podspec or containers")
        name = "name" if "[*]" in path else "{key}" if "{*}" in path else None
        if holds_what == "containers":  # the holder is the pod; the field a list of containers, or one
            holder, _, last = path.rpartition(".")
            if holder not in lists:
                lists[holder] = []
                pods.append(PodPath(holder, "containers", name=name, count=counts))
            lists[holder].append(last)
        else:
            pods.append(PodPath(path, cast(Holds, holds_what), name=name, count=counts))
    pods = [replace(p, containers=tuple(lists[p.path])) if p.holds == "containers" else p for p in pods]
    return WorkloadKind(group, kind, tuple(pods), DECLARED)


def expected_shape(holds: str) -> str:
    """What a declared path must hold, in words."""
    return _WHAT[holds]


_GROUP: Final = re.compile(r"[a-z0-9]([a-z0-9.-]*[a-z0-9])?")
