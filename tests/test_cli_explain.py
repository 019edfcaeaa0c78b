"""`pod-resources explain` end to end: outputs, schema, exit codes, bad input."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from pod_resources_cli.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
SCHEMA = json.loads((ROOT / "schemas" / "report.schema.json").read_text())


def run(args: list[str], capsys: pytest.CaptureFixture[str], stdin: str | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()))
    try:
        code = main(args)
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    return code, out, err


def explain_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code, out, err = run(["explain", "-o", "json", *args], capsys)
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    jsonschema.validate(data, SCHEMA)
    return data


def test_web_sidecar_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    data = explain_json([str(EXAMPLES / "pods" / "web-sidecar.yaml")], capsys)
    (pod,) = data["pods"]
    assert pod["workload"] == {
        "kind": "Deployment", "name": "web", "namespace": "shop", "replicas": 3, "apiVersion": "apps/v1", "template": None,
        "foundBy": "kind", "asWritten": None, "operator": [],
    }  # fmt: skip
    assert pod["qosClass"] == "Burstable"
    assert pod["requests"] == {"cpu": "600m", "memory": "512Mi"}
    assert pod["requestsWhy"]["memory"] == "max(app 256Mi + log-shipper 64Mi, migrate 512Mi)"
    assert pod["cgroup"]["v2"]["cpu.weight"] == "24"  # 614 shares, the kubelet's linear mapping
    assert pod["cgroup"]["v2"]["memory.max"] == str(1152 * 2**20)
    app = pod["containers"][2]
    assert (app["name"], app["type"], app["cgroup"]["v2"]["cpu.weight"]) == ("app", "regular", "59")
    assert [c["oomScoreAdj"] for c in pod["containers"]] == [985, 993, 993]
    assert data["node"]["embedded"] is True and pod["admission"] is None


def test_pod_level_defaulting_is_annotated(capsys: pytest.CaptureFixture[str]) -> None:
    data = explain_json([str(EXAMPLES / "pods" / "batch-jobs.yaml")], capsys)
    cron, job = data["pods"]
    assert cron["requests"] == {"cpu": "1500m", "memory": "3Gi"} and cron["limits"] == {"cpu": "2", "memory": "4Gi"}
    assert "defaulted" in cron["requestsWhy"]["cpu"]
    assert job["qosClass"] == "BestEffort" and job["workload"]["replicas"] == 4
    assert [c["oomScoreAdj"] for c in job["containers"]] == [1000]


def test_every_example_explains(capsys: pytest.CaptureFixture[str]) -> None:
    """Every example explains; the only errors are the deliberately broken
    lint examples, which announce themselves with an ``expect: PR00x`` comment."""
    code, out, err = run(["explain", "-o", "json", str(EXAMPLES)], capsys)
    data = json.loads(out)
    jsonschema.validate(data, SCHEMA)
    assert len(data["pods"]) >= 50
    paths = [p["source"]["path"] for p in data["pods"]]
    assert paths == sorted(paths)  # files in sorted order, documents in file order
    broken = {line.split(":")[0] for line in err.splitlines()}
    for path in broken:
        assert "expect: PR00" in Path(path).read_text(errors="replace"), path
    assert code == (2 if broken else 0)
    code, out, err = run(["explain", *(str(EXAMPLES / d) for d in ("pods", "kep2837", "kep2570", "nodes"))], capsys)
    assert code == 0 and err == ""
    assert out.count("QoS class:") >= 50


def test_node_gives_placement(capsys: pytest.CaptureFixture[str]) -> None:
    data = explain_json(["--node", str(EXAMPLES / "nodes" / "dual-socket-ht.yaml"), str(EXAMPLES / "pods" / "postgres-guaranteed.yaml")], capsys)
    (pod,) = data["pods"]
    (ctr,) = pod["containers"]
    assert pod["admission"]["admitted"] is True
    assert ctr["exclusiveCPUs"] is True and ctr["cpuset"] == "1-2,21-22" and ctr["isolation"] == "container"
    assert ctr["cgroup"]["v2"]["cpu.max"] == "max 100000"


def test_memory_qos_node(capsys: pytest.CaptureFixture[str]) -> None:
    node = EXAMPLES / "kep2570" / "node-memory-qos.yaml"
    data = explain_json(["--node", str(node), str(EXAMPLES / "kep2570" / "kep2570-table-f0.9-req0500Mi.yaml")], capsys)
    files = data["pods"][0]["containers"][0]["cgroup"]["v2"]
    # KEP-2570 table: limit 1000Mi, request 500Mi, factor 0.9 -> memory.high 950Mi
    assert files["memory.high"] == str(950 * 2**20)


def test_yaml_output_and_stdin(capsys: pytest.CaptureFixture[str]) -> None:
    pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: a\n    resources: {limits: {cpu: 0.5, memory: 1e3}}\n"
    code, out, _ = run(["explain", "-o", "yaml", "-"], capsys, stdin=pod)
    assert code == 0
    assert "qosClass: Guaranteed" in out and "cpu: 500m" in out and "memory: 1k" in out and "path: <stdin>" in out


def test_bad_documents_are_reported_and_the_rest_explained(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "mixed.yaml"
    f.write_text(
        "kind: Pod\nmetadata: {name: bad}\nspec:\n  containers:\n  - name: a\n    resources: {limits: {memory: 1.5.5Gi}}\n"
        "---\nkind: Pod\nmetadata: {name: good}\nspec: {containers: [{name: a}]}\n"
    )
    (tmp_path / "broken.yaml").write_bytes(b"\xff\xfenot utf")
    code, out, err = run(["explain", "-o", "json", str(tmp_path)], capsys)
    assert code == 2
    data = json.loads(out)
    jsonschema.validate(data, SCHEMA)
    assert [p["workload"]["name"] for p in data["pods"]] == ["good"]
    assert f"{f}:6:" in err and "1.5.5Gi" in err
    assert len(err.strip().splitlines()) == 2 and "Traceback" not in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["explain", "missing.yaml"], "missing.yaml: no such file or directory"),
        (["explain", "--feature-gates", "Nope=true", "x"], "unrecognized feature gate: Nope"),
        (["explain", "--feature-gates", "PodLevelResources", "x"], "invalid feature gate"),
        (["explain", "--kubernetes-version", "banana", "x"], "invalid Kubernetes version"),
        (["explain", "-o", "xml", "x"], "xml"),
        (["explain", "--node", "missing-node.yaml", "x"], "missing-node.yaml"),
        (["explain", "--node", "", "x"], "--node: empty value"),  # was: the embedded node, silently
        (["admit", "--node", "", "x"], "--node: empty value"),
        (["explain", "--feature-gates", "PodLevelResources=tRuE", "x"], "invalid feature gate"),  # not a Go bool
    ],
)
def test_cannot_do_the_job_exits_2_with_one_line(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(args, capsys)
    assert code == 2
    assert message in err and "Traceback" not in err
    assert out == ""


def test_version_gates_change_the_answer(capsys: pytest.CaptureFixture[str]) -> None:
    empty = str(EXAMPLES / "kep2837" / "kep2837-empty-pod-resources.yaml")
    new = explain_json([empty], capsys)["pods"][0]
    old = explain_json(["--kubernetes-version", "1.36", empty], capsys)["pods"][0]
    assert new["qosClass"] != "BestEffort" and old["qosClass"] == "BestEffort"
    assert {g["name"]: g["enabled"] for g in old["featureGates"]}["PodLevelResourcesFixKubeletQOSClass"] is False


def test_limit_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deep = tmp_path / "deep.yaml"
    deep.write_text("a: " + "[" * 30 + "]" * 30 + "\n")
    code, _, err = run(["explain", "--max-depth", "10", str(deep)], capsys)
    assert code == 2 and f"{deep}:1:" in err and "raise --max-depth" in err
    assert run(["explain", "--max-depth", "100", str(deep)], capsys)[0] == 0
    code, _, err = run(["explain", "--max-document-bytes", "12x", str(deep)], capsys)
    assert code == 2 and "--max-document-bytes" in err


def test_a_dropped_spec_resources_is_called_out(capsys: pytest.CaptureFixture[str]) -> None:
    ide = str(EXAMPLES / "kep2837" / "kep2837-myide.yaml")
    pod = explain_json(["--kubernetes-version", "1.31", ide], capsys)["pods"][0]
    assert pod["notes"] == ["spec.resources is dropped by the API server: PodLevelResources=false (not in Kubernetes 1.31)"]
    assert pod["podLevelResources"] is False and pod["limits"] == {"cpu": "1", "memory": "256Mi"}
    assert explain_json([ide], capsys)["pods"][0]["notes"] == []


LIMIT_RANGE = """\
apiVersion: v1
kind: LimitRange
metadata: {name: lr, namespace: ns}
spec:
  limits:
  - type: Container
    max: {cpu: "2"}
    min: {memory: 64Mi}
