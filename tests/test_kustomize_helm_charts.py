"""A kustomization whose ``helmCharts`` name a chart repository (the ACM samples' helm-component/automated-rendering,
which Config Sync hydrates with ``kustomize build --enable-helm``: GoogleContainerTools/kpt-config-sync @bd5fadf7ec19
pkg/hydrate/tool_util.go kustomizeBuild) is not built: kustomize would `helm pull` the chart
(kubernetes-sigs/kustomize api/types/helmchartargs.go HelmChart ``repo``). Was: built, and its note was kustomize's
"must specify --enable-helm", as if a flag were all it lacked."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from pod_resources_cli.source.kustomization import parse_kustomization
from tests.lint_support import lint_report
from tests.test_operator_kinds import REAL

SAMPLES = REAL / "GoogleCloudPlatform__anthos-config-management-samples"
HELM = "helm-component__automated-rendering__"


def _tree(tmp_path: Path) -> Path:
    """The samples' helm-component/automated-rendering directory, rebuilt from the flattened real files."""
    root = tmp_path / "automated-rendering"
    (root / "base").mkdir(parents=True)
    shutil.copy(SAMPLES / f"{HELM}kustomization.yaml", root / "kustomization.yaml")
    shutil.copy(SAMPLES / f"{HELM}base__kustomization.yaml", root / "base" / "kustomization.yaml")
    shutil.copy(SAMPLES / f"{HELM}ignore-deployment-mutation-patch.yaml", root / "ignore-deployment-mutation-patch.yaml")
    return root


def test_a_helm_chart_from_a_repository_is_remote() -> None:
    path = SAMPLES / f"{HELM}base__kustomization.yaml"
    k = parse_kustomization(str(path), yaml.safe_load(path.read_text(encoding="utf-8")))
    assert k.remote == ("https://charts.jetstack.io chart cert-manager",)


@pytest.mark.parametrize("value", ["[{name: local-chart}]", "7", "[7, {repo: ''}]", "{repo: x}"])
def test_a_local_or_malformed_helm_charts_entry_is_not_remote(tmp_path: Path, value: str) -> None:
    path = tmp_path / "kustomization.yaml"
    path.write_text(f"helmCharts: {value}\n", encoding="utf-8")
    assert parse_kustomization(str(path), yaml.safe_load(path.read_text(encoding="utf-8"))).remote == ()


@pytest.mark.skipif(shutil.which("kubectl") is None and shutil.which("kustomize") is None, reason="a renderer decides to build")
def test_the_samples_helm_inflation_is_not_built(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _tree(tmp_path)
    report = lint_report(capsys, str(root))
    [note] = [n for n in report["summary"]["notes"] if "automated-rendering" in n]
    assert "kustomization not built" in note and "'https://charts.jetstack.io chart cert-manager', which would be fetched" in note
    assert "--enable-helm" not in note
    assert report["findings"] == [] and report["summary"]["pods"] == 0
