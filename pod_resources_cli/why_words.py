"""Provenance -> words: one table from a rule (kube/provenance.py) to its sentence.

Every output that says why a value is what it is (explain's table, json,
yaml and wide views, diff, admit, lint's messages) words a ``Why`` here, so
a rule is worded once. It sits beside features.py, which words gate
decisions, rather than in render/: lint's findings quote a QoS reason too, and
lint may not import render (tests/test_layers.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from pod_resources_cli.kube.go_int import go_duration_us
from pod_resources_cli.kube.provenance import VERBATIM, Why

Wording = Callable[[Why], str]


def _args(w: Why) -> Mapping[str, object]:
    """A rule's inputs for str.format, a nested Why worded."""
    return {k: words(v) if isinstance(v, Why) else v for k, v in w.inputs}


def _text(template: str) -> Wording:
    if "{" not in template:
        return lambda w: template
    return lambda w: template.format_map(_args(w))


def _parts(w: Why, sep: str = "; ") -> str:
    return sep.join(words(p) for p in w.parts)


def _scope(w: Why) -> str:
    return "pod-level resources" if w.get("pod_level") else "containers"


def _lacking(w: Why) -> str:
    lacking = w.get("lacking")
    assert isinstance(lacking, tuple)
    return f"{w.get('type')} container {w.get('container')!r} has no {' or '.join(lacking)} limit"


QOS: Final[dict[str, Wording]] = {
    "qos.best-effort.containers": _text("no container sets a cpu or memory request or limit"),
    "qos.best-effort.pod-level": _text("spec.resources is set but names neither cpu nor memory"),
    "qos.guaranteed": lambda w: f"{_scope(w)}: cpu and memory requests equal limits",
    "qos.burstable": lambda w: f"{_scope(w)}: {_parts(w)}",
    "qos.pod-limits-incomplete": _text("the pod-level limits do not set both cpu and memory"),
    "qos.container-limit-missing": _lacking,
    "qos.request-not-limit": _text("{resource} request {request} != limit {limit}"),
    "qos.request-without-limit": _text("{resource} has a request but no limit"),
    "qos.limit-without-request": _text("a limit is set without the matching request"),
    "qos.status-class": _text("status.qosClass (set at creation; the kubelet reads it: GetPodQOS)"),
}

def _part(w: Why) -> str:
    return words(w.parts[0])


def _pod_quota(w: Why) -> str:
    text = "{milli}m * {period} / 1000 ({source})".format_map(_args(w))
    return text + "".join(f"; period: {words(p)}" for p in w.parts)


def _custom_period(w: Why) -> str:
    period = w.get("period")
    assert isinstance(period, int)
    return f"cpuCFSQuotaPeriod {go_duration_us(period)} ({w.get('gate')})"


def _container_quota(w: Why) -> str:
    text = "cpu limit {limit} * {period} / 1000".format_map(_args(w))
    for p in w.parts:
        period = p.get("period")
        assert isinstance(period, int)
        text += f" (period: cpuCFSQuotaPeriod {go_duration_us(period)}, {p.get('gate')})"
    return text


# The kubelet's and older runtimes' linear cpu.shares -> cpu.weight map (kube/cpu_weight.py).
LINEAR_WEIGHT: Final = "1 + ((shares-2)*9999)/262142"
QUADRATIC_WEIGHT: Final = "ceil(10^((l*l+125*l)/612 - 7/34)), l = log2(shares)"
CPU_WEIGHT_RULES: Final = "cgroup.cpu-weight."  # a cpu.shares -> cpu.weight mapping, input "shares"

