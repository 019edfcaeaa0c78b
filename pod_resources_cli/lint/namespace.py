"""Namespace policies (LimitRange, ResourceQuota) and PriorityClasses found
in the linted set.

They apply to the workloads of their namespace (a PriorityClass, which is
cluster-scoped, to every workload) wherever they appear in the input, so the CLI collects them in a first, cheap pass over the documents
that mention them, before the workloads are linted. An object without a
namespace belongs to ``--namespace`` (or to the unnamed namespace, shared by
every object that states none, as ``kubectl apply`` without ``-n`` would do).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pod_resources_cli.model.items import PositionedDocument

if TYPE_CHECKING:
    from pod_resources_cli.kube.priority import ClassRefusal
    from pod_resources_cli.kube.validation import FieldError
    from pod_resources_cli.model.decode.problems import DecodeProblem
    from pod_resources_cli.model.policy import LimitRange, PriorityClass, ResourceQuota

POLICY_MARKERS = (b"LimitRange", b"ResourceQuota", b"PriorityClass")
_KINDS = ("LimitRange", "ResourceQuota", "PriorityClass")


def has_policy_kind(data: dict[str, object]) -> bool:
    """A LimitRange, ResourceQuota or PriorityClass, or a ``*List`` holding one."""
    kind = data.get("kind")
    if kind in _KINDS:
        return True
    items = data.get("items")
    return isinstance(kind, str) and kind.endswith("List") and isinstance(items, list) and any(
        isinstance(i, dict) and i.get("kind") in _KINDS for i in items
    )


def mentions_policies(data: bytes) -> bool:
    """A cheap test on the raw bytes: only such files need the first pass."""
    return any(marker in data for marker in POLICY_MARKERS)


def rejection_message(policy: LimitRange | ResourceQuota, error: FieldError) -> str:
    """Why the API server never creates ``policy``, and what that means here."""
    kind = type(policy).__name__
    effect = "it applies to nothing" if kind == "LimitRange" else "it counts and refuses nothing"
    return f'{kind} "{policy.name}" is invalid: {error} (the API server rejects it; {effect})'


@dataclass(slots=True)
class PolicyProblems:
    """Why a policy document is not (wholly) as written."""

    decode: list[tuple[LimitRange | ResourceQuota | PriorityClass, DecodeProblem]] = field(default_factory=list)
    invalid: list[tuple[LimitRange | ResourceQuota, FieldError]] = field(default_factory=list)  # the API server rejects it
    refused_classes: list[tuple[PriorityClass, ClassRefusal]] = field(default_factory=list)  # likewise


@dataclass(slots=True)
class NamespacePolicies:
    """The LimitRanges, by namespace, the ResourceQuotas and the
    PriorityClasses (by name, the built-in system classes included) of the
    linted set."""

    limit_ranges: dict[str | None, list[LimitRange]] = field(default_factory=dict)
    quotas: list[ResourceQuota] = field(default_factory=list)
    priority_classes: dict[str, PriorityClass] | None = None  # None: no PriorityClass met, the built-in ones only
    _seen: set[tuple[str, int, str]] = field(default_factory=set)
    _class_outcomes: dict[tuple[str, int, str], ClassRefusal | None] = field(default_factory=dict)
    warned: set[str] = field(default_factory=set)  # rejections already queued (explain, admit)
    warnings: list[str] = field(default_factory=list)  # queued, not told yet

    def add_document(self, doc: PositionedDocument, default_namespace: str | None = None) -> PolicyProblems:
        """Adds the policies of one document, as the API server stores them;
        returns their decode problems and what makes the API server reject
        one (a rejected or undecodable LimitRange or ResourceQuota is not
        added: it never exists, so it neither defaults, limits, counts nor
        refuses)."""
        from pod_resources_cli.kube.limitranger import stored_limit_range
        from pod_resources_cli.kube.resourcequota import stored_quota
        from pod_resources_cli.kube.validation.limit_range import validate_limit_range
        from pod_resources_cli.kube.validation.resource_quota import validate_resource_quota
        from pod_resources_cli.model.decode.policy import decode_policies
        from pod_resources_cli.model.policy import LimitRange, PriorityClass

        problems = PolicyProblems()
        for policy, found in decode_policies(doc.data, doc.location, default_namespace):
            problems.decode.extend((policy, p) for p in found.items)
            if isinstance(policy, PriorityClass):
                if not found:  # one the API server cannot decode is never applied
                    refusal = self._apply_class(doc, policy)
                    if refusal is not None:
                        problems.refused_classes.append((policy, refusal))
                continue
            stored: LimitRange | ResourceQuota
            if isinstance(policy, LimitRange):
                stored = stored_limit_range(policy)
                rejected = validate_limit_range(stored)
                problems.invalid.extend((policy, e) for e in rejected)
            else:
                stored = stored_quota(policy)
                rejected = validate_resource_quota(stored)
                problems.invalid.extend((policy, e) for e in rejected)
            key = (doc.path, doc.index, f"{type(policy).__name__}/{policy.namespace}/{policy.name}/{policy.location.line}")
            # a value the API server cannot even decode (a bad quantity, a
            # number for a string) rejects the object as surely as validation
            undecodable = any(p.rule is None for p in found.items)
            if key in self._seen or rejected or undecodable:
                continue
            self._seen.add(key)
            if isinstance(stored, LimitRange):
                self.limit_ranges.setdefault(stored.namespace, []).append(stored)
            else:
                self.quotas.append(stored)
        return problems

    def _apply_class(self, doc: PositionedDocument, pc: PriorityClass) -> ClassRefusal | None:
        """Applies a PriorityClass once (in input order: ``kubectl apply``);
        met again, the first answer stands."""
        from pod_resources_cli.kube.priority import apply_priority_class, system_classes

        where = pc.location.line if pc.location is not None else 0
        key = (doc.path, doc.index, f"PriorityClass/{pc.name}/{where}")
        if key not in self._class_outcomes:
            if self.priority_classes is None:
                self.priority_classes = system_classes()
            self._class_outcomes[key] = apply_priority_class(self.priority_classes, pc)
        return self._class_outcomes[key]

    def add_documents(self, docs: Iterable[PositionedDocument], default_namespace: str | None = None) -> None:
        for doc in docs:
            self.add_document(doc, default_namespace)

    def limit_ranges_for(self, namespace: str | None) -> tuple[LimitRange, ...]:
        return tuple(self.limit_ranges.get(namespace, ()))

    def quotas_for(self, namespace: str | None) -> tuple[ResourceQuota, ...]:
        return tuple(q for q in self.quotas if q.namespace == namespace)

    def __bool__(self) -> bool:
        return bool(self.limit_ranges or self.quotas or self.priority_classes)
