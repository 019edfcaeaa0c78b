"""Helm charts and kustomizations: rendered once each when the tool is on
PATH, findings named after the files they come from; without the tool,
templates and patches are skipped with a note, never a finding.

The chart and the kustomize layout are real (tests/data/real, provenance in
SOURCES.tsv). kubectl (with its built-in kustomize) is used where installed;
helm is stood in for by a script that prints what `helm template` prints for
the chart (the mapping under test is ours, not helm's rendering)."""

from __future__ import annotations

import json
import os
import shutil
import stat
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pod_resources_cli.cli import main
from pod_resources_cli.source.layout import Tools, plan_inputs

REAL = Path(__file__).parent / "data" / "real"
CHART = REAL / "helm" / "prometheus-community__helm-charts" / "charts" / "prometheus-nginx-exporter"
SPRINGBOOT = REAL / "kustomize" / "kubernetes-sigs__kustomize" / "examples" / "springboot"
KUBECTL = shutil.which("kubectl")

# What `helm template` prints for the chart with its values and
# `--set resources.requests.cpu=2,resources.limits.cpu=1` (trimmed to the Deployment).
RENDERED = """\
---
# Source: prometheus-nginx-exporter/templates/serviceaccount.yaml
apiVersion: v1
kind: ServiceAccount
metadata:
  name: release-name-prometheus-nginx-exporter
---
# Source: prometheus-nginx-exporter/templates/deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: release-name-prometheus-nginx-exporter
spec:
  replicas: 1
  template:
    spec:
      containers:
        - name: nginx-exporter
          image: "nginx/nginx-prometheus-exporter:1.4.2"
          resources:
            limits:
              cpu: 1
            requests:
              cpu: 2
"""


def fake_helm(bin_dir: Path, log: Path) -> None:
    bin_dir.mkdir(exist_ok=True)
    script = bin_dir / "helm"
    script.write_text(
        f"#!{sys.executable}\nimport sys\n"
        f"open({str(log)!r}, 'a').write(' '.join(sys.argv[1:]) + '\\n')\n"
        f"sys.stdout.write({RENDERED!r})\n",
        encoding="utf-8",
    )
    script.chmod(script.stat().st_mode | stat.S_IEXEC)


