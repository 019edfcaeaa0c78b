"""Operator kinds met in outerbounds/metaflow-tools (tests/data/real/outerbounds__metaflow-tools,
provenance in SOURCES.tsv): its Argo Events helper chart's JetStream EventBus and webhook EventSource."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.model.items import WorkloadItem
from pod_resources_cli.run.pipeline import iter_items

REAL = Path(__file__).parent / "data" / "real"
MT = REAL / "outerbounds__metaflow-tools"
CHART = "common__terraform__argo_events__argo-events-helper-chart__"
GT = REAL / "GreptimeTeam__greptimedb-operator"
Resources = dict[str, str]


def _all(path: Path) -> list[tuple[str, str | None, int | None, list[tuple[str, Resources, Resources]]]]:
    return [(ref.kind, ref.template, ref.replicas, [(c.name, {k: v.canonical() for k, v in c.resources.req.items()},
                                                     {k: v.canonical() for k, v in c.resources.lim.items()}) for c in i.workload.pod.all_containers()])
            for i in iter_items([str(path)]) if isinstance(i, WorkloadItem) for ref in (i.workload.ref,)]  # fmt: skip


def _rendered(tmp_path: Path, template: str) -> Path:
    """The chart's template as ``helm template`` writes it: its one action, ``{{ .Values.jobsNamespace }}``, is the
    chart's values.yaml ``jobsNamespace`` (a plain ``key: value`` line there)."""
    values = dict(line.split(": ", 1) for line in (MT / f"{CHART}values.yaml").read_text(encoding="utf-8").splitlines() if ": " in line)
    text = (MT / f"{CHART}templates__{template}").read_text(encoding="utf-8")
    assert text.count("{{") == 1
    out = tmp_path / template
    out.write_text(text.replace("{{ .Values.jobsNamespace }}", values["jobsNamespace"].strip()), encoding="utf-8")
    return out


def test_a_jetstream_eventbus_takes_its_container_templates_resources(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """argoproj/argo-events @6478ece495f9 pkg/reconciler/eventbus/installer/jetstream.go buildStatefulSetSpec:
    ``containers["main"].Resources = js.ContainerTemplate.Resources`` (and the reloader's and metrics' from their
    templates). metaflow-tools' EventBus writes spec.jetstream.containerTemplate.resources 100m/128Mi: its 3 pods were
    called BestEffort (PR201, "OOM score 1000") because the path was read from the object's root."""
    bus = _rendered(tmp_path, "eventbus.yaml")
    qty = {"cpu": "100m", "memory": "128Mi"}
    assert _all(bus) == [("EventBus", "jetstream", 3, [("main", qty, qty), ("reloader", {}, {}), ("metrics", {}, {})])]
    assert main(["lint", "--no-config", "-o", "json", str(bus)]) == 0
    findings = json.loads(capsys.readouterr().out)["findings"]
    # true: jetstream.go sets no resources on reloader and metrics where their templates are not written
    assert sorted((f["rule"], f["severity"], f["object"]["name"]) for f in findings) == [("PR138", "warning", "default")] * 2
    assert sorted(f["message"].split("'")[1] for f in findings) == ["metrics", "reloader"]
    assert main(["explain", "-o", "json", str(bus)]) == 0
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert (pod["qosClass"], pod["requests"], pod["limits"], pod["workload"]["namespace"]) == ("Burstable", qty, qty, "default")


def test_the_webhook_eventsource_is_one_guaranteed_pod(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """eventsource/resource.go buildDeploymentSpec: one ``main`` container with spec.template.container.resources."""
    source = _rendered(tmp_path, "eventsource.yaml")
    qty = {"cpu": "50m", "memory": "50Mi"}
    assert _all(source) == [("EventSource", None, 1, [("main", qty, qty)])]
    assert main(["lint", "--no-config", "-o", "json", str(source)]) == 0
    assert json.loads(capsys.readouterr().out)["findings"] == []


def test_the_unrendered_chart_files_are_skipped_not_judged(capsys: pytest.CaptureFixture[str]) -> None:
    """The copied template files themselves (with their ``{{ }}``) are templates, and values.yaml is no object."""
    assert main(["lint", "--no-config", "-o", "json", str(MT)]) == 0
    summary: dict[str, Any] = json.loads(capsys.readouterr().out)["summary"]
    assert (summary["pods"], summary["findings"]) == (0, 0)


def test_a_greptimedb_standalone_takes_spec_base_main_resources(tmp_path: Path) -> None:
    """GreptimeTeam/greptimedb-operator @3880f41f92cb controllers/greptimedbstandalone/deployer.go:
    ``common.GeneratePodTemplateSpec(..., b.standalone.Spec.Base)``, whose main container's Resources are
    ``template.MainContainer.Resources`` (controllers/common/common.go): spec.base.main.resources, which was read
    from the object's root (``main.resources``) and so never found. The real example, with resources written under
    its spec.base.main."""
    text = (GT / "examples__standalone__gcs__standalone.yaml").read_text(encoding="utf-8")
    image = "      image: greptime/greptimedb:latest\n"
    assert image in text
    cr = tmp_path / "standalone.yaml"
    cr.write_text(text.replace(image, image + "      resources: {requests: {cpu: 500m, memory: 1Gi}, limits: {memory: 2Gi}}\n"), encoding="utf-8")
    assert _all(cr) == [("GreptimeDBStandalone", None, 1, [("standalone", {"cpu": "500m", "memory": "1Gi"}, {"memory": "2Gi"})])]
    assert _all(GT / "examples__standalone__gcs__standalone.yaml") == [("GreptimeDBStandalone", None, 1, [("standalone", {}, {})])]


def test_a_risingwave_standalone_counts_its_own_replicas(tmp_path: Path) -> None:
    """risingwavelabs/risingwave-operator @bd4b41a53dd1 pkg/factory/risingwave_object_factory.go
    convertStandaloneIntoNodeGroup: ``Replicas: standaloneSpec.Replicas`` (apis/risingwave/v1alpha1/
    risingwave_standalone_mode.go: ``+kubebuilder:default=1``, minimum 0, maximum 1). The count was read from the
    object's root (``replicas``), so a written ``replicas: 0`` still counted 1 pod. The real standalone example,
    unset (1) and scaled to 0."""
    real = REAL / "risingwavelabs__risingwave-operator" / "docs__manifests__risingwave__risingwave-standalone.yaml"
    text = real.read_text(encoding="utf-8")
    assert "    standalone:\n      template:\n" in text
    scaled = tmp_path / "standalone.yaml"
    scaled.write_text(text.replace("    standalone:\n", "    standalone:\n      replicas: 0\n"), encoding="utf-8")
    limits = {"cpu": "8", "memory": "32Gi"}
    assert _all(real) == [("RisingWave", "standalone", 1, [("standalone", {}, limits)])]
    assert _all(scaled) == [("RisingWave", "standalone", 0, [("standalone", {}, limits)])]
