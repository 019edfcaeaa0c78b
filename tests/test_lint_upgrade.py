"""`lint --upgrade-to VERSION`: what changes for each pod in the next release,
as PR601 findings at the pod's and each container's line, from the same
comparison `diff --to-version` makes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.cli.fast import parse_lint
from tests.test_diff import BURSTABLE, QOS_NODE


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "pods.yaml").write_text(BURSTABLE)
    (tmp_path / "qos-node.yaml").write_text(QOS_NODE)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def lint(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["lint", "--no-config", *args])
    out, err = capsys.readouterr()
    return code, out, err


def findings(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, Any]]:
    code, out, err = lint(capsys, *args, "-o", "json")
    assert code == 0, err
    found: list[dict[str, Any]] = json.loads(out)["findings"]
    return found


UPGRADE = ("pods.yaml", "--node", "qos-node.yaml", "--kubernetes-version", "1.36", "--upgrade-to", "1.37")


def test_memory_qos_in_1_37_is_reported_at_each_container(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = [f for f in findings(capsys, *UPGRADE) if f["rule"] == "PR601"]
    by_line = {(f["line"], f["container"]): f["message"] for f in found}
    assert set(by_line) == {(6, None), (9, "app"), (15, None), (20, "db"), (31, "sleeper")}
    app = by_line[(9, "app")]
    assert app.startswith("on Kubernetes 1.37 (linted as 1.36), container 'app' changes: ")
    assert "cgroup.v2.memory.high max -> 993210368" in app  # 256Mi + 0.9 * (1Gi - 256Mi), page-aligned
    assert "cgroup.v2.memory.low 0 -> 268435456" in app
    assert "because of feature gate MemoryQoS: false (default in 1.36, alpha since 1.22) -> true (default in 1.37, beta since 1.37)" in app
    assert "cgroup.v2.memory.high max -> 15461879808" in by_line[(31, "sleeper")]  # BestEffort: 0.9 x 16Gi
    assert "pod.cgroup.v2.memory.min 0 -> 1073741824" in by_line[(15, None)]


def test_the_configuration_says_it_as_the_option_does(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, by_option, _ = lint(capsys, *UPGRADE)
    (repo / "lint.yaml").write_text('kubernetes-version: "1.36"\nupgrade-to: "1.37"\nnode: qos-node.yaml\n')
    code, by_config, err = main(["lint", "--config", "lint.yaml", "pods.yaml"]), *capsys.readouterr()
    assert code == 0, err
    assert by_config == by_option and "PR601" in by_option


def test_nothing_is_reported_without_a_target_or_without_a_change(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ("pods.yaml", "--node", "qos-node.yaml", "--kubernetes-version", "1.36", "--select", "PR601")
    assert findings(capsys, *base) == []
    assert findings(capsys, *base, "--upgrade-to", "1.36") == []
    # without a throttling factor or a reservation policy, 1.37's MemoryQoS writes nothing new
    assert findings(capsys, "pods.yaml", "--kubernetes-version", "1.36", "--upgrade-to", "1.37", "--select", "PR601") == []


def test_pod_level_resources_in_1_34(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "trainer.yaml").write_text(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: trainer}\nspec:\n"
        "  resources:\n    requests: {cpu: \"2\", memory: 4Gi}\n    limits: {cpu: \"4\", memory: 8Gi}\n"
        "  containers:\n  - name: main\n    image: trainer:1.0\n"
    )
    found = findings(capsys, "trainer.yaml", "--kubernetes-version", "1.33", "--upgrade-to", "1.34", "--select", "PR601")
    assert [(f["line"], f["container"]) for f in found] == [(1, None), (9, "main")]
    pod = found[0]["message"]
    assert "qosClass BestEffort -> Burstable, spec.resources none -> kept" in pod
    assert 'pod.cgroup.v2.cpu.max "max 100000" -> "400000 100000"' in pod
    assert "and 9 more (see `pod-resources diff`)" in pod
    assert "feature gate PodLevelResources: false (default in 1.33, alpha since 1.32) -> true (default in 1.34, beta since 1.34)" in pod


def test_gating_on_it(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = lint(capsys, *UPGRADE, "--select", "PR601", "--fail-on", "warning")
    assert code == 1
    code, out, _ = lint(capsys, *UPGRADE, "--select", "PR601", "-o", "sarif")
    assert code == 0
    results = json.loads(out)["runs"][0]["results"]
    assert {r["ruleId"] for r in results} == {"PR601"} and len(results) == 5


def test_a_target_the_tool_or_the_kubelet_refuses_ends_with_exit_2(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = lint(capsys, "pods.yaml", "--upgrade-to", "1.99")
    assert code == 2 and "Kubernetes 1.99 is not modeled: this tool knows Kubernetes 1.27 to 1.38" in err
    (repo / "cfs-node.yaml").write_text(QOS_NODE.replace("memoryThrottlingFactor: 0.9\n", "cpuCFSQuotaPeriod: 50ms\n"))
    code, _, err = lint(capsys, "pods.yaml", "--node", "cfs-node.yaml", "--kubernetes-version", "1.36", "--upgrade-to", "1.35")
    assert code == 2 and "cpuCFSQuotaPeriod (--cpu-cfs-quota-period) 50ms requires feature gate CustomCPUCFSQuotaPeriod" in err


def test_the_fast_path_reads_the_option() -> None:
    kwargs = parse_lint(["pods.yaml", "--upgrade-to", "1.37"])
    assert kwargs is not None and kwargs["upgrade_to"] == "1.37"
