"""The work of one ``admit`` run: every pod of the input, in order, through
the kubelet's admission on one node, each pod holding what it was given
(CPUs, memory, devices) while the next is admitted.

The node and the inputs are read first; policies of regular files apply
from the start, those met on standard input to what follows. Worker
processes read and decode the input (run/fanout.py); the admission runs
here. Warnings and problems reach the caller through callbacks: nothing
here prints.
"""

from __future__ import annotations

from collections.abc import Sequence
from pod_resources_cli.records import dataclass, replace
from typing import TYPE_CHECKING

from pod_resources_cli.features import FeatureGates
from pod_resources_cli.lint.scope import UNIT
from pod_resources_cli.location import Location
from pod_resources_cli.run.events import OnProblem, Warn, ignore_problem, ignore_warning
from pod_resources_cli.source.discover import STDIN_NAME
from pod_resources_cli.source.layout import NO_TOOLS, Tools
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits

if TYPE_CHECKING:
    from pod_resources_cli.analysis.admit import AdmitReport
    from pod_resources_cli.lint.scope import Origin
    from pod_resources_cli.model.decode.kinds import WorkloadKind
    from pod_resources_cli.lint.namespace import NamespacePolicies
    from pod_resources_cli.model.items import Summary, WorkloadItem
    from pod_resources_cli.model.node import NodeDescription
    from pod_resources_cli.model.workload import Workload
    from pod_resources_cli.run.reading import Reading
    from pod_resources_cli.source.yamldoc import Document


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
    jobs: int | None = 1  # processes reading the input (0: one per CPU); admission itself is in order, here
    tools: Tools = NO_TOOLS  # helm and kustomize, as lint renders (run/reading.py); NO_TOOLS: --no-render
    helm_values: tuple[str, ...] = ()
    helm_set: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AdmitOutcome:
    report: AdmitReport
    problems: tuple[tuple[Location, str], ...]
    summary: Summary  # what was read and skipped, and the notes, counted as lint counts them


def admit_run(request: AdmitRequest, on_warning: Warn = ignore_warning, on_problem: OnProblem = ignore_problem) -> AdmitOutcome:
    from pod_resources_cli.run.node import load_node_file
    from pod_resources_cli.run.reading import read_inputs

    node = load_node_file(request.node_file, request.gates)
    reading = read_inputs(list(request.paths), request.tools, request.helm_values, request.helm_set)
    try:
        return _admit(request, node, reading, on_warning, on_problem)
    finally:
        reading.close()


def _admit(request: AdmitRequest, node: NodeDescription, reading: Reading, on_warning: Warn, on_problem: OnProblem) -> AdmitOutcome:
    from pod_resources_cli.analysis.admit import PodPolicies, ReplicaExpander, admit_workloads
    from pod_resources_cli.model.items import Summary
    from pod_resources_cli.run.fanout import judge_pods
    from pod_resources_cli.run.policies import collect_policies, scope_notes

    workloads: list[tuple[Workload, Location]] = []
    origins: list[Origin] = []  # of each queued pod: the policies it meets, known once all are read
    problems: list[tuple[Location, str]] = []
    policies = collect_policies(reading, request.limits, request.namespace, request.policy_scope, request.jobs)
    # --expand-replicas: at most the node's pod capacity per workload and
    # MAX_EXPANDED_PODS in all (analysis/admit.py); the counts are reported.
    expander = ReplicaExpander(node)
    take = expander.expand if request.expand_replicas else expander.keep

    def problem(location: Location, message: str) -> None:
        problems.append((location, message))
        on_problem(location, message)

    met: list[Document] = []  # policies met on the way (standard input): they apply to every pod admitted
    summary = Summary()
    reading.count_into(summary)
    summary.notes.extend(scope_notes(policies))
    found = judge_pods(
        reading.units(request.limits, request.stdin_name), _workload, policies, namespace=request.namespace, limits=request.limits,
        jobs=request.jobs, summary=summary, on_warning=on_warning, on_problem=problem, met=met, kinds=request.kinds, sources=reading.sources,
    )  # fmt: skip
    for workload, location, origin in found:
        queued = take(workload, location)
        workloads.extend(queued)
        origins.extend([origin] * len(queued))
    for doc in met:
        policies.add_document(doc, request.namespace)
    scoped = [
        PodPolicies(policies.limit_ranges_for(w.ref.pod_namespace, origin), policies.priority_classes_for(origin))
        for (w, _), origin in zip(workloads, origins, strict=True)
    ]
    report = admit_workloads(workloads, node, request.gates, scoped)
    return AdmitOutcome(replace(report, replicas=expander.counts(report.pods)), tuple(problems), summary)


def _workload(item: WorkloadItem, policies: NamespacePolicies) -> tuple[Workload, Location, Origin]:
    """What a worker hands back of a pod: admission is one node's, in order,
    here; where it was read decides the policies it meets (lint/scope.py)."""
    return item.workload, item.location, policies.origin(item.document)
