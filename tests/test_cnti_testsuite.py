"""The CNF Test Suite's own files (issue 22: repositories never seen; cnti-testcatalog/testsuite @6370ad5d2cf7).

The suite embeds three Chaos Mesh experiments into its binary (src/tasks/utils/embedded_file_manager.cr:
``CHAOS_NETWORK_LOSS``, ``CHAOS_CPU_HOG``, ``CHAOS_CONTAINER_KILL``) and applies them against the CNF's pods. A
PodChaos kills containers of the pods it selects, a NetworkChaos and a StressChaos are injected into them by Chaos
Mesh's chaos-daemon (chaos-mesh/chaos-mesh @608b61e7c1b1 controllers/chaosimpl/stresschaos/impl.go Apply): none makes
a pod, so they are objects without pods (model/decode/no_pods.py ``_CHAOS_MESH_NO_POD_KINDS``), not custom objects
in which nothing was found.

Its sample-alpha-apis CNF (kept in tests/data/refused: a modelled release refuses its PriorityClass) is judged as
the suite deploys it, ``kubectl apply`` of its manifest directory (src/tasks/utils/cnf_installation/
deployment_management/manifest_deployment_manager.cr install).
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


REFUSED: Final = Path(__file__).parent / "data" / "refused" / "cnti-testcatalog__testsuite"
ALPHA: Final = [str(REFUSED / f"sample-cnfs__sample-alpha-apis__{n}") for n in ("kind-config.yaml", "manifests__pod.yml", "manifests__priorityclass.yml")]


def test_the_alpha_api_sample_as_a_modelled_release_serves_it(capsys: Any) -> None:
    """sample-cnfs/sample-alpha-apis: a PriorityClass of scheduling.k8s.io/v1alpha1, which its kind-config.yaml has a
    1.21 cluster serve (``runtimeConfig``); no release from 1.27 on serves it (PR006, an error, true for every modelled
    release), and it is said to be a pre-release version, not "no such version". The nginx pod sets ``resources: {}``:
    BestEffort (PR201). kind's Cluster carries no pods."""
    report = lint_report(capsys, *ALPHA)
    assert [(f["rule"], f["severity"], Path(f["path"]).name, f["line"], f["object"]["name"]) for f in report["findings"]] == [
        ("PR201", "warning", "sample-cnfs__sample-alpha-apis__manifests__pod.yml", 16, "nginx"),
        ("PR006", "error", "sample-cnfs__sample-alpha-apis__manifests__priorityclass.yml", 1, "high-priority"),
    ]
    assert report["findings"][1]["message"].startswith(
        "apiVersion scheduling.k8s.io/v1alpha1 is not served for PriorityClass (a pre-release version no Kubernetes "
        "release from 1.27 on serves; served as scheduling.k8s.io/v1)"
    )
    assert report["summary"]["pods"] == 1
    assert report["summary"]["skipped"]["no-pods"] == {"Cluster": 1, "Namespace": 1, "PriorityClass": 1}
