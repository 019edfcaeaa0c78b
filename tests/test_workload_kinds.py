"""Pods inside custom workloads, on the projects' own example files
(tests/data/real, provenance in SOURCES.tsv), and the kind table's path
language. Expected templates, names and pod counts follow each project's Go
types (tests/data/real/WORKLOAD_KINDS.md)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.model.decode.kinds import WORKLOAD_KINDS, all_kinds, declared_kind, parse_path, walk
from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items

REAL = Path(__file__).parent / "data" / "real"


def pods(path: Path) -> list[tuple[str, str | None, int | None, str]]:
    out = []
    for item in iter_items([str(path)]):
        if isinstance(item, WorkloadItem):
            ref = item.workload.ref
            names = ",".join(c.name for c in item.workload.pod.all_containers())
            out.append((ref.kind, ref.template, ref.replicas, names))
    return out


# (file, [(kind, template, pods it stands for, containers in start order)])
CASES: list[tuple[str, list[tuple[str, str | None, int | None, str]]]] = [
    ("ray-project__kuberay/ray-operator__config__samples__ray-cluster-label-selector.yaml", [
        ("RayCluster", "headGroupSpec", 1, "ray-head,autoscaler"),  # enableInTreeAutoscaling: KubeRay's sidecar
        # KubeRay's wait-gcs-ready init container on every worker (common/pod.go DefaultWorkerPodTemplate)
        ("RayCluster", "workerGroupSpecs[0] large-cpu-group", 1, "wait-gcs-ready,ray-worker"),
        ("RayCluster", "workerGroupSpecs[1] accelerator-group", 0, "wait-gcs-ready,ray-worker"),
        ("RayCluster", "workerGroupSpecs[2] spot-group", 0, "wait-gcs-ready,ray-worker"),
    ]),
    ("ray-project__kuberay/ray-operator__config__samples__ray-cluster.tpu-v4-multihost.yaml", [
        ("RayCluster", "headGroupSpec", 1, "ray-head"),
        ("RayCluster", "workerGroupSpecs[0] tpu-group", 2, "wait-gcs-ready,ray-worker"),  # replicas 1 x numOfHosts 2
    ]),
    ("ray-project__kuberay/ray-operator__config__samples__ray-job.light-weight-submitter.yaml", [
        ("RayJob", "rayClusterSpec.headGroupSpec", 1, "ray-head"),
        ("RayJob", "rayClusterSpec.workerGroupSpecs[0] small-group", 1, "wait-gcs-ready,ray-worker"),
        ("RayJob", "submitterPodTemplate", 1, "my-custom-rayjob-submitter"),  # written: used as it is
    ]),
    ("ray-project__kuberay/ray-operator__config__samples__ray-service.sample.yaml", [
        ("RayService", "rayClusterConfig.headGroupSpec", 1, "ray-head"),
        ("RayService", "rayClusterConfig.workerGroupSpecs[0] small-group", 1, "wait-gcs-ready,ray-worker"),
    ]),
    ("kubernetes-sigs__jobset/site__static__examples__tpu-multislice__v6e-jax-workload.yaml", [
        ("JobSet", "replicatedJobs[0] slice", 8, "jax-tpu"),  # replicas 2 x parallelism 4
    ]),
    ("kubernetes-sigs__jobset/site__static__examples__simple__paralleljobs.yaml", [
        ("JobSet", "replicatedJobs[0] workers", 4, "sleep"),
        ("JobSet", "replicatedJobs[1] driver", 1, "sleep"),
    ]),
    ("kubernetes-sigs__lws/config__samples__leaderworkerset_multi_template.yaml", [
        ("LeaderWorkerSet", "leaderWorkerTemplate.leaderTemplate", 3, "nginx2"),
        ("LeaderWorkerSet", "leaderWorkerTemplate.workerTemplate", 9, "nginx"),  # 3 groups x (size 4 - the leader)
    ]),
    ("kubeflow__trainer/examples__tensorflow__dist-mnist__tf_job_mnist.yaml", [
        ("TFJob", "tfReplicaSpecs[Chief]", 1, "tensorflow"),
        ("TFJob", "tfReplicaSpecs[PS]", 1, "tensorflow"),
        ("TFJob", "tfReplicaSpecs[Worker]", 2, "tensorflow"),
    ]),
    ("kubeflow__trainer/examples__pytorch__mnist__v1__pytorch_job_mnist_nccl.yaml", [
        ("PyTorchJob", "pytorchReplicaSpecs[Master]", 1, "pytorch"),
        ("PyTorchJob", "pytorchReplicaSpecs[Worker]", 1, "pytorch"),
    ]),
    ("kubeflow__mpi-operator/examples__v2beta1__pi__pi.yaml", [
        ("MPIJob", "mpiReplicaSpecs[Launcher]", 1, "mpi-launcher"),
        ("MPIJob", "mpiReplicaSpecs[Worker]", 2, "mpi-worker"),
    ]),
    ("kubeflow__trainer/examples__jax__cpu-demo__demo.yaml", [("JAXJob", "jaxReplicaSpecs[Worker]", 2, "jax")]),
    ("kubeflow__trainer/manifests__base__runtimes__deepspeed_distributed.yaml", [
        ("ClusterTrainingRuntime", "template.spec.replicatedJobs[0] node", 1, "node"),
        ("ClusterTrainingRuntime", "template.spec.replicatedJobs[1] launcher", 1, "node"),
    ]),
    ("kubeflow__notebooks/components__notebook-controller__config__samples___v1_notebook.yaml", [
        ("Notebook", None, 1, "notebook-sample-v1"),
    ]),
    ("argoproj__argo-workflows/examples__influxdb-ci.yaml", [
        ("Workflow", "templates[1] checkout", None, "main"),
        ("Workflow", "templates[2] build", None, "main"),
        ("Workflow", "templates[3] test-unit", None, "main"),
        ("Workflow", "templates[5] test-cov-base", None, "main"),
        ("Workflow", "templates[7] influxdb-server", None, "main"),
        ("Workflow", "templates[8] influxdb-client", None, "main"),
    ]),
    ("argoproj__argo-workflows/examples__cron-workflow.yaml", [
        ("CronWorkflow", "workflowSpec.templates[0] hello-world-with-time", None, "main"),
    ]),
    ("argoproj__argo-rollouts/examples__apisix__rollout.yaml", [("Rollout", None, 5, "rollouts-demo")]),
    ("knative__serving/test__test_images__multicontainer__service.yaml", [("Service", None, None, "user-container-0,user-container-1")]),
    ("volcano-sh__volcano/example__job.yaml", [("Job", "tasks[0] default-nginx", 6, "nginx")]),
    ("volcano-sh__volcano/example__integrations__mpi__mpi-example.yaml", [
        ("Job", "tasks[0] mpimaster", 1, "mpimaster"),
        ("Job", "tasks[1] mpiworker", 2, "mpiworker"),
    ]),
    ("kubernetes-sigs__kueue/site__static__examples__jobs__sample-job.yaml", [("Job", None, 3, "dummy-job")]),
]  # fmt: skip


@pytest.mark.parametrize(("name", "expected"), CASES, ids=[c[0].split("/")[1][:60] for c in CASES])
def test_the_pods_of_real_custom_workloads(name: str, expected: list[tuple[str, str | None, int | None, str]]) -> None:
    assert pods(REAL / name) == expected


def test_argo_pod_resources_a_template_overrides_the_workflows() -> None:
    items = [i for i in iter_items([str(REAL / "argoproj__argo-workflows/examples__pod-resources-template-override.yaml")]) if isinstance(i, WorkloadItem)]
    got = [(i.workload.ref.template, {k: str(v) for k, v in (i.workload.pod.resources.lim if i.workload.pod.resources else {}).items()}) for i in items]
    assert got == [("templates[1] small", {"cpu": "1", "memory": "512Mi"}), ("templates[2] large", {"cpu": "2", "memory": "1Gi"})]


def test_argo_resource_claims_a_template_replaces_the_workflows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Argo passes the template's resourceClaims to its pod when it lists any,
    else the workflow's: the containers' claims name them (each was a false
    PR113 "must be one of the names in pod.spec.resourceClaims which is empty")."""
    files = [REAL / "argoproj__argo-workflows" / f"examples__{n}.yaml" for n in ("resource-claims", "resource-claims-template-override")]
    items = [i for f in files for i in iter_items([str(f)]) if isinstance(i, WorkloadItem)]
    got = [(i.workload.ref.template, i.workload.pod.resource_claim_names) for i in items]
    assert got == [
        ("templates[0] show-devices", ("accelerator",)),
        ("templates[1] default-device", ("accelerator",)),
        ("templates[2] other-device", ("accelerator",)),
    ]
    main(["lint", "--no-config", "-o", "json", "--select", "PR113", *map(str, files)])
    assert json.loads(capsys.readouterr().out)["findings"] == []
    # Without the workflow's list, only the template that lists its own claim has it.
    text = files[1].read_text(encoding="utf-8")
    without = text.replace("  resourceClaims:\n  - name: accelerator\n    resourceClaimTemplateName: example-device-claim-template\n", "", 1)
    assert without != text
    (tmp_path / "w.yaml").write_text(without, encoding="utf-8")
    main(["lint", "--no-config", "-o", "json", "--select", "PR113", str(tmp_path / "w.yaml")])
    [finding] = json.loads(capsys.readouterr().out)["findings"]
    assert finding["object"]["template"] == "templates[1] default-device" and "pod.spec.resourceClaims which is empty" in finding["message"]


