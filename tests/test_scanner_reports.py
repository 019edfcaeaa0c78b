"""Scanners' reports and image verification settings describe other objects (model/decode/describes.py), on
aquasecurity/trivy-operator's and Azure/azure-policy's own files (provenance in tests/data/real/SOURCES.tsv)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pod_resources_cli.model.decode.describes import describes_objects
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real"
TRIVY = REAL / "aquasecurity__trivy-operator" / "tests__e2e__node-collector__node__00-assert.yaml"
RATIFY = (
    REAL / "Azure__azure-policy"
    / "samples__KubernetesService__image-integrity-notation-verification__examples__scenario-inline-cert__good__pass-example.yaml"
)  # fmt: skip


def test_trivy_operator_reports_describe_other_objects() -> None:
    """Every kind of aquasecurity.github.io is a report (trivy-operator deploy/helm/crds), none makes a pod."""
    for kind in ("VulnerabilityReport", "ClusterSbomReport", "ClusterInfraAssessmentReport", "ClusterComplianceReport"):
        assert describes_objects("aquasecurity.github.io", kind)
    assert describes_objects("config.ratify.deislabs.io", "Verifier")
    assert describes_objects("config.ratify.dev", "Executor")


def test_a_node_report_is_no_custom_kind_with_nothing_found(capsys: Any) -> None:
    """trivy-operator's node-collector test asserts a ClusterInfraAssessmentReport: it was counted among custom
    objects where no pod was found; it describes a node."""
    report = lint_report(capsys, str(TRIVY))
    summary = report["summary"]
    assert report["findings"] == [] and summary["pods"] == 0
    assert summary["skipped"]["describes-objects"] == {"ClusterInfraAssessmentReport": 1}
    assert summary["skipped"]["nothing-found"] == {}


def test_ratify_settings_beside_the_pod_they_verify(capsys: Any) -> None:
    """azure-policy's image integrity example: Ratify's CertificateStore, Store and Verifier describe how the Pod's
    image is verified; the Pod ``pass`` (container image-singed, no resources) is BestEffort as written."""
    report = lint_report(capsys, str(RATIFY))
    summary = report["summary"]
    assert summary["pods"] == 1
    assert summary["skipped"]["describes-objects"] == {"CertificateStore": 1, "Store": 1, "Verifier": 1}
    assert summary["skipped"]["nothing-found"] == {}
    got = [(f["rule"], f["object"]["kind"], f["object"]["name"]) for f in report["findings"]]
    assert got == [("PR201", "Pod", "pass")]
