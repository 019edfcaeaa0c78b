"""google/pathways-job's PathwaysJob (pod_resources_cli/model/decode/kinds_pathways.py): the JobSet's pathways-head
and worker pods as internal/controller/pathwaysjob_controller.go @c0cc7594c9d0 builds them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real" / "google__pathways-job"
RM = ("pathways-rm", "sidecar", {"cpu": "8", "memory": "32G"}, {"cpu": "8", "memory": "32G"})
PROXY = ("pathways-proxy", "sidecar", {"cpu": "16", "memory": "100G"}, {"cpu": "16", "memory": "100G"})


def _tpu(chips: str) -> tuple[str, str, dict[str, str], dict[str, str]]:
    return ("pathways-worker", "regular", {"google.com/tpu": chips}, {"google.com/tpu": chips})


def _explain(capsys: pytest.CaptureFixture[str], path: Path) -> list[tuple[Any, ...]]:
    main(["explain", "-o", "json", str(path)])
    out = json.loads(capsys.readouterr().out)["pods"]
    return [(p["workload"]["template"], p["workload"]["replicas"], p["qosClass"],
             [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]]) for p in out]  # fmt: skip


def test_the_sample_is_a_head_with_its_user_pod_and_four_workers(capsys: pytest.CaptureFixture[str]) -> None:
    """ct4p-hightpu-4t 2x2x2: 8 chips over 4 a VM, 2 pods a slice, 2 slices; the head is the user's pod with the
    resource manager and proxy appended as sidecars, limits only (copied to requests)."""
    path = REAL / "config__samples__pathways-job_v1_pathwaysjob.yaml"
    assert _explain(capsys, path) == [
        ("pathways-head", 1, "Burstable", [RM, PROXY, ("main-workload", "regular", {}, {})]),
        ("worker", 4, "BestEffort", [_tpu("4")]),
    ]
    report = lint_report(capsys, str(path))
    assert sorted((f["rule"], f["object"]["template"], f["container"]) for f in report["findings"]) == [
        ("PR138", "pathways-head", "main-workload"),  # the user's container writes no resources
        ("PR201", "worker", None),  # google.com/tpu alone: BestEffort
        ("PR401", "pathways-head", "pathways-proxy"),  # whole CPUs, request == limit, in a Burstable pod
        ("PR401", "pathways-head", "pathways-rm"),
    ]


def test_a_colocated_python_sidecar_image_adds_it_to_the_workers(capsys: pytest.CaptureFixture[str]) -> None:
    path = REAL / "config__samples__colocated_python_example_pathwaysjob.yaml"
    assert _explain(capsys, path) == [
        ("pathways-head", 1, "Burstable", [RM, PROXY, ("main", "regular", {}, {})]),
        ("worker", 4, "BestEffort", [("colocated-python-sidecar", "sidecar", {}, {}), _tpu("4")]),
    ]


def _job(tmp_path: Path, worker: str, rest: str = "") -> Path:
    path = tmp_path / "p.yaml"
    path.write_text(
        "apiVersion: pathways-job.pathways.domain/v1\nkind: PathwaysJob\nmetadata: {name: p}\nspec:\n"
        f"  pathwaysDir: gs://b\n  workers:\n  - {worker}\n  controller:\n    deploymentMode: default\n{rest}",
        encoding="utf-8",
    )
    return path


def test_headless_the_head_is_the_rm_and_proxy_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No template: RM and proxy are the head's containers (Guaranteed); numSlices defaults to 1; ct6e-standard-8t
    puts 8 chips on each VM (2x4: one pod); a custom component without an image adds no sidecar."""
    path = _job(
        tmp_path,
        "{type: ct6e-standard-8t, topology: 2x4}",
        "  customComponents:\n  - {componentType: colocated_python_sidecar}\n",
    )
    assert _explain(capsys, path) == [
        ("pathways-head", 1, "Guaranteed", [(*RM[:1], "regular", *RM[2:]), (*PROXY[:1], "regular", *PROXY[2:])]),
        ("worker", 1, "BestEffort", [_tpu("8")]),
    ]


@pytest.mark.parametrize(
    ("worker", "pods"),
    [
        ("{type: ct5p-hightpu-4t, topology: 4x4x4, numSlices: 3}", 48),  # 64 chips / 4 = 16 a slice
        ("{type: ct6e-standard-4t, topology: 1x1, numSlices: 2}", 2),  # fewer chips than a VM's: 1 a slice
    ],
)
def test_workers_are_slices_times_vms(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], worker: str, pods: int
) -> None:
    got = _explain(capsys, _job(tmp_path, worker))
    assert [(t, n) for t, n, _, _ in got] == [("pathways-head", 1), ("worker", pods)]


def test_a_topology_the_controller_refuses_makes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """validateTPUTopologyWithWorkerType fails: createJobSet returns before the JobSet."""
    assert _explain(capsys, _job(tmp_path, "{type: ct5lp-hightpu-8t, topology: 4x4}")) == []
    assert _explain(capsys, _job(tmp_path, "{type: nope, topology: 2x2}")) == []
