"""`node discover`: reading /sys as cAdvisor does, on this machine and on fake trees."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pod_resources_cli.errors import InputError
from pod_resources_cli.source.node_file import load_node
from pod_resources_cli.source.sysfs import discover_machine, render_machine


def _put(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text + "\n", encoding="ascii")


def build_fake_sysfs(
    root: Path,
    *,
    sockets: int = 2,
    cores: int = 2,
    threads: int = 2,
    numa: bool = True,
    cores_per_l3: int | None = None,
    memory_kib: int = 8 * 1024 * 1024,
) -> Path:
    """A /sys and /proc for ``sockets`` x ``cores`` x ``threads``, kernel CPU numbering
    (siblings N and N + sockets*cores), one NUMA node per socket, per-socket core ids."""
    total = sockets * cores
    cpu_root = root / "sys/devices/system/cpu"
    _put(cpu_root / "online", f"0-{total * threads - 1}")
    for cpu in range(total * threads):
        core = cpu % total
        socket, local = divmod(core, cores)
        siblings = ",".join(str(core + t * total) for t in range(threads))
        d = cpu_root / f"cpu{cpu}"
        _put(d / "topology/core_id", str(local))
        _put(d / "topology/physical_package_id", str(socket))
        _put(d / "topology/thread_siblings_list", siblings)
        _put(d / "cache/index0/level", "1")
        _put(d / "cache/index0/type", "Data")
        _put(d / "cache/index0/size", "32K")
        _put(d / "cache/index0/id", str(core))
        _put(d / "cache/index0/shared_cpu_list", siblings)
        group = cores_per_l3 or cores
        l3_id = socket * (cores // group) + local // group
        l3_cpus = [c for c in range(total * threads) if (c % total) // cores == socket and (c % total % cores) // group == local // group]
        _put(d / "cache/index3/level", "3")
        _put(d / "cache/index3/type", "Unified")
        _put(d / "cache/index3/size", "16384K")
        _put(d / "cache/index3/id", str(l3_id))
        _put(d / "cache/index3/shared_cpu_list", ",".join(map(str, l3_cpus)))
    if numa:
        for socket in range(sockets):
            d = root / f"sys/devices/system/node/node{socket}"
            cpus = [c for c in range(total * threads) if (c % total) // cores == socket]
            for cpu in cpus:
                (d / f"cpu{cpu}").mkdir(parents=True, exist_ok=True)
            _put(d / "cpulist", ",".join(map(str, cpus)))
            _put(d / "meminfo", f"Node {socket} MemTotal:       {memory_kib} kB\nNode {socket} MemFree:  1000 kB")
            _put(d / "distance", " ".join("10" if s == socket else "21" for s in range(sockets)))
            _put(d / "hugepages/hugepages-2048kB/nr_hugepages", "512")
            _put(d / "hugepages/hugepages-1048576kB/nr_hugepages", "2")
    _put(root / "proc/meminfo", f"MemTotal:       {memory_kib * sockets} kB\nMemFree:        1 kB")
    _put(root / "sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages", str(512 * sockets))
    return root


@pytest.mark.skipif(not Path("/sys/devices/system/cpu").is_dir(), reason="no /sys on this machine")
def test_this_machine_has_as_many_cpus_as_the_os_says() -> None:
    info = discover_machine()
    assert info["num_cores"] == os.cpu_count()
    threads = [t for node in info["topology"] for core in node["cores"] for t in core["thread_ids"]]
    assert sorted(threads) == sorted(set(threads)) and len(threads) == os.cpu_count()
    assert info["memory_capacity"] > 0


@pytest.mark.skipif(not Path("/sys/devices/system/cpu").is_dir(), reason="no /sys on this machine")
def test_this_machine_round_trips_through_load_node(tmp_path: Path) -> None:
    path = tmp_path / "me.yaml"
    path.write_text(render_machine(discover_machine()), encoding="utf-8")
    node = load_node(str(path))
    assert node.topology is not None and node.topology.num_cpus == os.cpu_count()


def test_two_socket_smt_tree(tmp_path: Path) -> None:
    info = discover_machine(str(build_fake_sysfs(tmp_path)))
    assert (info["num_cores"], info["num_physical_cores"], info["num_sockets"]) == (8, 4, 2)
    assert info["memory_capacity"] == 16 * 1024**3
    node0, node1 = info["topology"]
    assert [(c["core_id"], c["thread_ids"], c["socket_id"]) for c in node0["cores"]] == [(0, [0, 4], 0), (1, [1, 5], 0)]
    assert [(c["core_id"], c["thread_ids"], c["socket_id"]) for c in node1["cores"]] == [(0, [2, 6], 1), (1, [3, 7], 1)]
    assert node0["memory"] == 8 * 1024**3 and node0["distances"] == [10, 21]
    assert sorted((h["page_size"], h["num_pages"]) for h in node0["hugepages"]) == [(2048, 512), (1048576, 2)]
    # the L3 is shared by the whole NUMA node: a node cache, as cAdvisor reports it
    assert node0["caches"] == [{"id": 0, "size": 16 * 1024**2, "type": "Unified", "level": 3}]
    assert "uncore_caches" not in node0["cores"][0]


def test_the_discovered_tree_is_a_node_description(tmp_path: Path) -> None:
    info = discover_machine(str(build_fake_sysfs(tmp_path / "root")))
    path = tmp_path / "node.yaml"
    path.write_text(render_machine(info), encoding="utf-8")
    node = load_node(str(path))
    assert node.topology is not None
    assert {c.cpu_id: (c.core_id, c.socket_id, c.numa_node) for c in node.topology.cpus} == {
        0: (0, 0, 0), 4: (0, 0, 0), 1: (1, 0, 0), 5: (1, 0, 0), 2: (2, 1, 1), 6: (2, 1, 1), 3: (3, 1, 1), 7: (3, 1, 1)
    }
    assert node.topology.numa_nodes[1].hugepages == {2 << 20: 512, 1 << 30: 2}
    json_path = tmp_path / "node.json"
    json_path.write_text(render_machine(info, "json"), encoding="utf-8")
    assert load_node(str(json_path)).topology == node.topology


def test_an_l3_shared_by_some_cores_is_the_uncore_cache(tmp_path: Path) -> None:
    info = discover_machine(str(build_fake_sysfs(tmp_path, sockets=1, cores=4, cores_per_l3=2)))
    cores = info["topology"][0]["cores"]
    assert [c["uncore_caches"][0]["id"] for c in cores] == [0, 0, 1, 1]
    assert info["topology"][0]["caches"] == []


def test_without_numa_sysfs_one_node_holds_everything(tmp_path: Path) -> None:
    info = discover_machine(str(build_fake_sysfs(tmp_path, sockets=1, cores=4, threads=1, numa=False, memory_kib=4096)))
    (node,) = info["topology"]
    assert node["node_id"] == 0 and node["memory"] == 4096 * 1024
    assert [c["thread_ids"] for c in node["cores"]] == [[0], [1], [2], [3]]
    assert node["hugepages"] == [{"page_size": 2048, "num_pages": 512}]


def test_offline_cpus_are_left_out(tmp_path: Path) -> None:
    root = build_fake_sysfs(tmp_path)
    (root / "sys/devices/system/cpu/online").write_text("0-5\n")
    info = discover_machine(str(root))
    assert info["num_cores"] == 6
    assert [(c["core_id"], c["thread_ids"], c["socket_id"]) for c in info["topology"][1]["cores"]] == [(0, [2], 1), (1, [3], 1)]


def test_no_cpus_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no CPUs found"):
        discover_machine(str(tmp_path))
