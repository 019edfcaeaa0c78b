"""What the cluster does with one object's pods, as a digest: two lints (at a
git revision and now, ``lint --new-from-rev``) compare objects by it to tell
which ones a change elsewhere reached (a kustomize base, a LimitRange, a
PriorityClass, the node file).

The digest covers the computed values, not the text: the pod as the API
server stores it (each container's requests and limits after the
LimitRange's defaults, pod-level resources, overhead, priority), the
effective requests and limits the scheduler uses, the QoS class, the
replicas, whether the API server accepts it (and why not), and on a
described node (``--node``) what explain reports there: each container's
OOM score, cgroup files and placement (CPUs, NUMA nodes, devices, memory
blocks), the pod's cgroup files and the kubelet's admission. Positions are left out: moving an object in its
file changes nothing here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from pod_resources_cli.analysis.report import CgroupView, Placement, PodReport
from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.model.pod import Container, ResourceRequirements
from pod_resources_cli.quantity import Quantity


def object_digest(ctx: RuleContext) -> str:
    pod = ctx.pod
    values: tuple[Any, ...] = (
        tuple(_container(c) for c in (*pod.init_containers, *pod.containers)),
        _requirements(pod.resources),
        _resources(pod.overhead),
        (pod.priority, pod.priority_class_name, pod.preemption_policy),
        _resources(ctx.requests),
        _resources(ctx.limits),
        ctx.qos.qos_class.value,
        ctx.workload.ref.replicas,
        tuple((e.field, e.type, e.detail, e.bad_value) for e in ctx.validation_errors),
        _on_node(ctx.report),
    )
    return hashlib.sha256(repr(values).encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _resources(values: Mapping[str, Quantity] | None) -> tuple[tuple[str, str], ...] | None:
    return None if values is None else tuple(sorted((name, q.canonical()) for name, q in values.items()))


def _requirements(r: ResourceRequirements | None) -> tuple[Any, ...] | None:
    return None if r is None else (_resources(r.requests), _resources(r.limits), tuple(r.claims))


def _container(c: Container) -> tuple[Any, ...]:
    return (c.name, c.type.value, c.restart_policy, _requirements(c.resources))


def _on_node(report: PodReport | None) -> tuple[Any, ...] | None:
    """With --node: what the kubelet writes and decides (explain's report on the node, admission included)."""
    if report is None:
        return None
    containers = tuple(
        (c.name, c.oom_score_adj, _cgroup(c.cgroup), None if c.placement is None else _placement(c.placement))
        for c in report.containers
    )  # fmt: skip
    a = report.admission
    admission = None if a is None else (a.admitted, a.reason, a.message, a.decided_by, a.scheduler_reason, a.shared_pool_after)
    return (containers, _cgroup(report.cgroup), report.cgroup_parent, admission)


def _cgroup(view: CgroupView | None) -> tuple[Any, ...] | None:
    return None if view is None else (tuple(sorted(view.v2.items())), tuple(sorted(view.v1.items())))


def _placement(p: Placement) -> tuple[Any, ...]:
    return (
        p.cpuset, p.exclusive, p.numa_affinity, p.preferred, p.memory_numa_nodes, p.isolation, p.cfs_quota_disabled,
        p.cpuset_mems, p.devices, p.memory_blocks,
    )  # fmt: skip
