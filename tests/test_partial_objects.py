"""Parts of objects (model/decode/partial.py): an apps/v1 workload without
spec.selector that a kustomization leaves out of its build, or that has no
pod template either, is skipped as ``partial-object``, never linted as a pod.

The real files (tests/data/real, SOURCES.tsv): kaito-project/kaito's
kubebuilder ``config/default``, whose ``manager_config_patch.yaml`` its
kustomization names nowhere (it gave a PR201 "BestEffort" warning), and a
kubewarden/kubewarden-controller Rust test fixture, a Deployment trimmed to
``spec: {replicas: 1}`` (it gave a PR002 "no pod template" error).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main

REAL = Path(__file__).parent / "data" / "real"
KAITO = REAL / "kustomize" / "kaito-project__kaito" / "config" / "default"
FIXTURE = REAL / "kubewarden__kubewarden-controller" / "crates__policy-evaluator__tests__data__fixtures__kube_context__deployments__ingress__ingress-nginx.json"


def lint_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    code = main(["lint", "--no-config", "--format", "json", "--show-skipped", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in err, err
    return code, json.loads(out)


def skipped_as(report: dict[str, Any], reason: str) -> list[tuple[str, str | None]]:
    return [(Path(s["path"]).name, s.get("note")) for s in report["skipped"] if s["reason"] == reason]


@pytest.mark.parametrize("render", [(), ("--no-render",)])
def test_a_kubebuilder_patch_its_kustomization_names_nowhere_is_no_pod(render: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    code, report = lint_json(capsys, *render, str(KAITO))
    assert code == 0 and report["findings"] == []  # was: PR201 the pod is BestEffort (Deployment system/controller-manager)
    summary = report["summary"]
    assert summary["pods"] == 0 and summary["skipped"]["kustomize-patch"] == 1
    assert summary["skipped"]["partial-object"] == {"Deployment": 1}
    [(name, note)] = skipped_as(report, "partial-object")
    assert name == "manager_config_patch.yaml"
    assert note is not None and "kustomizations name this file nowhere" in note and "spec.selector: Required value" in note
    code, report = lint_json(capsys, *render, str(KAITO / "manager_config_patch.yaml"))  # pre-commit passes it alone
    assert code == 0 and report["findings"] == [] and report["summary"]["skipped"]["partial-object"] == {"Deployment": 1}


def test_a_fixture_trimmed_to_its_replicas_is_no_refused_deployment(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = lint_json(capsys, str(FIXTURE))
    assert code == 0 and report["findings"] == []  # was: PR002 [error] missing: the workload has no pod template
    assert report["summary"]["skipped"]["partial-object"] == {"Deployment": 1}
    [(_, note)] = skipped_as(report, "partial-object")
    assert note is not None and "neither spec.selector nor spec.template" in note


DEPLOYMENT = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  template:
    spec:
      containers: [{name: app, image: nginx}]
"""


def test_a_snippet_with_a_template_and_no_selector_is_still_linted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "deploy.yaml").write_text(DEPLOYMENT, encoding="utf-8")
    code, report = lint_json(capsys, str(tmp_path / "deploy.yaml"))
    assert [f["rule"] for f in report["findings"]] == ["PR201"]
    assert report["summary"]["skipped"]["partial-object"] == {}
    (tmp_path / "replicas.yaml").write_text("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {selector: {matchLabels: {a: b}}}\n")
    code, report = lint_json(capsys, str(tmp_path / "replicas.yaml"))  # a selector and no template: a whole object, refused
    assert code == 1 and [f["rule"] for f in report["findings"]] == ["PR002"]


def project(root: Path, overlay: str | None = None) -> Path:
    """A base whose kustomization builds deploy.yaml (adding the selector) and names unused.yaml nowhere."""
    (root / ".git").mkdir(parents=True)
    base = root / "base"
    base.mkdir()
    (base / "deploy.yaml").write_text(DEPLOYMENT, encoding="utf-8")
    (base / "unused.yaml").write_text(DEPLOYMENT.replace("web", "old"), encoding="utf-8")
    (base / "kustomization.yaml").write_text("resources: [deploy.yaml]\nlabels:\n- includeSelectors: true\n  pairs: {app: web}\n")
    if overlay is not None:
        (root / "overlay").mkdir()
        (root / "overlay" / "kustomization.yaml").write_text(overlay)
    return root


