"""The work of one ``explain`` run: inputs (files, standard input, pods read
with kubectl) -> each pod's report, streamed in input order.

``start_explain`` reads what must fail before any output (a missing path, a
pod kubectl cannot read, the node file), plans and renders the PATHs as
lint does (run/reading.py) and reads their policies;
``ExplainRun.reports`` then yields one report per pod as its document is
met, counting the summary and keeping the problems on the way, and
``ExplainRun.outputs`` each pod rendered by the process that explained it
(``jobs`` worker processes share the pods: run/fanout.py). Warnings
(a policy the API server rejects) and problems reach the caller through
``on_warning`` and ``on_problem``: nothing here prints.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pod_resources_cli.records import dataclass, field, replace
from typing import TYPE_CHECKING, TypeVar

from pod_resources_cli.features import FeatureGates, pre_release
from pod_resources_cli.lint.scope import UNIT
from pod_resources_cli.model.items import Summary
from pod_resources_cli.location import Location
from pod_resources_cli.run.events import OnProblem, Warn, ignore_problem, ignore_warning
from pod_resources_cli.run.reading import Reading
from pod_resources_cli.source.discover import STDIN_NAME
from pod_resources_cli.source.layout import NO_TOOLS, Tools
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits

if TYPE_CHECKING:
    from pod_resources_cli.model.decode.kinds import WorkloadKind
    from pod_resources_cli.analysis.report import PodReport
    from pod_resources_cli.lint.namespace import NamespacePolicies
    from pod_resources_cli.model.items import WorkloadItem
    from pod_resources_cli.model.node import NodeDescription
    from pod_resources_cli.source.chunks import Unit
    from pod_resources_cli.source.kubectl import PodRef

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class ExplainRequest:
    """What to explain: PATHs and pod/NAME references (``refs``, read with
    kubectl), against a node file (None: the embedded node)."""

    paths: Sequence[str]
    gates: FeatureGates
    refs: Sequence[PodRef] = ()
    node_file: str | None = None
    namespace: str | None = None
    admit: bool = False  # each pod through the kubelet's admission on the node
    limits: Limits = DEFAULT_LIMITS
    stdin_name: str = STDIN_NAME
    policy_scope: str = UNIT  # which objects the input's policies meet (lint/scope.py)
    kinds: tuple[WorkloadKind, ...] = ()  # the user's own workload kinds (--workload-kind)
    jobs: int | None = 1  # processes (0: one per CPU), as lint's --jobs
    tools: Tools = NO_TOOLS  # helm and kustomize, as lint renders (run/reading.py); NO_TOOLS: --no-render
    helm_values: tuple[str, ...] = ()
    helm_set: tuple[str, ...] = ()


@dataclass(slots=True)
class ExplainRun:
    """A started run: the node, then the reports as they are made; the
    summary and the problems are complete once ``reports`` is exhausted."""

    request: ExplainRequest
    node: NodeDescription
    reading: Reading
    fetched: list[tuple[str, bytes]]
    policies: NamespacePolicies
    summary: Summary
    problems: list[tuple[Location, str]] = field(default_factory=list)
    on_warning: Warn = ignore_warning
    on_problem: OnProblem = ignore_problem

    def reports(self) -> Iterator[PodReport]:
        return self.outputs(_as_is)

    def outputs(self, render: Callable[[PodReport], T]) -> Iterator[T]:
        """``render`` of each pod's report, in input order: made where the
        pod is explained (a worker process, with ``jobs``), so that only
        what the output shows comes back (run/fanout.py)."""
        from pod_resources_cli.analysis.explain import explain_workload
        from pod_resources_cli.lint.namespace import with_injection
        from pod_resources_cli.lint.scope import NOWHERE
        from pod_resources_cli.run.fanout import judge_pods

        req, node = self.request, self.node

        def explain(item: WorkloadItem, policies: NamespacePolicies) -> T:
            origin = policies.origin(item.document) if policies else NOWHERE  # the policies it meets as deployed
            workload = item.workload
            if workload.ref.as_written is None and policies.may_inject:  # its Namespace asks a webhook for containers
                workload = with_injection(workload, policies, origin)
            sized = policies.autoscaled(workload, origin, item.document.data) if policies else None
            if sized is not None:  # a VerticalPodAutoscaler sets its requests: the values below are as written
                workload = replace(workload, ref=replace(workload.ref, as_written=sized.as_written(workload.ref.as_written)))
            report = explain_workload(
                workload, item.location, node, req.gates, admit=req.admit,
                limit_ranges=policies.limit_ranges_for(item.workload.ref.pod_namespace, origin),
                priority_classes=policies.priority_classes_for(origin),
            )  # fmt: skip
            return render(report)

        try:
            yield from judge_pods(
                self._units(), explain, self.policies, namespace=req.namespace, limits=req.limits, jobs=req.jobs,
                summary=self.summary, on_warning=self.on_warning, on_problem=self._problem, kinds=req.kinds,
                sources=self.reading.sources,
            )  # fmt: skip
        finally:
            self.close()

    def close(self) -> None:
        """Removes the renders' outputs (done once the reports are all made)."""
        self.reading.close()

    def _problem(self, location: Location, message: str) -> None:
        self.problems.append((location, message))
        self.on_problem(location, message)

    def _units(self) -> Iterator[Unit]:
        """The input as lint reads it (run/reading.py), then each pod read from the cluster."""
        from pod_resources_cli.source.chunks import cut

        req = self.request
        yield from self.reading.units(req.limits, req.stdin_name)
        for shown, data in self.fetched:
            yield from cut(shown, (data,), req.limits)


def _as_is(report: PodReport) -> PodReport:
    return report


def start_explain(request: ExplainRequest, on_warning: Warn = ignore_warning, on_problem: OnProblem = ignore_problem) -> ExplainRun:
    """Loads the node, finds the files and reads the referenced pods (each
    failure raises before any report), and collects the files' policies."""
    from pod_resources_cli.run.node import load_node_file
    from pod_resources_cli.run.policies import collect_policies, scope_notes
    from pod_resources_cli.run.reading import read_inputs

    node = load_node_file(request.node_file, request.gates)
    fetched = _fetch_pods(request.refs)  # a pod kubectl cannot read fails before any output
    reading = read_inputs(list(request.paths), request.tools, request.helm_values, request.helm_set) if request.paths else _nothing()
    try:  # so does a missing path, above
        policies = collect_policies(reading, request.limits, request.namespace, request.policy_scope, request.jobs)
    except BaseException:
        reading.close()
        raise
    summary = Summary(files=len(fetched))
    reading.count_into(summary)
    summary.notes.extend(scope_notes(policies))
    summary.mark_pre_release(pre_release(request.gates.version))
    return ExplainRun(request, node, reading, fetched, policies, summary, on_warning=on_warning, on_problem=on_problem)


def _nothing() -> Reading:
    """No PATH: the pods are all read with kubectl."""
    from pod_resources_cli.source.layout import Plan

    return Reading(Plan(), {})


def _fetch_pods(refs: Sequence[PodRef]) -> list[tuple[str, bytes]]:
    """Each referenced pod's ``kubectl get -o json`` output, named as reports show it."""
    if not refs:
        return []
    from pod_resources_cli.source.kubectl import find_kubectl, get_pod

    kubectl = find_kubectl()
    return [(ref.shown, get_pod(ref, kubectl)) for ref in refs]
