"""The OpenVINO toolkit operator's ModelServer and Notebook (model/decode/kinds_openvino.py) on its own samples
(tests/data/real/openvinotoolkit__operator, provenance in SOURCES.tsv): a Helm operator whose chart renders the
ovms Deployment (openvinotoolkit/operator @5cd2e763392d helm-charts/ovms/templates/deployment.yaml) and the
Notebook's BuildConfig (helm-charts/rhods-ov-image-stream/templates/buildconfig.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_operator_kinds import REAL, _all, lint

OV = REAL / "openvinotoolkit__operator"
SAMPLE = OV / "config__samples__intel_v1alpha1_ovms.yaml"
HPA_DEMO = OV / "examples__hpa_custom_metrics__ovms.yaml"
NOTEBOOK = OV / "config__samples__notebook.yaml"
CPU1_400MI = {"cpu": "1", "memory": "400Mi"}


def test_a_modelserver_sample_is_its_ovms_deployment(capsys: pytest.CaptureFixture[str]) -> None:
    """deployment.yaml: one container ovms, cpu and memory of deployment_parameters.resources under limits and
    requests; replicas 1: Guaranteed, no warning."""
    assert _all(SAMPLE) == [("ModelServer", "ovms", 1, [("ovms", "regular", CPU1_400MI, CPU1_400MI)], False)]
    assert [f["rule"] for f in lint(capsys, str(SAMPLE))["findings"] if f["severity"] != "info"] == []


def test_a_modelserver_without_resources_is_besteffort(capsys: pytest.CaptureFixture[str]) -> None:
    """The HPA example writes no deployment_parameters.resources: the rendered limits and requests are empty, so the
    pod is BestEffort (PR201, true of what the chart renders)."""
    assert _all(HPA_DEMO) == [("ModelServer", "ovms", 1, [("ovms", "regular", {}, {})], False)]
    assert [f["rule"] for f in lint(capsys, str(HPA_DEMO))["findings"] if f["severity"] != "info"] == ["PR201"]


def test_the_template_renders_only_cpu_memory_and_the_xpu_device(tmp_path: Path) -> None:
    """Only cpu, memory and xpu_device (quantity default "1", the CRD's) reach the container; nvidia.com/gpu is
    pruned; an empty value is not rendered ({{ if }}); replicas as written; the mesh's annotation makes it as written."""
    text = SAMPLE.read_text(encoding="utf-8")
    edited = text.replace("    replicas: 1\n", "    replicas: 3\n").replace(
        '        cpu: "1"\n        memory: "400Mi"\n      requests:\n',
        '        cpu: "4"\n        memory: "8Gi"\n        xpu_device: gpu.intel.com/i915\n        nvidia.com/gpu: "1"\n      requests:\n',
    ).replace('      requests:\n        cpu: "1"\n', '      requests:\n        cpu: ""\n        xpu_device: gpu.intel.com/i915\n        xpu_device_quantity: "2"\n')
    (tmp_path / "ms.yaml").write_text(edited, encoding="utf-8")
    assert _all(tmp_path / "ms.yaml") == [("ModelServer", "ovms", 3, [
        ("ovms", "regular", {"memory": "400Mi", "gpu.intel.com/i915": "2"}, {"cpu": "4", "memory": "8Gi", "gpu.intel.com/i915": "1"})], False)]  # fmt: skip
    (tmp_path / "mesh.yaml").write_text(text.replace("openshift_service_mesh: false", "openshift_service_mesh: true"), encoding="utf-8")
    assert _all(tmp_path / "mesh.yaml") == [("ModelServer", "ovms", 1, [("ovms", "regular", CPU1_400MI, CPU1_400MI)], True)]
    (tmp_path / "bare.yaml").write_text("apiVersion: intel.com/v1alpha1\nkind: ModelServer\nmetadata: {name: m}\nspec: {}\n", encoding="utf-8")
    assert _all(tmp_path / "bare.yaml") == [("ModelServer", "ovms", 1, [("ovms", "regular", {}, {})], False)]


def test_a_notebook_is_its_docker_build_pod(capsys: pytest.CaptureFixture[str]) -> None:
    """build_locally "true" (values.yaml; the CRD prunes a written one): the BuildConfig's docker build, git-clone and
    manage-dockerfile init containers, no resources; the cluster's build defaults fill them in: as written (one pod path:
    no template label)."""
    assert _all(NOTEBOOK) == [("Notebook", None, 1, [
        ("git-clone", "init", {}, {}), ("manage-dockerfile", "init", {}, {}), ("docker-build", "regular", {}, {})], True)]  # fmt: skip
    assert [f["rule"] for f in lint(capsys, str(NOTEBOOK))["findings"] if f["severity"] != "info"] == ["PR138"]
