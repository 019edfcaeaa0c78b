"""kube/ returns provenance (Why), why_words.py words it: one table, every rule in it.

- a table of rules and the sentences they make (the ones the tool printed
  before the words moved out of kube/);
- every rule kube/ and analysis/ name has words, and every worded rule is used;
- the reports explain, admit and diff carry Why values, never sentences.
"""

from __future__ import annotations

import ast
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.analysis.explain import explain_workload
from pod_resources_cli.analysis.report import PodReport
from pod_resources_cli.features import LATEST, Decision, FeatureGates, KubernetesVersion
from pod_resources_cli.kube.provenance import Why, because, verbatim
from pod_resources_cli.model.items import WorkloadItem
from pod_resources_cli.run.pipeline import items_of_source
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.source.discover import SourceFile
from pod_resources_cli.source.node_file import load_node
from pod_resources_cli.why_words import TABLE, words

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "pod_resources_cli"
Q = Quantity.parse
GATE = Decision("CustomCPUCFSQuotaPeriod", True, "set by --feature-gates")


@pytest.mark.parametrize(
    ("why", "text"),
    [
        (because("qos.best-effort.containers"), "no container sets a cpu or memory request or limit"),
        # GetPodQOS counts quantities above zero only (mariadb-operator's azurite sets every one to "0")
        (because("qos.best-effort.containers", zeros=True), "no container sets a cpu or memory request or limit above zero"),
        (
            because(
                "qos.burstable",
                because("qos.container-limit-missing", type="init", container="migrate", lacking=("cpu", "memory")),
                because("qos.request-not-limit", resource="cpu", request=Q("500m"), limit=Q("1")),
                pod_level=False,
            ),
            "containers: init container 'migrate' has no cpu or memory limit; cpu request 500m != limit 1",
        ),
        (because("qos.guaranteed", pod_level=True), "pod-level resources: cpu and memory requests equal limits"),
        (
            because(
                "cgroup.cpu-quota.pod",
                because("cgroup.cpu-period.custom", period=50_000, gate=GATE),
                milli=1500, period=50_000, source=because("cgroup.source.aggregate", kind="limit"),
            ),  # fmt: skip
            "1500m * 50000 / 1000 (aggregate of container limits); "
            "period: cpuCFSQuotaPeriod 50ms (CustomCPUCFSQuotaPeriod=true (set by --feature-gates))",
        ),
        (
            because(
                "container.cpu-quota.pod-level",
                because("container.cpu-quota.limit", because("cgroup.cpu-period.custom", period=1000, gate=GATE), limit=Q("2"), period=1000),
            ),
            "cpu limit 2 * 1000 / 1000 (period: cpuCFSQuotaPeriod 1ms, CustomCPUCFSQuotaPeriod=true (set by --feature-gates))"
            " (pod-level limit: the container sets none, KEP-2837 row 7 [c])",
        ),
        (because("cgroup.cpu-weight.kubelet-linear", shares=1024), "1 + ((shares-2)*9999)/262142 of cpu.shares 1024 (kubelet, linear)"),
        (
            because("cgroup.cpu-weight.runtime-quadratic", shares=51),
            "ceil(10^((l*l+125*l)/612 - 7/34)), l = log2(shares) (container runtime, quadratic mapping) of cpu.shares 51",
        ),
        (
            because(
                "memory-qos.high.container", request=268435456, factor=Decimal("0.9"), ceiling_from="limit",
                ceiling=1073741824, page_size=4096, factor_from=because("memory-qos.factor.legacy-default", since=KubernetesVersion(1, 37)),
            ),  # fmt: skip
            "floor[(request 268435456 + 0.9 * (limit 1073741824 - request)) / 4096] * 4096"
            " (factor: the default memoryThrottlingFactor before Kubernetes 1.37)",
        ),
        (
            because("oom.lowered-to-999", because("oom.burstable", request=0, capacity=4_000_000_000)),
            "999, one below BestEffort: the request counts for nothing (1000 - 1000 * request 0 / capacity 4000000000 = 1000)",
        ),
        (
            because("swap.limited.ruled-out", because("swap.excluded.qos", qos="Guaranteed")),
            "LimitedSwap, Guaranteed pod (only Burstable pods swap): no swap",
        ),
        (because("swap.no-swap", behavior=""), "NoSwap (the default): no swap"),
        (
            because("cgroup.swap.kernel-default", because("swap.alpha.gate-off", gate=Decision("NodeSwap", False, "default in 1.27"))),
            "unlimited (kernel default): the kubelet sets no swap limit: NodeSwap=false (default in 1.27)",
        ),
        (
            because(
                "pod.totals.containers", resource="cpu", kind="requests",
                steady=(("app", Q("500m")), ("log-shipper", Q("100m"))), peaks=((("migrate", Q("250m")),),),
                lacking=(), overhead=Q("50m"),
            ),  # fmt: skip
            "max(app 500m + log-shipper 100m, migrate 250m) + overhead 50m",
        ),
        (
            because(
                "pod.totals.containers", resource="cpu", kind="limits",
                steady=(), peaks=((("i", Q("1")),),), lacking=("c",), overhead=None,
            ),  # fmt: skip
            "i 1; c set no cpu limit, so the pod cgroup has none",  # no running container's term: the init peak alone
        ),
        (
            because(
                "pod.totals.containers", resource="memory", kind="limits",
                steady=tuple((f"c{i}", Q("1Gi")) for i in range(9)), peaks=(), lacking=tuple(f"i{i}" for i in range(9)), overhead=None,
            ),  # fmt: skip
            "the sum of 9 running containers; 9 containers set no memory limit, so the pod cgroup has none",
        ),
        (
            because("pod.totals.pod-level", because("defaults.pod-request-from-limit"), kind="requests", overhead=None),
            "pod-level spec.resources.requests (defaulted: pod request defaulted from pod limit)",
        ),
        (
            because("placement.exclusive", because("placement.hint", nodes=(0, 1), preferred=False), count=2, cpus="1,9", init=True),
            "Guaranteed pod, integer cpu request 2: exclusive CPUs 1,9 (NUMA hint {0,1} (not preferred)); later containers may reuse them",
        ),
        (because("placement.no-pod-pool", budget=None), "Guaranteed pod, but its pod-level resources request no cpu: no CPU pool "
         "for the pod (podGuaranteedCPUs 0), so every container runs in the node's shared pool"),
        (because("pod-quota.kept", shared=("a", "b")), "kept although some containers hold exclusive CPUs: a, b share CPUs (KEP-5526 podHasExclusiveCPUs)"),
        (verbatim('pods "p" is forbidden: no PriorityClass with name x was found'), 'pods "p" is forbidden: no PriorityClass with name x was found'),
        (
            because(
                "affinity.resource-group.numa-set", resources=("memory", "hugepages-1Gi"), nodes=(0, 1), hints=(),
                amounts=(because("affinity.amount.bytes", resource="memory", amount=Q("4Gi")),
                         because("affinity.amount.bytes", resource="hugepages-1Gi", amount=Q("40Gi"))),
                free=(because("affinity.free.per-node", resource="hugepages-1Gi", amount=Q("32Gi")),),
            ),  # fmt: skip
            "memory and hugepages-1Gi: 4Gi of memory and 40Gi of hugepages-1Gi need NUMA nodes 0,1 together "
            "(32Gi of hugepages-1Gi free per NUMA node)",
        ),
        (
            because(
                "affinity.resource-group.one-node", resources=("nvidia.com/gpu",), nodes=(1,), hints=(),
                amounts=(because("affinity.amount.devices", count=1),),
                free=(because("affinity.free.by-node", resource="nvidia.com/gpu", free=((0, 0), (1, 1))),),
            ),  # fmt: skip
            "nvidia.com/gpu: 1 device fits on NUMA node 1 (free: 0 on NUMA node 0, 1 on NUMA node 1)",
        ),
        (
            because(
                "affinity.refusal",
                because("affinity.resource-group.no-preference", resources=("cpu",)),
                because(
                    "affinity.policy.no-common-set", policy="restricted", best=(0, 1),
                    prefers=(because("affinity.prefers.numa-sets", resources=("a", "b"), sets=tuple((n,) for n in range(6))),
                             because("affinity.prefers.any-node", resources=("c",))),
                ),
                scope=because("affinity.scope.container", container="dataplane"), policy="restricted",
            ),  # fmt: skip
            "Container dataplane: cpu: no NUMA preference; restricted admits only a preferred merged hint; the best, {0,1}, "
            "is not preferred: no NUMA set is preferred by every resource (a and b prefer {0} or {1} or {2} or {3} or ...; "
            "c prefers any NUMA node)",
        ),
        (
            because("running.resources-fixed", container="app", gate=Decision("InPlacePodVerticalScaling", False, "set by --feature-gates")),
            "container 'app': the status reports other resources than the spec, but InPlacePodVerticalScaling=false "
            "(set by --feature-gates): resources cannot change in place, so the kubelet runs the spec",
        ),
        (
            because("report.notes", because("running.status-left-out", problem="status.phase: must be a string"),
                    because("pod-level.dropped", gate=Decision("PodLevelResources", False, "default in 1.33"))),  # fmt: skip
            "status.phase: must be a string; spec.resources is dropped by the API server: PodLevelResources=false (default in 1.33)",
        ),
    ],
)
def test_words(why: Why, text: str) -> None:
    assert words(why) == text


