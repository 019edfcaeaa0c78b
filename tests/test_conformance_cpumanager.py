"""cpumanager/: the static CPU policy on the kubelet's admission path.

Each case admits its priorPods in order, then its pod, and checks the pod's
admission (reason and message when refused), every container's cpuset
(the exclusive CPUs, or the shared pool for the others) and the shared pool
after admission (after the refused pod's CPUs went back).
"""

from __future__ import annotations

from typing import Any

import pytest

from pod_resources_cli.kube.admission import admit_pods
from pod_resources_cli.kube.admission_result import AdmitResult
from pod_resources_cli.kube.pod_create import create_pod
from tests.support import case, case_params, gates_of, node_of, pod_of

SUITES = ("cpumanager/oracle-a.json", "cpumanager/upstream-cpu_assignment.json")


def run_case(c: dict[str, Any]) -> AdmitResult:
    gates = gates_of(c)
    pods = [create_pod(pod_of(p), gates).pod for p in [*c.get("priorPods", []), c["pod"]]]
    return admit_pods(node_of(c), pods, gates)


def cpusets_of(result: AdmitResult) -> dict[str, str]:
    pod = result.pods[-1]
    assert pod.shared_pool_after is not None
    return {name: str(p.cpuset if p.cpuset is not None else pod.shared_pool_after) for name, p in pod.containers.items()}


@pytest.mark.parametrize(("suite", "index"), case_params(*SUITES))
def test_case(suite: str, index: int) -> None:
    c = case(suite, index)
    expect = c["expect"]
    result = run_case(c)
    pod = result.pods[-1]
    assert pod.admitted == expect["admit"]
    if not expect["admit"]:
        assert (pod.reason, pod.message) == (expect["reason"], expect["message"])
    else:
        assert cpusets_of(result) == expect["cpusets"]
    assert str(pod.shared_pool_after) == expect["sharedPool"]
