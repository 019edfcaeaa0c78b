"""The CNF Test Suite's own files (issue 22: repositories never seen; cnti-testcatalog/testsuite @6370ad5d2cf7).

The suite embeds three Chaos Mesh experiments into its binary (src/tasks/utils/embedded_file_manager.cr:
``CHAOS_NETWORK_LOSS``, ``CHAOS_CPU_HOG``, ``CHAOS_CONTAINER_KILL``) and applies them against the CNF's pods. A
PodChaos kills containers of the pods it selects, a NetworkChaos and a StressChaos are injected into them by Chaos
Mesh's chaos-daemon (chaos-mesh/chaos-mesh @608b61e7c1b1 controllers/chaosimpl/stresschaos/impl.go Apply): none makes
a pod, so they are objects without pods (model/decode/no_pods.py ``_CHAOS_MESH_NO_POD_KINDS``), not custom objects
in which nothing was found.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from pod_resources_cli.model.decode.no_pods import carries_no_pods
from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report

SUITE: Final = Path(__file__).parent / "data" / "real" / "cnti-testcatalog__testsuite"
CHAOS: Final = sorted(str(p) for p in SUITE.glob("embedded_files__chaos_*.yml"))


def test_the_suites_chaos_experiments_carry_no_pods(capsys: Any) -> None:
    assert len(CHAOS) == 3
    items = list(iter_items(CHAOS))
    assert not [i for i in items if isinstance(i, WorkloadItem)]
    assert sorted((i.reason, i.kind) for i in items if isinstance(i, SkippedItem)) == [
        ("no-pods", "NetworkChaos"), ("no-pods", "PodChaos"), ("no-pods", "StressChaos"),
    ]  # fmt: skip
    report = lint_report(capsys, *CHAOS)
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    skipped = report["summary"]["skipped"]
    assert skipped["nothing-found"] == {} and skipped["not-searched"] == {}
    assert skipped["no-pods"] == {"NetworkChaos": 1, "PodChaos": 1, "StressChaos": 1}


def test_chaos_mesh_kinds_that_may_hold_pods_stay_searched() -> None:
    for kind in ("IOChaos", "DNSChaos", "AWSChaos", "PhysicalMachineChaos", "PodNetworkChaos", "StatusCheck"):
        assert carries_no_pods("chaos-mesh.org", kind), kind
    # a Workflow's Task runs a pod (kinds.py); a Schedule may hold a workflow, a WorkflowNode is one of its steps,
    # a RemoteCluster installs Chaos Mesh into another cluster
    for kind in ("Workflow", "Schedule", "WorkflowNode", "RemoteCluster"):
        assert not carries_no_pods("chaos-mesh.org", kind), kind
    assert not carries_no_pods("chaos-mesh.example.com", "PodChaos")
