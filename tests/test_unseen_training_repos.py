"""Training recipes linted as a new user would (issue 22): aws-samples/aws-do-eks's MPIJobs of both API
generations, TorchElastic ElasticJobs, and the eksctl, Karpenter and Volcano objects that carry no pods."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from tests.lint_support import lint_report

EKS = Path(__file__).parent / "data" / "real" / "aws-samples__aws-do-eks"
MPI = "Container-Root__eks__deployment__kubeflow__mpi-operator__test__"
ELASTIC = "Container-Root__eks__deployment__distributed-training__pytorch__elasticjob__samples__"
DELIVERY = {"cpu": "100m", "ephemeral-storage": "5Gi", "memory": "512Mi"}


def _explain(capsys: pytest.CaptureFixture[str], *paths: Path) -> list[dict[str, Any]]:
    main(["explain", "-o", "json", *map(str, paths)])
    pods: list[dict[str, Any]] = json.loads(capsys.readouterr().out)["pods"]
    return pods


def _pod(p: dict[str, Any]) -> tuple[Any, ...]:
    return (p["workload"]["template"], p["workload"]["replicas"], p["qosClass"], p["workload"].get("asWritten"),
            [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]])  # fmt: skip


def test_a_v1alpha2_mpijob_launcher_gets_the_controllers_kubectl_delivery_init_container(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """mpi-operator's v1alpha2 and v1 newLauncher (and training-operator's v1) append kubectl-delivery with 100m cpu,
    512Mi memory and 5Gi ephemeral storage, requests = limits: the launcher that sets nothing is Burstable, not the
    BestEffort pod of its template (PR201 was false); its own container still sets nothing (PR138)."""
    pods = _explain(capsys, EKS / f"{MPI}nccl-tests-efa.yaml")
    worker = {"ephemeral-storage": "8Gi", "memory": "2Gi", "nvidia.com/gpu": "1"}
    assert [_pod(p) for p in pods] == [
        ("mpiReplicaSpecs[Launcher]", 1, "Burstable", None,
         [("kubectl-delivery", "init", DELIVERY, DELIVERY), ("nccl-test-launcher", "regular", {}, {})]),
        ("mpiReplicaSpecs[Worker]", 2, "Burstable", None, [("nccl-worker", "regular", worker, worker)]),
    ]  # fmt: skip
    report = lint_report(capsys, str(EKS / f"{MPI}nccl-tests-efa.yaml"))
    assert sorted(f["rule"] for f in report["findings"]) == ["PR130", "PR137", "PR137", "PR138"]
    assert {f["object"]["name"] for f in report["findings"] if f["rule"] == "PR137"} == {"nccl-tests-efa"}


def test_a_v2beta1_mpijob_launcher_has_no_kubectl_delivery(capsys: pytest.CaptureFixture[str]) -> None:
    """v2beta1's newLauncherPodTemplate reaches the workers over SSH and adds no init container: a launcher that
    sets nothing is BestEffort (PR201 is true there)."""
    pods = _explain(capsys, EKS / f"{MPI}nccl-tests.yaml")
    assert [
        (p["workload"]["apiVersion"], p["workload"]["template"], p["qosClass"], [c["name"] for c in p["containers"]])
        for p in pods
    ] == [
        ("kubeflow.org/v2beta1", "mpiReplicaSpecs[Launcher]", "BestEffort", ["test-nccl-launcher"]),
        ("kubeflow.org/v2beta1", "mpiReplicaSpecs[Worker]", "Burstable", ["nccl-tests-worker"]),
    ]
    report = lint_report(capsys, str(EKS / f"{MPI}nccl-tests.yaml"))
    assert [(f["rule"], f["line"]) for f in report["findings"]] == [("PR201", 16), ("PR130", 88)]


@pytest.mark.parametrize(
    ("api_version", "delivered"),
    [("kubeflow.org/v1", True), ("kubeflow.org/v1alpha2", True), ("kubeflow.org/v2beta1", False)],
)
def test_kubectl_delivery_by_mpijob_api_version(
    api_version: str, delivered: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The init container follows the template's own init containers, whatever resources the launcher writes."""
    path = tmp_path / "m.yaml"
    path.write_text(
        f"apiVersion: {api_version}\nkind: MPIJob\nmetadata: {{name: m}}\nspec:\n  mpiReplicaSpecs:\n    Launcher:\n"
        "      template:\n        spec:\n          initContainers: [{name: prep, image: i}]\n"
        "          containers: [{name: l, image: i, resources: {limits: {cpu: '1', memory: 1Gi}}}]\n",
        encoding="utf-8",
    )
    (launcher,) = _explain(capsys, path)
    one = {"cpu": "1", "memory": "1Gi"}
    inits = [("prep", "init", {}, {})] + ([("kubectl-delivery", "init", DELIVERY, DELIVERY)] if delivered else [])
    assert _pod(launcher) == ("mpiReplicaSpecs[Launcher]", 1, "Burstable", None, [*inits, ("l", "regular", one, one)])


