"""memorymanager/: the kubelet's Memory manager on the admission path.

Each case admits its priorPods, in order, then its pod, on the case's node
through kube.admission.admit_pods (the Topology, CPU and Memory managers
together, as the kubelet runs them), and checks the pod's admission (reason
and message when refused: fact 10, a Memory-manager refusal is an
UnexpectedAdmissionError) and every container's memory NUMA nodes (null =
not pinned, cpuset.mems left unrestricted).
"""

from __future__ import annotations

import pytest

from pod_resources_cli.kube.admission import admit_pods
from pod_resources_cli.kube.pod_create import create_pod
from tests.support import case, case_params, gates_of, node_of, pod_of

SUITE = "memorymanager/oracle-a.json"


@pytest.mark.parametrize(("suite", "index"), case_params(SUITE))
def test_oracle(suite: str, index: int) -> None:
    c = case(suite, index)
    gates = gates_of(c)
    pods = [create_pod(pod_of(p), gates).pod for p in [*c.get("priorPods", []), c["pod"]]]
    result = admit_pods(node_of(c), pods, gates).pods[-1]
    expect = c["expect"]
    assert result.admitted == expect["admit"]
    if not expect["admit"]:
        assert (result.reason, result.message) == (expect["reason"], expect["message"])
        return
    numa = {name: placement.memory_numa_nodes for name, placement in result.containers.items()}
    assert numa == expect["numaNodes"]


def test_the_suite_exercises_every_refusal_and_policy() -> None:
    """Guard against a truncated vector file: the cases cover what they should."""
    cases = [case(SUITE, i) for i in range(len(case_params(SUITE)))]
    assert len(cases) == 300
    reasons = {c["expect"].get("reason") for c in cases}
    assert reasons == {None, "TopologyAffinityError", "UnexpectedAdmissionError"}
    policies = {(c["kubelet"]["topologyManagerPolicy"], c["kubelet"]["topologyManagerScope"]) for c in cases}
    assert len(policies) == 8
