"""load_node / load_default_node: every accepted form, and located errors for bad ones."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from pod_resources_cli.errors import NodeError
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.source.node_file import load_default_node, load_node

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "nodes"
CORPUS_NODES = ROOT.parent / "shared" / "corpus" / "_node"


def _write(tmp_path: Path, text: str, name: str = "node.yaml") -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return str(path)


def _error(tmp_path: Path, text: str) -> NodeError:
    path = _write(tmp_path, text)
    with pytest.raises(NodeError) as info:
        load_node(path)
    return info.value


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.name)
def test_every_example_node_loads(path: Path) -> None:
    node = load_node(str(path))
    assert node.topology is not None and node.topology.num_cpus >= 8
    assert node.source == str(path)
    assert not node.embedded


def test_example_shapes() -> None:
    laptop = load_node(str(EXAMPLES / "laptop.yaml"))
    assert laptop.topology is not None
    assert (laptop.topology.num_sockets, laptop.topology.num_cores, laptop.topology.cpus_per_core) == (1, 4, 2)
    big = load_node(str(EXAMPLES / "big-128.yaml"))
    assert big.topology is not None and len(big.topology.numa_nodes) == 8 and big.topology.num_cpus == 128
    assert big.kubelet.topology_manager_policy_options == {"max-allowable-numa-nodes": "8"}
    epyc = load_node(str(EXAMPLES / "amd-epyc-like.yaml"))
    assert epyc.topology is not None and len({c.uncore_cache for c in epyc.topology.cpus}) == 8


def test_mixed_document_example_combines_all_three() -> None:
    node = load_node(str(EXAMPLES / "mixed-sources.yaml"))
    assert node.name == "edge-1"  # from the Node object
    assert node.kubelet.cpu_manager_policy == "static" and node.kubelet.max_pods == 64
    assert node.topology is not None and node.topology.num_cpus == 8 and len(node.topology.numa_nodes) == 2
    assert node.allocatable is not None and node.allocatable["cpu"] == Quantity.parse("6")


def test_default_node() -> None:
    node = load_default_node()
    assert node.embedded
    assert node.name == "default (embedded: 16 CPUs, 32Gi, cgroup v2)"
    assert node.kubelet.cgroup_driver == "systemd" and node.kubelet.cpu_manager_policy == "none"
    assert node.kubelet.cgroup_version == 2


def _corpus_files() -> list[Path]:
    if not CORPUS_NODES.is_dir():
        return []
    return sorted(p for p in CORPUS_NODES.rglob("*") if p.is_file())


@pytest.mark.skipif(not CORPUS_NODES.is_dir(), reason="../shared/corpus/_node is not present")
@pytest.mark.parametrize("path", _corpus_files(), ids=lambda p: p.name[-70:])
def test_every_real_node_description_loads(path: Path) -> None:
    node = load_node(str(path))
    # Each file says something about the node: its kubelet, its machine or its capacity.
    assert node.topology is not None or node.capacity or node.kubelet.cgroup_driver == "systemd" or node.kubelet.cpu_manager_policy != "none"


@pytest.mark.skipif(not CORPUS_NODES.is_dir(), reason="../shared/corpus/_node is not present")
def test_real_files_decode_their_content() -> None:
    files = {p.name: p for p in _corpus_files()}
    master = load_node(str(next(p for n, p in files.items() if n.endswith("master.internal__sysinfo.tgz__machineinfo.json"))))
    assert master.topology is not None and master.topology.num_cpus == 112 and master.topology.num_sockets == 2
    # cAdvisor's core 0 on socket 0 lists threads [0, 56]: the kubelet's core id is the lower one.
    assert {c.cpu_id: c.core_id for c in master.topology.cpus}[56] == 0
    openshift = load_node(str(next(p for n, p in files.items() if n.endswith("default__manual_kubeletconfig.yaml"))))
    assert openshift.kubelet.cpu_manager_policy == "static" and openshift.kubelet.reserved_system_cpus == "0"
    assert openshift.kubelet.topology_manager_policy == "single-numa-node"


def test_openshift_kubelet_config_wrapper(tmp_path: Path) -> None:
    node = load_node(
        _write(
            tmp_path,
            """
            apiVersion: machineconfiguration.openshift.io/v1
            kind: KubeletConfig
            metadata: {name: perf}
            spec:
              kubeletConfig:
                cpuManagerPolicy: static
                reservedSystemCPUs: "0-1"
            """,
        )
    )
    assert node.kubelet.cpu_manager_policy == "static" and node.kubelet.reserved_system_cpus == "0-1"


def test_later_kubelet_documents_override(tmp_path: Path) -> None:
    node = load_node(
        _write(
            tmp_path,
            """
            kind: KubeletConfiguration
            cpuManagerPolicy: static
            maxPods: 50
            ---
            kind: KubeletConfiguration
            maxPods: 80
            """,
        )
    )
    assert node.kubelet.cpu_manager_policy == "static" and node.kubelet.max_pods == 80
    assert node.name == "node"  # named after the file


PROFILE = """
apiVersion: pod-resources/v1
kind: NodeProfile
sockets: 2
coresPerSocket: 4
memoryPerNumaNode: 8Gi
"""


def _machine(cores: list[dict[str, object]], **node: object) -> str:
    info = {"num_cores": sum(len(c["thread_ids"]) for c in cores), "memory_capacity": 8 << 30,  # type: ignore[arg-type]
            "topology": [{"node_id": 0, "memory": 8 << 30, "cores": cores, **node}]}
    return json.dumps(info, indent=1)


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        # a CPU id twice in one core
        (_machine([{"core_id": 0, "thread_ids": [0, 0], "socket_id": 0}]), 11, "are not unique"),
        # a thread in two cores
        (
            _machine([{"core_id": 0, "thread_ids": [0, 4], "socket_id": 0}, {"core_id": 1, "thread_ids": [1, 4], "socket_id": 0}]),
            19,
            "CPU 4 is also a thread of the core at /0/topology/0/cores/0",
        ),
        # distances of the wrong length
        (_machine([{"core_id": 0, "thread_ids": [0], "socket_id": 0}], distances=[10, 21]), 17, "has 2 distances, expected 1"),
        # a NUMA node with CPUs but no memory entry
        (
            json.dumps({"num_cores": 1, "topology": [{"node_id": 0, "cores": [{"core_id": 0, "thread_ids": [0], "socket_id": 0}]}]}),
            1,
            "NUMA node 0 has CPUs but no memory field",
        ),
        (
            json.dumps({"num_cores": 4, "memory_capacity": 1, "topology": [{"node_id": 0, "memory": 1, "cores": [{"core_id": 0, "thread_ids": [0], "socket_id": 0}]}]}),
            1,
            "num_cores is 4 but the topology lists 1 CPUs",
        ),
        # NUMA memory missing in the compact form
        (PROFILE.replace("memoryPerNumaNode: 8Gi", "threadsPerCore: 2"), 1, "missing required field 'memoryPerNumaNode'"),
        # distances of the wrong length in the compact form
        (PROFILE + "distances: [[10, 21]]\n", 6, "distances has 1 rows, expected 2"),
        # an unknown cgroupDriver, in a KubeletConfiguration beside the profile
        (PROFILE + "---\nkind: KubeletConfiguration\ncgroupDriver: upstart\n", 8, "unknown cgroupDriver 'upstart'"),
        (PROFILE + "kubelet:\n  cgroupDriver: upstart\n", 7, "'upstart' is not one of ['systemd', 'cgroupfs']"),
        # reservedSystemCPUs: bad syntax, CPUs the node lacks
        (
            PROFILE + "---\nkind: KubeletConfiguration\nreservedSystemCPUs: 3-1\n",
            8,
            'reservedSystemCPUs: invalid configuration: unable to parse reservedSystemCPUs (--reserved-cpus) 3-1, error: invalid range "3-1" (3 > 1)',
        ),
        (PROFILE + "---\nkind: KubeletConfiguration\nreservedSystemCPUs: 0,12\n", 8, "reserved-cpus: 0,12 is not a subset of online-cpus: 0-7"),
        # eviction thresholds the kubelet cannot parse
        ("kind: KubeletConfiguration\nevictionHard:\n  memory.available: -1Gi\n", 3, "eviction threshold memory.available must be positive"),
        ("kind: KubeletConfiguration\nevictionHard:\n  nodefs.available: 150%\n", 3, "must be <= 100%"),
        # not a node description at all
        ("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n", 1, "not a node description document (kind 'Pod')"),
        ("- a\n- b\n", 1, "must be a mapping"),
        ("kind: KubeletConfiguration\nmaxPods: [1\n", 2, "invalid YAML"),  # end of input: the last line
        # two machines in one file
        (PROFILE + "---\n" + PROFILE, 8, "a second machine description"),
        # a field the compact form does not have
        (PROFILE + "numaNodesPerSockets: 2\n", 1, "unknown field 'numaNodesPerSockets'"),
    ],
)
def test_bad_node_descriptions_fail_with_a_location(tmp_path: Path, text: str, line: int, message: str) -> None:
    error = _error(tmp_path, text)
    assert message in str(error), str(error)
    assert error.location is not None and error.location.line == line, str(error)
    assert str(error).startswith(f"{tmp_path / 'node.yaml'}:{line}:")


def test_several_problems_are_counted(tmp_path: Path) -> None:
    error = _error(tmp_path, PROFILE + "threadsPerCore: 0\nnumaNodesPerSocket: 0\n")
    assert "(and 1 more problem)" in str(error)


def test_missing_and_empty_files(tmp_path: Path) -> None:
    with pytest.raises(NodeError, match="no such file or directory"):
        load_node(str(tmp_path / "absent.yaml"))
    with pytest.raises(NodeError, match="no node description"):
        load_node(_write(tmp_path, "# nothing here\n"))
    with pytest.raises(NodeError, match="is a directory"):
        load_node(str(tmp_path))


def test_kubelet_fields_for_allocatable(tmp_path: Path) -> None:
    node = load_node(
        _write(
            tmp_path,
            """
            kind: KubeletConfiguration
            maxPods: 250
            podsPerCore: 10
            mergeDefaultEvictionSettings: true
            evictionHard: null
            """,
        )
    )
    assert (node.kubelet.max_pods, node.kubelet.pods_per_core) == (250, 10)
    assert node.kubelet.merge_default_eviction_settings and node.kubelet.eviction_hard is None


def test_a_reserved_memory_entry_without_numa_node(tmp_path: Path) -> None:
    error = _error(tmp_path, "kind: KubeletConfiguration\nreservedMemory:\n- limits: {memory: 1Gi}\n")
    assert "a reservedMemory entry needs numaNode" in str(error) and error.location is not None and error.location.line == 3
