"""The kubelet's start-up checks of a node description, and how its config files merge.

Each case is a configuration the kubelet refuses (it does not start: exit 2
with its text) or accepts, as read in cmd/kubelet/app/server.go,
pkg/kubelet/apis/config/validation, pkg/kubelet/apis/config/v1beta1/defaults.go
and the resource managers' NewManager.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.errors import NodeError
from pod_resources_cli.features import FeatureGates, KubernetesVersion
from pod_resources_cli.kube.admission import check_kubelet_config
from pod_resources_cli.kube.allocatable import compute_allocatable
from pod_resources_cli.kube.cpumanager.policy_options import LEVELS, option_level
from pod_resources_cli.model.decode.node.kubelet_config import FIELD_ATTRS
from pod_resources_cli.model.node import KubeletConfig, NodeDescription
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import fields
from pod_resources_cli.source.node_file import load_node

# 2 sockets x 4 cores x 2 threads: CPUs 0-15, NUMA nodes 0-1, 16Gi each.
PROFILE = """\
apiVersion: pod-resources/v1
kind: NodeProfile
sockets: 2
coresPerSocket: 4
threadsPerCore: 2
memoryPerNumaNode: 16Gi
ephemeralStorage: 100Gi
"""
POD = """\
apiVersion: v1
kind: Pod
metadata: {name: g}
spec:
  containers:
  - name: c
    resources: {limits: {cpu: "2", memory: 1Gi}}
