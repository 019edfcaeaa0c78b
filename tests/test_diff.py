"""`pod-resources diff`: the same pods under two settings, every change with
its before, after and the setting that decided it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from pod_resources_cli.cli import main

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "schemas" / "diff.schema.json").read_text(encoding="utf-8"))

BURSTABLE = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  replicas: 3
  template:
    spec:
      containers:
      - name: app
        image: web
        resources:
          requests: {cpu: 500m, memory: 256Mi}
          limits: {memory: 1Gi}
---
apiVersion: v1
kind: Pod
metadata: {name: pinned}
spec:
  containers:
  - name: db
    image: postgres
    resources:
      requests: {cpu: "2", memory: 1Gi}
      limits: {cpu: "2", memory: 1Gi}
---
apiVersion: v1
kind: Pod
metadata: {name: idle}
spec:
  containers:
  - name: sleeper
    image: busybox
"""

QOS_NODE = """\
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
cgroupDriver: systemd
memoryThrottlingFactor: 0.9
memoryReservationPolicy: TieredReservation
---
apiVersion: v1
kind: Node
metadata: {name: qos-node}
status:
  capacity: {cpu: "8", memory: 16Gi, pods: "110"}
  allocatable: {cpu: "8", memory: 16Gi, pods: "110"}
"""

STATIC_NODE = """\
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
cgroupDriver: systemd
cpuManagerPolicy: static
reservedSystemCPUs: "0"
---
apiVersion: pod-resources/v1
kind: NodeProfile
name: pinning-node
sockets: 1
coresPerSocket: 8
threadsPerCore: 1
memoryPerNumaNode: 16Gi
"""


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    out = {}
    for name, text in (("pods.yaml", BURSTABLE), ("qos-node.yaml", QOS_NODE), ("static-node.yaml", STATIC_NODE)):
        (tmp_path / name).write_text(text)
        out[name] = str(tmp_path / name)
    none_node = STATIC_NODE.replace("cpuManagerPolicy: static\nreservedSystemCPUs: \"0\"\n", "")
    (tmp_path / "none-node.yaml").write_text(none_node)
    out["none-node.yaml"] = str(tmp_path / "none-node.yaml")
    return out


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def diff_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    code, out, err = run(capsys, "diff", *args, "-o", "json")
    assert code == 0, err
    doc: dict[str, Any] = json.loads(out)
    errors = list(Draft202012Validator(SCHEMA).iter_errors(doc))
    assert not errors, errors[0].message
    return doc


def changes_of(doc: dict[str, Any], name: str) -> dict[str, dict[str, Any]]:
    pod = next(p for p in doc["pods"] if p["workload"]["name"] == name)
    return {c["field"]: c for c in pod["changes"]}