def test_an_elastic_job_is_its_workers_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    """pytorch/elastic's controller makes replicaSpecs[Worker].replicas pods of the template and adds only the
    rendezvous args: the pods are known, not templates found by shape whose operator may add resources."""
    pods = _explain(capsys, EKS / f"{ELASTIC}imagenet.yaml", EKS / f"{ELASTIC}imagenet-efa.yaml")
    gpu8 = {"nvidia.com/gpu": "8"}
    efa = {"hugepages-2Mi": "5Gi", "memory": "80000Mi", "nvidia.com/gpu": "8", "vpc.amazonaws.com/efa": "4"}
    assert [(p["workload"]["kind"], p["workload"]["foundBy"], *_pod(p)) for p in pods] == [
        (
            "ElasticJob",
            "kind",
            "replicaSpecs[Worker]",
            2,
            "BestEffort",
            None,
            [("elasticjob-worker", "regular", gpu8, gpu8)],
        ),
        (
            "ElasticJob",
            "kind",
            "replicaSpecs[Worker]",
            2,
            "Burstable",
            None,
            [("elasticjob-worker", "regular", efa, efa)],
        ),
    ]
    report = lint_report(capsys, str(EKS / f"{ELASTIC}imagenet.yaml"), str(EKS / f"{ELASTIC}imagenet-efa.yaml"))
    assert [(f["rule"], f["path"].rsplit("__", 1)[-1], f["line"]) for f in report["findings"]] == [
        ("PR130", "imagenet-efa.yaml", 60),
        ("PR201", "imagenet.yaml", 21),
    ]
    assert all("found by its shape" not in f["message"] for f in report["findings"])


def test_an_elastic_job_without_replicas_has_an_unknown_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nothing defaults a ReplicaSpec's replicas for ElasticJob: the count is unknown, not 1."""
    path = tmp_path / "e.yaml"
    path.write_text(
        "apiVersion: elastic.pytorch.org/v1alpha1\nkind: ElasticJob\nmetadata: {name: e}\nspec:\n  rdzvEndpoint: etcd:2379\n"
        "  replicaSpecs:\n    Worker:\n      template:\n        spec:\n          containers: [{name: w, image: i}]\n",
        encoding="utf-8",
    )
    (pod,) = _explain(capsys, path)
    assert (pod["workload"]["template"], pod["workload"]["replicas"]) == ("replicaSpecs[Worker]", None)


def test_eksctl_karpenter_and_volcano_configuration_carries_no_pods(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """eksctl's ClusterConfig (an input file of eksctl), Karpenter's v1alpha1 AWSNodeTemplate and Volcano's Queue and
    PodGroup are objects without pods, not custom objects searched in vain."""
    path = tmp_path / "c.yaml"
    path.write_text(
        "apiVersion: eksctl.io/v1alpha5\nkind: ClusterConfig\nmetadata: {name: c, region: us-west-2}\n"
        "managedNodeGroups: [{name: g, instanceType: p5.48xlarge, desiredCapacity: 2}]\n---\n"
        "apiVersion: karpenter.k8s.aws/v1alpha1\nkind: AWSNodeTemplate\nmetadata: {name: t}\nspec: {subnetSelector: {a: b}}\n---\n"
        "apiVersion: scheduling.volcano.sh/v1beta1\nkind: Queue\nmetadata: {name: q}\nspec: {weight: 1, reclaimable: false}\n---\n"
        "apiVersion: scheduling.volcano.sh/v1beta1\nkind: PodGroup\nmetadata: {name: g}\nspec: {minMember: 2, minResources: {cpu: '2'}}\n",
        encoding="utf-8",
    )
    report = lint_report(capsys, str(path))
    counted = report["summary"]["skipped"]
    assert report["summary"]["pods"] == 0 and report["findings"] == [] and counted["nothing-found"] == {}
    assert counted["no-pods"] == {"ClusterConfig": 1, "AWSNodeTemplate": 1, "Queue": 1, "PodGroup": 1}