def lint_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    code = main(["lint", "--no-config", "--format", "json", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in err, err
    return code, json.loads(out)


def logged_kubectl(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The only program on PATH: kubectl, each call's arguments appended to the returned log."""
    assert KUBECTL is not None
    log = tmp_path / "kubectl.log"
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    wrapper = bin_dir / "kubectl"
    wrapper.write_text(f"#!/bin/sh\necho \"$@\" >> {log}\nexec {KUBECTL} \"$@\"\n", encoding="utf-8")
    wrapper.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    return log


@pytest.fixture
def no_tools(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))


def test_a_chart_without_helm_is_skipped_with_one_note(no_tools: None, capsys: pytest.CaptureFixture[str]) -> None:
    code, report = lint_json(capsys, str(CHART))
    summary = report["summary"]
    assert code == 0 and report["findings"] == []
    assert summary["skipped"]["template"] == 6 and summary["pods"] == 0
    [note] = summary["notes"]
    assert note.startswith(f"{CHART}: Helm chart not rendered (helm is not on PATH); 6 templates skipped.")
    assert f"helm template {CHART} | pod-resources lint -" in note


def test_templates_passed_one_by_one_are_skipped_never_a_finding(capsys: pytest.CaptureFixture[str]) -> None:
    templates = sorted(str(p) for p in (CHART / "templates").glob("*.yaml"))
    code, report = lint_json(capsys, *templates)  # as pre-commit passes them
    assert code == 0 and report["findings"] == [] and report["summary"]["skipped"]["template"] == len(templates)
    assert len(report["summary"]["notes"]) == 1


def test_a_chart_is_rendered_once_and_findings_name_the_template(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "helm.log"
    fake_helm(tmp_path / "bin", log)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    code, report = lint_json(capsys, "--helm-values", "ci/resources-values.yaml", "--helm-set", "resources.requests.cpu=2", str(CHART))
    assert log.read_text().splitlines() == [f"template {CHART} --values ci/resources-values.yaml --set resources.requests.cpu=2"]
    [pr101] = [f for f in report["findings"] if f["rule"] == "PR101"]
    assert code == 1 and pr101["path"] == os.path.join(CHART, "templates", "deployment.yaml")  # as the argument names it
    assert (pr101["line"], pr101["column"]) == (16, 15)  # the line of the rendered document
    assert pr101["object"]["name"] == "release-name-prometheus-nginx-exporter"
    assert report["summary"]["pods"] == 1 and report["summary"]["notes"] == []


def test_helm_output_on_stdin_is_mapped_to_its_templates(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(RENDERED.encode())))
    code = main(["lint", "--no-config", "-"])
    out = capsys.readouterr().out
    assert code == 1
    assert "prometheus-nginx-exporter/templates/deployment.yaml:16:15: PR101 [error]" in out
    assert "    16 |               cpu: 2" in out  # the excerpt is the rendered line


def test_without_kustomize_patches_are_never_linted_as_objects(no_tools: None, capsys: pytest.CaptureFixture[str]) -> None:
    code, report = lint_json(capsys, str(SPRINGBOOT))
    assert code == 0 and report["summary"]["skipped"]["kustomize-patch"] == 3
    assert {f["path"] for f in report["findings"]} == {str(SPRINGBOOT / "base" / "deployment.yaml")}
    patch = SPRINGBOOT / "overlays" / "production" / "memorylimit_patch.yaml"
    code, report = lint_json(capsys, str(patch))  # pre-commit passes a patch alone
    assert code == 0 and report["findings"] == [] and report["summary"]["skipped"]["kustomize-patch"] == 1


def test_plan_of_a_repository_with_charts_and_kustomizations() -> None:
    plan = plan_inputs([str(REAL)], Tools(helm="helm", kustomize=("kubectl", "kustomize")))
    renders = sorted((e.tool, os.path.relpath(e.root, REAL)) for e in plan.entries if not isinstance(e, str))
    assert renders == [
        ("helm", "cloudnative-pg__charts/tree/charts/cluster"),  # its test/ files are read on their own (tests/test_chart_files.py)
        ("helm", "feast-dev__feast/tree/infra/charts/feast-feature-server"),  # its samples/ are read on their own (tests/test_chart_files.py)
        ("helm", "helm/2i2c-org__infrastructure/helm-charts/basehub"),  # jupyterhub's wrapper: likewise (tests/test_jupyterhub.py)
        ("helm", "helm/Orange-OpenSource__towards5gs-helm/charts/free5gc"),  # its subcharts render with it
        ("helm", "helm/aws-containers__retail-store-sample-app/src/app/chart"),  # an umbrella chart (tests/test_chart_umbrella.py)
        # app-template's wrappers: helm fails without the dependency in charts/, and their values.yaml is read
        ("helm", "helm/khuedoan__homelab/apps/jellyfin"),
        ("helm", "helm/khuedoan__homelab/apps/paperless"),
        ("helm", "helm/khuedoan__homelab/apps/tailscale"),
        ("helm", "helm/prometheus-community__helm-charts/charts/prometheus-nginx-exporter"),
        ("helm", "helm/prometheus-community__helm-charts/charts/prometheus-snmp-exporter"),
        ("kustomize", "kustomize/aquasecurity__trivy-operator/deploy/static"),
        # kubebuilder's OLM aggregator (its CSV base is not in the repository): its bases are built on their own when it fails
        ("kustomize", "kustomize/bentoml__yatai-image-builder/config/manifests"),
        ("kustomize", "kustomize/kaito-project__kaito/config/default"),
        ("kustomize", "kustomize/kubernetes-sigs__kustomize/examples/springboot/overlays/production"),
        ("kustomize", "kustomize/kubernetes-sigs__kustomize/examples/springboot/overlays/staging"),
        ("kustomize", "kustomize/open-policy-agent__gatekeeper/config/manager"),
        ("kustomize", "kustomize/vmware-tanzu__velero/design/CLI/PoC/overlays/plugins"),
        # kustomizations whose generators are PolicyGenerators: kustomize refuses the plugin (never enabled here), the files are read
        ("kustomize", "open-cluster-management-io__policy-collection/policygenerator/kustomize"),
        ("kustomize", "open-cluster-management-io__policy-collection/policygenerator/policy-sets/stable/openshift-plus"),
    ]
    files = {os.path.relpath(os.path.abspath(f), REAL) for f in plan.files}
    # Their output stands for them; a file no kustomization names is read on its own (then skipped: tests/test_partial_objects.py).
    # ... and a file a kustomization deletes objects of is read on its own too (trivy-operator's static install)
    assert {f for f in files if f.startswith(("helm/", "kustomize/"))} == {
        "kustomize/aquasecurity__trivy-operator/deploy/static/trivy-operator.yaml",
        "kustomize/kaito-project__kaito/config/default/manager_config_patch.yaml",
        "kustomize/vmware-tanzu__velero/design/CLI/PoC/overlays/plugins/azure-plugin.yaml",
    }


@pytest.mark.skipif(KUBECTL is None, reason="kubectl is not installed")
def test_kustomizations_are_built_once_and_findings_point_at_their_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    log = logged_kubectl(tmp_path, monkeypatch)
    code, report = lint_json(capsys, str(SPRINGBOOT))
    assert len(log.read_text().splitlines()) == 2  # production and staging; base is built with them
    assert code == 0 and report["summary"]["notes"] == []
    deployment = str(SPRINGBOOT / "base" / "deployment.yaml")  # named as the argument names its files
    found = sorted((f["rule"], f["path"], f["line"], f["object"]["name"]) for f in report["findings"])
    # production's memorylimit_patch.yaml gives it a memory limit (and so a memory
    # request): it lacks only a cpu request; staging sets nothing and is BestEffort
    assert ("PR201", deployment, 16, "staging-sbdemo") in found
    # production's missing cpu request is shown where its requests are written: in that patch
    patch = str(SPRINGBOOT / "overlays" / "production" / "memorylimit_patch.yaml")
    assert [(rule, path, line) for rule, path, line, name in found if name == "production-sbdemo"] == [("PR130", patch, 14)]
    assert {path for _, path, _, _ in found} == {deployment, patch}
    assert report["summary"]["skipped"]["kustomize-patch"] == 0 and report["summary"]["pods"] == 2


@pytest.mark.skipif(KUBECTL is None, reason="kubectl is not installed")
def test_a_field_a_patch_writes_is_found_in_the_patch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """kubebuilder's scaffold: config/default's strategic-merge patch adds the
    kube-rbac-proxy container to config/manager's Deployment. Its findings were
    placed at the base's ``containers:`` line, where no such container is."""
    repo = tmp_path / "repo"
    (repo / "manager").mkdir(parents=True)
    (repo / "default").mkdir()
    shutil.copy(REAL / "kaito-project__kaito" / "config__manager__manager.yaml", repo / "manager" / "manager.yaml")
    shutil.copy(REAL / "kustomize" / "kaito-project__kaito" / "config" / "default" / "manager_auth_proxy_patch.yaml", repo / "default")
    # the project's kustomizations, without ../crd and ../rbac (objects without pods)
    (repo / "manager" / "kustomization.yaml").write_text("resources:\n- manager.yaml\n", encoding="utf-8")
    (repo / "default" / "kustomization.yaml").write_text(
        "namespace: kaito-system\nnamePrefix: kaito-\nresources:\n- ../manager\npatchesStrategicMerge:\n- manager_auth_proxy_patch.yaml\n", encoding="utf-8"
    )
    logged_kubectl(tmp_path, monkeypatch)
    code, report = lint_json(capsys, str(repo))
    found = sorted((f["rule"], Path(f["path"]).name, f["line"], f["container"]) for f in report["findings"])
    assert code == 0 and report["summary"]["notes"] == []
    assert found == [
        ("PR133", "manager.yaml", 100, "manager"),
        ("PR133", "manager_auth_proxy_patch.yaml", 34, "kube-rbac-proxy"),  # its memory request, in the patch
        ("PR134", "manager.yaml", 96, "manager"),
        ("PR134", "manager_auth_proxy_patch.yaml", 30, "kube-rbac-proxy"),  # its cpu limit, in the patch
    ]


@pytest.mark.skipif(KUBECTL is None, reason="kubectl is not installed")
def test_a_kustomization_in_go_test_data_is_never_built(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """kube-linter's tests/testdata/mykustomize: its tests build it, nothing
    applies it; built here, its base gave 2 PR201 warnings."""
    (tmp_path / "go.mod").write_text("module example.com/linter\n", encoding="utf-8")
    shutil.copytree(SPRINGBOOT, tmp_path / "tests" / "testdata" / "springboot")
    log = logged_kubectl(tmp_path, monkeypatch)
    code, report = lint_json(capsys, str(tmp_path))
    assert code == 0 and report["findings"] == [] and not log.exists()
    manifests = [p for p in (tmp_path / "tests").rglob("*.yaml") if p.name != "kustomization.yaml"]  # kustomize's own: not Kubernetes
    assert report["summary"]["skipped"]["test-input"] == len(manifests) == 5


@pytest.mark.skipif(KUBECTL is None, reason="kubectl is not installed")
def test_a_failing_build_is_a_note_and_the_files_are_read_as_they_are(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "k"
    root.mkdir()
    (root / "kustomization.yaml").write_text("resources:\n- missing.yaml\n", encoding="utf-8")
    (root / "pod.yaml").write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    resources: {requests: {cpu: '2'}, limits: {cpu: '1'}}\n", encoding="utf-8")
    code, report = lint_json(capsys, str(root))
    [note] = report["summary"]["notes"]
    assert "kustomization not rendered" in note and "its files are read as they are" in note
    assert code == 1 and [f["rule"] for f in report["findings"] if f["severity"] == "error"] == ["PR101"]


@pytest.mark.skipif(KUBECTL is None, reason="kubectl is not installed")
def test_a_base_of_several_failing_builds_is_read_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """kubernetes-engine-samples' tgi overlays each name ``../tgi-7b.yaml``, a
    file above them that kustomize's load restrictor refuses: every build
    fails, and the shared file was read once per build (the same finding
    three times)."""
    (tmp_path / "base.yaml").write_text(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n"
        "    resources: {requests: {cpu: '2'}, limits: {cpu: '1'}}\n",
        encoding="utf-8",
    )
    for overlay in ("a", "b", "c"):
        (tmp_path / overlay).mkdir()
        (tmp_path / overlay / "kustomization.yaml").write_text("resources:\n- ../base.yaml\n", encoding="utf-8")
    code, report = lint_json(capsys, str(tmp_path))
    assert len(report["summary"]["notes"]) == 3 and all("is not in or below" in n for n in report["summary"]["notes"])
    rules = [(f["rule"], Path(f["path"]).name) for f in report["findings"]]
    assert code == 1 and ("PR101", "base.yaml") in rules and len(rules) == len(set(rules))
    assert report["summary"]["files"] == 4 and report["summary"]["pods"] == 1


@pytest.mark.skipif(KUBECTL is None, reason="kubectl is not installed")
def test_a_base_a_working_build_holds_is_not_read_again_for_a_failed_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """SeldonIO/seldon-core (7b77f8b78e87): operator/config/serverconfigs is a base of k8s/kustomize/components,
    which builds, and of helm-components-ns, which fails: its files were also read as they are for the failed one,
    so each finding of the base came twice (once without a build, PR133 on mlserver.yaml and triton.yaml)."""
    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "kustomization.yaml").write_text("resources:\n- pod.yaml\n", encoding="utf-8")
    (tmp_path / "base" / "pod.yaml").write_text(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n"
        "    resources: {requests: {cpu: 100m, memory: 10Mi}, limits: {cpu: 100m, memory: 30Mi}}\n",
        encoding="utf-8",
    )
    for overlay, extra in (("works", ""), ("fails", "- missing.yaml\n")):
        (tmp_path / overlay).mkdir()
        (tmp_path / overlay / "kustomization.yaml").write_text(f"resources:\n- ../base\n{extra}", encoding="utf-8")
    _, report = lint_json(capsys, str(tmp_path))
    [note] = report["summary"]["notes"]
    assert note.startswith(f"{tmp_path / 'fails'}: kustomization not rendered")
    assert [(f["rule"], Path(f["path"]).name) for f in report["findings"]] == [("PR133", "pod.yaml")]  # from the build that worked only
    assert report["summary"]["pods"] == 1


def test_explain_without_rendering_skips_patches_and_templates_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "--no-render", "-o", "json", str(SPRINGBOOT), str(CHART)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["problems"] == [] and [p["workload"]["name"] for p in report["pods"]] == ["sbdemo"]
    skipped = report["summary"]["skipped"]
    assert skipped["kustomize-patch"] == 3 and skipped["template"] == 6 and report["summary"]["pods"] == 1
    assert main(["explain", "--no-render", str(SPRINGBOOT)]) == 0
    last = capsys.readouterr().out.rstrip().splitlines()[-1]
    assert last.startswith("8 files, 2 objects, 1 pod explained; skipped ") and "3 kustomize patches" in last


def _summaries(capsys: pytest.CaptureFixture[str], node: str, *args: str) -> dict[str, dict[str, Any]]:
    """Each command's JSON summary of the same PATHs (lint, explain, admit, diff)."""
    commands = {
        "lint": ["lint", "--no-config", "--format", "json"],
        "explain": ["explain", "-o", "json"],
        "admit": ["admit", "--node", node, "-o", "json"],
        "diff": ["diff", "--to-version", "1.36", "-o", "json"],
    }
    out: dict[str, dict[str, Any]] = {}
    for name, command in commands.items():
        main([*command, *args])
        text, err = capsys.readouterr()
        assert "Traceback" not in err, err
        out[name] = json.loads(text)["summary"]
    return out


COUNTS = ("files", "documents", "objects", "pods", "skipped", "notes")


@pytest.mark.skipif(KUBECTL is None, reason="needs kubectl kustomize")
def test_every_command_renders_and_counts_a_tree_as_lint_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert KUBECTL is not None
    log = tmp_path / "helm.log"
    fake_helm(tmp_path / "bin", log)
    (tmp_path / "bin" / "kubectl").symlink_to(KUBECTL)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    node = str(Path(__file__).parents[1] / "examples" / "nodes" / "dual-socket-ht.yaml")
    summaries = _summaries(capsys, node, "--helm-set", "resources.requests.cpu=2", str(SPRINGBOOT), str(CHART))
    lint = {k: summaries["lint"][k] for k in COUNTS}
    for name in ("explain", "admit", "diff"):
        assert {k: summaries[name][k] for k in COUNTS} == lint, name
    # both overlays built and the chart rendered: the overlays' two pods and the chart's one, nothing skipped as a patch or template
    assert lint["pods"] == 3 and lint["skipped"]["kustomize-patch"] == 0 and lint["skipped"]["template"] == 0 and lint["notes"] == []
    assert log.read_text().splitlines() == [f"template {CHART} --set resources.requests.cpu=2"] * 4  # once per command, same values
    main(["explain", "-o", "json", str(SPRINGBOOT), str(CHART)])
    pods = json.loads(capsys.readouterr().out)["pods"]
    deployment = str(SPRINGBOOT / "base" / "deployment.yaml")
    template = os.path.join(CHART, "templates", "deployment.yaml")
    assert sorted((p["workload"]["name"], p["source"]["path"]) for p in pods) == [
        ("production-sbdemo", deployment), ("release-name-prometheus-nginx-exporter", template), ("staging-sbdemo", deployment),
    ]  # fmt: skip


def test_without_the_tools_every_command_skips_and_notes_as_lint_does(no_tools: None, capsys: pytest.CaptureFixture[str]) -> None:
    node = str(Path(__file__).parents[1] / "examples" / "nodes" / "dual-socket-ht.yaml")
    summaries = _summaries(capsys, node, str(SPRINGBOOT), str(CHART))
    lint = {k: summaries["lint"][k] for k in COUNTS}
    for name in ("explain", "admit", "diff"):
        assert {k: summaries[name][k] for k in COUNTS} == lint, name
    assert lint["skipped"]["template"] == 6 and lint["skipped"]["kustomize-patch"] == 3 and len(lint["notes"]) == 1  # the chart's


@pytest.mark.skipif(KUBECTL is None, reason="needs kubectl kustomize")
def test_a_base_built_by_several_overlays_gives_one_finding_per_place_naming_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / ".git").mkdir()
    base = tmp_path / "base"
    base.mkdir()
    (base / "kustomization.yaml").write_text("resources: [deploy.yaml]\n")
    (base / "deploy.yaml").write_text(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  selector: {matchLabels: {app: web}}\n  template:\n"
        "    metadata: {labels: {app: web}}\n    spec:\n      containers:\n      - name: app\n        image: nginx\n"
        '        resources:\n          requests: {cpu: "2", memory: 64Mi}\n          limits: {cpu: "1"}\n'
    )
    for overlay in ("prod", "staging", "dev"):
        (tmp_path / "overlays" / overlay).mkdir(parents=True)
        (tmp_path / "overlays" / overlay / "kustomization.yaml").write_text(f"resources: [../../base]\nnamePrefix: {overlay}-\nnamespace: {overlay}\n")
    monkeypatch.chdir(tmp_path)
    code, report = lint_json(capsys, ".")
    assert code == 1
    assert [(f["rule"], f["path"], f["line"]) for f in report["findings"]] == [("PR101", "./base/deploy.yaml", 13), ("PR132", "./base/deploy.yaml", 14)]
    pr101 = report["findings"][0]
    assert [b["unit"] for b in pr101["builds"]] == [f"./overlays/{o} (kustomize build)" for o in ("dev", "prod", "staging")]
    assert [b["object"]["name"] for b in pr101["builds"]] == ["dev-web", "prod-web", "staging-web"]
    assert pr101["object"]["name"] == "dev-web"
    assert report["summary"]["errors"] == 1 and report["summary"]["warnings"] == 1 and report["summary"]["pods"] == 3
    main(["lint", "--no-config", "."])
    text = capsys.readouterr().out
    assert "(Deployment dev/dev-web, container app; in 3 builds: ./overlays/dev (kustomize build), ./overlays/prod (kustomize build), ./overlays/staging (kustomize build))" in text
    assert text.count("PR101") == 1


@pytest.mark.skipif(KUBECTL is None, reason="needs kubectl kustomize")
def test_a_finding_some_builds_of_a_base_give_names_those_builds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """As openshift-kni/numaresources-operator@d7c43906 builds config/manager/manager.yaml: config/manifests as
    written (requests, no memory limit) and config/kind-ci with noReservedResources.yaml, a strategic merge
    patch deleting the manager's resources. The BestEffort pod is kind-ci's alone, the missing memory limit
    the other build's: each finding names the build that gave it, of the two that read the file."""
    real = Path(__file__).parent / "data" / "overlay-parts" / "openshift-kni__numaresources-operator"
    (tmp_path / ".git").mkdir()
    (tmp_path / "config" / "manager").mkdir(parents=True)
    shutil.copy(real / "config__manager__manager.yaml", tmp_path / "config" / "manager" / "manager.yaml")
    (tmp_path / "config" / "manager" / "kustomization.yaml").write_text("resources: [manager.yaml]\n")
    (tmp_path / "config" / "kind-ci").mkdir()
    shutil.copy(real / "config__kind-ci__noReservedResources.yaml", tmp_path / "config" / "kind-ci" / "noReservedResources.yaml")
    (tmp_path / "config" / "kind-ci" / "kustomization.yaml").write_text("resources:\n  - ../manager\n\npatchesStrategicMerge:\n- noReservedResources.yaml\n")
    (tmp_path / "config" / "manifests").mkdir()
    (tmp_path / "config" / "manifests" / "kustomization.yaml").write_text("resources: [../manager]\n")
    monkeypatch.chdir(tmp_path)
    code, report = lint_json(capsys, "config")
    assert code == 0
    found = [(f["rule"], f["path"], f["line"], [b["unit"] for b in f["builds"]], f["buildsReading"]) for f in report["findings"]]
    assert found == [
        ("PR201", "config/manager/manager.yaml", 51, ["config/kind-ci (kustomize build)"], 2),
        ("PR132", "config/manager/manager.yaml", 101, ["config/manifests (kustomize build)"], 2),
    ]
    main(["lint", "--no-config", "config"])
    text = capsys.readouterr().out
    assert "(Deployment system/controller-manager; in 1 of 2 builds: config/kind-ci (kustomize build))" in text
    assert "(Deployment system/controller-manager, container manager; in 1 of 2 builds: config/manifests (kustomize build))" in text


@pytest.mark.skipif(KUBECTL is None, reason="kubectl is not installed")
def test_a_container_an_overlay_moves_down_is_one_finding_with_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """As in GoogleCloudPlatform/bank-of-anthos@d0af0474 (overlays/production-fwi, whose components put a
    cloud-sql-proxy container before balancereader): the built object's containers[1] is the file's
    containers[0]. It is found by its name in the file, and the builds give one finding."""
    (tmp_path / ".git").mkdir()
    base = tmp_path / "base"
    base.mkdir()
    (base / "kustomization.yaml").write_text("resources: [deploy.yaml]\n")
    (base / "deploy.yaml").write_text(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  selector: {matchLabels: {app: web}}\n  template:\n"
        "    metadata: {labels: {app: web}}\n    spec:\n      containers:\n      - name: app\n        image: nginx\n"
        "        resources:\n          requests: {cpu: 100m, memory: 64Mi}\n          limits: {cpu: 500m, memory: 64Mi}\n"
    )
    (tmp_path / "overlays" / "plain").mkdir(parents=True)
    (tmp_path / "overlays" / "plain" / "kustomization.yaml").write_text("resources: [../../base]\n")
    (tmp_path / "overlays" / "proxy").mkdir(parents=True)
    (tmp_path / "overlays" / "proxy" / "kustomization.yaml").write_text(
        "resources: [../../base]\npatches:\n- target: {kind: Deployment}\n  patch: |\n    - op: add\n      path: /spec/template/spec/containers/0\n"
        "      value: {name: proxy, image: proxy, resources: {requests: {cpu: 10m, memory: 16Mi}, limits: {memory: 16Mi}}}\n"
    )
    monkeypatch.chdir(tmp_path)
    code, report = lint_json(capsys, ".")
    assert [(f["rule"], f["path"], f["line"], f["container"]) for f in report["findings"]] == [("PR134", "./base/deploy.yaml", 14, "app")]
    [finding] = report["findings"]
    assert [b["unit"] for b in finding["builds"]] == ["./overlays/plain (kustomize build)", "./overlays/proxy (kustomize build)"]


def test_a_built_item_is_found_by_name_else_where_a_rename_left_it() -> None:
    from pod_resources_cli.source.locator import NamedItemLocator

    class Echo:  # the file's locator, reduced to the pointer it is asked
        asked: list[Any] = []

        def position(self, pointer: Any) -> tuple[int, int]:
            self.asked.append(pointer)
            return (1, 1)

    echo = Echo()
    written = {"containers": [{"name": "app", "resources": {}}]}
    inserted = {"containers": [{"name": "proxy"}, {"name": "app", "resources": {"x": 1}}]}
    renamed = {"containers": [{"name": "{{ .Values.name }}", "resources": {"x": 1}}]}
    NamedItemLocator(inserted, written, echo).position(("containers", 1, "resources", "x"))  # type: ignore[arg-type]
    NamedItemLocator(inserted, written, echo).position(("containers", 0, "resources"))  # type: ignore[arg-type]
    NamedItemLocator(renamed, written, echo).position(("containers", 0, "resources", "x"))  # type: ignore[arg-type]
    assert echo.asked == [("containers", 0, "resources", "x"), ("containers",), ("containers", 0, "resources", "x")]


def test_a_patched_field_is_in_the_last_patch_that_writes_it_else_in_the_objects_file() -> None:
    from pod_resources_cli.source.locator import DictLocator, NamedItemLocator, PatchedLocator

    built = {"containers": [{"name": "app", "resources": {"limits": {"memory": "2Gi"}, "requests": {"cpu": "1"}}}, {"name": "proxy"}]}
    base = {"containers": [{"name": "app", "resources": {"requests": {"cpu": "1"}}}]}
    first = {"containers": [{"name": "app", "resources": {"limits": {"memory": "1Gi"}}}, {"name": "proxy"}]}
    second = {"containers": [{"name": "app", "resources": {"limits": {"memory": "2Gi"}}}]}
    layers = tuple((path, 0, NamedItemLocator(built, data, DictLocator(line), renames=path != "base.yaml"))
                   for path, data, line in (("base.yaml", base, 1), ("first.yaml", first, 2), ("second.yaml", second, 3)))  # fmt: skip
    locator = PatchedLocator(built, layers)
    assert locator.place(("containers", 0, "resources", "limits", "memory"))[0] == "second.yaml"  # the value the last patch set
    assert locator.place(("containers", 0, "resources", "requests", "cpu"))[0] == "base.yaml"
    assert locator.place(("containers", 0))[0] == "base.yaml"  # the container the object's file writes
    assert locator.place(("containers", 1))[0] == "first.yaml"  # a container only a patch writes
    assert locator.place(("containers", 1, "resources"))[0] == "first.yaml"  # and what it lacks


def test_findings_of_one_build_are_never_merged_with_a_plain_files(tmp_path: Path) -> None:
    from pod_resources_cli.lint.finding import Finding, ObjectRef, Severity, merged_builds
    from pod_resources_cli.location import Location

    where = Location("base/deploy.yaml", 13, 22, 0)
    plain = Finding("PR101", "request-exceeds-limit", Severity.ERROR, "m", where, ObjectRef("Deployment", "web"))
    prod = Finding("PR101", "request-exceeds-limit", Severity.ERROR, "m", where, ObjectRef("Deployment", "prod-web"), builds=(("prod", ObjectRef("Deployment", "prod-web")),))
    dev = Finding("PR101", "request-exceeds-limit", Severity.ERROR, "m", where, ObjectRef("Deployment", "dev-web"), builds=(("dev", ObjectRef("Deployment", "dev-web")),))
    merged = list(merged_builds([plain, prod, dev]))
    assert merged[0] is plain and len(merged) == 2
    assert merged[1].builds == (("dev", ObjectRef("Deployment", "dev-web")), ("prod", ObjectRef("Deployment", "prod-web")))
    assert merged[1].object == ObjectRef("Deployment", "dev-web")
    other = Finding("PR101", "request-exceeds-limit", Severity.ERROR, "m", where, None, container="sidecar", builds=(("dev", None),))
    assert len(list(merged_builds([dev, other]))) == 2  # another container: another finding


def test_kustomize_output_of_kinds_without_pods_is_counted_not_built() -> None:
    """kustomize prints generated YAML: a CRD, ConfigMap or Role is known from
    its top-level apiVersion and kind lines and counted, never built; any
    other object (a Knative Service is no core Service) is built."""
    from pod_resources_cli.source.render import counted_only
    from pod_resources_cli.source.split import Piece

    crd = (
        b"apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  annotations:\n"
        b"    config.kubernetes.io/origin: |\n      path: ../base/crd.yaml\n    controller-gen.kubebuilder.io/version: v0.16.4\n"
        b"  name: inferenceservices.serving.kserve.io\nspec:\n  group: serving.kserve.io\n  names:\n    kind: InferenceService\n"
    )
    counted = counted_only(Piece("x (kustomize build)", crd, 1, 0, relocate=True))
    assert counted.data == b"" and counted.counted == ("apiextensions.k8s.io/v1", "CustomResourceDefinition", "inferenceservices.serving.kserve.io", "../base/crd.yaml")
    config_map = b"apiVersion: v1\ndata:\n  kind: Deployment\n  x: |\n    kind: Pod\nkind: ConfigMap\nmetadata:\n  name: cfg\n"
    assert counted_only(Piece("x", config_map, 1, 0)).counted == ("v1", "ConfigMap", "cfg", None)
    role_binding = b"apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: rb\nroleRef:\n  name: other\n"
    assert counted_only(Piece("x", role_binding, 1, 0)).counted == ("rbac.authorization.k8s.io/v1", "RoleBinding", "rb", None)
    knative = b"apiVersion: serving.knative.dev/v1\nkind: Service\nmetadata:\n  name: hello\nspec:\n  template: {}\n"
    assert counted_only(Piece("x", knative, 1, 0)).counted is None
    limit_range = b"apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: l\n"
    assert counted_only(Piece("x", limit_range, 1, 0)).counted is None  # a policy: built


@pytest.mark.skipif(KUBECTL is None, reason="needs kubectl kustomize")
def test_counting_without_building_reports_what_building_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The springboot example (a ConfigMap generator, a Service, a Deployment
    per overlay): the same report with the fast path as when every object is
    built, down to where each skipped object is."""
    import pod_resources_cli.source.render as render

    monkeypatch.chdir(SPRINGBOOT)
    _, fast = lint_json(capsys, ".")
    monkeypatch.setattr(render, "COUNTED_ONLY", frozenset())
    _, built = lint_json(capsys, ".")
    assert fast == built and fast["summary"]["skipped"]["no-pods"] == {"ConfigMap": 2, "Service": 2}


def test_a_charts_values_files_are_never_read_as_manifests(no_tools: None, capsys: pytest.CaptureFixture[str]) -> None:
    """prometheus-snmp-exporter's values.yaml starts `kind: Deployment` (the
    chart's own setting) and its ci/ values files too: helm reads them,
    nothing applies them. Without helm they were 72 PR004 and PR002 errors."""
    chart = REAL / "helm" / "prometheus-community__helm-charts" / "charts" / "prometheus-snmp-exporter"
    assert (chart / "values.yaml").read_text().splitlines()[2] == "kind: Deployment"
    code, report = lint_json(capsys, str(chart))
    assert code == 0 and report["findings"] == []
    assert report["summary"]["skipped"]["chart-file"] == 3 and report["summary"]["skipped"]["template"] == 1
    code, report = lint_json(capsys, str(chart / "values.yaml"), str(chart / "ci" / "03-daemonset-values.yaml"))  # named alone, as pre-commit does
    assert code == 0 and report["summary"]["skipped"]["chart-file"] == 2


def test_a_charts_helmignored_files_are_no_part_of_it_and_are_read_as_manifests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """open-telemetry/opentelemetry-helm-charts keeps each example's `helm template` output under the chart's
    examples/, which its .helmignore leaves out of the chart (helm's LoadDir skips an ignored directory whole): those
    are manifests, linted; without the rule they were 694 chart files and 270 pods never looked at."""
    chart = tmp_path / "charts" / "collector"
    shutil.copytree(CHART, chart)
    (chart / ".helmignore").write_text("# Patterns to ignore when building packages.\n.git/\n*.swp\nexamples/\n/ci/*-skip.yaml\n", encoding="utf-8")
    rendered = chart / "examples" / "deployment-only" / "rendered"
    rendered.mkdir(parents=True)
    (rendered / "deployment.yaml").write_text(RENDERED, encoding="utf-8")
    (rendered.parent / "values.yaml").write_text("mode: deployment\n", encoding="utf-8")
    (chart / "ci" / "01-skip.yaml").write_text("kind: Deployment\n", encoding="utf-8")  # ignored, but chart-testing values: no manifest
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    code, report = lint_json(capsys, str(tmp_path))
    assert code == 1 and {Path(f["path"]).name for f in report["findings"]} == {"deployment.yaml"}
    assert "PR101" in {f["rule"] for f in report["findings"]}  # its cpu request 2 above the limit 1
    assert report["summary"]["pods"] == 1 and report["summary"]["skipped"]["template"] == 6  # the chart's own, not rendered
    fake_helm(tmp_path / "bin", tmp_path / "helm.log")  # with helm: the render stands for the chart, not for its ignored files
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    plan = plan_inputs([str(tmp_path)], Tools(helm="helm"))
    [render] = [e for e in plan.entries if not isinstance(e, str)]
    assert str(rendered / "deployment.yaml") not in render.covers and str(chart / "values.yaml") in render.covers
    assert str(rendered / "deployment.yaml") in {os.path.abspath(f) for f in plan.files}


COMPONENT = REAL / "GoogleCloudPlatform__microservices-demo" / "kustomize" / "components" / "shopping-assistant"


@pytest.mark.skipif(KUBECTL is None, reason="needs kubectl kustomize")
def test_a_component_no_kustomization_names_is_not_built_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """kustomize builds a Component only inside a kustomization that names it
    (alone: "expected kind != 'Component'"): its resources are read as they
    are, its kustomization file counted as describing other objects."""
    log = logged_kubectl(tmp_path, monkeypatch)
    code, report = lint_json(capsys, str(COMPONENT))
    summary = report["summary"]
    assert not log.exists() and summary["notes"] == []  # never built, so no failed build to tell
    assert summary["pods"] == 1 and summary["skipped"]["describes-objects"] == {"Component": 1}
    assert {f["object"]["name"] for f in report["findings"] if f["object"]} <= {"shoppingassistantservice"}


GATEKEEPER_MANAGER = REAL / "kustomize" / "open-policy-agent__gatekeeper" / "config" / "manager"


@pytest.mark.skipif(KUBECTL is None, reason="needs kubectl kustomize")
def test_a_kustomization_that_makes_chart_templates_is_not_linted_as_manifests(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """gatekeeper's cmd/build/helmify builds config/default with
    `namespace: "{{ .Release.Namespace }}"` and Helm labels to make its chart:
    the output is templates, not objects anyone applies (PR002 and PR004 on
    its HELMSUBST_ placeholders were false). Its real config/manager, under a
    kustomization with helmify's namespace and labels: every object skipped
    as a template, the ResourceQuota no policy; the same files read alone
    (their namespace is `system`) are linted."""
    shutil.copytree(GATEKEEPER_MANAGER, tmp_path / "config" / "manager")
    helmify = tmp_path / "cmd" / "build" / "helmify"
    helmify.mkdir(parents=True)
    (helmify / "kustomization.yaml").write_text(
        'namespace: "{{ .Release.Namespace }}"\ncommonLabels:\n  release: "{{ .Release.Name }}"\nresources:\n  - "../../../config/manager"\n',
        encoding="utf-8",
    )
    code, report = lint_json(capsys, str(tmp_path / "cmd"), str(tmp_path / "config"))
    summary = report["summary"]
    assert code == 0 and report["findings"] == [] and summary["pods"] == 0
    assert summary["skipped"]["template"] == 3 and summary["skipped"]["no-pods"] == {"Namespace": 1}
    code, report = lint_json(capsys, str(tmp_path / "config"))  # the files themselves: two Deployments and their quota
    assert report["summary"]["pods"] == 2 and report["summary"]["skipped"]["template"] == 0


@pytest.mark.skipif(KUBECTL is None, reason="kubectl is not installed")
def test_built_files_are_named_as_the_argument_names_plain_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A file a build read and a file read on its own are named the same way:
    below the argument as it was written (absolute, relative, ``./``), so
    baselines, SARIF and annotations match whichever way the run was started."""
    repo = tmp_path / "repo"
    shutil.copytree(SPRINGBOOT, repo / "app")
    (repo / "plain.yaml").write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: x}]\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for argument in (str(repo), "repo", "./repo", "repo/"):
        code, report = lint_json(capsys, argument)
        paths = {f["path"] for f in report["findings"]}
        prefix = argument.rstrip("/")
        assert paths == {f"{prefix}/app/base/deployment.yaml", f"{prefix}/app/overlays/production/memorylimit_patch.yaml", f"{prefix}/plain.yaml"}, argument
        assert all(b["unit"].startswith(f"{prefix}/app/overlays/") for f in report["findings"] for b in f.get("builds", [])), argument


@pytest.mark.skipif(KUBECTL is None, reason="kubectl is not installed")
def test_a_failed_builds_generator_data_is_never_read_as_manifests(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """kubeflow/pipelines' pipeline-test-fixtures kustomization makes a
    ConfigMap of zip archives; when its build failed, the archives were read
    as manifests: 3 false PR001 errors. A generator's sources are data."""
    app = tmp_path / "app"
    app.mkdir()
    (app / "kustomization.yaml").write_text("resources: [pod.yaml, missing.yaml]\nconfigMapGenerator:\n- name: c\n  files: [data.zip, conf.yaml]\n")
    (app / "data.zip").write_bytes(b"PK\x03\x04\x00\x00binary")
    (app / "conf.yaml").write_text("a: [\n")
    (app / "pod.yaml").write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: x}]\n")
    monkeypatch.chdir(tmp_path)
    code, report = lint_json(capsys, ".")
    [note] = report["summary"]["notes"]
    assert note.startswith("./app: kustomization not rendered") and code == 0
    assert [(f["rule"], f["path"]) for f in report["findings"]] == [("PR201", "./app/pod.yaml")]  # named as "." names files


