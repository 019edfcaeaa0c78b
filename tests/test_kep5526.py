"""KEP-5526 pod-level resource managers: every example with numbers in seeds 001 and 002.

The machine is chosen so that the documents' CPU ids come out as written:
8 CPUs without SMT on one NUMA node, CPU 0 reserved, so a pod's 5-CPU pool
is {1..5} as in the KEP's tables. Where the documents and the upstream code
(policy_static.go AllocatePod / validatePodScopeResources, scope_pod.go
admitUsingPodResources) disagree, the tests follow the code and say so.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.admission import admit_pods
from pod_resources_cli.kube.admission_result import AdmitResult, PodAdmission
from pod_resources_cli.kube.cpumanager import CPUManager
from pod_resources_cli.kube.placement_why import pod_has_exclusive_cpus
from pod_resources_cli.kube.pod_create import create_pod
from pod_resources_cli.kube.validation import FieldError, invalid_status_message
from pod_resources_cli.why_words import words
from tests.support import pod_of
from tests.test_cpu_manager import cadvisor, make_node

ON = FeatureGates(explicit={"PodLevelResourceManagers": True})
OFF = FeatureGates(explicit={"PodLevelResourceManagers": False})
DOC_MACHINE = cadvisor(1, 1, 8, threads=1)  # CPUs 0-7, one NUMA node, no SMT
TWO_NUMA = cadvisor(2, 1, 4, threads=1)  # NUMA 0: CPUs 0-3, NUMA 1: CPUs 4-7


def res(cpu: str, memory: str) -> dict[str, Any]:
    return {"requests": {"cpu": cpu, "memory": memory}, "limits": {"cpu": cpu, "memory": memory}}


def ctr(name: str, cpu: str | None = None, memory: str | None = None, **extra: Any) -> dict[str, Any]:
    c: dict[str, Any] = {"name": name, "image": "example-image", **extra}
    if cpu is not None:
        c["resources"] = res(cpu, memory or f"{cpu}Gi")
    return c


def pod(name: str, budget: str | None, containers: list[dict[str, Any]], init: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    spec: dict[str, Any] = {"containers": containers}
    if budget is not None:
        spec["resources"] = res(budget, f"{budget}Gi")
    if init:
        spec["initContainers"] = init
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name}, "spec": spec}


def admit(
    p: dict[str, Any],
    scope: str = "pod",
    policy: str = "best-effort",
    gates: FeatureGates = ON,
    machine: dict[str, Any] = DOC_MACHINE,
    **kubelet: Any,
) -> PodAdmission:
    result = admit_all([p], scope, policy, gates, machine, **kubelet)
    return result.pods[-1]


def admit_all(
    pods: list[dict[str, Any]], scope: str, policy: str, gates: FeatureGates, machine: dict[str, Any], **kubelet: Any
) -> AdmitResult:
    node = make_node(
        machine,
        cpuManagerPolicy="static",
        reservedSystemCPUs="0",
        topologyManagerPolicy=policy,
        topologyManagerScope=scope,
        **kubelet,
    )
    return admit_pods(node, [create_pod(pod_of(p), gates).pod for p in pods], gates)


def cpusets(p: PodAdmission) -> dict[str, str | None]:
    """Each container's own cpuset; None = the node's shared pool (isolation host),
    whose CPUs tests/test_shared_cpusets.py checks."""
    return {
        name: (str(c.cpuset) if c.cpuset is not None and c.isolation != "host" else None) for name, c in p.containers.items()
    }


def isolation(p: PodAdmission) -> dict[str, str | None]:
    return {name: c.isolation for name, c in p.containers.items()}


# -- seed 001, pod scope table ---------------------------------------------------------
def test_pod_scope_current_behaviour_without_pod_level_resources() -> None:
    p = admit(pod("p", None, [ctr("c1", "3"), ctr("c2", "1"), ctr("c3", "1")]))
    assert cpusets(p) == {"c1": "1-3", "c2": "4", "c3": "5"}
    assert p.pod_numa_affinity == [0]


def test_pod_scope_all_guaranteed_containers() -> None:
    p = admit(pod("p", "5", [ctr("c1", "3"), ctr("c2", "1"), ctr("c3", "1")]))
    assert cpusets(p) == {"c1": "1-3", "c2": "4", "c3": "5"}
    assert set(isolation(p).values()) == {"container"}


def test_pod_scope_some_guaranteed_containers() -> None:
    p = admit(pod("p", "5", [ctr("c1", "3"), ctr("c2"), ctr("c3")]))
    assert cpusets(p) == {"c1": "1-3", "c2": "4-5", "c3": "4-5"}
    assert isolation(p) == {"c1": "container", "c2": "pod", "c3": "pod"}
    shared = p.containers["c2"]
    assert not shared.exclusive and not shared.cfs_quota_disabled  # CFS quota kept in the pod shared pool
    assert p.containers["c1"].cfs_quota_disabled


def test_pod_scope_no_guaranteed_containers() -> None:
    p = admit(pod("p", "5", [ctr("c1"), ctr("c2"), ctr("c3")]))
    assert cpusets(p) == {"c1": "1-5", "c2": "1-5", "c3": "1-5"}
    assert set(isolation(p).values()) == {"pod"}


def test_pod_scope_admission_failure_empty_shared_pool() -> None:
    """The KEP only says "Admission Error". In the code the CPU manager's pod
    hints are empty for such a pod, so restricted and single-numa-node refuse
    it at the merge (a "Pod Scope" TopologyAffinityError); best-effort admits
    the hint and AllocatePod refuses with EmptyPodSharedPoolError."""
    spec = pod("p", "5", [ctr("c1", "3"), ctr("c2", "2"), ctr("c3")])
    refused = admit(spec)
    assert (refused.admitted, refused.reason) == (False, "EmptyPodSharedPoolError")
    assert refused.message == (
        "pod rejected, sum of exclusive container cpu requests equals pod budget, leaving no cpus for shared containers"
    )
    assert str(refused.shared_pool_after) == "0-7"
    refused = admit(spec, policy="restricted")
    assert (refused.reason, refused.message) == (
        "TopologyAffinityError",
        "Pod Scope pod with pod-level resources failed admission under pod-scope topology manager",
    )


def test_the_empty_hint_of_a_pod_whose_shared_pool_would_be_empty_says_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 001's Example 3 under restricted: the CPU manager offers no pod hint (validatePodScopeResources
    in GetPodTopologyHints), though each NUMA node has CPUs free: the account says the provider's reason,
    not that 5 CPUs fit nowhere."""
    spec = pod("p", "5", [ctr("c1", "3"), ctr("c2", "2"), ctr("c3")])
    report = explain_json(tmp_path, capsys, write_node(tmp_path, "pod", "restricted"), spec)
    assert report["admission"]["reason"] == "TopologyAffinityError"
    whys = [r["why"] for r in report["admission"]["affinity"]["resources"] if r["why"]]
    assert whys[0] == "cpu: no hint offered: pod rejected, sum of exclusive container cpu requests equals pod budget, leaving no cpus for shared containers"