def test_an_argo_pod_is_as_written_and_never_called_best_effort(capsys: pytest.CaptureFixture[str]) -> None:
    """Argo adds its init and wait containers with the executor resources of
    the controller's configuration (none by default; Argo's quick-start sets
    requests of 10m and 64Mi): a template's pod is no BestEffort fact. Its own
    containers without resources are still reported, with the caveat."""
    main(["lint", "--no-config", "-o", "json", str(REAL / "argoproj__argo-workflows")])
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [f for f in findings if f["rule"] == "PR201"] == []
    assert {f["rule"] for f in findings} == {"PR138", "PR132"} and len(findings) == 20
    assert all("(as written: Argo adds its init and wait containers" in f["message"] for f in findings)


def test_a_pytorchjob_worker_gets_the_operators_init_container(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The training operator adds init-pytorch (requests 50m/10Mi, limits
    100m/20Mi) to each worker of a job with a Master: the worker's pod is
    Burstable, never the BestEffort its template alone makes; the Master's
    pod gets nothing and is BestEffort."""
    job = REAL / "kubeflow__trainer/examples__pytorch__mnist__v1__pytorch_job_mnist_nccl.yaml"
    main(["lint", "--no-config", "-o", "json", str(job)])
    found = [(f["rule"], f["object"]["template"]) for f in json.loads(capsys.readouterr().out)["findings"]]
    assert found == [("PR201", "pytorchReplicaSpecs[Master]"), ("PR138", "pytorchReplicaSpecs[Worker]")]
    # without a Master the operator adds nothing (initcontainer.go setInitContainer returns first): the worker is BestEffort
    text = job.read_text(encoding="utf-8")
    master, worker = text.index("    Master:"), text.index("    Worker:")
    alone = tmp_path / "workers-only.yaml"
    alone.write_text(text[:master] + text[worker:], encoding="utf-8")
    main(["lint", "--no-config", "-o", "json", str(alone)])
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["rule"], f["object"]["template"]) for f in findings] == [("PR201", "pytorchReplicaSpecs[Worker]")]
    assert "as written" not in findings[0]["message"]


def test_kuberay_adds_its_autoscaler_to_the_head_pod(tmp_path: Path) -> None:
    """With enableInTreeAutoscaling, KubeRay appends the `autoscaler` container
    to the head pod: 500m and 512Mi, requests and limits, unless
    autoscalerOptions.resources is written, which replaces them whole."""
    sample = REAL / "ray-project__kuberay/ray-operator__config__samples__ray-cluster-label-selector.yaml"
    text = sample.read_text(encoding="utf-8")
    written = "    resources:\n      limits:\n        cpu: \"500m\"\n        memory: \"512Mi\"\n      requests:\n        cpu: \"500m\"\n        memory: \"512Mi\"\n"
    assert written in text
    variants = {
        "written": text.replace(written, '    resources:\n      limits:\n        cpu: "1"\n'),  # whole: no memory, no requests
        "default": text.replace(written, ""),
        "off": text.replace("enableInTreeAutoscaling: true", "enableInTreeAutoscaling: false"),
    }
    got = {}
    for name, variant in variants.items():
        assert variant != text
        path = tmp_path / f"{name}.yaml"
        path.write_text(variant, encoding="utf-8")
        [head] = [i.workload.pod for i in iter_items([str(path)]) if isinstance(i, WorkloadItem) and i.workload.ref.template == "headGroupSpec"]
        got[name] = {c.name: ({k: str(v) for k, v in c.resources.req.items()}, {k: str(v) for k, v in c.resources.lim.items()}) for c in head.containers}
    assert got["written"]["autoscaler"] == ({}, {"cpu": "1"})
    assert got["default"]["autoscaler"] == ({"cpu": "500m", "memory": "512Mi"}, {"cpu": "500m", "memory": "512Mi"})
    assert list(got["off"]) == ["ray-head"]


def test_a_knative_revision_is_as_written_and_never_called_best_effort(capsys: pytest.CaptureFixture[str]) -> None:
    """Knative adds queue-proxy to each revision pod with the resources of the
    cluster's config-deployment (a cpu request of 25m by default): the pod is
    not the BestEffort its template alone makes (each gave a PR201)."""
    main(["lint", "--no-config", "-o", "json", str(REAL / "knative__serving")])
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [f["rule"] for f in findings] == ["PR138"] * 4
    assert all("(as written: Knative adds its queue-proxy container" in f["message"] for f in findings)


def test_a_manifest_a_program_fills_in_is_a_template(capsys: pytest.CaptureFixture[str]) -> None:
    """NVIDIA's operator validator fills in the namespace, image and GPU
    resource name of its workload Pod (FILLED_BY_VALIDATOR): read as a pod, its
    resource name gave 4 false PR110 errors."""
    pod = REAL / "NVIDIA__gpu-operator/validator__manifests__plugin-workload-validation.yaml"
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(pod)])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["skipped"]["template"] == 1
    [skipped] = report["skipped"]
    assert skipped["reason"] == "template" and "metadata.namespace holds 'FILLED_BY_VALIDATOR'" in skipped["note"]


def test_kinds_by_shape_are_reported_as_such() -> None:
    experiment = REAL / "kubeflow__katib/examples__v1beta1__kubeflow-training-operator__pytorchjob-mnist.yaml"
    found = pods(experiment)
    assert found == [
        ("Experiment", "spec.trialTemplate.trialSpec.spec.pytorchReplicaSpecs.Master.template", None, "pytorch"),
        ("Experiment", "spec.trialTemplate.trialSpec.spec.pytorchReplicaSpecs.Worker.template", None, "pytorch"),
    ]
    items = [i for i in iter_items([str(experiment)]) if isinstance(i, WorkloadItem)]
    assert all(i.workload.ref.by_shape for i in items)


def test_an_appwrapper_s_component_is_the_object_it_wraps() -> None:
    """Kueue's AppWrapper sample wraps a PyTorchJob: the AppWrapper controller creates it as written, and the
    training operator makes its pods (a Master, and 1 Worker), no longer a template found by shape."""
    sample = REAL / "kubernetes-sigs__kueue/site__static__examples__appwrapper__pytorch-sample.yaml"
    assert pods(sample) == [
        ("PyTorchJob", "pytorchReplicaSpecs[Master]", 1, "pytorch"),
        ("PyTorchJob", "pytorchReplicaSpecs[Worker]", 1, "pytorch"),
    ]
    items = [i for i in iter_items([str(sample)]) if isinstance(i, WorkloadItem)]
    assert not any(i.workload.ref.by_shape for i in items)


@pytest.mark.parametrize(
    ("name", "reasons"),
    [
        ("aws-cloudformation__aws-cloudformation-templates/APIGateway__apigateway_lambda_integration.yaml", [("unparseable", None)]),
        ("ansible__vscode-ansible/examples__playbooks__play1.yml", [("template", None)]),
        ("ansible__vscode-ansible/packages__ansible-language-server__test__fixtures__yaml__test.json", [("not-kubernetes", None)]),
        ("gitlabhq__gitlab-runner/.gitlab__ci___common.gitlab-ci.yml", [("unparseable", None)]),
        ("ray-project__kuberay/mkdocs.yml", [("unparseable", None)]),
        ("argoproj__argo-workflows/.devcontainer__devcontainer.json", [("unparseable", None)]),
        # Determined's Helm values: taskContainerDefaults.cpuPodSpec/gpuPodSpec are Pods written for its Kubernetes
        # RM, which puts its own determined-container (image, slot resources) in them and keeps only the keys of
        # resources the fragment's determined-container sets that it does not (determined-ai/determined c1e9c6d7b821
        # master/internal/rm/kubernetesrm/spec.go configureResourcesRequirements, createSpec): never final pods
        ("determined-ai__determined/examples__deploy__eks__values.yaml", [("not-kubernetes", None)]),
        # an MLRun function (kind: job, no apiVersion): MLRun's API builds its pod; no Kubernetes object
        ("mlrun__mlrun/tests__assets__function.yaml", [("not-kubernetes", None)]),
        # a Polyaxonfile (kind: operation, no apiVersion) with a YAML error: no manifest, no PR001
        ("polyaxon__polyaxon-examples/in_cluster__mxnet__mnist__polyaxonfile_hyperparams.yml", [("unparseable", None)]),
        ("kubernetes-sigs__kustomize/site__docker-compose.yaml", [("not-kubernetes", None)]),
        ("ray-project__kuberay/.pre-commit-config.yaml", [("not-kubernetes", None)]),
        ("ray-project__kuberay/.github__workflows__helm.yaml", [("not-kubernetes", None)]),
        # custom kinds: searched by shape and nothing found, not modelled, their table path absent (a workloadRef)
        ("kubeflow__spark-operator/examples__spark-pi.yaml", [("not-searched", "SparkApplication")]),
        # KubeAI: a Model's resources are the named resourceProfile of the cluster's configuration, times N
        ("substratusai__kubeai/manifests__models__gemma2-2b-cpu.yaml", [("not-searched", "Model")]),
        # Tekton: a TaskRun that names its Task (taskRef) has that object's pod (the Task is a preset pod of its own)
        ("tektoncd__pipeline/examples__v1__taskruns__default_task_params.yaml", [("not-searched", "TaskRun")]),
        # Apache's operator: Spark sets the driver's and executors' cpu and memory (4 false PR138 by shape)
        ("apache__spark-kubernetes-operator/examples__pi-with-comet.yaml", [("not-searched", "SparkApplication")]),
        ("argoproj__argo-rollouts/examples__workload-ref__workload-ref.yaml", [("nothing-found", "Rollout")]),
    ],
)
def test_what_is_not_a_pod_is_skipped_with_its_reason(name: str, reasons: list[tuple[str, str | None]]) -> None:
    path = REAL / name
    assert path.is_file(), path
    assert [(i.reason, i.kind) for i in iter_items([str(path)]) if isinstance(i, SkippedItem)] == reasons


def lint_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    code = main(["lint", "--no-config", "--format", "json", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in err, err
    return code, json.loads(out)


def test_a_real_repository_of_other_yaml_lints_without_a_false_alarm(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = lint_json(capsys, "--no-render", str(REAL))
    assert code == 0 and not [f for f in report["findings"] if f["severity"] == "error"]
    summary = report["summary"]
    assert summary["pods"] >= 80 and summary["objects"] >= 60
    # unparseable: polaris' renovate.json, a Polyaxonfile ({{{newValue}}} only inside its JSON strings: no template) and external-secrets' docs excerpt with `...` lines among them
    assert summary["skipped"]["unparseable"] == 10 and summary["skipped"]["template"] == 69  # certsuite-sample-workload's CPU-pinning Pod (its namespace a mustache placeholder), ytt's 5 templates (carvel-dev__ytt: two overlays, a plain input an overlay removes documents of, a "#@ replicas" template, an "#@ if" template), kubestellar's %WDS% ServiceMonitor, knavigator's 9 Go templates and its workflows' 11 tasks (their templates kept under flattened names: not found), terrascan's presync Job in namespace <YOU APPLICATION NAMESPACE>, open-feature-operator's chainsaw Job named $namespace, external-secrets' filterpem snippet ({% if %} outside a raw block), k3s' metrics-server Deployment (its %{SYSTEM_DEFAULT_REGISTRY}% image), 13 chart templates (with ARC's gha-runner-scale-set-controller serviceaccount.yaml and feast-feature-server's 2), Config Connector's 7 objects named ${NAMESPACE?} (its operator replaces it), an Ansible play, longhorn's @NAME@ file, gpu-operator's validator Pod, an MPIJob filled in by envsubst, yunikorn's Spark pod template, ray's RayService str.format template (6 documents), cloudnative-pg's prometheus-rule chart template, infinispan-operator's DataGrid service named {example_crd_name} (an asciidoc attribute), retail-store-sample-app's Helm values with Terraform's %{ if } directives, cluster-toolkit's 2 Pods asking <CHIPS_PER_NODE> TPUs and <number_of_gpus> GPUs, metaflow-tools' Argo Events helper chart's 2 templates (eventbus, eventsource: {{ .Values.jobsNamespace }}); unparseable 8 -> 10: infinispan-operator's two asciidoc excerpts with '...' at the margin
    assert summary["skipped"]["kustomize-patch"] == 7  # with velero's aws-plugin.yaml and odh-model-controller's $patch: delete of model-serving-api; yatai-image-builder's manager_auth_proxy_patch.yaml
    # kaito's unnamed patch, kubewarden's trimmed fixture, kubeflow's pod-field patch, velero's imageless azure-plugin.yaml;
    # datree's bare batch/v1beta1 CronJob; the ACM samples' helm-component patch (a Deployment named "any" with an
    # annotation), copied without the kustomization that names it
    assert summary["skipped"]["partial-object"] == {"Deployment": 5, "CronJob": 1}
    assert "TrainJob" not in summary["skipped"]["nothing-found"] and "TrainJob" not in summary["skipped"]["no-pods"]  # its node pods
    assert any("prometheus-nginx-exporter: Helm chart not rendered" in n for n in summary["notes"])


RAY_3G_1G = """\
apiVersion: ray.io/v1
kind: RayCluster
metadata: {name: train, namespace: ml}
spec:
  headGroupSpec:
    template:
      spec:
        containers:
        - name: ray-head
          image: rayproject/ray:2.9.0
          resources: {limits: {cpu: "2", memory: 8Gi}}
  workerGroupSpecs:
  - groupName: gpu-workers
    replicas: 3
    template:
      spec:
        containers:
        - name: ray-worker
          image: rayproject/ray:2.9.0
          resources:
            requests: {cpu: "4", memory: 3G}
            limits: {cpu: "4", memory: 1G}
"""


def test_a_raycluster_worker_asking_above_its_limit_is_an_error_at_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "ray.yaml").write_text(RAY_3G_1G, encoding="utf-8")
    code, report = lint_json(capsys, str(tmp_path / "ray.yaml"))
    [error] = [f for f in report["findings"] if f["severity"] == "error"]
    assert code == 1 and error["rule"] == "PR101" and (error["line"], error["column"]) == (21, 34)
    assert error["object"] == {"kind": "RayCluster", "name": "train", "namespace": "ml", "template": "workerGroupSpecs[0] gpu-workers"}
    assert report["summary"]["pods"] == 2 and report["summary"]["objects"] == 1
    assert main(["lint", "--no-config", str(tmp_path / "ray.yaml")]) == 1
    assert "(RayCluster ml/train workerGroupSpecs[0] gpu-workers, container ray-worker)" in capsys.readouterr().out
    assert main(["explain", "-o", "json", str(tmp_path / "ray.yaml")]) == 0
    explained = json.loads(capsys.readouterr().out)["pods"]
    assert [(p["workload"]["template"], p["workload"]["replicas"]) for p in explained] == [("headGroupSpec", 1), ("workerGroupSpecs[0] gpu-workers", 3)]
    assert explained[0]["admission"] is None and explained[1]["admission"]["decidedBy"] == "apiserver"  # refused


TRAINER = """\
apiVersion: example.com/v1
kind: Trainer
metadata: {name: t}
spec:
  workers:
  - name: big
    count: 2
    template:
      spec:
        containers:
        - name: w
          resources: {requests: {cpu: "2"}, limits: {cpu: "1"}}
"""


def test_users_declare_their_own_kinds_in_the_config_and_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "t.yaml").write_text(TRAINER, encoding="utf-8")
    # found by shape without a declaration: no name, no count
    _, report = lint_json(capsys, str(tmp_path / "t.yaml"))
    assert [f["object"]["template"] for f in report["findings"] if f["rule"] == "PR101"] == ["spec.workers[0].template"]
    _, report = lint_json(capsys, "--workload-kind", "Trainer.example.com=spec.workers[*].template", str(tmp_path / "t.yaml"))
    assert [f["object"]["template"] for f in report["findings"] if f["rule"] == "PR101"] == ["workers[0] big"]
    (tmp_path / ".pod-resources.yaml").write_text(
        "workload-kinds:\n- apiVersion: example.com/v1\n  kind: Trainer\n  templates: ['spec.workers[*].template']\n  replicas: [count]\n",
        encoding="utf-8",
    )
    code = main(["lint", "--config", str(tmp_path / ".pod-resources.yaml"), "--format", "json", str(tmp_path / "t.yaml")])
    report = json.loads(capsys.readouterr().out)
    assert code == 1 and [f["object"]["template"] for f in report["findings"] if f["rule"] == "PR101"] == ["workers[0] big"]
    assert main(["lint", "--workload-kind", "Trainer.example.com", str(tmp_path / "t.yaml")]) == 2
    assert "invalid --workload-kind 'Trainer.example.com': expected Kind.group=PATH[,PATH]" in capsys.readouterr().err
    (tmp_path / "bad.yaml").write_text("workload-kinds:\n- group: example.com\n  kind: Trainer\n  templates: ['spec.[x']\n", encoding="utf-8")
    assert main(["lint", "--config", str(tmp_path / "bad.yaml"), str(tmp_path / "t.yaml")]) == 2
    assert "cannot read the path 'spec.[x'" in capsys.readouterr().err


def test_the_path_language() -> None:
    obj = {"spec": {"a": [{"t": {"x": 1}}, {"t": {"x": 2}}, "skip"], "m": {"k1": {"t": 3}, "k2": {"t": 4}}}}
    assert [(m.value, m.pointer, m.key) for m in walk(obj, "spec.a[*].t.x")] == [(1, ("spec", "a", 0, "t", "x"), 0), (2, ("spec", "a", 1, "t", "x"), 1)]
    assert [(m.value, m.key) for m in walk(obj, "spec.m{*}.t")] == [(3, "k1"), (4, "k2")]
    assert list(walk(obj, "spec.nothing[*].t")) == []
    with pytest.raises(ValueError, match="cannot read the path"):
        parse_path("spec..template")
    with pytest.raises(ValueError, match="is not an API group"):
        declared_kind("Example.com/v1/x", "K", ["spec.template"])


def test_the_operator_kinds_index_names_the_operator_tables_kinds() -> None:
    """kinds_index.OPERATOR_KEYS is how find_kind knows to load the operator tables without building them at start:
    it must name exactly their kinds (add a new operator kind: python scripts/gen_kinds_index.py), none of the base table's."""
    from pod_resources_cli.model.decode.kinds import find_kind, kinds_held
    from pod_resources_cli.model.decode.kinds_index import OPERATOR_KEYS, OPERATOR_MODULES
    from pod_resources_cli.model.decode.kinds_operators import OPERATOR_KINDS

    assert OPERATOR_KEYS == {(k.group, k.kind) for k in OPERATOR_KINDS}
    assert not OPERATOR_KEYS & {(k.group, k.kind) for k in WORKLOAD_KINDS}
    # each kind is loaded from the module the index names (that module alone: not every operator's table)
    for kind in OPERATOR_KINDS:
        assert kinds_held(OPERATOR_MODULES[(kind.group, kind.kind)]).get((kind.group, kind.kind)) is kind, kind.kind
    found = find_kind({"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance"})
    assert found is not None and found.group == "kubevirt.io"


def test_every_table_path_is_readable_and_kinds_are_unique() -> None:
    keys = [(k.group, k.kind) for k in all_kinds()]
    assert len(keys) == len(set(keys))
    for kind in all_kinds():
        assert kind.source, kind.kind
        for pod_path in kind.pods:
            parse_path(pod_path.path)
            for factor in pod_path.count:
                if not factor.isdigit():
                    for alternative in factor.partition("=")[0].split("|"):  # a|b: the first written
                        assert alternative.lstrip("/^!"), factor
                        parse_path(alternative.lstrip("/^!"))


def test_a_volcano_job_is_not_a_batch_job() -> None:
    from pod_resources_cli.model.decode.kinds import find_kind

    volcano = find_kind({"apiVersion": "batch.volcano.sh/v1alpha1", "kind": "Job"})
    batch = find_kind({"apiVersion": "batch/v1", "kind": "Job"})
    assert volcano is not None and batch is not None
    assert volcano.pods[0].path == "spec.tasks[*].template" and batch.pods[0].path == "spec.template"


def test_json_sarif_and_junit_carry_the_same_counts(capsys: pytest.CaptureFixture[str]) -> None:
    import xml.etree.ElementTree as ET

    target = str(REAL / "ray-project__kuberay")
    _, report = lint_json(capsys, target)
    assert main(["lint", "--no-config", "--format", "sarif", target]) == 0
    sarif = json.loads(capsys.readouterr().out)
    assert sarif["runs"][0]["properties"]["summary"] == {k: report["summary"][k] for k in ("files", "documents", "objects", "pods", "skipped", "notes")}
    assert main(["lint", "--no-config", "--format", "junit", target]) == 0
    root = ET.fromstring(capsys.readouterr().out)
    props = {p.get("name"): p.get("value") for p in root.findall("testsuite[@name='pod-resources summary']/properties/property")}
    assert props["pods"] == str(report["summary"]["pods"]) == "17"  # two RayJobs' default submitter pods
    assert props["skipped.unparseable"] == "1" and props["skipped.no-pods.ConfigMap"] == "4"


def test_a_pod_that_asks_a_webhook_for_containers_is_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    """The OpenTelemetry operator adds an init container with requests and
    limits to a pod annotated inject-java, Istio its istio-proxy to one
    labelled sidecar.istio.io/inject: "true", GKE its Cloud Storage FUSE
    sidecar to one annotated gke-gcsfuse/volumes: "true": no such pod is the
    BestEffort its manifest alone makes (each gave a PR201). inject-sdk adds no
    container, so that pod is still judged as it is."""
    java = REAL / "open-telemetry__opentelemetry-operator/tests__e2e-instrumentation__instrumentation-java__01-install-app.yaml"
    sdk = REAL / "open-telemetry__opentelemetry-operator/tests__e2e-instrumentation__instrumentation-sdk__01-install-app.yaml"
    istio = REAL / "istio__istio/samples__addons__extras__prometheus-secure-metrics.yaml"
    gcsfuse = REAL / "GoogleCloudPlatform__kubernetes-engine-samples/ai-ml__llm-training-jax-tpu-gemma3__training_singlehost.yaml"
    main(["lint", "--no-config", "-o", "json", str(java), str(sdk), str(istio), str(gcsfuse)])
    findings = json.loads(capsys.readouterr().out)["findings"]
    got = [(Path(f["path"]).name.split("__")[-1], f["rule"], f["message"].partition("(as written: ")[2][:40].strip()) for f in findings]
    assert got == [
        ("training_singlehost.yaml", "PR138", "GKE's Cloud Storage FUSE webhook adds it"),
        ("prometheus-secure-metrics.yaml", "PR138", "Istio adds its istio-proxy sidecar, with"),
        ("prometheus-secure-metrics.yaml", "PR138", "Istio adds its istio-proxy sidecar, with"),
        ("01-install-app.yaml", "PR138", "the OpenTelemetry operator adds an init"),
        ("01-install-app.yaml", "PR201", ""),
    ]
    assert "instrumentation-java" in findings[3]["path"] and "instrumentation-sdk" in findings[4]["path"]
    main(["explain", "-o", "json", str(istio)])
    [workload] = [r["workload"] for r in json.loads(capsys.readouterr().out)["pods"]]
    assert workload["asWritten"].startswith("Istio adds its istio-proxy sidecar")


@pytest.mark.parametrize(
    ("metadata", "spec", "expected"),
    [
        ({"annotations": {"instrumentation.opentelemetry.io/inject-python": "true"}}, {}, "the OpenTelemetry operator adds an init"),
        ({"annotations": {"instrumentation.opentelemetry.io/inject-java": "observability/my-instr"}}, {}, "the OpenTelemetry operator adds an init"),
        ({"annotations": {"instrumentation.opentelemetry.io/inject-java": "False"}}, {}, None),  # any case of false
        ({"annotations": {"instrumentation.opentelemetry.io/inject-java": ""}}, {}, None),
        ({"annotations": {"instrumentation.opentelemetry.io/inject-sdk": "true"}}, {}, None),  # environment only
        ({"annotations": {"sidecar.opentelemetry.io/inject": "my-collector"}}, {}, "the OpenTelemetry operator adds its col"),
        ({"labels": {"sidecar.istio.io/inject": "true"}}, {}, "Istio adds its istio-proxy sidecar, with"),
        ({"annotations": {"sidecar.istio.io/inject": "true"}}, {}, "Istio adds its istio-proxy sidecar, with"),
        ({"labels": {"sidecar.istio.io/inject": "false"}, "annotations": {"sidecar.istio.io/inject": "true"}}, {}, None),  # the label wins
        ({"labels": {"sidecar.istio.io/inject": "enabled"}}, {}, None),  # only "true" and "false" mean anything
        ({"labels": {"sidecar.istio.io/inject": "true"}}, {"hostNetwork": True}, None),
        # the rev.object. webhook: the pod's istio.io/rev label selects a control plane, unless the inject label is "false"
        ({"labels": {"istio.io/rev": "canary"}}, {}, "Istio adds its istio-proxy sidecar, with"),
        ({"labels": {"istio.io/rev": "canary", "sidecar.istio.io/inject": "false"}}, {}, None),
        ({"labels": {"istio.io/rev": ""}}, {}, None),
        ({"annotations": {"gke-gcsfuse/volumes": "True"}}, {}, "GKE's Cloud Storage FUSE webhook adds its"),
        # Linkerd's proxy injector: enabled or ingress; its linkerd-init's 100m/20Mi make a BestEffort pod Burstable
        ({"annotations": {"linkerd.io/inject": "enabled"}}, {}, "Linkerd adds its linkerd-proxy sidecar (n"),
        ({"annotations": {"linkerd.io/inject": "ingress"}}, {}, "Linkerd adds its linkerd-proxy sidecar (n"),
        ({"annotations": {"linkerd.io/inject": "disabled"}}, {}, None),
        ({"labels": {"linkerd.io/inject": "enabled"}}, {}, None),  # an annotation, not a label
        ({"annotations": {"gke-gcsfuse/volumes": "false"}}, {}, None),
        # Kuma's injector (precheck.go needToInject): the label, enabled/true/yes; an annotation is not supported
        ({"labels": {"kuma.io/sidecar-injection": "enabled"}}, {}, "Kuma adds its kuma-sidecar container (by"),
        ({"labels": {"kuma.io/sidecar-injection": "yes"}}, {}, "Kuma adds its kuma-sidecar container (by"),
        ({"labels": {"kuma.io/sidecar-injection": "disabled"}}, {}, None),
        ({"annotations": {"kuma.io/sidecar-injection": "enabled"}}, {}, None),
        ({"labels": {"kuma.io/sidecar-injection": "enabled"}}, {"containers": [{"name": "kuma-sidecar"}]}, None),  # injected already
        ({"labels": {"kuma.io/sidecar-injection": "enabled", "openshift.io/deployer-pod-for.name": "x"}}, {}, None),  # an exception
        ({"annotations": {"gke-parallelstore/volumes": "true"}}, {}, "GKE's Parallelstore CSI driver adds its"),
        ({"annotations": {"gke-parallelstore/volumes": "false"}}, {}, None),
        ({"labels": {"app": "web"}}, {}, None),
    ],
)
def test_which_metadata_asks_a_webhook_for_containers(metadata: dict[str, Any], spec: dict[str, Any], expected: str | None) -> None:
    from pod_resources_cli.model.decode.injection import injected

    why = injected({"metadata": metadata, "spec": spec})
    assert why == expected if expected is None else why is not None and why.startswith(expected)


def test_an_object_with_a_value_a_program_fills_in_is_a_template(capsys: pytest.CaptureFixture[str]) -> None:
    """kubernetes-engine-samples' MPIJob counts its workers with
    ``$NUM_WORKERS``, which envsubst fills in (a false PR002 error); a
    quantity that only holds a variable among other text is still refused."""
    mpi = REAL / "GoogleCloudPlatform__kubernetes-engine-samples/hpc__mpi__hpl-demo.tpl.yaml"
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(mpi)])
    report = json.loads(capsys.readouterr().out)
    [skipped] = report["skipped"]
    assert report["findings"] == [] and skipped["reason"] == "template" and skipped["kind"] == "MPIJob"
    assert skipped["note"].startswith("spec.mpiReplicaSpecs.Worker.replicas holds '$NUM_WORKERS'")


