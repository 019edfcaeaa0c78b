"""``diff``'s run: the inputs read once, every pod evaluated under both sides
by the one evaluation path (analysis.explain.explain_workload), compared
(analysis.diff), in worker processes. Pods whose outcome is the same are
counted, not kept."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from pod_resources_cli.analysis.diff import DiffResult, PodDiff, Side, diff_pod, setting_changes
from pod_resources_cli.analysis.explain import explain_workload
from pod_resources_cli.lint.scope import NOWHERE, UNIT
from pod_resources_cli.model.items import Summary
from pod_resources_cli.source.discover import STDIN_NAME
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits

if TYPE_CHECKING:
    from pod_resources_cli.model.decode.kinds import WorkloadKind
    from pod_resources_cli.lint.namespace import NamespacePolicies
    from pod_resources_cli.model.items import WorkloadItem
    from pod_resources_cli.source.chunks import Unit


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
) -> DiffResult:
    """Every pod of ``paths`` under ``before`` and ``after``; with ``admit``,
    each pod is also admitted alone on each side's node, as ``explain --node`` does.
    Standard input (``-``) is named ``stdin_name``. The pods are compared by
    ``jobs`` worker processes (run/fanout.py): only the changes come back."""
    from pod_resources_cli.run.fanout import judge_pods
    from pod_resources_cli.run.pipeline import plan_skipped
    from pod_resources_cli.run.policies import collect_policies
    from pod_resources_cli.source.chunks import source_units
    from pod_resources_cli.source.layout import plan_inputs

    from pod_resources_cli.features import pre_release

    result = DiffResult(before, after, setting_changes(before, after), summary=Summary(files=len(paths)))
    for side in (before, after):
        result.summary.mark_pre_release(pre_release(side.gates.version))
    policies = collect_policies(paths, limits, namespace, policy_scope, jobs)

    def compare(item: WorkloadItem, policies: NamespacePolicies) -> PodDiff | None:
        origin = policies.origin(item.document) if policies else NOWHERE  # the policies it meets as deployed
        limit_ranges = policies.limit_ranges_for(item.workload.ref.namespace, origin)
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

    def units() -> Iterator[Unit]:
        plan = plan_inputs(paths)
        for item in plan_skipped(plan):
            result.summary.add_skipped(item.reason, item.kind)
        for path in plan.files:
            yield from source_units(path, limits, stdin_name=stdin_name)

    judged = judge_pods(
        units(), compare, policies, namespace=namespace, limits=limits, jobs=jobs, summary=result.summary,
        on_warning=result.warnings.append, on_problem=lambda location, message: result.problems.append((location, message)),
        kinds=kinds,
    )  # fmt: skip
    for pod_diff in judged:
        if pod_diff is not None:
            result.pods.append(pod_diff)
        else:
            result.unchanged += 1
    return result