# -- seed 001, pod scope examples -------------------------------------------------------
def test_pod_scope_example_1_shared_pool_only() -> None:
    p = admit(pod("pod-scope-shared", "4", [ctr("container-1"), ctr("container-2"), ctr("container-3")]))
    assert set(cpusets(p).values()) == {"1-4"}


def test_pod_scope_example_2_mixed_allocation() -> None:
    p = admit(pod("pod-scope-mixed", "4", [ctr("container-1", "2"), ctr("container-2"), ctr("container-3")]))
    assert cpusets(p) == {"container-1": "1-2", "container-2": "3-4", "container-3": "3-4"}
    assert str(p.shared_pool_after) == "0,5-7"  # the whole pod pool left the node's shared pool


def test_pod_scope_example_3_admission_failure() -> None:
    p = admit(pod("pod-scope-admission-failure", "5", [ctr("container-1", "3"), ctr("container-2", "2"), ctr("container-3")]))
    assert not p.admitted and p.reason == "EmptyPodSharedPoolError"


# -- seed 001, container scope table and examples -----------------------------------------
def test_container_scope_all_guaranteed_containers() -> None:
    p = admit(pod("p", "5", [ctr("c1", "3"), ctr("c2", "1"), ctr("c3", "1")]), scope="container")
    assert cpusets(p) == {"c1": "1-3", "c2": "4", "c3": "5"}
    assert p.pod_numa_affinity is None


@pytest.mark.parametrize(
    ("budget", "containers", "want"),
    [
        (None, [ctr("c1", "3"), ctr("c2", "1"), ctr("c3", "1")], {"c1": "1-3", "c2": "4", "c3": "5"}),
        ("5", [ctr("c1", "3"), ctr("c2"), ctr("c3")], {"c1": "1-3", "c2": None, "c3": None}),
        ("5", [ctr("c1"), ctr("c2"), ctr("c3")], {"c1": None, "c2": None, "c3": None}),
    ],
    ids=["current-behaviour", "some-guaranteed", "no-guaranteed"],
)
def test_container_scope_table(budget: str | None, containers: list[dict[str, Any]], want: dict[str, str | None]) -> None:
    """None = no exclusive allocation: the node's shared pool."""
    assert cpusets(admit(pod("p", budget, containers), scope="container")) == want


