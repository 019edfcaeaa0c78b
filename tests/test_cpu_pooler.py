"""CPU-Pooler's pod webhook sets the cpu request (0) and limit of a container that asks CPUs of a CPU pool
(model/decode/cpu_pooler.py, nokia/CPU-Pooler @7e334f7f4fd4 cmd/webhook/webhook.go): no "no cpu request" finding on
such a container, the values it sets where the manifest shows them. On the repository's test pods (tests/data/real,
SOURCES.tsv)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main

REPO = Path(__file__).parent / "data" / "real" / "nokia__CPU-Pooler"
EXCLUSIVE = REPO / "deployment__cpu-test-exclusive.yaml"
MIXED = REPO / "deployment__cpu-test-shared-exclusive.yaml"
THREE = REPO / "deployment__cpu-test.yaml"


def findings(capsys: pytest.CaptureFixture[str], *paths: Path) -> list[tuple[str, int, str]]:
    main(["lint", "--no-config", "-o", "json", *map(str, paths)])
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    return [(f["rule"], f["line"], f["message"]) for f in report["findings"]]


def explain(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, Any]:
    assert main(["explain", "-o", "json", str(path)]) == 0
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    return pod  # type: ignore[no-any-return]


def test_an_exclusive_pool_container_gets_cpu_request_0_and_limit_1000_per_cpu_plus_100(capsys: pytest.CaptureFixture[str]) -> None:
    assert findings(capsys, EXCLUSIVE) == []  # no PR130: the webhook writes its cpu request
    pod = explain(capsys, EXCLUSIVE)
    [c] = pod["containers"]
    assert c["name"] == "cputest-exclusive"
    assert c["requests"] == {"cpu": "0", "memory": "2000Mi", "nokia.k8s.io/exclusive-pool": "2"}
    assert c["limits"] == {"cpu": "2100m", "memory": "2000Mi", "nokia.k8s.io/exclusive-pool": "2"}
    assert c["cgroup"]["v2"]["cpu.max"] == "210000 100000"
    assert pod["qosClass"] == "Burstable"  # cpu request 0 under a 2100m limit
    assert pod["workload"].get("asWritten") is None
    [note] = pod["workload"]["operator"]
    assert "asks 2 CPUs of nokia.k8s.io/exclusive-pool" in note and "cmd/webhook/webhook.go setRequestLimit" in note


def test_a_shared_and_exclusive_container_gets_its_limit_from_the_nodes_pool_size(capsys: pytest.CaptureFixture[str]) -> None:
    assert findings(capsys, MIXED) == []
    pod = explain(capsys, MIXED)
    [c] = pod["containers"]
    assert c["requests"]["cpu"] == "0"
    assert "cpu" not in c["limits"]  # 2000m plus the shared pool's size in the node's configuration
    assert "getMaxSharedPoolLimit" in pod["workload"]["asWritten"]


def test_the_three_pools_pod(capsys: pytest.CaptureFixture[str]) -> None:
    # as written: PR130 on both pooled containers (lines 40, 52) and PR138 on the default-pool one (line 60)
    assert [(rule, line) for rule, line, _ in findings(capsys, THREE)] == [("PR138", 60)]
    pod = explain(capsys, THREE)
    shared, exclusive, default = pod["containers"]
    assert (shared["name"], shared["requests"]["cpu"], shared["limits"]["cpu"]) == ("sharedtestcontainer", "0", "160m")
    assert shared["cgroup"]["v2"]["cpu.max"] == "16000 100000"
    assert (exclusive["name"], exclusive["requests"]["cpu"]) == ("exclusivetestcontainer", "0")
    assert (default["name"], default["requests"], default["limits"]) == ("defaulttestcontainer", {}, {})  # the default pool: untouched
    assert "'exclusivetestcontainer'" in pod["workload"]["asWritten"]


@pytest.mark.parametrize(
    ("limit", "expected"),
    [('"1k"', "1"), ('"1500"', "1500m"), ('"2M"', None)],  # Go's Quantity.String() "1k" -> Atoi("1000"): 1000m; "2M" fails
)
def test_the_webhooks_reading_of_a_shared_limit(limit: str, expected: str | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = THREE.read_text(encoding="utf-8").replace('nokia.k8s.io/shared-pool: "160"', f"nokia.k8s.io/shared-pool: {limit}")
    (tmp_path / "pod.yaml").write_text(text, encoding="utf-8")
    if expected is None:
        main(["lint", "--no-config", "-o", "json", str(tmp_path / "pod.yaml")])
        report = json.loads(capsys.readouterr().out)
        assert any("CPU-Pooler's webhook" in f["message"] and "refuses the pod" in f["message"] for f in report["findings"])
        return
    pod = explain(capsys, tmp_path / "pod.yaml")
    assert pod["containers"][0]["limits"]["cpu"] == expected
