"""``diff``'s run: the inputs read once, every pod evaluated under both sides
by the one evaluation path (analysis.explain.explain_workload), compared
(analysis.diff). Pods whose outcome is the same are counted, not kept."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pod_resources_cli.analysis.diff import DiffResult, Side, diff_pod, setting_changes
from pod_resources_cli.analysis.explain import explain_workload
from pod_resources_cli.lint.scope import NOWHERE, UNIT
from pod_resources_cli.model.items import Summary
from pod_resources_cli.source.discover import STDIN_NAME
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits

if TYPE_CHECKING:
    from pod_resources_cli.model.decode.kinds import WorkloadKind


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
) -> DiffResult:
    """Every pod of ``paths`` under ``before`` and ``after``; with ``admit``,
    each pod is also admitted alone on each side's node, as ``explain --node`` does.
    Standard input (``-``) is named ``stdin_name``."""
    from pod_resources_cli.run.policies import add_if_policy, collect_policies, drain_warnings
    from pod_resources_cli.model.items import DocumentItem, ProblemItem, SkippedItem, WorkloadItem
    from pod_resources_cli.run.pipeline import iter_items

    from pod_resources_cli.features import pre_release

    result = DiffResult(before, after, setting_changes(before, after), summary=Summary(files=len(paths)))
    for side in (before, after):
        result.summary.mark_pre_release(pre_release(side.gates.version))
    policies = collect_policies(paths, limits, namespace, policy_scope)
    for item in iter_items(paths, limits=limits, default_namespace=namespace, kinds=kinds, stdin_name=stdin_name):
        if isinstance(item, DocumentItem):
            result.summary.documents += 1
            result.summary.objects += item.objects
            add_if_policy(policies, item.document, namespace)
            result.warnings.extend(drain_warnings(policies))
        elif isinstance(item, SkippedItem):
            result.summary.add_skipped(item.reason, item.kind)
        elif isinstance(item, ProblemItem):
            result.problems.append((item.location, item.message))
        elif isinstance(item, WorkloadItem):
            result.summary.pods += 1
            origin = policies.origin(item.document) if policies else NOWHERE
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
            if pod_diff.changes:
                result.pods.append(pod_diff)
            else:
                result.unchanged += 1
    return result
