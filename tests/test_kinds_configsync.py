"""Config Sync's RootSync and RepoSync (model/decode/kinds_configsync.py) on the Anthos Config Management samples and
Config Sync's own e2e data (tests/data/real, provenance in SOURCES.tsv): the reconciler-manager's reconciler pod
(GoogleContainerTools/kpt-config-sync @bd5fadf7ec19 pkg/reconcilermanager/controllers/reposync_controller.go and
rootsync_controller.go mutationsFor, reconciler_container_resources.go)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from tests.lint_support import lint_report
from tests.test_operator_kinds import REAL, pods

ACM = "GoogleCloudPlatform__anthos-config-management-samples/"
RECONCILER = ("reconciler", {"cpu": "50m", "memory": "200Mi"}, {})
GIT_SYNC = ("git-sync", {"cpu": "10m", "memory": "16Mi"}, {})
OTEL = ("otel-agent", {"cpu": "10m", "memory": "100Mi"}, {"cpu": "1", "memory": "1Gi"})
GIT_POD = [RECONCILER, GIT_SYNC, OTEL]


@pytest.mark.parametrize(
    "name",
    [
        # v1alpha1, git (sourceType unset: the CRD's default), auth none: no askpass sidecar, no hydration-controller
        f"{ACM}config-sync-quickstart__multirepo__root__reposync-gamestore.yaml",
        # v1beta1 with override.enableShellInRendering only: the defaults (the annotation, not this, adds hydration)
        f"{ACM}asm-acm-tutorial__root-sync__init__online-boutique-repo-sync__reposync.yaml",
        # a RootSync over git with ssh auth
        "GoogleContainerTools__kpt-config-sync/e2e__testdata__proxy__proxy-enabled.yaml",
    ],
)
def test_a_sync_object_is_one_reconciler_pod_with_config_syncs_defaults(name: str) -> None:
    kind = "RootSync" if "proxy" in name else "RepoSync"
    assert pods(name) == [(kind, None, 1, GIT_POD, False)]  # the one pod of its kind: no template label


def test_a_repo_syncs_reconciler_lints_as_config_sync_makes_it(capsys: pytest.CaptureFixture[str]) -> None:
    """The defaults set no memory limit on reconciler and git-sync (PR132) and limits otel-agent at 100x and 10.24x its
    requests (PR134, PR133); the NamespaceSelector and RoleBinding beside the RepoSync carry no pod."""
    report = lint_report(capsys, str(REAL / f"{ACM}fleet-tenancy__config__backend-bookstore-reposync.yaml"))
    got = sorted((f["rule"], f["message"].split("'")[1]) for f in report["findings"])
    assert got == [("PR132", "git-sync"), ("PR132", "reconciler"), ("PR133", "otel-agent"), ("PR134", "otel-agent"), ("PR134", "otel-agent")]
    assert report["summary"]["pods"] == 1


def _explain(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> list[tuple[str, list[tuple[str, Any, Any]]]]:
    path = tmp_path / "sync.yaml"
    path.write_text(text, encoding="utf-8")
    main(["explain", "-o", "json", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return [(p["qosClass"], [(c["name"], c["requests"], c["limits"]) for c in p["containers"]]) for p in json.loads(out)["pods"]]


HEAD = "apiVersion: configsync.gke.io/v1beta1\nkind: {kind}\nmetadata:\n  name: s\n  namespace: config-management-system\n"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # no spec at all: git by default, the reconciler pod still made
        (HEAD.format(kind="RootSync"), ("Burstable", GIT_POD)),
        # oci: oci-sync (25m/32Mi) instead of git-sync
        (HEAD.format(kind="RepoSync") + "spec:\n  sourceType: oci\n  oci: {image: x, auth: none}\n",
         ("Burstable", [RECONCILER, ("oci-sync", {"cpu": "25m", "memory": "32Mi"}, {}), OTEL])),
        # helm: helm-sync (75m/128Mi)
        (HEAD.format(kind="RepoSync") + "spec:\n  sourceType: helm\n  helm: {repo: x, chart: y, auth: none}\n",
         ("Burstable", [RECONCILER, ("helm-sync", {"cpu": "75m", "memory": "128Mi"}, {}), OTEL])),
        # git with gcenode auth: the askpass sidecar (10m/20Mi) after git-sync (the template's order)
        (HEAD.format(kind="RootSync") + "spec:\n  git: {repo: x, auth: gcenode}\n",
         ("Burstable", [RECONCILER, GIT_SYNC, ("gcenode-askpass-sidecar", {"cpu": "10m", "memory": "20Mi"}, {}), OTEL])),
        # gcpserviceaccount over oci: no askpass (EnableAskpassSidecar wants git)
        (HEAD.format(kind="RootSync") + "spec:\n  sourceType: oci\n  oci: {image: x, auth: gcpserviceaccount}\n",
         ("Burstable", [RECONCILER, ("oci-sync", {"cpu": "25m", "memory": "32Mi"}, {}), OTEL])),
    ],
)  # fmt: skip
def test_the_reconcilers_containers_follow_the_source_type_and_auth(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, expected: tuple[str, list[tuple[str, Any, Any]]]
) -> None:
    assert _explain(tmp_path, capsys, text) == [expected]


@pytest.mark.parametrize(
    ("annotation", "hydration"),
    [("True", True), ("1", True), ("false", False), ("yes", False)],  # strconv.ParseBool: "yes" is an error, so false
)
def test_the_hydration_controller_follows_the_requires_rendering_annotation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], annotation: str, hydration: bool
) -> None:
    text = HEAD.format(kind="RootSync").replace("  name: s\n", f"  name: s\n  annotations: {{configsync.gke.io/requires-rendering: '{annotation}'}}\n")
    [(_, containers)] = _explain(tmp_path, capsys, text + "spec: {git: {repo: x, auth: none}}\n")
    expected = [("hydration-controller", {"cpu": "10m", "memory": "100Mi"}, {})] if hydration else []
    assert containers == [*expected, *GIT_POD]


def test_override_resources_set_each_value_over_the_defaults(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """setContainerResourceDefaults: each value the override writes (non-zero) wins, the others are the defaults; the last
    item of a name wins; an item for a container the pod does not have changes nothing."""
    text = HEAD.format(kind="RepoSync") + (
        "spec:\n  git: {repo: x, auth: none}\n  override:\n    resources:\n"
        "    - {containerName: reconciler, cpuRequest: 1, memoryLimit: 2Gi}\n"
        "    - {containerName: reconciler, cpuLimit: '2', memoryRequest: '0'}\n"
        "    - {containerName: git-sync, cpuRequest: 100m, cpuLimit: 100m, memoryRequest: 64Mi, memoryLimit: 64Mi}\n"
        "    - {containerName: helm-sync, cpuRequest: '4'}\n"
    )
    assert _explain(tmp_path, capsys, text) == [("Burstable", [
        ("reconciler", {"cpu": "50m", "memory": "200Mi"}, {"cpu": "2"}),
        ("git-sync", {"cpu": "100m", "memory": "64Mi"}, {"cpu": "100m", "memory": "64Mi"}),
        OTEL,
    ])]  # fmt: skip


def test_a_bad_override_quantity_is_a_finding_not_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "sync.yaml"
    path.write_text(
        HEAD.format(kind="RootSync") + "spec:\n  override:\n    resources:\n    - {containerName: reconciler, cpuRequest: lots}\n    - 7\n",
        encoding="utf-8",
    )
    report = lint_report(capsys, str(path))
    assert "PR002" in {f["rule"] for f in report["findings"]}
    assert any("lots" in f["message"] for f in report["findings"])


def test_the_reconciler_runs_in_config_management_system_not_the_repo_syncs_namespace(capsys: pytest.CaptureFixture[str]) -> None:
    """The gamestore RepoSync's reconciler Deployment is made in config-management-system (pkg/core/names.go,
    reconciler-manager-configmap.yaml): the samples' ResourceQuota of namespace gamestore (200Mi of memory, 1 pod) does
    not count its 316Mi (was a false PR162)."""
    report = lint_report(
        capsys, str(REAL / f"{ACM}config-sync-quickstart__multirepo__root__reposync-gamestore.yaml"),
        str(REAL / f"{ACM}namespace-inheritance__compiled__gamestore__resourcequota_quota.yaml"),
    )  # fmt: skip
    assert "PR162" not in {f["rule"] for f in report["findings"]}
    assert report["summary"]["pods"] == 1


def test_a_quota_of_config_management_system_counts_the_reconcilers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "sync.yaml").write_text(
        HEAD.format(kind="RepoSync").replace("config-management-system", "gamestore") + "spec: {git: {repo: x, auth: none}}\n---\n"
        "apiVersion: v1\nkind: ResourceQuota\nmetadata: {name: q, namespace: config-management-system}\nspec: {hard: {memory: 200Mi}}\n",
        encoding="utf-8",
    )
    report = lint_report(capsys, str(tmp_path / "sync.yaml"))
    [quota] = [f for f in report["findings"] if f["rule"] == "PR162"]
    assert "316Mi" in quota["message"] and "200Mi" in quota["message"]


def test_config_syncs_configuration_kinds_carry_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """The samples' Repo, NamespaceSelectors, ClusterSelector, clusterregistry Cluster and GKE MultiClusterIngress and
    MultiClusterService are objects without pods (were custom objects with no pod found); the ConfigManagement
    operator's object (it installs Config Sync, not open source) is counted as not modelled."""
    names = [
        "hierarchical-format__config__system__repo.yaml", "foo-corp__namespaces__sre-supported-selector.yaml",
        "locality-specific-policy__config-root__clusterregistry__cluster.belgium.yaml",
        "locality-specific-policy__config-root__clusterregistry__clusterselector.select-env-prod.yaml",
        "multi-cluster-ingress__repos__zoneprinter__configsync-src__clusters__cluster-west__namespaces__zoneprinter__mci.yaml",
        "hello-namespace__setup__hello-namespace__config-management.yaml",
    ]  # fmt: skip
    report = lint_report(capsys, *(str(REAL / f"{ACM}{n}") for n in names))
    skipped = report["summary"]["skipped"]
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    assert skipped["no-pods"] == {
        "Cluster": 1, "ClusterSelector": 1, "MultiClusterIngress": 1, "MultiClusterService": 1, "NamespaceSelector": 1, "Repo": 1,
    }  # fmt: skip
    assert skipped["not-searched"] == {"ConfigManagement": 1} and skipped["nothing-found"] == {}


def test_explain_says_where_the_reconciler_runs(capsys: pytest.CaptureFixture[str]) -> None:
    main(["explain", "-o", "json", str(REAL / f"{ACM}config-sync-quickstart__multirepo__root__reposync-gamestore.yaml")])
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert (pod["workload"]["kind"], pod["workload"]["namespace"]) == ("RepoSync", "gamestore")
    assert "the operator makes the pods in namespace config-management-system, whose policies apply to them" in pod["workload"]["operator"]
