"""Operator kinds read from their operators' code (issue 22): OceanBase's OBCluster (kinds_oceanbase.py), on the
operators' own example files (tests/data/real, SOURCES.tsv)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lint_support import lint_report
from tests.test_operator_kinds import REAL, pods

OB = "oceanbase__ob-operator/example__"
OBSERVER_2_10 = ("observer", {"cpu": "2", "memory": "10Gi"}, {"cpu": "2", "memory": "10Gi"})


def test_an_obcluster_makes_replica_observer_pods_per_zone_with_the_monitor_beside() -> None:
    # three zones of replica 1; the monitor template adds obagent, its limits (and so requests) 1 cpu, 1Gi
    obagent = ("obagent", {"cpu": "1", "memory": "1Gi"}, {"cpu": "1", "memory": "1Gi"})
    assert pods(f"{OB}obcluster__obcluster.yaml") == [
        ("OBCluster", f"topology[{i}] zone{i + 1} observer", 1, [OBSERVER_2_10, obagent], False) for i in range(3)
    ]


def test_an_obcluster_without_monitor_has_the_observer_alone_and_no_best_effort_finding(capsys: pytest.CaptureFixture[str]) -> None:
    assert pods(f"{OB}quickstart__obcluster.yaml") == [("OBCluster", "topology[0] zone1 observer", 1, [OBSERVER_2_10], False)]
    report = lint_report(capsys, str(REAL / f"{OB}quickstart__obcluster.yaml"))
    assert [f["rule"] for f in report["findings"] if f["severity"] in ("error", "warning")] == []
    assert report["summary"]["pods"] == 1


def test_a_zones_own_observer_template_replaces_the_clusters_whole(tmp_path: Path) -> None:
    # createOneOBServer: zoneTopo.OBServerTemplate != nil replaces the cluster's; replica 0 makes no pod
    text = (REAL / f"{OB}obcluster__obcluster.yaml").read_text()
    text = text.replace("    - zone: zone2\n      replica: 1\n", "    - zone: zone2\n      replica: 2\n      observer:\n"
                        "        image: x\n        resource:\n          memory: 12Gi\n", 1)
    text = text.replace("    - zone: zone3\n      replica: 1\n", "    - zone: zone3\n      replica: 0\n", 1)
    (tmp_path / "ob.yaml").write_text(text)
    obagent = ("obagent", {"cpu": "1", "memory": "1Gi"}, {"cpu": "1", "memory": "1Gi"})
    found = {t: (n, c) for _, t, n, c, _ in pods(str(tmp_path / "ob.yaml"))}
    assert found["topology[0] zone1 observer"] == (1, [OBSERVER_2_10, obagent])
    assert found["topology[1] zone2 observer"] == (2, [("observer", {"memory": "12Gi"}, {"memory": "12Gi"}), obagent])
    assert found.get("topology[2] zone3 observer", (0, []))[0] == 0
