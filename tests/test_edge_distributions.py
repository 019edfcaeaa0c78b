"""Edge and lightweight distributions (issue 22: repositories never seen).

KubeEdge's custom kinds make no pods (model/decode/no_pods.py ``_KUBEEDGE_NO_PODS``,
kubeedge/kubeedge 16cd8548eedb): a NodeUpgradeJob and an ImagePrePullJob are tasks edgecore runs on the
edge node's host (edge/pkg/taskmanager/actions: ``keadm`` by exec.Command, image pulls through the CRI), a
Rule and a RuleEndpoint route messages. They are objects without pods, not custom objects searched in vain.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pod_resources_cli.model.decode.no_pods import carries_no_pods
from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real"
KUBEEDGE = REAL / "kubeedge__kubeedge"


def test_kubeedge_tasks_and_routes_carry_no_pods(capsys: Any) -> None:
    items = list(iter_items([str(KUBEEDGE)]))
    assert not [i for i in items if isinstance(i, WorkloadItem)]
    assert sorted((i.reason, i.kind) for i in items if isinstance(i, SkippedItem)) == [
        ("no-pods", "ImagePrePullJob"), ("no-pods", "NodeUpgradeJob"), ("no-pods", "Rule"), ("no-pods", "RuleEndpoint")]  # fmt: skip
    report = lint_report(capsys, str(KUBEEDGE))
    assert report["findings"] == []
    assert report["summary"]["pods"] == 0
    assert report["summary"]["skipped"]["no-pods"] == {"ImagePrePullJob": 1, "NodeUpgradeJob": 1, "Rule": 1, "RuleEndpoint": 1}
    assert report["summary"]["skipped"]["nothing-found"] == {} and report["summary"]["skipped"]["not-searched"] == {}


def test_kubeedge_groups_by_kind() -> None:
    """Devices, access and sync records carry no pods; a NodeGroup neither, but an EdgeApplication, which deploys its
    manifests to node groups, stays searched."""
    for group, kind in (("devices.kubeedge.io", "Device"), ("devices.kubeedge.io", "DeviceModel"), ("policy.kubeedge.io", "ServiceAccountAccess"),
                        ("reliablesyncs.kubeedge.io", "ObjectSync"), ("operations.kubeedge.io", "ConfigUpdateJob"), ("apps.kubeedge.io", "NodeGroup")):  # fmt: skip
        assert carries_no_pods(group, kind)
    assert not carries_no_pods("apps.kubeedge.io", "EdgeApplication")


K3S = REAL / "k3s-io__k3s"


def test_a_k3s_helmchart_is_its_helm_install_job_pod(tmp_path: Path, capsys: Any) -> None:
    """k3s-io/helm-controller pkg/controllers/chart/chart.go job: one Job of one pod a HelmChart, container `helm`,
    priorityClassName system-cluster-critical whatever the object writes; its cpu and memory are the controller's
    --job-resources (setPodResources), not the object's: as written, no finding. A HelmChartConfig makes no pod."""
    items = [i for i in iter_items([str(K3S / "manifests__traefik.yaml")]) if isinstance(i, WorkloadItem)]
    assert [(i.workload.ref.kind, i.workload.ref.name, i.workload.ref.replicas, [c.name for c in i.workload.pod.all_containers()],
             i.workload.pod.priority_class_name, i.workload.ref.as_written is not None) for i in items] == [
        ("HelmChart", "traefik-crd", 1, ["helm"], "system-cluster-critical", True),
        ("HelmChart", "traefik", 1, ["helm"], "system-cluster-critical", True),
    ]  # fmt: skip
    report = lint_report(capsys, str(K3S / "manifests__traefik.yaml"))
    assert report["findings"] == [] and report["summary"]["pods"] == 2
    (tmp_path / "config.yaml").write_text(
        "apiVersion: helm.cattle.io/v1\nkind: HelmChartConfig\nmetadata: {name: traefik, namespace: kube-system}\n"
        "spec:\n  valuesContent: |-\n    resources: {requests: {cpu: 100m}}\n",
        encoding="utf-8",
    )
    assert [(i.reason, i.kind) for i in iter_items([str(tmp_path / "config.yaml")]) if isinstance(i, SkippedItem)] == [("no-pods", "HelmChartConfig")]


def test_a_k3s_addon_with_an_unquoted_placeholder_is_a_template(capsys: Any) -> None:
    """`image: %{SYSTEM_DEFAULT_REGISTRY}%rancher/...` is no YAML until k3s fills it in (pkg/deploy Stage's
    templateVars): the Deployment is an unrendered template, skipped, never a parse error."""
    report = lint_report(capsys, str(K3S / "manifests__metrics-server__metrics-server-deployment.yaml"))
    assert report["findings"] == []
    assert report["summary"]["skipped"]["template"] == 1 and report["summary"]["pods"] == 0
