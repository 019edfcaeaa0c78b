"""KubeVirt's HostPathProvisioner (model/decode/kinds_hpp.py) on the real CRs of the HCO and of the operator."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pod_resources_cli.cli import main
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real"
HCO_POOLS = REAL / "kubevirt__hyperconverged-cluster-operator" / "hack__hpp__10_hpp_pool_cr.yaml"
LEGACY = REAL / "kubevirt__hostpath-provisioner-operator" / "deploy__hostpathprovisioner_legacy_cr.yaml"
SNAPSHOTS = REAL / "kubevirt__hostpath-provisioner-operator" / "deploy__hostpathprovisioner_overlay_csi_cr.yaml"
CSI = ["hostpath-provisioner", "node-driver-registrar", "liveness-probe", "csi-provisioner"]
EACH = {"cpu": "10m", "memory": "150Mi"}


def _pods(capsys: Any, path: Path) -> dict[str, dict[str, Any]]:
    main(["explain", "-o", "json", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return {p["workload"]["template"]: p for p in json.loads(out)["pods"]}


def _containers(pod: dict[str, Any]) -> list[tuple[str, dict[str, str], dict[str, str]]]:
    return [(c["name"], c["requests"], c["limits"]) for c in pod["containers"]]


def test_pools_csi_daemonset_and_a_mounter_for_the_pvc_template_pool_only(capsys: Any) -> None:
    pods = _pods(capsys, HCO_POOLS)
    assert sorted(pods) == ["hostpath-provisioner-csi", "storagePools[1] hpp-csi-pvc-block storage pool mounter"]
    csi = pods["hostpath-provisioner-csi"]
    assert _containers(csi) == [(name, EACH, {}) for name in CSI]
    assert (csi["requests"], csi["limits"], csi["qosClass"]) == ({"cpu": "40m", "memory": "600Mi"}, {}, "Burstable")
    assert csi["workload"]["replicas"] is None  # one pod a node
    mounter = pods["storagePools[1] hpp-csi-pvc-block storage pool mounter"]
    assert _containers(mounter) == [("mounter", {"cpu": "10m", "memory": "100Mi"}, {})]
    assert mounter["workload"]["replicas"] is None  # one Deployment a node


def test_path_config_adds_the_legacy_daemonset(capsys: Any) -> None:
    pods = _pods(capsys, LEGACY)
    assert sorted(pods) == ["hostpath-provisioner (legacy)", "hostpath-provisioner-csi"]
    assert _containers(pods["hostpath-provisioner (legacy)"]) == [("hostpath-provisioner", EACH, {})]


def test_snapshotting_gate_adds_csi_snapshotter_without_resources(capsys: Any) -> None:
    pods = _pods(capsys, SNAPSHOTS)
    assert _containers(pods["hostpath-provisioner-csi"]) == [*((name, EACH, {}) for name in CSI), ("csi-snapshotter", {}, {})]
    assert pods["hostpath-provisioner-csi"]["qosClass"] == "Burstable"
    assert "storagePools[0] nfs-backend storage pool mounter" in pods


def test_lint_no_longer_counts_it_as_nothing_found_and_warns_only_of_the_missing_memory_limits(capsys: Any) -> None:
    report = lint_report(capsys, str(HCO_POOLS))
    assert report["summary"]["pods"] == 2
    assert "HostPathProvisioner" not in report["summary"]["skipped"].get("nothing-found", {})
    assert {f["rule"] for f in report["findings"]} == {"PR132"}
    assert sorted(f["message"].split("'")[1] for f in report["findings"]) == sorted([*CSI, "mounter"])
