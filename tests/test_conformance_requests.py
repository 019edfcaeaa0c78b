"""requests/: effective pod requests and limits (component-helpers) and defaulting."""

from __future__ import annotations

import pytest

from pod_resources_cli.kube import resource as rh
from pod_resources_cli.kube.pod_create import create_pod
from pod_resources_cli.quantity import Quantity
from tests.support import base_units, case, case_params, gates_of, pod_of

ORACLE = ("requests/oracle-curated.json", "requests/oracle-gen-a.json")


@pytest.mark.parametrize(("suite", "index"), case_params(*ORACLE))
def test_oracle(suite: str, index: int) -> None:
    c = case(suite, index)
    gates = gates_of(c)
    pod = create_pod(pod_of(c["pod"]), gates).pod
    expect = c["expect"]
    assert base_units(rh.pod_requests(pod)) == expect["podRequests"]
    assert base_units(rh.pod_limits(pod)) == expect["podLimits"]
    if "podRequestsNonMissing" in expect:
        opts = rh.PodResourcesOptions(non_missing_container_requests=rh.SCHEDULER_NON_MISSING)
        assert base_units(rh.pod_requests(pod, opts)) == expect["podRequestsNonMissing"]
    if "defaultedPodLevel" in expect:
        assert pod.resources is not None
        got = {"requests": base_units(dict(pod.resources.req)), "limits": base_units(dict(pod.resources.lim))}
        assert got == expect["defaultedPodLevel"]


def _options(c: dict) -> rh.PodResourcesOptions:
    o = c.get("options") or {}
    gates = gates_of(c)
    return rh.PodResourcesOptions(
        use_status_resources=bool(o.get("useStatusResources")),
        in_place_pod_level_resources_vertical_scaling=bool(o.get("inPlacePodLevelResourcesVerticalScalingEnabled")),
        exclude_overhead=bool(o.get("excludeOverhead")),
        non_missing_container_requests={k: Quantity.parse(v) for k, v in (o.get("nonMissingContainerRequests") or {}).items()},
        skip_pod_level_resources=not gates.enabled("PodLevelResources"),
    )


@pytest.mark.parametrize(("suite", "index"), case_params("requests/upstream.json", "requests/upstream-options.json"))
def test_upstream_tables(suite: str, index: int) -> None:
    """Upstream calls the helpers on the pod as written: no defaulting."""
    c = case(suite, index)
    pod = pod_of(c["pod"])
    opts = _options(c)
    expect = c["expect"]
    if "podRequests" in expect:
        assert base_units(rh.pod_requests(pod, opts)) == expect["podRequests"]
    if "podLimits" in expect:
        assert base_units(rh.pod_limits(pod, opts)) == expect["podLimits"]
    if "aggregateContainerRequests" in expect:
        assert base_units(rh.aggregate_container_requests(pod, opts)) == expect["aggregateContainerRequests"]
    if "aggregateContainerLimits" in expect:
        assert base_units(rh.aggregate_container_limits(pod, opts)) == expect["aggregateContainerLimits"]
