"""The compact NodeProfile form: the machines it builds, and its schema."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.model.decode.node.compact import decode_compact
from pod_resources_cli.model.decode.node.machine_info import decode_machine_info
from pod_resources_cli.model.decode.problems import Problems
from pod_resources_cli.model.node import MachineTopology
from pod_resources_cli.schemas import NODE_SCHEMA, load_schema, validate
from pod_resources_cli.source.node_file import load_default_node, load_node
from tests.support import load_suite

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "nodes"


def _vector_machine(machine_id: str) -> MachineTopology:
    for c in load_suite("topology/oracle-a.json"):
        if c["machine"].get("machine_id") == machine_id:
            problems = Problems()
            topology = decode_machine_info(c["machine"], (), problems)
            assert not problems.items and topology is not None
            return topology
    raise AssertionError(machine_id)


def _shape(t: MachineTopology) -> tuple[Any, ...]:
    nodes = tuple((n.node_id, n.memory, {s: p for s, p in n.hugepages.items() if p}, n.distances) for n in t.numa_nodes)
    return t.cpus, nodes, t.memory_capacity


@pytest.mark.parametrize(
    ("example", "machine_id"),
    [
        ("amd-epyc-like.yaml", "2s4n-amd"),
        ("big-128.yaml", "2s8n-128"),
        ("dual-socket-ht.yaml", "2s10c-smt2"),
    ],
)
def test_examples_build_the_machines_of_the_vectors(example: str, machine_id: str) -> None:
    """The profiles describe, CPU by CPU, the cAdvisor machines the conformance vectors use."""
    node = load_node(str(EXAMPLES / example))
    assert node.topology is not None
    assert _shape(node.topology) == _shape(_vector_machine(machine_id))


def test_default_node_is_the_one_socket_vector_machine() -> None:
    node = load_default_node()
    assert node.topology is not None
    assert node.topology.cpus == _vector_machine("1s8c-smt2").cpus


def _profile(**fields: Any) -> dict[str, Any]:
    return {"apiVersion": "pod-resources/v1", "kind": "NodeProfile", "memoryPerNumaNode": "8Gi", **fields}


def _decode(doc: dict[str, Any]) -> tuple[MachineTopology | None, Problems]:
    problems = Problems()
    result = decode_compact(doc, (), problems)
    assert result is not None
    return result.topology, problems


def test_kernel_numbering_puts_siblings_one_core_count_apart() -> None:
    topology, problems = _decode(_profile(sockets=2, coresPerSocket=10, threadsPerCore=2))
    assert not problems.items and topology is not None
    by_id = {c.cpu_id: c for c in topology.cpus}
    assert by_id[20].core_id == 0 and by_id[0].core_id == 0
    assert by_id[10].socket_id == 1 and by_id[30].core_id == 10 and by_id[30].socket_id == 1


def test_consecutive_numbering_keeps_a_cores_threads_adjacent() -> None:
    topology, _ = _decode(_profile(coresPerSocket=4, threadsPerCore=2, cpuNumbering="consecutive"))
    assert topology is not None
    assert [(c.cpu_id, c.core_id) for c in topology.cpus] == [(0, 0), (1, 0), (2, 2), (3, 2), (4, 4), (5, 4), (6, 6), (7, 6)]


def test_interleaved_numbering_alternates_sockets() -> None:
    topology, _ = _decode(_profile(sockets=2, coresPerSocket=2, threadsPerCore=2, cpuNumbering="interleaved"))
    assert topology is not None
    assert [(c.cpu_id, c.socket_id, c.core_id) for c in topology.cpus] == [
        (0, 0, 0), (1, 1, 1), (2, 0, 2), (3, 1, 3), (4, 0, 0), (5, 1, 1), (6, 0, 2), (7, 1, 3)
    ]


def test_numa_nodes_split_a_socket_and_get_default_distances() -> None:
    topology, _ = _decode(_profile(sockets=2, numaNodesPerSocket=2, coresPerSocket=4))
    assert topology is not None
    assert [c.numa_node for c in topology.cpus] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert topology.numa_nodes[0].distances == (10, 11, 21, 21)
    assert topology.memory_capacity == 4 * 8 * 2**30


def test_uncore_groups_default_to_the_socket_and_split_by_cores_per_cache() -> None:
    default, _ = _decode(_profile(sockets=2, coresPerSocket=4))
    grouped, _ = _decode(_profile(sockets=2, coresPerSocket=4, coresPerUncoreCache=2))
    assert default is not None and grouped is not None
    assert [c.uncore_cache for c in default.cpus] == [0, 0, 0, 0, 1, 1, 1, 1]
    assert [c.uncore_cache for c in grouped.cpus] == [0, 0, 1, 1, 2, 2, 3, 3]


def test_per_node_memory_and_hugepages() -> None:
    doc = _profile(
        sockets=2,
        coresPerSocket=2,
        numaNodes=[{"memory": "16Gi", "hugepages": {"hugepages-2Mi": "1Gi"}}, {"memory": "8Gi"}],
        hugepagesPerNumaNode={"hugepages-1Gi": "2Gi"},
    )
    del doc["memoryPerNumaNode"]
    topology, problems = _decode(doc)
    assert not problems.items and topology is not None
    assert [n.memory for n in topology.numa_nodes] == [16 * 2**30, 8 * 2**30]
    assert topology.numa_nodes[0].hugepages == {2 * 2**20: 512}
    assert topology.numa_nodes[1].hugepages == {2**30: 2}


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"memoryPerNumaNode": None}, "needs memoryPerNumaNode"),
        ({"distances": [[10, 21], [21, 10], [30, 30]]}, "distances has 3 rows, expected 2"),
        ({"distances": [[10, 21], [21]]}, "row 1 of distances has 1 entries, expected 2"),
        ({"hugepagesPerNumaNode": {"hugepages-1Gi": "1500Mi"}}, "not a whole number of 1Gi pages"),
        ({"numaNodesPerSocket": 3}, "cannot be split evenly into 3 NUMA nodes"),
        ({"numaNodes": [{"memory": "1Gi"}]}, "numaNodes lists 1 NUMA nodes, the shape has 2"),
        ({"cpuNumbering": "zigzag"}, "cpuNumbering must be one of"),
    ],
)
def test_bad_shapes_are_problems(fields: dict[str, Any], message: str) -> None:
    doc = _profile(sockets=2, coresPerSocket=4, **fields)
    doc = {k: v for k, v in doc.items() if v is not None}
    _, problems = _decode(doc)
    assert any(message in p.message for p in problems.items), problems.items


def test_schema_is_2020_12_and_accepts_every_example() -> None:
    schema = load_schema(NODE_SCHEMA)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    from pod_resources_cli.source.yamldoc import Document, load_documents

    for path in sorted(EXAMPLES.glob("*.yaml")):
        for doc in load_documents(str(path), path.read_bytes()):
            assert isinstance(doc, Document)
            if doc.data.get("kind") == "NodeProfile":
                assert validate(doc.data, NODE_SCHEMA) == [], path


def test_schema_problems_carry_json_pointers() -> None:
    problems = validate(_profile(coresPerSocket=4, threadsPerCore="two", kubelet={"cgroupDriver": "upstart"}, colour="red"), NODE_SCHEMA)
    pointers = {p.pointer: p.message for p in problems}
    assert ("threadsPerCore",) in pointers
    assert ("kubelet", "cgroupDriver") in pointers
    assert pointers[()].startswith("unknown field 'colour'")
