"""Telco/HPC node resource management operators, on their real manifests: Intel's Kubernetes Power Manager
(PowerConfig makes the node agent's DaemonSet; the pods that ask power profiles get exclusive CPUs from the kubelet's
static CPU manager)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.model.items import SkippedItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report
from tests.test_operator_kinds import REAL, pods

POWER = "intel__kubernetes-power-manager/examples__"
AGENT = {"cpu": "100m", "memory": "64Mi"}


def test_a_power_config_is_the_node_agent_daemonset_pod(capsys: pytest.CaptureFixture[str]) -> None:
    """controllers/powerconfig_controller.go createDaemonSetIfNotPresent: the DaemonSet power-node-agent from the
    image's build/manifests/power-node-agent-ds.yaml, whose resources the controller never changes: 100m/64Mi requests
    equal to limits, one pod a node (no count), final."""
    assert pods(f"{POWER}example-powerconfig.yaml") == [("PowerConfig", None, None, [("power-node-agent", AGENT, AGENT)], False)]
    main(["explain", "-o", "json", str(REAL / f"{POWER}example-powerconfig.yaml")])
    (pod,) = json.loads(capsys.readouterr().out)["pods"]
    assert (pod["qosClass"], pod["workload"]["namespace"], pod["workload"]["replicas"]) == ("Guaranteed", "intel-power", None)
    assert lint_report(capsys, str(REAL / f"{POWER}example-powerconfig.yaml"))["findings"] == []


def test_a_power_config_outside_intel_power_makes_no_pod(tmp_path: Path) -> None:
    """Reconcile ignores a PowerConfig whose namespace is not intel-power ("resource is not in the intel-power
    namespace, ignoring"): no pod, the object is a custom object with no pod found."""
    text = (REAL / f"{POWER}example-powerconfig.yaml").read_text(encoding="utf-8").replace("namespace: intel-power", "namespace: default")
    (tmp_path / "c.yaml").write_text(text, encoding="utf-8")
    assert pods(str(tmp_path / "c.yaml")) == []
    (item,) = [i for i in iter_items([str(tmp_path / "c.yaml")]) if isinstance(i, SkippedItem)]
    assert (item.reason, item.kind) == ("nothing-found", "PowerConfig")


def test_a_power_profile_pod_gets_exclusive_cpus_on_a_static_node(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The example pod asks 2 CPUs and 2 power.intel.com/performance (requests equal limits): Guaranteed with an
    integer CPU request, so the static CPU manager gives it 2 exclusive CPUs (one whole core under full-pcpus-only,
    NUMA node 0 under single-numa-node), the CPUs the power manager then tunes. The node advertises the profile
    (the PowerProfile controller's createExtendedResources) as an extended resource without devices."""
    node = (Path(__file__).parent.parent / "examples" / "nodes" / "dual-socket-ht.yaml").read_text(encoding="utf-8")
    (tmp_path / "node.yaml").write_text(node + 'extendedResources:\n  power.intel.com/performance: "32"\n', encoding="utf-8")
    main(["explain", "-o", "json", "--node", str(tmp_path / "node.yaml"), str(REAL / f"{POWER}example-pod.yaml")])
    (pod,) = json.loads(capsys.readouterr().out)["pods"]
    assert pod["qosClass"] == "Guaranteed"
    assert pod["requests"] == pod["limits"] == {"cpu": "2", "memory": "200Mi", "power.intel.com/performance": "2"}
    assert pod["admission"]["admitted"] is True
    (c,) = pod["containers"]
    assert (c["name"], c["cpuset"], c["numaAffinity"], c["isolation"]) == ("example-power-container", "1,21", [0], "container")
    assert lint_report(capsys, str(REAL / f"{POWER}example-pod.yaml"))["findings"] == []


OVN_NAT_GW = "kubeovn__kube-ovn/test__e2e__non-primary-cni__testconfigs__VPC__01-vpc-nat-gw.yaml"


def test_a_kube_ovn_vpc_nat_gateway_is_its_best_effort_gateway_pod(capsys: pytest.CaptureFixture[str]) -> None:
    """pkg/controller/vpc_nat_gateway.go genNatGwStatefulSet: replicas unset, one pod whose container vpc-nat-gw sets
    no resources (the object has no field for them): BestEffort, as the real e2e file's own test pods."""
    got = [p for p in pods(OVN_NAT_GW) if p[0] == "VpcNatGateway"]
    assert got == [("VpcNatGateway", None, 1, [("vpc-nat-gw", {}, {})], False)]
    findings = lint_report(capsys, str(REAL / OVN_NAT_GW))["findings"]
    assert sorted((f["rule"], f["severity"], f["object"]["kind"], f["line"]) for f in findings) == [
        ("PR201", "warning", "Pod", 220), ("PR201", "warning", "Pod", 238), ("PR201", "warning", "VpcNatGateway", 127)]


@pytest.mark.parametrize(
    ("extra", "count", "containers"),
    [
        # HA mode (IsNatGwHAMode: replicas > 1): a Deployment of spec.replicas pods, bfdd with spec.bfd.enabled
        ("  replicas: 3\n  bfd: {enabled: true}\n", 3, ["vpc-nat-gw", "bfdd"]),
        # one replica: the StatefulSet, which genNatGwStatefulSet gives no bfdd whatever spec.bfd says
        ("  replicas: 1\n  bfd: {enabled: true}\n", 1, ["vpc-nat-gw"]),
        # the BGP speaker in either mode (GenNatGwBgpSpeakerContainer)
        ("  bgpSpeaker: {enabled: true, asn: 65001, remoteAsn: 65000, neighbors: [10.0.0.1]}\n", 1, ["vpc-nat-gw", "vpc-nat-gw-speaker"]),
    ],
)
def test_a_kube_ovn_vpc_nat_gateways_mode_decides_its_pods(extra: str, count: int, containers: list[str], tmp_path: Path) -> None:
    text = (REAL / OVN_NAT_GW).read_text(encoding="utf-8").replace("  lanIp: 10.101.0.254\n", "  lanIp: 10.101.0.254\n" + extra)
    (tmp_path / "gw.yaml").write_text(text, encoding="utf-8")
    (got,) = [p for p in pods(str(tmp_path / "gw.yaml")) if p[0] == "VpcNatGateway"]
    assert (got[2], [c[0] for c in got[3]], [c[1:] for c in got[3]]) == (count, containers, [({}, {})] * len(containers))


def _skipped(path: Path) -> list[tuple[str, str | None]]:
    return sorted((i.reason, i.kind) for i in iter_items([str(path)]) if isinstance(i, SkippedItem))


def test_kube_ovn_network_objects_and_power_profiles_carry_no_pods() -> None:
    """Kube-OVN's Subnet, IptablesEIP and NAT rules become OVN settings, a PowerProfile the node agent's CPU tuning:
    objects without pods, not custom objects searched with nothing found. A Vpc stays searched: its vpc-lb
    Deployment (pkg/controller/vpc_lb.go) is not modelled."""
    assert _skipped(REAL / OVN_NAT_GW) == sorted(
        [("no-pods", k) for k in ("Namespace", "NetworkAttachmentDefinition", "NetworkAttachmentDefinition", "ConfigMap", "ConfigMap",
                                  "Subnet", "Subnet", "IptablesEIP", "IptablesEIP", "IptablesDnatRule", "IptablesDnatRule",
                                  "IptablesSnatRule", "IptablesSnatRule")] + [("nothing-found", "Vpc")])  # fmt: skip
    assert _skipped(REAL / f"{POWER}example-shared-profile.yaml") == [("no-pods", "PowerProfile")]
