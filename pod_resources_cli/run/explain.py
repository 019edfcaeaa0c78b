"""The work of one ``explain`` run: inputs (files, standard input, pods read
with kubectl) -> each pod's report, streamed in input order.

``start_explain`` reads what must fail before any output (a missing path, a
pod kubectl cannot read, the node file) and the policies of regular files;
``ExplainRun.reports`` then yields one report per pod as its document is
met, counting the summary and keeping the problems on the way. Warnings
(a policy the API server rejects) and problems reach the caller through
``on_warning`` and ``on_problem``: nothing here prints.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pod_resources_cli.features import FeatureGates, pre_release
from pod_resources_cli.lint.scope import UNIT
from pod_resources_cli.model.items import Summary
from pod_resources_cli.location import Location
from pod_resources_cli.run.events import OnProblem, Warn, ignore_problem, ignore_warning
from pod_resources_cli.source.discover import STDIN_NAME
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits

if TYPE_CHECKING:
    from pod_resources_cli.model.decode.kinds import WorkloadKind
    from pod_resources_cli.model.items import Item
    from pod_resources_cli.analysis.report import PodReport
    from pod_resources_cli.lint.namespace import NamespacePolicies
    from pod_resources_cli.model.node import NodeDescription
    from pod_resources_cli.source.kubectl import PodRef

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


@dataclass(slots=True)
class ExplainRun:
    """A started run: the node, then the reports as they are made; the
    summary and the problems are complete once ``reports`` is exhausted."""

    request: ExplainRequest
    node: NodeDescription
    files: list[str]
    fetched: list[tuple[str, bytes]]
    policies: NamespacePolicies
    summary: Summary
    problems: list[tuple[Location, str]] = field(default_factory=list)
    on_warning: Warn = ignore_warning
    on_problem: OnProblem = ignore_problem

    def reports(self) -> Iterator[PodReport]:
        from pod_resources_cli.analysis.explain import explain_workload
        from pod_resources_cli.lint.scope import NOWHERE
        from pod_resources_cli.model.items import DocumentItem, ProblemItem, SkippedItem, WorkloadItem
        from pod_resources_cli.run.policies import add_if_policy, drain_warnings

        req, policies = self.request, self.policies
        for item in self._items():
            if isinstance(item, DocumentItem):
                self.summary.documents += 1
                self.summary.objects += item.objects
                add_if_policy(policies, item.document, req.namespace)  # stdin: met on the way
                for line in drain_warnings(policies):  # a rejected policy: said once
                    self.on_warning(line)
            elif isinstance(item, SkippedItem):
                self.summary.add_skipped(item.reason, item.kind)
            elif isinstance(item, WorkloadItem):
                self.summary.pods += 1
                origin = policies.origin(item.document) if policies else NOWHERE
                yield explain_workload(
                    item.workload, item.location, self.node, req.gates, admit=req.admit,
                    limit_ranges=policies.limit_ranges_for(item.workload.ref.namespace, origin),
                    priority_classes=policies.priority_classes_for(origin),
                )  # fmt: skip
            elif isinstance(item, ProblemItem):
                self.problems.append((item.location, item.message))
                self.on_problem(item.location, item.message)

    def _items(self) -> Iterator[Item]:
        """The files' items in order, then each pod read from the cluster."""
        from pod_resources_cli.run.pipeline import items_of_parsed, iter_items
        from pod_resources_cli.source.yamldoc import load_documents

        req = self.request
        yield from iter_items(self.files, limits=req.limits, default_namespace=req.namespace, kinds=req.kinds, stdin_name=req.stdin_name)
        for shown, data in self.fetched:
            for doc in load_documents(shown, data, req.limits):
                yield from items_of_parsed(doc, req.namespace, req.kinds)


def start_explain(request: ExplainRequest, on_warning: Warn = ignore_warning, on_problem: OnProblem = ignore_problem) -> ExplainRun:
    """Loads the node, finds the files and reads the referenced pods (each
    failure raises before any report), and collects the files' policies."""
    from pod_resources_cli.run.node import load_node_file
    from pod_resources_cli.run.policies import collect_policies
    from pod_resources_cli.source.discover import expand_paths

    node = load_node_file(request.node_file, request.gates)
    files = expand_paths(list(request.paths))  # a missing path fails before any output
    fetched = _fetch_pods(request.refs)  # so does a pod kubectl cannot read
    policies = collect_policies(files, request.limits, request.namespace, request.policy_scope)
    summary = Summary(files=len(files) + len(fetched))
    summary.mark_pre_release(pre_release(request.gates.version))
    return ExplainRun(request, node, files, fetched, policies, summary, on_warning=on_warning, on_problem=on_problem)


def _fetch_pods(refs: Sequence[PodRef]) -> list[tuple[str, bytes]]:
    """Each referenced pod's ``kubectl get -o json`` output, named as reports show it."""
    if not refs:
        return []
    from pod_resources_cli.source.kubectl import find_kubectl, get_pod

    kubectl = find_kubectl()
    return [(ref.shown, get_pod(ref, kubectl)) for ref in refs]
