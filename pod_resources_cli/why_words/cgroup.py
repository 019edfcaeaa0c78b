"""Words for the kubelet's cgroup values: cpu, memory, hugepages, memory QoS, OOM score, swap."""

from __future__ import annotations

from typing import Final

from pod_resources_cli.kube.go_int import go_duration_us
from pod_resources_cli.kube.provenance import Why
from pod_resources_cli.why_words.base import Wording, first_part, inputs_of, template, words


def _pod_quota(w: Why) -> str:
    text = "{milli}m * {period} / 1000 ({source})".format_map(inputs_of(w))
    return text + "".join(f"; period: {words(p)}" for p in w.parts)


def _custom_period(w: Why) -> str:
    period = w.get("period")
    assert isinstance(period, int)
    return f"cpuCFSQuotaPeriod {go_duration_us(period)} ({w.get('gate')})"


def _container_quota(w: Why) -> str:
    text = "cpu limit {limit} * {period} / 1000".format_map(inputs_of(w))
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
    "cgroup.source.pod-level": template("pod-level spec.resources {kind}"),
    "cgroup.source.aggregate": template("aggregate of container {kind}s"),
    "cgroup.cpu-shares.pod": template("{milli}m * 1024 / 1000, at least 2 ({source})"),
    "cgroup.cpu-shares.best-effort": template("BestEffort pod: the minimum, 2"),
    "cgroup.cpu-quota.pod": _pod_quota,
    "cgroup.cpu-quota.cfs-off": template("unlimited: cpuCFSQuota is off"),
    "cgroup.cpu-quota.not-declared": template("not set: a container has no cpu limit and the pod sets none"),
    "cgroup.cpu-period.custom": _custom_period,
    "cgroup.cpu-period.default": template("cpuCFSQuotaPeriod, 100ms"),
    "cgroup.memory.pod": template("memory limit ({source})"),
    "cgroup.memory.not-declared": template("not set: a container has no memory limit and the pod sets none"),
    "cgroup.pids.pod-pids-limit": template("podPidsLimit"),
    "cgroup.cpu-weight.kubelet-linear": template(LINEAR_WEIGHT + " of cpu.shares {shares} (kubelet, linear)"),
    "cgroup.cpu-weight.runtime-linear": template(LINEAR_WEIGHT + " (container runtime, linear mapping) of cpu.shares {shares}"),
    "cgroup.cpu-weight.runtime-quadratic": template(QUADRATIC_WEIGHT + " (container runtime, quadratic mapping) of cpu.shares {shares}"),
    "cgroup.cpu-max.kernel-default": template("no quota (kernel default)"),
    "cgroup.memory-max.kernel-default": template("no limit (kernel default)"),
    "cgroup.hugetlb.limit": template("{cgroup} hugepages limit"),
    "cgroup.hugetlb.zero": template("0: no pages of this size asked for"),
    "cgroup.pod-cpu-request": template("pod cpu request"),
    "cgroup.pod-memory-limit": template("pod memory limit"),
    "cgroup.container-cpu-limit": template("cpu limit"),
    "cgroup.container-cpu-request": template("cpu request"),
    "cgroup.container-memory-limit": template("memory limit"),
    "cgroup.unified": template("unified"),
    "cgroup.swap.kernel-default": lambda w: "unlimited (kernel default)" + "".join(f": {words(p)}" for p in w.parts),
    "container.cpu-shares.from-limit": template("from the cpu limit {limit} (no cpu request), 1024 per cpu, at least 2"),
    "container.cpu-shares.request": template("cpu request {request}: 1024 per cpu, at least 2"),
    "container.cpu-quota.limit": _container_quota,
    "container.cpu-quota.no-limit": template("no cpu limit"),
    "container.cpu-quota.exclusive-cpus": template("unlimited: exclusive CPUs (DisableCPUQuotaWithExclusiveCPUs)"),
    "container.cpu-quota.cfs-off": template("cpuCFSQuota is off"),
    "container.cpu-quota.pod-level": lambda w: f"{first_part(w)} (pod-level limit: the container sets none, KEP-2837 row 7 [c])",
    "container.oom-group": template("cgroup v2 and singleProcessOOMKill false: kill the whole container on OOM"),
    "container.memory.pod-level": template("pod-level memory limit {limit} (the container sets none, KEP-2837 row 7 [c])"),
    "container.memory.limit": template("container memory limit {limit}"),
}


