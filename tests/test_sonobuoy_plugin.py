"""Sonobuoy's plugin definitions (vmware-tanzu/sonobuoy @307560188828, model/decode/sonobuoy.py): the pod the
aggregator runs from ``sonobuoy-config``, ``spec`` and ``podSpec``, on the real files of the repository."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report
from tests.support import requests_limits

SONOBUOY = Path(__file__).parent / "data" / "real" / "vmware-tanzu__sonobuoy"
JOB = SONOBUOY / "test__integration__testImage__yaml__job-manual.yaml"
DAEMONSET = SONOBUOY / "test__integration__testImage__yaml__ds-manual.yaml"
SIDECAR = SONOBUOY / "test__integration__testdata__plugins__good__sidecar.yaml"


def _plugins(path: Path) -> list[tuple[str, str, str | None, int | None, list[tuple[str, dict[str, str], dict[str, str]]]]]:
    """(kind, name, template, replicas, [(container, requests, limits)]) of each plugin's pod."""
    out = []
    for item in iter_items([str(path)]):
        if isinstance(item, WorkloadItem):
            ref, pod = item.workload.ref, item.workload.pod
            assert not pod.init_containers and ref.as_written is None  # the pod the aggregator makes, whole
            out.append((ref.kind, ref.name, ref.template, ref.replicas, [(c.name, *requests_limits(c)) for c in pod.containers]))
    return out


def test_a_job_plugin_is_one_pod_of_its_container_and_the_worker(capsys: Any) -> None:
    """job-manual.yaml: driver Job, no podSpec: driver.DefaultPodSpec (no container), then the plugin's ``spec``
    (``plugin``, resources: {}) and ``sonobuoy-worker`` (CreateWorkerContainerDefintion: no resources), one pod
    (job.go createPodDefinition): BestEffort as fact, as Sonobuoy runs it."""
    assert _plugins(JOB) == [("SonobuoyPlugin", "job-manual", "driver Job", 1, [("plugin", {}, {}), ("sonobuoy-worker", {}, {})])]
    report = lint_report(capsys, str(JOB))
    assert [(f["rule"], f["severity"], f["line"], f["object"]["kind"], f["object"]["name"]) for f in report["findings"]] == [
        ("PR201", "warning", 1, "SonobuoyPlugin", "job-manual")
    ]


def test_a_daemonset_plugin_is_a_pod_per_node() -> None:
    """ds-manual.yaml: driver DaemonSet (daemonset.go createDaemonSetDefinition): the same containers, no count."""
    assert _plugins(DAEMONSET) == [("SonobuoyPlugin", "ds-manual", "driver DaemonSet", None, [("plugin", {}, {}), ("sonobuoy-worker", {}, {})])]


def test_a_plugins_pod_spec_containers_come_first(tmp_path: Path, capsys: Any) -> None:
    """sidecar.yaml: the podSpec's ``sidecar`` container, then the plugin's, then the worker. Sized, the plugin's
    container makes the pod Burstable, never Guaranteed: the worker has no resources (base.go)."""
    assert _plugins(SIDECAR) == [
        ("SonobuoyPlugin", "sidecarplugin", "driver Job", 1, [("sidecar", {}, {}), ("plugin", {}, {}), ("sonobuoy-worker", {}, {})])
    ]
    sized = tmp_path / "plugin.yaml"
    sized.write_text(SIDECAR.read_text(encoding="utf-8").replace(
        "  resources: {}\n", "  resources:\n    requests: {cpu: 500m, memory: 1Gi}\n    limits: {cpu: 500m, memory: 1Gi}\n"
    ).replace("      imagePullPolicy: Always\n  restartPolicy", "      resources: {limits: {cpu: '1', memory: 512Mi}}\n  restartPolicy"), encoding="utf-8")  # fmt: skip
    one, half = {"cpu": "500m", "memory": "1Gi"}, {"cpu": "1", "memory": "512Mi"}
    assert _plugins(sized)[0][4] == [("sidecar", {}, half), ("plugin", one, one), ("sonobuoy-worker", {}, {})]
    main_rules = [f["rule"] for f in lint_report(capsys, str(sized))["findings"]]
    assert "PR201" not in main_rules  # no BestEffort claim: Burstable
    capsys.readouterr()
    from pod_resources_cli.cli import main

    main(["explain", "-o", "json", str(sized)])
    [pod] = __import__("json").loads(capsys.readouterr().out)["pods"]
    assert pod["qosClass"] == "Burstable" and pod["requests"] == {"cpu": "1500m", "memory": "1536Mi"}


def test_an_unknown_driver_is_refused_and_a_broken_definition_is_not_a_plugin(tmp_path: Path, capsys: Any) -> None:
    """loader.go loadPlugin: a driver other than Job or DaemonSet (any case) is refused: an error at the driver, no
    pod; ``sonobuoy-config: bad`` (test/integration/testdata/plugins/bad-plugin.yaml) is no plugin definition."""
    path = tmp_path / "plugin.yaml"
    path.write_text(JOB.read_text(encoding="utf-8").replace("driver: Job", "driver: CronJob"), encoding="utf-8")
    assert _plugins(path) == []
    [finding] = lint_report(capsys, str(path))["findings"]
    assert finding["severity"] == "error" and finding["line"] == 2 and 'unknown driver "CronJob"' in finding["message"]
    path.write_text(JOB.read_text(encoding="utf-8").replace("driver: Job", "driver: job"), encoding="utf-8")
    assert [p[2] for p in _plugins(path)] == ["driver job"]
    bad = tmp_path / "bad-plugin.yaml"
    bad.write_text("sonobuoy-config: bad\n", encoding="utf-8")
    assert [(i.reason, i.kind) for i in iter_items([str(bad)]) if isinstance(i, SkippedItem)] == [("not-kubernetes", None)]
    assert lint_report(capsys, str(bad))["findings"] == []
