"""Pods read from the cluster (`kubectl get pod -o yaml|json`): explained as the kubelet runs them.

Fixtures in tests/data/running/ are shaped as kubectl prints them (1.33+
conditions, managed metadata, volumes, container states); `pod/NAME` is read
through a fake `kubectl` put first on PATH (no cluster).
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from pod_resources_cli.model.decode.workloads import Decoded, decode_workloads
from pod_resources_cli.source import kubectl
from pod_resources_cli.source.yamldoc import Document, load_documents
from tests.test_cli_explain import SCHEMA, run

DATA = Path(__file__).resolve().parent / "data" / "running"
IN_PROGRESS = DATA / "resize-in-progress.yaml"
DEFERRED = DATA / "resize-deferred.json"
LIST = DATA / "list-two-pods.yaml"
POD_LEVEL = DATA / "pod-level-resize.yaml"


def explain(args: list[str], capsys: pytest.CaptureFixture[str], stdin: str | None = None) -> dict[str, Any]:
    code, out, err = run(["explain", "-o", "json", *args], capsys, stdin)
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    jsonschema.validate(data, SCHEMA)
    return data


def one_pod(args: list[str], capsys: pytest.CaptureFixture[str], stdin: str | None = None) -> dict[str, Any]:
    (pod,) = explain(args, capsys, stdin)["pods"]
    return pod


def table(args: list[str], capsys: pytest.CaptureFixture[str], stdin: str | None = None) -> str:
    code, out, err = run(["explain", *args], capsys, stdin)
    assert code == 0, err
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", out).split())  # the panel's lines joined: rich wraps long ones


def test_status_is_decoded() -> None:
    (doc,) = [d for d in load_documents(str(IN_PROGRESS), IN_PROGRESS.read_bytes()) if isinstance(d, Document)]
    (decoded,) = [d for d in decode_workloads(doc.data) if isinstance(d, Decoded)]
    assert not decoded.problems  # every other status field is the cluster's business
    assert decoded.workload is not None
    status = decoded.workload.pod.status
    assert (status.present, status.phase, status.qos_class) == (True, "Running", "Burstable")
    assert [(c.type, c.reason) for c in status.resize] == [("PodResizeInProgress", "")]
    api = status.container_statuses[0]
    assert (api.name, api.state) == ("api", "running")
    assert api.resources is not None and {k: v.canonical() for k, v in api.resources.lim.items()} == {"cpu": "1", "memory": "1Gi"}
    assert api.allocated_resources is not None and api.allocated_resources["cpu"].canonical() == "1"


def test_resize_in_progress_runs_the_actuated_values(capsys: pytest.CaptureFixture[str]) -> None:
    pod = one_pod([str(IN_PROGRESS)], capsys)
    # The spec's values stay the contract's requests and limits ...
    assert pod["requests"] == {"cpu": "1050m", "memory": "576Mi"}
    assert pod["containers"][0]["limits"] == {"cpu": "2", "memory": "1Gi"}
    # ... the cgroups are those of what runs: cpu limit 1, request 500m.
    api = pod["containers"][0]
    assert api["cgroup"]["v2"]["cpu.max"] == "100000 100000"
    assert api["cgroup"]["v2"]["cpu.weight"] == "59"  # 512 shares, not 1024
    assert pod["cgroup"]["v2"]["cpu.weight"] == "22"  # the pod's 550m
    running = pod["running"]
    assert running["phase"] == "Running" and running["qosClass"] == "Burstable"
    assert running["requests"] == {"cpu": "550m", "memory": "576Mi"}
    assert running["schedulerRequests"] == {"cpu": "1050m", "memory": "576Mi"}  # the larger of spec and status
    assert running["resize"] == {
        "status": "InProgress", "reason": None, "message": None, "condition": "PodResizeInProgress", "alsoInProgress": False,
    }  # fmt: skip
    first = running["containers"][0]
    assert (first["source"], first["state"], first["allocated"]) == ("status.resources", "running", {"cpu": "1", "memory": "512Mi"})
    assert first["differs"] == [
        {"kind": "requests", "resource": "cpu", "spec": "1", "running": "500m"},
        {"kind": "limits", "resource": "cpu", "spec": "2", "running": "1"},
    ]
    assert running["containers"][1]["differs"] == []
    text = table([str(IN_PROGRESS)], capsys)
    assert "resize in progress: api asks cpu request 1, running with 500m (allocated 1) (PodResizeInProgress)" in text
    assert "resize in progress: api asks cpu limit 2, running with 1 (PodResizeInProgress)" in text
    assert "log-shipper asks" not in text


def test_deferred_resize_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    pod = one_pod([str(DEFERRED)], capsys)
    running = pod["running"]
    assert running["resize"]["status"] == "Pending" and running["resize"]["reason"] == "Deferred"
    assert running["resize"]["message"] == "Node didn't have enough resource: cpu, requested: 2000, used: 14350, capacity: 15890"
    assert running["requests"] == {"cpu": "1", "memory": "3Gi"}
    assert running["schedulerRequests"] == {"cpu": "2", "memory": "3Gi"}
    assert pod["cgroup"]["v2"]["cpu.max"] == "200000 100000"  # the actuated limit 2, not the spec's 4
    text = table([str(DEFERRED)], capsys)
    assert (
        "resize pending: worker asks cpu request 2, running with 1 (PodResizePending: Deferred: Node didn't have enough "
        "resource: cpu, requested: 2000, used: 14350, capacity: 15890)"
    ) in text


def test_list_of_two_pods(capsys: pytest.CaptureFixture[str]) -> None:
    postgres, web = explain([str(LIST)], capsys)["pods"]
    # A pod that exists is not admitted again: its priority class is not needed here.
    assert postgres["admission"] is None
    assert postgres["priority"]["value"] == 1000000
    assert postgres["running"]["resize"] is None
    assert [c["source"] for c in postgres["running"]["containers"]] == ["status.resources", "status.resources"]
    assert postgres["running"]["containers"][0]["state"] == "terminated"
    sidecar = web["running"]["containers"][0]
    assert (sidecar["name"], sidecar["requests"]) == ("log-forwarder", {"cpu": "50m", "memory": "96Mi"})
    assert all(c["differs"] == [] for p in (postgres, web) for c in p["running"]["containers"])
    assert web["notes"] == [] and postgres["notes"] == []


def test_pod_level_resize(capsys: pytest.CaptureFixture[str]) -> None:
    pod = one_pod([str(POD_LEVEL)], capsys)
    level = pod["running"]["podLevel"]
    assert level["requests"] == {"cpu": "4", "memory": "16Gi"}
    assert level["differs"] == [
        {"kind": "requests", "resource": "cpu", "spec": "8", "running": "4"},
        {"kind": "limits", "resource": "cpu", "spec": "8", "running": "4"},
    ]
    assert pod["cgroup"]["v2"]["cpu.max"] == "400000 100000"
    assert pod["containers"][0]["cgroup"]["v2"]["cpu.max"] == "400000 100000"  # no limit of its own: the pod's
    assert "resize in progress: the pod (spec.resources) asks cpu limit 8, running with 4 (PodResizeInProgress)" in table([str(POD_LEVEL)], capsys)
    # Without pod-level resize the kubelet has nothing to resize at pod level: the spec runs.
    off = one_pod(["--feature-gates", "InPlacePodLevelResourcesVerticalScaling=false", str(POD_LEVEL)], capsys)
    assert off["running"]["podLevel"] is None
    assert off["cgroup"]["v2"]["cpu.max"] == "800000 100000"


def _edited(path: Path, *pairs: tuple[str, str]) -> str:
    text = path.read_text()
    for old, new in pairs:
        assert old in text
        text = text.replace(old, new, 1)
    return text


def test_qos_mismatch_tool_and_cluster_disagree(capsys: pytest.CaptureFixture[str]) -> None:
    text = _edited(IN_PROGRESS, ("qosClass: Burstable", "qosClass: Guaranteed"))
    pod = one_pod(["-"], capsys, stdin=text)
    assert pod["qosClass"] == "Burstable"
    (note,) = pod["notes"]
    assert note.startswith("status.qosClass is Guaranteed, but the spec here makes the pod Burstable")
    assert "this tool and the cluster disagree" in note
    assert pod["cgroupParent"] == "/kubepods.slice"  # the kubelet keeps the status's class


def test_qos_mismatch_spec_edited(capsys: pytest.CaptureFixture[str]) -> None:
    spec_limits = "      resources:\n        limits:\n          cpu: \"2\"\n          memory: 4Gi\n        requests:\n          cpu: \"2\"\n          memory: 4Gi\n      terminationMessagePath"
    text = _edited(LIST, (spec_limits, spec_limits.replace('cpu: "2"\n          memory: 4Gi\n        requests', 'cpu: "4"\n          memory: 4Gi\n        requests')))
    postgres = explain(["-"], capsys, stdin=text)["pods"][0]
    assert postgres["qosClass"] == "Burstable"
    (note,) = postgres["notes"]
    assert "the spec was edited after the pod was created" in note
    assert postgres["containers"][1]["cgroup"]["v2"]["cpu.max"] == "200000 100000"  # what runs


def test_legacy_status_resize_and_both_conditions(capsys: pytest.CaptureFixture[str]) -> None:
    legacy = _edited(IN_PROGRESS, ("    type: PodResizeInProgress\n", "    type: SomethingElse\n"), ("  qosClass: Burstable\n", "  qosClass: Burstable\n  resize: InProgress\n"))
    pod = one_pod(["--kubernetes-version", "1.32", "--feature-gates", "InPlacePodVerticalScaling=true", "-"], capsys, stdin=legacy)
    assert pod["running"]["resize"]["status"] == "InProgress" and pod["running"]["resize"]["condition"] == "status.resize"
    both = _edited(
        IN_PROGRESS,
        ("    type: PodResizeInProgress\n", "    type: PodResizeInProgress\n  - lastProbeTime: null\n    lastTransitionTime: \"2026-11-26T06:42:10Z\"\n"
         "    message: 'Node didn''t have enough capacity: cpu, requested: 24000, capacity: 15890'\n    reason: Infeasible\n    status: \"True\"\n"
         "    type: PodResizePending\n"),
    )  # fmt: skip
    resize = one_pod(["-"], capsys, stdin=both)["running"]["resize"]
    assert (resize["status"], resize["reason"], resize["alsoInProgress"]) == ("Pending", "Infeasible", True)


def test_unreported_difference_and_gate_off(capsys: pytest.CaptureFixture[str]) -> None:
    quiet = _edited(IN_PROGRESS, ("    type: PodResizeInProgress\n", "    type: SomethingElse\n"))
    pod = one_pod(["-"], capsys, stdin=quiet)
    assert pod["running"]["resize"]["status"] == "Unreported"
    assert "spec differs from what runs: api asks cpu limit 2, running with 1 (the status reports no resize" in table(["-"], capsys, stdin=quiet)
    # Before in-place resize, resources cannot change: the kubelet runs the spec.
    old = one_pod(["--kubernetes-version", "1.30", "-"], capsys, stdin=quiet)
    assert [c["source"] for c in old["running"]["containers"]] == ["spec", "spec"]
    assert old["containers"][0]["cgroup"]["v2"]["cpu.max"] == "200000 100000"
    assert any("InPlacePodVerticalScaling=false" in n and "the kubelet runs the spec" in n for n in old["notes"])


def test_manifest_without_status_has_no_running(capsys: pytest.CaptureFixture[str]) -> None:
    text = IN_PROGRESS.read_text().split("\nstatus:\n")[0] + "\n"
    assert one_pod(["-"], capsys, stdin=text)["running"] is None


def test_filename_option_is_repeatable(capsys: pytest.CaptureFixture[str]) -> None:
    data = explain(["-f", str(DEFERRED), "--filename", str(POD_LEVEL), str(IN_PROGRESS)], capsys)
    assert [p["workload"]["name"] for p in data["pods"]] == ["api-7d9f6c5b8-x2kqp", "ingest-worker-0", "trainer-shard-3"]


def _fake_kubectl(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str) -> Path:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "kubectl"
    script.write_text(f"#!/bin/sh\nprintf '%s\\n' \"$@\" > {tmp_path / 'argv'}\n{body}\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}/usr/bin{os.pathsep}/bin")
    return tmp_path / "argv"


def test_pod_reference_reads_kubectl(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    argv = _fake_kubectl(tmp_path, monkeypatch, f"cat {DEFERRED}")
    for ref in ("pod/ingest-worker-0", "pods/ingest-worker-0", "po/ingest-worker-0"):
        pod = one_pod([ref, "-n", "data"], capsys)
        assert pod["source"]["path"] == "pod/ingest-worker-0"
        assert pod["running"]["resize"]["reason"] == "Deferred"
        assert argv.read_text().split() == ["get", "pod", "ingest-worker-0", "-o", "json", "--namespace", "data"]


def test_pod_reference_failures(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _fake_kubectl(
        tmp_path, monkeypatch,
        "echo 'E1126 06:51:41.606036   31024 memcache.go:265] \"Unhandled Error\"' >&2\n"
        "echo 'Error from server (NotFound): pods \"gone\" not found' >&2\nexit 1",
    )  # fmt: skip
    code, out, err = run(["explain", "pod/gone"], capsys)
    assert (code, out) == (2, "")
    assert err.strip() == 'pod-resources: error: pod/gone: kubectl get pod failed: Error from server (NotFound): pods "gone" not found'
    code, _, err = run(["explain", "pod/Not_A_Name"], capsys)
    assert code == 2 and "not a pod name" in err
    code, _, err = run(["explain", "pod/x", "-n", "Bad NS"], capsys)
    assert code == 2 and "not a namespace name" in err
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    code, out, err = run(["explain", "pod/web"], capsys)
    assert (code, out) == (2, "")
    assert "kubectl is not on PATH" in err and "kubectl get pod web -o yaml | pod-resources explain -" in err


def test_pod_reference_time_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _fake_kubectl(tmp_path, monkeypatch, "exec sleep 30")
    monkeypatch.setattr(kubectl, "TIMEOUT_SECONDS", 0.2)
    code, _, err = run(["explain", "pod/slow"], capsys)
    assert code == 2 and "did not finish in 0.2 s" in err


def test_an_existing_path_is_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "pod").mkdir()
    (tmp_path / "pod" / "web").write_text(DEFERRED.read_text())
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))  # kubectl would fail: it is never asked
    assert one_pod(["pod/web"], capsys)["source"]["path"] == "pod/web"


def test_a_status_field_that_cannot_be_read_is_left_out(capsys: pytest.CaptureFixture[str]) -> None:
    text = _edited(
        IN_PROGRESS,
        ("  phase: Running\n", "  phase: Running\n  someFieldOfALaterRelease: {a: 1}\n"),
        ("  hostIP: 10.0.12.31\n", "  - 7\n  hostIP: 10.0.12.31\n"),
    )
    pod = one_pod(["-"], capsys, stdin=text)
    assert pod["notes"] == ["status.containerStatuses[2]: must be an object, not a number (left out)"]
    assert [c["source"] for c in pod["running"]["containers"]] == ["status.resources", "status.resources"]


def test_admit_runs_what_runs(capsys: pytest.CaptureFixture[str]) -> None:
    node = Path(__file__).resolve().parents[1] / "examples" / "nodes"
    code, out, err = run(["admit", "--node", str(sorted(node.glob("*.yaml"))[0]), "-o", "json", str(DEFERRED), str(IN_PROGRESS)], capsys)
    assert code == 0, err
    data = json.loads(out)
    jsonschema.validate(data, SCHEMA)
    worker, api = data["pods"]
    assert worker["admission"]["admitted"] and worker["running"]["resize"]["reason"] == "Deferred"
    assert worker["containers"][0]["cgroup"]["v2"]["cpu.max"] == "200000 100000"  # the actuated limit 2
    assert api["containers"][0]["cgroup"]["v2"]["cpu.weight"] == "59"  # the actuated request 500m
    assert worker["limits"]["cpu"] == "4"  # the spec's, as explain shows it
