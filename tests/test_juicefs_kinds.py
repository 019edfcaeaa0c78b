"""The JuiceFS CSI driver's mount pods (model/decode/kinds_juicefs.py): a
StorageClass of provisioner csi.juicefs.com, or a PersistentVolume of that
CSI driver, stands for the mount pod the node plugin makes where its volume is
used, with the resources of juicedata/juicefs-csi-driver @5e5a4b3b9b82
pkg/config/setting.go ParsePodResources over getDefaultResource; other
StorageClasses and PersistentVolumes carry no pods."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real"
COS = "juicedata__juicefs-csi-driver/tests__validation__tencentcloud-cos__k8s.yaml"
DEFAULTS = ("jfs-mount", {"cpu": "1", "memory": "1Gi"}, {"cpu": "5", "memory": "5Gi"})


def _pods(path: Path) -> list[tuple[str, str, str | None, list[tuple[str, dict[str, str], dict[str, str]]], bool]]:
    out = []
    for item in iter_items([str(path)]):
        if isinstance(item, WorkloadItem):
            ref, pod = item.workload.ref, item.workload.pod
            containers = [
                (c.name, {k: v.canonical() for k, v in c.resources.req.items()}, {k: v.canonical() for k, v in c.resources.lim.items()})
                for c in pod.containers
            ]
            out.append((ref.kind, ref.name, ref.template, containers, ref.as_written is not None))
    return out


def _skipped(path: Path) -> list[tuple[str, str]]:
    return [(i.reason, i.kind) for i in iter_items([str(path)]) if isinstance(i, SkippedItem)]


def test_the_cos_validation_storage_class_is_a_mount_pod_with_the_drivers_defaults() -> None:
    """The repository's own tencentcloud-cos validation: the StorageClass sets no juicefs/mount-* parameter, so
    its mount pod's jfs-mount takes getDefaultResource (1000m/1Gi requested, 5000m/5Gi limits), as written (the
    driver's ConfigMap may patch it); the application pod beside it is BestEffort; the PVC carries no pods."""
    assert _pods(REAL / COS) == [
        ("StorageClass", "juicefs-sc", None, [DEFAULTS], True),
        ("Pod", "juicefs-app", None, [("app", {}, {})], False),
    ]
    assert _skipped(REAL / COS) == [("no-pods", "PersistentVolumeClaim")]
    # the mount pod runs in the driver's namespace (kube-system in deploy/), at system-node-critical
    mounts = [i.workload for i in iter_items([str(REAL / COS)]) if isinstance(i, WorkloadItem) and i.workload.ref.kind == "StorageClass"]
    assert [(w.ref.runs_in, w.pod.priority_class_name) for w in mounts] == [("kube-system", "system-node-critical")]


def test_lint_of_the_cos_validation_names_the_mount_pods_ratios(capsys: pytest.CaptureFixture[str]) -> None:
    report = lint_report(capsys, str(REAL / COS))
    got = sorted((f["rule"], f["severity"], f["line"]) for f in report["findings"])
    # the mount pod (the StorageClass at line 1... its kind at 2): limits 5x the requests; the app pod: BestEffort
    assert got == sorted([("PR133", "info", 7), ("PR134", "warning", 7), ("PR134", "warning", 7), ("PR201", "warning", 32)]), got
    mount = [f for f in report["findings"] if f["rule"] == "PR134"]
    assert all("jfs-mount" in f["message"] and "juicefs-csi-driver-config" in f["message"] for f in mount)


def test_mount_parameters_replace_the_defaults_as_parse_pod_resources_does(tmp_path: Path) -> None:
    """A limit written zero or less is removed, a request below zero is removed, a request of zero is kept; each
    other value replaces the default; a StorageClass of another provisioner carries no pods."""
    (tmp_path / "sc.yaml").write_text(
        "apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: jfs}\nprovisioner: csi.juicefs.com\nparameters:\n"
        "  juicefs/mount-cpu-limit: '0'\n  juicefs/mount-memory-limit: 2Gi\n  juicefs/mount-cpu-request: '0'\n"
        "  juicefs/mount-memory-request: '-1'\n---\n"
        "apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: lvm}\nprovisioner: topolvm.io\n",
        encoding="utf-8",
    )
    assert _pods(tmp_path / "sc.yaml") == [("StorageClass", "jfs", None, [("jfs-mount", {"cpu": "0"}, {"memory": "2Gi"})], True)]
    assert _skipped(tmp_path / "sc.yaml") == [("no-pods", "StorageClass")]


