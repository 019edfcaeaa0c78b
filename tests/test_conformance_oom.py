"""oom/: the oom_score_adj of every container.

- ``oracle-*.json`` ran GetContainerOOMScoreAdjust on the pod the API server
  stores: ``create_pod`` defaulting, QoS from ``compute_pod_qos``, the
  machine's memory capacity.
- ``upstream.json`` (pkg/kubelet/qos/policy_test.go) calls it on the pod as
  the test builds it, without defaulting: "memory-limit-cpu-request" only
  scores 999 because its memory request is not defaulted from the limit.
  ``oomScoreAdjRange`` holds the inclusive windows the test asserts.
"""

from __future__ import annotations

from typing import Any

import pytest

from pod_resources_cli.kube.oom import container_oom_score_adjust, oom_score_explained
from pod_resources_cli.kube.pod_create import create_pod
from pod_resources_cli.kube.qos import compute_pod_qos
from pod_resources_cli.model.pod import Pod
from pod_resources_cli.why_words import words
from tests.support import case, case_params, gates_of, load_suite, node_of, pod_of

ORACLE = ("oom/oracle-curated.json", "oom/oracle-gen-a.json")


def _check(c: dict[str, Any], pod: Pod) -> None:
    gates = gates_of(c)
    capacity = node_of(c).memory_capacity
    assert capacity is not None
    qos = compute_pod_qos(pod, gates).qos_class
    scores = {ct.name: container_oom_score_adjust(pod, ct, qos, capacity, gates) for ct in pod.all_containers()}
    expect = c["expect"]
    ranges = expect.get("oomScoreAdjRange", {})
    assert set(scores) == set(expect["oomScoreAdj"]) | set(ranges)
    for name, want in expect["oomScoreAdj"].items():
        assert scores[name] == want, name
    for name, (low, high) in ranges.items():
        assert low <= scores[name] <= high, name


@pytest.mark.parametrize(("suite", "index"), case_params(*ORACLE))
def test_oracle(suite: str, index: int) -> None:
    c = case(suite, index)
    _check(c, create_pod(pod_of(c["pod"]), gates_of(c)).pod)


@pytest.mark.parametrize(("suite", "index"), case_params("oom/upstream.json"))
def test_upstream(suite: str, index: int) -> None:
    c = case(suite, index)
    _check(c, pod_of(c["pod"]))


def test_explanation_names_the_rule() -> None:
    c = next(x for x in load_suite("oom/upstream.json") if x["id"].endswith("/node-critical"))
    pod = pod_of(c["pod"])
    gates = gates_of(c)
    qos = compute_pod_qos(pod, gates).qos_class
    score, why = oom_score_explained(pod, pod.containers[0], qos, 4_000_000_000, gates)
    assert (score, "node-critical" in words(why)) == (-997, True)
