"""explain's views: the default table says what a person asks first,
--verbose every cgroup file and formula; -o wide (explain and admit) is one
row per pod, narrower columns below 120 columns."""

from __future__ import annotations

from pathlib import Path

import pytest

from pod_resources_cli.cli import main

ROOT = Path(__file__).resolve().parents[1]
WEB = str(ROOT / "examples" / "pods" / "web-sidecar.yaml")
GPU_NODE = str(ROOT / "examples" / "nodes" / "dgx-like-8gpu.yaml")
GPU_PODS = str(ROOT / "examples" / "pods" / "gpu-training.yaml")


def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, columns: int, *args: str) -> str:
    monkeypatch.setenv("COLUMNS", str(columns))
    assert main(list(args)) == 0
    return capsys.readouterr().out


def test_default_and_verbose(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    short = run(capsys, monkeypatch, 120, "explain", WEB)
    full = run(capsys, monkeypatch, 120, "explain", WEB, "--verbose")
    for hidden in ("hugetlb.2MB.max", "memory.min", "memory.oom.group"):
        assert hidden not in short and hidden in full
    assert short.count("ceil(10^((l*l+125*l)/612 - 7/34))") == 1 and "same mapping, of cpu.shares 512" in short
    assert full.count("ceil(10^((l*l+125*l)/612 - 7/34))") == 3
    assert len(short.splitlines()) == 56 and len(full.splitlines()) == 78


def test_wide_is_one_row_per_pod(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    out = run(capsys, monkeypatch, 160, "explain", "-o", "wide", str(ROOT / "examples" / "pods"))
    rows = [line for line in out.splitlines() if line.startswith("│ ")]
    assert len(rows) == 10
    assert "│ CronJob analytics/nightly-report │ ?      │ Burstable  │ 1500m/2     │ 3Gi/4Gi        │ yes       │ -         │ -     │" in rows
    assert out.splitlines()[-1].startswith("5 files, 11 objects, 10 pods explained")


def test_admit_wide_in_admission_order(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    out = run(capsys, monkeypatch, 160, "admit", "-o", "wide", "--node", GPU_NODE, GPU_PODS)
    rows = [line.split("│")[1].strip() + " | " + line.split("│")[7].strip() for line in out.splitlines() if line.startswith("│ ")]
    assert rows == [
        "Job ml/llm-pretrain | admitted; 1 pinned; NUMA 0; nvidia.com/gpu",
        "Job ml/vision-finetune | admitted; 2 pinned; NUMA 1; nvidia.com/gpu",
        "Pod research/notebook | admitted; NUMA 1; nvidia.com/gpu",
        "Job ml/full-node-sweep | refused: TopologyAffinityError",
    ]
    narrow = run(capsys, monkeypatch, 80, "admit", "-o", "wide", "--node", GPU_NODE, GPU_PODS)
    assert "┃ workload  ┃ pods ┃ QoS        ┃ cpu     ┃ memory   ┃ placement             ┃" in narrow
    assert all(len(line) <= 80 for line in narrow.splitlines())
