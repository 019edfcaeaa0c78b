"""The work of one ``admit`` run: every pod of the input, in order, through
the kubelet's admission on one node, each pod holding what it was given
(CPUs, memory, devices) while the next is admitted.

The node and the inputs are read first; policies of regular files apply
from the start, those met on standard input to what follows. Warnings and
problems reach the caller through callbacks: nothing here prints.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from pod_resources_cli.features import FeatureGates
from pod_resources_cli.lint.scope import UNIT
from pod_resources_cli.location import Location
from pod_resources_cli.run.events import OnProblem, Warn, ignore_problem, ignore_warning
from pod_resources_cli.source.discover import STDIN_NAME
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits

if TYPE_CHECKING:
    from pod_resources_cli.analysis.admit import AdmitReport
    from pod_resources_cli.lint.scope import Origin
    from pod_resources_cli.model.decode.kinds import WorkloadKind
    from pod_resources_cli.model.workload import Workload


@dataclass(frozen=True, slots=True)
class AdmitRequest:
    paths: Sequence[str]
    node_file: str
    gates: FeatureGates
    namespace: str | None = None
    expand_replicas: bool = False  # each replica a pod (bounded: analysis/admit.py ReplicaExpander)
    limits: Limits = DEFAULT_LIMITS
    stdin_name: str = STDIN_NAME
    policy_scope: str = UNIT  # which objects the input's policies meet (lint/scope.py)
    kinds: tuple[WorkloadKind, ...] = ()  # the user's own workload kinds (--workload-kind)


@dataclass(frozen=True, slots=True)
class AdmitOutcome:
    report: AdmitReport
    problems: tuple[tuple[Location, str], ...]


def admit_run(request: AdmitRequest, on_warning: Warn = ignore_warning, on_problem: OnProblem = ignore_problem) -> AdmitOutcome:
    from pod_resources_cli.analysis.admit import PodPolicies, ReplicaExpander, admit_workloads
    from pod_resources_cli.model.items import DocumentItem, ProblemItem, WorkloadItem
    from pod_resources_cli.run.node import load_node_file
    from pod_resources_cli.run.pipeline import iter_items
    from pod_resources_cli.run.policies import add_if_policy, collect_policies, drain_warnings
    from pod_resources_cli.source.discover import expand_paths

    node = load_node_file(request.node_file, request.gates)
    files = expand_paths(list(request.paths))
    workloads: list[tuple[Workload, Location]] = []
    origins: list[Origin] = []  # of each queued pod: the policies it meets, known once all are read
    problems: list[tuple[Location, str]] = []
    policies = collect_policies(files, request.limits, request.namespace, request.policy_scope)
    # --expand-replicas: at most the node's pod capacity per workload and
    # MAX_EXPANDED_PODS in all (analysis/admit.py); the counts are reported.
    expander = ReplicaExpander(node)
    for item in iter_items(files, limits=request.limits, default_namespace=request.namespace, kinds=request.kinds, stdin_name=request.stdin_name):
        if isinstance(item, DocumentItem):
            add_if_policy(policies, item.document, request.namespace)  # stdin: met on the way
            for line in drain_warnings(policies):  # a rejected policy: said once
                on_warning(line)
        elif isinstance(item, WorkloadItem):
            take = expander.expand if request.expand_replicas else expander.keep
            queued = take(item.workload, item.location)
            workloads.extend(queued)
            origins.extend([policies.origin(item.document)] * len(queued))  # policies may follow on stdin
        elif isinstance(item, ProblemItem):
            problems.append((item.location, item.message))
            on_problem(item.location, item.message)
    scoped = [
        PodPolicies(policies.limit_ranges_for(w.ref.namespace, origin), policies.priority_classes_for(origin))
        for (w, _), origin in zip(workloads, origins, strict=True)
    ]
    report = admit_workloads(workloads, node, request.gates, scoped)
    return AdmitOutcome(replace(report, replicas=expander.counts(report.pods)), tuple(problems))
