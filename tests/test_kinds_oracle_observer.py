"""The Oracle Database Operator's DatabaseObserver and DataguardBroker (model/decode/kinds_oracle_observer.py) on the
operator's own samples (tests/data/real/oracle__oracle-database-operator, SOURCES.tsv; oracle/oracle-database-operator
@e24228685e5f controllers/observability/databaseobserver_resource.go, controllers/dataguard/dataguard_utils.go
createObserverPods). Both were 'custom objects with no pod found' (16 DatabaseObservers, 1 DataguardBroker over the
repository)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report
from tests.test_operator_kinds import REAL, pods

ORACLE = "oracle__oracle-database-operator/config__samples__"
PROMTAIL = ORACLE + "observability__v4__databaseobserver_logs_promtail.yaml"
MINIMAL = ORACLE + "observability__v4__databaseobserver_minimal.yaml"
BROKER = ORACLE + "sidb__dataguardbroker.yaml"


def test_a_database_observer_is_the_exporter_and_its_written_sidecars(capsys: pytest.CaptureFixture[str]) -> None:
    """``exporter`` with no resources, then the promtail sidecar as written (none either): a BestEffort pod, 1 replica."""
    assert pods(PROMTAIL) == [("DatabaseObserver", None, 1, [("exporter", {}, {}), ("promtail", {}, {})], False)]
    report = lint_report(capsys, str(REAL / PROMTAIL))
    assert sorted({f["rule"] for f in report["findings"]}) == ["PR201"]
    assert report["summary"]["pods"] == 1 and report["summary"]["skipped"]["nothing-found"] == {}


def test_a_database_observer_without_replicas_runs_one_exporter() -> None:
    """spec.replicas unset: GetExporterReplicas' DefaultReplicaCount, 1; no sidecar."""
    assert pods(MINIMAL) == [("DatabaseObserver", None, 1, [("exporter", {}, {})], False)]


def test_database_observer_replicas_and_sidecar_resources(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A written 0 is 1 as well; 3 is 3; a sidecar's resources are its own, the exporter has none."""
    text = (REAL / MINIMAL).read_text(encoding="utf-8")
    (tmp_path / "zero.yaml").write_text(text + "  replicas: 0\n", encoding="utf-8")
    (tmp_path / "three.yaml").write_text(
        text + "  replicas: 3\n  sidecar:\n    containers:\n      - name: log\n        image: x\n"
        "        resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {memory: 128Mi}}\n", encoding="utf-8",
    )  # fmt: skip
    assert pods(str(tmp_path / "zero.yaml")) == [("DatabaseObserver", None, 1, [("exporter", {}, {})], False)]
    assert pods(str(tmp_path / "three.yaml")) == [
        ("DatabaseObserver", None, 3, [("exporter", {}, {}), ("log", {"cpu": "100m", "memory": "64Mi"}, {"memory": "128Mi"})], False)
    ]
    main(["explain", "-o", "json", str(tmp_path / "three.yaml")])
    (pod,) = json.loads(capsys.readouterr().out)["pods"]
    assert (pod["qosClass"], pod["requests"], pod["limits"]) == ("Burstable", {"cpu": "100m", "memory": "64Mi"}, {"memory": "128Mi"})


def test_a_dataguard_broker_without_fast_start_failover_makes_no_pod(capsys: pytest.CaptureFixture[str]) -> None:
    items = list(iter_items([str(REAL / BROKER)]))
    assert not [i for i in items if isinstance(i, WorkloadItem)]
    assert [(i.reason, i.kind) for i in items if isinstance(i, SkippedItem)] == [("nothing-found", "DataguardBroker")]


def test_a_dataguard_broker_with_fast_start_failover_runs_its_observer_pod(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The observer Pod the reconciler creates: one container named after the broker, no resources (BestEffort)."""
    text = (REAL / BROKER).read_text(encoding="utf-8")
    assert "fastStartFailover: false" in text
    (tmp_path / "b.yaml").write_text(text.replace("fastStartFailover: false", "fastStartFailover: true"), encoding="utf-8")
    assert pods(str(tmp_path / "b.yaml")) == [("DataguardBroker", None, 1, [("dataguardbroker-sample", {}, {})], False)]
    report = lint_report(capsys, str(tmp_path / "b.yaml"))
    assert [f["rule"] for f in report["findings"]] == ["PR201"]