def test_a_static_volume_takes_its_volume_attributes_and_a_bad_one_is_an_error(tmp_path: Path, capsys: Any) -> None:
    """A static PersistentVolume's spec.csi.volumeAttributes are its volume context; a value ParseQuantity refuses
    fails the mount (no mount pod: an error at that key); a volume of another driver carries no pods."""
    (tmp_path / "pv.yaml").write_text(
        "apiVersion: v1\nkind: PersistentVolume\nmetadata: {name: ok}\nspec:\n  capacity: {storage: 10Pi}\n  accessModes: [ReadWriteMany]\n"
        "  csi:\n    driver: csi.juicefs.com\n    volumeHandle: ok\n    volumeAttributes:\n      juicefs/mount-cpu-limit: '2'\n"
        "      juicefs/mount-memory-limit: 4Gi\n---\n"
        "apiVersion: v1\nkind: PersistentVolume\nmetadata: {name: bad}\nspec:\n  csi:\n    driver: csi.juicefs.com\n    volumeHandle: bad\n"
        "    volumeAttributes:\n      juicefs/mount-memory-request: lots\n---\n"
        "apiVersion: v1\nkind: PersistentVolume\nmetadata: {name: host}\nspec:\n  hostPath: {path: /data}\n",
        encoding="utf-8",
    )
    assert _pods(tmp_path / "pv.yaml") == [
        ("PersistentVolume", "ok", None, [("jfs-mount", {"cpu": "1", "memory": "1Gi"}, {"cpu": "2", "memory": "4Gi"})], True)
    ]
    report = lint_report(capsys, str(tmp_path / "pv.yaml"))
    errors = [f for f in report["findings"] if f["severity"] == "error"]
    assert [(f["rule"], f["line"]) for f in errors] == [("PR002", 22)]
    assert "'lots' is no quantity" in errors[0]["message"]
    assert report["summary"]["skipped"]["no-pods"] == {"PersistentVolume": 1}
    assert report["summary"]["skipped"]["nothing-found"] == {}


def test_a_pre_1_0_chaos_mesh_experiment_carries_no_pods() -> None:
    """The driver's chaos test: a PodChaos of pingcap.com/v1alpha1, Chaos Mesh's group before 1.0
    (chaos-mesh/chaos-mesh @7f304752b234 api/v1alpha1/groupversion_info.go), fails the pods it selects and makes
    none: counted with the objects without pods, not as a custom object searched in vain."""
    name = REAL / "juicedata__juicefs-csi-driver/tests__chaos__app-pod-failure__app-pod-failure.yaml"
    assert _skipped(name) == [("no-pods", "PodChaos")]
    assert _pods(name) == []


def test_a_storage_class_template_is_each_claims_not_an_error(tmp_path: Path, capsys: Any) -> None:
    """A StorageClass parameter ${.pvc.annotations.KEY} is filled in per claim by the provisioner
    (pkg/driver/provisioner.go Provision, pkg/util/resource/pvc.go StringParser): no error, the default a claim
    without that annotation gets, noted. A static volume's attribute is never filled in by the driver: such a file is
    a template for some other tool to fill in, skipped as such (placeholders.py), no pod and no finding."""
    (tmp_path / "t.yaml").write_text(
        "apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: jfs}\nprovisioner: csi.juicefs.com\nparameters:\n"
        "  juicefs/mount-memory-limit: ${.pvc.annotations.jfs/mem}\n  juicefs/mount-cpu-limit: '2'\n---\n"
        "apiVersion: v1\nkind: PersistentVolume\nmetadata: {name: pv}\nspec:\n  csi:\n    driver: csi.juicefs.com\n    volumeHandle: pv\n"
        "    volumeAttributes:\n      juicefs/mount-memory-limit: ${.pvc.annotations.jfs/mem}\n",
        encoding="utf-8",
    )
    assert _pods(tmp_path / "t.yaml") == [("StorageClass", "jfs", None, [("jfs-mount", {"cpu": "1", "memory": "1Gi"}, {"cpu": "2", "memory": "5Gi"})], True)]
    report = lint_report(capsys, str(tmp_path / "t.yaml"))
    assert [f for f in report["findings"] if f["severity"] == "error"] == []
    assert report["summary"]["skipped"]["template"] == 1
    items = [i for i in iter_items([str(tmp_path / "t.yaml")]) if isinstance(i, WorkloadItem)]
    assert any("provisioner fills it in for each claim" in note for note in items[0].workload.ref.operator_notes)