def _high(w: Why) -> str:
    a = inputs_of(w)
    head = f"floor[(request {a['request']} + {a['factor']} * ("
    tail = f" - request)) / {a['page_size']}] * {a['page_size']}"
    if w.rule == "memory-qos.high.pod":
        return f"{head}pod limit {a['limit']}{tail} (pod-level memory limit, overhead included)"
    return f"{head}{a['ceiling_from']} {a['ceiling']}{tail} (factor: {a['factor_from']})"


MEMORY_QOS: Final[dict[str, Wording]] = {
    "memory-qos.factor.configured": template("memoryThrottlingFactor"),
    "memory-qos.factor.legacy-default": template("the default memoryThrottlingFactor before Kubernetes {since}"),
    "memory-qos.min.legacy-pod": template("pod memory request (memory.min for every pod before Kubernetes {since})"),
    "memory-qos.min.tiered-pod": template("pod memory request (TieredReservation: hard protection for Guaranteed)"),
    "memory-qos.low.tiered-pod": template("pod memory request (TieredReservation: soft protection for {qos})"),
    "memory-qos.high.pod": _high,
    "memory-qos.min.legacy-container": template("container memory request"),
    "memory-qos.tiered-container": template("container memory request (TieredReservation, {qos} pod)"),
    "memory-qos.no-protection": lambda w: (
        "no protection (no memory request)" if w.get("tiered") else "no protection (memoryReservationPolicy None)"
    ),
    "memory-qos.high.no-factor": template("not set: no memoryThrottlingFactor (no default since Kubernetes {since})"),
    "memory-qos.high.request-equals-limit": template("not set: memory request equals limit"),
    "memory-qos.high.pod-throttles": template("not set: the pod cgroup's memory.high throttles (pod-level memory limit)"),
    "memory-qos.high.no-ceiling": template("not set: no limit and the node's allocatable memory is unknown"),
    "memory-qos.high.container": _high,
    "memory-qos.high.stale-reset": template("max: MemoryQoS is off, a stale throttle is cleared"),
}

OOM: Final[dict[str, Wording]] = {
    "oom.node-critical": template("node-critical pod (system-node-critical): last to be killed"),
    "oom.guaranteed": template("Guaranteed pod"),
    "oom.best-effort": template("BestEffort pod: first to be killed"),
    "oom.burstable": template("1000 - 1000 * request {request} / capacity {capacity}"),
    "oom.burstable.pod-share": template("1000 - 1000 * (request {request} + pod share {share}) / capacity {capacity}"),
    "oom.sidecar-capped": lambda w: f"sidecar capped at the lowest-requesting regular container's score ({first_part(w)})",
    "oom.raised-to-3": lambda w: f"raised to 3, above Guaranteed ({first_part(w)})",
    "oom.lowered-to-999": lambda w: f"999, one below BestEffort: the request counts for nothing ({first_part(w)} = 1000)",
}


def _behavior(w: Why, unset: str) -> str:
    return str(w.get("behavior") or unset)


SWAP: Final[dict[str, Wording]] = {
    "swap.alpha.gate-off": template("the kubelet sets no swap limit: {gate}"),
    "swap.alpha.unlimited": template("UnlimitedSwap: memory+swap unlimited (-1)"),
    "swap.alpha.memory-limit": lambda w: f"{_behavior(w, 'no swapBehavior')}: memory+swap = the memory limit",
    "swap.gate-off": template("no swap: {gate}"),
    "swap.unlimited": lambda w: f"{_behavior(w, 'UnlimitedSwap (the default before 1.30)')}: unlimited swap",
    "swap.no-swap": lambda w: f"{_behavior(w, 'NoSwap (the default)')}: no swap",
    "swap.v1-no-swap": lambda w: f"{first_part(w)}; cgroup v1 gets no swap",
    "swap.limited.needs-v2": template("LimitedSwap needs cgroup v2: no swap"),
    "swap.limited.ruled-out": lambda w: f"LimitedSwap, {first_part(w)}: no swap",
    "swap.limited.above-node": template("LimitedSwap, memory request {request} above node memory {memory}: no swap"),
    "swap.limited": template("LimitedSwap: memory request {request} / node memory {memory} * swap {swap} (float64, truncated)"),
    "swap.excluded.critical": template("critical pod (static, mirror or priority >= 2000000000)"),
    "swap.excluded.qos": template("{qos} pod (only Burstable pods swap)"),
    "swap.excluded.no-memory": template("the container asks no memory"),
    "swap.excluded.request-equals-limit": template("memory request equals limit"),
}

WORDS: Final[dict[str, Wording]] = {**CGROUP, **MEMORY_QOS, **OOM, **SWAP}
