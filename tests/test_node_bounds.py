"""Node descriptions and /sys trees from the fuzzing audit: bounded ids and counts,
located errors, documents that contradict each other.

Every bad input ends with one located message (file:line, or the sysfs file)
and exit 2, never a traceback or a hang. Inputs that hung or exhausted memory
before the bounds run the real command in a subprocess with a generous timeout
(tests/test_hostile.py ``run``); the others are checked in process.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from pod_resources_cli.cpuset import MAX_CPUS, CPUIdRangeError, CPUSet
from pod_resources_cli.errors import InputError, NodeError
from pod_resources_cli.kube.allocatable import allocatable_error
from pod_resources_cli.model.decode.node.compact import decode_compact
from pod_resources_cli.model.decode.problems import Problems
from pod_resources_cli.source.node_file import load_node
from pod_resources_cli.source.sysfs import discover_machine
from tests.test_hostile import run
from tests.test_sysfs import build_fake_sysfs

PODS = Path(__file__).resolve().parents[1] / "examples" / "pods" / "postgres-guaranteed.yaml"

PROFILE = """\
apiVersion: pod-resources/v1
kind: NodeProfile
sockets: 2
coresPerSocket: 4
threadsPerCore: 2
memoryPerNumaNode: 8Gi
"""

NODE = """\
apiVersion: v1
kind: Node
metadata:
  name: n
status:
  capacity:
    cpu: '8'
    memory: 16Gi
    pods: '110'
  allocatable:
    cpu: '7'
    memory: 15Gi
    pods: '110'