def test_container_scope_example_1_mixed_exclusive_and_node_shared() -> None:
    p = admit(pod("container-scope-mixed", "4", [ctr("container-1", "2"), ctr("container-2"), ctr("container-3")]), scope="container")
    assert cpusets(p) == {"container-1": "1-2", "container-2": None, "container-3": None}
    assert isolation(p) == {"container-1": "container", "container-2": "host", "container-3": "host"}
    # "No NUMA preference" merges to the whole machine (here its one NUMA node).
    assert (p.containers["container-1"].numa_affinity, p.containers["container-2"].numa_affinity) == ([0], [0])
    assert str(p.shared_pool_after) == "0,3-7"  # workers run in the node-wide pool


def test_container_scope_example_2_pod_level_resources_only() -> None:
    p = admit(pod("container-scope-pod-only", "4", [ctr("container-1"), ctr("container-2"), ctr("container-3")]), scope="container")
    assert set(cpusets(p).values()) == {None} and set(isolation(p).values()) == {"host"}
    assert str(p.shared_pool_after) == "0-7"


# -- seed 002 (resource managers documentation) ------------------------------------------
def test_docs_pod_scope_mixed_with_shared_sidecars() -> None:
    sidecars = [ctr("metrics-sidecar", restartPolicy="Always"), ctr("logging-sidecar", restartPolicy="Always")]
    p = admit(pod("pod-scope-mixed", "4", [ctr("main-app", "2")], init=sidecars))
    assert cpusets(p) == {"metrics-sidecar": "3-4", "logging-sidecar": "3-4", "main-app": "1-2"}
    assert isolation(p) == {"metrics-sidecar": "pod", "logging-sidecar": "pod", "main-app": "container"}


def test_docs_empty_shared_pool_is_rejected() -> None:
    init = [ctr("metrics-sidecar", "1", restartPolicy="Always"), ctr("logging-sidecar", restartPolicy="Always")]
    p = admit(pod("empty-shared-pool", "4", [ctr("main-app", "3")], init=init))
    assert (p.admitted, p.reason) == (False, "EmptyPodSharedPoolError")


def test_docs_container_scope_mixed() -> None:
    init = [ctr("infrastructure-sidecar", "2", restartPolicy="Always")]
    p = admit(pod("container-scope-mixed", "4", [ctr("worker-1"), ctr("worker-2")], init=init), scope="container")
    assert cpusets(p) == {"infrastructure-sidecar": "1-2", "worker-1": None, "worker-2": None}


# -- init containers, sidecars, NUMA alignment, gates, cgroup v1 ---------------------------
def test_init_container_reuse_and_sidecar_reservation() -> None:
    """A regular init container's slice is reused by later containers; a sidecar's is kept."""
    init = [ctr("init", "2"), ctr("side", "1", restartPolicy="Always"), ctr("init-shared")]
    p = admit(pod("p", "4", [ctr("app", "1"), ctr("app-shared")], init=init))
    assert cpusets(p) == {"init": "1-2", "side": "1", "init-shared": "2-4", "app": "2", "app-shared": "3-4"}


def test_the_pod_pool_is_numa_aligned() -> None:
    p = admit(pod("p", "3", [ctr("c1", "1"), ctr("c2")]), policy="single-numa-node", machine=TWO_NUMA)
    assert p.pod_numa_affinity == [0] and p.pod_preferred
    assert cpusets(p) == {"c1": "1", "c2": "2-3"}
    wide = admit(pod("p", "5", [ctr("c1", "1"), ctr("c2")]), policy="single-numa-node", machine=TWO_NUMA)
    assert (wide.admitted, wide.reason) == (False, "TopologyAffinityError")
    assert wide.message.startswith("Pod Scope ")


def test_gate_off_leaves_pod_level_pods_unpinned() -> None:
    p = admit(pod("p", "4", [ctr("c1", "2"), ctr("c2")]), gates=OFF)
    assert set(cpusets(p).values()) == {None}
    assert words(p.containers["c1"].why).startswith("pod-level resources with PodLevelResourceManagers off")