def _named_rules(path: Path) -> set[str]:
    """The rule of every ``because("rule", ...)`` in a module."""
    rules: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "because" and node.args:
            first = node.args[0]
            assert isinstance(first, ast.Constant) and isinstance(first.value, str), f"{path}: a rule must be a literal"
            rules.add(first.value)
    return rules


def _rules_in(*dirs: str) -> dict[str, set[str]]:
    return {str(p.relative_to(PACKAGE)): _named_rules(p) for d in dirs for p in sorted((PACKAGE / d).rglob("*.py"))}


def test_every_rule_named_has_words_and_every_worded_rule_is_named() -> None:
    named = _rules_in("kube", "analysis")
    unworded = {module: sorted(rules - set(TABLE)) for module, rules in named.items() if rules - set(TABLE)}
    assert not unworded
    used = set().union(*named.values()) | {"verbatim"}
    assert not set(TABLE) - used, "words for rules nothing names"


def test_a_rule_without_words_is_caught() -> None:
    with pytest.raises(KeyError):
        words(because("no.such.rule"))


CONVERTED = (
    "qos.py", "cgroup.py", "cgroup_files.py", "container_resources.py", "oom.py", "swap.py", "memory_qos.py",
    "placement_why.py", "defaults.py", "resource_why.py", "priority.py",
)  # fmt: skip


