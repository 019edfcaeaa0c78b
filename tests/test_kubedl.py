"""KubeDL's training jobs (training.kubedl.io, kubedl-io/kubedl b93a2b4689ff;
model/decode/kinds_kubedl.py): before, they were found by shape only and
said to be as written; the job controllers add no resources but MPIJob's
kubectl-delivery and the elastic PyTorchJob's master-waiter. The files are
the repository's own examples."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.model.items import WorkloadItem
from pod_resources_cli.run.pipeline import iter_items

KUBEDL = Path(__file__).parent / "data" / "real" / "kubedl-io__kubedl"
PYTORCH = KUBEDL / "example__pytorch__pytorch_job_mnist_mpi.yaml"
Resources = dict[str, str]


def _pods(path: Path) -> list[tuple[str, str | None, int | None, list[tuple[str, str, Resources, Resources]], bool]]:
    return [
        (ref.kind, ref.template, ref.replicas,
         [(c.name, c.type.value, {k: v.canonical() for k, v in c.resources.req.items()}, {k: v.canonical() for k, v in c.resources.lim.items()})
          for c in i.workload.pod.all_containers()],
         ref.as_written is not None)
        for i in iter_items([str(path)]) if isinstance(i, WorkloadItem) for ref in (i.workload.ref,)
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("example__tf__tf_job_mnist.yaml", [
            ("TFJob", "tfReplicaSpecs[Worker]", 1, [("tensorflow", "regular", {"cpu": "1024m", "memory": "1Gi"}, {"cpu": "2048m", "memory": "2Gi"})], False)]),
        # not elastic: no master-waiter on the Worker
        ("example__pytorch__pytorch_job_mnist_mpi.yaml", [
            ("PyTorchJob", "pytorchReplicaSpecs[Master]", 1, [("pytorch", "regular", {}, {})], False),
            ("PyTorchJob", "pytorchReplicaSpecs[Worker]", 2, [("pytorch", "regular", {}, {})], False)]),
        ("example__xgboost__xgboostjob_v1alpha1_iris_train.yaml", [
            ("XGBoostJob", "xgbReplicaSpecs[Master]", 1, [("xgboostjob", "regular", {}, {})], False),
            ("XGBoostJob", "xgbReplicaSpecs[Worker]", 2, [("xgboostjob", "regular", {}, {})], False)]),
    ],
)  # fmt: skip
def test_kubedl_jobs_are_their_replica_templates(name: str, expected: list[Any]) -> None:
    assert _pods(KUBEDL / name) == expected


def test_kubedl_jobs_are_final_and_judged_as_such(capsys: pytest.CaptureFixture[str]) -> None:
    """The XGBoostJob's pods set no resources and KubeDL adds none: BestEffort as a fact (PR201), not PR138's 'as
    written, found by its shape'; the TFJob's worker asks 1024m/1Gi."""
    main(["lint", "--no-config", "-o", "json", str(KUBEDL / "example__xgboost__xgboostjob_v1alpha1_iris_train.yaml")])
    report = json.loads(capsys.readouterr().out)
    assert [(f["rule"], f["object"]["kind"]) for f in report["findings"]] == [("PR201", "XGBoostJob"), ("PR201", "XGBoostJob")]
    main(["explain", "-o", "json", str(KUBEDL / "example__tf__tf_job_mnist.yaml")])
    pods = json.loads(capsys.readouterr().out)["pods"]
    assert [(p["qosClass"], p["requests"], p["limits"]) for p in pods] == [
        ("Burstable", {"cpu": "1024m", "memory": "1Gi"}, {"cpu": "2048m", "memory": "2Gi"})
    ]


def test_an_elastic_pytorchjob_worker_waits_for_its_master(tmp_path: Path) -> None:
    """kubedl.io/enable-elastic-training: "true": SetClusterSpec adds master-waiter (no resources) to each replica
    but the Master (elastic_scale.go AddMasterWaiterForWorker). The real example, annotated."""
    text = PYTORCH.read_text()
    anchor = '  namespace: "kubedl"\n'
    assert anchor in text
    (tmp_path / "elastic.yaml").write_text(text.replace(anchor, anchor + "  annotations:\n    kubedl.io/enable-elastic-training: \"true\"\n"))
    (tmp_path / "not.yaml").write_text(text.replace(anchor, anchor + "  annotations:\n    kubedl.io/enable-elastic-training: \"false\"\n"))
    assert _pods(tmp_path / "elastic.yaml") == [
        ("PyTorchJob", "pytorchReplicaSpecs[Master]", 1, [("pytorch", "regular", {}, {})], False),
        ("PyTorchJob", "pytorchReplicaSpecs[Worker]", 2, [("master-waiter", "init", {}, {}), ("pytorch", "regular", {}, {})], False),
    ]
    assert _pods(tmp_path / "not.yaml") == _pods(PYTORCH)


def test_an_mpijob_launcher_gets_kubectl_delivery(tmp_path: Path) -> None:
    """setupMPILauncher appends kubectl-delivery requesting 100m and 128Mi (no limits); MPIJob's defaulting sets no
    replicas, so an unset count is unknown. The pod template is the real TFJob example's."""
    text = (KUBEDL / "example__tf__tf_job_mnist.yaml").read_text()
    text = text.replace('kind: "TFJob"', 'kind: MPIJob').replace("tfReplicaSpecs:", "mpiReplicaSpecs:")
    worker = text[text.index("    Worker:\n"):]
    launcher = worker.replace("    Worker:\n", "    Launcher:\n").replace("      replicas: 1 \n", "")
    (tmp_path / "mpi.yaml").write_text(text + launcher.replace("    Launcher:\n", "    Launcher:\n", 1))
    gpu = {"cpu": "1024m", "memory": "1Gi"}, {"cpu": "2048m", "memory": "2Gi"}
    assert _pods(tmp_path / "mpi.yaml") == [
        ("MPIJob", "mpiReplicaSpecs[Launcher]", None, [("kubectl-delivery", "init", {"cpu": "100m", "memory": "128Mi"}, {}), ("tensorflow", "regular", *gpu)], False),
        ("MPIJob", "mpiReplicaSpecs[Worker]", 1, [("tensorflow", "regular", *gpu)], False),
    ]
