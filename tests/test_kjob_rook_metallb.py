"""kjob's templates (kubernetes-sigs/kjob @f0b8e833491b), Rook's CephFilesystem
(rook/rook d0c3b9ce6d64 pkg/operator/ceph/file/mds) and the configuration kinds
of MetalLB and Rook that make no pod, on the real files of kjob and NVIDIA/deepops."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

from pod_resources_cli.cli import main
from pod_resources_cli.model.items import WorkloadItem
from pod_resources_cli.run.pipeline import iter_items

REAL = Path(__file__).parent / "data" / "real"
KJOB = REAL / "kubernetes-sigs__kjob"
DEEPOPS = REAL / "NVIDIA__deepops"


def _pods(path: Path) -> list[tuple[str, str | None, int | None, list[tuple[str, str, dict[str, str], dict[str, str]]], bool]]:
    return [(ref.kind, ref.template, ref.replicas, [(c.name, c.type.value, {k: v.canonical() for k, v in c.resources.req.items()},
                                                    {k: v.canonical() for k, v in c.resources.lim.items()}) for c in i.workload.pod.all_containers()],
             ref.as_written is not None)
            for i in iter_items([str(path)]) if isinstance(i, WorkloadItem) for ref in (i.workload.ref,)]  # fmt: skip


def _lint(path: Path) -> dict[str, Any]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["lint", "--no-config", "-o", "json", str(path)])
    report: dict[str, Any] = json.loads(out.getvalue())
    return report


def test_a_kjob_job_template_is_its_jobs_pods_as_written() -> None:
    """JobTemplate template.spec.template, parallelism 3; the CLI may set requests (--request): as written."""
    assert _pods(KJOB / "config__samples__job-sample.yaml") == [
        ("JobTemplate", None, 3, [("sample-container", "regular", {"cpu": "1", "memory": "200Mi"}, {})], True)]
    assert _pods(KJOB / "config__samples__slurm__slurm-sample.yaml") == [
        ("JobTemplate", None, 3, [("sample-container", "regular", {}, {})], True)]


def test_a_kjob_ray_job_template_is_read_as_kuberays_rayjob() -> None:
    """RayJobTemplate template.spec is a RayJobSpec: head, the small-group worker with KubeRay's wait-gcs-ready
    init container (200m/256Mi), and the default submitter pod (500m/200Mi, limits 1/1Gi); all as written."""
    pods = _pods(KJOB / "config__samples__ray-job-sample.yaml")
    assert [(kind, n, [c[0] for c in cs], aw) for kind, _, n, cs, aw in pods] == [
        ("RayJobTemplate", 1, ["ray-head"], True),
        ("RayJobTemplate", 1, ["wait-gcs-ready", "ray-worker"], True),
        ("RayJobTemplate", 1, ["ray-job-submitter"], True),
    ]
    assert pods[0][3] == [("ray-head", "regular", {"cpu": "200m"}, {"cpu": "1"})]
    assert pods[1][3][0] == ("wait-gcs-ready", "init", {"cpu": "200m", "memory": "256Mi"}, {"cpu": "200m", "memory": "256Mi"})
    assert pods[2][3] == [("ray-job-submitter", "regular", {"cpu": "500m", "memory": "200Mi"}, {"cpu": "1", "memory": "1Gi"})]


def test_kjob_profiles_and_volume_bundles_make_no_pod() -> None:
    report = _lint(KJOB)
    skipped = report["summary"]["skipped"]
    assert skipped["no-pods"] == {"ApplicationProfile": 3, "ConfigMap": 2, "VolumeBundle": 2}
    assert skipped["nothing-found"] == {}
    assert all("kjob template" in f["message"] for f in report["findings"])
    assert report["summary"]["errors"] == 0


def test_a_ceph_filesystem_runs_its_metadata_servers() -> None:
    """activeCount 1 with activeStandby: 2 mds pods, chown-container-data-dir and mds with
    spec.metadataServer.resources (none written); as written (the CephCluster's log collector)."""
    pods = _pods(DEEPOPS / "workloads__services__k8s__rook-cluster.yml")
    assert [p for p in pods if p[0] == "CephFilesystem"] == [
        ("CephFilesystem", "mds", 2, [("chown-container-data-dir", "init", {}, {}), ("mds", "regular", {}, {})], True)]
    report = _lint(DEEPOPS / "workloads__services__k8s__rook-cluster.yml")
    assert report["summary"]["skipped"]["nothing-found"] == {}
    assert report["summary"]["skipped"]["no-pods"] == {"CephBlockPool": 1, "Service": 1, "StorageClass": 1}
    mds = [f for f in report["findings"] if f["object"]["kind"] == "CephFilesystem"]
    assert [f["rule"] for f in mds] == ["PR138"]
    assert "PR201" not in {f["rule"] for f in mds}  # as written: no BestEffort claimed as fact


def test_metallb_configuration_makes_no_pod() -> None:
    report = _lint(DEEPOPS / "config.example__helm__metallb-resources.yml")
    assert report["summary"]["skipped"]["no-pods"] == {"IPAddressPool": 1, "L2Advertisement": 1}
    assert report["findings"] == []