def test_one_build_making_a_place_several_objects_names_the_same_one_on_every_run() -> None:
    """kubernetes-sigs/kustomize's multibases: one kustomization builds base/pod.yaml under the dev, staging and
    prod name prefixes. The finding named one of the three at random (by a set's order, hashed by identity), so a
    baseline written from it failed to match in 3 runs of 5; and it said "in 3 builds" of one build."""
    from pod_resources_cli.lint.finding import Finding, ObjectRef, Severity, merged_builds
    from pod_resources_cli.location import Location
    from pod_resources_cli.render.lint_text import builds_text

    where = Location("base/pod.yaml", 8, 3, 0)
    pods = [ObjectRef("Pod", f"cluster-a-{p}-myapp-pod") for p in ("staging", "prod", "dev")]
    findings = [Finding("PR201", "best-effort-pod", Severity.WARNING, "m", where, pod, builds=((". (kustomize build)", pod),)) for pod in pods]
    for order in (findings, findings[::-1], findings[1:] + findings[:1]):
        [merged] = merged_builds(order)
        assert merged.object == ObjectRef("Pod", "cluster-a-dev-myapp-pod")
        assert [o.name for _, o in merged.builds if o is not None] == [f"cluster-a-{p}-myapp-pod" for p in ("dev", "prod", "staging")]
        assert builds_text(merged) == "as 3 objects of one build: . (kustomize build)"


