"""Where the policy behind a finding is: each finding a LimitRange, a
ResourceQuota or a PriorityClass of the input causes names that policy's
file, line and column (``Finding.related``; SARIF ``relatedLocations``), at
the value that decides (the ``max`` a container breaks, the ``spec.hard``
entry a quota tracks, the default the LimitRanger filled in)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pod_resources_cli.lint.finding import Related

if TYPE_CHECKING:
    from pod_resources_cli.kube.limitranger import LimitDefault, LimitViolation
    from pod_resources_cli.model.policy import LimitRange, PriorityClass, ResourceQuota

# Where SetDefaults_LimitRangeItem takes a default from, in its order: a
# default limit falls back to max; a default request to the default limit,
# then to min (pkg/apis/core/v1/defaults.go).
_DEFAULT_FROM = {"limits": ("default", "max"), "requests": ("defaultRequest", "default", "max", "min")}


def _named(kind: str, name: str, namespace: str | None) -> str:
    return f"{kind} {namespace}/{name}" if namespace else f"{kind} {name}"


def limit_range(lr: LimitRange, violation: LimitViolation) -> Related:
    """The LimitRange value a violation breaks (``spec.limits[i].max[cpu]``)."""
    where = lr.location
    if 0 <= violation.item < len(lr.items):
        where = lr.items[violation.item].locations.get((violation.constraint, violation.resource), where)
    return Related(where, _named("LimitRange", lr.name, lr.namespace))


def limit_default(lr: LimitRange, default: LimitDefault) -> Related:
    """The LimitRange value the LimitRanger filled in (the last Container
    item that gives it wins, as defaultContainerResourceRequirements merges)."""
    where = lr.location
    for item in lr.items:
        for key in _DEFAULT_FROM[default.kind]:
            found = item.locations.get((key, default.resource))
            if found is not None and item.type == "Container":
                where = found
                break
    return Related(where, _named("LimitRange", lr.name, lr.namespace) + f" (default {default.kind}.{default.resource})")


def quota(q: ResourceQuota, resource: str | None = None) -> Related:
    where = q.hard_locations.get(resource, q.location) if resource is not None else q.location
    return Related(where, _named("ResourceQuota", q.name, q.namespace))


def priority_class(pc: PriorityClass) -> Related | None:
    """A class of the input (a built-in one is nowhere)."""
    return None if pc.location is None else Related(pc.location, f"PriorityClass {pc.name}")
