"""kuttl TestStep scripts that merge a test's overlay over a base custom resource (source/harness_kuttl_scripts.py),
on the real trees of percona/percona-postgresql-operator @adafb34ff17c and percona/percona-server-mysql-operator
@9adfefaacaaf (e2e-tests/functions get_cr, vars.sh, deploy/cr.yaml and a few tests of each)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.source.harness import TEST_INPUT, skip_reason, updated_objects

REAL = Path(__file__).parent / "data" / "real"
PG = REAL / "percona__percona-postgresql-operator" / "tree"
MYSQL = REAL / "percona__percona-server-mysql-operator" / "tree"


def _lint(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    from pod_resources_cli.cli import main

    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(path)])
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    return report


@pytest.mark.parametrize(
    ("path", "words"),
    [
        # 01-create-cluster.yaml: get_cr | kubectl apply -f -; get_cr merges conf/${test_name}.yaml over deploy/cr.yaml
        (PG / "e2e-tests/tests/demand-backup/conf/demand-backup.yaml", "merged by get_cr (" ),
        (MYSQL / "e2e-tests/tests/demand-backup/conf/demand-backup.yaml", "merged by get_cr ("),
        # get_cr "some-name": conf/some-name.yaml, which does not exist; nothing else names the test's own overlay
        (PG / "e2e-tests/tests/backup-enable-disable/conf/backup-enable-disable.yaml", "no step of the kuttl test"),
        # 02-cluster.yaml runs get_cr (conf/ldap.yaml); files/cluster.yaml is named by nothing
        (PG / "e2e-tests/tests/ldap/files/cluster.yaml", "no step of the kuttl test"),
    ],
)
def test_overlays_a_script_merges_and_files_nothing_names_are_test_inputs(path: Path, words: str) -> None:
    found = skip_reason(str(path), str(REAL))
    assert found is not None and found[0] == TEST_INPUT and words in found[1]
    if "merged" in words:
        assert found[1].endswith("/deploy/cr.yaml before " + found[1].split(" before ")[1])
        assert "01-create-cluster.yaml applies the result: a partial object, never applied as written" in found[1]


@pytest.mark.parametrize(
    "path",
    [
        # functions apply_hugepages_daemonset: yq edits its env values, then kubectl apply: a DaemonSet, no overlay
        PG / "e2e-tests/tests/huge-pages/conf/huge-pages-daemonset.yaml",
        # 01-openldap.yaml: apply: [files/openldap.yaml]
        PG / "e2e-tests/tests/ldap/files/openldap.yaml",
    ],
)
def test_files_applied_as_written_stay_linted(path: Path) -> None:
    assert skip_reason(str(path), str(REAL)) is None


@pytest.mark.parametrize(
    ("step", "key"),
    [
        # step 01 get_cr (no argument: the test's name), step 03 merges extensions into it
        (PG / "e2e-tests/tests/builtin-extensions/03-install-all-ext.yaml", ("pgv2.percona.com", "PerconaPGCluster", "", "builtin-extensions")),
        # step 01 get_cr, step 05 sets spec.mysql.size: 1 on it (kuttl's merge patch)
        (MYSQL / "e2e-tests/tests/gr-scaling/05-scale-down-mysql.yaml", ("ps.percona.com", "PerconaServerMySQL", "", "gr-scaling")),
    ],
)
def test_a_step_file_merging_into_what_a_script_created_is_an_update(step: Path, key: tuple[str, str, str, str]) -> None:
    assert updated_objects(str(step)) == frozenset({key})


def test_the_real_trees_lint_as_the_harness_runs_them(capsys: pytest.CaptureFixture[str]) -> None:
    report = _lint(PG, capsys)
    where = {(Path(f["path"]).relative_to(PG).as_posix(), f["rule"]) for f in report["findings"]}
    assert where == {
        ("deploy/cr.yaml", "PR201"),  # the operator adds no resources (kinds_perconapg.py): true
        ("e2e-tests/tests/huge-pages/conf/huge-pages-daemonset.yaml", "PR201"),
        ("e2e-tests/tests/ldap/files/openldap.yaml", "PR201"),
    }
    inputs = {Path(s["path"]).relative_to(PG).as_posix() for s in report["skipped"] if s["reason"] == TEST_INPUT}
    assert inputs == {
        "e2e-tests/tests/backup-enable-disable/conf/backup-enable-disable.yaml",
        "e2e-tests/tests/demand-backup/conf/demand-backup.yaml",
        "e2e-tests/tests/ldap/files/cluster.yaml",
    }
    updates = [s for s in report["skipped"] if s["reason"] == "test-update"]
    assert [(Path(s["path"]).name, s["kind"]) for s in updates] == [("03-install-all-ext.yaml", "PerconaPGCluster")]
    report = _lint(MYSQL, capsys)
    where = {(Path(f["path"]).relative_to(MYSQL).as_posix(), f["rule"]) for f in report["findings"]}
    assert where == {
        *(("deploy/cr.yaml", rule) for rule in ("PR130", "PR132", "PR133", "PR138")),
        # scheduled-backup/02-write-data.yaml: yq sets env values of ../../conf/sysbench-oltp-write.yaml | kubectl apply
        ("e2e-tests/conf/sysbench-oltp-write.yaml", "PR201"),
    }
    skipped = {(Path(s["path"]).relative_to(MYSQL).as_posix(), s["reason"]) for s in report["skipped"]} & {
        ("e2e-tests/tests/demand-backup/conf/demand-backup.yaml", TEST_INPUT),
        ("e2e-tests/tests/gr-scaling/05-scale-down-mysql.yaml", "test-update"),
        ("e2e-tests/conf/sysbench-tpcc.yaml", TEST_INPUT),
    }
    assert len(skipped) == 3


def test_a_suites_shared_file_nothing_names_is_never_applied() -> None:
    """e2e-tests/kuttl.yaml (testDirs: e2e-tests/tests); the library's TESTS_CONFIG_DIR is e2e-tests/conf, where
    sysbench-tpcc.yaml is named by no step and no function (nor anywhere in the repository)."""
    found = skip_reason(str(MYSQL / "e2e-tests/conf/sysbench-tpcc.yaml"), str(REAL))
    assert found is not None and found[0] == TEST_INPUT
    assert found[1].startswith("no test of the kuttl suite ") and "percona__percona-server-mysql-operator/tree/e2e-tests/kuttl.yaml " in found[1]
    assert found[1].endswith(" nor the library its steps source names it: never applied")
    assert skip_reason(str(MYSQL / "e2e-tests/conf/sysbench-oltp-write.yaml"), str(REAL)) is None


def test_a_step_handing_a_glob_of_the_shared_directory_leaves_its_files_linted(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    for name in ("e2e-tests/functions", "e2e-tests/vars.sh", "e2e-tests/kuttl.yaml", "e2e-tests/conf/sysbench-tpcc.yaml",
                 "e2e-tests/tests/scheduled-backup/02-write-data.yaml", "e2e-tests/tests/scheduled-backup/02-assert.yaml"):
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_bytes((MYSQL / name).read_bytes())
    tpcc = repo / "e2e-tests/conf/sysbench-tpcc.yaml"
    assert skip_reason(str(tpcc), str(repo)) is not None
    step = repo / "e2e-tests/tests/scheduled-backup/02-write-data.yaml"
    step.write_text(step.read_text().replace("../../conf/sysbench-oltp-write.yaml", "../../conf/sysbench-*.yaml"))
    from pod_resources_cli.source import harness, harness_kuttl_scripts

    for cached in (harness._tests_around, harness._refs_around, harness_kuttl_scripts.suite_conf_tests, harness_kuttl_scripts._scripts):
        cached.cache_clear()
    assert skip_reason(str(tpcc), str(repo)) is None


def test_a_library_outside_the_root_or_through_a_link_is_never_read(tmp_path: Path) -> None:
    """A step sourcing ``../../functions`` above the linted root names no library: the overlay stays linted."""
    test = tmp_path / "repo" / "e2e-tests" / "tests" / "demand-backup"
    (test / "conf").mkdir(parents=True)
    for name in ("01-create-cluster.yaml", "01-assert.yaml"):
        (test / name).write_bytes((PG / "e2e-tests/tests/demand-backup" / name).read_bytes())
    (test / "conf" / "demand-backup.yaml").write_bytes((PG / "e2e-tests/tests/demand-backup/conf/demand-backup.yaml").read_bytes())
    outside = tmp_path / "repo" / "e2e-tests" / "functions"
    outside.write_bytes((PG / "e2e-tests/functions").read_bytes())
    assert skip_reason(str(test / "conf" / "demand-backup.yaml"), str(test)) is None
    linked = tmp_path / "repo2" / "e2e-tests" / "tests"
    linked.mkdir(parents=True)
    (linked / "demand-backup").symlink_to(test)
    (tmp_path / "repo2" / "e2e-tests" / "functions").symlink_to(outside)
    assert skip_reason(str(linked / "demand-backup" / "conf" / "demand-backup.yaml"), str(tmp_path / "repo2")) is None
