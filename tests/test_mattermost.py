"""The Mattermost operator's Mattermost (kinds_mattermost.py), on mattermost/mattermost-operator 07a736bbb8d6's own
samples and examples: the app pods sized by spec.size or the 5000users defaults, the init containers the database
and file store choose, the job server, and an object SetDefaults refuses."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from tests.lint_support import lint_report

MM = Path(__file__).parent / "data" / "real" / "mattermost__mattermost-operator"
DEFAULT_REQ = {"cpu": "500m", "memory": "500Mi"}
DEFAULT_LIM = {"cpu": "4", "memory": "8Gi"}
MYSQL_MINIO = [("init-check-operator-mysql", "init", {}, {}), ("create-minio-bucket", "init", {}, {}), ("init-check-minio", "init", {}, {})]


def explain(capsys: pytest.CaptureFixture[str], path: Path) -> list[tuple[Any, ...]]:
    main(["explain", "-o", "json", str(path)])
    return [
        (p["workload"]["name"], p["workload"]["template"], p["workload"]["replicas"], p["qosClass"], p["workload"]["asWritten"] is not None,
         [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]])
        for p in json.loads(capsys.readouterr().out)["pods"]
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # ingressName only: 2 pods with the 5000users defaults; operator-managed MySQL and MinIO add their init checks
        ("config__samples__installation.mattermost.com_v1beta1_mattermost.yaml",
         [("example-mattermost", "app", 2, "Burstable", False, [*MYSQL_MINIO, ("mattermost", "regular", DEFAULT_REQ, DEFAULT_LIM)])]),
        # size 5000users, external database and S3 store: no operator init container known; the database Secret decides
        # init-check-database (external readiness mode): as written
        ("docs__examples__mattermost_full.yaml",
         [("mm-example-full", "app", 2, "Burstable", True, [("mattermost", "regular", DEFAULT_REQ, DEFAULT_LIM)])]),
        ("docs__examples__mattermost_mysql_minio_operators_small.yaml",
         [("mm-example-operators", "app", 2, "Burstable", False, [*MYSQL_MINIO, ("mattermost", "regular", DEFAULT_REQ, DEFAULT_LIM)])]),
    ],
)  # fmt: skip
def test_a_mattermost_is_its_app_pods(capsys: pytest.CaptureFixture[str], name: str, expected: list[Any]) -> None:
    assert explain(capsys, MM / name) == expected


def test_the_samples_findings_are_the_operators_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    """5000users' limits are 8x and 16.38x its requests: the ratio warnings, on the object; no BestEffort claim."""
    report = lint_report(capsys, str(MM / "config__samples__installation.mattermost.com_v1beta1_mattermost.yaml"))
    assert sorted((f["rule"], f["container"]) for f in report["findings"]) == [
        ("PR133", "mattermost"), ("PR134", "mattermost"), ("PR134", "mattermost")]  # fmt: skip
    assert report["summary"]["skipped"]["nothing-found"] == {}


def _write(tmp_path: Path, spec: str) -> Path:
    path = tmp_path / "mm.yaml"
    path.write_text("apiVersion: installation.mattermost.com/v1beta1\nkind: Mattermost\nmetadata: {name: mm}\nspec:\n" + spec, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        # a known size overrides written replicas and resources (overrideReplicasAndResourcesFromSize)
        ("  ingressName: a.b\n  size: 100users\n  replicas: 5\n  scheduling: {resources: {requests: {cpu: '3'}}}\n",
         [("app", 1, {"cpu": "100m", "memory": "256Mi"}, {"cpu": "2", "memory": "4Gi"})]),
        ("  ingressName: a.b\n  size: 25000users\n", [("app", 2, {"cpu": "1", "memory": "4Gi"}, {"cpu": "4", "memory": "16Gi"})]),
        # an unknown size is the defaults ("using default"): written replicas and resources kept
        ("  ingressName: a.b\n  size: 7users\n  replicas: 3\n  scheduling: {resources: {requests: {cpu: 250m}}}\n",
         [("app", 3, {"cpu": "250m"}, {})]),
        # no size: replicas 0 is written (a pointer), empty resources take 5000users'
        ("  ingressName: a.b\n  replicas: 0\n  scheduling: {resources: {}}\n", [("app", 0, DEFAULT_REQ, DEFAULT_LIM)]),
        # SetDefaults refuses an enabled Ingress without a host, and an AWS load balancer without hosts: no pods
        ("  ingress: {enabled: true}\n", [("app", 0, DEFAULT_REQ, DEFAULT_LIM)]),
        ("  awsLoadBalancerController: {enabled: true}\n  ingressName: a.b\n", [("app", 0, DEFAULT_REQ, DEFAULT_LIM)]),
        ("  replicas: 4\n", [("app", 0, DEFAULT_REQ, DEFAULT_LIM)]),
        # the Ingress disabled: no host needed
        ("  ingress: {enabled: false}\n  replicas: 4\n", [("app", 4, DEFAULT_REQ, DEFAULT_LIM)]),
        # a dedicated job server: one more pod, mattermost-jobserver with the same resources
        ("  ingressName: a.b\n  size: miniHA\n  jobServer: {dedicatedJobServer: true}\n",
         [("app", 2, {"cpu": "10m", "memory": "150Mi"}, {"cpu": "2", "memory": "4Gi"}),
          ("jobserver", 1, {"cpu": "10m", "memory": "150Mi"}, {"cpu": "2", "memory": "4Gi"})]),
    ],
)  # fmt: skip
def test_the_size_table_and_defaults(tmp_path: Path, capsys: pytest.CaptureFixture[str], spec: str, expected: list[Any]) -> None:
    got = explain(capsys, _write(tmp_path, spec))
    main_name = {"app": "mattermost", "jobserver": "mattermost-jobserver"}
    assert [(t, n, next(c[2] for c in cs if c[0] == main_name[t]), next(c[3] for c in cs if c[0] == main_name[t])) for _, t, n, _, _, cs in got] == expected


