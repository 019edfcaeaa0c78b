"""The embedded default node (data/nodes/default.yaml), as decoding it makes
it: scripts/gen_default_node.py writes this file, tests/test_default_node.py
keeps it equal to source/node_file.py's decoding of the YAML. A run without
--node builds it here (run/node.py): the node decoder is loaded only for
a --node file."""

from __future__ import annotations

from pod_resources_cli.model.node import CPUInfo, KubeletConfig, MachineTopology, NodeDescription, NUMANode
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.quantity_format import Format


def default_node() -> NodeDescription:
    """A new copy each call: its mappings are the caller's."""
    return NodeDescription(
        name="default (embedded: 16 CPUs, 32Gi, cgroup v2)",
        kubelet=KubeletConfig(
            cgroup_driver="systemd",
            cgroup_version=2,
            cpu_manager_policy="none",
            cpu_manager_policy_options={},
            reserved_system_cpus=None,
            topology_manager_policy="none",
            topology_manager_scope="container",
            topology_manager_policy_options={},
            memory_manager_policy="None",
            reserved_memory=(),
            kube_reserved={},
            system_reserved={},
            kube_reserved_cgroup="",
            system_reserved_cgroup="",
            eviction_hard=None,
            memory_throttling_factor=None,
            memory_reservation_policy="None",
            cpu_cfs_quota=True,
            cpu_cfs_quota_period_us=100000,
            pod_pids_limit=None,
            single_process_oom_kill=False,
            feature_gates={},
            max_pods=110,
            pods_per_core=0,
            merge_default_eviction_settings=False,
            runtime_cpu_weight="quadratic",
            page_size=4096,
            fail_swap_on=True,
            swap_behavior="",
            swap_controller=None,
        ),
        topology=MachineTopology(
            cpus=(
                CPUInfo(
                    cpu_id=0,
                    core_id=0,
                    socket_id=0,
                    numa_node=0,
                    uncore_cache=0,
                ),
                CPUInfo(
                    cpu_id=1,
                    core_id=1,
                    socket_id=0,
                    numa_node=0,
                    uncore_cache=0,
                ),
                CPUInfo(
                    cpu_id=2,
                    core_id=2,
                    socket_id=0,
                    numa_node=0,
                    uncore_cache=0,
                ),
                CPUInfo(
                    cpu_id=3,
                    core_id=3,
                    socket_id=0,
                    numa_node=0,
                    uncore_cache=0,
                ),
                CPUInfo(
                    cpu_id=4,
                    core_id=4,
                    socket_id=0,
                    numa_node=0,
                    uncore_cache=0,
                ),
                CPUInfo(
                    cpu_id=5,
                    core_id=5,
                    socket_id=0,
                    numa_node=0,
                    uncore_cache=0,
                ),
                CPUInfo(
                    cpu_id=6,
                    core_id=6,
                    socket_id=0,
                    numa_node=0,
                    uncore_cache=0,
                ),
                CPUInfo(
                    cpu_id=7,
                    core_id=7,
                    socket_id=0,
                    numa_node=0,
                    uncore_cache=0,
                ),
                CPUInfo(
                    cpu_id=8,
                    core_id=0,
                    socket_id=0,
                    numa_node=0,
                    uncore_cache=0,
                ),
                CPUInfo(
                    cpu_id=9,
                    core_id=1,
                    socket_id=0,
                    numa_node=0,
                    uncore_cache=0,
                ),
                CPUInfo(
                    cpu_id=10,
                    core_id=2,
                    socket_id=0,
                    numa_node=0,
                    uncore_cache=0,
                ),
                CPUInfo(
                    cpu_id=11,
                    core_id=3,
                    socket_id=0,
                    numa_node=0,
                    uncore_cache=0,
                ),
                CPUInfo(
                    cpu_id=12,
                    core_id=4,
                    socket_id=0,
                    numa_node=0,
                    uncore_cache=0,
                ),
                CPUInfo(
                    cpu_id=13,
                    core_id=5,
                    socket_id=0,
                    numa_node=0,
                    uncore_cache=0,
                ),
                CPUInfo(
                    cpu_id=14,
                    core_id=6,
                    socket_id=0,
                    numa_node=0,
                    uncore_cache=0,
                ),
                CPUInfo(
                    cpu_id=15,
                    core_id=7,
                    socket_id=0,
                    numa_node=0,
                    uncore_cache=0,
                ),
            ),
            numa_nodes=(
                NUMANode(
                    node_id=0,
                    memory=34359738368,
                    hugepages={},
                    distances=(10,),
                ),
            ),
            memory_capacity=34359738368,
            swap_capacity=None,
        ),
        capacity={
            "ephemeral-storage": Quantity(107374182400000000000, Format.BINARY_SI),
        },
        allocatable=None,
        devices=(),
        source="<embedded default node>",
        embedded=True,
    )
