"""The Logging operator's kinds (kube-logging/logging-operator @51679aa50c20; model/decode/kinds_logging.py) on the
project's own samples (tests/data/real/kube-logging__logging-operator, provenance in SOURCES.tsv): the fluentd,
syslog-ng and fluent-bit pods it builds with its own default resources, the tailers of its extensions, and its
routing kinds that make no pod."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from tests.lint_support import lint_report
from tests.test_operator_kinds import REAL, pods

LO = "kube-logging__logging-operator/config__samples__"
# FluentdSpec.SetDefaults: requests 500m/100M, limits 1000m/400M; syslogNGContainer writes the same
FLUENTD = ("fluentd", {"cpu": "500m", "memory": "100M"}, {"cpu": "1", "memory": "400M"})
SYSLOG_NG = ("syslog-ng", {"cpu": "500m", "memory": "100M"}, {"cpu": "1", "memory": "400M"})
# FluentBitDefaults: requests 100m/50M, limits 200m/100M
FLUENT_BIT = ("fluent-bit", {"cpu": "100m", "memory": "50M"}, {"cpu": "200m", "memory": "100M"})
RELOADER = ("config-reloader", {}, {})


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # the statefulSet override's syslog-ng writes only cpu: merged over the operator's container, its memory
        # request and limit stay 100M and 400M; the legacy fluentbit section is a DaemonSet (no count)
        (f"{LO}syslog-ng-retry.yaml", [
            ("Logging", "syslog-ng", 1, [("syslog-ng", {"memory": "100M", "cpu": "50m"}, {"memory": "400M", "cpu": "50m"}), RELOADER], False),
            ("Logging", "fluent-bit", None, [FLUENT_BIT], False),
        ]),
        # metrics: {} is enabled (SetDefaults gives it port 9577): the exporter sidecar, no resources
        (f"{LO}syslog-ng-custom-metrics.yaml", [
            ("Logging", "syslog-ng", 1, [SYSLOG_NG, RELOADER, ("exporter", {}, {})], False),
            ("Logging", "fluent-bit", None, [FLUENT_BIT], False),
        ]),
        # bufferVolumeMetrics with neither enabled, port nor path: Metrics.IsEnabled is false, no buffer-metrics-sidecar
        (f"{LO}syslog-ng-pvc-metrics.yaml", [("Logging", "syslog-ng", 1, [SYSLOG_NG, RELOADER], False)]),
        (f"{LO}fluentdconfig.yaml", [("FluentdConfig", None, 1, [FLUENTD, RELOADER], False)]),
        (f"{LO}logging_logging_fluentd_sidecars.yaml", [("Logging", "fluentd", 1, [FLUENTD, ("fluentdsidecar", {}, {}), RELOADER], False)]),
        (f"{LO}fluentbit-multi.yaml", [
            ("Logging", "fluentd", 1, [FLUENTD, RELOADER], False),
            ("FluentbitAgent", None, None, [FLUENT_BIT], False), ("FluentbitAgent", None, None, [FLUENT_BIT], False),
        ]),
        # the disabled file tailers make no container
        (f"{LO}extensions__logging-extensions_v1alpha1_hosttailer.yaml", [
            ("HostTailer", None, None, [("thirdfiletailer", {}, {}), ("fourthfiletailer", {}, {}), ("firstsystemdtailer", {}, {})], False),
        ]),
        (f"{LO}extensions__logging-extensions_v1alpha1_eventtailer_with_pvc.yaml", [("EventTailer", None, 1, [("event-tailer", {}, {})], False)]),
    ],
)  # fmt: skip
def test_the_logging_operator_builds_its_collectors_and_aggregators(name: str, expected: list[Any]) -> None:
    assert pods(name) == expected


def test_a_syslog_ng_override_no_longer_reports_the_operators_memory_missing(capsys: pytest.CaptureFixture[str]) -> None:
    """syslog-ng-retry.yaml's override writes cpu only: before, the template found by shape was said to lack a memory
    request and limit (PR131, PR132); the operator's 100M and 400M stay, and only its config-reloader (no resources in
    configReloadContainer) and the ratio infos are reported."""
    report = lint_report(capsys, str(REAL / f"{LO}syslog-ng-retry.yaml"))
    got = sorted((f["rule"], f["message"].split("'")[1]) for f in report["findings"])
    assert got == [("PR133", "fluent-bit"), ("PR133", "syslog-ng"), ("PR138", "config-reloader")]
    assert report["summary"]["pods"] == 2


def test_the_logging_routing_kinds_carry_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """Flow and Output are rendered into fluentd's configuration: objects without pods, not custom objects searched."""
    main(["lint", "--no-config", "-o", "text", str(REAL / f"{LO}fluentbit-multi.yaml")])
    summary = capsys.readouterr().out.strip().splitlines()[-1]
    assert "objects without pods (Flow 1, Output 1)" in summary
    assert "no pod found" not in summary


def test_the_priority_class_of_a_tailer_is_its_workload_overrides(capsys: pytest.CaptureFixture[str]) -> None:
    main(["explain", "-o", "json", str(REAL / f"{LO}extensions__logging-extensions_v1alpha1_hosttailer.yaml")])
    (pod,) = json.loads(capsys.readouterr().out)["pods"]
    assert (pod["priority"]["className"], pod["qosClass"]) == ("system-node-critical", "BestEffort")