MULTIBASES = Path(__file__).parent / "data" / "layouts" / "kubernetes-sigs__kustomize" / "examples" / "multibases"


@pytest.mark.skipif(KUBECTL is None, reason="kubectl is not installed")
def test_the_multibases_example_gives_one_finding_named_alike_whatever_the_hash_seed() -> None:
    import os
    import subprocess
    import sys

    named = set()
    for seed in ("1", "2", "3", "4"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-m", "pod_resources_cli", "lint", "--no-config", "-o", "json", str(MULTIBASES)],
                             capture_output=True, text=True, env=env, check=False).stdout  # fmt: skip
        [finding] = json.loads(out)["findings"]
        named.add((finding["rule"], finding["object"]["name"], len(finding["builds"])))
    assert named == {("PR201", "cluster-a-dev-myapp-pod", 3)}


RBAC = Path(__file__).parent / "data" / "layouts" / "onedr0p__home-ops" / "kubernetes" / "apps" / "actions-runner-system"


@pytest.mark.skipif(KUBECTL is None, reason="kubectl is not installed")
def test_a_built_object_is_found_in_its_file_by_api_group_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """onedr0p/home-ops' rbac.yaml holds a core ServiceAccount (line 2) and talos.dev's ServiceAccount of the same name
    (line 20): read back from the build, both were placed at line 2 (by kind and name alone)."""
    rbac = RBAC / "actions-runner-controller" / "runners" / "home-ops" / "rbac.yaml"
    shutil.copy(rbac, tmp_path / "rbac.yaml")
    (tmp_path / "kustomization.yaml").write_text("resources:\n- rbac.yaml\n", encoding="utf-8")
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(tmp_path)])
    skipped = json.loads(capsys.readouterr().out)["skipped"]
    assert sorted((s["line"], s["reason"], s["kind"]) for s in skipped if s["kind"] == "ServiceAccount") == [
        (2, "no-pods", "ServiceAccount"), (20, "nothing-found", "ServiceAccount")]