"""
POD_WITHOUT_RESOURCES = """\
apiVersion: v1
kind: Pod
metadata: {name: p, namespace: ns}
spec:
  initContainers:
  - {name: init, image: x}
  containers:
  - name: a
    image: x
    resources: {limits: {memory: 128Mi}}
"""


def _containers(data: dict[str, Any]) -> dict[str, tuple[dict[str, str], dict[str, str], dict[str, str]]]:
    return {c["name"]: (c["requests"], c["limits"], c["why"]) for c in data["pods"][0]["containers"]}


def test_explain_applies_the_namespace_limit_range_wherever_it_is(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The LimitRanger fills what the API server's defaulting left empty:
    default limit from max (2), default request from it, memory request from min."""
    (tmp_path / "a-pod.yaml").write_text(POD_WITHOUT_RESOURCES)
    (tmp_path / "z-limits.yaml").write_text(LIMIT_RANGE)
    got = _containers(explain_json([str(tmp_path)], capsys))
    assert got["init"] == (
        {"cpu": "2", "memory": "64Mi"},
        {"cpu": "2"},
        {"limits.cpu": "LimitRange lr default", "requests.cpu": "LimitRange lr defaultRequest", "requests.memory": "LimitRange lr defaultRequest"},
    )
    assert got["a"][:2] == ({"cpu": "2", "memory": "128Mi"}, {"cpu": "2", "memory": "128Mi"})
    assert got["a"][2]["requests.memory"] == "request defaulted from limit"  # the API server's defaulting comes first
    other = _containers(explain_json([str(tmp_path / "a-pod.yaml")], capsys))
    assert other["init"] == ({}, {}, {})