@pytest.mark.parametrize("name", CONVERTED)
def test_converted_modules_name_rules(name: str) -> None:
    assert _named_rules(PACKAGE / "kube" / name)


def _whys(report: PodReport) -> list[Any]:
    out: list[Any] = [report.qos.reason, report.priority_why, *report.requests_why.values(), *report.limits_why.values()]
    out += [*report.notes, report.admission.affinity_why if report.admission is not None else None]
    views = [report.cgroup, *(c.cgroup for c in report.containers)]
    out += [w for v in views if v is not None for w in v.why.values()]
    for c in report.containers:
        out += [*c.why.values(), c.oom_why, c.placement.why if c.placement else None]
    return [w for w in out if w is not None]


@pytest.mark.parametrize("node_file", ["swap-limited.yaml", "dual-socket-ht.yaml"])
def test_reports_carry_provenance_not_sentences(node_file: str) -> None:
    node = load_node(str(ROOT / "examples" / "nodes" / node_file))
    gates = FeatureGates(LATEST)
    seen: set[str] = set()
    for path in sorted((ROOT / "examples" / "kep2837").glob("*.yaml")):
        for item in items_of_source(SourceFile(str(path), path.read_bytes())):
            if not isinstance(item, WorkloadItem):
                continue
            for admit in (False, True):
                report = explain_workload(item.workload, item.location, node, gates, admit=admit)
                whys = _whys(report)
                assert whys and all(isinstance(w, Why) for w in whys), path
                assert all(words(w) for w in whys)
                seen |= {r for w in whys for r in w.rules()}
    assert "verbatim" not in seen  # no sentence smuggled through
    assert {"pod.totals.containers", "cgroup.cpu-weight.kubelet-linear", "oom.burstable"} <= seen