CGROUP: Final[dict[str, Wording]] = {
    "cgroup.source.pod-level": _text("pod-level spec.resources {kind}"),
    "cgroup.source.aggregate": _text("aggregate of container {kind}s"),
    "cgroup.cpu-shares.pod": _text("{milli}m * 1024 / 1000, at least 2 ({source})"),
    "cgroup.cpu-shares.best-effort": _text("BestEffort pod: the minimum, 2"),
    "cgroup.cpu-quota.pod": _pod_quota,
    "cgroup.cpu-quota.cfs-off": _text("unlimited: cpuCFSQuota is off"),
    "cgroup.cpu-quota.not-declared": _text("not set: a container has no cpu limit and the pod sets none"),
    "cgroup.cpu-period.custom": _custom_period,
    "cgroup.cpu-period.default": _text("cpuCFSQuotaPeriod, 100ms"),
    "cgroup.memory.pod": _text("memory limit ({source})"),
    "cgroup.memory.not-declared": _text("not set: a container has no memory limit and the pod sets none"),
    "cgroup.pids.pod-pids-limit": _text("podPidsLimit"),
    "cgroup.cpu-weight.kubelet-linear": _text(LINEAR_WEIGHT + " of cpu.shares {shares} (kubelet, linear)"),
    "cgroup.cpu-weight.runtime-linear": _text(LINEAR_WEIGHT + " (container runtime, linear mapping) of cpu.shares {shares}"),
    "cgroup.cpu-weight.runtime-quadratic": _text(QUADRATIC_WEIGHT + " (container runtime, quadratic mapping) of cpu.shares {shares}"),
    "cgroup.cpu-max.kernel-default": _text("no quota (kernel default)"),
    "cgroup.memory-max.kernel-default": _text("no limit (kernel default)"),
    "cgroup.hugetlb.limit": _text("{cgroup} hugepages limit"),
    "cgroup.hugetlb.zero": _text("0: no pages of this size asked for"),
    "cgroup.pod-cpu-request": _text("pod cpu request"),
    "cgroup.pod-memory-limit": _text("pod memory limit"),
    "cgroup.container-cpu-limit": _text("cpu limit"),
    "cgroup.container-cpu-request": _text("cpu request"),
    "cgroup.container-memory-limit": _text("memory limit"),
    "cgroup.unified": _text("unified"),
    "cgroup.swap.kernel-default": lambda w: "unlimited (kernel default)" + "".join(f": {words(p)}" for p in w.parts),
    "container.cpu-shares.from-limit": _text("from the cpu limit {limit} (no cpu request), 1024 per cpu, at least 2"),
    "container.cpu-shares.request": _text("cpu request {request}: 1024 per cpu, at least 2"),
    "container.cpu-quota.limit": _container_quota,
    "container.cpu-quota.no-limit": _text("no cpu limit"),
    "container.cpu-quota.exclusive-cpus": _text("unlimited: exclusive CPUs (DisableCPUQuotaWithExclusiveCPUs)"),
    "container.cpu-quota.cfs-off": _text("cpuCFSQuota is off"),
    "container.cpu-quota.pod-level": lambda w: f"{_part(w)} (pod-level limit: the container sets none, KEP-2837 row 7 [c])",
    "container.oom-group": _text("cgroup v2 and singleProcessOOMKill false: kill the whole container on OOM"),
    "container.memory.pod-level": _text("pod-level memory limit {limit} (the container sets none, KEP-2837 row 7 [c])"),
    "container.memory.limit": _text("container memory limit {limit}"),
}


def _high(w: Why) -> str:
    a = _args(w)
    head = f"floor[(request {a['request']} + {a['factor']} * ("
    tail = f" - request)) / {a['page_size']}] * {a['page_size']}"
    if w.rule == "memory-qos.high.pod":
        return f"{head}pod limit {a['limit']}{tail} (pod-level memory limit, overhead included)"
    return f"{head}{a['ceiling_from']} {a['ceiling']}{tail} (factor: {a['factor_from']})"


MEMORY_QOS: Final[dict[str, Wording]] = {
    "memory-qos.factor.configured": _text("memoryThrottlingFactor"),
    "memory-qos.factor.legacy-default": _text("the default memoryThrottlingFactor before Kubernetes {since}"),
    "memory-qos.min.legacy-pod": _text("pod memory request (memory.min for every pod before Kubernetes {since})"),
    "memory-qos.min.tiered-pod": _text("pod memory request (TieredReservation: hard protection for Guaranteed)"),
    "memory-qos.low.tiered-pod": _text("pod memory request (TieredReservation: soft protection for {qos})"),
    "memory-qos.high.pod": _high,
    "memory-qos.min.legacy-container": _text("container memory request"),
    "memory-qos.tiered-container": _text("container memory request (TieredReservation, {qos} pod)"),
    "memory-qos.no-protection": lambda w: (
        "no protection (no memory request)" if w.get("tiered") else "no protection (memoryReservationPolicy None)"
    ),
    "memory-qos.high.no-factor": _text("not set: no memoryThrottlingFactor (no default since Kubernetes {since})"),
    "memory-qos.high.request-equals-limit": _text("not set: memory request equals limit"),
    "memory-qos.high.pod-throttles": _text("not set: the pod cgroup's memory.high throttles (pod-level memory limit)"),
    "memory-qos.high.no-ceiling": _text("not set: no limit and the node's allocatable memory is unknown"),
    "memory-qos.high.container": _high,
    "memory-qos.high.stale-reset": _text("max: MemoryQoS is off, a stale throttle is cleared"),
}

