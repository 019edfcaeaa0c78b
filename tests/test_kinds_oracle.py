"""The Oracle Database Operator's SingleInstanceDatabase (model/decode/kinds_oracle.py) on the operator's own
samples (tests/data/real/oracle__oracle-database-operator, SOURCES.tsv): the Pods its reconciler creates
(oracle/oracle-database-operator @e24228685e5f controllers/database/singleinstancedatabase_controller.go
instantiatePodSpec)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.test_operator_kinds import REAL, pods

SIDB = "oracle__oracle-database-operator/config__samples__sidb__"


def inits(path: str) -> list[list[str]]:
    return [[c.name for c in item.workload.pod.init_containers] for item in iter_items([path]) if isinstance(item, WorkloadItem)]


@pytest.mark.parametrize(
    ("name", "expected", "init"),
    [
        # persistence with setWritePermissions, enterprise: init-permissions, init-wallet; resources written null: none
        ("singleinstancedatabase.yaml", [("SingleInstanceDatabase", None, 1, [("sidb-sample", {}, {})], False)],
         ["init-permissions", "init-wallet"]),
        # a prebuilt database (free edition): init-prebuiltdb only
        ("singleinstancedatabase_prebuiltdb.yaml", [("SingleInstanceDatabase", None, 1, [("prebuiltdb-sample", {}, {})], False)],
         ["init-prebuiltdb"]),
        # free edition, persistence without setWritePermissions: no init container
        ("singleinstancedatabase_free-lite.yaml", [("SingleInstanceDatabase", None, 1, [("freedb-lite-sample", {}, {})], False)], []),
    ],
)  # fmt: skip
def test_a_single_instance_database_is_the_pods_its_reconciler_creates(name: str, expected: list[Any], init: list[str]) -> None:
    assert pods(SIDB + name) == expected
    assert inits(str(REAL / (SIDB + name))) == [init]


def test_sidb_resources_and_replicas(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """spec.resources' cpu and memory strings, an empty one unset; spec.replicas unset makes no pod (no default)."""
    (tmp_path / "s.yaml").write_text(
        "apiVersion: database.oracle.com/v4\nkind: SingleInstanceDatabase\nmetadata: {name: db}\n"
        "spec:\n  edition: express\n  replicas: 2\n  image: {pullFrom: x}\n"
        "  resources: {requests: {cpu: '2', memory: ''}, limits: {cpu: '2', memory: 8Gi, nvidia.com/gpu: '1'}}\n"
        "---\napiVersion: database.oracle.com/v4\nkind: SingleInstanceDatabase\nmetadata: {name: none}\nspec: {image: {pullFrom: x}}\n",
        encoding="utf-8",
    )
    assert pods(str(tmp_path / "s.yaml")) == [
        ("SingleInstanceDatabase", None, 2, [("db", {"cpu": "2"}, {"cpu": "2", "memory": "8Gi"})], False),
        ("SingleInstanceDatabase", None, 0, [("none", {}, {})], False),
    ]
    main(["explain", "-o", "json", str(tmp_path / "s.yaml")])
    explained = json.loads(capsys.readouterr().out)["pods"]
    assert [(p["workload"]["name"], p["qosClass"], p["requests"], p["limits"]) for p in explained][0] == (
        "db", "Guaranteed", {"cpu": "2", "memory": "8Gi"}, {"cpu": "2", "memory": "8Gi"})


@pytest.mark.parametrize(
    ("name", "kind"),
    [("config__samples__adb__autonomousdatabase_create.yaml", "AutonomousDatabase"), ("config__samples__dbcs__database_v1alpha1_dbcssystem.yaml", "DbcsSystem")],
)
def test_oci_cloud_databases_carry_no_pods(name: str, kind: str) -> None:
    """OCI resources the operator manages through the OCI API: objects without pods, not custom objects searched in vain."""
    items = list(iter_items([str(REAL / "oracle__oracle-database-operator" / name)]))
    assert [(i.reason, i.kind) for i in items if isinstance(i, SkippedItem)] == [("no-pods", kind)]