def test_init_containers_follow_the_database_and_file_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """disableReadinessCheck drops the MySQL check; a local file store drops MinIO's; an external database in the
    builtin readiness mode gets init-check-database; podExtensions add init containers and sidecars (the job server
    takes the init containers, not the sidecars)."""
    spec = (
        "  ingressName: a.b\n  database: {disableReadinessCheck: true}\n  fileStore: {local: {enabled: true}}\n"
        "  scheduling: {resources: {requests: {cpu: '1', memory: 1Gi}, limits: {cpu: '1', memory: 1Gi}}}\n"
    )
    assert [(t, q, [c[0] for c in cs]) for _, t, _, q, _, cs in explain(capsys, _write(tmp_path, spec))] == [("app", "Guaranteed", ["mattermost"])]
    spec = (
        "  ingressName: a.b\n  database: {external: {secret: db}, readinessCheck: {mode: builtin}}\n"
        "  jobServer: {dedicatedJobServer: true}\n"
        "  podExtensions:\n    initContainers: [{name: extra-init, image: x}]\n"
        "    sidecarContainers: [{name: side, image: y, resources: {requests: {cpu: 50m}}}]\n"
    )
    got = [(t, [(c[0], c[1]) for c in cs]) for _, t, _, _, _, cs in explain(capsys, _write(tmp_path, spec))]
    inits = [("init-check-database", "init"), ("create-minio-bucket", "init"), ("init-check-minio", "init"), ("extra-init", "init")]
    assert [(t, sorted(cs)) for t, cs in got] == [
        ("app", sorted([*inits, ("mattermost", "regular"), ("side", "regular")])),
        ("jobserver", sorted([*inits, ("mattermost-jobserver", "regular")])),
    ]


def test_a_cluster_installation_is_its_app_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """The legacy ClusterInstallation: size 5000users, the operator's MySQL and MinIO (no database.secret, no
    minio.externalURL): 2 pods of mattermost after the three init checks (pkg/mattermost/mattermost.go)."""
    assert explain(capsys, MM / "docs__examples__full.yaml") == [
        ("mm-example-full", "app", 2, "Burstable", False, [*MYSQL_MINIO, ("mattermost", "regular", DEFAULT_REQ, DEFAULT_LIM)])]


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        # spec.replicas 0 is the default's 2, spec.resources written are kept; database.secret: as written
        ("  ingressName: a.b\n  replicas: 0\n  resources: {requests: {cpu: 1}}\n  database: {secret: s}\n  minio: {externalURL: m}\n",
         [("app", 2, True, [("mattermost", {"cpu": "1"})])]),
        # blue and green instead of the one Deployment, and a canary: each of the replicas
        (("  ingressName: a.b\n  replicas: 3\n  blueGreen:\n    enable: true\n    productionDeployment: Blue\n"
         "    blue: {image: i, version: '1'}\n    green: {image: i, version: '2'}\n"
         "  canary: {enable: true, deployment: {image: i, version: '3'}}\n  minio: {externalURL: m}\n"),
         [(t, 3, False, [("init-check-operator-mysql", {}), ("mattermost", DEFAULT_REQ)]) for t in ("blue", "green", "canary")]),
        # SetDefaults refuses: no ingressName; a green without an image
        ("  replicas: 3\n", [("app", 0, False, [])]),
        (("  ingressName: a.b\n  blueGreen: {enable: true, productionDeployment: blue, blue: {image: i, version: '1'}, "
         "green: {version: '2'}}\n"), [("blue", 0, False, []), ("green", 0, False, [])]),
    ],
)  # fmt: skip
def test_cluster_installation_deployments(tmp_path: Path, capsys: pytest.CaptureFixture[str], spec: str, expected: list[Any]) -> None:
    path = tmp_path / "ci.yaml"
    path.write_text("apiVersion: mattermost.com/v1alpha1\nkind: ClusterInstallation\nmetadata: {name: ci}\nspec:\n" + spec, encoding="utf-8")
    got = explain(capsys, path)
    assert [(t, n, w, [(c[0], c[2]) for c in cs] if n else []) for _, t, n, _, w, cs in got] == expected


def test_a_restore_carries_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    report = lint_report(capsys, str(MM / "config__samples__mattermost.com_v1alpha1_mattermostrestoredb.yaml"))
    assert report["findings"] == []
    assert report["summary"]["skipped"]["no-pods"] == {"MattermostRestoreDB": 1}