TSHIRT = Path(__file__).parent / "data" / "layouts" / "kubernetes-sigs__kustomize" / "functions" / "examples" / "injection-tshirt-sizes"


@pytest.mark.skipif(KUBECTL is None, reason="kubectl is not installed")
def test_a_failed_build_whose_transformer_sets_requests_claims_no_qos_class(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """kustomize's tshirt example: the transformer (a KRM function, not run without --enable-alpha-plugins) gives the
    Deployment requests; read as written, the pod is not called BestEffort, and the function's configuration is
    listed as the build's input."""
    shutil.copytree(TSHIRT, tmp_path / "tshirt")
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(tmp_path / "tshirt")])
    report = json.loads(capsys.readouterr().out)
    findings = report["findings"]
    assert [f["rule"] for f in findings] == ["PR138"]
    assert findings[0]["message"].endswith(
        f"(as written: the kustomization {tmp_path / 'tshirt' / 'local-resource'} was not built, and its transformers may change this object)")
    assert [(Path(s["path"]).name, s["reason"]) for s in report["skipped"] if s["reason"] == "kustomize-input"] == [
        ("transformer.yaml", "kustomize-input")]
    assert report["summary"]["skipped"]["kustomize-input"] == 1
    main(["explain", "-o", "json", str(tmp_path / "tshirt")])
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert pod["workload"]["asWritten"].startswith("the kustomization ")