def test_placement_names_the_class_the_kubelet_reads_from_the_status() -> None:
    """GetPodQOS answers status.qosClass: a pod the status records as BestEffort
    is placed as one, and the placement says so (the spec alone says Burstable)."""
    text = b"""apiVersion: v1
kind: Pod
metadata: {name: my-pod}
spec:
  containers:
  - name: main
    resources:
      requests: {memory: 128Mi, cpu: 250m}
      limits: {memory: 256Mi, cpu: 500m}
status:
  phase: Running
  qosClass: BestEffort
"""
    node = load_node(str(ROOT / "examples" / "nodes" / "dual-socket-ht.yaml"))
    (item,) = [i for i in items_of_source(SourceFile("p.yaml", text)) if isinstance(i, WorkloadItem)]
    report = explain_workload(item.workload, item.location, node, FeatureGates(LATEST), admit=True)
    assert report.qos.qos_class.value == "Burstable"
    placement = report.containers[0].placement
    assert placement is not None and placement.why is not None
    assert words(placement.why) == "BestEffort pod: shared pool"


def test_mentions_are_the_rule_the_input_names_string_values_and_gates_all_the_way_down() -> None:
    why = because(
        "memory-qos.high.container",
        because("cgroup.cpu-period.custom", gate=GATE, period=1000),
        factor_from=because("memory-qos.factor.configured", setting="memoryThrottlingFactor"),
        ceiling_from="limit", pair=(("node", Q("1")), "x"), page_size=4096,
    )  # fmt: skip
    assert why.mentions() == {
        "memory-qos.high.container", "factor_from", "ceiling_from", "pair", "page_size", "limit", "node", "x",
        "memory-qos.factor.configured", "setting", "memoryThrottlingFactor",
        "cgroup.cpu-period.custom", "gate", "period", "CustomCPUCFSQuotaPeriod",
    }  # fmt: skip
    # a name inside a value is not mentioned: diff matched words by substring before
    assert "version" not in because("value.as-written", container="version-checker").mentions()


def _settings() -> set[str]:
    from pod_resources_cli.records import fields

    from pod_resources_cli.analysis.diff import kubelet_field_name
    from pod_resources_cli.features import MODELED
    from pod_resources_cli.model.node import KubeletConfig

    return {"version", "machine", *MODELED, *(kubelet_field_name(f.name) for f in fields(KubeletConfig))}


@pytest.mark.parametrize("node_file", ["swap-limited.yaml", "dual-socket-ht.yaml", "laptop.yaml"])
def test_a_setting_the_words_name_is_one_the_why_mentions(node_file: str) -> None:
    """diff attributes a change to the settings its rules mention (Why.mentions), no longer
    to those the words name: the two agree on every reason the examples give."""
    import re

    node = load_node(str(ROOT / "examples" / "nodes" / node_file))
    settings = _settings()
    checked = 0
    for version, explicit in ((LATEST, {}), (KubernetesVersion(1, 33), {}), (LATEST, {"MemoryQoS": False})):
        gates = FeatureGates(version, explicit)
        for path in sorted((ROOT / "examples").glob("*/*.yaml")):
            for item in items_of_source(SourceFile(str(path), path.read_bytes())):
                if isinstance(item, WorkloadItem):
                    for w in _whys(explain_workload(item.workload, item.location, node, gates, admit=True)):
                        text = words(w)
                        named = {s for s in settings if re.search(rf"(?<![A-Za-z]){s}(?![A-Za-z])", text)}
                        assert named <= w.mentions(), (text, named - w.mentions())
                        checked += bool(named)
    assert checked


def test_a_pod_whose_requests_and_limits_are_zero_is_said_to_set_none_above_zero() -> None:
    from pod_resources_cli.features import FeatureGates
    from pod_resources_cli.kube.qos import compute_pod_qos
    from pod_resources_cli.model.decode.pod import decode_pod
    from pod_resources_cli.model.decode.problems import Problems
    from pod_resources_cli.why_words import words

    zero = {"cpu": "0", "memory": "0"}
    pod = decode_pod({"spec": {"containers": [{"name": "c", "resources": {"requests": zero, "limits": zero}}]}}, (), Problems(), name="p", namespace=None)
    result = compute_pod_qos(pod, FeatureGates())
    assert (result.qos_class.value, words(result.reason)) == ("BestEffort", "no container sets a cpu or memory request or limit above zero")