def test_a_kustomization_resource_is_read_for_kustomize_adds_its_selector(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, report = lint_json(capsys, "--no-render", str(project(tmp_path / "a")))
    assert [(Path(f["path"]).name, f["rule"]) for f in report["findings"]] == [("deploy.yaml", "PR201")]
    assert [name for name, _ in skipped_as(report, "partial-object")] == ["unused.yaml"]
    root = project(tmp_path / "b", "resources: [../base]\npatches:\n- path: ../base/unused.yaml\n")
    code, report = lint_json(capsys, "--no-render", str(root))  # named as a patch from another directory: a kustomize patch
    assert skipped_as(report, "partial-object") == [] and report["summary"]["skipped"]["kustomize-patch"] == 1


def test_a_patch_that_sets_a_pod_field_is_no_refused_pod(capsys: pytest.CaptureFixture[str]) -> None:
    # kubeflow/manifests' tensorboard controller: a patch its kustomization does not name, in a patches/ directory
    # without a kustomization; read as a Deployment it gave PR201, then a PR002 (no containers) error
    patch = REAL / "kubeflow__manifests" / "applications__tensorboard__tensorboard-controller__upstream__base__patches__add_service_account.yaml"
    code, report = lint_json(capsys, str(patch))
    assert code == 0 and report["findings"] == [] and report["summary"]["skipped"]["partial-object"] == {"Deployment": 1}
    [(_, note)] = skipped_as(report, "partial-object")
    assert note is not None and "neither spec.selector nor a container in its template" in note


FLYTE = Path(__file__).parent / "data" / "layouts" / "flyteorg__flyte"


@pytest.mark.parametrize("with_kustomization", [True, False])
def test_a_patch_beside_the_files_a_kustomization_elsewhere_names_is_no_pod(
    with_kustomization: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """flyte's devbox: kustomize/dev/kustomization.yaml names ../namespace.yaml, and minio-patch.yaml beside it
    is a patch no kustomization names (it gave a false PR201). Its directory holds no kustomization of its own:
    kustomize builds from it all the same. Without a kustomization naming its siblings, it is read as before."""
    shutil.copytree(FLYTE, tmp_path / "flyte")
    (tmp_path / "flyte" / ".git").mkdir()  # the project whose kustomizations are read
    if not with_kustomization:
        (tmp_path / "flyte" / "docker" / "devbox-bundled" / "kustomize" / "dev" / "kustomization.yaml").unlink()
    _, report = lint_json(capsys, str(tmp_path / "flyte" / "docker" / "devbox-bundled" / "kustomize" / "minio-patch.yaml"))
    if with_kustomization:
        assert report["findings"] == [] and [name for name, _ in skipped_as(report, "partial-object")] == ["minio-patch.yaml"]
    else:
        assert [f["rule"] for f in report["findings"]] == ["PR201"] and skipped_as(report, "partial-object") == []


@pytest.mark.parametrize("render", [(), ("--no-render",)])
def test_without_git_the_directory_linted_is_the_project_whose_kustomizations_are_read(
    render: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A tree unpacked from an archive (flyteorg/flyte 6fadb90d65af, no ``.git``) linted from its root: its
    kustomizations were searched in the whole directory argument, but a file's role only in its own directory,
    so minio-patch.yaml gave a false PR201 that a git clone of the same tree did not. The role is now asked in the
    run's root that holds the file; a file passed alone still has only its own directory to go by."""
    shutil.copytree(FLYTE, tmp_path / "flyte")
    _, report = lint_json(capsys, *render, str(tmp_path / "flyte"))
    assert [f["rule"] for f in report["findings"] if f["path"].endswith("minio-patch.yaml")] == []
    assert [name for name, _ in skipped_as(report, "partial-object")] == ["minio-patch.yaml"]
    _, alone = lint_json(capsys, *render, str(tmp_path / "flyte" / "docker" / "devbox-bundled" / "kustomize" / "minio-patch.yaml"))
    assert [f["rule"] for f in alone["findings"]] == ["PR201"] and skipped_as(alone, "partial-object") == []


@pytest.mark.parametrize(
    ("text", "skipped"),
    [
        # jaeger-operator tests/e2e/elasticsearch/es-index-cleaner-upstream/04-assert.yaml: a kuttl assert, copied by a script
        ("apiVersion: batch/v1\nkind: Job\nmetadata:\n  ownerReferences:\n  - kind: CronJob\n    name: c\nstatus:\n  succeeded: 1\n", True),
        ("apiVersion: batch/v1\nkind: CronJob\nspec:\n  schedule: '* * * * *'\n", True),
        ("apiVersion: batch/v1\nkind: Job\nmetadata: {name: j}\nstatus:\n  succeeded: 1\n", False),  # named: refused, PR002
        ("apiVersion: batch/v1\nkind: Job\nspec:\n  template:\n    spec:\n      containers: [{name: c, image: i}]\n", False),
        # a batch/v1beta1 CronJob is validated the same way (ValidateCronJobCreate); a v1beta1 Job never existed
        ("apiVersion: batch/v1beta1\nkind: CronJob\n", True),
        ("apiVersion: batch/v1beta1\nkind: CronJob\nmetadata: {name: c}\n", False),
    ],
)
def test_a_job_without_name_or_template_is_part_of_an_object(text: str, skipped: bool, tmp_path: Path) -> None:
    from pod_resources_cli.model.items import SkippedItem
    from pod_resources_cli.run.pipeline import iter_items

    (tmp_path / "04-assert.yaml").write_text(text)
    reasons = [i.reason for i in iter_items([str(tmp_path / "04-assert.yaml")]) if isinstance(i, SkippedItem)]
    assert reasons == (["partial-object"] if skipped else [])


def test_helm_values_choosing_a_kind_are_no_object(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """awslabs/data-on-eks' infra/terraform/helm-values/event-collector.yaml is the fluent-bit chart's values
    (``kind: Deployment`` chooses what the chart renders, beside replicaCount, env, rbac and config; no
    apiVersion, metadata or spec): skipped as not Kubernetes (it gave a false PR002 "no pod template" and four
    false PR004 errors). A kind-only snippet holding an object's own field is still read as that kind."""
    values = REAL / "awslabs__data-on-eks" / "infra__terraform__helm-values__event-collector.yaml"
    code, report = lint_json(capsys, str(values))
    assert code == 0 and report["findings"] == [] and report["summary"]["pods"] == 0
    assert [s["reason"] for s in report["skipped"]] == ["not-kubernetes"]
    snippet = tmp_path / "snippet.yaml"
    snippet.write_text("kind: Deployment\nmetadata: {name: web}\nspec:\n  template:\n    spec:\n      containers: [{name: app, image: nginx}]\n")
    code, report = lint_json(capsys, str(snippet))
    assert report["summary"]["pods"] == 1 and [f["rule"] for f in report["findings"]] == ["PR201"]


VELERO = REAL / "kustomize" / "vmware-tanzu__velero" / "design" / "CLI" / "PoC" / "overlays" / "plugins"


@pytest.mark.parametrize("render", [(), ("--no-render",)])
def test_an_imageless_patch_its_kustomization_names_nowhere_is_no_pod(render: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    """vmware-tanzu/velero's azure-plugin.yaml: a Deployment with a selector whose `velero` container names no image
    (validateContainerCommon: image Required value), its line in patchesStrategicMerge commented out; aws-plugin.yaml,
    named there, is a kustomize patch."""
    code, report = lint_json(capsys, *render, str(VELERO))
    assert report["findings"] == []  # was: PR201 the pod is BestEffort (Deployment velero)
    assert report["summary"]["pods"] == 0 and report["summary"]["skipped"]["partial-object"] == {"Deployment": 1}
    [(name, note)] = skipped_as(report, "partial-object")
    assert name == "azure-plugin.yaml" and note is not None and "spec.template.spec.containers[0].image: Required value" in note
    code, report = lint_json(capsys, *render, str(VELERO / "azure-plugin.yaml"))  # pre-commit passes it alone
    assert report["findings"] == [] and report["summary"]["skipped"]["partial-object"] == {"Deployment": 1}


def test_a_bare_deprecated_cronjob_of_a_deprecation_check_is_part_of_an_object(capsys: pytest.CaptureFixture[str]) -> None:
    """datreeio/datree (0c3b63e6ce96) examples/prevent_deprecated_apis/fail.yaml: bare apiVersion/kind pairs of
    removed APIs for datree's deprecation check; its batch/v1beta1 CronJob was called a workload without a pod
    template (PR002) where pass.yaml's batch/v1 one was skipped. Its PriorityClass is such a pair too (``value:``
    empty): it names no class, so no PR166 calls it refused; one that writes anything else is still checked."""
    path = REAL / "datreeio__datree" / "examples__prevent_deprecated_apis__fail.yaml"
    code, report = lint_json(capsys, "--show-skipped", str(path))
    assert (code, report["findings"]) == (0, [])
    assert report["summary"]["pods"] == 0
    [cronjob] = [s for s in report["skipped"] if s["kind"] == "CronJob"]
    assert cronjob["reason"] == "partial-object" and cronjob["line"] == 17
    assert cronjob["note"].startswith("a batch/v1beta1 CronJob with neither a name nor spec.jobTemplate: part of an object")


def test_a_priorityclass_that_writes_more_than_its_kind_is_still_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "pc.yaml").write_text("apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nvalue: 5\n", encoding="utf-8")
    code, report = lint_json(capsys, str(tmp_path / "pc.yaml"))
    assert code == 1 and [f["rule"] for f in report["findings"]] == ["PR166"]  # no name: the API server refuses it