def test_a_kustomization_not_built_marks_the_resources_its_patches_change(tmp_path: Path) -> None:
    """A remote base stops the build (nothing is fetched): the local resource its patch changes is read as written,
    and said so; a kustomization that changes nothing marks nothing."""
    app, plain = tmp_path / "app", tmp_path / "plain"
    for d in (app, plain):
        d.mkdir()
        (d / "deploy.yaml").write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: i}]}\n")
    (app / "patch.yaml").write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n")
    (app / "kustomization.yaml").write_text(
        "resources:\n- deploy.yaml\n- https://example.com/base.yaml\npatches:\n- path: patch.yaml\ntransformers:\n- |\n  kind: X\n")
    (plain / "kustomization.yaml").write_text("resources:\n- deploy.yaml\n- https://example.com/base.yaml\n")
    plan = plan_inputs([str(tmp_path)], Tools(kustomize=("kustomize", "build")))
    assert plan.unbuilt == {
        str(app / "deploy.yaml"): f"the kustomization {app} was not built, and its patches and transformers may change this object"}


def test_helmignore_rules_are_helms(tmp_path: Path) -> None:
    """helm/helm pkg/ignore/rules.go: a pattern without `/` matches the last name only (any depth), one with `/` the
    whole path from the chart, a trailing `/` directories only (an ignored directory takes its files with it); a `**`
    makes the file unreadable (helm fails: nothing ignored here)."""
    from pod_resources_cli.source.helmignore import ignored

    chart = tmp_path / "c"
    chart.mkdir()
    (chart / ".helmignore").write_text("# comment\nexamples/\n*.bak\n/docs/*.yaml\nrendered\n", encoding="utf-8")
    cases = {
        "examples/a/rendered/deployment.yaml": True, "sub/examples/x.yaml": True, "examples.yaml": False,
        "templates/x.yaml.bak": True, "docs/a.yaml": True, "docs/more/a.yaml": False, "out/rendered/d.yaml": True,
        "templates/deployment.yaml": False,
    }  # fmt: skip
    assert {rel: ignored(str(chart), str(chart / rel)) for rel in cases} == cases
    other = tmp_path / "d"
    other.mkdir()
    (other / ".helmignore").write_text("examples/\nsrc/**/x\n", encoding="utf-8")
    assert not ignored(str(other), str(other / "examples" / "a.yaml"))