def test_full_pcpus_only_applies_to_the_pod_budget() -> None:
    p = admit(
        pod("p", "3", [ctr("c1", "2"), ctr("c2")]),
        machine=cadvisor(1, 1, 4),
        gates=FeatureGates(explicit={"PodLevelResourceManagers": True}),
        cpuManagerPolicyOptions={"full-pcpus-only": "true"},
    )
    assert (p.reason, p.message) == ("SMTAlignmentError", "SMT Alignment Error: requested 3 cpus not multiple cpus per core = 2")


def test_cgroup_v1_nodes_admit_pod_level_resources() -> None:
    """KEP-2837 says cgroup v1 nodes refuse such pods; the kubelet's code
    (lifecycle/features_linux.go) refuses them only with the gate off."""
    p = admit(pod("p", "2", [ctr("c1")]), cgroupVersion=1)
    assert (p.admitted, p.reason) == (True, None)
    from pod_resources_cli.kube.admission import pod_level_resources_predicate

    stored = create_pod(pod_of(pod("p", "2", [ctr("c1")])), ON).pod  # the API server had the gate on
    node = make_node(DOC_MACHINE, cgroupVersion=1)
    assert pod_level_resources_predicate(node, ON, stored) is None
    refused = pod_level_resources_predicate(node, FeatureGates(explicit={"PodLevelResources": False}), stored)
    assert refused is not None and (refused.reason, refused.message) == ("PodLevelResourcesNotSupported", "PodLevelResources feature gate is disabled")


def test_the_pod_pool_goes_back_with_the_pod() -> None:
    node = make_node(DOC_MACHINE, cpuManagerPolicy="static", reservedSystemCPUs="0", topologyManagerPolicy="best-effort", topologyManagerScope="pod")
    manager = CPUManager(node, ON, "best-effort")
    the_pod = create_pod(pod_of(pod("p", "4", [ctr("c1", "2"), ctr("c2")])), ON).pod
    assert manager.allocate_pod_checked(the_pod, manager_hint()) is None
    assert str(manager.shared_pool) == "0,5-7"
    manager.static.remove_container(manager.state, "p", "c1")  # type: ignore[union-attr]
    assert str(manager.shared_pool) == "0,5-7"  # kept for the pod while a container remains
    manager.remove_pod(the_pod)
    assert manager.shared_pool == CPUSet.parse("0-7")


def manager_hint() -> Any:
    from pod_resources_cli.kube.topologymanager.hints import TopologyHint

    return TopologyHint(None, False)


def test_memory_follows_the_pod_pool_numa_node() -> None:
    """With the Static memory manager the pod's memory is pinned where its CPU pool is."""
    p = admit(
        pod("p", "4", [ctr("c1", "2"), ctr("c2")]),
        machine=TWO_NUMA,
        memoryManagerPolicy="Static",
        systemReserved={"memory": "1Gi"},
        reservedMemory=[{"numaNode": 0, "limits": {"memory": "1124Mi"}}],
    )
    assert p.admitted and p.pod_numa_affinity == [1]  # NUMA node 0 has 3 free CPUs only (CPU 0 is reserved)
    assert cpusets(p) == {"c1": "4-5", "c2": "6-7"}
    assert {name: c.memory_numa_nodes for name, c in p.containers.items()} == {"c1": [1], "c2": [1]}


# -- the pod cgroup's CFS quota (podHasExclusiveCPUs) --------------------------------------
NODE_PROFILE = """\
apiVersion: pod-resources/v1
kind: NodeProfile
name: doc-{scope}
sockets: 1
coresPerSocket: 8
threadsPerCore: 1
memoryPerNumaNode: 32Gi
cgroupVersion: 2
kubelet:
  apiVersion: kubelet.config.k8s.io/v1beta1
  kind: KubeletConfiguration
  cpuManagerPolicy: static
  reservedSystemCPUs: "0"
  topologyManagerPolicy: {policy}
  topologyManagerScope: {scope}
  featureGates:
    PodLevelResourceManagers: true
"""


def write_node(tmp_path: Path, scope: str, policy: str = "best-effort") -> Path:
    path = tmp_path / f"node-{scope}-{policy}.yaml"
    path.write_text(NODE_PROFILE.format(scope=scope, policy=policy))
    return path


def explain_json(tmp_path: Path, capsys: pytest.CaptureFixture[str], node: Path, spec: dict[str, Any]) -> dict[str, Any]:
    manifest = tmp_path / f"{spec['metadata']['name']}.yaml"
    manifest.write_text(json.dumps(spec))
    code = main(["explain", "--node", str(node), "-o", "json", str(manifest)])
    out, err = capsys.readouterr()
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)["pods"][0]
    return data


