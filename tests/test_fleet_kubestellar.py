"""Multi-cluster GitOps: Fleet's Bundle applies the raw YAML it carries as written (rancher/fleet @3b2c622ce176
internal/helmdeployer/render/helm.go manifests, internal/bundlereader/style.go DetermineStyle); Fleet's other kinds
and KubeStellar's control.kubestellar.io describe other objects (model/decode/describes.py)."""

from __future__ import annotations

import base64
import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items

REAL = Path(__file__).parent / "data" / "real"
BUNDLE = REAL / "rancher__fleet" / "integrationtests__cli__assets__bundle__bundle.yaml"
NGINX = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  replicas: 2
  selector: {matchLabels: {app: nginx}}
  template:
    metadata: {labels: {app: nginx}}
    spec:
      containers:
      - name: nginx
        image: nginx
        resources: {requests: {cpu: 250m, memory: 64Mi}, limits: {cpu: 250m, memory: 64Mi}}
"""


def explain(capsys: pytest.CaptureFixture[str], path: Path) -> list[dict[str, Any]]:
    assert main(["explain", "-o", "json", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in err, err
    pods: list[dict[str, Any]] = json.loads(out)["pods"]
    return pods


def lint(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, Any]:
    main(["lint", "--no-config", "-o", "json", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err, err
    report: dict[str, Any] = json.loads(out)
    return report


def skips(path: Path) -> list[tuple[str, str | None]]:
    return [(i.reason, i.kind) for i in iter_items([str(path)]) if isinstance(i, SkippedItem)]


def bundle(tmp_path: Path, resources: list[dict[str, Any]], **spec: Any) -> Path:
    doc = {"apiVersion": "fleet.cattle.io/v1alpha1", "kind": "Bundle", "metadata": {"name": "b", "namespace": "fleet-local"},
           "spec": {**spec, "resources": resources}}  # fmt: skip
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_fleet_bundle_s_raw_yaml_is_read_as_the_objects_its_agent_applies(capsys: pytest.CaptureFixture[str]) -> None:
    """fleet's integrationtests/cli/assets/bundle/bundle.yaml carries nginx.yaml, a Deployment of 3 nginx pods
    without resources: it was one of 3 "custom objects with no pod found"; the agent applies it as written."""
    [pod] = explain(capsys, BUNDLE)
    assert pod["source"]["line"] == 9  # the Deployment's apiVersion, inside `content: |`
    workload = pod["workload"]
    assert (workload["kind"], workload["name"], workload["replicas"], workload["asWritten"]) == ("Deployment", "nginx-deployment", 3, None)
    assert "Fleet Bundle external-secret" in workload["operator"][0] and "render/helm.go" in workload["operator"][0]
    assert [c["name"] for c in pod["containers"]] == ["nginx"]
    assert (pod["qosClass"], pod["requests"], pod["limits"]) == ("BestEffort", {}, {})
    report = lint(capsys, BUNDLE)
    assert [(f["rule"], f["line"], f["column"], f["object"]["name"]) for f in report["findings"]] == [("PR201", 25, 13, "nginx-deployment")]
    assert report["summary"]["skipped"]["nothing-found"] == {}


def test_fleet_s_other_kinds_and_kubestellar_s_describe_other_objects() -> None:
    assert skips(REAL / "rancher__fleet" / "integrationtests__cli__assets__bundledeployment__bd.yaml") == [
        ("describes-objects", "Content"), ("describes-objects", "BundleDeployment"),
    ]  # fmt: skip
    assert skips(REAL / "rancher__fleet" / "e2e__assets__keep-resources__do-not-keep__gitrepo.yaml") == [("describes-objects", "GitRepo")]
    setup = REAL / "kubestellar__kubestellar" / "test__performance__long-running-tests__workloads__long-duration-exp-setup.yaml"
    assert skips(setup) == [("describes-objects", "BindingPolicy"), ("no-pods", "Namespace")]


def test_an_encoded_file_is_decoded_and_the_bundle_s_namespace_set(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """internal/content Decode: base64, then gz; postrender.go sets ``namespace`` on every object."""
    packed = base64.b64encode(gzip.compress(NGINX.encode())).decode()
    path = bundle(tmp_path, [{"name": "app/deploy.yaml", "content": packed, "encoding": "base64+gz"}], namespace="apps")
    [pod] = explain(capsys, path)
    assert (pod["workload"]["name"], pod["workload"]["namespace"], pod["workload"]["replicas"]) == ("nginx", "apps", 2)
    assert (pod["qosClass"], pod["requests"], pod["limits"]) == ("Guaranteed", {"cpu": "250m", "memory": "64Mi"}, {"cpu": "250m", "memory": "64Mi"})


def test_default_namespace_and_a_target_s_overlays(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = bundle(tmp_path, [{"name": "deploy.yaml", "content": NGINX}], defaultNamespace="web",
                  targets=[{"clusterName": "a", "yaml": {"overlays": ["big"]}}])  # fmt: skip
    [pod] = explain(capsys, path)
    assert pod["workload"]["namespace"] == "web" and pod["workload"]["asWritten"] == "targets[0] sets yaml"


@pytest.mark.parametrize(
    ("resources", "spec", "reason"),
    [
        # a Helm chart: Chart.yaml at the top, or under helm.chart
        ([{"name": "Chart.yaml", "content": "name: x\n"}, {"name": "templates/d.yaml", "content": NGINX}], {}, "not-searched"),
        ([{"name": "c/Chart.yaml", "content": "name: x\n"}, {"name": "c/templates/d.yaml", "content": NGINX}], {"helm": {"chart": "c"}}, "not-searched"),
        # a kustomization
        ([{"name": "kustomization.yaml", "content": "resources: [d.yaml]\n"}, {"name": "d.yaml", "content": NGINX}], {}, "not-searched"),
        ([{"name": "k/kustomization.yaml", "content": "resources: [d.yaml]\n"}], {"kustomize": {"dir": "k"}}, "not-searched"),
    ],
)
def test_a_bundle_of_a_chart_or_a_kustomization_is_not_read_as_written(tmp_path: Path, resources: list[dict[str, Any]], spec: dict[str, Any], reason: str) -> None:
    assert skips(bundle(tmp_path, resources, **spec)) == [(reason, "Bundle")]


def test_files_the_agent_leaves_out_are_not_read(tmp_path: Path) -> None:
    """manifests(): fleet.yaml, overlays/ (Process drops them), files beside a nested fleet.yaml or Chart.yaml,
    non-YAML files, and a template Helm would render."""
    resources = [
        {"name": "fleet.yaml", "content": "defaultNamespace: x\n"},
        {"name": "overlays/big/d.yaml", "content": NGINX},
        {"name": "sub/fleet.yaml", "content": "x: 1\n"}, {"name": "sub/d.yaml", "content": NGINX},
        {"name": "README.md", "content": NGINX},
        {"name": "templates/d.yaml", "content": NGINX.replace("name: nginx\nspec", "name: {{ .Values.n }}\nspec", 1)},
    ]  # fmt: skip
    assert skips(bundle(tmp_path, resources)) == [("nothing-found", "Bundle")]
    resources.append({"content": NGINX})  # unnamed: manifests/file006.yaml, applied
    [item] = [i for i in iter_items([str(bundle(tmp_path, resources))]) if isinstance(i, WorkloadItem)]
    assert item.workload.ref.name == "nginx" and "manifests/file006.yaml" in item.workload.ref.operator_notes[0]


def test_a_compressed_text_larger_than_a_document_may_be_is_not_inflated() -> None:
    from pod_resources_cli.source.fleet_bundle_text import decoded

    packed = base64.b64encode(gzip.compress(b"a: b\n" * 100_000)).decode()
    assert decoded(packed, "base64+gz", 1 << 20) is not None and decoded(packed, "base64+gz", 1000) is None
    assert decoded("not base64!", "base64", 1000) is None and decoded("x", "zip", 1000) is None


def test_the_texts_of_one_bundle_share_the_document_bound(tmp_path: Path) -> None:
    """Three texts that inflate to 0.4 MB each, under a 1 MB document bound: two fit, the third would pass the
    bound and is left as text, the small Deployment after it still fits. One budget for the document: before,
    each text had the whole bound, so many small gzip texts multiplied it."""
    from pod_resources_cli.source.fleet_bundle_text import graft_bundle
    from pod_resources_cli.source.limits import Limits
    from pod_resources_cli.source.yamldoc import Document, load_documents

    big = base64.b64encode(gzip.compress(b"a: " + b"b" * 400_000 + b"\n")).decode()
    packed = base64.b64encode(gzip.compress(NGINX.encode())).decode()
    resources = [{"name": f"f{i}.yaml", "content": big, "encoding": "base64+gz"} for i in range(3)]
    resources.append({"name": "deploy.yaml", "content": packed, "encoding": "base64+gz"})
    path = bundle(tmp_path, resources)
    [doc] = [d for d in load_documents(str(path), path.read_bytes()) if isinstance(d, Document)]
    read = graft_bundle(doc, Limits(max_document_bytes=1_000_000)).data["spec"]["resources"]
    assert [isinstance(r["content"], list) for r in read] == [True, True, False, True]


HELLO_HOOK = REAL / "kubestellar__kubeflex" / "config__samples__postcreate-hooks__hello.yaml"


def test_a_kubeflex_post_create_hook_s_templates_are_the_objects_it_applies(capsys: pytest.CaptureFixture[str]) -> None:
    """KubeStellar's core chart installs its controllers through KubeFlex PostCreateHooks; KubeFlex renders each
    template with its variables and applies it (kubestellar/kubeflex @948bf5f04009 postcreate_hook.go
    applyPostCreateHook), nothing else changed: the hello hook's Job is BestEffort, as fact."""
    [pod] = explain(capsys, HELLO_HOOK)
    workload = pod["workload"]
    assert (workload["kind"], workload["name"], workload["replicas"], workload["asWritten"]) == ("Job", "hello", 1, None)
    assert "PostCreateHook hello" in workload["operator"][0] and "<name>-system" in workload["operator"][0]
    assert [c["name"] for c in pod["containers"]] == ["hello"] and (pod["qosClass"], pod["requests"]) == ("BestEffort", {})
    report = lint(capsys, HELLO_HOOK)
    assert [(f["rule"], f["line"], f["object"]["kind"], f["object"]["name"]) for f in report["findings"]] == [("PR201", 17, "Job", "hello")]