@given(st.lists(st.lists(st.sampled_from(["a", "b", ".", "..", "", "x.yaml", "ü"]), min_size=1, max_size=5), max_size=8), st.booleans())
def test_a_plans_absolute_paths_are_os_paths(parts: list[list[str]], rooted: bool) -> None:
    """layout._absolute normalises each directory once for its files: the same as normpath(join(cwd, f)) for every spelling."""
    from pod_resources_cli.source.layout import _absolute

    files = [("/" if rooted else "") + "/".join(p) for p in parts]
    files = [f for f in files if f]
    got = _absolute(files)
    assert got == {f: os.path.normpath(os.path.join(os.getcwd(), f)) for f in files if f != "-"}


def test_the_bases_prepared_for_a_failed_aggregating_build_are_bounded(tmp_path: Path) -> None:
    """Kustomizations that only gather their bases get, for a failed build, each base built on its own; a chain of
    1,500 of them (k0 -> k1 -> ... -> the pod) planned a build_files of the rest of the chain at every level and
    overflowed the stack (an internal error after 41 s; on main before the fallback: 1.3 s). Now at most four levels
    down and 256 bases a plan, each prepared once."""
    from pod_resources_cli.source import layout

    n = 1500
    for i in range(n):
        (tmp_path / f"k{i}").mkdir()
        (tmp_path / f"k{i}" / "kustomization.yaml").write_text(f"resources:\n- {f'../k{i + 1}' if i + 1 < n else 'pod.yaml'}\n")
    (tmp_path / f"k{n - 1}" / "pod.yaml").write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: i}]}\n")
    plan = plan_inputs([str(tmp_path)], Tools(kustomize=("kustomize", "build")))
    [top] = [e for e in plan.entries if isinstance(e, layout.Render)]
    depth, render = 0, top
    while render.bases:
        [render] = render.bases
        depth += 1
    assert (top.root, depth) == (str(tmp_path / "k0"), layout._MAX_BASE_LEVELS)