def cpu_max(pod_report: dict[str, Any]) -> dict[str, str]:
    out = {"pod": pod_report["cgroup"]["v2"]["cpu.max"]}
    out.update({c["name"]: c["cgroup"]["v2"]["cpu.max"] for c in pod_report["containers"]})
    return out


@pytest.mark.parametrize("scope", ["pod", "container"])
def test_mixed_pod_keeps_its_pod_quota(scope: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """TestPodHasExclusiveCPUs "PodLevelResourceManagers enabled, Mixed containers
    (one exclusive, one shared)": false, so the pod cgroup keeps the 4-CPU budget's
    quota; only the exclusive container runs unthrottled. Under scope container the
    shared containers are in the node's pool, and their pod's quota still binds them."""
    spec = pod("mixed", "4", [ctr("container-1", "2"), ctr("container-2"), ctr("container-3")])
    report = explain_json(tmp_path, capsys, write_node(tmp_path, scope), spec)
    assert report["admission"]["admitted"] is True
    assert cpu_max(report) == {
        "pod": "400000 100000",
        "container-1": "max 100000",
        "container-2": "400000 100000",
        "container-3": "400000 100000",
    }
    assert report["cgroup"]["why"]["cpu.max"] == (
        "4000m * 100000 / 1000 (pod-level spec.resources limit); kept although some containers hold "
        "exclusive CPUs: container-2, container-3 share CPUs (KEP-5526 podHasExclusiveCPUs)"
    )
    isolation = {c["name"]: c["isolation"] for c in report["containers"]}
    assert isolation == {
        "container-1": "container",
        "container-2": "pod" if scope == "pod" else "host",
        "container-3": "pod" if scope == "pod" else "host",
    }


@pytest.mark.parametrize("scope", ["pod", "container"])
def test_all_exclusive_pod_has_no_pod_quota(scope: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = pod("all-exclusive", "5", [ctr("c1", "3"), ctr("c2", "1"), ctr("c3", "1")])
    report = explain_json(tmp_path, capsys, write_node(tmp_path, scope), spec)
    assert cpu_max(report) == {"pod": "max 100000", "c1": "max 100000", "c2": "max 100000", "c3": "max 100000"}
    assert report["cgroup"]["why"]["cpu.max"] == (
        "unlimited: every container holds exclusive CPUs (DisableCPUQuotaWithExclusiveCPUs; KEP-5526 podHasExclusiveCPUs)"
    )


def test_a_pod_without_pod_level_resources_needs_one_exclusive_container(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The rule before KEP-5526 stays for other pods: one pinned container lifts the pod quota."""
    spec = pod("classic", None, [ctr("c1", "2"), ctr("c2", "500m", "1Gi")])
    report = explain_json(tmp_path, capsys, write_node(tmp_path, "pod"), spec)
    assert cpu_max(report) == {"pod": "max 100000", "c1": "max 100000", "c2": "50000 100000"}
    assert report["cgroup"]["why"]["cpu.max"] == "unlimited: the pod holds exclusive CPUs (DisableCPUQuotaWithExclusiveCPUs)"


@pytest.mark.parametrize(
    ("budget", "isolations", "gates", "want"),
    [
        (None, {"c1": "host"}, ON, False),  # "No exclusive CPUs"
        (None, {"c1": "container"}, ON, True),  # "One container with exclusive CPUs"
        ("1", {"c1": "container"}, ON, True),  # "PodLevelResourceManagers enabled, One container with exclusive CPUs"
        ("1", {"c1": "pod"}, ON, False),  # "... One container in pod shared pool (ResourceIsolationPod)"
        ("2", {"c1": "container", "c2": "pod"}, ON, False),  # "... Mixed containers (one exclusive, one shared)"
        ("2", {"c1": "container", "c2": "host"}, ON, False),  # the same under topology scope container
        ("1", {"c1": "host"}, OFF, False),  # "PodLevelResourceManagers disabled, Pod Level Resources Only"
        ("2", {"c1": "container", "c2": "host"}, OFF, True),  # gate off: the rule before KEP-5526
    ],
)
def test_pod_has_exclusive_cpus_follows_the_upstream_table(
    budget: str | None, isolations: dict[str, str], gates: FeatureGates, want: bool
) -> None:
    the_pod = pod_of(pod("p", budget, [ctr(name) for name in isolations]))
    assert pod_has_exclusive_cpus(the_pod, isolations, gates) is want


def test_init_containers_count_for_the_pod() -> None:
    """TestPodHasExclusiveCPUs "Init container with exclusive CPUs"; and for a KEP-5526
    pod a shared init container is one that is not exclusive."""
    classic = pod_of(pod("p", None, [ctr("app")], init=[ctr("init1")]))
    assert pod_has_exclusive_cpus(classic, {"init1": "container", "app": "host"}, ON)
    kep = pod_of(pod("p", "2", [ctr("app", "1")], init=[ctr("init1")]))
    assert not pod_has_exclusive_cpus(kep, {"init1": "pod", "app": "container"}, ON)


# -- why each container got its CPUs (placement_why) -------------------------------------
def test_a_fractional_pod_budget_is_the_reason_not_the_container_request() -> None:
    """podGuaranteedCPUs is 0 for a 4500m budget, so AllocatePod returns before any
    pool exists: c1's own request of 2 CPUs is an integer and plays no part."""
    spec = pod("frac", None, [ctr("c1", "2"), ctr("c2")])
    spec["spec"]["resources"] = res("4500m", "4Gi")
    p = admit(spec)
    assert p.admitted and cpusets(p) == {"c1": None, "c2": None}
    want = (
        "Guaranteed pod, but its pod-level cpu budget 4500m is not an integer: no CPU pool for the pod "
        "(podGuaranteedCPUs 0), so every container runs in the node's shared pool"
    )
    assert {name: words(c.why) for name, c in p.containers.items()} == {"c1": want, "c2": want}
    # Under scope container the pod budget is not used: c1 is pinned on its own request.
    contained = admit(spec, scope="container")
    assert words(contained.containers["c1"].why) == "Guaranteed pod, integer cpu request 2: exclusive CPUs 1-2 (NUMA hint {0} (preferred))"


def test_a_shared_init_container_gets_the_pod_pool_less_the_earlier_sidecars() -> None:
    init = [ctr("init", "2"), ctr("side", "1", restartPolicy="Always"), ctr("init-shared")]
    p = admit(pod("p", "4", [ctr("app", "1"), ctr("app-shared")], init=init))
    assert words(p.containers["init-shared"].why) == (
        "not Guaranteed on its own, an init container: the pod's CPUs 1-4 less the exclusive CPUs of "
        "the sidecars started before it, 2-4 (CFS quota kept)"
    )
    assert words(p.containers["app-shared"].why) == (
        "not Guaranteed on its own: the pod's shared pool 3-4 of its pod-level CPUs (CFS quota kept)"
    )
    first = admit(pod("p", "4", [ctr("app", "1"), ctr("app-shared")], init=[ctr("init-shared")]))
    assert words(first.containers["init-shared"].why) == "not Guaranteed on its own, an init container: all the pod's CPUs 1-4 (CFS quota kept)"


# -- the KEP's "Failure Case": the API server rejects it first ------------------------------
OVER_MESSAGE = (
    'Pod "over" is invalid: [spec.resources.requests[cpu]: Invalid value: "4": must be greater than or equal to '
    'aggregate container requests of 5, spec.resources.requests[memory]: Invalid value: "4Gi": must be greater '
    "than or equal to aggregate container requests of 5Gi]"
)


def over() -> dict[str, Any]:
    return pod("over", "4", [ctr("c1", "3"), ctr("c2", "2")])


@pytest.mark.parametrize("scope", ["pod", "container"])
def test_containers_above_the_pod_budget_never_reach_a_kubelet(scope: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """validatePodResourceConsistency refuses it (lint PR103): neither "admitted"
    (scope container used to say so) nor a kubelet error (scope pod)."""
    report = explain_json(tmp_path, capsys, write_node(tmp_path, scope), over())
    assert report["admission"] == {
        "admitted": False,
        "reason": "Invalid",
        "message": OVER_MESSAGE,
        "sharedPoolAfter": None,
        "decidedBy": "apiserver",
    }
    assert {c["name"]: c["cpuset"] for c in report["containers"]} == {"c1": None, "c2": None}


def test_the_rejection_is_said_in_the_explain_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    manifest = tmp_path / "over.yaml"
    manifest.write_text(json.dumps(over()))
    assert main(["explain", "--node", str(write_node(tmp_path, "pod")), str(manifest)]) == 0
    text = " ".join(capsys.readouterr().out.replace("│", " ").split())
    assert 'Rejected by the API server, so no kubelet sees it: Pod "over" is invalid:' in text
    assert "Refused by the kubelet" not in text and "CPU / NUMA placement" not in text


def test_admit_skips_a_pod_the_api_server_rejects(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    manifest = tmp_path / "pods.yaml"
    manifest.write_text("\n---\n".join(json.dumps(p) for p in (pod("first", None, [ctr("c", "2")]), over(), pod("next", None, [ctr("c", "2")]))))
    code = main(["admit", "--node", str(write_node(tmp_path, "container")), "-o", "json", str(manifest)])
    out, err = capsys.readouterr()
    assert code == 0, err
    pods = {p["workload"]["name"]: p for p in json.loads(out)["pods"]}
    assert pods["over"]["admission"]["decidedBy"] == "apiserver"
    assert pods["over"]["admission"]["sharedPoolAfter"] == "0,3-7"  # the node's pool is untouched
    assert pods["first"]["admission"]["decidedBy"] == "kubelet"
    # "next" is placed as if "over" had never been sent: the CPUs right after "first"'s.
    assert pods["next"]["containers"][0]["cpuset"] == "3-4"
    main(["admit", "--node", str(write_node(tmp_path, "container")), str(manifest)])
    table = " ".join(capsys.readouterr().out.replace("│", " ").split())
    assert "rejected by the API server (never reaches the node): Pod" in table


def test_the_invalid_status_message() -> None:
    """apierrors.NewInvalid: Kind[.group], the name, and ToAggregate's text."""
    one = FieldError("spec.resources.requests[cpu]", "Invalid", "must be greater than or equal to aggregate container requests of 5", "4")
    other = FieldError("spec.containers[0].resources.requests[cpu]", "Invalid", "must be less than or equal to cpu limit of 1", "2")
    assert invalid_status_message("v1", "Pod", "p", [one]) == (
        'Pod "p" is invalid: spec.resources.requests[cpu]: Invalid value: "4": must be greater than or equal to aggregate container requests of 5'
    )
    assert invalid_status_message("apps/v1", "Deployment", "web", [one, other, one]).startswith(
        'Deployment.apps "web" is invalid: [spec.resources.requests[cpu]: Invalid value: "4": '
    )
    assert invalid_status_message("apps/v1", "Deployment", "web", [one, other, one]).endswith(
        'spec.containers[0].resources.requests[cpu]: Invalid value: "2": must be less than or equal to cpu limit of 1]'
    )
    assert invalid_status_message(None, "Pod", "p", []) == 'Pod "p" is invalid'


# -- the admit node map: a pod's shared pool is held by the pod --------------------------------
def admitted_map(tmp_path: Path, specs: list[dict[str, Any]]) -> tuple[Any, Any]:
    """The AdmitReport of ``specs`` in order on the 8-CPU doc node (scope pod), and its node."""
    from pod_resources_cli.analysis.admit import admit_workloads
    from pod_resources_cli.model.items import WorkloadItem
    from pod_resources_cli.run.pipeline import iter_items
    from pod_resources_cli.source.node_file import load_node

    manifest = tmp_path / "pods.yaml"
    manifest.write_text("\n---\n".join(json.dumps(s) for s in specs))
    node = load_node(str(write_node(tmp_path, "pod")))
    workloads = [(i.workload, i.location) for i in iter_items([str(manifest)]) if isinstance(i, WorkloadItem)]
    return admit_workloads(workloads, node, FeatureGates()), node


def test_the_pod_shared_pool_is_drawn_as_held_by_the_pod(tmp_path: Path) -> None:
    from rich.console import Console

    from pod_resources_cli.render.node_topology import render_topology
    from pod_resources_cli.render.topology_svg import topology_svg

    report, node = admitted_map(tmp_path, [pod("t-someg", "5", [ctr("c1", "3"), ctr("c2"), ctr("c3")])])
    assert report.owners == {1: "t-someg/c1", 2: "t-someg/c1", 3: "t-someg/c1", 4: "t-someg (pod shared pool)", 5: "t-someg (pod shared pool)"}
    console = Console(width=200, record=True, color_system=None)
    console.print(render_topology(node, set(report.reserved), report.owners))
    text = console.export_text()
    assert "[  0*] [  1A] [  2A] [  3A] [  4B] [  5B] [  6 ] [  7 ]" in text
    assert " B  t-someg (pod shared pool)" in text
    svg = topology_svg(node, set(report.reserved), report.owners)
    assert "<title>CPU 4: t-someg (pod shared pool)</title>" in svg and "<title>CPU 6: shared pool</title>" in svg
    assert ">t-someg (pod shared pool) · CPUs 4-5</text>" in svg and ">B</text>" in svg


def test_budget_no_container_uses_stays_with_the_pod(tmp_path: Path) -> None:
    """KEP-5526 "wasted resources": a 5-CPU budget, 4 CPUs of exclusive slices; the fifth
    leaves the node's shared pool with the pod although no container runs on it."""
    report, _ = admitted_map(tmp_path, [pod("p", "5", [ctr("c1", "3"), ctr("c2", "1")]), pod("q", None, [ctr("c", "1")])])
    assert report.owners == {1: "p/c1", 2: "p/c1", 3: "p/c1", 4: "p/c2", 5: "p (pod shared pool)", 6: "q/c"}
    assert str(report.shared_pool_after) == "0,7"


# -- validatePodScopeResources: the init-container texts ---------------------------------------
def test_shared_init_container_with_the_budget_taken_by_sidecars(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 4-CPU sidecar takes the whole 4-CPU budget before a shared init container.
    The API server accepts it (aggregate 4 = budget), the kubelet does not."""
    init = [ctr("side", "4", "2Gi", restartPolicy="Always"), ctr("init")]
    spec = pod("shared-init", "4", [ctr("app")], init=init)
    refused = admit(spec)
    assert (refused.admitted, refused.reason, refused.message) == (
        False,
        "EmptyPodSharedPoolError",
        "pod rejected, pod has shared init containers but no cpus available for them",
    )
    assert str(refused.shared_pool_after) == "0-7"
    # restricted: the CPU manager has no pod hint for it, so the merge refuses first
    assert admit(spec, policy="restricted").message == "Pod Scope pod with pod-level resources failed admission under pod-scope topology manager"
    report = explain_json(tmp_path, capsys, write_node(tmp_path, "pod"), spec)
    assert report["admission"]["decidedBy"] == "kubelet"
    assert report["admission"]["message"] == "pod rejected, pod has shared init containers but no cpus available for them"


def test_exclusive_init_container_larger_than_what_the_sidecars_leave(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The kubelet's text, as AllocatePod gives it (upstream policy_static.go
    validatePodScopeResources). Such a pod cannot pass the API server: an init
    container runs beside the sidecars started before it, so its request plus
    theirs counts in the aggregate the pod-level request must cover."""
    init = [ctr("side", "2", restartPolicy="Always"), ctr("init", "3")]
    spec = pod("bigint", "4", [ctr("app")], init=init)
    refused = admit(spec)
    assert (refused.admitted, refused.reason, refused.message) == (
        False,
        "EmptyPodSharedPoolError",
        "pod rejected, largest exclusive init container requests 3 cpus, but only 2 available",
    )
    report = explain_json(tmp_path, capsys, write_node(tmp_path, "pod"), spec)
    assert report["admission"]["decidedBy"] == "apiserver"
    assert report["admission"]["message"].startswith(
        'Pod "bigint" is invalid: [spec.resources.requests[cpu]: Invalid value: "4": must be greater than or equal '
        "to aggregate container requests of 5, "
    )


@pytest.mark.parametrize(
    ("policy", "reason", "message"),
    [
        (
            "best-effort",
            "EmptyPodSharedPoolError",
            "pod rejected, sum of exclusive container memory requests equals pod budget, leaving no memory for shared containers",
        ),
        ("restricted", "TopologyAffinityError", "Pod Scope pod with pod-level resources failed admission under pod-scope topology manager"),
    ],
)
def test_an_empty_memory_pool_is_not_an_unexpected_admission_error(policy: str, reason: str, message: str) -> None:
    """docs/semantics.md item 10: the Memory manager's pod-level refusals keep their own reasons.
    CPUs leave a shared pool here (5 budget, 4 exclusive); memory does not (5Gi, 3Gi + 2Gi)."""
    spec = pod("memempty", "5", [ctr("c1", "3"), ctr("c2", "1", "2Gi"), ctr("c3")])
    p = admit(
        spec,
        policy=policy,
        memoryManagerPolicy="Static",
        systemReserved={"memory": "1Gi"},
        reservedMemory=[{"numaNode": 0, "limits": {"memory": "1124Mi"}}],
    )
    assert (p.admitted, p.reason, p.message) == (False, reason, message)


def test_topology_policy_none_has_no_pod_level_path() -> None:
    """NewManager short-cuts policy none to the none scope (per-container Allocate),
    whatever topologyManagerScope says: no pod pool, so no empty-pool refusal either."""
    p = admit(pod("p", "5", [ctr("c1", "3"), ctr("c2", "2"), ctr("c3")]), policy="none")
    assert p.admitted and cpusets(p) == {"c1": "1-3", "c2": "4-5", "c3": None}
    assert isolation(p) == {"c1": "container", "c2": "container", "c3": "host"}