OOM: Final[dict[str, Wording]] = {
    "oom.node-critical": _text("node-critical pod (system-node-critical): last to be killed"),
    "oom.guaranteed": _text("Guaranteed pod"),
    "oom.best-effort": _text("BestEffort pod: first to be killed"),
    "oom.burstable": _text("1000 - 1000 * request {request} / capacity {capacity}"),
    "oom.burstable.pod-share": _text("1000 - 1000 * (request {request} + pod share {share}) / capacity {capacity}"),
    "oom.sidecar-capped": lambda w: f"sidecar capped at the lowest-requesting regular container's score ({_part(w)})",
    "oom.raised-to-3": lambda w: f"raised to 3, above Guaranteed ({_part(w)})",
    "oom.lowered-to-999": lambda w: f"999, one below BestEffort: the request counts for nothing ({_part(w)} = 1000)",
}


def _behavior(w: Why, unset: str) -> str:
    return str(w.get("behavior") or unset)


SWAP: Final[dict[str, Wording]] = {
    "swap.alpha.gate-off": _text("the kubelet sets no swap limit: {gate}"),
    "swap.alpha.unlimited": _text("UnlimitedSwap: memory+swap unlimited (-1)"),
    "swap.alpha.memory-limit": lambda w: f"{_behavior(w, 'no swapBehavior')}: memory+swap = the memory limit",
    "swap.gate-off": _text("no swap: {gate}"),
    "swap.unlimited": lambda w: f"{_behavior(w, 'UnlimitedSwap (the default before 1.30)')}: unlimited swap",
    "swap.no-swap": lambda w: f"{_behavior(w, 'NoSwap (the default)')}: no swap",
    "swap.v1-no-swap": lambda w: f"{_part(w)}; cgroup v1 gets no swap",
    "swap.limited.needs-v2": _text("LimitedSwap needs cgroup v2: no swap"),
    "swap.limited.ruled-out": lambda w: f"LimitedSwap, {_part(w)}: no swap",
    "swap.limited.above-node": _text("LimitedSwap, memory request {request} above node memory {memory}: no swap"),
    "swap.limited": _text("LimitedSwap: memory request {request} / node memory {memory} * swap {swap} (float64, truncated)"),
    "swap.excluded.critical": _text("critical pod (static, mirror or priority >= 2000000000)"),
    "swap.excluded.qos": _text("{qos} pod (only Burstable pods swap)"),
    "swap.excluded.no-memory": _text("the container asks no memory"),
    "swap.excluded.request-equals-limit": _text("memory request equals limit"),
}

DEFAULTS: Final[dict[str, Wording]] = {
    "defaults.request-from-limit": _text("request defaulted from limit"),
    "defaults.pod-hugepages-limit": _text("pod hugepages limit = aggregate of container limits"),
    "defaults.pod-request-aggregate": _text("pod request = aggregate of container requests"),
    "defaults.pod-request-from-limit": _text("pod request defaulted from pod limit"),
    "defaults.pod-limit-sum": _text("pod limit = sum of container limits ({gate})"),
}

MAX_TERMS: Final = 8  # past this, a formula names the count instead of every term


def _sum(terms: object) -> str:
    assert isinstance(terms, tuple)
    return " + ".join(f"{name} {q}" for name, q in terms)


def _totals(w: Why) -> str:
    steady, peaks, lacking = w.get("steady"), w.get("peaks"), w.get("lacking")
    assert isinstance(steady, tuple) and isinstance(peaks, tuple) and isinstance(lacking, tuple)
    text = _sum(steady) if len(steady) <= MAX_TERMS else f"the sum of {len(steady)} running containers"
    if peaks:
        text = f"max({text}, {', '.join(_sum(p) for p in peaks)})"
    if lacking:
        who = ", ".join(lacking) if len(lacking) <= MAX_TERMS else f"{len(lacking)} containers"
        text += f"; {who} set no {w.get('resource')} limit, so the pod cgroup has none"
    return text + _overhead(w)


def _overhead(w: Why) -> str:
    overhead = w.get("overhead")
    return "" if overhead is None else f" + overhead {overhead}"


def _pod_level_totals(w: Why) -> str:
    text = f"pod-level spec.resources.{w.get('kind')}"
    if w.parts:
        text += f" (defaulted: {_part(w)})"
    return text + _overhead(w)


TOTALS: Final[dict[str, Wording]] = {
    "pod.totals.containers": _totals,
    "pod.totals.pod-level": _pod_level_totals,
}

