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
