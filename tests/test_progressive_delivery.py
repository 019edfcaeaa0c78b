"""Progressive delivery and promotion kinds, and what rides beside them (issue 22, repositories never seen).

- Flagger (fluxcd/flagger @15bd6ad555e6): a Canary names its target in ``targetRef``; Flagger copies the target's
  pod spec as it is into ``<target>-primary`` (pkg/canary/deployment_controller.go createPrimaryDeployment,
  getPrimaryDeploymentTemplateSpec) and scales the target to zero: the pods are the target's, linted there, and the
  Canary describes other objects. Linkerd's policy.linkerd.io AuthorizationPolicy of its linkerd overlay configures
  other pods' proxies (linkerd/linkerd2 @a84dd4b0afa0 controller/gen/apis/policy): no pods.
- Kargo (akuity/kargo @1c764767ae03 api/v1alpha1/groupversion_info.go): Stage, Warehouse and the rest of
  kargo.akuity.io run their promotion steps in the controller and describe other objects; its ctlptl.dev Cluster
  files (tilt-dev/ctlptl @37be3ed47786 pkg/api/types.go) are local clusters' nodes, no pods.
Before: 6 "custom objects with no pod found" over flagger (Canary 5, AuthorizationPolicy 1) and 2 over kargo (Cluster 2).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pod_resources_cli.model.decode.describes import describes_objects
from pod_resources_cli.model.decode.no_pods import carries_no_pods
from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report

REAL = Path(__file__).resolve().parent / "data" / "real"
FLAGGER = REAL / "fluxcd__flagger"
KARGO = REAL / "akuity__kargo"


def _skips(path: Path) -> list[tuple[str, str | None]]:
    return [(i.reason, i.kind) for i in iter_items([str(path)]) if isinstance(i, SkippedItem)]


def test_a_flagger_canary_describes_its_target_whose_pods_are_linted_on_the_target(capsys: pytest.CaptureFixture[str]) -> None:
    canary = FLAGGER / "artifacts__examples__istio-canary.yaml"
    target = FLAGGER / "kustomize__podinfo__deployment.yaml"
    assert _skips(canary) == [("describes-objects", "Canary")]
    [workload] = [i.workload for i in iter_items([str(target)]) if isinstance(i, WorkloadItem)]
    assert (workload.ref.kind, workload.ref.name, workload.ref.replicas) == ("Deployment", "podinfo", 1)
    [podinfod] = workload.pod.containers
    assert podinfod.name == "podinfod"
    assert {k: v.canonical() for k, v in podinfod.resources.req.items()} == {"cpu": "100m", "memory": "64Mi"}
    assert {k: v.canonical() for k, v in podinfod.resources.lim.items()} == {"cpu": "2", "memory": "512Mi"}

    report = lint_report(capsys, str(canary), str(target))
    counted = report["summary"]["skipped"]
    assert report["summary"]["pods"] == 1 and counted["nothing-found"] == {} and counted["describes-objects"] == {"Canary": 1}
    # the findings are the target's (and so the -primary copy's): none lands on the Canary
    assert sorted((f["rule"], f["line"]) for f in report["findings"]) == [("PR133", 76), ("PR134", 72), ("PR134", 73)]
    assert {f["path"] for f in report["findings"]} == {str(target)}
    assert describes_objects("flagger.app", "MetricTemplate") and describes_objects("flagger.app", "AlertProvider")


def test_linkerd_policies_and_ctlptl_cluster_files_carry_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    policy = FLAGGER / "kustomize__linkerd__authorizationpolicy.yaml"
    cluster = KARGO / "hack__kind__cluster.yaml"
    assert _skips(policy) == [("no-pods", "AuthorizationPolicy")]
    assert _skips(cluster) == [("no-pods", "Cluster")]  # its kindV1Alpha4Cluster nodes are Docker containers
    report = lint_report(capsys, str(policy), str(cluster))
    counted = report["summary"]["skipped"]
    assert report["findings"] == [] and report["summary"]["pods"] == 0 and counted["nothing-found"] == {}
    assert counted["no-pods"] == {"AuthorizationPolicy": 1, "Cluster": 1}
    assert carries_no_pods("policy.linkerd.io", "Server") and carries_no_pods("ctlptl.dev", "Registry")
    # kind's own and other groups named Cluster stay as they were
    assert carries_no_pods("kind.x-k8s.io", "Cluster") and not carries_no_pods("postgresql.cnpg.io", "Cluster")


def test_kargo_stages_and_warehouses_describe_other_objects(capsys: pytest.CaptureFixture[str]) -> None:
    stage = KARGO / "hack__test__e2e__suites__kargo_promotion_fail__testdata__kargo__2_stage.yaml"
    warehouse = KARGO / "hack__test__e2e__suites__kargo_promotion_fail__testdata__kargo__1_warehouse.yaml"
    assert _skips(stage) == [("describes-objects", "Stage")]
    assert _skips(warehouse) == [("describes-objects", "Warehouse")]
    report = lint_report(capsys, str(stage), str(warehouse))
    counted = report["summary"]["skipped"]
    assert report["findings"] == [] and report["summary"]["pods"] == 0 and counted["nothing-found"] == {}
    assert counted["describes-objects"] == {"Stage": 1, "Warehouse": 1}
    assert describes_objects("kargo.akuity.io", "Promotion") and describes_objects("kargo.akuity.io", "Project")
    # the AnalysisTemplates a Stage's verification names are Argo Rollouts', whose job metrics make pods
    assert not describes_objects("argoproj.io", "AnalysisTemplate")
