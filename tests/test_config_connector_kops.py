"""Config Connector's and kops' repositories as a new user lints them, on their own files
(GoogleCloudPlatform/k8s-config-connector @cdb85ecf1708, kubernetes/kops @268927e26409):

- the Config Connector operator's per-namespace template names its objects with
  ``${NAMESPACE?}``, which the operator replaces before it applies them
  (operator/pkg/controllers/configconnectorcontext/namespaced.go): templates, not a
  StatefulSet with an invalid name (PR002, 60 false errors over the repository);
- its Google Cloud resources (``*.cnrm.cloud.google.com``) and ServiceMappings, and kops'
  InstanceGroups (also under the legacy ``kops/v1alpha2``), carry no pods
  (model/decode/no_pods.py carries_no_pods); a kops Cluster does, not modelled;
- a document of another tool's that repeats a key (a ``kind:`` but no apiVersion) is
  skipped as not Kubernetes, not a PR005 warning.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pod_resources_cli.model.decode.no_pods import carries_no_pods
from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real"
KCC = REAL / "GoogleCloudPlatform__k8s-config-connector"
KOPS = REAL / "kubernetes__kops"


def _skipped(path: Path) -> list[tuple[str, str | None]]:
    items = list(iter_items([str(path)]))
    assert not [i for i in items if isinstance(i, WorkloadItem)]
    return [(i.reason, i.kind) for i in items if isinstance(i, SkippedItem)]


def test_the_operators_per_namespace_template_is_a_template(capsys: Any) -> None:
    """cnrm-controller-manager-${NAMESPACE?} and the six objects around it: seven templates, no finding."""
    path = KCC / "operator__channels__packages__configconnector__1.155.0__namespaced__per-namespace-components.yaml"
    assert sorted(_skipped(path)) == sorted(
        [
            ("template", "ServiceAccount"), ("template", "RoleBinding"), ("template", "RoleBinding"),
            ("template", "RoleBinding"), ("template", "ClusterRoleBinding"), ("template", "Service"),
            ("template", "StatefulSet"),
        ]
    )  # fmt: skip
    items = [i for i in iter_items([str(path)]) if isinstance(i, SkippedItem) and i.kind == "StatefulSet"]
    assert items[0].note is not None and "${NAMESPACE?}" in items[0].note
    report = lint_report(capsys, str(path))
    assert report["findings"] == []
    assert report["summary"]["skipped"]["template"] == 7


def test_cloud_resources_and_service_mappings_carry_no_pods(capsys: Any) -> None:
    """A RunService's two containers run on Cloud Run, not in the cluster; a ServiceMapping is the controller's table."""
    assert _skipped(KCC / "samples__resources__runservice__run-service-multicontainer__run_v1beta1_runservice.yaml") == [("no-pods", "RunService")]
    assert _skipped(KCC / "config__servicemappings__cloudidentity.yaml") == [("no-pods", "ServiceMapping")]
    report = lint_report(capsys, str(KCC))
    assert report["findings"] == []
    assert report["summary"]["pods"] == 0
    assert report["summary"]["skipped"]["no-pods"] == {"RunService": 1, "ServiceMapping": 1}


def test_the_operators_own_kinds_stay_searched() -> None:
    """ConfigConnector, ConfigConnectorContext and ControllerResource make or change the controller's pods."""
    assert not carries_no_pods("core.cnrm.cloud.google.com", "ConfigConnectorContext")
    assert not carries_no_pods("customize.core.cnrm.cloud.google.com", "ControllerResource")
    assert carries_no_pods("core.cnrm.cloud.google.com", "ServiceMapping")
    assert carries_no_pods("compute.cnrm.cloud.google.com", "ComputeInstance")
    assert not carries_no_pods("kops.k8s.io", "Cluster")


def test_kops_instance_groups_carry_no_pods_and_its_cluster_is_searched() -> None:
    """The legacy kops/v1alpha2 file: two InstanceGroups (machines) without pods; the Cluster, whose control plane's
    static pods kops makes, is searched and nothing is found in it."""
    assert _skipped(KOPS / "tests__integration__conversion__minimal__legacy-v1alpha2.yaml") == [
        ("nothing-found", "Cluster"), ("no-pods", "InstanceGroup"), ("no-pods", "InstanceGroup"),
    ]  # fmt: skip


def test_a_repeated_key_in_a_document_that_is_no_kubernetes_object_is_no_finding(capsys: Any) -> None:
    """proto-list-final.yaml: the Schema and Backup entries run together (a ``---`` missing), repeating service,
    package, proto and kind; no apiVersion anywhere: four documents skipped as not Kubernetes, no PR005."""
    path = KCC / "proto-list-final.yaml"
    assert _skipped(path) == [("not-kubernetes", None)] * 4
    report = lint_report(capsys, str(path))
    assert report["findings"] == []
    assert report["summary"]["skipped"]["not-kubernetes"] == 4
