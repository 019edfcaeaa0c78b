"""The Datadog operator's DatadogAgent (model/decode/kinds_datadog.py) on the project's own examples
(tests/data/real/DataDog__datadog-operator, SOURCES.tsv): the node agent, cluster agent, cluster checks runner and
OTel Agent Gateway pods as DataDog/datadog-operator @55db53165d17 builds them (internal/controller/datadogagent), with
no resources but those written under spec.override.<component>.containers.<container>.resources."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from tests.lint_support import lint_report
from tests.test_operator_kinds import REAL

DD = REAL / "DataDog__datadog-operator"
EX = "examples__datadogagent__"
# the node agent's containers for the default agent image (the operator's own golden rendering,
# internal/controller/testutils/renderer/testdata/golden/minimal-baseline.golden.yaml)
NODE = [("init-volume", "init", {}, {}), ("init-config", "init", {}, {}), ("seccomp-setup", "init", {}, {}),
        ("agent", "regular", {}, {}), ("trace-agent", "regular", {}, {}), ("system-probe", "regular", {}, {})]  # fmt: skip
CLUSTER = [("cluster-agent", "regular", {}, {})]


def _explain(capsys: pytest.CaptureFixture[str], *paths: Path) -> list[tuple[Any, ...]]:
    main(["explain", "-o", "json", *map(str, paths)])
    return [
        (p["workload"]["template"], p["workload"]["replicas"], p["qosClass"], p["workload"]["asWritten"] is not None,
         [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]])
        for p in json.loads(capsys.readouterr().out)["pods"]
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # no feature written: apm (default on) gives trace-agent, service discovery (default on for the default
        # image) system-probe and its seccomp-setup; the cluster agent's one replica; no cluster checks runner
        ("datadog-agent-minimum.yaml", [("node agent", None, "BestEffort", True, NODE), ("cluster agent", 1, "BestEffort", False, CLUSTER)]),
        # cws and cspm add security-agent; clusterChecks without useClusterChecksRunners: no runner
        ("datadog-agent-all.yaml", [
            ("node agent", None, "BestEffort", True, [*NODE, ("security-agent", "regular", {}, {})]),
            ("cluster agent", 1, "BestEffort", False, CLUSTER)]),
        # override.clusterAgent.replicas 2; useClusterChecksRunners: the runner, replicas unset (Kubernetes' 1)
        ("datadog-agent-with-dca-clusterchecksrunner.yaml", [
            ("node agent", None, "BestEffort", True, NODE), ("cluster agent", 2, "BestEffort", False, CLUSTER),
            ("cluster checks runner", 1, "BestEffort", False, [("init-config", "init", {}, {}), ("agent", "regular", {}, {})])]),
        # features.otelAgentGateway: its Deployment of override.otelAgentGateway.replicas, the written resources of
        # its init-volume and otel-agent (the ConfigMaps in the file carry no pods)
        ("datadog-agent-with-otelagentgateway.yaml", [
            ("node agent", None, "BestEffort", True, NODE), ("cluster agent", 1, "BestEffort", False, CLUSTER),
            ("otel agent gateway", 2, "Burstable", False, [
                ("init-volume", "init", {"cpu": "50m", "memory": "100Mi"}, {"cpu": "100m", "memory": "200Mi"}),
                ("otel-agent", "regular", {"cpu": "200m", "memory": "512Mi"}, {"cpu": "500m", "memory": "1Gi"})])]),
    ],
)  # fmt: skip
def test_a_datadogagent_is_its_agents_pods(capsys: pytest.CaptureFixture[str], name: str, expected: list[Any]) -> None:
    assert _explain(capsys, DD / f"{EX}{name}") == expected


def test_overrides_disabled_components_and_features(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """override.<component>.containers.<name>.resources is the container's (overrideContainer, overrideInitContainer);
    the cluster agent disabled takes the runners with it (ForceDeleteComponent); apm and service discovery off, no
    other system-probe feature: agent alone after init-volume and init-config; otelCollector adds otel-agent; FIPS
    adds fips-proxy with global.fips.resources; priorityClassName is the override's."""
    (tmp_path / "d.yaml").write_text(
        "apiVersion: datadoghq.com/v2alpha1\nkind: DatadogAgent\nmetadata: {name: d}\nspec:\n"
        "  global: {fips: {enabled: true, resources: {requests: {cpu: 20m, memory: 20Mi}, limits: {cpu: 20m, memory: 20Mi}}}}\n"
        "  features:\n    apm: {enabled: false}\n    serviceDiscovery: {enabled: false}\n    otelCollector: {enabled: true}\n"
        "    clusterChecks: {useClusterChecksRunners: true}\n"
        "  override:\n    clusterAgent: {disabled: true}\n"
        "    nodeAgent:\n      priorityClassName: system-node-critical\n      containers:\n"
        "        agent: {resources: {requests: {cpu: 200m, memory: 256Mi}, limits: {cpu: 200m, memory: 256Mi}}}\n"
        "        init-config: {resources: {requests: {cpu: 10m, memory: 10Mi}, limits: {cpu: 10m, memory: 10Mi}}}\n",
        encoding="utf-8",
    )
    main(["explain", "-o", "json", str(tmp_path / "d.yaml")])
    got = [(p["workload"]["template"], p["priority"]["value"], [(c["name"], c["type"], c["requests"]) for c in p["containers"]])
           for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip
    assert got == [("node agent", 2000001000, [
        ("init-volume", "init", {}), ("init-config", "init", {"cpu": "10m", "memory": "10Mi"}),
        ("agent", "regular", {"cpu": "200m", "memory": "256Mi"}), ("otel-agent", "regular", {}),
        ("fips-proxy", "regular", {"cpu": "20m", "memory": "20Mi"})])]  # fmt: skip


def test_the_real_examples_findings(capsys: pytest.CaptureFixture[str]) -> None:
    """The cluster agents and the runner are final pods the operator leaves BestEffort (PR201, true: no container of
    theirs gets resources but from an override); the node agent, as written, claims no QoS class: each container it
    is known to have without resources is a PR138 that says why the pod is only as written."""
    report = lint_report(capsys, str(DD))
    found = sorted({(f["path"].rsplit("/", 1)[-1].removeprefix(EX), f["rule"], f["message"].split("(")[-1].rstrip(")"))
                    for f in report["findings"]})  # fmt: skip
    rules = {(name, rule) for name, rule, _ in found}
    assert rules == {(n, r) for n in ("datadog-agent-minimum.yaml", "datadog-agent-all.yaml", "datadog-agent-with-dca-clusterchecksrunner.yaml",
                                      "datadog-agent-with-otelagentgateway.yaml") for r in ("PR138", "PR201")} | {
        ("datadog-agent-with-otelagentgateway.yaml", "PR133")}  # fmt: skip
    pr201 = sorted((f["path"].rsplit("/", 1)[-1].removeprefix(EX), f["line"], f["object"]["template"], f["field"]) for f in report["findings"] if f["rule"] == "PR201")
    assert pr201 == [
        ("datadog-agent-all.yaml", 5, "cluster agent", "spec.override.clusterAgent.spec.containers"),
        ("datadog-agent-minimum.yaml", 5, "cluster agent", "spec.override.clusterAgent.spec.containers"),
        ("datadog-agent-with-dca-clusterchecksrunner.yaml", 19, "cluster checks runner", "spec.override.clusterChecksRunner.spec.containers"),
        ("datadog-agent-with-dca-clusterchecksrunner.yaml", 20, "cluster agent", "spec.override.clusterAgent.spec.containers"),
        ("datadog-agent-with-otelagentgateway.yaml", 102, "cluster agent", "spec.override.clusterAgent.spec.containers"),
    ]
    pr138 = [f for f in report["findings"] if f["rule"] == "PR138"]
    assert len(pr138) == 13 and all(f["object"]["template"] == "node agent" for f in pr138)
    assert all("as written: the Datadog operator adds process-agent" in f["message"] for f in pr138)
    assert report["summary"]["pods"] == 10
