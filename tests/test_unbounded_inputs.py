"""Small inputs that asked for unbounded work, and the bounds that replaced it.

1. NUMA combinations: topology hints enumerate every combination of NUMA
   nodes (bitmask.IterateBitMasks). They were built when a node was loaded,
   so a 24-NUMA-node NodeProfile of a few hundred bytes grew past 2 GB in
   every command; now they are built when a pod asks for hints, which the
   kubelet only does when its topology manager runs, and that refuses more
   NUMA nodes than max-allowable-numa-nodes.
2. ``admit --expand-replicas`` of ``replicas: 1000000000``.
3. A lint ``per-path`` glob with a dozen stars (a backtracking regex).

What would hang or exhaust memory without the fix runs in a subprocess under
a time limit and an address-space limit (the brief's 1.5 GB).
"""

from __future__ import annotations

import json
import re
import resource
import subprocess
import sys
from collections.abc import Iterator
from itertools import islice
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pod_resources_cli.analysis.admit import MAX_EXPANDED_PODS, ReplicaExpander
from pod_resources_cli.cli import main
from pod_resources_cli.cli.options import build_gates
from pod_resources_cli.run.node import load_node_file
from pod_resources_cli.errors import NodeError
from pod_resources_cli.kube.admission import NodeManagers
from pod_resources_cli.kube.memorymanager import numa_hints
from pod_resources_cli.kube.memorymanager.state import NUMANodeMap
from pod_resources_cli.kube.topologymanager.hints import iterate_bitmasks, mask_of
from pod_resources_cli.kube.topologymanager.merge import _and_products
from pod_resources_cli.lint.globs import glob_match
from pod_resources_cli.location import Location
from pod_resources_cli.model.decode.node.consistency import MAX_HINT_NUMA_NODES
from pod_resources_cli.model.pod import Pod
from pod_resources_cli.model.workload import Workload, WorkloadRef
from pod_resources_cli.why_words import maybe_words
from tests.test_memory_hints import GI, machines

ROOT = Path(__file__).resolve().parents[1]
NODES = ROOT / "examples" / "nodes"
MEMORY_LIMIT = 1536 << 20  # bytes of address space for the child


