"""OpenShift Data Foundation's StorageCluster (kinds_ocs.py): the Ceph daemons' pods the ocs-operator and Rook make
from it, with the operator's resource profiles (red-hat-storage/ocs-operator @ab00543dcffa)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from tests.support import found_pods

REAL = Path(__file__).parent / "data" / "real"
ODF = REAL / "opendatahub-io__distributed-workloads" / "examples__stable-diffusion-dreambooth__yaml__operators__odf-storagecluster.yaml"


def _same(cpu: str, memory: str) -> tuple[dict[str, str], dict[str, str]]:
    return {"cpu": cpu, "memory": memory}, {"cpu": cpu, "memory": memory}


LOG = ("log-collector", "regular", *_same("50m", "100Mi"))
WATCH = ("watch-active", "regular", {"cpu": "50m", "memory": "75Mi"}, {"cpu": "200m", "memory": "256Mi"})


def _storage_cluster(tmp_path: Path, spec: str) -> list[Any]:
    path = tmp_path / "sc.yaml"
    path.write_text(f"apiVersion: ocs.openshift.io/v1\nkind: StorageCluster\nmetadata: {{name: sc, namespace: openshift-storage}}\n{spec}",
                    encoding="utf-8")  # fmt: skip
    return found_pods(path)


def test_the_odf_storagecluster_of_distributed_workloads_is_its_mons_mgrs_osds_and_mdss() -> None:
    """resourceProfile lean: 3 mons (0.5 CPU, 1Gi), 2 mgrs (0.5/1 CPU, 1Gi/2Gi, with watch-active), one device set of
    count 1 and replica 3 (3 OSDs of 1.5 CPU and 3Gi: its ``resources: {}`` writes neither map), 2 metadata servers
    (1 CPU, 2Gi); every pod with the log collector the operator always enables."""
    mon = _same("500m", "1Gi")
    mgr = ({"cpu": "500m", "memory": "1Gi"}, {"cpu": "1", "memory": "2Gi"})
    mds = _same("1", "2Gi")
    assert found_pods(ODF) == [
        ("StorageCluster", "mon", 3, [("chown-container-data-dir", "init", *mon), ("init-mon-fs", "init", *mon), ("mon", "regular", *mon), LOG], False),
        ("StorageCluster", "mgr", 2, [("chown-container-data-dir", "init", *mgr), ("mgr", "regular", *mgr), WATCH, LOG], False),
        ("StorageCluster", "storageDeviceSets[0] ocs-deviceset-gp3-csi osd", 3, [("osd", "regular", *_same("1500m", "3Gi")), LOG], False),
        ("StorageCluster", "mds", 2, [("chown-container-data-dir", "init", *mds), ("mds", "regular", *mds), LOG], False),
    ]  # fmt: skip


def test_the_odf_storagecluster_lints_clean_and_runs_at_the_operators_priorities(capsys: pytest.CaptureFixture[str]) -> None:
    """Guaranteed mons and OSDs at system-node-critical; only the Burstable mgr's unreserved memory is noted."""
    assert main(["explain", "-o", "json", str(ODF)]) == 0
    got = [(p["workload"]["template"], p["qosClass"], p["priority"]["value"]) for p in json.loads(capsys.readouterr().out)["pods"]]
    assert got == [
        ("mon", "Guaranteed", 2000001000),
        ("mgr", "Burstable", 2000001000),
        ("storageDeviceSets[0] ocs-deviceset-gp3-csi osd", "Guaranteed", 2000001000),
        ("mds", "Guaranteed", 2000000000),
    ]
    assert main(["lint", "--no-config", "-o", "json", str(ODF)]) == 0
    assert [f["rule"] for f in json.loads(capsys.readouterr().out)["findings"]] == ["PR133", "PR133"]


def test_without_a_profile_the_balanced_defaults_and_a_profile_in_any_case(tmp_path: Path) -> None:
    balanced = _storage_cluster(tmp_path, "spec:\n  storageDeviceSets: [{name: d, count: 1, replica: 3}]\n")
    assert [(p[1], p[3][-2][2:]) for p in balanced] == [
        ("mon", _same("1", "2Gi")), ("mgr", WATCH[2:]), ("storageDeviceSets[0] d osd", _same("2", "5Gi")), ("mds", _same("2", "6Gi"))]  # fmt: skip
    performance = _storage_cluster(tmp_path, "spec:\n  resourceProfile: Performance\n  storageDeviceSets: [{name: d, count: 1, replica: 3}]\n")
    assert [p[3][-2][2:] for p in performance][0] == _same("1500m", "3Gi")
    assert [p[3][0][2:] for p in performance][2] == _same("4", "8Gi")
    unknown = _storage_cluster(tmp_path, "spec:\n  resourceProfile: tiny\n")
    assert unknown[0][3][2][2:] == _same("1", "2Gi")


