"""Numbers in a node description that the kubelet refuses, or cannot hold, are refused here.

1. Digits are ASCII, as Go reads them (strconv.Atoi in cpuset.Parse,
   strconv.ParseFloat, time.ParseDuration, apimachinery's ParseQuantity):
   Python's int(), str.isdigit(), Decimal and ``\\d`` also take "٠" or "５".
2. A MachineInfo hugepage page size (KiB) is a positive power of two whose bytes
   fit int64, as the kubelet makes ``hugepages-<size>`` of int64(page_size * 1024);
   a NodeProfile's ``hugepages-<size>`` names obey the same rule.
3. A quantity beyond int64 where the kubelet reads an int64 is refused in every
   notation: 9223372036854775808, 8Ei (which apimachinery caps silently),
   8192Pi, 9.223372036854775808e18, 9223372036854775808000m.
4. Errors quote an input value cut to 60 characters, saying how long it was.

Each refusal is a NodeError located at the value's line (exit 2 from the CLI).
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from pod_resources_cli.cpuset import CPUIdRangeError, CPUSet
from pod_resources_cli.errors import InputError, NodeError
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.quantity import MAX_INT64, NANO, QuantityError, QuantityRangeError, parse_quantity
from pod_resources_cli.source.node_file import load_node
from pod_resources_cli.source.sysfs import discover_machine
from tests.test_hostile import run
from tests.test_sysfs import build_fake_sysfs

PROFILE = """\
apiVersion: pod-resources/v1
kind: NodeProfile
sockets: 1
coresPerSocket: 4
memoryPerNumaNode: 8Gi
"""
KUBELET = "---\nkind: KubeletConfiguration\n"
MILLION = 1_000_000


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "node.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def _load(tmp_path: Path, text: str) -> NodeDescription:
    return load_node(str(_write(tmp_path, text)))


def _error(tmp_path: Path, text: str) -> NodeError:
    with pytest.raises(NodeError) as info:
        _load(tmp_path, text)
    return info.value


def _line_of(text: str, needle: str) -> int:
    """The 1-based line of ``text`` holding ``needle`` (its first occurrence)."""
    return text[: text.index(needle)].count("\n") + 1


def _assert_at(error: NodeError, text: str, needle: str, message: str) -> None:
    assert message in str(error), str(error)
    assert error.location is not None and error.location.line == _line_of(text, needle), str(error)


def _machine_info(hugepages: list[dict[str, int]], *, nodes: int = 1, top: list[dict[str, int]] | None = None,
                  memory: int = 8 << 30, capacity: int | None = 16 << 30) -> str:
    topology = [
        {"node_id": n, "memory": memory, "hugepages": hugepages,
         "cores": [{"core_id": n, "thread_ids": [n], "socket_id": 0}]}
        for n in range(nodes)
    ]
    info: dict[str, object] = {"num_cores": nodes, "topology": topology}
    if capacity is not None:
        info["memory_capacity"] = capacity
    if top is not None:
        info["hugepages"] = top
    return json.dumps(info, indent=1) + "\n"


# -- 1. ASCII digits only ----------------------------------------------------------------

@pytest.mark.parametrize("text", ["٠", "0-٣", "５", "1,٢", "0-3,٤-٧", "²"])
def test_cpulists_take_ascii_digits_only(text: str) -> None:
    with pytest.raises(ValueError, match=r'^strconv\.Atoi: parsing ".+": invalid syntax$'):
        CPUSet.parse(text)


def test_cpulists_still_take_what_atoi_takes() -> None:
    assert CPUSet.parse("+1,007") == CPUSet.of(1, 7)
    with pytest.raises(CPUIdRangeError, match="out of range"):
        CPUSet.parse("9" * 5000)  # beyond int64: refused on its length, not converted


def test_reserved_system_cpus_with_an_arabic_indic_zero_is_refused_at_its_line(tmp_path: Path) -> None:
    text = PROFILE + KUBELET + 'reservedSystemCPUs: "٠"\n'
    error = _error(tmp_path, text)
    _assert_at(error, text, "reservedSystemCPUs", 'strconv.Atoi: parsing "٠": invalid syntax')
    assert "unable to parse reservedSystemCPUs (--reserved-cpus)" in str(error)


def test_the_cli_exits_2_on_a_non_ascii_cpu_id(tmp_path: Path) -> None:
    path = _write(tmp_path, PROFILE + KUBELET + 'reservedSystemCPUs: "0,５"\n')
    result = run(["node", "show", str(path)], timeout=120)
    assert result.code == 2, result.out
    assert result.err.startswith(f"pod-resources: error: {path}:8:"), result.err
    assert 'strconv.Atoi: parsing "５": invalid syntax' in result.err


@pytest.mark.parametrize("text", ["٥Gi", "1٠0m", "1e٣", "\x1c1Gi", "1Gi\x1f"])
def test_quantities_take_ascii_digits_and_trim_only_what_go_trims(text: str) -> None:
    # U+001C..U+001F are blanks to str.strip(), not to strings.TrimSpace.
    with pytest.raises(QuantityError):
        parse_quantity(text)


def test_go_blanks_are_still_trimmed() -> None:
    assert parse_quantity("\u3000\u00a01Gi\t\n").nanos == 2**30 * NANO


@pytest.mark.parametrize(
    ("kubelet", "needle", "message"),
    [
        ("evictionHard:\n  memory.available: '٥%'\n", "memory.available", 'strconv.ParseFloat: parsing "٥": invalid syntax'),
        ("evictionHard:\n  nodefs.available: '1_0%'\n", "nodefs.available", 'strconv.ParseFloat: parsing "1_0": invalid syntax'),
        ("memoryThrottlingFactor: '٠.٥'\n", "memoryThrottlingFactor", "must be a number, not '٠.٥'"),
        ("cpuCFSQuotaPeriod: ١٠٠ms\n", "cpuCFSQuotaPeriod", "invalid duration '١٠٠ms'"),
        ("systemReserved:\n  memory: \"\\x1c1Gi\"\n", "  memory:", "invalid quantity"),
        ("kubeReserved:\n  memory: ١Gi\n", "  memory:", "invalid quantity '١Gi'"),
    ],
    ids=["eviction-percentage", "eviction-underscore", "throttling-factor", "cfs-period", "quantity-blank", "quantity-digit"],
)
def test_kubelet_numbers_take_ascii_digits_only(tmp_path: Path, kubelet: str, needle: str, message: str) -> None:
    text = PROFILE + KUBELET + kubelet
    _assert_at(_error(tmp_path, text), text, needle, message)


# -- 2. hugepage page sizes ---------------------------------------------------------------

@pytest.mark.parametrize(
    ("hugepages", "field", "message"),
    [
        ([{"page_size": -2048, "num_pages": 1}], "page_size", "page_size -2048 is not a hugepage size"),
        ([{"page_size": 0, "num_pages": 1}], "page_size", "page_size 0 is not a hugepage size"),
        ([{"page_size": 3072, "num_pages": 1}], "page_size", "page_size 3072 is not a hugepage size"),
        ([{"page_size": 2**64, "num_pages": 1}], "page_size", "KiB is more than the kubelet can hold"),
        ([{"page_size": 2**53, "num_pages": 1}], "page_size", "at most 4503599627370496 KiB (4Ei)"),
        ([{"page_size": 2048, "num_pages": -1}], "num_pages", "-1 is out of range: cAdvisor counts pages in a uint64"),
        ([{"page_size": 2**52, "num_pages": 2}], "num_pages", "2 pages of 4Ei are more than 2^63-1 bytes"),
    ],
    ids=["negative", "zero", "not-a-power-of-two", "2^64", "2^53", "negative-pages", "total-beyond-int64"],
)
def test_machine_info_hugepage_sizes_the_kubelet_cannot_name(
    tmp_path: Path, hugepages: list[dict[str, int]], field: str, message: str
) -> None:
    text = _machine_info(hugepages)
    _assert_at(_error(tmp_path, text), text, f'"{field}"', message)


def test_machine_info_machine_wide_hugepages_are_checked_too(tmp_path: Path) -> None:
    text = _machine_info([], top=[{"page_size": -2048, "num_pages": 1}])
    error = _error(tmp_path, text)
    _assert_at(error, text, '"page_size"', "page_size -2048 is not a hugepage size")
    assert str(error).split(": ")[1].startswith("hugepages[0].page_size"), str(error)


def test_machine_info_hugepages_over_the_numa_nodes_must_fit_int64(tmp_path: Path) -> None:
    text = _machine_info([{"page_size": 2**52, "num_pages": 1}], nodes=2)
    error = _error(tmp_path, text)
    assert "over the NUMA nodes so far, 2 pages of 4Ei are more than 2^63-1 bytes" in str(error), str(error)
    assert "topology[1].hugepages" in str(error)


def test_real_hugepage_sizes_still_load(tmp_path: Path) -> None:
    text = _machine_info([{"page_size": 2048, "num_pages": 512}, {"page_size": 1048576, "num_pages": 2}],
                         top=[{"page_size": 2048, "num_pages": 512}])
    node = _load(tmp_path, text)
    assert node.topology is not None and node.topology.numa_nodes[0].hugepages == {2 << 20: 512, 1 << 30: 2}


@pytest.mark.parametrize(
    ("hugepages", "message"),
    [
        ("{hugepages-3Mi: 3Mi}", "'hugepages-3Mi' is not a hugepage size"),
        ("{hugepages-2M: 4M}", "'hugepages-2M' is not a hugepage size"),  # 2000000 bytes: a typo for 2Mi
        ("{hugepages-512: 1Ki}", "'hugepages-512' is not a hugepage size"),  # not a whole KiB
        ("{hugepages-8589934592Gi: '0'}", "'hugepages-8589934592Gi' is more than the kubelet can hold"),  # 2^63
    ],
)
def test_profile_hugepage_names_the_kubelet_cannot_report(tmp_path: Path, hugepages: str, message: str) -> None:
    text = PROFILE + f"hugepagesPerNumaNode: {hugepages}\n"
    _assert_at(_error(tmp_path, text), text, "hugepagesPerNumaNode", message)


def test_profile_hugepages_over_the_numa_nodes_must_fit_int64(tmp_path: Path) -> None:
    text = PROFILE.replace("sockets: 1", "sockets: 2") + "hugepagesPerNumaNode: {hugepages-1Gi: 4Ei}\n"
    _assert_at(_error(tmp_path, text), text, "hugepagesPerNumaNode",
               "over the 2 NUMA nodes, 8589934592 pages of 1Gi are more than 2^63-1 bytes")


# -- 3. int64, in every notation ----------------------------------------------------------

BEYOND_INT64 = ["9223372036854775808", "8Ei", "8192Pi", "9.223372036854775808e18", "9223372036854775808000m", "'+8Ei'"]
INT64_REFUSED = "does not fit in an int64 (more than 2^63-1"

PLACES = {
    "kubeReserved": (PROFILE + KUBELET + "kubeReserved:\n  memory: {q}\n", "  memory:"),
    "systemReserved": (PROFILE + KUBELET + "systemReserved:\n  ephemeral-storage: {q}\n", "ephemeral-storage"),
    "reservedMemory": (PROFILE + KUBELET + "reservedMemory:\n- numaNode: 0\n  limits: {{memory: {q}}}\n", "limits"),
    "evictionHard": (PROFILE + KUBELET + "evictionHard:\n  memory.available: {q}\n", "memory.available"),
    "memoryPerNumaNode": (PROFILE.replace("8Gi", "{q}"), "memoryPerNumaNode"),
    "ephemeralStorage": (PROFILE + "ephemeralStorage: {q}\n", "ephemeralStorage"),
    "extendedResources": (PROFILE + "extendedResources: {{example.com/dev: {q}}}\n", "extendedResources"),
    "node-capacity": ("kind: Node\nmetadata: {{name: n}}\nstatus:\n  capacity:\n    memory: {q}\n", "    memory"),
    "node-allocatable": ("kind: Node\nmetadata: {{name: n}}\nstatus:\n  allocatable:\n    pods: {q}\n", "pods"),
}


@pytest.mark.parametrize("place", sorted(PLACES))
@pytest.mark.parametrize("quantity", BEYOND_INT64)
def test_a_quantity_beyond_int64_is_refused_in_every_notation(tmp_path: Path, place: str, quantity: str) -> None:
    template, needle = PLACES[place]
    text = template.format(q=quantity)
    error = _error(tmp_path, text)
    _assert_at(error, text, needle, INT64_REFUSED)
    if quantity.strip("'+").endswith("i"):
        assert "apimachinery would cap it at 2^63-1" in str(error)


@pytest.mark.parametrize("quantity", ["9223372036854775807", "'9223372036854775807'", "7Ei", "8191Pi", "9223372036854775807000m"])
def test_the_largest_int64_is_accepted(tmp_path: Path, quantity: str) -> None:
    node = _load(tmp_path, PROFILE.replace("8Gi", quantity))
    assert node.topology is not None and 0 < node.topology.memory_capacity <= MAX_INT64
    node = _load(tmp_path, PROFILE + KUBELET + f"systemReserved:\n  memory: {quantity}\n")
    assert node.kubelet.system_reserved["memory"].value() <= MAX_INT64


def test_parse_quantity_caps_binary_si_unless_asked_not_to() -> None:
    assert parse_quantity("8Ei").nanos == MAX_INT64 * NANO  # apimachinery's maxAllowed, unchanged
    for text in BEYOND_INT64:
        with pytest.raises(QuantityRangeError, match=r"is too large \(more than 2\^63-1\)"):
            parse_quantity(text.strip("'"), saturate=False)


@pytest.mark.parametrize(
    ("text", "needle", "message"),
    [
        # the scheduler and the kubelet read cpu in millicores (MilliValue)
        ("kind: Node\nmetadata: {name: n}\nstatus:\n  capacity:\n    cpu: '9223372036854775807'\n", "cpu",
         "does not fit in an int64 of millicores (more than 9223372036854775.807): the kubelet reads cpu with Quantity.MilliValue()"),
        # parseResourceList rounds a reserved cpu through ScaledValue(resource.Micro)
        (PROFILE + KUBELET + "kubeReserved:\n  cpu: 1e13\n", "cpu",
         "--kube-reserved value failed to parse: quantity '10T' does not fit in an int64 of microcores"),
        (PROFILE + KUBELET + "systemReserved:\n  cpu: '9223372036855'\n", "cpu", "int64 of microcores (more than 9223372036854.775807)"),
    ],
    ids=["node-cpu-millicores", "kube-reserved-cpu-microcores", "system-reserved-cpu-microcores"],
)
def test_cpu_is_bounded_in_the_unit_the_kubelet_reads(tmp_path: Path, text: str, needle: str, message: str) -> None:
    _assert_at(_error(tmp_path, text), text, needle, message)


def test_cpu_within_the_kubelet_units_is_accepted(tmp_path: Path) -> None:
    node = _load(tmp_path, PROFILE + KUBELET + "kubeReserved:\n  cpu: '9223372036854'\n")
    assert node.kubelet.kube_reserved["cpu"].value() == 9223372036854


@pytest.mark.parametrize(
    ("text", "needle", "message"),
    [
        (_machine_info([], capacity=2**63), "memory_capacity", "memory 9223372036854775808 is more than 2^63-1 bytes"),
        (_machine_info([], memory=2**63), '"memory"', "memory 9223372036854775808 is more than 2^63-1 bytes"),
        (_machine_info([], nodes=2, memory=2**62, capacity=None), '"topology"',
         "the NUMA nodes' memory adds up to 9223372036854775808 bytes, more than 2^63-1"),
        (PROFILE.replace("sockets: 1", "sockets: 2").replace("8Gi", "4Ei"), "memoryPerNumaNode",
         "the NUMA nodes' memory adds up to 9223372036854775808 bytes, more than 2^63-1"),
        ("kind: KubeletConfiguration\nmaxPods: 2147483648\n", "maxPods", "2147483648 is out of range: the kubelet holds maxPods as an int32"),
        ("kind: KubeletConfiguration\npodsPerCore: -2147483649\n", "podsPerCore", "the kubelet holds podsPerCore as an int32"),
        ("kind: KubeletConfiguration\npodPidsLimit: 9223372036854775808\n", "podPidsLimit", "the kubelet holds podPidsLimit as an int64"),
    ],
    ids=["memory-capacity", "numa-memory", "numa-memory-sum", "profile-memory-sum", "max-pods", "pods-per-core", "pod-pids-limit"],
)
def test_machine_and_kubelet_integers_beyond_their_go_types(tmp_path: Path, text: str, needle: str, message: str) -> None:
    _assert_at(_error(tmp_path, text), text, needle, message)


def test_a_thread_id_that_is_not_an_integer_is_refused(tmp_path: Path) -> None:
    text = _machine_info([]).replace('"thread_ids": [\n      0\n     ]', '"thread_ids": [\n      "0"\n     ]')
    assert '"0"' in text
    _assert_at(_error(tmp_path, text), text, '"0"', "must be an integer, not a string")


# -- 4. long values are cut in errors -----------------------------------------------------

@pytest.mark.parametrize(
    "text",
    ["1" + "k" * MILLION, "x" * MILLION, "9" * MILLION, "1e" + "9" * MILLION, "-" * MILLION],
    ids=["suffix", "junk", "too-large", "exponent", "signs"],
)
def test_quantity_errors_quote_a_long_value_cut(text: str) -> None:
    with pytest.raises(QuantityError) as info:
        parse_quantity(text)
    message = str(info.value)
    assert len(message) < 250, message[:300]
    assert "... (" in message and " characters)" in message, message


def test_cpulist_errors_quote_a_long_value_cut() -> None:
    for text in ("x" * MILLION, "1-" + "y" * MILLION, "0" * MILLION + "z", "9" * MILLION):
        with pytest.raises(ValueError) as info:
            CPUSet.parse(text)
        assert len(str(info.value)) < 250 and " characters)" in str(info.value), str(info.value)[:300]


LONG = {
    "quantity-too-large": (PROFILE + KUBELET + 'kubeReserved:\n  memory: "{big}"\n', "  memory:", INT64_REFUSED),
    "node-capacity": ('kind: Node\nmetadata: {{name: n}}\nstatus:\n  capacity: {{memory: "{big}"}}\n', "capacity", INT64_REFUSED),
    "profile-schema": (PROFILE.replace("8Gi", '"{big}x"'), "memoryPerNumaNode", "is not of type 'number'"),
    "profile-memory": (PROFILE.replace("8Gi", '"{big}"'), "memoryPerNumaNode", INT64_REFUSED),
    "reserved-cpus": (PROFILE + KUBELET + 'reservedSystemCPUs: "{big},x"\n', "reservedSystemCPUs", "unable to parse reservedSystemCPUs"),
    "eviction": (PROFILE + KUBELET + 'evictionHard:\n  memory.available: "{big}"\n', "memory.available", INT64_REFUSED),
    "eviction-percentage": (PROFILE + KUBELET + 'evictionHard:\n  memory.available: "{big}x%"\n', "memory.available",
                            "strconv.ParseFloat"),
    "cgroup-driver": (PROFILE + KUBELET + 'cgroupDriver: "{big}"\n', "cgroupDriver", "unknown cgroupDriver"),
    "duration": (PROFILE + KUBELET + 'cpuCFSQuotaPeriod: "{big}x"\n', "cpuCFSQuotaPeriod", "invalid duration"),
    "kind": ('kind: "{big}"\n', "kind", "not a node description document"),
    "resource-name": (PROFILE + KUBELET + "kubeReserved:\n  ? k{big}\n  : '1'\n", "? k", "cannot reserve"),
    "unknown-field": (PROFILE + "? z{big}\n: 1\n", "apiVersion", "unknown field"),
}


@pytest.mark.parametrize("case", sorted(LONG))
def test_node_errors_quote_a_long_value_cut(tmp_path: Path, case: str) -> None:
    template, needle, message = LONG[case]
    text = template.format(big=("x" if case == "duration" else "9") * MILLION)
    error = _error(tmp_path, text)
    _assert_at(error, text, needle, message)
    assert len(str(error)) < 700, str(error)[:800]
    assert " characters)" in str(error), str(error)


@pytest.mark.parametrize(
    ("kubelet", "message"),
    [
        ('kubeReserved:\n  memory: "{}x"\n', "invalid quantity"),
        ('kubeReserved:\n  memory: "1.{}Q"\n', "invalid quantity"),
        ('cpuCFSQuotaPeriod: "{}"\n', "invalid duration"),
        ('evictionHard:\n  memory.available: "{}x%"\n', "strconv.ParseFloat"),
        ('reservedSystemCPUs: "{}x"\n', "strconv.Atoi"),
    ],
    ids=["quantity-digits", "quantity-fraction", "duration", "percentage", "cpulist"],
)
def test_the_cli_refuses_a_million_digits_that_end_badly_quickly(tmp_path: Path, kubelet: str, message: str) -> None:
    """The quantity grammar and the duration scanner once backtracked: a long run of
    digits that ends badly took hours. (In a subprocess, so that a regression times
    out instead of hanging the suite.)"""
    path = _write(tmp_path, PROFILE + KUBELET + kubelet.format("0" * MILLION))
    result = run(["node", "show", str(path)], timeout=60)
    assert result.code == 2, result.out[:500]
    assert result.err.startswith(f"pod-resources: error: {path}:"), result.err[:500]
    assert message in result.err and " characters)" in result.err and len(result.err) < 500, result.err[:600]


def test_discover_quotes_a_long_distance_row_cut(tmp_path: Path) -> None:
    root = build_fake_sysfs(tmp_path)
    (root / "sys/devices/system/node/node0/distance").write_text("x" * 5000 + "\n")
    with pytest.raises(InputError) as info:
        discover_machine(str(root))
    assert "one number per NUMA node, not 'xxxx" in str(info.value)
    assert str(info.value).endswith("... (5000 characters)"), str(info.value)
