"""`pod-resources admit`: ordered admission, refusals with the kubelet's reasons."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from pod_resources_cli.cli import main

ROOT = Path(__file__).resolve().parents[1]
NODES = ROOT / "examples" / "nodes"
SCHEMA = json.loads((ROOT / "schemas" / "report.schema.json").read_text())


def guaranteed(name: str, cpu: str, memory: str = "1Gi") -> str:
    return (
        f"apiVersion: v1\nkind: Pod\nmetadata: {{name: {name}}}\nspec:\n  containers:\n  - name: main\n"
        f"    resources: {{limits: {{cpu: '{cpu}', memory: {memory}}}}}\n"
    )


def admit_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code = main(["admit", "-o", "json", *args])
    out, err = capsys.readouterr()
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    jsonschema.validate(data, SCHEMA)
    return data


def test_pool_shrinks_and_a_pod_that_does_not_fit_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "pods.yaml"
    f.write_text("---\n".join([guaranteed("a", "4"), guaranteed("b", "2"), guaranteed("huge", "60"), guaranteed("c", "2"), guaranteed("odd", "1")]))
    data = admit_json(["--node", str(NODES / "dual-socket-ht.yaml"), str(f)], capsys)
    pods = {p["workload"]["name"]: p for p in data["pods"]}
    assert [p["workload"]["name"] for p in data["pods"]] == ["a", "b", "huge", "c", "odd"]
    assert pods["a"]["containers"][0]["cpuset"] == "1-2,21-22"
    assert pods["b"]["containers"][0]["cpuset"] == "3,23"
    assert pods["a"]["admission"]["sharedPoolAfter"] == "0,3-20,23-39"
    assert pods["b"]["admission"]["sharedPoolAfter"] == "0,4-20,24-39"
    huge = pods["huge"]["admission"]
    assert huge["admitted"] is False
    assert huge["reason"] in ("TopologyAffinityError", "OutOfcpu")
    assert pods["huge"]["containers"][0]["cpuset"] is None
    # the refused pod gave everything back: c is placed as if huge never came
    assert pods["c"]["admission"]["admitted"] is True and pods["c"]["containers"][0]["cpuset"] == "4,24"
    # full-pcpus-only on this node: an odd cpu count cannot take whole cores
    odd = pods["odd"]["admission"]
    assert (odd["admitted"], odd["reason"]) == (False, "SMTAlignmentError")
    assert odd["message"] == "SMT Alignment Error: requested 1 cpus not multiple cpus per core = 2"
    assert data["admission"]["reservedCPUs"] == "0,10,20,30"


def test_fit_refusal_after_the_managers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "pods.yaml"
    # memory that no node of this size has: the managers pass (no exclusive cpu), fit refuses
    f.write_text(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: big}\nspec:\n  containers:\n  - name: main\n"
        "    resources: {requests: {cpu: 100m, memory: 4Ti}}\n"
    )
    data = admit_json(["--node", str(NODES / "laptop.yaml"), str(f)], capsys)
    admission = data["pods"][0]["admission"]
    assert admission["admitted"] is False and admission["reason"] == "OutOfmemory"
    assert admission["message"].startswith("Node didn't have enough resource: memory, requested: 4398046511104")


def test_table_output_draws_the_map(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "pods.yaml"
    f.write_text(guaranteed("db", "2"))
    code = main(["admit", "--node", str(NODES / "laptop.yaml"), str(f)])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "Admission, in order" in out and "db/main" in out and "reserved" in out


def test_admit_requires_a_node(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["admit", "x.yaml"]) == 2
    assert "--node" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["explain", "admit", "lint"])
def test_a_kubelet_config_the_kubelet_refuses_exits_2_naming_the_file(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    node = tmp_path / "node.yaml"
    node.write_text((NODES / "laptop.yaml").read_text().replace("cpuManagerPolicy: static", "cpuManagerPolicy: turbo"))
    pod = tmp_path / "pod.yaml"
    pod.write_text(guaranteed("p", "1"))
    assert main([command, "--node", str(node), str(pod)]) == 2
    out, err = capsys.readouterr()
    assert err.strip() == f'pod-resources: error: {node}: the kubelet refuses this configuration: unknown policy: "turbo"'
    assert "Traceback" not in out


def test_admit_applies_limit_range_defaults_before_placing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A LimitRange default making the container Guaranteed with 2 CPUs gets it exclusive CPUs."""
    (tmp_path / "policy.yaml").write_text(
        "apiVersion: v1\nkind: LimitRange\nmetadata: {name: lr, namespace: ns}\nspec:\n  limits:\n"
        "  - type: Container\n    default: {cpu: '2', memory: 1Gi}\n"
    )
    (tmp_path / "pod.yaml").write_text(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: ns}\nspec:\n  containers:\n  - {name: app, image: x}\n"
    )
    data = admit_json(["--node", str(ROOT / "examples" / "nodes" / "laptop.yaml"), str(tmp_path)], capsys)
    [pod] = data["pods"]
    assert pod["qosClass"] == "Guaranteed"
    [app] = pod["containers"]
    assert (app["requests"], app["why"]["requests.cpu"]) == ({"cpu": "2", "memory": "1Gi"}, "LimitRange lr defaultRequest")
    assert (app["exclusiveCPUs"], app["cpuset"], app["isolation"]) == (True, "1,5", "container")  # one whole core


def test_admit_reads_a_pipe_once_and_each_file_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``admit <(cat pods.yaml)`` admits its pods (the policy pre-scan leaves a
    pipe alone); a file named twice is one pod, not two."""
    from tests.streams import pipe_path

    node = str(NODES / "laptop.yaml")
    with pipe_path(guaranteed("p", "1") + "---\n" + guaranteed("q", "1")) as path:
        data = admit_json(["--node", node, path], capsys)
    assert [p["workload"]["name"] for p in data["pods"]] == ["p", "q"]
    (tmp_path / "p.yaml").write_text(guaranteed("p", "1"))
    data = admit_json(["--node", node, str(tmp_path), str(tmp_path / "p.yaml")], capsys)
    assert [p["workload"]["name"] for p in data["pods"]] == ["p"]


@pytest.mark.parametrize("command", ["explain", "admit", "lint"])
def test_a_node_file_gate_the_kubelet_does_not_know_exits_2_naming_the_file(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As --feature-gates Bogus=true does; gates the kubelet knows (most change nothing here) still load."""
    node = tmp_path / "node.yaml"
    laptop = (NODES / "laptop.yaml").read_text()
    node.write_text(laptop + "---\nkind: KubeletConfiguration\nfeatureGates: {RotateKubeletServerCertificate: true, Bogus: true}\n")
    pod = tmp_path / "pod.yaml"
    pod.write_text(guaranteed("p", "1"))
    assert main([command, "--node", str(node), str(pod)]) == 2
    out, err = capsys.readouterr()
    assert err == f"pod-resources: error: {node}: the kubelet refuses this configuration: unrecognized feature gate: Bogus\n"
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in out
    node.write_text(laptop + "---\nkind: KubeletConfiguration\nfeatureGates: {RotateKubeletServerCertificate: true}\n")
    assert main([command, "--node", str(node), str(pod)]) == 0
    capsys.readouterr()