@pytest.mark.parametrize(
    ("value", "template"),
    [
        ("${GPUS}", True), ("$GPUS", True), ("{{ .Values.gpus }}", True), ("@GPUS@", True), ("2${GPUS}", False),
        ("GPU_COUNT", True), ("QUOTA", True),  # tokens a script replaces with sed (percona-server-mongodb-operator's e2e)
        ("two", False), ("2 GPUs", False), ("G", False),
    ],
)  # fmt: skip
def test_which_refused_values_make_a_template(value: str, template: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pod = tmp_path / "pod.yaml"
    pod.write_text(f"apiVersion: v1\nkind: Pod\nmetadata: {{name: p}}\nspec:\n  containers:\n  - name: c\n    resources: {{limits: {{nvidia.com/gpu: '{value}'}}}}\n", encoding="utf-8")
    main(["lint", "--no-config", "-o", "json", str(pod)])
    report = json.loads(capsys.readouterr().out)
    assert (report["summary"]["skipped"]["template"] == 1) is template
    assert ("PR002" in [f["rule"] for f in report["findings"]]) is not template


def test_an_argo_template_with_a_pod_spec_patch_is_as_written_and_not_said_to_lack_resources(capsys: pytest.CaptureFixture[str]) -> None:
    """KFP's system-container-impl has ``podSpecPatch: '{{inputs.parameters.pod-spec-patch}}'``, which
    its driver fills with the component's resources (1000m, 256Mi here): its main container without
    resources gave a false PR138. Argo merges the workflow's and the template's podSpecPatch into the pod
    (workflowpod.go processPodSpecPatch): such a pod is as written, and a missing resource is no finding."""
    name = "kubeflow__pipelines/test_data__compiled-workflows__local_execution_pipeline_with_k8s_only_methods.yaml"
    main(["lint", "--no-config", "-o", "json", str(REAL / name)])
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert "PR138" not in [f["rule"] for f in findings]
    patched = [f for f in findings if f.get("container") == "kfp-launcher"]
    assert patched and all("Argo merges podSpecPatch into the pod" in f["message"] for f in patched)


def test_a_quota_a_script_fills_in_applies_to_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # percona-server-mongodb-operator's pvc-resize test pipes it through `sed "s/QUOTA/${quota}/"` before applying it
    quota = tmp_path / "resourcequota.yml"
    quota.write_text(
        "apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: default-storage-quota\nspec:\n  hard:\n"
        "    STORAGECLASS.storageclass.storage.k8s.io/requests.storage: QUOTA\n",
        encoding="utf-8",
    )
    main(["lint", "--no-config", "-o", "json", str(quota)])
    assert json.loads(capsys.readouterr().out)["findings"] == []  # was: PR002 invalid quantity 'QUOTA'


def test_a_pod_asking_for_the_parallelstore_sidecar_is_no_besteffort_fact(capsys: pytest.CaptureFixture[str]) -> None:
    """GoogleCloudPlatform/ai-on-gke's Parallelstore backup CronJob: GKE adds the driver's sidecar (PR201 before)."""
    job = REAL / "GoogleCloudPlatform__ai-on-gke/tutorials-and-examples__storage__parallelstore-backup-and-recovery__ps-to-gcs-backup.yaml"
    main(["lint", "--no-config", "-o", "json", str(job)])
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [f["rule"] for f in findings] == ["PR138"] and "(as written: GKE's Parallelstore CSI driver adds its sidecar" in findings[0]["message"]


def test_a_declared_count_may_take_the_enclosing_list_items_field() -> None:
    """``^replicas``: each group's members stand for the group's replicas times their own size."""
    from pod_resources_cli.model.decode.workloads import Decoded, decode_workloads

    group = {"apiVersion": "example.com/v1", "kind": "Group", "metadata": {"name": "g"}, "spec": {"groups": [{"name": "a", "replicas": 3, "members": [
        {"name": "m", "size": 2, "template": {"spec": {"containers": [{"name": "c", "image": "x"}]}}}]}]}}  # fmt: skip
    kind = declared_kind("example.com", "Group", ["spec.groups[*].members[*].template"], replicas=["^replicas", "size"])
    found = [d.workload.ref for d in decode_workloads(group, kinds=(kind,)) if isinstance(d, Decoded) and d.workload is not None]
    assert [(ref.template, ref.replicas) for ref in found] == [("groups[0].members[0] m", 6)]


NAMESPACE_INJECTION = (
    "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels:\n    istio-injection: enabled\n",
    "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: shop}\nspec:\n  selector: {matchLabels: {app: web}}\n"
    "  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers: [{name: web, image: nginx}]\n"
    "---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: other, namespace: elsewhere}\nspec:\n"
    "  selector: {matchLabels: {app: o}}\n  template:\n    metadata: {labels: {app: o}}\n    spec:\n      containers: [{name: o, image: nginx}]\n",
)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_namespace_that_asks_for_injection_leaves_its_pods_as_written(
    jobs: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Namespace labelled istio-injection=enabled in the input: Istio adds istio-proxy (100m/128Mi requests by
    default) to each of its pods, so its BestEffort-as-written Deployment is not called BestEffort; a pod of
    another namespace still is. Read as policies are (the first pass), in files and on standard input alike."""
    (tmp_path / "ns.yaml").write_text(NAMESPACE_INJECTION[0])
    (tmp_path / "app.yaml").write_text(NAMESPACE_INJECTION[1])
    main(["lint", "--no-config", "-o", "json", "--jobs", jobs, str(tmp_path)])
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["object"]["name"], f["rule"]) for f in findings] == [("web", "PR138"), ("other", "PR201")]
    assert findings[0]["message"].endswith(f"the Namespace shop asks for it ({tmp_path / 'ns.yaml'}:1))")
    main(["explain", "-o", "json", "--jobs", jobs, str(tmp_path)])
    assert [(p["workload"]["name"], (p["workload"]["asWritten"] or "")[:28]) for p in json.loads(capsys.readouterr().out)["pods"]] == [
        ("web", "Istio adds its istio-proxy s"), ("other", "")]
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO("---\n".join(NAMESPACE_INJECTION).encode())))
    main(["lint", "--no-config", "-o", "json", "-"])  # met on the way: before the pods it applies to
    assert [(f["object"]["name"], f["rule"]) for f in json.loads(capsys.readouterr().out)["findings"]] == [("web", "PR138"), ("other", "PR201")]


@pytest.mark.parametrize(
    ("metadata", "expected"),
    [
        ({"labels": {"istio-injection": "enabled"}}, "Istio adds its istio-proxy s"),
        ({"labels": {"istio.io/rev": "canary"}}, "Istio adds its istio-proxy s"),
        ({"labels": {"istio.io/rev": "canary", "istio-injection": "disabled"}}, None),
        ({"labels": {"istio-injection": "disabled"}}, None),
        ({"annotations": {"linkerd.io/inject": "enabled"}}, "Linkerd adds its linkerd-pro"),
        ({"annotations": {"linkerd.io/inject": "ingress"}}, None),  # ingress mode is a pod's, not a namespace's
        ({"labels": {"linkerd.io/inject": "enabled"}}, None),
        ({"labels": {"kuma.io/sidecar-injection": "enabled"}}, "Kuma adds its kuma-sidecar c"),
        ({"labels": {"kuma.io/sidecar-injection": "true"}}, "Kuma adds its kuma-sidecar c"),
        ({"labels": {"kuma.io/sidecar-injection": "disabled"}}, None),
        ({}, None),
    ],
)
def test_which_namespaces_ask_a_webhook_for_containers(metadata: dict[str, Any], expected: str | None) -> None:
    from pod_resources_cli.model.decode.injection import namespace_injection

    why = namespace_injection({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "n", **metadata}})
    assert (why[:28] if why else None) == expected


def test_a_deployment_asking_jaeger_for_its_agent_is_no_besteffort_fact(capsys: pytest.CaptureFixture[str]) -> None:
    """jaegertracing/jaeger-operator's tracegen Deployment: the annotation on the Deployment itself (not its
    template) makes the operator's webhook add jaeger-agent with the Jaeger's agent resources (PR201 before)."""
    main(["lint", "--no-config", "-o", "json", str(REAL / "jaegertracing__jaeger-operator/examples__tracegen.yaml")])
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["rule"], f["line"]) for f in findings] == [("PR138", 22)]
    assert "(as written: the Jaeger operator adds its jaeger-agent sidecar to the Deployment" in findings[0]["message"]


@pytest.mark.parametrize(
    ("api_version", "annotation", "labels", "asked"),
    [
        ("apps/v1", "true", {}, True),
        ("apps/v1", "simple-prod", {}, True),  # a Jaeger instance's name
        ("apps/v1", "FALSE", {}, False),
        ("apps/v1", "true", {"app": "jaeger"}, False),  # the operator's own Deployments
        ("apps/v1", "true", {"app": "jaeger", "app.kubernetes.io/component": "query"}, True),
        ("apps/v1beta1", "true", {}, False),  # the webhook sees apps/v1 Deployments only
        ("apps/v1", None, {}, False),
    ],
)
def test_which_deployments_ask_jaeger_for_its_agent(api_version: str, annotation: str | None, labels: dict[str, str], asked: bool) -> None:
    from pod_resources_cli.model.decode.injection import deployment_injected

    annotations = {} if annotation is None else {"sidecar.jaegertracing.io/inject": annotation}
    obj = {"apiVersion": api_version, "kind": "Deployment", "metadata": {"name": "d", "annotations": annotations, "labels": labels}}
    assert (deployment_injected(obj) is not None) is asked


def test_a_namespace_asking_jaeger_for_its_agent_leaves_only_its_deployments_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Jaeger's webhook sees Deployments only: a StatefulSet of the same namespace is still judged as it is."""
    (tmp_path / "ns.yaml").write_text("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  annotations:\n    sidecar.jaegertracing.io/inject: 'true'\n")
    template = "  selector: {matchLabels: {app: w}}\n  template:\n    metadata: {labels: {app: w}}\n    spec:\n      containers: [{name: w, image: nginx}]\n"
    (tmp_path / "app.yaml").write_text(
        f"apiVersion: apps/v1\nkind: Deployment\nmetadata: {{name: web, namespace: shop}}\nspec:\n{template}---\n"
        f"apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {{name: db, namespace: shop}}\nspec:\n  serviceName: db\n{template}"
    )
    main(["lint", "--no-config", "-o", "json", str(tmp_path)])
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["object"]["name"], f["rule"]) for f in findings] == [("web", "PR138"), ("db", "PR201")]
    assert findings[0]["message"].endswith(f"the Namespace shop asks for it ({tmp_path / 'ns.yaml'}:1))")