def test_a_daemons_resources_merge_over_the_profile_resource_by_resource_and_written_empty_are_none(tmp_path: Path) -> None:
    """mergeResourceRequirements: the mon's written cpu request replaces the default cpu request and limit, memory
    stays the profile's; an empty mgr entry leaves the mgr without resources (BestEffort containers beside the
    sidecars); spec.resources.osd is not read, the device set's own resources merge over the OSD default."""
    got = _storage_cluster(tmp_path, (
        "spec:\n  resourceProfile: lean\n  resources:\n    mon: {requests: {cpu: '2'}}\n    mgr: {}\n"
        "    osd: {limits: {cpu: '9'}}\n  storageDeviceSets:\n  - {name: d, count: 1, replica: 2, resources: {limits: {memory: 4Gi}}}\n"))  # fmt: skip
    by = {p[1]: {c[0]: c[2:] for c in p[3]} for p in got}
    assert by["mon"]["mon"] == ({"cpu": "2", "memory": "1Gi"}, {"memory": "1Gi"})
    assert by["mgr"]["mgr"] == ({}, {})
    assert by["storageDeviceSets[0] d osd"]["osd"] == ({"cpu": "1500m"}, {"cpu": "1500m", "memory": "4Gi"})
    assert [(p[1], p[2]) for p in got] == [("mon", 3), ("mgr", 2), ("storageDeviceSets[0] d osd", 2), ("mds", 2)]


def test_counts_arbiter_single_mgr_device_sets_without_replica_and_metadata_servers(tmp_path: Path) -> None:
    """countAndReplicaOf: replica unset is 3 with count divided by 3; arbiter: 5 mons, 2 mgrs whatever mgrCount;
    mgrCount 1: no watch-active; twice activeMetadataServers."""
    got = _storage_cluster(tmp_path, (
        "spec:\n  managedResources:\n    cephCluster: {monCount: 5, mgrCount: 1}\n    cephFilesystems: {activeMetadataServers: 2}\n"
        "  storageDeviceSets: [{name: a, count: 3}, {name: b, count: 2, replica: 1}]\n"))  # fmt: skip
    assert [(p[1], p[2]) for p in got] == [("mon", 5), ("mgr", 1), ("storageDeviceSets[0] a osd", 3), ("storageDeviceSets[1] b osd", 2), ("mds", 4)]
    assert [c[0] for c in got[1][3]] == ["chown-container-data-dir", "mgr", "log-collector"]
    arbiter = _storage_cluster(tmp_path, "spec:\n  arbiter: {enable: true}\n  managedResources: {cephCluster: {mgrCount: 1}}\n")
    assert [(p[1], p[2]) for p in arbiter] == [("mon", 5), ("mgr", 2), ("mds", 2)]
    assert "watch-active" in [c[0] for c in arbiter[1][3]]


def test_external_or_ignored_clusters_make_no_ceph_pods(tmp_path: Path) -> None:
    assert _storage_cluster(tmp_path, "spec:\n  externalStorage: {enable: true}\n") == []
    assert _storage_cluster(tmp_path, "spec:\n  managedResources: {cephCluster: {reconcileStrategy: ignore}}\n") == []
    no_fs = _storage_cluster(tmp_path, "spec:\n  managedResources: {cephFilesystems: {reconcileStrategy: ignore}}\n")
    assert [p[1] for p in no_fs] == ["mon", "mgr"]


def test_a_bad_storagecluster_gives_no_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A quantity that does not parse is an error at its field; a device set that is no mapping, or a count that is
    no number, makes no OSD; the other pods are still read."""
    (tmp_path / "sc.yaml").write_text(
        "apiVersion: ocs.openshift.io/v1\nkind: StorageCluster\nmetadata: {name: sc}\nspec:\n  resourceProfile: 3\n"
        "  resources: {mon: {requests: {cpu: lots}}}\n  storageDeviceSets: [7, {name: x, count: nine}]\n",
        encoding="utf-8",
    )
    got = found_pods(tmp_path / "sc.yaml")
    assert [(p[1], p[2]) for p in got] == [("mgr", 2), ("storageDeviceSets[1] x osd", 0), ("mds", 2)]
    assert main(["lint", "--no-config", "-o", "json", str(tmp_path / "sc.yaml")]) == 1
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["rule"], f["line"]) for f in findings if f["severity"] == "error"] == [("PR002", 6)]