def test_the_hook_name_variable_is_filled_in(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``{{.HookName}}`` is the hook's name (set last, over every other variable); ``{{.ControlPlaneName}}`` is
    each ControlPlane's: a name holding it stays a template."""
    text = HELLO_HOOK.read_text(encoding="utf-8").replace("      name: hello\n", "      name: '{{.HookName}}-job'\n", 1)
    path = tmp_path / "hook.yaml"
    path.write_text(text, encoding="utf-8")
    [pod] = explain(capsys, path)
    assert pod["workload"]["name"] == "hello-job"
    path.write_text(text.replace("{{.HookName}}", "{{.ControlPlaneName}}"), encoding="utf-8")
    assert skips(path) == [("template", "Job")]


def test_bad_bundles_and_hooks_never_fail_and_objects_without_a_kind_are_left_out(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """rawyaml ToObjects drops an object without apiVersion or kind; malformed fields are what the API server
    refuses: no traceback, no pod."""
    path = tmp_path / "bad.yaml"
    path.write_text(
        "apiVersion: fleet.cattle.io/v1alpha1\nkind: Bundle\nmetadata: {name: x}\nspec:\n  namespace: 5\n  helm: x\n"
        "  targets: [1, {yaml: 2}]\n  resources:\n  - content: 5\n  - {name: 3, content: 'a: ['}\n  - str\n"
        "  - {name: x.yaml, content: 'a: b', encoding: 7}\n"
        "  - {name: y.yaml, content: \"kind: Pod\\nmetadata: {name: p}\\nspec: {containers: [{name: c}]}\\n---\\n[1]\\n\"}\n"
        "---\napiVersion: fleet.cattle.io/v1alpha1\nkind: Bundle\nspec: {resources: 3}\n"
        "---\napiVersion: tenancy.kflex.kubestellar.org/v1alpha1\nkind: PostCreateHook\nmetadata: {name: 3}\nspec: {templates: [1, x]}\n",
        encoding="utf-8",
    )
    report = lint(capsys, path)
    assert report["findings"] == [] and report["summary"]["pods"] == 0