"""


def _write(tmp_path: Path, text: str, name: str = "node.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def _error(tmp_path: Path, text: str, *, allocatable: bool = False) -> NodeError:
    path = _write(tmp_path, text)
    with pytest.raises(NodeError) as info:
        load_node(str(path), allocatable=allocatable_error if allocatable else None)
    return info.value


def _machine_info(threads: list[list[int]], node_id: int = 0, memory: int = 8 << 30) -> str:
    cores = [{"core_id": i, "thread_ids": t, "socket_id": 0} for i, t in enumerate(threads)]
    info = {"num_cores": sum(map(len, threads)), "memory_capacity": 8 << 30,
            "topology": [{"node_id": node_id, "memory": memory, "cores": cores}]}
    return json.dumps(info, indent=1) + "\n"


# -- 1. CPU ids and counts are bounded before anything is expanded -------------------

def test_cpulists_are_bounded_before_a_range_is_expanded() -> None:
    assert CPUSet.parse(f"0-{MAX_CPUS - 1}").size() == MAX_CPUS
    with pytest.raises(CPUIdRangeError, match=f"CPU id 99999999999 is out of range .*0 to {MAX_CPUS - 1}"):
        CPUSet.parse("0-99999999999")
    with pytest.raises(CPUIdRangeError):
        CPUSet.parse(str(MAX_CPUS))
    for cpus in ([-1], [0, 10**12]):
        with pytest.raises(ValueError, match="out of range"):
            CPUSet.from_iterable(cpus)


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (_machine_info([[-1, 2], [1, 3]]), 12, "thread_ids[0]: CPU id -1 is out of range"),
        (_machine_info([[0, 10**12], [1, 3]]), 13, "thread_ids[1]: CPU id 1000000000000 is out of range"),
        (_machine_info([[0, 2]], node_id=-1), 6, "node_id: NUMA node id -1 is out of range"),
        (_machine_info([[0, 2]], node_id=4096), 6, "NUMA node id 4096 is out of range (Linux numbers NUMA nodes from 0 to 1023)"),
        (_machine_info([[0, 2]], memory=-5), 7, "topology[0].memory: memory cannot be negative: -5"),
        (PROFILE.replace("sockets: 2", "sockets: 8").replace("coresPerSocket: 4", "coresPerSocket: 1024"), 4,
         "8 sockets x 1024 cores x 2 threads is 16384 CPUs, more than Linux numbers (8192)"),
        (PROFILE.replace("coresPerSocket: 4", "coresPerSocket: 100000"), 4, "100000 is greater than the maximum of 8192"),
        (PROFILE.replace("sockets: 2", "sockets: 2000"), 3, "2000 is greater than the maximum of 1024"),
    ],
    ids=["thread-negative", "thread-huge", "numa-negative", "numa-huge", "memory-negative", "cpu-total", "cores-max", "sockets-max"],
)
def test_ids_and_counts_out_of_range_are_located(tmp_path: Path, text: str, line: int, message: str) -> None:
    error = _error(tmp_path, text)
    assert message in str(error), str(error)
    assert str(error).startswith(f"{tmp_path / 'node.yaml'}:{line}:"), str(error)


def test_numa_node_total_is_bounded_by_the_decoder() -> None:
    doc = {"apiVersion": "pod-resources/v1", "kind": "NodeProfile", "memoryPerNumaNode": "1Gi",
           "sockets": 64, "numaNodesPerSocket": 32, "coresPerSocket": 32}
    problems = Problems()
    result = decode_compact(doc, (), problems)
    assert result is not None and result.topology is None
    assert [(p.pointer, p.message) for p in problems.items] == [
        (("numaNodesPerSocket",), "64 sockets x 32 NUMA nodes is 2048 NUMA nodes, more than Linux numbers (1024)")
    ]


@pytest.mark.parametrize(
    ("command", "text", "line"),
    [
        ("explain", PROFILE + "kubelet:\n  cpuManagerPolicy: static\n  reservedSystemCPUs: 0-99999999999\n", 9),
        ("admit", PROFILE + "kubelet:\n  reservedSystemCPUs: 0-99999999999\n", 8),
        ("lint", PROFILE.replace("coresPerSocket: 4", "coresPerSocket: 1000000000000000000000000000000"), 4),
        ("explain", PROFILE.replace("sockets: 2", "sockets: 1000000000000000000000000000000"), 3),
        ("show", PROFILE.replace("sockets: 2", "sockets: 100000"), 3),
    ],
    ids=["reserved-explain", "reserved-admit", "cores-lint", "sockets-explain", "sockets-show"],
)
def test_inputs_that_hung_end_with_a_located_error(tmp_path: Path, command: str, text: str, line: int) -> None:
    path = _write(tmp_path, text)
    args = {
        "explain": ["explain", "--node", str(path), str(PODS)],
        "admit": ["admit", "--node", str(path), str(PODS)],
        "lint": ["lint", "--no-config", "--node", str(path), str(PODS)],
        "show": ["node", "show", str(path)],
    }[command]
    result = run(args, timeout=120)
    assert result.code == 2, result.err
    assert result.err.startswith(f"pod-resources: error: {path}:{line}:"), result.err
    assert len(result.err.strip().splitlines()) == 1, result.err


# -- 2. node discover on hostile /sys trees -------------------------------------------

@pytest.mark.parametrize(
    ("file", "content"),
    [
        ("sys/devices/system/cpu/online", "0-99999999999"),
        ("sys/devices/system/node/node0/cpulist", "0-99999999999"),
        ("sys/devices/system/cpu/cpu0/cache/index3/shared_cpu_list", "0-99999999999"),
    ],
    ids=["online", "cpulist", "shared_cpu_list"],
)
def test_discover_refuses_huge_cpulists_naming_the_file(tmp_path: Path, file: str, content: str) -> None:
    root = build_fake_sysfs(tmp_path / "root", sockets=1, cores=2, threads=1)
    if file.endswith("cpulist"):  # the node's cpuN entries win over its cpulist
        for entry in (root / "sys/devices/system/node/node0").glob("cpu[0-9]*"):
            entry.rmdir()
    (root / file).write_text(content + "\n")
    result = run(["node", "discover", "--root", str(root)], timeout=120)
    assert result.code == 2, result.err
    assert result.err.strip() == f"pod-resources: error: {root / file}: CPU id 99999999999 is out of range (Linux numbers CPUs from 0 to 8191)"


@pytest.mark.parametrize(
    ("file", "content"),
    [
        ("sys/devices/system/cpu/cpu0/cache/index3/size", "9" * 5000 + "K"),
        ("sys/devices/system/node/node0/distance", "9" * 5000 + " 21"),
        ("sys/devices/system/node/node0/meminfo", "Node 0 MemTotal: " + "9" * 5000 + " kB"),
        ("proc/meminfo", "MemTotal: " + "9" * 30 + " kB"),
    ],
    ids=["cache-size", "distance", "node-memtotal", "memtotal"],
)
def test_discover_refuses_numbers_beyond_int64_naming_the_file(tmp_path: Path, file: str, content: str) -> None:
    root = build_fake_sysfs(tmp_path)
    (root / file).write_text(content + "\n")
    with pytest.raises(InputError) as info:
        discover_machine(str(root))
    assert str(info.value).startswith(f"{root / file}: 999999999999... (")
    assert str(info.value).endswith(" digits) is out of range (more than 2^63-1)")


def test_discover_refuses_a_machine_without_online_cpus(tmp_path: Path) -> None:
    root = build_fake_sysfs(tmp_path / "offline", sockets=1, cores=2, threads=1)
    (root / "sys/devices/system/cpu/online").write_text("100\n")
    with pytest.raises(InputError, match=r"no online CPUs found under .*/offline/sys/devices/system/cpu: .*online lists '100'"):
        discover_machine(str(root))
    root = build_fake_sysfs(tmp_path / "bare", sockets=1, cores=2, threads=1)
    for cpu in (0, 1):
        for entry in sorted((root / f"sys/devices/system/cpu/cpu{cpu}/topology").iterdir()):
            entry.unlink()
        (root / f"sys/devices/system/cpu/cpu{cpu}/topology").rmdir()
    result = run(["node", "discover", "--root", str(root), "--output-file", str(tmp_path / "out.yaml")], timeout=120)
    assert result.code == 2 and not (tmp_path / "out.yaml").exists()
    assert result.err.strip() == (
        f"pod-resources: error: no online CPUs found under {root}/sys/devices/system/cpu: no online CPU has a topology directory"
    )


def test_discover_refuses_a_cpu_in_two_numa_nodes(tmp_path: Path) -> None:
    root = build_fake_sysfs(tmp_path, sockets=2, cores=2, threads=1)
    (root / "sys/devices/system/node/node1/cpu0").mkdir()
    with pytest.raises(InputError) as info:
        discover_machine(str(root))
    node = root / "sys/devices/system/node"
    assert str(info.value) == f"{node}/node1/cpu0: CPU 0 is also in another NUMA node ({node}/node0/cpu0); a CPU belongs to one NUMA node"


def test_discover_refuses_a_distance_row_of_the_wrong_length(tmp_path: Path) -> None:
    root = build_fake_sysfs(tmp_path)
    (root / "sys/devices/system/node/node1/distance").write_text("21 10 abc\n")
    with pytest.raises(InputError, match=r"node1/distance: expected 2 distance\(s\), one number per NUMA node, not '21 10 abc'"):
        discover_machine(str(root))


# -- 3. a reservation above capacity names the file and the line -------------------------

@pytest.mark.parametrize(
    ("text", "line", "field"),
    [
        # the Node's capacity (evictionHard's default memory.available reserves 100Mi)
        ("apiVersion: v1\nkind: Node\nmetadata: {name: n}\nstatus:\n  capacity:\n    cpu: '8'\n    memory: '0'\n", 7, "status.capacity[memory]"),
        # the profile's memory
        ("apiVersion: pod-resources/v1\nkind: NodeProfile\ncoresPerSocket: 1\nmemoryPerNumaNode: 1\n", 4, "memoryPerNumaNode"),
        # the kubelet's reservation, in a later document
        (PROFILE + "---\nkind: KubeletConfiguration\nkubeReserved:\n  cpu: '20'\n", 10, "kubeReserved.cpu"),
    ],
    ids=["node-capacity", "profile-memory", "kube-reserved"],
)
def test_reservations_above_capacity_are_located(tmp_path: Path, text: str, line: int, field: str) -> None:
    error = _error(tmp_path, text, allocatable=True)
    assert str(error).startswith(f"{tmp_path / 'node.yaml'}:{line}:"), str(error)
    assert f"{field}: invalid Node Allocatable configuration (kubeReserved + systemReserved + evictionHard). Resource " in str(error)
    path = tmp_path / "node.yaml"
    for args in (["explain", "--node", str(path), str(PODS)], ["node", "show", str(path)]):
        result = run(args)
        assert result.code == 2 and result.err.startswith(f"pod-resources: error: {path}:{line}:"), result.err


# -- 4. documents that contradict themselves or each other -----------------------------

@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (NODE.replace("cpu: '7'", "cpu: '100'"), 11,
         "status.allocatable[cpu]: allocatable 100 is more than the capacity 8: a kubelet reports capacity minus its reservations"),
        (NODE.replace("memory: 15Gi", "memory: -1Gi"), 12, 'status.allocatable[memory]: Invalid value: "-1Gi": must be greater than or equal to 0'),
        (NODE.replace("memory: 16Gi", "memory: -16Gi"), 8, 'status.capacity[memory]: Invalid value: "-16Gi": must be greater than or equal to 0'),
        (_machine_info([[0, 2], [1, 3]]) + "---\n" + NODE, 36,
         "status.capacity[cpu]: the Node reports 8 CPUs but the MachineInfo at line 1 has 4: "
         "a kubelet reports its machine's CPU count, so they describe different machines"),
        (NODE + "---\n" + PROFILE, 7, "status.capacity[cpu]: the Node reports 8 CPUs but the NodeProfile at line 15 has 16"),
    ],
    ids=["alloc-above-capacity", "alloc-negative", "capacity-negative", "machine-info-vs-node", "profile-vs-node"],
)
def test_contradictions_are_errors_with_their_location(tmp_path: Path, text: str, line: int, message: str) -> None:
    error = _error(tmp_path, text)
    assert message in str(error), str(error)
    assert str(error).startswith(f"{tmp_path / 'node.yaml'}:{line}:"), str(error)


def test_a_node_that_agrees_with_its_machine_loads(tmp_path: Path) -> None:
    node = load_node(str(_write(tmp_path, NODE + "---\n" + PROFILE.replace("sockets: 2", "sockets: 1"))), allocatable=allocatable_error)
    assert node.topology is not None and node.topology.num_cpus == 8 and str(node.capacity["cpu"]) == "8"
