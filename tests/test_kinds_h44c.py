"""Operator kinds read from their operators' code (issue 22): OceanBase's OBCluster (kinds_oceanbase.py) and its
tenant kinds without pods (no_pods.py), the GreptimeDB operator's GreptimeDBCluster and GreptimeDBStandalone
(kinds_greptime.py), on the operators' own files (tests/data/real, SOURCES.tsv)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pod_resources_cli.model.items import WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
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


GT = "GreptimeTeam__greptimedb-operator/"
VECTOR = ("vector", {"cpu": "50m", "memory": "64Mi"}, {"cpu": "200m", "memory": "256Mi"})
NONE: tuple[dict[str, str], dict[str, str]] = ({}, {})


def test_a_greptimedb_clusters_templates_take_the_base_main_resources_where_they_write_none() -> None:
    # the operator's own defaulting test input (apis/v1alpha1/testdata/defaulting/greptimedbcluster/merge/test00): meta
    # keeps its 50m/64Mi, frontend and datanode take the base's 100m/128Mi (its expect.yaml); the datanode's
    # initializer (no resources) keeps its pod Burstable
    assert pods(f"{GT}apis__v1alpha1__testdata__defaulting__greptimedbcluster__merge__test00__input.yaml") == [
        ("GreptimeDBCluster", "meta", 1, [("meta", {"cpu": "50m", "memory": "64Mi"}, {"cpu": "50m", "memory": "64Mi"})], False),
        ("GreptimeDBCluster", "frontend", 1, [("frontend", {"cpu": "100m", "memory": "128Mi"}, {"cpu": "100m", "memory": "128Mi"})], False),
        ("GreptimeDBCluster", "datanode", 3, [("datanode", {"cpu": "100m", "memory": "128Mi"}, {"cpu": "100m", "memory": "128Mi"})], False),
    ]


def test_monitoring_adds_the_vector_sidecar_with_its_default_resources_to_every_component() -> None:
    assert pods(f"{GT}examples__cluster__enable-monitoring__cluster.yaml") == [
        ("GreptimeDBCluster", name, 1, [(name, *NONE), VECTOR], False) for name in ("meta", "frontend", "datanode")
    ]


def test_datanode_and_frontend_groups_are_each_a_workload_and_a_standalone_is_its_base(capsys: pytest.CaptureFixture[str]) -> None:
    assert pods(f"{GT}examples__cluster__datanode-groups__cluster.yaml") == [
        ("GreptimeDBCluster", "meta", 1, [("meta", *NONE)], False),
        ("GreptimeDBCluster", "frontend", 1, [("frontend", *NONE)], False),
        ("GreptimeDBCluster", "datanodeGroups[0] write datanode", 1, [("datanode", *NONE)], False),
        ("GreptimeDBCluster", "datanodeGroups[1] read datanode", 2, [("datanode", *NONE)], False),
    ]
    found = [t for _, t, _, _, _ in pods(f"{GT}examples__cluster__configure-frontend-groups__cluster.yaml")]
    assert found == ["meta", "frontendGroups[0] read frontend", "frontendGroups[1] write frontend", "datanode"]
    assert pods(f"{GT}examples__standalone__gcs__standalone.yaml") == [("GreptimeDBStandalone", None, 1, [("standalone", *NONE)], False)]
    # the operator adds no resources to its main containers: the examples' pods are BestEffort, as the cluster runs them
    report = lint_report(capsys, str(REAL / f"{GT}examples__standalone__gcs__standalone.yaml"))
    assert [f["rule"] for f in report["findings"]] == ["PR201"]


def test_a_greptime_component_merges_the_base_key_by_key_and_takes_its_lists_where_it_has_none(tmp_path: Path) -> None:
    # mergo.Merge without override: each requests/limits key the component leaves out is the base's; an empty
    # initContainers or additionalContainers list is the base's; the vector's written limit over its defaults
    text = (REAL / f"{GT}apis__v1alpha1__testdata__defaulting__greptimedbcluster__merge__test00__input.yaml").read_text()
    text = text.replace("          cpu: 50m\n            memory: 64Mi\n          limits:", "          memory: 64Mi\n          limits:", 1)
    text = text.replace("\n  frontend:\n", "\n    initContainers:\n    - name: base-init\n      image: busybox\n  frontend:\n", 1)
    text += "  monitoring:\n    enabled: true\n    vector:\n      resources:\n        limits:\n          memory: 1Gi\n"
    (tmp_path / "g.yaml").write_text(text)
    found = {t: c for _, t, _, c, _ in pods(str(tmp_path / "g.yaml"))}
    vector = ("vector", {"cpu": "50m", "memory": "64Mi"}, {"cpu": "200m", "memory": "1Gi"})
    assert found["meta"] == [("meta", {"cpu": "100m", "memory": "64Mi"}, {"cpu": "50m", "memory": "64Mi"}), vector]
    assert found["datanode"] == [("datanode", {"cpu": "100m", "memory": "128Mi"}, {"cpu": "100m", "memory": "128Mi"}), vector]
    init = {i.workload.ref.template: [c.name for c in i.workload.pod.init_containers] for i in iter_items([str(tmp_path / "g.yaml")])
            if isinstance(i, WorkloadItem)}  # fmt: skip
    assert init["datanode"] == ["base-init", "initializer"] and init["meta"] == ["base-init"]


def test_oceanbase_tenant_operations_and_backup_policies_carry_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    # they act on the running cluster through SQL (internal/resource/obtenantoperation, obtenantbackuppolicy): objects
    # without pods, not custom objects searched in vain
    from tests.test_operator_kinds import _no_pods_alone_and_together

    files = {f"{OB}backup__backup_policy.yaml": "OBTenantBackupPolicy", f"{OB}tenant__tenant_op_changepwd.yaml": "OBTenantOperation"}
    _no_pods_alone_and_together(capsys, files)
