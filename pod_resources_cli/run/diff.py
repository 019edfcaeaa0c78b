"""``diff``'s run: the inputs read once (as lint reads them: run/reading.py), every pod evaluated under both sides
by the one evaluation path (analysis.explain.explain_workload), compared
(analysis.diff), in worker processes. Pods whose outcome is the same are
counted, not kept."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pod_resources_cli.analysis.diff import DiffResult, PodDiff, Side, diff_pod, setting_changes
from pod_resources_cli.analysis.explain import explain_workload
from pod_resources_cli.lint.scope import NOWHERE, UNIT
from pod_resources_cli.model.items import Summary
from pod_resources_cli.source.discover import STDIN_NAME
from pod_resources_cli.source.layout import NO_TOOLS, Tools
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits

if TYPE_CHECKING:
    from pod_resources_cli.model.decode.kinds import WorkloadKind
    from pod_resources_cli.lint.namespace import NamespacePolicies
    from pod_resources_cli.model.items import WorkloadItem
    from pod_resources_cli.run.reading import Reading


def diff_paths(
    paths: Sequence[str],
    before: Side,
    after: Side,
    *,
    admit: bool,
    namespace: str | None = None,
    limits: Limits = DEFAULT_LIMITS,
    stdin_name: str = STDIN_NAME,
    policy_scope: str = UNIT,
    kinds: tuple[WorkloadKind, ...] = (),
    jobs: int | None = 1,
    tools: Tools = NO_TOOLS,
    helm_values: tuple[str, ...] = (),
    helm_set: tuple[str, ...] = (),
) -> DiffResult:
    """Every pod of ``paths`` under ``before`` and ``after``; with ``admit``,
    each pod is also admitted alone on each side's node, as ``explain --node`` does.
    Standard input (``-``) is named ``stdin_name``. The pods are compared by
    ``jobs`` worker processes (run/fanout.py): only the changes come back.
    The PATHs are read as lint reads them (run/reading.py: ``tools`` render
    charts and kustomizations)."""
    from pod_resources_cli.run.reading import read_inputs

    from pod_resources_cli.features import pre_release

    result = DiffResult(before, after, setting_changes(before, after), summary=Summary())
    for side in (before, after):
        result.summary.mark_pre_release(pre_release(side.gates.version))
    reading = read_inputs(paths, tools, helm_values, helm_set)
    try:
        _compare_all(result, reading, admit, namespace, limits, stdin_name, policy_scope, kinds, jobs)
    finally:
        reading.close()
    return result


def _compare_all(
    result: DiffResult, reading: Reading, admit: bool, namespace: str | None, limits: Limits, stdin_name: str, policy_scope: str,
    kinds: tuple[WorkloadKind, ...], jobs: int | None,
) -> None:  # fmt: skip
    """Every pod of ``reading`` under both sides, into ``result``."""
    from pod_resources_cli.run.fanout import judge_pods
    from pod_resources_cli.run.policies import collect_policies, scope_notes

    before, after = result.before, result.after
    reading.count_into(result.summary)
    policies = collect_policies(reading, limits, namespace, policy_scope, jobs)
    result.summary.notes.extend(scope_notes(policies))

    def compare(item: WorkloadItem, policies: NamespacePolicies) -> PodDiff | None:
        origin = policies.origin(item.document) if policies else NOWHERE  # the policies it meets as deployed
        limit_ranges = policies.limit_ranges_for(item.workload.ref.pod_namespace, origin)
        classes = policies.priority_classes_for(origin)
        reports = [
            explain_workload(
                item.workload, item.location, side.node, side.gates, admit=admit, limit_ranges=limit_ranges,
                priority_classes=classes,
            )  # fmt: skip
            for side in (before, after)
        ]
        pod_diff = diff_pod(reports[0], reports[1], result.settings)
        return pod_diff if pod_diff.changes else None

    judged = judge_pods(
        reading.units(limits, stdin_name), compare, policies, namespace=namespace, limits=limits, jobs=jobs, summary=result.summary,
        on_warning=result.warnings.append, on_problem=lambda location, message: result.problems.append((location, message)),
        kinds=kinds, sources=reading.sources,
    )  # fmt: skip
    for pod_diff in judged:
        if pod_diff is not None:
            result.pods.append(pod_diff)
        else:
            result.unchanged += 1
