"""Kinds met linting intel/intel-technology-enabling-for-openshift and nephio-project/nephio-example-packages:
Kernel Module Management's Module and OpenShift's NodeFeatureDiscovery make pods (kinds_kmm.py,
kinds_nfd_openshift.py); Nephio's, Porch's and kpt's records and OpenShift's ImageStream carry none (no_pods.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pod_resources_cli.model.pod import Container
from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real"
INTEL = REAL / "intel__intel-technology-enabling-for-openshift"
NEPHIO = REAL / "nephio-project__nephio-example-packages"
Resources = dict[str, str]
Row = tuple[str, str, str | None, int | None, list[tuple[str, Resources, Resources]], list[tuple[str, Resources, Resources]], str | None]


def res(containers: tuple[Container, ...]) -> list[tuple[str, Resources, Resources]]:
    return [(c.name, {k: v.canonical() for k, v in c.resources.req.items()}, {k: v.canonical() for k, v in c.resources.lim.items()})
            for c in containers]  # fmt: skip


def pods(path: Path) -> list[Row]:
    out: list[Row] = []
    for item in iter_items([str(path)]):
        if isinstance(item, WorkloadItem):
            ref, pod = item.workload.ref, item.workload.pod
            out.append((ref.kind, ref.name, ref.template, ref.replicas, res(pod.init_containers), res(pod.containers), pod.priority_class_name))
    return out


WORKER = ({"cpu": "500m", "memory": "64Mi"}, {"cpu": "1", "memory": "128Mi"})


@pytest.mark.parametrize("name", ["kmmo__intel-dgpu.yaml", "kmmo__intel-dgpu-on-premise-build.yaml"])
def test_a_kmm_module_loader_makes_one_worker_pod_a_node(name: str) -> None:
    [row] = pods(INTEL / name)
    kind, _, template, replicas, init, regular, priority = row
    assert (kind, template, replicas, priority) == ("Module", "worker", None, None)
    assert init == [("image-extractor", *WORKER)] and regular == [("worker", *WORKER)]


def test_the_on_premise_build_file_s_imagestream_carries_no_pod() -> None:
    skipped = [(i.reason, i.kind) for i in iter_items([str(INTEL / "kmmo__intel-dgpu-on-premise-build.yaml")]) if isinstance(i, SkippedItem)]
    assert skipped == [("no-pods", "ImageStream")]


def test_a_kmm_device_plugin_is_a_daemonset_with_the_written_resources(tmp_path: Path) -> None:
    # the real Module with the devicePlugin fields kernel-module-management's documentation (deploy_kmod) describes
    text = (INTEL / "kmmo__intel-dgpu.yaml").read_text()
    text += ("  devicePlugin:\n    container:\n      image: example.com/plugin:1\n      resources:\n"
             "        requests: {cpu: 10m, memory: 20Mi}\n        limits: {memory: 40Mi}\n")  # fmt: skip
    (tmp_path / "m.yaml").write_text(text)
    rows = pods(tmp_path / "m.yaml")
    assert [r[2] for r in rows] == ["worker", "device-plugin"]
    _, _, _, _, init, regular, priority = rows[1]
    assert init == [] and priority == "system-node-critical"
    assert regular == [("device-plugin", {"cpu": "10m", "memory": "20Mi"}, {"memory": "40Mi"})]
    (tmp_path / "m.yaml").write_text(text + "    initContainer:\n      image: example.com/init:1\n")
    assert pods(tmp_path / "m.yaml")[1][4] == [("device-plugin-init", {}, {})]


def test_an_openshift_node_feature_discovery_makes_master_worker_and_gc() -> None:
    rows = pods(INTEL / "nfd__node-feature-discovery-openshift.yaml")
    assert [(r[0], r[1], r[2], r[3], r[5]) for r in rows] == [
        ("NodeFeatureDiscovery", "nfd-instance", "nfd-master", 1, [("nfd-master", {"cpu": "100m", "memory": "128Mi"}, {"cpu": "300m", "memory": "4Gi"})]),
        ("NodeFeatureDiscovery", "nfd-instance", "nfd-worker", None, [("nfd-worker", {"cpu": "5m", "memory": "64Mi"}, {"cpu": "200m", "memory": "512Mi"})]),
        ("NodeFeatureDiscovery", "nfd-instance", "nfd-gc", 1, [("nfd-gc", {}, {})]),
    ]


def test_lint_of_the_operator_made_pods(capsys: pytest.CaptureFixture[str]) -> None:
    report = lint_report(capsys, str(INTEL / "nfd__node-feature-discovery-openshift.yaml"), str(INTEL / "kmmo__intel-dgpu.yaml"))
    found = sorted((f["rule"], f["object"]["kind"], f["message"].split(" (")[0][:40]) for f in report["findings"])
    assert [(r, k) for r, k, _ in found] == [
        ("PR133", "Module"), ("PR133", "NodeFeatureDiscovery"), ("PR133", "NodeFeatureDiscovery"),
        ("PR134", "NodeFeatureDiscovery"), ("PR134", "NodeFeatureDiscovery"), ("PR134", "NodeFeatureDiscovery"),
        ("PR201", "NodeFeatureDiscovery"),
    ]  # fmt: skip
    assert report["summary"]["pods"] == 4 and report["summary"]["errors"] == 0


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("nephio-workload-cluster__workload-cluster.yaml", "WorkloadCluster"),
        ("nephio-workload-cluster__pv-repo.yaml", "PackageVariant"),
        ("nephio-workload-cluster__apply-replacements.yaml", "ApplyReplacements"),
        ("repository__token-porch.yaml", "Token"),
        ("ueransim__ipclaim_amf-regional-n2-ipv4.yaml", "IPClaim"),
        ("vlanindex__vlanindex.yaml", "VLANIndex"),
        ("ueransim__interface-n2.yaml", "Interface"),
    ],
)
def test_nephio_porch_and_kpt_records_carry_no_pods(name: str, kind: str) -> None:
    assert [(i.reason, i.kind) for i in iter_items([str(NEPHIO / name)]) if isinstance(i, SkippedItem)] == [("no-pods", kind)]
