"""A base an overlay deletes objects from is built on its own too (source/layout.py): odh-model-controller
(opendatahub-io/odh-model-controller @57b43aad41ae, tests/data/real/SOURCES.tsv) installs config/base on OpenShift,
and its config/overlays/xks builds ../../base with ``$patch: delete`` patches (the model-serving-api Deployment,
every OpenShift Template, the ServiceMonitors). Was: config/base was only built inside the overlay, so the
objects the overlay drops (the Deployment, the ServingRuntime templates) were never checked: 17 pods over the
whole repository, 54 now."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from pod_resources_cli.source.kustomization import parse_kustomization
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real" / "opendatahub-io__odh-model-controller"
SERVER = ("clusterrole", "clusterrolebinding", "kustomization", "server", "service", "service_account", "servicemonitor")
DELETE = "config__overlays__xks__patches__delete-model-serving-api-deployment.yaml"


def _tree(tmp_path: Path) -> Path:
    """config/server (real) under a base that names the namespace opendatahub (as config/base does over
    ../default), and an overlay of that base with the xKS overlay's real patch deleting the Deployment."""
    root = tmp_path / "odh"
    (root / "config" / "server").mkdir(parents=True)
    for name in SERVER:
        shutil.copy(REAL / f"config__server__{name}.yaml", root / "config" / "server" / f"{name}.yaml")
    (root / "config" / "base").mkdir()
    (root / "config" / "base" / "kustomization.yaml").write_text("namespace: opendatahub\nresources:\n- ../server\n", encoding="utf-8")
    patches = root / "config" / "overlays" / "xks" / "patches"
    patches.mkdir(parents=True)
    shutil.copy(REAL / DELETE, patches / "delete-model-serving-api-deployment.yaml")
    (patches.parent / "kustomization.yaml").write_text(
        "resources:\n- ../../base\npatches:\n- path: patches/delete-model-serving-api-deployment.yaml\n", encoding="utf-8"
    )
    return root


def test_the_real_overlay_deletes_inline() -> None:
    """The xKS kustomization deletes every Template and ServiceMonitor with inline patches (and objects with patch files)."""
    path = REAL / "config__overlays__xks__kustomization.yaml"
    assert parse_kustomization(str(path), yaml.safe_load(path.read_text(encoding="utf-8"))).deletes
    server = REAL / "config__server__kustomization.yaml"
    assert not parse_kustomization(str(server), yaml.safe_load(server.read_text(encoding="utf-8"))).deletes


@pytest.mark.skipif(shutil.which("kubectl") is None and shutil.which("kustomize") is None, reason="needs a kustomize build")
def test_a_deployment_the_overlay_deletes_is_checked_in_its_base(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = lint_report(capsys, str(_tree(tmp_path)))
    assert report["summary"]["pods"] == 1  # was 0: the overlay's build has no Deployment, the base was never built alone
    got = [(f["rule"], Path(f["path"]).name, f["line"], f["object"]["namespace"], f["object"]["name"]) for f in report["findings"]]
    assert got == [
        ("PR134", "server.yaml", 68, "opendatahub", "model-serving-api"),  # cpu limit 500m, 10x its request 50m
        ("PR134", "server.yaml", 69, "opendatahub", "model-serving-api"),  # memory limit 1Gi, 16x its request 64Mi
        ("PR133", "server.yaml", 72, "opendatahub", "model-serving-api"),
    ]
    for finding in report["findings"]:  # found in the base's own build, one of the two that read server.yaml
        assert [Path(b["unit"].removesuffix(" (kustomize build)")).name for b in finding["builds"]] == ["base"]
        assert finding["buildsReading"] == 2
    assert report["summary"]["notes"] == []
