"""topology/: the Topology manager's policies, scopes and options with the static CPU policy.

Each case admits its priorPods in order, then its pod, and checks the pod's
admission, every container's merged hint (``affinity``: NUMA nodes and
preferred; ``<pod>`` is the pod scope's single hint) and cpuset.
"""

from __future__ import annotations

import pytest

from tests.support import case, case_params
from tests.test_conformance_cpumanager import cpusets_of, run_case

SUITE = "topology/oracle-a.json"


@pytest.mark.parametrize(("suite", "index"), case_params(SUITE))
def test_case(suite: str, index: int) -> None:
    c = case(suite, index)
    expect = c["expect"]
    result = run_case(c)
    pod = result.pods[-1]
    assert pod.admitted == expect["admit"]
    if not expect["admit"]:
        assert (pod.reason, pod.message) == (expect["reason"], expect["message"])
        return
    affinity = {name: {"numaNodes": p.numa_affinity, "preferred": p.preferred} for name, p in pod.containers.items()}
    if pod.pod_numa_affinity is not None:
        affinity["<pod>"] = {"numaNodes": pod.pod_numa_affinity, "preferred": pod.pod_preferred}
    assert affinity == expect["affinity"]
    assert cpusets_of(result) == expect["cpusets"]