def run_limited(args: list[str], timeout: float = 90) -> subprocess.CompletedProcess[str]:
    """The CLI in a child with at most MEMORY_LIMIT of address space; TimeoutExpired fails the test."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    return subprocess.run(
        [sys.executable, "-m", "pod_resources_cli", *args],
        capture_output=True, text=True, timeout=timeout, check=False, preexec_fn=limit, cwd=ROOT,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip


def profile(numa: int, kubelet: str = "", *, memory_static: bool = False) -> str:
    """A NodeProfile with ``numa`` NUMA nodes of 2 cores (1 thread) each, static CPU manager."""
    sockets = 2 if numa % 2 == 0 else 1
    per_socket = numa // sockets
    text = (
        "apiVersion: pod-resources/v1\nkind: NodeProfile\nname: numa\n"
        f"sockets: {sockets}\nnumaNodesPerSocket: {per_socket}\ncoresPerSocket: {2 * per_socket}\n"
        "threadsPerCore: 1\nmemoryPerNumaNode: 8Gi\n"
        "kubelet:\n  apiVersion: kubelet.config.k8s.io/v1beta1\n  kind: KubeletConfiguration\n"
        '  cgroupDriver: systemd\n  cpuManagerPolicy: static\n  reservedSystemCPUs: "0"\n'
    )
    if memory_static:
        text += (
            "  memoryManagerPolicy: Static\n  kubeReserved: {memory: 1Gi}\n  evictionHard: {memory.available: 100Mi}\n"
            "  reservedMemory: [{numaNode: 0, limits: {memory: 1124Mi}}]\n"
        )
    return text + kubelet


def guaranteed(name: str, cpu: str, memory: str, containers: int = 1) -> str:
    body = "".join(f"  - name: c{i}\n    resources: {{limits: {{cpu: '{cpu}', memory: {memory}}}}}\n" for i in range(containers))
    return f"apiVersion: v1\nkind: Pod\nmetadata: {{name: {name}}}\nspec:\n  containers:\n{body}"


# -- 1. NUMA combinations -----------------------------------------------------------


def upstream_iterate(bits: list[int]) -> Iterator[int]:
    """bitmask.IterateBitMasks, transcribed: the recursion, size by size."""

    def iterate(rest: list[int], accum: list[int], size: int) -> Iterator[int]:
        if len(accum) == size:
            yield mask_of(accum)
            return
        for i in range(len(rest)):
            yield from iterate(rest[i + 1 :], [*accum, rest[i]], size)

    for size in range(1, len(bits) + 1):
        yield from iterate(bits, [], size)


@pytest.mark.parametrize("bits", [[], [0], [0, 1, 2], [1, 4, 5, 9], list(range(7))])
def test_iterate_bitmasks_is_upstreams_order(bits: list[int]) -> None:
    assert list(iterate_bitmasks(bits)) == list(upstream_iterate(bits))


def test_iterate_bitmasks_is_lazy_and_bounded() -> None:
    first = list(islice(iterate_bitmasks(list(range(MAX_HINT_NUMA_NODES))), 3))
    assert first == [0b1, 0b10, 0b100]
    with pytest.raises(NodeError, match="2\\^17 NUMA masks; pod-resources enumerates at most 16 NUMA nodes"):
        next(iterate_bitmasks(list(range(MAX_HINT_NUMA_NODES + 1))))


@pytest.mark.parametrize("numa", [24, 1024])
def test_node_show_on_many_numa_nodes_stays_small(tmp_path: Path, numa: int) -> None:
    """24 NUMA nodes grew past 2 GB at load; 1,024 (Linux's maximum) never finished."""
    path = tmp_path / f"numa{numa}.yaml"
    path.write_text(profile(numa), encoding="utf-8")
    done = run_limited(["node", "show", str(path)])
    assert done.returncode == 0, done.stderr
    assert "reserved" in done.stdout


def test_loading_builds_no_hints(tmp_path: Path) -> None:
    path = tmp_path / "numa12.yaml"
    path.write_text(profile(12), encoding="utf-8")
    gates = build_gates(None, None)
    node = load_node_file(str(path), gates)  # the kubelet's start-up checks build every manager
    managers = NodeManagers.build(node, gates)
    assert managers.cpu.hints is not None and not managers.cpu.hints.built
    assert main(["node", "show", str(path)]) == 0


def test_admit_with_24_numa_nodes_and_policy_none(tmp_path: Path) -> None:
    """Topology manager none: the kubelet starts, CPU hints are never asked for, and the
    memory manager's default hint is found without walking 2^24 masks."""
    node = tmp_path / "numa24.yaml"
    node.write_text(profile(24, memory_static=True), encoding="utf-8")
    pods = tmp_path / "pods.yaml"
    pods.write_text("---\n".join([guaranteed("small", "2", "1Gi"), guaranteed("wide", "2", "100Gi"), guaranteed("huge", "2", "1000Gi")]))
    done = run_limited(["admit", "-o", "json", "--node", str(node), str(pods)])
    assert done.returncode == 0, done.stderr
    result = {p["workload"]["name"]: p for p in json.loads(done.stdout)["pods"]}
    assert result["small"]["containers"][0]["memoryNumaNodes"] == [0]
    # 100Gi needs 13 nodes of 8Gi; node 0 is used by "small" alone, so the narrowest is 1-13
    assert result["wide"]["containers"][0]["memoryNumaNodes"] == list(range(1, 14))
    assert result["huge"]["admission"]["admitted"] is False
    assert "no NUMA nodes with enough memory" in result["huge"]["admission"]["message"]


@pytest.mark.parametrize(
    ("kubelet", "line", "field", "message"),
    [
        (
            "  topologyManagerPolicy: best-effort\n",
            15,
            "kubelet.topologyManagerPolicy",
            'unsupported on machines with more than 8 NUMA Nodes: the kubelet does not start its topology manager '
            '(topologyManagerPolicy best-effort) on this machine\'s 24 NUMA nodes; topologyManagerPolicyOptions '
            '"max-allowable-numa-nodes" raises the limit',
        ),
        (
            '  topologyManagerPolicy: restricted\n  topologyManagerPolicyOptions: {max-allowable-numa-nodes: "16"}\n',
            16,
            "kubelet.topologyManagerPolicyOptions.max-allowable-numa-nodes",
            "unsupported on machines with more than 16 NUMA Nodes",
        ),
        (
            '  topologyManagerPolicy: single-numa-node\n  topologyManagerPolicyOptions: {max-allowable-numa-nodes: "24"}\n',
            16,
            "kubelet.topologyManagerPolicyOptions.max-allowable-numa-nodes",
            "the kubelet's topology hints on this machine's 24 NUMA nodes enumerate 2^24 NUMA masks "
            '("max-allowable-numa-nodes" is 24); pod-resources simulates them on at most 16 NUMA nodes',
        ),
    ],
)
def test_more_numa_nodes_than_the_topology_manager_allows_is_refused(
    tmp_path: Path, kubelet: str, line: int, field: str, message: str
) -> None:
    path = tmp_path / "numa24.yaml"
    path.write_text(profile(24, kubelet), encoding="utf-8")
    for command in (["node", "show", str(path)], ["admit", "--node", str(path), "-"]):
        done = run_limited(command, timeout=60)
        assert done.returncode == 2, done.stderr
        assert done.stderr.startswith(f"pod-resources: error: {path}:{line}:"), done.stderr
        assert f"{field}: {message}" in done.stderr
        assert "max-allowable-numa-nodes" in done.stderr


def test_policy_none_counts_no_numa_nodes(tmp_path: Path) -> None:
    path = tmp_path / "numa24.yaml"
    path.write_text(profile(24, "  topologyManagerPolicy: none\n"), encoding="utf-8")
    assert load_node_file(str(path), build_gates(None, None)).topology is not None


def test_sixteen_numa_nodes_merge_without_the_cross_product(tmp_path: Path) -> None:
    """max-allowable-numa-nodes 16: 2^16 - 1 hints per resource. A pod whose CPUs need two
    NUMA nodes and whose memory fits one has no preferred merged hint: the merge walked
    every pair of hints (2^32) before."""
    node = tmp_path / "numa16.yaml"
    kubelet = '  topologyManagerPolicy: best-effort\n  topologyManagerPolicyOptions: {max-allowable-numa-nodes: "16"}\n'
    node.write_text(profile(16, kubelet, memory_static=True), encoding="utf-8")
    pods = tmp_path / "pod.yaml"
    pods.write_text(guaranteed("p", "3", "1Gi", containers=2))
    done = run_limited(["admit", "-o", "json", "--node", str(node), str(pods)], timeout=120)
    assert done.returncode == 0, done.stderr
    pod = json.loads(done.stdout)["pods"][0]
    assert pod["admission"]["admitted"] is True
    # no preferred merged hint: the narrowest of the best non-preferred size (2 NUMA nodes)
    assert [c["numaAffinity"] for c in pod["containers"]] == [[0, 1], [0, 1]]


numa_masks = st.sets(st.integers(1, 63), max_size=12)


@settings(max_examples=300, deadline=None)
@given(numa_masks, numa_masks, st.sampled_from([[0, 1, 2, 3, 4, 5], [0, 2, 3, 5, 7, 9]]))
def test_and_products_equal_the_pairs(left: set[int], right: set[int], bits: list[int]) -> None:
    spread = {n: bits[i] for i, n in enumerate(range(6))}

    def place(mask: int) -> int:
        return sum(1 << spread[i] for i in range(6) if mask >> i & 1)

    left_masks, right_masks = {place(m) for m in left}, {place(m) for m in right}
    assert _and_products(left_masks, right_masks, bits) == {a & b for a in left_masks for b in right_masks}


@settings(max_examples=400, deadline=None)
@given(
    machines(),
    st.integers(0, 20),
    st.integers(0, 3),
    st.dictionaries(st.integers(1, 63), st.integers(0, 4), max_size=3),
    st.integers(0, 63),
    st.booleans(),
)
def test_hint_search_equals_the_kubelets_walk(
    machine: NUMANodeMap, mem_gi: int, hp_gi: int, reuse: dict[int, int], within: int, memory: bool
) -> None:
    """Above MAX_HINT_NUMA_NODES the default and extended hints are searched, not walked:
    on machines small enough to walk, both give the same hint."""
    requested = {"memory": mem_gi * GI} if memory or not hp_gi else {}
    if hp_gi:
        requested["hugepages-1Gi"] = hp_gi * GI
    reusable = {mask: {"memory": gi * GI} for mask, gi in reuse.items()}
    assert numa_hints._search_default_hint(machine, requested, reusable) == numa_hints.default_hint(machine, requested, reusable)
    mask = within or None
    assert numa_hints._search_extend_hint(machine, requested, reusable, mask) == numa_hints.extend_hint(
        machine, requested, reusable, mask
    )


# -- 2. --expand-replicas ---------------------------------------------------------------


def deployment(name: str, replicas: int) -> str:
    return (
        f"apiVersion: apps/v1\nkind: Deployment\nmetadata: {{name: {name}}}\nspec:\n  replicas: {replicas}\n"
        "  template:\n    spec:\n      containers:\n      - name: app\n"
        "        resources: {requests: {cpu: 10m, memory: 10Mi}, limits: {cpu: 10m, memory: 10Mi}}\n"
    )


def test_a_billion_replicas_are_capped_at_the_pod_capacity(tmp_path: Path) -> None:
    path = tmp_path / "web.yaml"
    path.write_text(deployment("web", 1_000_000_000))
    node = str(NODES / "dual-socket-ht.yaml")  # maxPods: 110
    done = run_limited(["admit", "--expand-replicas", "-o", "json", "--node", node, str(path)])
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert len(data["pods"]) == 110
    assert data["admission"]["replicas"] == [
        {
            "kind": "Deployment", "name": "web", "namespace": None, "template": None, "replicas": 1_000_000_000,
            "simulated": 110, "admitted": 110, "leftOut": 999_999_890,
            "bound": "the node admits at most 110 pods (its allocatable pods)",
        }  # fmt: skip
    ]
    table = run_limited(["admit", "--expand-replicas", "--node", node, str(path)])
    assert table.returncode == 0, table.stderr
    text = re.sub(r"\s+", " ", table.stdout)
    assert "Deployment web: 110 of 1000000000 replicas simulated, 110 admitted, 999999890 left out: the node admits at most 110 pods" in text


def test_replicas_the_node_refuses_are_counted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    node = tmp_path / "node.yaml"
    node.write_text((NODES / "dual-socket-ht.yaml").read_text().replace("maxPods: 110", "maxPods: 4"))
    pods = tmp_path / "pods.yaml"
    pods.write_text("---\n".join([guaranteed("first", "2", "1Gi"), deployment("web", 3), deployment("api", 7)]))
    assert main(["admit", "--expand-replicas", "-o", "json", "--node", str(node), str(pods)]) == 0
    data = json.loads(capsys.readouterr().out)
    names = [p["workload"]["name"] for p in data["pods"]]
    assert names == ["first", "web-0", "web-1", "web-2", "api-0", "api-1", "api-2", "api-3"]
    counts = {c["name"]: c for c in data["admission"]["replicas"]}
    assert (counts["web"]["simulated"], counts["web"]["admitted"], counts["web"]["leftOut"], counts["web"]["bound"]) == (3, 3, 0, None)
    # api: 4 replicas (the pod capacity), none admitted (the node is full), 3 never tried
    assert (counts["api"]["simulated"], counts["api"]["admitted"], counts["api"]["leftOut"]) == (4, 0, 3)
    assert "at most 4 pods" in counts["api"]["bound"]


def test_without_the_option_a_workload_is_one_pod(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pods = tmp_path / "web.yaml"
    pods.write_text(deployment("web", 1_000_000_000))
    assert main(["admit", "-o", "json", "--node", str(NODES / "dual-socket-ht.yaml"), str(pods)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["pods"]) == 1 and "replicas" not in data["admission"]


def test_the_run_limit_bounds_every_workload_together() -> None:
    node = load_node_file(str(NODES / "big-128.yaml"))
    expander = ReplicaExpander(node, limit=5)
    location = Location("w.yaml", 1)

    def workload(name: str, replicas: int) -> Workload:
        return Workload(WorkloadRef("Deployment", name, replicas=replicas), Pod(name=name), ())

    sizes = [len(expander.expand(workload(n, r), location)) for n, r in [("a", 3), ("b", 10**9), ("c", 2)]]
    assert sizes == [3, 2, 1]  # a workload keeps at least one pod, as without the option
    counts = expander.counts([])
    assert [(c.name, c.simulated, c.left_out) for c in counts] == [("a", 3, 0), ("b", 2, 10**9 - 2), ("c", 1, 1)]
    assert maybe_words(counts[1].bound) == "--expand-replicas simulates at most 5 pods per run"
    assert MAX_EXPANDED_PODS == 1_000


# -- 3. lint per-path globs ----------------------------------------------------------------


def regex_glob_match(pattern: str, path: str) -> bool:
    """The former matcher (a regex per glob), the reference for the semantics."""

    def compile_glob(glob: str) -> re.Pattern[str]:
        out: list[str] = []
        i = 0
        while i < len(glob):
            if glob.startswith("**/", i):
                out.append("(?:.*/)?")
                i += 3
            elif glob.startswith("**", i):
                out.append(".*")
                i += 2
            elif glob[i] == "*":
                out.append("[^/]*")
                i += 1
            elif glob[i] == "?":
                out.append("[^/]")
                i += 1
            else:
                out.append(re.escape(glob[i]))
                i += 1
        return re.compile("".join(out))

    pattern = pattern.removeprefix("./")
    if compile_glob(pattern).fullmatch(path):
        return True
    return "/" not in pattern and bool(compile_glob(pattern).fullmatch(path.rsplit("/", 1)[-1]))


glob_text = st.text(alphabet="ab/*?.\n-", max_size=10)
path_text = st.text(alphabet="ab/.\n-", max_size=10)


@settings(max_examples=3000, deadline=None)
@given(st.one_of(glob_text, glob_text.map(lambda g: "./" + g)), path_text)
def test_glob_match_keeps_the_regex_semantics(pattern: str, path: str) -> None:
    assert glob_match(pattern, path) is regex_glob_match(pattern, path)


@pytest.mark.parametrize(
    ("pattern", "path", "matches"),
    [
        ("**/x.yaml", "x.yaml", True),
        ("a/**/b", "a/b", True),
        ("a/**/b", "a/x/y/b", True),
        ("a/**b", "a/x/yb", True),
        ("a**", "a/\n", False),  # ** never spans a newline (the regex's .)
        ("a*", "a\n", True),  # * does ([^/])
        ("*", "", True),
        ("?", "/", False),
        ("x.[ch]", "x.[ch]", True),  # no character classes: literal brackets
    ],
)
def test_glob_edge_cases(pattern: str, path: str, matches: bool) -> None:
    assert glob_match(pattern, path) is matches is regex_glob_match(pattern, path)


def test_a_dozen_stars_match_in_linear_time() -> None:
    """``*a`` x 12 against 100 characters: over 60 s of backtracking before (n^12)."""
    code = (
        "from pod_resources_cli.lint.globs import glob_match\n"
        "assert not glob_match('*a' * 12 + '*b', 'a' * 100)\n"
        "assert glob_match('**a' * 12 + '**', 'a/' * 50)\n"
        "assert not glob_match('**/*a' * 12 + '*b', 'a/' * 50)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr


def test_per_path_override_with_many_stars(tmp_path: Path) -> None:
    from pod_resources_cli.lint.config import config_from_mapping

    cfg = config_from_mapping({"per-path": [{"paths": ["*a*a*a*a*a*a*a*a*a*a*a*a*b"], "ignore": ["PR130"]}]}, base_dir=str(tmp_path))
    assert not cfg.ignored_at("PR130", "a" * 200)
    assert cfg.ignored_at("PR130", "a" * 200 + "b")
