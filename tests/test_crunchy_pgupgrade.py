"""Crunchy Data's PGUpgrade (kinds_crunchy.py): the one pod of its upgrade
Job, CrunchyData/postgres-operator @0fbac3062d64 internal/controller/pgupgrade/
jobs.go generateUpgradeJob: the primary's pod template with every container
replaced by one ``database`` with ``spec.resources``. The real PGUpgrade of
its kuttl test major-upgrade (tests/data/real, provenance in SOURCES.tsv)."""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest

from tests.lint_support import lint_report
from tests.support import found_pods

REAL: Final = Path(__file__).parent / "data" / "real" / "CrunchyData__postgres-operator"
UPGRADE: Final = REAL / "testing__kuttl__e2e__major-upgrade__02-valid-upgrade.yaml"


def test_a_pgupgrade_without_resources_is_one_besteffort_database_pod(capsys: pytest.CaptureFixture[str]) -> None:
    """Before: 'a custom object with no pod found'."""
    assert found_pods(UPGRADE) == [("PGUpgrade", None, 1, [("database", "regular", {}, {})], False)]
    report = lint_report(capsys, str(UPGRADE))
    assert [(f["rule"], f["object"]["name"]) for f in report["findings"]] == [("PR201", "major-upgrade-do-it")]
    assert report["summary"]["skipped"]["nothing-found"] == {}


def test_the_upgrade_container_takes_spec_resources_and_no_init_containers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = UPGRADE.read_text(encoding="utf-8").replace(
        "  postgresClusterName: major-upgrade\n",
        "  postgresClusterName: major-upgrade\n  resources: {requests: {cpu: 1500m, memory: 1Gi}, limits: {memory: 1Gi}}\n",
    )
    (tmp_path / "u.yaml").write_text(text, encoding="utf-8")
    assert found_pods(tmp_path / "u.yaml") == [
        ("PGUpgrade", None, 1, [("database", "regular", {"cpu": "1500m", "memory": "1Gi"}, {"memory": "1Gi"})], False),
    ]
    assert [f["rule"] for f in lint_report(capsys, str(tmp_path))["findings"]] == []
