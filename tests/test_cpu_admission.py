"""Ordered admission on one node: the shrinking shared pool, reuse, refusals and cleanup."""

from __future__ import annotations

from typing import Any

from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.admission import admit_pods
from pod_resources_cli.kube.admission_result import AdmitResult
from pod_resources_cli.kube.pod_create import create_pod
from pod_resources_cli.why_words import words
from tests.support import pod_of
from tests.test_cpu_manager import TWO_NUMA, make_node

GATES = FeatureGates()


def container(name: str, cpu: str | None = None, memory: str = "1Gi", **extra: Any) -> dict[str, Any]:
    c: dict[str, Any] = {"name": name, "image": "pause", **extra}
    if cpu is not None:
        c["resources"] = {"requests": {"cpu": cpu, "memory": memory}, "limits": {"cpu": cpu, "memory": memory}}
    return c


def pod(name: str, *containers: dict[str, Any], init: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    spec: dict[str, Any] = {"containers": list(containers)}
    if init:
        spec["initContainers"] = list(init)
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name}, "spec": spec}


def admit(pods: list[dict[str, Any]], **kubelet: Any) -> AdmitResult:
    node = make_node(TWO_NUMA, **{"cpuManagerPolicy": "static", "systemReserved": {"cpu": "1"}, **kubelet})
    return admit_pods(node, [create_pod(pod_of(p), GATES).pod for p in pods], GATES)


def test_the_shared_pool_shrinks_pod_by_pod() -> None:
    result = admit([pod("a", container("app", "2")), pod("b", container("app", "4")), pod("c", container("app", "500m"))])
    a, b, c = result.pods
    assert str(a.containers["app"].cpuset) == "1,9"  # a whole core of the fuller NUMA node (CPU 0 is reserved)
    assert str(a.shared_pool_after) == "0,2-8,10-15"
    assert str(b.containers["app"].cpuset) == "2-3,10-11"
    # The node's shared pool, as it stands once every pod is admitted (the reconcile loop's cpuset).
    assert str(c.containers["app"].cpuset) == "0,4-8,12-15" and not c.containers["app"].exclusive
    assert c.containers["app"].isolation == "host"
    assert str(result.shared_pool_after) == "0,4-8,12-15"
    assert str(result.reserved) == "0"


def test_init_container_cpus_are_reused_and_sidecars_keep_theirs() -> None:
    side = container("side", "2", restartPolicy="Always")
    result = admit([pod("p", container("app", "2"), init=(side, container("init", "2")))])
    placed = result.pods[0].containers
    assert str(placed["side"].cpuset) == "1,9"
    assert str(placed["init"].cpuset) == str(placed["app"].cpuset) == "2,10"  # the app reuses the init's CPUs
    # An init container's CPUs go to whoever starts next, a sidecar included.
    result = admit([pod("p", container("app", "2"), init=(container("init", "2"), side))])
    placed = result.pods[0].containers
    assert str(placed["init"].cpuset) == str(placed["side"].cpuset) == "1,9"
    assert str(placed["app"].cpuset) == "2,10"
    assert placed["side"].type == "sidecar" and placed["init"].type == "init"


def test_a_refused_pod_gives_its_cpus_back_before_the_next_pod() -> None:
    big = pod("big", container("small", "2"), container("huge", "64"))
    result = admit([big, pod("next", container("app", "2"))])
    refused, nxt = result.pods
    assert (refused.admitted, refused.reason) == (False, "UnexpectedAdmissionError")
    assert refused.message == (
        "Allocate failed due to not enough cpus available to satisfy request: requested=64, available=13, which is unexpected"
    )
    assert str(refused.shared_pool_after) == "0-15"  # after cleanup
    assert refused.containers == {}
    assert str(nxt.containers["app"].cpuset) == "1,9"  # the CPUs "small" had


def test_full_pcpus_only_refusals() -> None:
    result = admit(
        [pod("odd", container("app", "3")), pod("many", container("app", "16"))],
        cpuManagerPolicyOptions={"full-pcpus-only": "true"},
    )
    odd, many = result.pods
    assert (odd.reason, odd.message) == ("SMTAlignmentError", "SMT Alignment Error: requested 3 cpus not multiple cpus per core = 2")
    assert many.message == (
        "SMT Alignment Error: not enough free physical CPUs: available physical CPUs = 14, requested CPUs = 16, CPUs per core = 2"
    )


def test_single_numa_node_refuses_what_spans_two_nodes() -> None:
    result = admit(
        [pod("wide", container("app", "10")), pod("narrow", container("app", "6"))],
        topologyManagerPolicy="single-numa-node",
    )
    wide, narrow = result.pods
    assert (wide.reason, wide.message) == ("TopologyAffinityError", "Resources cannot be allocated with Topology locality")
    app = narrow.containers["app"]
    assert (app.numa_affinity, app.preferred) == ([0], True)  # both nodes fit: the lower mask wins
    assert str(app.cpuset) == "1-3,9-11"


def test_pod_scope_reports_the_pod_hint() -> None:
    result = admit(
        [pod("p", container("a", "2"), container("b", "2"))],
        topologyManagerPolicy="restricted",
        topologyManagerScope="pod",
    )
    p = result.pods[0]
    assert (p.pod_numa_affinity, p.pod_preferred) == ([0], True)
    assert {c.numa_affinity[0] for c in p.containers.values() if c.numa_affinity} == {0}


def test_repeated_pod_names_are_distinct_pods() -> None:
    result = admit([pod("same", container("app", "2")), pod("same", container("app", "2"))])
    first, second = result.pods
    assert first.name == second.name == "same"
    assert first.containers["app"].cpuset != second.containers["app"].cpuset


def test_why_isolation_and_cfs_quota() -> None:
    burstable = pod("b", {"name": "app", "image": "pause", "resources": {"requests": {"cpu": "1"}}})
    result = admit([pod("g", container("app", "2"), container("frac", "1500m")), burstable])
    g, b = result.pods
    exclusive, frac = g.containers["app"], g.containers["frac"]
    assert exclusive.isolation == "container" and exclusive.cfs_quota_disabled
    assert words(exclusive.why).startswith("Guaranteed pod, integer cpu request 2: exclusive CPUs 1,9")
    assert frac.isolation == "host" and not frac.cfs_quota_disabled
    assert words(frac.why) == "Guaranteed pod but cpu request 1500m is not an integer: shared pool"
    assert words(b.containers["app"].why) == "Burstable pod: shared pool"
    no_quota = admit([pod("g", container("frac", "1500m"))], cpuCFSQuota=False)
    assert no_quota.pods[0].containers["frac"].cfs_quota_disabled


def test_cpu_manager_none_pins_nothing() -> None:
    node = make_node(TWO_NUMA)
    result = admit_pods(node, [create_pod(pod_of(pod("g", container("app", "2"))), GATES).pod], GATES)
    app = result.pods[0].containers["app"]
    # Every online CPU: the kubelet writes no cpuset.cpus and the container inherits them all.
    assert str(app.cpuset) == "0-15" and words(app.why).startswith("cpuManagerPolicy none")
    assert str(app.cpuset_mems) == "0-1"  # no Memory manager: every NUMA node
    assert str(result.shared_pool_after) == "0-15" and (app.numa_affinity, app.preferred) == ([], False)
