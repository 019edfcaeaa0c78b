"""The namespace policies (LimitRange, ResourceQuota) and PriorityClasses of
the input, for ``explain``, ``admit`` and ``diff``: they apply to the pods of
their namespace that they meet as deployed (lint/scope.py, the rule ``lint``
follows too) wherever those appear, so regular files that mention them are
read once first (``lint`` does the same in run/lint.py). Standard input, a pipe or a FIFO is read once (a first pass
would consume it), so there a policy applies to the documents after it. A
PriorityClass the API server refuses is told when its document is met in
order (it applies to nothing: a pod that names it is refused as an unknown
class)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from pod_resources_cli.lint.namespace import NamespacePolicies, has_policy_kind
from pod_resources_cli.lint.scope import UNIT
from pod_resources_cli.source.limits import Limits
from pod_resources_cli.source.yamldoc import Document

if TYPE_CHECKING:
    from pod_resources_cli.kube.validation import FieldError
    from pod_resources_cli.run.reading import Reading
    from pod_resources_cli.model.policy import LimitRange, ResourceQuota


def collect_policies(
    inputs: Sequence[str] | Reading, limits: Limits, namespace: str | None, scope: str = UNIT, jobs: int | None = 1
) -> NamespacePolicies:
    """The policies of every regular file (and render, from a Reading) that
    names one (file_mentions leaves streams alone), read over ``jobs``
    processes (run/policy_pass.py), scoped by ``scope`` (lint/scope.py)."""
    from pod_resources_cli.run.policy_pass import is_policy, policy_documents
    from pod_resources_cli.run.reading import Reading

    policies = NamespacePolicies(scope, scenario_of)
    if isinstance(inputs, Reading):
        documents = inputs.policy_documents(limits, jobs, is_policy)
    else:
        documents = policy_documents(inputs, limits, jobs, is_policy)
    for doc in documents:
        policies.add_document(doc, namespace)  # refusals are told when met in order
    return policies


def scope_notes(policies: NamespacePolicies) -> list[str]:
    """Why some policies meet their own files only (lint/scope.py), each directory as reports show paths."""
    from pod_resources_cli.source.boundary import shown

    return policies.scope_notes(shown)


@lru_cache(maxsize=8192)
def scenario_of(path: str) -> str | None:
    """The test scenario a plain file belongs to (source/harness.py): a
    deployment unit of its own. Asked only when the input holds a policy."""
    from pod_resources_cli.source.harness import scenario_root

    return scenario_root(path)


def add_if_policy(policies: NamespacePolicies, doc: Document | object, namespace: str | None) -> None:
    """Adds ``doc``'s policies (a document met again is not added twice).
    A policy the API server rejects is left out: it neither defaults,
    limits, counts nor refuses anything. Why is queued once, as the Status
    ``kubectl apply`` would print, for the command to tell (``drain_warnings``)."""
    if isinstance(doc, Document) and isinstance(doc.data, dict) and has_policy_kind(doc.data):
        from pod_resources_cli.kube.validation import invalid_status_message
        from pod_resources_cli.model.decode.served import UNSERVED_RULE

        found = policies.add_document(doc, namespace)
        for policy, problem in found.decode:
            where, kind = doc.location(problem.pointer), type(policy).__name__
            if problem.rule is None:
                _queue(policies, f'{where}: warning: {kind} "{policy.name}": {problem.message} (the API server rejects it; {_effect(kind)})')
            elif problem.rule == UNSERVED_RULE:  # the message says what follows
                _queue(policies, f'{where}: warning: {kind} "{policy.name}": {problem.message}')
        rejected: dict[int, tuple[LimitRange | ResourceQuota, list[FieldError]]] = {}
        for policy, error in found.invalid:
            rejected.setdefault(id(policy), (policy, []))[1].append(error)
        for policy, errors in rejected.values():
            status = invalid_status_message("v1", type(policy).__name__, policy.name, errors)
            _queue(policies, f"{policy.location}: warning: {status} (the API server rejects it; {_effect(type(policy).__name__)})")
        for _, refusal in found.refused_classes:  # a PriorityClass: no pod can use it
            where = doc.location(refusal.pointer)
            _queue(policies, f"{where}: warning: {refusal.message} (the API server refuses it; no pod can use it)")


def _effect(kind: str) -> str:
    return "it applies to nothing" if kind == "LimitRange" else "it counts and refuses nothing"


def _queue(policies: NamespacePolicies, line: str) -> None:
    if line not in policies.warned:
        policies.warned.add(line)
        policies.warnings.append(line)


def drain_warnings(policies: NamespacePolicies) -> list[str]:
    """The rejections not told yet, oldest first."""
    lines, policies.warnings[:] = list(policies.warnings), []
    return lines
