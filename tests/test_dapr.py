"""Dapr's sidecar injector (model/decode/dapr.py, dapr/dapr @d8450742ce32 pkg/injector/patcher): a pod annotated
``dapr.io/enabled: "true"`` gets ``daprd``, whose resources are the pod's own ``dapr.io/sidecar-*`` annotations and
nothing else."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real" / "dapr__dapr"


def _explain(capsys: pytest.CaptureFixture[str], path: Path) -> list[dict[str, Any]]:
    main(["explain", "-o", "json", str(path)])
    pods: list[dict[str, Any]] = json.loads(capsys.readouterr().out)["pods"]
    return pods


def test_daprd_without_annotations_has_no_resources(capsys: pytest.CaptureFixture[str]) -> None:
    """dapr's own e2e app asks for daprd and writes no sidecar resources: the injector adds none (it has no default),
    so the pod stays BestEffort, as fact: PR201 holds."""
    [pod] = _explain(capsys, REAL / "tests__apps__actorapp__service.yaml")
    assert [(c["name"], c["type"], c["requests"], c["limits"]) for c in pod["containers"]] == [
        ("actorapp", "regular", {}, {}), ("daprd", "regular", {}, {}),
    ]  # fmt: skip
    assert (pod["qosClass"], pod["workload"]["asWritten"]) == ("BestEffort", None)
    assert "Dapr's injector adds container 'daprd' with no resources" in pod["workload"]["operator"][0]
    report = lint_report(capsys, str(REAL / "tests__apps__actorapp__service.yaml"))
    assert [f["rule"] for f in report["findings"]] == ["PR201"]


def _pod(tmp_path: Path, annotations: str, extra: str = "") -> Path:
    path = tmp_path / "p.yaml"
    path.write_text(
        f"apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  annotations: {{{annotations}}}\nspec:\n"
        "  containers:\n  - {name: app, image: x, resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {cpu: 100m, memory: 64Mi}}}\n" + extra,
        encoding="utf-8",
    )
    return path


GUARANTEED = ("app", "regular", {"cpu": "100m", "memory": "64Mi"}, {"cpu": "100m", "memory": "64Mi"})


@pytest.mark.parametrize(
    ("annotations", "extra", "containers", "qos", "as_written"),
    [
        # the four annotations: requests and limits of daprd; equal ones keep the pod Guaranteed
        ("dapr.io/enabled: 'true', dapr.io/sidecar-cpu-request: 100m, dapr.io/sidecar-cpu-limit: 100m, "
         "dapr.io/sidecar-memory-request: 64Mi, dapr.io/sidecar-memory-limit: 64Mi", "",
         [GUARANTEED, ("daprd", "regular", {"cpu": "100m", "memory": "64Mi"}, {"cpu": "100m", "memory": "64Mi"})], "Guaranteed", False),
        # a request alone: Burstable
        ("dapr.io/enabled: 'TRUE', dapr.io/sidecar-memory-request: 32Mi", "",
         [GUARANTEED, ("daprd", "regular", {"memory": "32Mi"}, {})], "Burstable", False),
        # none: daprd without resources makes the pod Burstable, never Guaranteed
        ("dapr.io/enabled: 'true'", "", [GUARANTEED, ("daprd", "regular", {}, {})], "Burstable", False),
        # one annotation that does not parse drops them all (getResourceRequirements returns an error)
        ("dapr.io/enabled: 'true', dapr.io/sidecar-cpu-request: 1x, dapr.io/sidecar-memory-limit: 64Mi", "",
         [GUARANTEED, ("daprd", "regular", {}, {})], "Burstable", False),
        # native sidecar: the last init container, restartPolicy Always
        ("dapr.io/enabled: 'true', dapr.io/enable-native-sidecar: 'yes', dapr.io/sidecar-cpu-limit: 200m", "",
         [("daprd", "sidecar", {"cpu": "200m"}, {"cpu": "200m"}), GUARANTEED], "Burstable", False),
        # pluggable components: their containers are added too: as written
        ("dapr.io/enabled: 'true', dapr.io/inject-pluggable-components: 'true'", "", [GUARANTEED, ("daprd", "regular", {}, {})], "Burstable", True),
        # not enabled, or daprd already there: nothing added
        ("dapr.io/enabled: 'yes'", "", [GUARANTEED], "Guaranteed", False),
        ("dapr.io/enabled: 'true'", "  - {name: daprd, image: d, resources: {limits: {cpu: 1, memory: 1Gi}}}\n",
         [GUARANTEED, ("daprd", "regular", {"cpu": "1", "memory": "1Gi"}, {"cpu": "1", "memory": "1Gi"})], "Guaranteed", False),
    ],
)  # fmt: skip
def test_daprd_takes_the_pods_annotations(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], annotations: str, extra: str, containers: list[Any], qos: str, as_written: bool
) -> None:
    [pod] = _explain(capsys, _pod(tmp_path, annotations, extra))
    got = sorted(((c["name"], c["type"], c["requests"], c["limits"]) for c in pod["containers"]), key=lambda c: c[1] != "sidecar")
    assert (got, pod["qosClass"], pod["workload"]["asWritten"] is not None) == (containers, qos, as_written)
