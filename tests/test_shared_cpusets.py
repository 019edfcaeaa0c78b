"""Every admitted container's cpuset.cpus and cpuset.mems, shared containers included.

The kubelet gives a container without exclusive CPUs the CPU manager's default
set (GetCPUAffinity = GetCPUSetOrDefault) when it creates it, and the static
policy's reconcile loop rewrites it whenever that set changes: a long-running
shared container ends with the pool left once every pod is admitted. A regular
init container has exited by then and keeps the pool of its pod's admission.
Under policy none nothing is written and every online CPU applies.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.kube.admission import admit_pods
from pod_resources_cli.kube.pod_create import create_pod
from tests.support import pod_of
from tests.test_cpu_admission import GATES, admit, container, pod
from tests.test_cpu_manager import TWO_NUMA, make_node
from tests.test_kep5526 import ON, admit as admit_kep5526, ctr, pod as kep_pod

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "schemas" / "report.schema.json").read_text())


def test_a_shared_container_ends_with_the_pool_later_pods_leave() -> None:
    # TWO_NUMA: 16 CPUs, CPU 0 reserved; "early" is Burstable, "late" takes 4 exclusive CPUs after it.
    burstable = container("web")
    burstable["resources"] = {"requests": {"cpu": "500m", "memory": "1Gi"}}
    result = admit([pod("early", burstable), pod("late", container("db", "4"))])
    early, late = result.pods
    assert str(early.shared_pool_after) == "0-15"  # the pool when "early" was admitted
    assert str(late.containers["db"].cpuset) == "1-2,9-10"
    assert str(early.containers["web"].cpuset) == "0,3-8,11-15"  # what the reconcile loop writes afterwards
    assert str(early.containers["web"].cpuset) == str(result.shared_pool_after)
    assert early.containers["web"].isolation == "host" and not early.containers["web"].exclusive


def test_the_reserved_cpus_are_in_the_shared_pool_unless_strictly_reserved() -> None:
    burstable = container("web")
    burstable["resources"] = {"requests": {"cpu": "1", "memory": "1Gi"}}
    plain = admit([pod("p", burstable)]).pods[0].containers["web"]
    assert str(plain.cpuset) == "0-15"
    strict = admit([pod("p", burstable)], cpuManagerPolicyOptions={"strict-cpu-reservation": "true"})
    assert str(strict.pods[0].containers["web"].cpuset) == "1-15"  # CPU 0 is reserved for the system only


def test_a_regular_init_container_keeps_the_pool_of_its_pods_admission() -> None:
    setup = container("setup")
    setup["resources"] = {"requests": {"cpu": "100m", "memory": "64Mi"}}
    web = container("web")
    web["resources"] = {"requests": {"cpu": "100m", "memory": "64Mi"}}
    result = admit([pod("first", web, init=(setup,)), pod("second", container("db", "2"))])
    first = result.pods[0]
    assert str(first.containers["setup"].cpuset) == "0-15"  # it ran and exited before "second" came
    assert str(first.containers["web"].cpuset) == "0,2-8,10-15"  # reconciled to the final pool


def test_policy_none_every_online_cpu_and_every_numa_node() -> None:
    node = make_node(TWO_NUMA)
    result = admit_pods(node, [create_pod(pod_of(pod("g", container("app", "2"))), GATES).pod], GATES)
    app = result.pods[0].containers["app"]
    assert (str(app.cpuset), str(app.cpuset_mems), app.memory_numa_nodes) == ("0-15", "0-1", None)


def test_kep5526_container_scope_shared_containers_run_in_the_node_pool() -> None:
    """Seed 001, container scope, Example 1: container-1 exclusive, the others in the node's pool."""
    spec = kep_pod("container-scope-mixed", "4", [ctr("container-1", "2"), ctr("container-2"), ctr("container-3")])
    p = admit_kep5526(spec, scope="container", gates=ON)
    cpus = {name: (str(c.cpuset), c.isolation) for name, c in p.containers.items()}
    # 8 CPUs, CPU 0 reserved: container-1 takes 1-2, the node's pool keeps the rest (the reserved CPU included).
    shared = ("0,3-7", "host")
    assert cpus == {"container-1": ("1-2", "container"), "container-2": shared, "container-3": shared}


def test_kep5526_pod_scope_shared_containers_keep_the_pod_pool() -> None:
    spec = kep_pod("pod-scope-mixed", "4", [ctr("container-1", "2"), ctr("container-2"), ctr("container-3")])
    p = admit_kep5526(spec, gates=ON)
    cpus = {name: (str(c.cpuset), c.isolation) for name, c in p.containers.items()}
    pool = ("3-4", "pod")
    assert cpus == {"container-1": ("1-2", "container"), "container-2": pool, "container-3": pool}


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_json_and_tables_show_every_cpuset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    node = ROOT / "examples" / "nodes" / "dual-socket-ht.yaml"  # 40 CPUs, 0,10,20,30 reserved, full-pcpus-only
    pods = _write(
        tmp_path,
        "pods.yaml",
        "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  containers:\n  - name: app\n"
        "    resources: {requests: {cpu: 250m, memory: 64Mi}}\n---\n"
        "apiVersion: v1\nkind: Pod\nmetadata: {name: db}\nspec:\n  containers:\n  - name: main\n"
        "    resources: {limits: {cpu: '4', memory: 1Gi}}\n",
    )
    assert main(["admit", "-o", "json", "--node", str(node), str(pods)]) == 0
    out, err = capsys.readouterr()
    data: dict[str, Any] = json.loads(out)
    jsonschema.validate(data, SCHEMA)
    web, db = ({c["name"]: c for c in p["containers"]} for p in data["pods"])
    assert db["main"]["cpuset"] == "1-2,21-22" and db["main"]["cpusetMems"] == "0"
    assert web["app"]["cpuset"] == "0,3-20,23-39" and web["app"]["isolation"] == "host"
    assert web["app"]["cpusetMems"] == "0-1" and web["app"]["memoryNumaNodes"] is None  # not pinned: every NUMA node
    assert main(["admit", "--node", str(node), str(pods)]) == 0
    table, _ = capsys.readouterr()
    assert "0,3-20,23-39" in table and "(shared pool)" in table and "1-2,21-22 (exclusive)" in table
    assert main(["explain", "--node", str(node), str(pods)]) == 0
    explained, _ = capsys.readouterr()
    assert "(shared pool)" in explained and "(exclusive)" in explained
