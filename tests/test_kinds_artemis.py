"""The ArkMQ (ActiveMQ Artemis) broker operator's Broker, ActiveMQArtemis and
BrokerService (kinds_artemis.py, from arkmq-org/activemq-artemis-operator
@a5ce940f04cd controllers/broker_reconciler.go NewPodTemplateSpecForCR), and
its configuration kinds that carry no pods, on the project's own files
(tests/data/real/arkmq-org__activemq-artemis-operator; SOURCES.tsv)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.model.items import SkippedItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report

ARTEMIS = Path(__file__).parent / "data" / "real" / "arkmq-org__activemq-artemis-operator"
Row = tuple[str, str, int | None, str, bool, list[tuple[str, str, dict[str, str], dict[str, str]]]]


def _explain(capsys: pytest.CaptureFixture[str], path: Path) -> list[Row]:
    main(["explain", "-o", "json", str(path)])
    return [
        (p["workload"]["kind"], p["workload"]["name"], p["workload"]["replicas"], p["qosClass"], p["workload"]["asWritten"] is not None,
         [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]])
        for p in json.loads(capsys.readouterr().out)["pods"]
    ]  # fmt: skip


HALF = ({"cpu": "250m", "memory": "512Mi"}, {"cpu": "500m", "memory": "1Gi"})
GIB = ({"memory": "1Gi"}, {"memory": "1Gi"})  # a memory limit alone: the API server copies it to the request


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # deploymentPlan.resources whole on the init container and the broker container; size unset: 1
        ("examples__broker__broker_resources.yaml", ("Broker", "my-broker-resources", 1, "Burstable", False, [
            ("my-broker-resources-container-init", "init", *HALF), ("my-broker-resources-container", "regular", *HALF)])),
        ("examples__broker__broker_cluster_persistence.yaml", ("Broker", "my-broker", 2, "BestEffort", False, [
            ("my-broker-container-init", "init", {}, {}), ("my-broker-container", "regular", {}, {})])),
        # a resourceTemplates patch selecting the StatefulSet: as written
        ("examples__broker__broker_template.yaml", ("Broker", "my-broker-template", 1, "BestEffort", True, [
            ("my-broker-template-container-init", "init", {}, {}), ("my-broker-template-container", "regular", {}, {})])),
        # the older kind, converted field by field
        ("config__samples__broker_activemqartemis_v1beta1_cr.yaml", ("ActiveMQArtemis", "ex-aao", 2, "BestEffort", False, [
            ("ex-aao-container-init", "init", {}, {}), ("ex-aao-container", "regular", {}, {})])),
        # a BrokerService: one restricted broker of its name with the service's spec.resources
        ("config__samples__broker_brokerservice_v1beta2_cr.yaml", ("BrokerService", "ex-as-wq", 1, "Burstable", False, [
            ("ex-as-wq-container-init", "init", *GIB), ("ex-as-wq-container", "regular", *GIB)])),
    ],
)  # fmt: skip
def test_a_broker_is_the_statefulset_the_operator_builds(name: str, expected: Row, capsys: pytest.CaptureFixture[str]) -> None:
    assert _explain(capsys, ARTEMIS / name) == [expected]


def test_the_broker_examples_lint(capsys: pytest.CaptureFixture[str]) -> None:
    """Before, every Broker, ActiveMQArtemis, BrokerService and BrokerApp was a custom object with no pod found."""
    report = lint_report(capsys, *(str(p) for p in sorted(ARTEMIS.glob("*.yaml"))))
    assert report["summary"]["pods"] == 5
    assert sorted((f["rule"], f["object"]["name"]) for f in report["findings"]) == [
        ("PR130", "ex-as-wq"), ("PR133", "my-broker-resources"), ("PR201", "ex-aao"), ("PR201", "my-broker")]  # fmt: skip
    skipped = report["summary"]["skipped"]
    assert skipped["nothing-found"] == {} and skipped["no-pods"] == {"BrokerApp": 1}
    assert [(i.reason, i.kind) for i in iter_items([str(ARTEMIS / "config__samples__broker_brokerapp_v1beta2_cr.yaml")]) if isinstance(i, SkippedItem)] == [
        ("no-pods", "BrokerApp")]  # fmt: skip


def test_a_restricted_broker_is_one_pod_whatever_its_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """GetDeploymentSize: DefaultDeploymentSize where spec.restricted is true."""
    text = (ARTEMIS / "examples__broker__broker_cluster_persistence.yaml").read_text(encoding="utf-8")
    (tmp_path / "r.yaml").write_text(text.replace("spec:\n", "spec:\n  restricted: true\n", 1), encoding="utf-8")
    assert [(r[2], r[3]) for r in _explain(capsys, tmp_path / "r.yaml")] == [(1, "BestEffort")]
