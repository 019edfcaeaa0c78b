"""A node description that leaves out its CPUs or memory says so, beside the
answers that rest on it (explain, admit, JSON node.notes)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.cli import main

POD = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - {name: a, image: x, resources: {requests: {cpu: 100m, memory: 64Mi}}}\n"
NODE = "apiVersion: v1\nkind: Node\nmetadata: {name: n}\nstatus:\n  capacity: {%s, pods: \"110\"}\n"
NO_CPUS = "the node description states no CPUs (no NodeProfile, MachineInfo or Node cpu capacity): its cpu capacity is taken as 0, so every pod that requests cpu is refused (OutOfcpu)"


def notes(tmp_path: Path, capsys: pytest.CaptureFixture[str], capacity: str | None) -> list[str]:
    (tmp_path / "pod.yaml").write_text(POD)
    args = ["explain", str(tmp_path / "pod.yaml"), "-o", "json"]
    if capacity is not None:
        (tmp_path / "node.yaml").write_text(NODE % capacity)
        args += ["--node", str(tmp_path / "node.yaml")]
    assert main(args) == 0
    result: list[str] = json.loads(capsys.readouterr().out)["node"]["notes"]
    return result


def test_a_node_without_cpus_or_memory_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert notes(tmp_path, capsys, "memory: 16Gi") == [NO_CPUS]
    [memory] = notes(tmp_path, capsys, 'cpu: "8"')
    assert memory.startswith("the node description states no memory")
    assert notes(tmp_path, capsys, 'cpu: "8", memory: 16Gi') == []
    assert notes(tmp_path, capsys, None) == []  # the embedded node states everything


def test_admit_shows_the_note_above_the_refusal(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    (tmp_path / "pod.yaml").write_text(POD)
    (tmp_path / "node.yaml").write_text(NODE % "memory: 16Gi")
    main(["admit", "--node", str(tmp_path / "node.yaml"), str(tmp_path / "pod.yaml")])
    out = capsys.readouterr().out
    assert f"Note: {NO_CPUS}" in out and "\\x0a" not in out
    assert out.index("Note:") < out.index("OutOfcpu: Node didn't have enough resource: cpu, requested: 100, used: 0, capacity: 0")
