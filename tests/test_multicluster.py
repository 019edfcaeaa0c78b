"""Multi-cluster placement objects (issue 22, repositories never seen: karmada-io/karmada @f8fdd02df376,
open-cluster-management-io/ocm @00f84c32b03b).

Karmada's policies (policy.karmada.io PropagationPolicy, OverridePolicy...), interpreter customizations (config.karmada.io),
search registries (search.karmada.io) and bindings (work.karmada.io ResourceBinding) name other objects, the resource
templates whose pods are their own: they describe other objects. Its member-cluster records (cluster.karmada.io
Cluster) carry no pods. Before: 51 "custom objects with no pod found" over the repository (ResourceInterpreterCustomization
28, PropagationPolicy 8, OverridePolicy 6, ...); after, 3 (Karmada, Guestbook, FlinkDeployment).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pod_resources_cli.model.decode.describes import describes_objects
from pod_resources_cli.model.decode.no_pods import carries_no_pods
from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report

KARMADA = Path(__file__).resolve().parent / "data" / "real" / "karmada-io__karmada"


def _skips(path: Path) -> list[tuple[str, str | None]]:
    return [(i.reason, i.kind) for i in iter_items([str(path)]) if isinstance(i, SkippedItem)]


def test_karmada_policies_bindings_and_customizations_describe_other_objects(capsys: pytest.CaptureFixture[str]) -> None:
    describing = {
        "samples__nginx__propagationpolicy.yaml": "PropagationPolicy",
        "artifacts__example__example-override.yaml": "OverridePolicy",
        "artifacts__example__binding.yaml": "ResourceBinding",
        "examples__karmadactlinterpret__resourceinterpretercustomization.yaml": "ResourceInterpreterCustomization",
        "artifacts__example__resourceregistry.yaml": "ResourceRegistry",
    }
    for name, kind in describing.items():
        assert _skips(KARMADA / name)[0] == ("describes-objects", kind), name
    assert _skips(KARMADA / "artifacts__example__resourceregistry.yaml")[1:] == [("no-pods", "Secret")]
    report = lint_report(capsys, *(str(KARMADA / n) for n in describing))
    counted = report["summary"]["skipped"]
    assert report["findings"] == [] and report["summary"]["pods"] == 0 and counted["nothing-found"] == {}
    assert counted["describes-objects"] == {k: 1 for k in describing.values()} and counted["no-pods"] == {"Secret": 1}
    for group, kind in (("policy.karmada.io", "ClusterPropagationPolicy"), ("policy.karmada.io", "FederatedResourceQuota"),
                        ("config.karmada.io", "ResourceInterpreterWebhookConfiguration"), ("work.karmada.io", "ClusterResourceBinding"),
                        ("autoscaling.karmada.io", "FederatedHPA"), ("apps.karmada.io", "WorkloadRebalancer")):  # fmt: skip
        assert describes_objects(group, kind), kind
    # a Work's manifests are applied on its member cluster as written: still searched
    assert not describes_objects("work.karmada.io", "Work")


def test_the_template_a_propagation_policy_names_is_linted_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    policy, deployment = KARMADA / "samples__nginx__propagationpolicy.yaml", KARMADA / "samples__nginx__deployment.yaml"
    [workload] = [i.workload for i in iter_items([str(deployment)]) if isinstance(i, WorkloadItem)]
    assert (workload.ref.kind, workload.ref.name, workload.ref.replicas) == ("Deployment", "nginx", 2)
    [nginx] = workload.pod.containers
    assert nginx.name == "nginx" and nginx.resources.req == {} and nginx.resources.lim == {}
    report = lint_report(capsys, str(policy), str(deployment))
    assert [(f["rule"], f["path"], f["line"]) for f in report["findings"]] == [("PR201", str(deployment), 17)]
    assert report["summary"]["pods"] == 1 and report["summary"]["skipped"]["describes-objects"] == {"PropagationPolicy": 1}


def test_a_karmada_member_cluster_carries_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    cluster = KARMADA / "artifacts__example__cr_cluster.yaml"
    assert _skips(cluster) == [("no-pods", "Cluster"), ("no-pods", "Secret")]
    report = lint_report(capsys, str(cluster))
    assert report["findings"] == [] and report["summary"]["skipped"]["no-pods"] == {"Cluster": 1, "Secret": 1}
    assert carries_no_pods("networking.karmada.io", "MultiClusterIngress")
    assert not carries_no_pods("operator.karmada.io", "Karmada")  # the operator's Karmada makes the control plane's pods


def _karmada_pods(path: Path) -> list[tuple[str | None, int | None, str | None, dict[str, str], dict[str, str], list[str]]]:
    found = []
    for item in iter_items([str(path)]):
        if isinstance(item, WorkloadItem):
            pod = item.workload.pod
            [main, *rest] = pod.containers
            req = {k: v.canonical() for k, v in main.resources.req.items()}
            lim = {k: v.canonical() for k, v in main.resources.lim.items()}
            found.append((item.workload.ref.template, item.workload.ref.replicas, pod.priority_class_name, req, lim,
                          [c.name for c in pod.containers]))  # fmt: skip
    return found


def test_the_karmada_operator_makes_its_control_planes_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """operator/config/samples/karmada.yaml writes local etcd and seven components (search and descheduler commented
    out): each a workload of the operator's manifests, its priority class the CRD's default system-node-critical, no
    resources but the metrics adapter's manifest's cpu request of 100m (2 replicas)."""
    sample = KARMADA / "operator__config__samples__karmada.yaml"
    critical = "system-node-critical"
    assert _karmada_pods(sample) == [
        ("etcd", 1, critical, {}, {}, ["etcd"]),
        ("karmada-apiserver", 1, critical, {}, {}, ["kube-apiserver"]),
        ("karmada-aggregated-apiserver", 1, critical, {}, {}, ["karmada-aggregated-apiserver"]),
        ("kube-controller-manager", 1, critical, {}, {}, ["kube-controller-manager"]),
        ("karmada-controller-manager", 1, critical, {}, {}, ["karmada-controller-manager"]),
        ("karmada-scheduler", 1, critical, {}, {}, ["karmada-scheduler"]),
        ("karmada-webhook", 1, critical, {}, {}, ["karmada-webhook"]),
        ("karmada-metrics-adapter", 2, critical, {"cpu": "100m"}, {}, ["karmada-metrics-adapter"]),
    ]
    report = lint_report(capsys, str(sample))
    assert report["summary"]["pods"] == 8 and report["summary"]["skipped"]["nothing-found"] == {}
    rules = sorted((f["rule"], f["object"]["template"]) for f in report["findings"])
    # true: the operator's manifests give these containers no resources (PR201: BestEffort, critical so never evicted)
    assert rules == sorted([("PR131", "karmada-metrics-adapter"), ("PR132", "karmada-metrics-adapter"),
                            *(("PR201", t) for t in ("etcd", "karmada-apiserver", "karmada-aggregated-apiserver", "karmada-controller-manager",
                                                     "karmada-scheduler", "karmada-webhook", "kube-controller-manager"))])  # fmt: skip


def test_karmada_component_resources_replace_the_manifests_and_unwritten_components_take_no_priority(tmp_path: Path) -> None:
    """pather.go: ``resources`` with any value replace the first container's whole (search's manifest cpu 100m
    gone); defaults.go makes an unwritten required component with an empty priorityClassName (the CRD's default
    applies only inside a written one); karmada-search and the descheduler only where written; no local etcd
    where ``etcd.external`` is written."""
    import yaml

    karmada = yaml.safe_load((KARMADA / "operator__config__samples__karmada.yaml").read_text(encoding="utf-8"))
    components = karmada["spec"]["components"]
    components["karmadaScheduler"]["resources"] = {"requests": {"cpu": "500m", "memory": "512Mi"}, "limits": {"memory": "1Gi"}}
    components["karmadaSearch"] = {"replicas": 3, "resources": {"limits": {"cpu": "1", "memory": "1Gi"}}, "priorityClassName": "tenant"}
    components["karmadaDescheduler"] = {}
    del components["karmadaWebhook"], components["karmadaMetricsAdapter"]
    components["etcd"] = {"external": {"endpoints": ["https://etcd:2379"], "secretRef": {"name": "etcd-certs", "namespace": "test"}}}
    components["karmadaAPIServer"]["sidecarContainers"] = [{"name": "audit", "image": "audit:1"}]
    variant = tmp_path / "karmada.yaml"
    variant.write_text(yaml.safe_dump(karmada), encoding="utf-8")
    found = {pod[0]: pod[1:] for pod in _karmada_pods(variant)}
    assert "etcd" not in found
    assert found["karmada-scheduler"] == (1, "system-node-critical", {"cpu": "500m", "memory": "512Mi"}, {"memory": "1Gi"}, ["karmada-scheduler"])
    assert found["karmada-webhook"] == (1, None, {}, {}, ["karmada-webhook"])
    assert found["karmada-metrics-adapter"] == (2, None, {"cpu": "100m"}, {}, ["karmada-metrics-adapter"])
    assert found["karmada-search"] == (3, "tenant", {}, {"cpu": "1", "memory": "1Gi"}, ["karmada-search"])
    assert found["karmada-descheduler"] == (1, "system-node-critical", {}, {}, ["karmada-descheduler"])
    [apiserver] = [i.workload for i in iter_items([str(variant)]) if isinstance(i, WorkloadItem) and i.workload.ref.template == "karmada-apiserver"]
    assert apiserver.ref.as_written is not None and "sidecarContainers" in apiserver.ref.as_written


def test_an_ocm_cluster_management_addon_describes_other_objects(capsys: pytest.CaptureFixture[str]) -> None:
    """open-cluster-management-io/ocm @00f84c32b03b test/e2e/manifests/addon/cluster_management_addon.yaml: the
    registration of the hello-template add-on, naming its AddOnTemplate and AddOnDeploymentConfigs (was nothing-found)."""
    addon = KARMADA.parent / "open-cluster-management-io__ocm" / "test__e2e__manifests__addon__cluster_management_addon.yaml"
    assert _skips(addon) == [("describes-objects", "ClusterManagementAddOn")]
    report = lint_report(capsys, str(addon))
    assert report["findings"] == [] and report["summary"]["skipped"]["nothing-found"] == {}
    assert describes_objects("addon.open-cluster-management.io", "AddOnDeploymentConfig")
    assert not describes_objects("addon.open-cluster-management.io", "AddOnTemplate")  # its manifests are deployed
