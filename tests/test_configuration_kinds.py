"""Operator kinds that configure other pods (issue 22: repositories never seen; leftovers over
open-feature/open-feature-operator @90d373fd1661, open-telemetry/opentelemetry-operator @be8944414a87 and
DataDog/datadog-operator @55db53165d17).

OpenFeature's FeatureFlag, FeatureFlagSource and InProcessConfiguration are configuration the operator's webhook and
flagd read (no_pods.py); OpenTelemetry's Instrumentation is what its pod webhook injects into annotated pods, and
Datadog's DatadogAgentProfile a patch of a DatadogAgent's node-agent pods (describes.py). Before, all of them were
counted as custom objects where no pod was found (24 over open-feature-operator, 1 DatadogAgentProfile over
datadog-operator).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.model.decode.describes import describes_objects
from pod_resources_cli.model.decode.no_pods import carries_no_pods
from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real"
OPENFEATURE = {
    "open-feature__open-feature-operator/config__samples__core_v1beta1_featureflag.yaml": "FeatureFlag",
    "open-feature__open-feature-operator/config__samples__core_v1beta1_inprocessconfiguration.yaml": "InProcessConfiguration",
    # a source of provider flagd-proxy: the operator's one shared flagd-proxy Deployment, not this object's
    "open-feature__open-feature-operator/test__e2e__chainsaw__fsconfig-flagd-proxy-sync__00-install.yaml": "FeatureFlagSource",
}
INSTRUMENTATION = "open-telemetry__opentelemetry-operator/tests__e2e-instrumentation__instrumentation-nodejs-volume__00-install-instrumentation.yaml"
PROFILE = "DataDog__datadog-operator/config__samples__datadoghq_v1alpha1_datadogagentprofile.yaml"


def _skipped(name: str) -> list[tuple[str, str | None]]:
    items = list(iter_items([str(REAL / name)]))
    assert not [i for i in items if isinstance(i, WorkloadItem)], name
    return [(i.reason, i.kind) for i in items if isinstance(i, SkippedItem)]


def test_openfeature_configuration_kinds_carry_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    for name, kind in OPENFEATURE.items():
        assert _skipped(name) == [("no-pods", kind)], name
    report = lint_report(capsys, *(str(REAL / name) for name in OPENFEATURE))
    counted = report["summary"]["skipped"]
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    assert counted["nothing-found"] == {} and counted["not-searched"] == {}
    assert counted["no-pods"] == {"FeatureFlag": 1, "FeatureFlagSource": 1, "InProcessConfiguration": 1}


def test_openfeatures_flagd_still_makes_its_pod() -> None:
    """The group's Flagd is a Deployment the operator builds (kinds_openfeature.py): not among the pod-less kinds."""
    assert not carries_no_pods("core.openfeature.dev", "Flagd")
    items = list(iter_items([str(REAL / "open-feature__open-feature-operator/config__samples__core_v1beta1_flagd.yaml")]))
    assert [(i.workload.ref.kind, [c.name for c in i.workload.pod.containers]) for i in items if isinstance(i, WorkloadItem)] == [("Flagd", ["flagd"])]


def test_an_instrumentation_and_a_datadog_agent_profile_describe_other_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """The Instrumentation's volumeClaimTemplate (1Gi of storage) and the profile's agent resources (256m of cpu) are
    other pods' fields: counted as describing other objects, never searched."""
    assert _skipped(INSTRUMENTATION) == [("describes-objects", "Instrumentation")]
    assert _skipped(PROFILE) == [("describes-objects", "DatadogAgentProfile")]
    report: dict[str, Any] = lint_report(capsys, str(REAL / INSTRUMENTATION), str(REAL / PROFILE))
    counted = report["summary"]["skipped"]
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    assert counted["nothing-found"] == {} and counted["describes-objects"] == {"Instrumentation": 1, "DatadogAgentProfile": 1}
    # the kinds only: the DatadogAgent and the OpenTelemetryCollector of the same groups still make pods
    assert describes_objects("opentelemetry.io", "Instrumentation") and describes_objects("datadoghq.com", "DatadogAgentProfile")
    assert not describes_objects("opentelemetry.io", "OpenTelemetryCollector")
    assert not describes_objects("datadoghq.com", "DatadogAgent")


def test_a_tanka_environment_describes_the_objects_of_its_jsonnet() -> None:
    """grafana/helm-charts @7a0ab968961a charts/enterprise-metrics/environments/default/spec.json: a Tanka
    Environment (its API server, namespace and defaults), whose objects are what Tanka evaluates from main.jsonnet
    beside it (grafana/tanka pkg/tanka/static.go). Before: a custom object with no pod found; linting that chart
    collection whole said 3 of them."""
    name = "grafana__helm-charts/charts__enterprise-metrics__environments__default__spec.json"
    assert _skipped(name) == [("describes-objects", "Environment")]
    assert describes_objects("tanka.dev", "Environment") and not describes_objects("tanka.dev", "Other")