"""


def node_file(tmp_path: Path, kubelet: str, extra: str = "") -> str:
    path = tmp_path / "node.yaml"
    path.write_text(PROFILE + "kubelet:\n" + textwrap.indent(textwrap.dedent(kubelet).strip(), "  ") + "\n" + extra)
    return str(path)


def refusal(path: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> str:
    """The one line `admit` and `node show` print for a node the kubelet refuses (the same)."""
    pod = tmp_path / "pod.yaml"
    pod.write_text(POD)
    assert main(["admit", "--node", path, str(pod)]) == 2
    admit_err = capsys.readouterr().err
    assert main(["node", "show", path]) == 2
    show_err = capsys.readouterr().err
    assert admit_err == show_err and admit_err.count("\n") == 1
    return admit_err.strip()


# --- 1. kubeReserved / systemReserved: server.go parseResourceList ---------------------------


@pytest.mark.parametrize(
    ("kubelet", "error"),
    [
        (
            "kubeReserved: {hugepages-2Mi: 10Mi, memory: 1Gi}",
            'node.yaml:9:18: kubelet.kubeReserved.hugepages-2Mi: --kube-reserved value failed to parse: cannot reserve "hugepages-2Mi" resource',
        ),
        (
            "systemReserved: {nvidia.com/gpu: '1'}",
            'node.yaml:9:20: kubelet.systemReserved.nvidia.com/gpu: --system-reserved value failed to parse: cannot reserve "nvidia.com/gpu" resource',
        ),
        (
            "kubeReserved: {memory: -1Gi}",
            'node.yaml:9:18: kubelet.kubeReserved.memory: --kube-reserved value failed to parse: resource quantity for "memory" cannot be negative: -1Gi',
        ),
    ],
)
def test_reservations_the_kubelet_cannot_parse_stop_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kubelet: str, error: str
) -> None:
    assert refusal(node_file(tmp_path, kubelet), capsys, tmp_path) == f"pod-resources: error: {tmp_path}/{error}"


def test_pid_is_reservable_and_reserved_cpus_override_a_bad_kube_cpu(tmp_path: Path) -> None:
    assert load_node(node_file(tmp_path, "systemReserved: {pid: '1000'}")).kubelet.system_reserved["pid"] == Quantity.parse("1000")
    # server.go deletes kubeReserved's cpu before parsing when reservedSystemCPUs is set.
    node = load_node(node_file(tmp_path, "reservedSystemCPUs: '0-1'\nkubeReserved: {cpu: '-4'}"))
    assert compute_allocatable(node).reservation["cpu"] == Quantity.parse("2")


def test_an_unparsed_reservation_is_refused_when_allocatable_is_computed() -> None:
    kubelet = KubeletConfig(kube_reserved={"hugepages-2Mi": Quantity.parse("10Mi")})
    with pytest.raises(NodeError, match=r'^--kube-reserved value failed to parse: cannot reserve "hugepages-2Mi" resource$'):
        compute_allocatable(NodeDescription("n", kubelet))


def test_reserved_cpu_is_rounded_to_millicores_as_parse_resource_list_does(tmp_path: Path) -> None:
    # q.SetMilli((q.ScaledValue(Micro) + 500) / 1000): 1.0004 -> 1000m, so one reserved CPU, not two.
    node = load_node(node_file(tmp_path, "cpuManagerPolicy: static\nkubeReserved: {cpu: '1.0004'}\nsystemReserved: {cpu: 500u}"))
    assert compute_allocatable(node).reservation["cpu"] == Quantity.parse("1001m")
    from pod_resources_cli.kube.admission import reserved_cpus

    assert str(reserved_cpus(node)) == "0,8"  # ceil(1.001) = 2 CPUs: one whole core


# --- 2. maxPods: SetDefaults 0 -> 110, validation of negatives -------------------------------


def test_max_pods_zero_means_110(tmp_path: Path) -> None:
    node = load_node(node_file(tmp_path, "maxPods: 0"))
    assert compute_allocatable(node).allocatable["pods"] == Quantity.parse("110")


@pytest.mark.parametrize(
    ("kubelet", "error"),
    [
        ("maxPods: -1", "kubelet.maxPods: invalid configuration: maxPods (--max-pods) -1 must not be a negative number"),
        ("podsPerCore: -2", "kubelet.podsPerCore: invalid configuration: podsPerCore (--pods-per-core) -2 must not be a negative number"),
    ],
)
def test_negative_pod_counts_are_the_validation_error(tmp_path: Path, kubelet: str, error: str) -> None:
    with pytest.raises(NodeError) as info:
        load_node(node_file(tmp_path, kubelet))
    assert info.value.message == error and info.value.location is not None and info.value.location.line == 9


# --- 3. reservedMemory: validated whatever the policy; NUMA ids only by the Static policy ----


def test_reserved_memory_is_validated_under_policy_none(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = node_file(tmp_path, "memoryManagerPolicy: None\nreservedMemory:\n- numaNode: 0\n  limits: {memory: '0'}")
    assert refusal(path, capsys, tmp_path) == (
        f"pod-resources: error: {path}: the kubelet refuses this configuration: "
        'invalid configuration: reserved memory may not be zero for NUMA node 0 and resource "memory"'
    )


def test_an_unknown_numa_node_is_refused_by_the_static_policy_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reserved = "reservedMemory:\n- numaNode: 5\n  limits: {memory: 100Mi}"
    none = load_node(node_file(tmp_path, "memoryManagerPolicy: None\n" + reserved))
    check_kubelet_config(none, FeatureGates())  # accepted: only the Static policy looks at the NUMA ids
    path = node_file(tmp_path, "memoryManagerPolicy: Static\n" + reserved)
    assert refusal(path, capsys, tmp_path) == (
        f"pod-resources: error: {path}: the kubelet refuses this configuration: "
        "the reserved memory configuration references a NUMA node 5 that does not exist on this machine"
    )


# --- 4. the static CPU policy without a CPU reservation ---------------------------------------


@pytest.mark.parametrize("kubelet", ["cpuManagerPolicy: static", "cpuManagerPolicy: static\nkubeReserved: {cpu: '0'}"])
def test_static_policy_without_cpu_reservation(tmp_path: Path, capsys: pytest.CaptureFixture[str], kubelet: str) -> None:
    # GetNodeAllocatableReservation drops a zero cpu entry: NewManager finds none.
    path = node_file(tmp_path, kubelet)
    assert refusal(path, capsys, tmp_path) == (
        f"pod-resources: error: {path}: the kubelet refuses this configuration: "
        "[cpumanager] unable to determine reserved CPU resources for static policy"
    )


# --- 5 and 7. reservedSystemCPUs ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("kubelet", "error"),
    [
        (
            "reservedSystemCPUs: '0-1'\nsystemReservedCgroup: /system.slice",
            ("invalid configuration: can't use reservedSystemCPUs (--reserved-cpus) with systemReservedCgroup "
            "(--system-reserved-cgroup) or kubeReservedCgroup (--kube-reserved-cgroup)"),
        ),
        (
            "reservedSystemCPUs: '0-1'\nkubeReservedCgroup: /kube.slice",
            ("invalid configuration: can't use reservedSystemCPUs (--reserved-cpus) with systemReservedCgroup "
            "(--system-reserved-cgroup) or kubeReservedCgroup (--kube-reserved-cgroup)"),
        ),
        (
            "reservedSystemCPUs: abc",
            'invalid configuration: unable to parse reservedSystemCPUs (--reserved-cpus) abc, error: strconv.Atoi: parsing "abc": invalid syntax',
        ),
        ("reservedSystemCPUs: 0-99", "reserved-cpus: 0-99 is not a subset of online-cpus: 0-15"),
    ],
)
def test_reserved_system_cpus_refusals(tmp_path: Path, capsys: pytest.CaptureFixture[str], kubelet: str, error: str) -> None:
    path = node_file(tmp_path, "cpuManagerPolicy: static\n" + kubelet)
    assert refusal(path, capsys, tmp_path) == f"pod-resources: error: {path}:10:3: kubelet.reservedSystemCPUs: {error}"


def test_reserved_cgroups_alone_are_fine(tmp_path: Path) -> None:
    node = load_node(node_file(tmp_path, "systemReservedCgroup: /system.slice\nkubeReservedCgroup: /kube.slice"))
    assert (node.kubelet.system_reserved_cgroup, node.kubelet.kube_reserved_cgroup) == ("/system.slice", "/kube.slice")


# --- 6. `node show` runs the kubelet's start-up checks ------------------------------------------


@pytest.mark.parametrize(
    ("kubelet", "error"),
    [
        ("topologyManagerPolicy: numa", 'topologyManagerPolicy (--topology-manager-policy) "numa" must be one of'),
        ("memoryManagerPolicy: Static", 'the total amount "0" of type "memory" is not equal to the value "100Mi"'),
        ("memoryManagerPolicy: BestEffort", 'policy "BestEffort" is not available for platform "linux"'),
        ("cpuManagerPolicy: Static", 'unknown policy: "Static"'),
    ],
)
def test_node_show_refuses_what_the_kubelet_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kubelet: str, error: str
) -> None:
    path = node_file(tmp_path, kubelet)
    assert main(["node", "show", path]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"pod-resources: error: {path}: the kubelet refuses this configuration: ") and error in err, err


def test_node_show_takes_feature_gates_for_the_checks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = node_file(tmp_path, "cpuManagerPolicy: static\nreservedSystemCPUs: '0'\ncpuManagerPolicyOptions: {align-by-socket: 'true'}")
    assert main(["node", "show", path]) == 2
    assert 'Alpha-level Options not enabled, but option "align-by-socket" provided' in capsys.readouterr().err
    assert main(["node", "show", "--feature-gates", "CPUManagerPolicyAlphaOptions=true", path]) == 0


# --- 7. texts: the CPU manager's policy errors are wrapped as NewManager wraps them -----------


def test_policy_errors_are_wrapped_as_new_manager_wraps_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = node_file(tmp_path, "cpuManagerPolicyOptions: {full-pcpus-only: 'true'}")
    assert refusal(path, capsys, tmp_path).endswith(
        ": new none policy error: None policy: received unsupported options=map[full-pcpus-only:true]"
    )
    path = node_file(tmp_path, "cpuManagerPolicy: static\nreservedSystemCPUs: '0'\ncpuManagerPolicyOptions: {full-pcpus-only: 'yes'}")
    assert refusal(path, capsys, tmp_path).endswith(
        ': new static policy error: bad value for option "full-pcpus-only": strconv.ParseBool: parsing "yes": invalid syntax'
    )


def test_node_allocatable_message_names_what_is_summed(tmp_path: Path) -> None:
    node = load_node(node_file(tmp_path, "kubeReserved: {cpu: '20'}"))
    with pytest.raises(NodeError) as info:
        compute_allocatable(node)
    assert info.value.message == (
        "invalid Node Allocatable configuration (kubeReserved + systemReserved + evictionHard). "
        'Resource "cpu" has a reservation of 20 but capacity of 16. Expected capacity >= reservation.'
    )


# --- 8 and 9. option maturity by version, the topology manager's gate texts ------------------


@pytest.mark.parametrize(
    ("option", "minor", "level"),
    [
        ("distribute-cpus-across-numa", 28, "alpha"),
        ("distribute-cpus-across-numa", 32, "alpha"),
        ("distribute-cpus-across-numa", 33, "beta"),
        ("distribute-cpus-across-numa", 37, "beta"),
        ("full-pcpus-only", 32, "beta"),
        ("full-pcpus-only", 33, "ga"),
        ("strict-cpu-reservation", 34, "beta"),
        ("strict-cpu-reservation", 35, "ga"),
        ("prefer-align-cpus-by-uncorecache", 35, "beta"),
        ("prefer-align-cpus-by-uncorecache", 36, "ga"),
        ("align-by-socket", 37, "alpha"),
        ("distribute-cpus-across-cores", 37, "alpha"),
    ],
)
def test_cpu_manager_option_levels(option: str, minor: int, level: str) -> None:
    assert option_level(LEVELS[option], minor) == level


def test_distribute_cpus_across_numa_needs_the_alpha_gate_before_1_33(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = node_file(tmp_path, "cpuManagerPolicy: static\nreservedSystemCPUs: '0'\ncpuManagerPolicyOptions: {distribute-cpus-across-numa: 'true'}")
    assert main(["node", "show", "--kubernetes-version", "1.32", path]) == 2
    assert 'CPU Manager Policy Alpha-level Options not enabled, but option "distribute-cpus-across-numa"' in capsys.readouterr().err
    assert main(["node", "show", "--kubernetes-version", "1.33", path]) == 0


def test_topology_manager_gate_texts_are_lower_case(tmp_path: Path) -> None:
    node = load_node(node_file(tmp_path, "topologyManagerPolicy: restricted\ntopologyManagerPolicyOptions: {prefer-closest-numa-nodes: 'true'}"))
    gates = FeatureGates(KubernetesVersion(1, 31), {"TopologyManagerPolicyBetaOptions": False})
    with pytest.raises(NodeError) as info:
        check_kubelet_config(node, gates)
    assert info.value.message == 'topology manager policy beta-level options not enabled, but option "prefer-closest-numa-nodes" provided'
    with pytest.raises(NodeError) as info:
        check_kubelet_config(node, FeatureGates(KubernetesVersion(1, 27), {"TopologyManagerPolicyAlphaOptions": False}))
    assert info.value.message == 'topology manager policy alpha-level options not enabled, but option "prefer-closest-numa-nodes" provided'


# --- 10. several KubeletConfiguration documents merge like the kubelet's drop-ins -----------


def test_a_later_document_replaces_a_scalar_even_with_the_default(tmp_path: Path) -> None:
    path = node_file(
        tmp_path,
        "maxPods: 50\ncpuManagerPolicy: static\nsystemReserved: {cpu: '1'}",
        "---\nkind: KubeletConfiguration\nmaxPods: 110\ncpuManagerPolicy: none\n",
    )
    kubelet = load_node(path).kubelet
    assert (kubelet.max_pods, kubelet.cpu_manager_policy) == (110, "none")


def test_maps_merge_key_by_key(tmp_path: Path) -> None:
    path = node_file(
        tmp_path,
        "kubeReserved: {cpu: 500m, memory: 1Gi}\nevictionHard: {memory.available: 200Mi}\nfeatureGates: {MemoryQoS: true}",
        "---\nkind: KubeletConfiguration\nkubeReserved: {memory: 2Gi}\nevictionHard: {nodefs.available: 5%}\n"
        "featureGates: {PodLevelResources: false}\n",
    )
    kubelet = load_node(path).kubelet
    assert kubelet.kube_reserved == {"cpu": Quantity.parse("500m"), "memory": Quantity.parse("2Gi")}
    assert kubelet.eviction_hard == {"memory.available": "200Mi", "nodefs.available": "5%"}
    assert kubelet.feature_gates == {"MemoryQoS": True, "PodLevelResources": False}


def test_drop_ins_patch_the_config_files_default_eviction_thresholds(tmp_path: Path) -> None:
    # loadConfigFile gives the config file all the default thresholds before any drop-in.
    path = node_file(tmp_path, "maxPods: 50", "---\nkind: KubeletConfiguration\nevictionHard: {memory.available: 500Mi}\n")
    eviction = load_node(path).kubelet.eviction_hard
    assert eviction is not None and eviction["memory.available"] == "500Mi" and eviction["nodefs.available"] == "10%"
    assert len(eviction) == 5


def test_lists_are_replaced_null_removes_and_an_empty_map_changes_nothing(tmp_path: Path) -> None:
    path = node_file(
        tmp_path,
        "reservedMemory:\n- numaNode: 0\n  limits: {memory: 1Gi}\n- numaNode: 1\n  limits: {memory: 1Gi}\n"
        "kubeReserved: {memory: 1Gi}\nsystemReserved: {memory: 1Gi}\ntopologyManagerPolicy: restricted",
        "---\nkind: KubeletConfiguration\nreservedMemory:\n- numaNode: 1\n  limits: {memory: 2Gi}\n"
        "kubeReserved: null\nsystemReserved: {}\ntopologyManagerPolicy: null\n",
    )
    kubelet = load_node(path).kubelet
    assert [(r.numa_node, str(r.limits["memory"])) for r in kubelet.reserved_memory] == [(1, "2Gi")]
    assert kubelet.kube_reserved == {} and kubelet.system_reserved == {"memory": Quantity.parse("1Gi")}
    assert kubelet.topology_manager_policy == "none"


def test_every_decoded_field_names_a_kubelet_config_attribute() -> None:
    assert set(FIELD_ATTRS.values()) <= {f.name for f in fields(KubeletConfig)}


def test_project_settings_alone_do_not_make_the_config_file(tmp_path: Path) -> None:
    # cgroupVersion is the project's, not the kubelet's: the KubeletConfiguration after it
    # is the config file, whose partial evictionHard leaves the other thresholds off.
    path = tmp_path / "node.yaml"
    path.write_text(PROFILE + "cgroupVersion: 1\n---\nkind: KubeletConfiguration\nevictionHard: {memory.available: 500Mi}\n")
    kubelet = load_node(str(path)).kubelet
    assert (kubelet.cgroup_version, kubelet.eviction_hard) == (1, {"memory.available": "500Mi"})
    # and an empty evictionHard in the config file means no threshold, whatever the drop-ins leave alone
    path.write_text(PROFILE + "kubelet: {evictionHard: {}}\n---\nkind: KubeletConfiguration\nmaxPods: 20\n")
    assert load_node(str(path)).kubelet.eviction_hard == {}


# --- swap (KEP-2400): validation.go, server.go, the failSwapOn check -------------------------


@pytest.mark.parametrize(
    ("kubelet", "extra", "error"),
    [
        ("maxPods: 110", "swap: 2Gi\n", "running with swap on is not supported, please disable swap! or set --fail-swap-on flag to false"),
        ("failSwapOn: false\nmemorySwap: {swapBehavior: UnlimitedSwap}", "swap: 2Gi\n", 'invalid configuration: memorySwap.swapBehavior "UnlimitedSwap" must be one of'),
        ("failSwapOn: false\nmemorySwap: {swapBehavior: LimitedSwap}", "swap: 2Gi\ncgroupVersion: 1\n", "swap feature is enabled and LimitedSwap but it is only supported with cgroupv2"),
    ],
)
def test_swap_settings_the_kubelet_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kubelet: str, extra: str, error: str
) -> None:
    path = node_file(tmp_path, kubelet, extra)
    assert refusal(path, capsys, tmp_path).startswith(f"pod-resources: error: {path}: the kubelet refuses this configuration: {error}")


def test_swap_off_on_the_machine_lets_fail_swap_on_start(tmp_path: Path) -> None:
    node = load_node(node_file(tmp_path, "failSwapOn: true", "swap: 0\n"))
    check_kubelet_config(node, FeatureGates())
    assert node.swap_capacity == 0


# --- 11. cpuCFSQuotaPeriod: validation.go's checks, and the period in cpu.max -----------------

PERIOD_NEEDS_GATE = (
    "invalid configuration: cpuCFSQuotaPeriod (--cpu-cfs-quota-period) 50ms requires feature gate CustomCPUCFSQuotaPeriod"
)


@pytest.mark.parametrize(
    ("kubelet", "args", "error"),
    [
        ("cpuCFSQuotaPeriod: 50ms", ["--kubernetes-version", "1.35"], PERIOD_NEEDS_GATE),
        ("cpuCFSQuotaPeriod: 50ms", ["--feature-gates", "CustomCPUCFSQuotaPeriod=false"], PERIOD_NEEDS_GATE),
        (
            "cpuCFSQuotaPeriod: 500us\nfeatureGates: {CustomCPUCFSQuotaPeriod: true}",
            ["--kubernetes-version", "1.35"],
            "invalid configuration: cpuCFSQuotaPeriod (--cpu-cfs-quota-period) 500µs must be between 1ms and 1sec, inclusive",
        ),
        (
            "cpuCFSQuotaPeriod: 1500ms",
            [],
            "invalid configuration: cpuCFSQuotaPeriod (--cpu-cfs-quota-period) 1.5s must be between 1ms and 1sec, inclusive",
        ),
    ],
)
def test_a_custom_period_the_kubelet_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kubelet: str, args: list[str], error: str
) -> None:
    path = node_file(tmp_path, kubelet)
    assert main(["node", "show", *args, path]) == 2
    assert capsys.readouterr().err == f"pod-resources: error: {path}: the kubelet refuses this configuration: {error}\n"


@pytest.mark.parametrize(
    ("kubelet", "args"),
    [
        ("cpuCFSQuotaPeriod: 100ms", ["--kubernetes-version", "1.27"]),  # the default needs no gate
        ("cpuCFSQuotaPeriod: 50ms\nfeatureGates: {CustomCPUCFSQuotaPeriod: true}", ["--kubernetes-version", "1.35"]),
        ("cpuCFSQuotaPeriod: 50ms", ["--kubernetes-version", "1.36"]),  # GA and on from 1.36
        ("cpuCFSQuotaPeriod: 1s", []),
        ("cpuCFSQuotaPeriod: 1ms", []),
    ],
)
def test_a_custom_period_the_kubelet_accepts(tmp_path: Path, capsys: pytest.CaptureFixture[str], kubelet: str, args: list[str]) -> None:
    assert main(["node", "show", *args, node_file(tmp_path, kubelet)]) == 0, capsys.readouterr().err


@pytest.mark.parametrize(("limit", "cpu_max"), [("1", "50000 50000"), ("10m", "1000 50000"), ("2500m", "125000 50000")])
def test_cpu_max_uses_the_custom_period(tmp_path: Path, capsys: pytest.CaptureFixture[str], limit: str, cpu_max: str) -> None:
    import json

    pod = tmp_path / "pod.yaml"
    pod.write_text(POD.replace('cpu: "2"', f"cpu: {limit!r}"))
    path = node_file(tmp_path, "cpuCFSQuotaPeriod: 50ms")
    assert main(["explain", "-o", "json", "--node", path, str(pod)]) == 0
    report = json.loads(capsys.readouterr().out)["pods"][0]
    container = report["containers"][0]["cgroup"]
    quota = cpu_max.split()[0]
    assert report["cgroup"]["v2"]["cpu.max"] == container["v2"]["cpu.max"] == cpu_max
    assert (container["v1"]["cpu.cfs_period_us"], container["v1"]["cpu.cfs_quota_us"]) == ("50000", quota)
    assert (report["cgroup"]["v1"]["cpu.cfs_period_us"], report["cgroup"]["v1"]["cpu.cfs_quota_us"]) == ("50000", quota)
    assert "cpuCFSQuotaPeriod 50ms" in container["why"]["cpu.max"] and "CustomCPUCFSQuotaPeriod=true" in report["cgroup"]["why"]["cpu.max"]
    gates = {g["name"]: (g["enabled"], g["why"]) for g in report["featureGates"]}
    assert gates["CustomCPUCFSQuotaPeriod"] == (True, "default in 1.37, GA since 1.36")
    assert gates["MemoryQoS"] == (True, "default in 1.37, beta since 1.37")  # a cgroup v2 node


@pytest.mark.parametrize(
    ("us", "text"),
    [(0, "0s"), (500, "500µs"), (1500, "1.5ms"), (50_000, "50ms"), (999_999, "999.999ms"), (1_500_000, "1.5s"), (90_000_000, "1m30s")],
)
def test_periods_are_quoted_as_go_prints_a_duration(us: int, text: str) -> None:
    from pod_resources_cli.kube.go_int import go_duration_us

    assert go_duration_us(us) == text
