"""Namespace policies found among the linted manifests: LimitRange and
ResourceQuota (core/v1), as the admission plugins read them, and the
VerticalPodAutoscalers that set pods' requests."""

from __future__ import annotations

from collections.abc import Mapping

from pod_resources_cli.location import Location, Pointer
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import dataclass, field

LIMIT_TYPE_CONTAINER = "Container"
LIMIT_TYPE_POD = "Pod"


@dataclass(frozen=True, slots=True)
class LimitRangeItem:
    type: str
    max: Mapping[str, Quantity] = field(default_factory=dict)
    min: Mapping[str, Quantity] = field(default_factory=dict)
    default: Mapping[str, Quantity] = field(default_factory=dict)
    default_request: Mapping[str, Quantity] = field(default_factory=dict)
    max_limit_request_ratio: Mapping[str, Quantity] = field(default_factory=dict)
    pointer: Pointer = ()
    # Where each written value is: (key as written, resource) -> its place (``("max", "cpu")``).
    locations: Mapping[tuple[str, str], Location] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class LimitRange:
    name: str
    namespace: str | None
    items: tuple[LimitRangeItem, ...]
    location: Location
    pointer: Pointer = ()  # where the object sits in its document (a List item, or the root)


@dataclass(frozen=True, slots=True)
class ScopeRequirement:
    """spec.scopeSelector.matchExpressions[] (or a plain spec.scopes entry, operator Exists)."""

    scope: str
    operator: str = "Exists"
    values: tuple[str, ...] = ()
    values_set: bool = False  # ``values`` written (even empty): Go's non-nil slice, for validation's messages
    pointer: Pointer = ()  # the matchExpressions item in its document


@dataclass(frozen=True, slots=True)
class ResourceQuota:
    name: str
    namespace: str | None
    hard: Mapping[str, Quantity]
    scopes: tuple[ScopeRequirement, ...]
    location: Location
    hard_locations: Mapping[str, Location] = field(default_factory=dict)  # spec.hard[name] in the text
    # As written, for validation (kube/validation/resource_quota.py): spec.scopes
    # and spec.scopeSelector.matchExpressions, None when absent (nil in Go).
    spec_scopes: tuple[str, ...] | None = None
    selector: tuple[ScopeRequirement, ...] | None = None
    selector_set: bool = False  # spec.scopeSelector present (validation runs on it even when empty)
    pointer: Pointer = ()  # where the object sits in its document


@dataclass(frozen=True, slots=True)
class PriorityClass:
    """scheduling.k8s.io/v1 PriorityClass: cluster-scoped, so it applies to
    the pods of every namespace. ``preemption_policy`` None: not written
    (the API server defaults it, kube.priority). The built-in classes have
    no ``location``."""

    name: str
    value: int
    global_default: bool = False
    preemption_policy: str | None = None
    location: Location | None = None
    pointer: Pointer = ()
    api_version: str | None = None


@dataclass(frozen=True, slots=True)
class Autoscaler:
    """A VerticalPodAutoscaler that sets the requests of its target's pods
    (model/decode/autoscaler.py): ``containers`` are its container policies,
    (name or ``*``, the resources whose requests it sets)."""

    name: str
    namespace: str | None
    target: tuple[str, str]  # (kind, name)
    containers: tuple[tuple[str, tuple[str, ...]], ...]
    location: Location

    def sets_requests(self, container: str) -> tuple[str, ...]:
        """The resources whose requests it sets on ``container``."""
        own = dict(self.containers)
        return own.get(container, own.get("*", ("cpu", "memory")))