def test_kumas_demo_namespace_asks_for_its_sidecar(capsys: pytest.CaptureFixture[str]) -> None:
    """kumahq/kuma's ``kumactl install demo`` output (the install command's golden file): the kuma-demo Namespace is
    labelled kuma.io/sidecar-injection: enabled, so Kuma's injector adds kuma-sidecar (50m cpu and 64Mi memory
    requested by default) and kuma-init to redis and demo-app, which are not BestEffort (2 PR201 before)."""
    demo = REAL / "kumahq__kuma" / "app__kumactl__cmd__install__testdata__install-demo.defaults.golden.yaml"
    main(["lint", "--no-config", "-o", "json", str(demo)])
    report = json.loads(capsys.readouterr().out)
    findings = report["findings"]
    assert [(f["object"]["name"], f["rule"], f["line"]) for f in findings] == [("redis", "PR138", 55), ("demo-app", "PR138", 84)]
    assert all(f"(as written: Kuma adds its kuma-sidecar container (by default requests of 50m cpu and 64Mi memory" in f["message"]
               and f"the Namespace kuma-demo asks for it ({demo}:3))" in f["message"] for f in findings)  # fmt: skip
    assert report["summary"]["pods"] == 2
    main(["explain", "-o", "json", str(demo)])
    pods = json.loads(capsys.readouterr().out)["pods"]
    assert [(p["workload"]["name"], [c["name"] for c in p["containers"]], p["workload"]["asWritten"][:31]) for p in pods] == [
        ("redis", ["redis"], "Kuma adds its kuma-sidecar cont"), ("demo-app", ["demo-app"], "Kuma adds its kuma-sidecar cont")]


def test_an_operator_kind_loads_its_own_module_only(tmp_path: Path) -> None:
    """A StorageClass of another driver, or a Strimzi Kafka, loads the one operator module that holds the kind,
    not kinds_operators and its hundred tables (pre-commit's start-up with one such file)."""
    import subprocess
    import sys

    (tmp_path / "sc.yaml").write_text("apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: fast}\nprovisioner: ebs.csi.aws.com\n")
    program = (
        "import sys; from pod_resources_cli.cli import main; sys.argv = ['pod-resources', 'lint', '--no-config', sys.argv[1]]\n"
        "try: main()\nexcept SystemExit: pass\n"
        "print(sorted(n.rsplit('.', 1)[1] for n in sys.modules if n.startswith('pod_resources_cli.model.decode.kinds_')))"
    )
    done = subprocess.run([sys.executable, "-c", program, str(tmp_path / "sc.yaml")], capture_output=True, text=True, check=True)
    loaded = done.stdout.strip().splitlines()[-1]
    assert "'kinds_juicefs'" in loaded and "'kinds_operators'" not in loaded and "'kinds_strimzi'" not in loaded, loaded
