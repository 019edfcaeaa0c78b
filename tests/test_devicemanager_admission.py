"""The Device manager in the kubelet's admission: devices aligned with CPUs and memory.

A 2-socket node (NUMA nodes 0 and 1, 8 CPUs each) with 4 GPUs per NUMA node;
the static CPU policy and every topology manager policy and scope.
"""

from __future__ import annotations

from pod_resources_cli.records import replace
from typing import Any

import pytest

from pod_resources_cli.analysis.node_side import fit_predicate, scheduler_reason
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.admission import admit_pods
from pod_resources_cli.kube.admission_result import AdmitResult
from pod_resources_cli.kube.allocatable import node_allocatable
from pod_resources_cli.kube.devicemanager.state import DeviceAllocation
from pod_resources_cli.kube.pod_create import create_pod
from pod_resources_cli.model.node import Device, NodeDescription
from tests.support import pod_of
from tests.test_cpu_manager import TWO_NUMA, make_node

GATES = FeatureGates()
GPU = "nvidia.com/gpu"
GPUS = tuple(Device(GPU, f"gpu{i}", (i // 4,)) for i in range(8))  # gpu0-3 on NUMA 0, gpu4-7 on NUMA 1


def node(policy: str = "single-numa-node", scope: str = "container", devices: tuple[Device, ...] = GPUS, **kubelet: Any) -> NodeDescription:
    settings = {"cpuManagerPolicy": "static", "systemReserved": {"cpu": "1"}, **kubelet}
    base = make_node(TWO_NUMA, topologyManagerPolicy=policy, topologyManagerScope=scope, **settings)
    return replace(base, devices=devices)


def container(name: str, cpu: str = "2", gpus: int | None = None, **extra: Any) -> dict[str, Any]:
    resources: dict[str, str] = {"cpu": cpu, "memory": "1Gi"}
    if gpus is not None:
        resources[GPU] = str(gpus)
    return {"name": name, "image": "app", "resources": {"requests": resources, "limits": resources}, **extra}


def pod(name: str, *containers: dict[str, Any], init: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    spec: dict[str, Any] = {"containers": list(containers)}
    if init:
        spec["initContainers"] = list(init)
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name}, "spec": spec}


def admit(n: NodeDescription, *pods: dict[str, Any]) -> AdmitResult:
    return admit_pods(n, [create_pod(pod_of(p), GATES).pod for p in pods], GATES, predicate=fit_predicate(n))


def gpus(ids: str, numa: tuple[int, ...]) -> tuple[DeviceAllocation, ...]:
    return (DeviceAllocation(GPU, tuple(ids.split()), numa),)


def test_two_cpus_and_two_gpus_on_one_numa_node_under_single_numa_node() -> None:
    (entry,) = admit(node(), pod("train", container("app", "2", 2))).pods
    assert entry.admitted
    app = entry.containers["app"]
    assert app.numa_affinity == [0] and app.preferred is True
    assert str(app.cpuset) == "1,9"  # NUMA node 0's CPUs (0-3, 8-11 on this machine)
    assert app.devices == gpus("gpu0 gpu1", (0,))


def test_five_gpus_cannot_sit_on_one_numa_node() -> None:
    (entry,) = admit(node(), pod("big", container("app", "2", 5))).pods
    assert not entry.admitted
    assert (entry.reason, entry.message) == ("TopologyAffinityError", "Resources cannot be allocated with Topology locality")


def test_restricted_refuses_five_gpus_with_cpus_too() -> None:
    """The devices' preferred hint spans NUMA 0-1 (the narrowest that holds 5) and the
    CPUs' spans one node: no permutation is preferred (mergePermutation wants one mask)."""
    (entry,) = admit(node("restricted"), pod("big", container("app", "2", 5))).pods
    assert entry.reason == "TopologyAffinityError"


def test_best_effort_admits_across_numa_nodes() -> None:
    (entry,) = admit(node("best-effort"), pod("big", container("app", "2", 5))).pods
    assert entry.admitted
    app = entry.containers["app"]
    assert app.numa_affinity == [0, 1]
    assert app.devices == gpus("gpu0 gpu1 gpu2 gpu3 gpu4", (0, 1))


def test_policy_none_allocates_without_alignment() -> None:
    (entry,) = admit(node("none"), pod("p", container("app", "2", 3))).pods
    assert entry.admitted and entry.containers["app"].numa_affinity == []
    assert entry.containers["app"].devices == gpus("gpu0 gpu1 gpu2", (0,))


def test_pods_fill_the_numa_nodes_in_turn_then_the_fit_refuses() -> None:
    n = node()
    result = admit(n, *(pod(f"p{i}", container("app", "2", 2)) for i in range(5)))
    placed = [p.containers["app"].devices for p in result.pods[:4]]
    assert placed == [
        gpus("gpu0 gpu1", (0,)),
        gpus("gpu2 gpu3", (0,)),
        gpus("gpu4 gpu5", (1,)),
        gpus("gpu6 gpu7", (1,)),
    ]
    last = result.pods[4]
    # No GPU left: the device hints are empty, the merge fails before the fit predicate runs.
    assert (last.admitted, last.reason) == (False, "TopologyAffinityError")


def test_not_enough_devices_under_best_effort_is_the_device_managers_error() -> None:
    n = node("best-effort")
    result = admit(n, pod("a", container("app", "1", 6)), pod("b", container("app", "1", 3)))
    a, b = result.pods
    assert a.admitted
    assert (b.admitted, b.reason) == (False, "UnexpectedAdmissionError")
    assert b.message == (
        "Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. "
        "Requested: 3, Available: 2, which is unexpected"
    )


def test_init_container_devices_are_reused_and_sidecars_keep_theirs() -> None:
    side = container("side", "1", 1, restartPolicy="Always")
    p = pod("p", container("app", "2", 2), init=(container("init", "2", 2), side))
    (entry,) = admit(node(), p).pods
    placed = entry.containers
    assert placed["init"].devices == gpus("gpu0 gpu1", (0,))
    assert placed["side"].devices == gpus("gpu0", (0,))  # the finished init container's first device
    assert placed["app"].devices == gpus("gpu1 gpu2", (0,))  # the other reusable one, then a free one
    # A sidecar started first keeps its device: the app gets others.
    p = pod("p", container("app", "2", 2), init=(side, container("init", "2", 2)))
    (entry,) = admit(node(), p).pods
    placed = entry.containers
    assert placed["side"].devices == gpus("gpu0", (0,))
    assert placed["init"].devices == gpus("gpu1 gpu2", (0,))
    assert placed["app"].devices == gpus("gpu1 gpu2", (0,))


def test_pod_scope_places_every_container_on_the_pod_hint() -> None:
    p = pod("p", container("a", "2", 2), container("b", "2", 2))
    (entry,) = admit(node(scope="pod"), p).pods
    assert entry.admitted and entry.pod_numa_affinity == [0]
    assert entry.containers["a"].devices == gpus("gpu0 gpu1", (0,))
    assert entry.containers["b"].devices == gpus("gpu2 gpu3", (0,))
    (entry,) = admit(node(scope="pod"), pod("p", container("a", "2", 3), container("b", "2", 2))).pods
    assert entry.reason == "TopologyAffinityError"  # 5 GPUs for the pod: no single NUMA node


def test_devices_without_topology_give_no_preference() -> None:
    plain = tuple(Device("example.com/fpga", f"f{i}") for i in range(2))
    n = node(devices=GPUS + plain)
    c = container("app", "2", 2)
    c["resources"]["limits"]["example.com/fpga"] = c["resources"]["requests"]["example.com/fpga"] = "2"
    (entry,) = admit(n, pod("p", c)).pods
    assert entry.admitted and entry.containers["app"].numa_affinity == [0]
    assert entry.containers["app"].devices == (
        DeviceAllocation("example.com/fpga", ("f0", "f1"), ()),
        DeviceAllocation(GPU, ("gpu0", "gpu1"), (0,)),
    )


def test_an_unadvertised_resource_is_admitted_by_the_kubelet_not_the_scheduler() -> None:
    n = node(devices=())
    p = pod("p", container("app", "2", 1))
    (entry,) = admit(n, p).pods
    assert entry.admitted and entry.containers["app"].devices == ()
    assert GPU not in node_allocatable(n)
    assert scheduler_reason(n, create_pod(pod_of(p), GATES).pod)[0] == "Insufficient nvidia.com/gpu"
    assert scheduler_reason(node(), create_pod(pod_of(p), GATES).pod) == (None, None)


def test_device_counts_are_the_nodes_capacity() -> None:
    assert node_allocatable(node())[GPU].value() == 8


@pytest.mark.parametrize("policy", ["best-effort", "restricted", "single-numa-node"])
def test_a_refused_pod_gives_its_devices_back(policy: str) -> None:
    n = node(policy)
    result = admit(n, pod("a", container("app", "2", 2), container("big", "20")), pod("b", container("app", "2", 2)))
    a, b = result.pods
    assert not a.admitted
    assert b.admitted and b.containers["app"].devices == gpus("gpu0 gpu1", (0,))


def test_pod_level_resources_take_the_devices_at_container_creation() -> None:
    """KEP-5526 (scope pod, PodLevelResourceManagers): the device hints join the one
    pod hint; the device manager's AllocatePod allocates nothing, each container
    gets its devices when it is created, under the pod's hint."""
    gates = FeatureGates(explicit={"PodLevelResourceManagers": True})
    budget = {"cpu": "4", "memory": "4Gi"}
    spec = pod("p", container("a", "2", 2), container("b", "2", 1))
    spec["spec"]["resources"] = {"requests": budget, "limits": budget}
    n = node(scope="pod")
    (entry,) = admit_pods(n, [create_pod(pod_of(spec), gates).pod], gates).pods
    assert entry.admitted and entry.pod_numa_affinity == [0]
    assert entry.containers["a"].devices == gpus("gpu0 gpu1", (0,))
    assert entry.containers["b"].devices == gpus("gpu2", (0,))


def test_explain_json_carries_devices_and_the_schedulers_reason(tmp_path: Any) -> None:
    import json
    from pathlib import Path

    import jsonschema

    from pod_resources_cli.analysis.admit import admit_workloads
    from pod_resources_cli.analysis.report import ExplainReport
    from pod_resources_cli.model.items import WorkloadItem
    from pod_resources_cli.run.pipeline import iter_items
    from pod_resources_cli.render.explain_json import report_dict

    schema = json.loads((Path(__file__).resolve().parents[1] / "schemas" / "report.schema.json").read_text())
    manifest = Path(tmp_path) / "pods.yaml"
    fpga = container("app", "1")
    fpga["resources"]["limits"]["example.com/fpga"] = fpga["resources"]["requests"]["example.com/fpga"] = "1"
    manifest.write_text("\n---\n".join(json.dumps(p) for p in (pod("train", container("app", "2", 2)), pod("fpga", fpga))))
    workloads = [(i.workload, i.location) for i in iter_items([str(manifest)]) if isinstance(i, WorkloadItem)]
    n = node()
    report = admit_workloads(workloads, n, GATES)
    data = report_dict(ExplainReport(pods=report.pods, node=n))
    jsonschema.validate(data, schema)
    train, other = data["pods"]
    assert train["containers"][0]["devices"] == [{"resource": GPU, "deviceIds": ["gpu0", "gpu1"], "numaNodes": [0]}]
    assert "schedulerReason" not in train["admission"]
    assert other["admission"]["admitted"] is True and other["containers"][0]["devices"] == []
    assert other["admission"]["schedulerReason"] == "Insufficient example.com/fpga"


def test_tables_show_the_devices_and_the_schedulers_reason(tmp_path: Any) -> None:
    import io
    import json
    from pathlib import Path

    from rich.console import Console

    from pod_resources_cli.analysis.admit import admit_workloads
    from pod_resources_cli.model.items import WorkloadItem
    from pod_resources_cli.run.pipeline import iter_items
    from pod_resources_cli.render.admit_table import render_admit
    from pod_resources_cli.render.explain_table import render_pod
    from pod_resources_cli.render.text_layout import plain_screen

    manifest = Path(tmp_path) / "pods.yaml"
    fpga = container("app", "1")
    fpga["resources"]["limits"]["example.com/fpga"] = fpga["resources"]["requests"]["example.com/fpga"] = "1"
    manifest.write_text("\n---\n".join(json.dumps(p) for p in (pod("train", container("app", "2", 2)), pod("fpga", fpga))))
    workloads = [(i.workload, i.location) for i in iter_items([str(manifest)]) if isinstance(i, WorkloadItem)]
    report = admit_workloads(workloads, node(), GATES)

    def text(renderable: Any) -> str:
        out = io.StringIO()
        Console(file=out, width=250, color_system=None).print(renderable)
        return out.getvalue()

    admit_text = text(render_admit(report))
    assert "nvidia.com/gpu: gpu0,gpu1 (NUMA 0)" in admit_text
    assert "the scheduler would not place it here: Insufficient example.com/fpga" in admit_text
    explain_text = render_pod(report.pods[0], plain_screen(250))  # the explain table is text, laid out for a screen
    assert "devices" in explain_text and "nvidia.com/gpu: gpu0,gpu1 (NUMA 0)" in explain_text
    assert "The scheduler never places it on this node (Insufficient example.com/fpga)" in render_pod(report.pods[1], plain_screen(250))


@pytest.mark.parametrize("scope", ["container", "pod"])
def test_devices_cpus_and_memory_share_one_numa_node(scope: str) -> None:
    """The three providers in NewContainerManager's order (device, CPU, memory): the
    first GPUs on NUMA 0 are taken, so a pod asking 3 more lands on NUMA 1 with its
    CPUs and memory."""
    n = node(
        scope=scope,
        memoryManagerPolicy="Static",
        systemReserved={"cpu": "1", "memory": "924Mi"},
        reservedMemory=[{"numaNode": 0, "limits": {"memory": "1Gi"}}],
    )
    result = admit(n, pod("first", container("app", "2", 2)), pod("second", container("app", "2", 3)))
    first, second = result.pods
    assert first.containers["app"].memory_numa_nodes == [0] and first.containers["app"].devices == gpus("gpu0 gpu1", (0,))
    app = second.containers["app"]
    assert second.admitted and app.numa_affinity == [1]
    assert app.memory_numa_nodes == [1] and str(app.cpuset_mems) == "1"
    assert str(app.cpuset) == "4,12" and app.devices == gpus("gpu4 gpu5 gpu6", (1,))


def test_the_schedulers_fit_is_said_when_the_kubelet_refuses_for_another_reason_first() -> None:
    """The kubelet's resource managers run before its fit check: a pod asking
    for a hugepage size the node lacks meets the CPU manager's SMT refusal
    there, while the scheduler (fit.go) never places it: Insufficient
    hugepages-2Mi. A kubelet refusal that is the fit's own (OutOfcpu) says it
    already, and nothing is added."""
    from pod_resources_cli.kube.admission_result import PodAdmission

    hp = {"cpu": "3", "memory": "128Mi", "hugepages-2Mi": "128Mi"}
    p = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
         "spec": {"containers": [{"name": "app", "image": "app", "resources": {"requests": hp, "limits": hp}}]}}  # fmt: skip
    pod = create_pod(pod_of(p), GATES).pod
    n = node()
    smt = PodAdmission("p", None, False, "SMTAlignmentError", "SMT Alignment Error: requested 3 cpus not multiple cpus per core = 2")
    reason, why = scheduler_reason(n, pod, smt)
    assert reason == "Insufficient hugepages-2Mi" and why is not None and "stays Pending" in why
    assert scheduler_reason(n, pod, PodAdmission("p", None, False, "OutOfhugepages-2Mi", "Node didn't have enough resource")) == (None, None)
    assert scheduler_reason(n, pod) == (None, None)  # no kubelet refusal to differ from
