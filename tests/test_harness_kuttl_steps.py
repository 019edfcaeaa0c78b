"""A kuttl TestStep's ``apply`` files merge into the objects earlier steps of
the case made (source/harness.py _kuttl_steps_before), on Crunchy Data's own
e2e case (tests/data/real/CrunchyData__postgres-operator/tree, provenance in
SOURCES.tsv): testing/kuttl/e2e/cluster-pause @0fbac3062d64."""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest

from pod_resources_cli.source.harness import updated_objects
from tests.lint_support import lint_report
from tests.support import found_pods

CASE: Final = Path(__file__).parent / "data" / "real" / "CrunchyData__postgres-operator/tree/testing/kuttl/e2e/cluster-pause"
CLUSTER: Final = ("postgres-operator.crunchydata.com", "PostgresCluster", "", "cluster-pause")


def test_files_later_test_steps_apply_update_the_cluster_step_00_created() -> None:
    # step 00's TestStep (00-cluster.yaml) applies files/00-create-cluster.yaml: it creates the cluster
    assert updated_objects(str(CASE / "files/00-create-cluster.yaml")) == frozenset()
    # steps 01 and 02 (01-cluster-paused.yaml, 02-cluster-resume.yaml) apply files merged into it (CreateOrUpdate)
    assert updated_objects(str(CASE / "files/01-pause-cluster.yaml")) == {CLUSTER}
    assert updated_objects(str(CASE / "files/02-resume-cluster.yaml")) == {CLUSTER}


def test_the_case_lints_one_cluster_and_two_updates(capsys: pytest.CaptureFixture[str]) -> None:
    """Before: files/01-pause-cluster.yaml was a second cluster (a second BestEffort pod, PR201) and
    files/02-resume-cluster.yaml (``paused: false`` only) a PostgresCluster with no pod found."""
    report = lint_report(capsys, str(CASE))
    summary = report["summary"]
    assert summary["pods"] == 1
    assert summary["skipped"]["test-update"] == {"PostgresCluster": 2}
    assert summary["skipped"]["nothing-found"] == {}
    assert summary["skipped"]["test-assertion"] == 6
    assert [(Path(f["path"]).name, f["rule"], f["object"]["template"]) for f in report["findings"]] == [
        ("00-create-cluster.yaml", "PR201", "instances[0] instance1 instance"),
    ]
    # the one pod is step 00's instance, no resources written (the operator sets none: kinds_crunchy.py)
    none: tuple[dict[str, str], dict[str, str]] = ({}, {})
    assert found_pods(CASE) == [
        ("PostgresCluster", "instances[0] instance1 instance", 1,
         [("postgres-startup", "init", *none), ("nss-wrapper-init", "init", *none), ("database", "regular", *none),
          ("replication-cert-copy", "regular", *none)], False),
    ]  # fmt: skip


def test_a_step_before_the_first_created_nothing(tmp_path: Path) -> None:
    """Only earlier steps count: a step 00 that applies an object a later step also applies creates it."""
    (tmp_path / "files").mkdir()
    cm = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {a: b}\n"
    (tmp_path / "files" / "a.yaml").write_text(cm, encoding="utf-8")
    (tmp_path / "files" / "b.yaml").write_text(cm, encoding="utf-8")
    step = "apiVersion: kuttl.dev/v1beta1\nkind: TestStep\napply: [files/{}.yaml]\n"
    (tmp_path / "00-first.yaml").write_text(step.format("b"), encoding="utf-8")
    (tmp_path / "00-assert.yaml").write_text(cm, encoding="utf-8")
    (tmp_path / "01-second.yaml").write_text(step.format("a"), encoding="utf-8")
    assert updated_objects(str(tmp_path / "files/b.yaml")) == frozenset()
    assert updated_objects(str(tmp_path / "files/a.yaml")) == {("", "ConfigMap", "", "c")}