VALUES: Final[dict[str, Wording]] = {
    "value.as-written": _text("as written"),
    "value.rounded-up": _text("{written} as written, rounded up to a milli-unit when stored (SetDefaults_ResourceList)"),
    "limitrange.default": _text("LimitRange {limit_range} {field}"),
    "cgroup.unwritten": _text("not written: the kernel's default"),
    "priority.no-class": _text("no priorityClassName and no globalDefault PriorityClass: 0"),
    "priority.global-default": _text("globalDefault PriorityClass {priority_class}"),
    "priority.class": _text("PriorityClass {priority_class}"),
    "priority.from-the-cluster": _text("spec.priority, set by the Priority plugin when the pod was created"),
}

def _hint(w: Why) -> str:
    nodes = w.get("nodes")
    assert isinstance(nodes, tuple)
    listed = ",".join(str(n) for n in nodes)
    return f"NUMA hint {{{listed}}}{' (preferred)' if w.get('preferred') else ' (not preferred)'}"


def _exclusive(w: Why) -> str:
    text = f"Guaranteed pod, integer cpu request {w.get('count')}: exclusive CPUs {w.get('cpus')} ({_part(w)})"
    return text + ("; later containers may reuse them" if w.get("init") else "")


def _no_pod_pool(w: Why) -> str:
    budget = w.get("budget")
    why = "its pod-level resources request no cpu" if budget is None else f"its pod-level cpu budget {budget} is not an integer"
    return f"Guaranteed pod, but {why}: no CPU pool for the pod (podGuaranteedCPUs 0), so every container runs in the node's shared pool"


def _names(w: Why, key: str) -> str:
    names = w.get(key)
    assert isinstance(names, tuple)
    return ", ".join(str(n) for n in names)


PLACEMENT: Final[dict[str, Wording]] = {
    "pod-quota.off.every-container-exclusive": _text(
        "unlimited: every container holds exclusive CPUs ({gate}; KEP-5526 podHasExclusiveCPUs)"
    ),
    "pod-quota.off.exclusive": _text("unlimited: the pod holds exclusive CPUs ({gate})"),
    "pod-quota.kept": lambda w: (
        f"kept although some containers hold exclusive CPUs: {_names(w, 'shared')} share CPUs (KEP-5526 podHasExclusiveCPUs)"
    ),
    "pod-quota.formula-and-note": _parts,
    "placement.hint.none": _text("no NUMA preference"),
    "placement.hint": _hint,
    "placement.exclusive": _exclusive,
    "placement.pod-pool.shared": _text(
        "not Guaranteed on its own: the pod's shared pool {cpus} of its pod-level CPUs (CFS quota kept)"
    ),
    "placement.pod-pool.init-all": _text(
        "not Guaranteed on its own, an init container: all the pod's CPUs {cpus} (CFS quota kept)"
    ),
    "placement.pod-pool.init-less-sidecars": _text(
        "not Guaranteed on its own, an init container: the pod's CPUs {pool} less the exclusive CPUs of "
        "the sidecars started before it, {cpus} (CFS quota kept)"
    ),
    "placement.pod-level-unmanaged": _text(
        "pod-level resources with {gate} off: the resource managers leave the pod in the shared pool"
    ),
    "placement.not-guaranteed": _text("{qos} pod: shared pool"),
    "placement.no-pod-pool": _no_pod_pool,
    "placement.no-cpu-request": _text("Guaranteed pod but no cpu request of its own: shared pool"),
    "placement.not-container-guaranteed": _text(
        "Guaranteed by its pod-level resources, but its own cpu/memory requests differ from its limits: shared pool"
    ),
    "placement.fractional-cpu": _text("Guaranteed pod but cpu request {request} is not an integer: shared pool"),
    "placement.policy-none": _text("cpuManagerPolicy none: runs on every online CPU, its limit enforced by CFS quota"),
    "placement.creation-fails": lambda w: (
        f"{_part(w)}; its devices are allocated when it is created, which fails (CreateContainerConfigError): {w.get('error')}"
    ),
}

TABLE: Final[dict[str, Wording]] = {
    VERBATIM: lambda w: str(w.get("text", "")),
    **QOS,
    **CGROUP,
    **MEMORY_QOS,
    **OOM,
    **SWAP,
    **DEFAULTS,
    **TOTALS,
    **VALUES,
    **PLACEMENT,
}


def words(w: Why) -> str:
    """The sentence for ``w`` (KeyError for a rule without words: a test keeps
    every rule kube/ uses in TABLE)."""
    return TABLE[w.rule](w)


def maybe_words(w: Why | None) -> str | None:
    return None if w is None else words(w)