def test_the_same_settings_change_nothing(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    doc = diff_json(capsys, files["pods.yaml"], "--node", files["qos-node.yaml"])
    assert doc["settings"] == [] and doc["pods"] == [] and doc["groups"] == []
    assert doc["unchanged"] == 3 and doc["summary"]["pods"] == 3


def test_memory_qos_on_sets_memory_high_for_the_burstable_container(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    doc = diff_json(
        capsys, files["pods.yaml"], "--node", files["qos-node.yaml"],
        "--from-feature-gates", "MemoryQoS=false", "--to-feature-gates", "MemoryQoS=true",
    )  # fmt: skip
    assert [s["key"] for s in doc["settings"]] == ["MemoryQoS"]
    web = changes_of(doc, "web")
    high = web["containers[app].cgroup.v2.memory.high"]
    # 256Mi + 0.9 * (1Gi - 256Mi), floored to a 4 KiB page: KEP-2570's formula
    assert (high["before"]["value"], high["after"]["value"]) == ("max", "993210368")
    assert high["reasons"] == ["MemoryQoS"]
    assert web["containers[app].cgroup.v2.memory.low"]["after"]["value"] == str(256 * 2**20)
    db = changes_of(doc, "pinned")
    assert db["containers[db].cgroup.v2.memory.min"]["after"]["value"] == str(2**30)  # Guaranteed: memory.min
    assert "containers[db].cgroup.v2.memory.high" not in db  # request = limit: not written, the kernel's max either way
    idle = changes_of(doc, "idle")  # BestEffort: throttled below the node's allocatable memory
    assert idle["containers[sleeper].cgroup.v2.memory.high"]["after"]["value"] == "15461879808"
    assert set(idle) == {"containers[sleeper].cgroup.v2.memory.high"}  # memory.min/low 0: the kernel default
    group = next(g for g in doc["groups"] if g["field"] == "containers[*].cgroup.v2.memory.high")
    assert group == {"reasons": ["MemoryQoS"], "field": "containers[*].cgroup.v2.memory.high", "changes": 2, "pods": 2}
    assert doc["unchanged"] == 0 and len(doc["pods"]) == 3


def test_a_static_cpu_manager_pins_the_guaranteed_container_only(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    doc = diff_json(capsys, files["pods.yaml"], "--from-node", files["none-node.yaml"], "--to-node", files["static-node.yaml"])
    assert {s["key"] for s in doc["settings"]} == {"cpuManagerPolicy", "reservedSystemCPUs"}
    db = changes_of(doc, "pinned")
    cpuset = db["containers[db].cpuset"]
    assert cpuset["after"]["value"] == "1-2" and cpuset["reasons"] == ["cpuManagerPolicy", "reservedSystemCPUs"]
    assert db["containers[db].exclusiveCPUs"]["after"]["value"] == "true"
    cpu_max = db["containers[db].cgroup.v2.cpu.max"]
    assert (cpu_max["before"]["value"], cpu_max["after"]["value"]) == ("200000 100000", "max 100000")  # no quota on exclusive CPUs
    assert [p["workload"]["name"] for p in doc["pods"]] == ["pinned"] and doc["unchanged"] == 2


def test_table_groups_by_reason_and_wide_lists_every_change(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    args = [files["pods.yaml"], "--node", files["qos-node.yaml"], "--from-feature-gates", "MemoryQoS=false", "--to-feature-gates", "MemoryQoS=true"]
    table = run(capsys, "diff", *args)[1]
    lines = table.splitlines()
    assert lines[0] == "From: Kubernetes 1.37, node qos-node"
    because = next(i for i, line in enumerate(lines) if line.startswith("Because of feature gate MemoryQoS: false"))
    assert lines[because + 1] == "  containers[*].cgroup.v2.memory.high: changed on 2 containers in 2 pods"
    assert lines[because + 2] == "    Deployment shop/web, container app: max -> 993210368"
    assert lines[-1] == "3 pods changed, 0 unchanged: 1 file, 3 objects, 3 pods compared."
    wide = run(capsys, "diff", *args, "-o", "wide")[1]
    assert "Deployment shop/web" in wide and "containers[app].cgroup.v2.memory.high: max -> 993210368" in wide
    assert "because of feature gate MemoryQoS" in wide


def test_versions_compare_their_defaults(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    doc = diff_json(capsys, files["pods.yaml"], "--from-version", "1.36", "--to-version", "1.37")
    keys = [s["key"] for s in doc["settings"]]
    assert keys[0] == "version" and "PodLevelResourcesFixDefaulting" in keys
    assert doc["from"]["kubernetesVersion"] == "1.36" and doc["to"]["kubernetesVersion"] == "1.37"


def test_a_bad_side_is_a_usage_error(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "diff", files["pods.yaml"], "--to-version", "one.two")
    assert code == 2 and "invalid Kubernetes version" in err


def test_a_kubelet_setting_of_objects_is_written_as_the_configuration_writes_it() -> None:
    """reservedMemory is a list of objects: shown in KubeletConfiguration's
    spelling, never as the Python objects that hold it."""
    from pod_resources_cli.analysis.diff import _kubelet_value
    from pod_resources_cli.model.node import ReservedMemory
    from pod_resources_cli.quantity import parse_quantity

    value = (ReservedMemory(0, {"memory": parse_quantity("1124Mi")}), ReservedMemory(1, {"memory": parse_quantity("1Gi"), "hugepages-1Gi": parse_quantity("2Gi")}))
    assert _kubelet_value(value) == "[{numaNode: 0, limits: {memory: 1124Mi}}, {numaNode: 1, limits: {hugepages-1Gi: 2Gi, memory: 1Gi}}]"
    assert _kubelet_value(()) == "[]" and _kubelet_value(None) == "unset" and _kubelet_value({"cpu": parse_quantity("500m")}) == "{cpu: 500m}"
