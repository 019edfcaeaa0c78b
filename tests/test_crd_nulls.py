"""A null quantity in a custom resource is pruned, in a built-in object it is 0 (model/decode/crd_nulls.py:
kubernetes/kubernetes @008b3652959c apiextensions-apiserver .../schema/defaulting/prunenulls.go), on a real
PyTorchJob (tests/data/real/aws-samples__awsome-distributed-training, SOURCES.tsv)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.model.decode.crd_nulls import pruned
from tests.test_operator_kinds import REAL, pods

FSDP = "aws-samples__awsome-distributed-training/4.validation_and_observability__5.nsight__EKS__fsdp.yaml"
EFA = {"vpc.amazonaws.com/efa": "4"}


def test_a_pytorchjobs_null_gpu_request_is_stored_without_the_key() -> None:
    # `nvidia.com/gpu:` (no value) in requests and limits: the CRD's schema (controller-gen, not nullable) prunes it
    assert pods(FSDP) == [("PyTorchJob", "pytorchReplicaSpecs[Worker]", 2, [("pytorch", EFA, EFA)], False)]


def test_the_pod_asks_no_gpu_and_is_best_effort(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "-o", "json", str(REAL / FSDP)]) == 0
    (pod,) = json.loads(capsys.readouterr().out)["pods"]
    assert (pod["qosClass"], pod["requests"], pod["limits"]) == ("BestEffort", EFA, EFA)
    assert main(["lint", "--no-config", "-o", "json", str(REAL / FSDP)]) == 0
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["rule"], f["line"]) for f in findings] == [("PR201", 38)]


def test_a_built_in_pods_null_quantity_stays_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Quantity.UnmarshalJSON reads null as 0: the Pod asks for 0 GPUs
    text = (REAL / FSDP).read_text(encoding="utf-8")
    spec = text[text.index("          containers:") :]
    pod = tmp_path / "pod.yaml"
    pod.write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: fsdp}\nspec:\n" + "\n".join(line[8:] for line in spec.splitlines()) + "\n")
    assert main(["explain", "-o", "json", str(pod)]) == 0
    (out,) = json.loads(capsys.readouterr().out)["pods"]
    assert out["requests"] == {"nvidia.com/gpu": "0", **EFA}


def test_pruning_copies_only_what_holds_a_null() -> None:
    kept = {"a": [1, None]}
    value = {"x": None, "y": {"z": None, "w": 1}, "k": kept}
    out = pruned(value)
    assert out == {"y": {"w": 1}, "k": {"a": [1, None]}}  # a list keeps its null items, as prunenulls.go does
    assert out["k"] is kept and value["x"] is None  # nothing written in place
    assert pruned(kept) is kept


def test_a_kind_whose_crd_was_not_read_keeps_the_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # KubeDL's PyTorchJob: same template, a CRD not read here, so the null is read as Go's types read it (0)
    text = (REAL / FSDP).read_text(encoding="utf-8").replace('apiVersion: "kubeflow.org/v1"', "apiVersion: training.kubedl.io/v1alpha1")
    job = tmp_path / "job.yaml"
    job.write_text(text)
    assert main(["explain", "-o", "json", str(job)]) == 0
    (out,) = json.loads(capsys.readouterr().out)["pods"]
    assert (out["workload"]["apiVersion"], out["requests"]) == ("training.kubedl.io/v1alpha1", {"nvidia.com/gpu": "0", **EFA})
