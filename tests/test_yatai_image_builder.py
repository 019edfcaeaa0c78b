"""bentoml/yatai-image-builder @816fd1385bcc: a BentoRequest's pods (the image builder and model seeder Jobs) come of
the registry and the cluster's ConfigMap, so the kind is listed and not searched; a Bento makes no pod."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.model.items import SkippedItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real"
BUILDER = REAL / "bentoml__yatai-image-builder"
TREE = REAL / "kustomize" / "bentoml__yatai-image-builder"


def _skipped(path: Path) -> list[tuple[str, str]]:
    return [(i.reason, i.kind) for i in iter_items([str(path)]) if isinstance(i, SkippedItem)]


def test_bentorequests_are_not_searched_and_a_bento_carries_no_pods() -> None:
    assert _skipped(BUILDER / "tests__e2e__example.yaml") == [("not-searched", "BentoRequest"), ("not-searched", "BentoRequest")]
    assert _skipped(TREE / "config" / "samples" / "resources_v1alpha1_bento.yaml") == [("no-pods", "Bento")]


def test_yatai_deployment_s_e2e_bento_is_no_workload(capsys: Any) -> None:
    """The BentoDeployment's e2e file: its Bento (image, runners, tag) is counted without pods, beside the Secret;
    the BentoDeployment's api server and runner are the pods."""
    path = REAL / "bentoml__yatai-deployment" / "tests__e2e__example.yaml"
    assert _skipped(path) == [("no-pods", "Bento"), ("no-pods", "Secret")]
    report = lint_report(capsys, str(path))
    assert report["summary"]["pods"] == 2
    assert report["summary"]["skipped"]["no-pods"] == {"Bento": 1, "Secret": 1}
    assert not report["summary"]["skipped"]["nothing-found"]


def test_the_copied_tree_builds_the_bases_it_can(capsys: Any) -> None:
    """As copied (config/crd, rbac and scorecard left out), config/manifests fails; of its bases config/samples builds
    alone, config/default does not (its ../crd is missing): its files are read as written, the patch skipped as one,
    and the manager's findings say config/manifests' patches may change the Deployment."""
    if shutil.which("kubectl") is None and shutil.which("kustomize") is None:
        pytest.skip("needs a kustomize build")
    report = lint_report(capsys, str(TREE), str(BUILDER))
    assert report["summary"]["pods"] == 1
    assert [(f["rule"], f["line"], f["object"]["namespace"], f["object"]["name"]) for f in report["findings"]] == [
        ("PR134", 64, "system", "controller-manager"), ("PR133", 68, "system", "controller-manager")]
    assert all("was not built, and its patches may change this object" in f["message"] for f in report["findings"])
    skipped = report["summary"]["skipped"]
    assert skipped["not-searched"] == {"BentoRequest": 3} and skipped["no-pods"] == {"Bento": 1, "Namespace": 1}
    assert skipped["kustomize-patch"] == 1 and skipped["kustomize-input"] == 1

def _olm_tree(tmp_path: Path) -> Path:
    """The repository's kubebuilder layout (real files): config/manifests gathers bases/*.clusterserviceversion.yaml,
    which ``make bundle`` writes and the repository lacks, with ../default, ../samples and ../scorecard; config/default
    builds ../crd, ../rbac (empty here) and ../manager with the kube-rbac-proxy patch."""
    root = tmp_path / "yatai-image-builder"
    for name in (
        "manifests/kustomization.yaml", "default/kustomization.yaml", "default/manager_auth_proxy_patch.yaml",
        "manager/kustomization.yaml", "manager/manager.yaml", "manager/controller_manager_config.yaml",
        "samples/kustomization.yaml", "samples/resources_v1alpha1_bento.yaml", "samples/resources_v1alpha1_bentorequest.yaml",
    ):  # fmt: skip
        target = root / "config" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(TREE / "config" / name, target)
    for empty in ("crd", "rbac", "scorecard"):
        (root / "config" / empty).mkdir()
        (root / "config" / empty / "kustomization.yaml").write_text("resources: []\n", encoding="utf-8")
    return root


@pytest.mark.skipif(shutil.which("kubectl") is None and shutil.which("kustomize") is None, reason="needs a kustomize build")
def test_a_failed_aggregator_s_bases_are_built_on_their_own(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Was: config/manifests failed (its CSV base is missing) and every file under it was read as written: the manager
    Deployment in namespace ``system`` with 'its patches may change this object', and the kube-rbac-proxy container
    the config/default patch adds never seen. Now config/default is built alone, as kustomize would build it."""
    report = lint_report(capsys, str(_olm_tree(tmp_path)))
    assert report["summary"]["pods"] == 1
    got = [(f["rule"], Path(f["path"]).name, f["line"], f["object"]["namespace"], f["object"]["name"], f["message"]) for f in report["findings"]]
    name = ("yatai-image-builder-system", "yatai-image-builder-controller-manager")
    assert [g[:5] for g in got] == [
        ("PR134", "manager_auth_proxy_patch.yaml", 30, *name),  # kube-rbac-proxy: cpu limit 500m, 100x its request 5m
        ("PR133", "manager_auth_proxy_patch.yaml", 34, *name),
        ("PR134", "manager.yaml", 64, *name),  # manager: cpu limit 500m, 50x its request 10m
        ("PR133", "manager.yaml", 68, *name),
    ]
    assert "100x its request 5m" in got[0][5] and "50x its request 10m" in got[2][5]
    assert not any("as written" in g[5] for g in got)
    assert report["summary"]["skipped"]["not-searched"] == {"BentoRequest": 1}
    assert report["summary"]["skipped"]["no-pods"]["Bento"] == 1
    main(["explain", "-o", "json", str(tmp_path / "yatai-image-builder")])
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert [(c["name"], c["requests"], c["limits"]) for c in pod["containers"]] == [
        ("kube-rbac-proxy", {"cpu": "5m", "memory": "64Mi"}, {"cpu": "500m", "memory": "128Mi"}),
        ("manager", {"cpu": "10m", "memory": "64Mi"}, {"cpu": "500m", "memory": "128Mi"}),
    ]
    assert (pod["qosClass"], pod["requests"], pod["limits"]) == ("Burstable", {"cpu": "15m", "memory": "128Mi"}, {"cpu": "1", "memory": "256Mi"})


def test_the_failed_build_s_note_names_the_bases_built(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if shutil.which("kubectl") is None and shutil.which("kustomize") is None:
        pytest.skip("needs a kustomize build")
    main(["lint", "--no-config", "-o", "text", str(_olm_tree(tmp_path))])
    out = capsys.readouterr().out
    [note] = [line for line in out.splitlines() if "kustomization not rendered" in line]
    assert "no such file or directory" in note and "yatai-image-builder.clusterserviceversion.yaml" in note
    assert "its bases " in note and "/config/default, " in note and "/config/samples, " in note and "/config/scorecard are built on their own" in note
