"""Karmada's multi-cluster objects (issue 22, a repository never seen: karmada-io/karmada @f8fdd02df376).

Its policies (policy.karmada.io PropagationPolicy, OverridePolicy...), interpreter customizations (config.karmada.io),
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