def test_explain_on_stdin_applies_a_limit_range_met_before_the_pod(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["explain", "-o", "json", "-"], capsys, stdin=LIMIT_RANGE + "---\n" + POD_WITHOUT_RESOURCES)
    assert code == 0, err
    assert _containers(json.loads(out))["init"][0] == {"cpu": "2", "memory": "64Mi"}


def test_a_pod_the_limit_ranger_forbids_is_refused_by_the_api_server(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pod = POD_WITHOUT_RESOURCES.replace("resources: {limits: {memory: 128Mi}}", "resources: {limits: {memory: 32Mi, cpu: '3'}}")
    (tmp_path / "all.yaml").write_text(LIMIT_RANGE + "---\n" + pod)
    admission = explain_json([str(tmp_path)], capsys)["pods"][0]["admission"]
    assert admission == {
        "admitted": False,
        "reason": "Forbidden",
        # PodValidateLimitFunc's order: per container, min before max
        "message": 'pods "p" is forbidden: [minimum memory usage per Container is 64Mi, but request is 32Mi, '
        "maximum cpu usage per Container is 2, but limit is 3]",
        "sharedPoolAfter": None,
        "decidedBy": "apiserver",
    }


def test_an_invalid_limit_range_is_not_applied_by_explain(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "all.yaml").write_text(LIMIT_RANGE.replace('max: {cpu: "2"}', 'max: {cpu: "2"}\n    default: {cpu: "3"}') + "---\n" + POD_WITHOUT_RESOURCES)
    assert _containers(explain_json([str(tmp_path)], capsys))["init"] == ({}, {}, {})


def test_explain_reads_a_pipe_once(capsys: pytest.CaptureFixture[str]) -> None:
    """``explain <(cat all.yaml)``: the policy pre-scan must not consume the
    pipe; the LimitRange before the pod is met on the way, as on stdin."""
    from tests.streams import pipe_path

    with pipe_path(LIMIT_RANGE + "---\n" + POD_WITHOUT_RESOURCES) as path:
        data = explain_json([path], capsys)
    assert data["pods"][0]["source"]["path"] == path
    assert _containers(data)["init"][0] == {"cpu": "2", "memory": "64Mi"}


def test_a_file_named_twice_is_explained_once(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "a.yaml").write_text(POD_WITHOUT_RESOURCES)
    data = explain_json(["d", "d/a.yaml", "./d/../d/a.yaml"], capsys)
    assert [p["source"]["path"] for p in data["pods"]] == ["d/a.yaml"]


def test_feature_gate_values_are_go_bools(capsys: pytest.CaptureFixture[str]) -> None:
    """The kubelet reads them with strconv.ParseBool: 1, t, T, TRUE, true, True and their opposites."""
    empty = str(EXAMPLES / "kep2837" / "kep2837-empty-pod-resources.yaml")
    for value, enabled in (("0", False), ("F", False), ("FALSE", False), ("1", True), ("t", True), ("True", True)):
        pod = explain_json(["--feature-gates", f"PodLevelResourcesFixKubeletQOSClass={value}", empty], capsys)["pods"][0]
        gate = {g["name"]: g for g in pod["featureGates"]}["PodLevelResourcesFixKubeletQOSClass"]
        assert (gate["enabled"], gate["why"]) == (enabled, "set by --feature-gates")


def test_a_gate_the_kubelet_knows_but_that_changes_nothing_here_is_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    pod = explain_json(["--feature-gates", "RotateKubeletServerCertificate=true", str(EXAMPLES / "pods" / "web-sidecar.yaml")], capsys)
    assert pod["pods"][0]["qosClass"] == "Burstable"
