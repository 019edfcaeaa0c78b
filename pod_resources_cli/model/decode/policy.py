"""LimitRange, ResourceQuota and PriorityClass objects -> model.policy, collecting problems."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from pod_resources_cli.location import Location, Pointer
from pod_resources_cli.model.decode.problems import Problems, as_int, as_list, as_mapping, as_str, resource_list, type_name
from pod_resources_cli.model.decode.placeholders import filled_in, placeholder
from pod_resources_cli.model.decode.served import POLICIES_SERVED, UNSERVED_RULE, unserved
from pod_resources_cli.model.decode.workloads import iter_objects
from pod_resources_cli.model.policy import LimitRange, LimitRangeItem, PriorityClass, ResourceQuota, ScopeRequirement

POLICY_KINDS = frozenset({"LimitRange", "ResourceQuota", "PriorityClass"})
PRIORITY_CLASS_GROUP = "scheduling.k8s.io"
Policy = LimitRange | ResourceQuota | PriorityClass
_MAKER_KINDS = frozenset({"Deployment", "ClusterServiceVersion"})  # made_priority_classes.MAKER_KINDS, not imported at start-up
_INT32 = (-(2**31), 2**31 - 1)
_LIMIT_KEYS = ("max", "min", "default", "defaultRequest", "maxLimitRequestRatio")
Locate = Callable[[Pointer], Location]


def _meta(obj: dict[str, Any], pointer: Pointer, problems: Problems, default_namespace: str | None) -> tuple[str, str | None]:
    meta = as_mapping(obj.get("metadata"), (*pointer, "metadata"), problems) or {}
    name = meta.get("name")
    namespace = meta.get("namespace")
    return (
        name if isinstance(name, str) and name else "<unnamed>",
        namespace if isinstance(namespace, str) and namespace else default_namespace,
    )


def decode_limit_range(
    obj: dict[str, Any], pointer: Pointer, problems: Problems, locate: Locate, default_namespace: str | None = None
) -> LimitRange:
    name, namespace = _meta(obj, pointer, problems, default_namespace)
    spec = as_mapping(obj.get("spec"), (*pointer, "spec"), problems) or {}
    items: list[LimitRangeItem] = []
    for i, raw in enumerate(as_list(spec.get("limits"), (*pointer, "spec", "limits"), problems)):
        ip = (*pointer, "spec", "limits", i)
        item = as_mapping(raw, ip, problems) or {}

        def rl(key: str, item: dict[str, Any] = item, ip: Pointer = ip) -> dict[str, Any]:
            return resource_list(item.get(key), (*ip, key), problems) or {}

        written = {k: v for k in _LIMIT_KEYS if isinstance(v := item.get(k), dict)}
        locations = {(k, str(name)): locate((*ip, k, name)) for k, values in written.items() for name in values}
        items.append(
            LimitRangeItem(
                type=as_str(item.get("type"), (*ip, "type"), problems) or "",
                max=rl("max"),
                min=rl("min"),
                default=rl("default"),
                default_request=rl("defaultRequest"),
                max_limit_request_ratio=rl("maxLimitRequestRatio"),
                pointer=ip,
                locations=locations,
            )
        )
    return LimitRange(name, namespace, tuple(items), locate(pointer), pointer)


def decode_resource_quota(
    obj: dict[str, Any], pointer: Pointer, problems: Problems, locate: Locate, default_namespace: str | None = None
) -> ResourceQuota:
    name, namespace = _meta(obj, pointer, problems, default_namespace)
    sp = (*pointer, "spec")
    spec = as_mapping(obj.get("spec"), sp, problems) or {}
    hard = resource_list(spec.get("hard"), (*sp, "hard"), problems) or {}
    raw_scopes = as_list(spec.get("scopes"), (*sp, "scopes"), problems)
    written = [s for i, raw in enumerate(raw_scopes) if (s := as_str(raw, (*sp, "scopes", i), problems)) is not None]
    scopes = [ScopeRequirement(s) for s in written]
    selector_map = as_mapping(spec.get("scopeSelector"), (*sp, "scopeSelector"), problems)
    selector = selector_map or {}
    expressions = selector.get("matchExpressions")
    requirements: list[ScopeRequirement] = []
    for i, raw in enumerate(as_list(expressions, (*sp, "scopeSelector", "matchExpressions"), problems)):
        ep = (*sp, "scopeSelector", "matchExpressions", i)
        expr = as_mapping(raw, ep, problems) or {}
        raw_values = as_list(expr.get("values"), (*ep, "values"), problems)
        values = tuple(v for i, raw in enumerate(raw_values) if (v := as_str(raw, (*ep, "values", i), problems)) is not None)
        requirements.append(
            ScopeRequirement(
                as_str(expr.get("scopeName"), (*ep, "scopeName"), problems) or "",
                as_str(expr.get("operator"), (*ep, "operator"), problems) or "",
                values,
                values_set=isinstance(expr.get("values"), list),
                pointer=ep,
            )
        )
    scopes += requirements
    locations = {key: locate((*sp, "hard", key)) for key in hard}
    return ResourceQuota(
        name, namespace, hard, tuple(scopes), locate(pointer), locations,
        spec_scopes=tuple(written) if isinstance(spec.get("scopes"), list) else None,
        selector=tuple(requirements) if isinstance(expressions, list) else None,
        selector_set=selector_map is not None,
        pointer=pointer,
    )  # fmt: skip


def is_priority_class(obj: dict[str, Any]) -> bool:
    """A PriorityClass of scheduling.k8s.io (another group's kind of that name is not one)."""
    api_version = obj.get("apiVersion")
    group = api_version.rpartition("/")[0] if isinstance(api_version, str) else PRIORITY_CLASS_GROUP
    return obj.get("kind") == "PriorityClass" and group == PRIORITY_CLASS_GROUP


def decode_priority_class(obj: dict[str, Any], pointer: Pointer, problems: Problems, locate: Locate) -> PriorityClass:
    """value is an int32 (absent: 0, as Go decodes it); globalDefault a boolean."""
    meta = as_mapping(obj.get("metadata"), (*pointer, "metadata"), problems) or {}
    name = as_str(meta.get("name"), (*pointer, "metadata", "name"), problems)
    value = as_int(obj.get("value"), (*pointer, "value"), problems)
    if value is not None and not _INT32[0] <= value <= _INT32[1]:
        problems.add((*pointer, "value"), f"must be a 32-bit integer ({_INT32[0]} to {_INT32[1]}), not {value}")
        value = None
    raw_default = obj.get("globalDefault")
    if raw_default is not None and not isinstance(raw_default, bool):
        problems.add((*pointer, "globalDefault"), f"must be a boolean, not {type_name(raw_default)}")
    api_version = obj.get("apiVersion")
    return PriorityClass(
        name=name or "",
        value=value or 0,
        global_default=raw_default is True,
        preemption_policy=as_str(obj.get("preemptionPolicy"), (*pointer, "preemptionPolicy"), problems),
        location=locate(pointer),
        pointer=pointer,
        api_version=api_version if isinstance(api_version, str) else None,
    )


def decode_policies(data: Any, locate: Locate, default_namespace: str | None = None) -> Iterator[tuple[Policy, Problems]]:
    """The LimitRanges, ResourceQuotas and PriorityClasses of one document (``kind: List`` unrolled)."""
    for obj, pointer in iter_objects(data):
        kind = obj.get("kind")
        problems = Problems()
        if placeholder(obj) is not None:
            continue  # a template to fill in: it applies to no namespace as written (placeholders.py)
        policy: Policy
        if kind == "LimitRange":
            policy = decode_limit_range(obj, pointer, problems, locate, default_namespace)
        elif kind == "ResourceQuota":
            policy = decode_resource_quota(obj, pointer, problems, locate, default_namespace)
        elif kind in _MAKER_KINDS:  # an operator that creates its PriorityClass at start (made_priority_classes.py)
            from pod_resources_cli.model.decode.made_priority_classes import made_priority_classes

            for made in made_priority_classes(obj, pointer, locate):
                yield made, Problems()
            continue
        elif is_priority_class(obj):
            if all(value is None for key, value in obj.items() if key not in ("apiVersion", "kind")):
                continue  # a bare apiVersion/kind pair names no class (datreeio/datree @0c3b63e6ce96 examples/prevent_deprecated_apis)
            policy = decode_priority_class(obj, pointer, problems, locate)
        else:
            continue
        if (why := unserved(obj, POLICIES_SERVED)) is not None:  # PR006: kubectl apply refuses it, it never exists
            problems.add((*pointer, "apiVersion"), why, rule=UNSERVED_RULE)
        if filled_in(data, problems.items) is None:  # else a template to fill in (placeholders.py)
            yield policy, problems