BRANCHES = """\
apiVersion: logging.banzaicloud.io/v1beta1
kind: Logging
metadata: {name: branches}
spec:
  controlNamespace: logging
  fluentd:
    scaling: {replicas: 3}
    resources: {requests: {cpu: 200m, memory: 256Mi}}
    security: {securityContext: {readOnlyRootFilesystem: true}}
    volumeMountChmod: true
    compressConfigFile: true
    configReloaderResources: {limits: {memory: 64Mi}}
    bufferVolumeMetrics: {port: 9200}
  syslogNG:
    metrics: {enabled: false}
    bufferVolumeMetrics: {enabled: true}
    statefulSet:
      spec:
        replicas: 2
        template:
          spec:
            containers:
            - name: syslog-ng
              volumeMounts: [{name: buffers, mountPath: /buffers}]
---
apiVersion: logging.banzaicloud.io/v1beta1
kind: FluentbitAgent
metadata: {name: agent}
spec:
  resources: {limits: {cpu: "1"}}
  configHotReload: {resources: {limits: {memory: 50Mi}}}
  bufferVolumeMetrics: {enabled: false, port: 9200}
---
apiVersion: logging.banzaicloud.io/v1beta1
kind: FluentdConfig
metadata: {name: zero}
spec:
  scaling: {replicas: 0}
  bufferVolumeMetrics: {enabled: true}
  bufferVolumeResources: {limits: {cpu: 50m}}
---
apiVersion: logging-extensions.banzaicloud.io/v1alpha1
kind: HostTailer
metadata: {name: all-disabled}
spec:
  fileTailers: [{name: off, path: /var/log/a, disabled: true}]
---
apiVersion: logging-extensions.banzaicloud.io/v1alpha1
kind: EventTailer
metadata: {name: sized}
spec:
  controlNamespace: default
  containerOverrides: {resources: {limits: {cpu: 100m, memory: 64Mi}}}
"""


def test_each_branch_of_the_operators_pod_building(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """fluentd: scaling.replicas, requests written and the default limits kept (each map apart), tmp-dir-hack with
    fluentd's resources (readOnlyRootFilesystem), volume-mount-hack, init-config-reloader and config-reloader with
    configReloaderResources, the buffer sidecar enabled by a port; a written replicas of 0 is the StatefulSet's 1;
    syslog-ng: metrics disabled (no exporter), the buffer sidecar where buffers is mounted, the override's replicas;
    fluent-bit: limits written and the default requests kept, configHotReload's reloader, a disabled buffer sidecar;
    a HostTailer whose tailers are all disabled makes no pod; an EventTailer's containerOverrides.resources."""
    (tmp_path / "b.yaml").write_text(BRANCHES, encoding="utf-8")
    main(["explain", "-o", "json", str(tmp_path / "b.yaml")])
    got = [
        (p["workload"]["kind"], p["workload"]["replicas"], p["qosClass"], [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]])
        for p in json.loads(capsys.readouterr().out)["pods"]
    ]
    fluentd = ({"cpu": "200m", "memory": "256Mi"}, {"cpu": "1", "memory": "400M"})
    reloader = ({"memory": "64Mi"}, {"memory": "64Mi"})
    buffer = ({"cpu": "2m", "memory": "20M"}, {"cpu": "100m", "memory": "100M"})
    assert got == [
        ("Logging", 3, "Burstable", [
            ("tmp-dir-hack", "init", *fluentd), ("volume-mount-hack", "init", {}, {}), ("init-config-reloader", "init", *reloader),
            ("fluentd", "regular", *fluentd), ("config-reloader", "regular", *reloader), ("buffer-metrics-sidecar", "regular", *buffer),
        ]),
        ("Logging", 2, "Burstable", [
            ("syslog-ng", "regular", {"cpu": "500m", "memory": "100M"}, {"cpu": "1", "memory": "400M"}), ("config-reloader", "regular", {}, {}),
            ("buffer-metrics-sidecar", "regular", *buffer),
        ]),
        ("FluentbitAgent", None, "Burstable", [
            ("fluent-bit", "regular", {"cpu": "100m", "memory": "50M"}, {"cpu": "1"}), ("config-reloader", "regular", {"memory": "50Mi"}, {"memory": "50Mi"}),
        ]),
        ("FluentdConfig", 1, "Burstable", [
            ("fluentd", "regular", {"cpu": "500m", "memory": "100M"}, {"cpu": "1", "memory": "400M"}), ("config-reloader", "regular", {}, {}),
            ("buffer-metrics-sidecar", "regular", {"cpu": "2m", "memory": "20M"}, {"cpu": "50m"}),
        ]),
        ("EventTailer", 1, "Guaranteed", [("event-tailer", "regular", {"cpu": "100m", "memory": "64Mi"}, {"cpu": "100m", "memory": "64Mi"})]),
    ]  # fmt: skip


def test_a_telemetry_controller_collector_is_an_otel_collector_daemonset(capsys: pytest.CaptureFixture[str]) -> None:
    """collector_manager.go writes an OpenTelemetryCollector in DaemonSet mode from spec.otelCommonFields (none here):
    one otc-container a node, no resources; its Tenants, Subscriptions and Outputs carry no pods."""
    assert pods(f"{LO}multitenant-routing-tc__tc-simple__collector.yaml") == [("Collector", None, None, [("otc-container", {}, {})], False)]
    report = lint_report(capsys, str(REAL / f"{LO}multitenant-routing-tc__tc-simple__tenant-infra.yaml"))
    skipped = report["summary"]["skipped"]
    assert {k: skipped["no-pods"].get(k) for k in ("Tenant", "Subscription", "Output")} == {"Tenant": 1, "Subscription": 1, "Output": 1}
    assert skipped["nothing-found"] == {}
    # the OpenTelemetryCollector receiver in the same file sets no resources (the OpenTelemetry operator adds none)
    assert [(f["rule"], f["object"]["kind"]) for f in report["findings"]] == [("PR201", "OpenTelemetryCollector")]
