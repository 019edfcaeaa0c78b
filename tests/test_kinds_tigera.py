"""The Tigera operator's Installation (model/decode/kinds_tigera.py) on Calico's own manifests and the operator's
sample (tests/data/real/projectcalico__calico, tigera__operator; SOURCES.tsv): the calico-node, calico-typha and
calico-kube-controllers pods as tigera/operator @40788b9b6bef renders them (pkg/render), with the resources of
spec.calicoNodeDaemonSet / typhaDeployment / calicoKubeControllersDeployment container overrides, else of
spec.componentResources, else none."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from tests.lint_support import lint_report
from tests.test_operator_kinds import REAL

NODE = ("calico-node", None, "BestEffort", 2000001000, True, [("ebpf-bootstrap", "init", {}, {}), ("calico-node", "regular", {}, {})])
TYPHA = ("calico-typha", None, "BestEffort", 2000000000, False, [("calico-typha", "regular", {}, {})])
CONTROLLERS = ("calico-kube-controllers", 1, "BestEffort", 2000000000, False, [("calico-kube-controllers", "regular", {}, {})])


def _explain(capsys: pytest.CaptureFixture[str], path: Path) -> list[tuple[Any, ...]]:
    main(["explain", "-o", "json", str(path)])
    return [
        (p["workload"]["template"], p["workload"]["replicas"], p["qosClass"], p["priority"]["value"], p["workload"]["asWritten"] is not None,
         [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]])
        for p in json.loads(capsys.readouterr().out)["pods"]
    ]  # fmt: skip


@pytest.mark.parametrize(
    "name",
    [
        # Calico's quickstart (with APIServer, Goldmane and Whisker objects beside it), its OpenShift BPF Installation,
        # and the operator's own sample (an empty spec): the same three pods, none with resources
        "projectcalico__calico/manifests__custom-resources.yaml",
        "projectcalico__calico/manifests__ocp__03-cr-installation.yaml",
        "tigera__operator/config__samples__operator_v1_installation.yaml",
    ],
)
def test_an_installation_is_calico_node_typha_and_kube_controllers(capsys: pytest.CaptureFixture[str], name: str) -> None:
    assert _explain(capsys, REAL / name) == [NODE, TYPHA, CONTROLLERS]


def test_overrides_win_over_component_resources(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An override container's resources replace the componentResources entry (mergeContainerOverrides); an override
    container without resources leaves them (Resources nil); an init container override with resources is taken
    (mergeContainers); certificateManagement adds key-cert-provisioner to typha and kube-controllers."""
    (tmp_path / "i.yaml").write_text(
        "apiVersion: operator.tigera.io/v1\nkind: Installation\nmetadata: {name: default}\nspec:\n"
        "  certificateManagement: {caCert: Zm9v, signerName: example.com/signer}\n"
        "  componentResources:\n"
        "  - {componentName: Node, resourceRequirements: {requests: {cpu: 250m, memory: 256Mi}}}\n"
        "  - {componentName: Typha, resourceRequirements: {requests: {cpu: 100m}, limits: {cpu: 100m, memory: 128Mi}}}\n"
        "  - {componentName: KubeControllers, resourceRequirements: {requests: {cpu: 50m}}}\n"
        "  calicoNodeDaemonSet:\n    spec:\n      template:\n        spec:\n"
        "          initContainers:\n          - {name: ebpf-bootstrap, resources: {requests: {cpu: 10m, memory: 16Mi}, limits: {cpu: 10m, memory: 16Mi}}}\n"
        "          containers:\n          - {name: calico-node, resources: {requests: {cpu: '1', memory: 1Gi}, limits: {cpu: '1', memory: 1Gi}}}\n"
        "  typhaDeployment:\n    spec:\n      template:\n        spec:\n          containers:\n          - {name: calico-typha}\n",
        encoding="utf-8",
    )
    one = {"cpu": "1", "memory": "1Gi"}
    init = {"cpu": "10m", "memory": "16Mi"}
    assert _explain(capsys, tmp_path / "i.yaml") == [
        ("calico-node", None, "Guaranteed", 2000001000, True, [("ebpf-bootstrap", "init", init, init), ("calico-node", "regular", one, one)]),
        ("calico-typha", None, "Burstable", 2000000000, False, [
            ("key-cert-provisioner", "init", {}, {}),
            ("calico-typha", "regular", {"cpu": "100m", "memory": "128Mi"}, {"cpu": "100m", "memory": "128Mi"})]),
        ("calico-kube-controllers", 1, "Burstable", 2000000000, False, [
            ("key-cert-provisioner", "init", {}, {}), ("calico-kube-controllers", "regular", {"cpu": "50m"}, {})]),
    ]  # fmt: skip


def test_the_real_installations_findings(capsys: pytest.CaptureFixture[str]) -> None:
    """typha and kube-controllers, final and without resources, are BestEffort (PR201: the operator sets none);
    calico-node, as written, only says its containers set none (PR138)."""
    report = lint_report(capsys, str(REAL / "projectcalico__calico"))
    found = sorted((f["path"].rsplit("/", 1)[-1], f["rule"], f["object"]["template"]) for f in report["findings"])
    assert found == [
        (name, rule, template)
        for name in ("manifests__custom-resources.yaml", "manifests__ocp__03-cr-installation.yaml")
        for rule, template in (("PR138", "calico-node"), ("PR201", "calico-kube-controllers"), ("PR201", "calico-typha"))
    ]
    assert report["summary"]["skipped"]["nothing-found"] == {"APIServer": 1, "Goldmane": 1, "Whisker": 1}


def test_calicos_own_resources_carry_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """projectcalico.org/v3 policies, sets, tiers, endpoints and BGP peers are data calico-node reads, counted as objects
    without pods (was: 'custom objects with no pod found')."""
    report = lint_report(capsys, str(REAL / "projectcalico__calico" / "hack__test__kind__migration__seed-resources.yaml"))
    skipped = report["summary"]["skipped"]
    assert skipped["no-pods"] == {"GlobalNetworkPolicy": 2, "Tier": 1, "NetworkPolicy": 1, "GlobalNetworkSet": 1, "NetworkSet": 1,
                                  "HostEndpoint": 1, "BGPPeer": 1}  # fmt: skip
    assert skipped["nothing-found"] == {} and report["findings"] == []
