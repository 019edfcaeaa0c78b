"""What a rule sees: one workload and everything computed about it, lazily.

Each value is computed at most once per workload, and only when a rule
asks for it, so a run with few rules selected does little work.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube import resource as rh
from pod_resources_cli.kube.defaults import DefaultedPod
from pod_resources_cli.kube.qos import QOSResult, compute_pod_qos
from pod_resources_cli.kube.stored_pod import StoredPod, store_pod
from pod_resources_cli.kube.validation import FieldError, validate_stored_pod
from pod_resources_cli.kube.warnings import APIWarning, pod_resource_warnings
from pod_resources_cli.lint.finding import ObjectRef
from pod_resources_cli.lint.scope import Origin
from pod_resources_cli.lint.store import SpillList
from pod_resources_cli.location import Location, Pointer, format_field_path
from pod_resources_cli.model.pod import Container, Pod
from pod_resources_cli.model.workload import Workload
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import dataclass, field

if TYPE_CHECKING:
    from pod_resources_cli.analysis.diff import PodDiff, SettingChange, Side
    from pod_resources_cli.analysis.report import PodReport
    from pod_resources_cli.kube.limitranger import LimitDefault, LimitViolation
    from pod_resources_cli.kube.priority import PriorityAdmission
    from pod_resources_cli.kube.resourcequota import PodScopeFacts
    from pod_resources_cli.lint.namespace import ScopedQuota
    from pod_resources_cli.model.node import NodeDescription
    from pod_resources_cli.model.policy import LimitRange, PriorityClass, ResourceQuota

Locate = Callable[[Pointer], Location]


@dataclass(frozen=True, slots=True)
class Upgrade:
    """``lint --upgrade-to``: the run's settings and the target's, compared as
    ``diff`` compares them (``admit``: a node was described, so the kubelet's
    admission and placement are compared too)."""

    before: Side
    after: Side
    admit: bool
    settings: tuple[SettingChange, ...]  # what differs between the two (analysis.diff.setting_changes)


class RuleContext:
    """One workload (a Pod or a pod template) and its computed facts.

    ``written`` is the pod as the manifest states it; ``pod`` is what the
    API server stores: defaults applied, the namespace's LimitRange defaults
    merged, the priority the Priority plugin sets, quantities rounded to
    milli precision."""

    def __init__(
        self,
        workload: Workload,
        locate: Locate,
        gates: FeatureGates,
        *,
        node: NodeDescription | None = None,
        limit_ranges: Sequence[LimitRange] = (),
        quotas: Sequence[ResourceQuota] = (),
        priority_classes: Mapping[str, PriorityClass] | None = None,
        location: Location | None = None,
        upgrade: Upgrade | None = None,
    ) -> None:
        self.workload = workload
        self.upgrade = upgrade
        self.locate = locate
        self.gates = gates
        self.node = node
        self.limit_ranges = tuple(limit_ranges)
        self.quotas = tuple(quotas)
        self.priority_classes = priority_classes
        self.location = location if location is not None else locate(workload.pointer)
        ref = workload.ref
        self.object = ObjectRef(ref.kind, ref.name, ref.namespace, ref.template)
        self.written: Pod = workload.pod

    # -- paths --------------------------------------------------------------
    @property
    def field_prefix(self) -> Pointer:
        """From the object to its pod template: () for a Pod."""
        return self.written.pointer[len(self.workload.pointer) :]

    @property
    def is_template(self) -> bool:
        return bool(self.field_prefix)

    def field(self, pointer: Pointer) -> str:
        """The API field path of a document pointer inside this object."""
        return format_field_path(pointer[len(self.workload.pointer) :])

    def spec(self, *parts: str | int) -> Pointer:
        return self.written.spec_pointer(*parts)

    # -- the API server's view --------------------------------------------------
    @cached_property
    def stored(self) -> StoredPod:
        """The API server's path, the one explain takes too (kube/stored_pod.py)."""
        return store_pod(self.written, self.gates, self.limit_ranges, self.priority_classes)

    @property
    def created(self) -> DefaultedPod:
        return self.stored.created

    @property
    def limit_defaults(self) -> tuple[tuple[LimitRange, LimitDefault], ...]:
        return self.stored.limit_defaults

    @property
    def priority(self) -> PriorityAdmission:
        """The Priority plugin's answer (PriorityClasses of the linted set and the built-in ones)."""
        return self.stored.priority

    @property
    def pod(self) -> Pod:
        return self.stored.pod

    @cached_property
    def validation_errors(self) -> list[FieldError]:
        return validate_stored_pod(self.pod, field_prefix=self.field_prefix, template=self.is_template)

    @cached_property
    def api_warnings(self) -> list[APIWarning]:
        return pod_resource_warnings(self.pod, field_prefix=self.field_prefix)

    @cached_property
    def valid(self) -> bool:
        return not self.validation_errors

    @cached_property
    def limit_range_violations(self) -> list[tuple[LimitRange, LimitViolation]]:
        if not self.limit_ranges:
            return []
        from pod_resources_cli.kube.limitranger import limit_range_violations

        return [(lr, v) for lr in self.limit_ranges for v in limit_range_violations(self.pod, lr)]

    # -- the scheduler's and kubelet's view ----------------------------------------
    @cached_property
    def qos(self) -> QOSResult:
        return compute_pod_qos(self.pod, self.gates)

    @cached_property
    def requests(self) -> dict[str, Quantity]:
        return rh.pod_requests(self.pod)

    @cached_property
    def limits(self) -> dict[str, Quantity]:
        return rh.pod_limits(self.pod)

    @cached_property
    def report(self) -> PodReport | None:
        """The explain report on the described node (None without --node),
        with the resource managers' admission."""
        if self.node is None or not self.valid:
            return None
        from pod_resources_cli.analysis.explain import explain_workload

        return explain_workload(
            self.workload, self.location, self.node, self.gates, admit=True, limit_ranges=self.limit_ranges, stored=self.stored,
        )  # fmt: skip

    @cached_property
    def upgrade_diff(self) -> PodDiff | None:
        """What changes for this pod under ``--upgrade-to`` (None without it,
        or for a pod the API server rejects): both sides by explain's one
        evaluation path, compared as ``diff`` compares them."""
        up = self.upgrade
        if up is None or not self.valid:
            return None
        from pod_resources_cli.analysis.diff import diff_pod
        from pod_resources_cli.analysis.explain import explain_workload

        before, after = (
            explain_workload(
                self.workload, self.location, side.node, side.gates, admit=up.admit, limit_ranges=self.limit_ranges,
                priority_classes=self.priority_classes,
            )  # fmt: skip
            for side in (up.before, up.after)
        )
        return diff_pod(before, after, up.settings)

    @cached_property
    def admission(self) -> Any:
        """The kubelet's admission of this pod alone on the described node
        (kube.admission's PodAdmission: admitted, reason, message,
        containers), or None without --node, for an invalid pod, or before
        the resource managers exist."""
        if self.node is None or not self.valid:
            return None
        from pod_resources_cli.kube.admission import admit_pods  # the managers load only with --node

        return admit_pods(self.node, [self.pod], self.gates).pods[0]

    # -- helpers for rules ------------------------------------------------------
    def containers(self) -> tuple[Container, ...]:
        """The stored pod's containers in start order: init (and sidecars), then regular."""
        return (*self.pod.init_containers, *self.pod.containers)

    def written_container(self, name: str) -> Container | None:
        for c in self.written.all_containers():
            if c.name == name:
                return c
        return None

    def resources_pointer(self, c: Container, kind: str | None = None, name: str | None = None) -> Pointer:
        """The most precise pointer that exists in the text for a container's value."""
        written = self.written_container(c.name) or c
        base: Pointer = (*written.pointer, "resources")
        if kind is None:
            return base
        values = written.resources.requests if kind == "requests" else written.resources.limits
        if kind == "requests" and name is not None and name not in (values or {}) and name in written.resources.lim:
            return (*base, "limits", name)  # a request the API server defaults from this limit
        if name is not None and self.limit_ranges and any(
            (d.container, d.kind, d.resource) == (c.name, kind, name) for _, d in self.limit_defaults
        ):
            return (*base, kind, name)  # a LimitRange filled it in: the finding is about that value (lint/related.py)
        if values is None:
            return base
        if name is None or name not in values:
            return (*base, kind)
        return (*base, kind, name)


@dataclass(frozen=True, slots=True)
class WorkloadUsage:
    """What the quota check keeps of one workload (small, so a long stream
    does not hold its pods)."""

    object: ObjectRef
    location: Location
    replicas: int
    usage: dict[str, Quantity]
    scope: PodScopeFacts
    origin: Origin = Origin(None, None)  # where it was read: the quotas that meet it (lint/scope.py)
    runs_in: str | None = None  # the namespace its pods run in, where not the object's (WorkloadRef.runs_in)


@dataclass(slots=True)
class SetContext:
    """The whole linted set, for rules about namespaces."""

    quotas: list[ScopedQuota] = field(default_factory=list)
    usages: SpillList[WorkloadUsage] = field(default_factory=SpillList)  # one per workload: a long stream spills them
