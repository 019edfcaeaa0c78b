"""AI model deployment repositories linted as a new user would (issue 22): NVIDIA/nim-deploy's KServe NIM runtimes
and InferenceServices, its NIM operator NIMCache, and the Azure Monitor managed Prometheus ServiceMonitors beside
them, which carry no pods."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from tests.lint_support import lint_report

NIM = Path(__file__).parent / "data" / "real" / "NVIDIA__nim-deploy"
MONITORS = NIM / "cloud-service-providers__azure__workshops__aiq-rag-blueprint__manifests__servicemonitors.yaml"
CACHE = NIM / "cloud-service-providers__aws__eks__storage__nim-operator-nim-cache-ebs.yaml"
ISVC = NIM / "kserve__nim-models__llama3-70b-instruct_4xa100_1.0.0.yaml"
RUNTIME = NIM / "kserve__runtimes__llama3-70b-instruct-1.0.0.yaml"


def _explain(capsys: pytest.CaptureFixture[str], *paths: Path) -> list[dict[str, Any]]:
    main(["explain", "-o", "json", *map(str, paths)])
    pods: list[dict[str, Any]] = json.loads(capsys.readouterr().out)["pods"]
    return pods


def _pod(p: dict[str, Any]) -> tuple[Any, ...]:
    w = p["workload"]
    return (w["kind"], w["template"], w["replicas"], p["qosClass"], w.get("asWritten") is not None,
            [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]])  # fmt: skip


def test_azure_monitor_service_monitors_are_objects_without_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """azmonitoring.coreos.com/v1 ServiceMonitor (Azure/prometheus-collector's copy of the Prometheus Operator's CRD,
    for the ama-metrics collectors): five in nim-deploy's AIQ RAG workshop, counted as objects without pods, not as
    custom objects searched in vain (5 "nothing found" before)."""
    report = lint_report(capsys, str(MONITORS))
    counted = report["summary"]["skipped"]
    assert report["summary"]["pods"] == 0 and report["findings"] == []
    assert counted["no-pods"] == {"ServiceMonitor": 5} and counted["nothing-found"] == {}


def test_an_azure_monitor_pod_monitor_carries_no_pods(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Its PodMonitor (ama-metrics-podmonitor-crd.yaml) likewise: its podMetricsEndpoints and selector are what the
    collectors scrape."""
    monitor = tmp_path / "pm.yaml"
    monitor.write_text(
        "apiVersion: azmonitoring.coreos.com/v1\nkind: PodMonitor\nmetadata: {name: m}\n"
        "spec:\n  selector: {matchLabels: {app: a}}\n  podMetricsEndpoints: [{port: metrics}]\n"
    )
    report = lint_report(capsys, str(monitor))
    assert report["summary"]["skipped"]["no-pods"] == {"PodMonitor": 1} and report["summary"]["pods"] == 0


def test_a_nimcache_with_empty_resources_runs_a_best_effort_caching_job(capsys: pytest.CaptureFixture[str]) -> None:
    """The NIM operator's constructJob puts ``spec.resources.cpu`` and ``memory`` as both request and limit, zero
    Quantities when ``resources: {}``: a pod the QoS rules call BestEffort (PR201 is true, not an as-written guess)."""
    assert [_pod(p) for p in _explain(capsys, CACHE)] == [
        ("NIMCache", None, 1, "BestEffort", False, [("nim-cache-ctr", "regular", {"cpu": "0", "memory": "0"}, {"cpu": "0", "memory": "0"})]),
    ]
    report = lint_report(capsys, str(CACHE))
    assert [(f["rule"], f["line"], f["object"]["kind"]) for f in report["findings"]] == [("PR201", 5, "NIMCache")]


def test_a_nim_inference_service_asks_its_gpus_and_takes_cpu_and_memory_from_its_runtime(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """KServe's ModelSpec.Default sets no resources (the webhook's cpu/memory defaults are for the old framework
    specs), so the predictor's kserve-container is its 4 GPUs over the ClusterServingRuntime's 12 cpu and 32Gi: the
    predictor is as written and no finding calls it BestEffort; the runtime itself is Guaranteed as written."""
    gpus = {"nvidia.com/gpu": "4"}
    whole = {"cpu": "12", "memory": "32Gi"}
    assert [_pod(p) for p in _explain(capsys, ISVC, RUNTIME)] == [
        ("InferenceService", "predictor", 1, "BestEffort", True, [("kserve-container", "regular", gpus, gpus)]),
        ("ClusterServingRuntime", "runtime", None, "Guaranteed", True, [("kserve-container", "regular", whole, whole)]),
    ]
    report = lint_report(capsys, str(ISVC), str(RUNTIME))
    assert report["findings"] == [] and report["summary"]["pods"] == 2
