"""What the API server rejects in a pod's resources, on create.

Mirrors the resource parts of pkg/apis/core/validation/validation.go
(kubernetes/kubernetes @119f0c8b3770, read at @000f26050b9b and checked
against the conformance vectors computed from mid-2026 code):
ValidateContainerResourceRequirements / validateResourceRequirements,
validateContainerResourceName, validatePodResourceName,
validateResourceName, ValidateResourceQuantityValue,
validateResourceQuantityHugePageValue, validateResourceClaimNames,
validatePodResources, validatePodResourceConsistency, validateOverhead,
the ephemeral-container field allow-list and ValidatePodCreate's refusal of
ephemeral containers; name predicates from pkg/apis/core/helper/helpers.go
and k8s.io/apimachinery/pkg/util/validation (IsQualifiedName).

Validation runs on the pod as the API server stores it: disabled fields
dropped, defaults applied and every quantity rounded up to milli precision
(SetDefaults_ResourceList), see ``stored_pod``.

Two places where this mirror is deliberately narrower or different:
- the newer upstream pod-level checks (Windows, the `exists` check before
  comparing aggregate requests, hugepage aggregate limits) are taken from
  the vectors, which were computed with code newer than the copy read;
- upstream writes the paths of validatePodResourceConsistency from the
  pod spec down; for templates this module prefixes them with the template
  path like every other error, so that findings point at the right object.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final

from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube import names
from pod_resources_cli.kube import resource as rh
from pod_resources_cli.kube.pod_create import create_pod
from pod_resources_cli.location import Pointer, format_field_path
from pod_resources_cli.model.pod import Container, Pod, ResourceRequirements
from pod_resources_cli.quantity import Quantity, QuantityError, parse_quantity

INVALID: Final = "Invalid"
REQUIRED: Final = "Required"
FORBIDDEN: Final = "Forbidden"
NOT_SUPPORTED: Final = "NotSupported"
NOT_FOUND: Final = "NotFound"
DUPLICATE: Final = "Duplicate"

# How field.Error prints each type (k8s.io/apimachinery/pkg/util/validation/field/errors.go).
_TYPE_TEXT: Final = {
    INVALID: "Invalid value",
    REQUIRED: "Required value",
    FORBIDDEN: "Forbidden",
    NOT_SUPPORTED: "Unsupported value",
    NOT_FOUND: "Not found",
    DUPLICATE: "Duplicate value",
}

# Which check produced an error: lint rules select errors by these.
CHECK_REQUEST_LE_LIMIT: Final = "request-le-limit"
CHECK_REQUEST_EQ_LIMIT: Final = "request-eq-limit"
CHECK_LIMIT_REQUIRED: Final = "limit-required"
CHECK_HUGEPAGES_NEED_CPU_OR_MEMORY: Final = "hugepages-need-cpu-or-memory"
CHECK_HUGEPAGES_PAGE_MULTIPLE: Final = "hugepages-page-multiple"
CHECK_RESOURCE_NAME: Final = "resource-name"
CHECK_POD_RESOURCE_NAME: Final = "pod-resource-name"
CHECK_NEGATIVE: Final = "negative"
CHECK_INTEGER: Final = "integer"
CHECK_CLAIMS: Final = "claims"
CHECK_POD_CLAIMS: Final = "pod-claims"
CHECK_POD_AGGREGATE_REQUESTS: Final = "pod-aggregate-requests"
CHECK_POD_AGGREGATE_HUGEPAGE_LIMITS: Final = "pod-aggregate-hugepage-limits"
CHECK_POD_CONTAINER_LIMIT: Final = "pod-container-limit"
CHECK_POD_WINDOWS: Final = "pod-windows"
CHECK_EPHEMERAL_CREATE: Final = "ephemeral-create"
CHECK_EPHEMERAL_RESOURCES: Final = "ephemeral-resources"
ALL_CHECKS: Final = frozenset(
    {
        CHECK_REQUEST_LE_LIMIT,
        CHECK_REQUEST_EQ_LIMIT,
        CHECK_LIMIT_REQUIRED,
        CHECK_HUGEPAGES_NEED_CPU_OR_MEMORY,
        CHECK_HUGEPAGES_PAGE_MULTIPLE,
        CHECK_RESOURCE_NAME,
        CHECK_POD_RESOURCE_NAME,
        CHECK_NEGATIVE,
        CHECK_INTEGER,
        CHECK_CLAIMS,
        CHECK_POD_CLAIMS,
        CHECK_POD_AGGREGATE_REQUESTS,
        CHECK_POD_AGGREGATE_HUGEPAGE_LIMITS,
        CHECK_POD_CONTAINER_LIMIT,
        CHECK_POD_WINDOWS,
        CHECK_EPHEMERAL_CREATE,
        CHECK_EPHEMERAL_RESOURCES,
    }
)

# Where the requirements being validated live.
SCOPE_CONTAINER: Final = "container"
SCOPE_POD: Final = "pod"
SCOPE_OVERHEAD: Final = "overhead"


@dataclass(frozen=True, slots=True)
class FieldError:
    """One field.Error: ``field``, ``type``, ``detail`` and ``bad_value`` as the
    API server reports them (``bad_value`` only when upstream's is a string).

    ``pointer`` is where the error points in the document, ``check`` and
    ``scope`` say which check produced it, ``resource`` names the resource
    when there is one, ``container`` the container's name."""

    field: str
    type: str
    detail: str
    bad_value: str | None = None
    pointer: Pointer = ()
    check: str = ""
    scope: str = SCOPE_CONTAINER
    resource: str | None = None
    container: str | None = None

    def __str__(self) -> str:
        body = _TYPE_TEXT.get(self.type, self.type)
        if self.type in (INVALID, NOT_SUPPORTED, NOT_FOUND, DUPLICATE) and self.bad_value is not None:
            body += f": {_go_quote(self.bad_value)}"
        return f"{self.field}: {body}: {self.detail}" if self.detail else f"{self.field}: {body}"


def _go_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@dataclass(frozen=True, slots=True)
class FieldPath:
    """field.Path: the printed path and the document pointer it stands for."""

    text: str
    pointer: Pointer

    def child(self, *parts: str) -> FieldPath:
        text = self.text
        for part in parts:
            text = f"{text}.{part}" if text else part
        return FieldPath(text, (*self.pointer, *parts))

    def index(self, i: int) -> FieldPath:
        return FieldPath(f"{self.text}[{i}]", (*self.pointer, i))

    def key(self, key: str) -> FieldPath:
        return FieldPath(f"{self.text}[{key}]", (*self.pointer, key))


# -- defaulting that validation sees ------------------------------------------


def round_up_milli(q: Quantity) -> Quantity:
    """Quantity.RoundUp(-3): away from zero, to a whole milli-unit."""
    step = 10**6
    rem = abs(q.nanos) % step
    if not rem:
        return q
    magnitude = abs(q.nanos) - rem + step
    return Quantity(magnitude if q.nanos > 0 else -magnitude, q.format)


def _needs_rounding(values: Mapping[str, Quantity] | None) -> bool:
    return values is not None and any(v.nanos % 10**6 for v in values.values())


def _round_list(values: Mapping[str, Quantity] | None) -> Mapping[str, Quantity] | None:
    if not _needs_rounding(values):
        return values  # the common case: nothing finer than 1m, nothing to copy
    assert values is not None
    return {k: round_up_milli(v) for k, v in values.items()}


def _round_requirements(r: ResourceRequirements) -> ResourceRequirements:
    if not (_needs_rounding(r.requests) or _needs_rounding(r.limits)):
        return r
    return replace(r, requests=_round_list(r.requests), limits=_round_list(r.limits))


def round_resource_lists(pod: Pod) -> Pod:
    """SetDefaults_ResourceList on every list of the spec (pkg/apis/core/v1/defaults.go)."""

    def ctr(c: Container) -> Container:
        rounded = _round_requirements(c.resources)
        return c if rounded is c.resources else replace(c, resources=rounded)

    containers = tuple(map(ctr, pod.containers))
    init_containers = tuple(map(ctr, pod.init_containers))
    resources = None if pod.resources is None else _round_requirements(pod.resources)
    changed = (
        any(a is not b for a, b in zip(containers, pod.containers))
        or any(a is not b for a, b in zip(init_containers, pod.init_containers))
        or resources is not pod.resources
        or _needs_rounding(pod.overhead)
    )
    if not changed:
        return pod
    pod = pod.with_containers(containers, init_containers)
    return replace(pod, resources=resources, overhead=_round_list(pod.overhead))


def stored_pod(pod: Pod, gates: FeatureGates) -> Pod:
    """The pod as the API server validates and stores it."""
    return round_resource_lists(create_pod(pod, gates).pod)


# -- resource names (helpers.go, apimachinery validation) ----------------------

_QUALIFIED_NAME_FMT: Final = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]"
_QUALIFIED_NAME: Final = re.compile(_QUALIFIED_NAME_FMT)
_QUALIFIED_NAME_MSG: Final = (
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
)
_DNS1123_LABEL_FMT: Final = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
_DNS1123_SUBDOMAIN_FMT: Final = _DNS1123_LABEL_FMT + "(\\." + _DNS1123_LABEL_FMT + ")*"
_DNS1123_SUBDOMAIN: Final = re.compile(_DNS1123_SUBDOMAIN_FMT)
_DNS1123_SUBDOMAIN_MSG: Final = (
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', "
    "and must start and end with an alphanumeric character"
)

_STANDARD_RESOURCES: Final = frozenset(
    {
        "cpu", "memory", "ephemeral-storage",
        "requests.cpu", "requests.memory", "requests.ephemeral-storage",
        "limits.cpu", "limits.memory", "limits.ephemeral-storage",
        "pods", "resourcequotas", "services", "replicationcontrollers", "secrets", "configmaps",
        "persistentvolumeclaims", "storage", "requests.storage", "services.nodeports", "services.loadbalancers",
    }
)  # fmt: skip
_INTEGER_RESOURCES: Final = frozenset(
    {
        "pods", "resourcequotas", "services", "replicationcontrollers", "secrets", "configmaps",
        "persistentvolumeclaims", "services.nodeports", "services.loadbalancers",
    }
)  # fmt: skip
_STANDARD_CONTAINER_RESOURCES: Final = frozenset({"cpu", "memory", "ephemeral-storage"})
SUPPORTED_POD_LEVEL: Final = ("cpu", "hugepages-", "memory")  # sorted, as upstream prints them


def _regex_error(msg: str, fmt: str, *examples: str) -> str:
    """validation.RegexError, spacing included."""
    if not examples:
        return f"{msg} (regex used for validation is '{fmt}')"
    listed = " or ".join(f"'{e}', " for e in examples)
    return f"{msg} (e.g. {listed}regex used for validation is '{fmt}')"


def _dns1123_subdomain_errors(value: str) -> list[str]:
    errs: list[str] = []
    if len(value) > 253:
        errs.append("must be no more than 253 characters")
    if not _DNS1123_SUBDOMAIN.fullmatch(value):
        errs.append(_regex_error(_DNS1123_SUBDOMAIN_MSG, _DNS1123_SUBDOMAIN_FMT, "example.com"))
    return errs


@lru_cache(maxsize=1024)
def _qualified_name_errors(value: str) -> tuple[str, ...]:
    return tuple(_qualified_name_errors_uncached(value))


def qualified_name_errors(value: str) -> list[str]:
    """validation.IsQualifiedName (resource names repeat: cached)."""
    return list(_qualified_name_errors(value))


def _qualified_name_errors_uncached(value: str) -> list[str]:
    errs: list[str] = []
    parts = value.split("/")
    if len(parts) == 1:
        name = parts[0]
    elif len(parts) == 2:
        prefix, name = parts
        if not prefix:
            errs.append("prefix part must be non-empty")
        else:
            errs.extend("prefix part " + m for m in _dns1123_subdomain_errors(prefix))
    else:
        return [
            "a qualified name "
            + _regex_error(_QUALIFIED_NAME_MSG, _QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc")
            + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"
        ]
    if not name:
        errs.append("name part must be non-empty")
    elif len(name) > 63:
        errs.append("name part must be no more than 63 characters")
    if not _QUALIFIED_NAME.fullmatch(name):
        errs.append("name part " + _regex_error(_QUALIFIED_NAME_MSG, _QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc"))
    return errs


def is_extended_resource_name(name: str) -> bool:
    """helper.IsExtendedResourceName (the quota form must be a qualified name)."""
    if names.is_native(name) or name.startswith("requests."):
        return False
    return not qualified_name_errors("requests." + name)


def is_standard_resource_name(name: str) -> bool:
    return name in _STANDARD_RESOURCES or name.startswith(("hugepages-", "requests.hugepages-"))


@lru_cache(maxsize=1024)
def is_integer_resource_name(name: str) -> bool:
    return name in _INTEGER_RESOURCES or is_extended_resource_name(name)


# -- the checks ------------------------------------------------------------------

NameCheck = Callable[[str, FieldPath, "_Ctx"], "list[FieldError]"]


@dataclass(frozen=True, slots=True)
class _Ctx:
    scope: str
    container: str | None


def _err(path: FieldPath, type_: str, detail: str, bad: str | None, check: str, ctx: _Ctx, resource: str | None) -> FieldError:
    return FieldError(path.text, type_, detail, bad, path.pointer, check, ctx.scope, resource, ctx.container)


def _resource_name_errors(name: str, path: FieldPath, ctx: _Ctx) -> list[FieldError]:
    """validateResourceName."""
    errs = [_err(path, INVALID, m, name, CHECK_RESOURCE_NAME, ctx, name) for m in qualified_name_errors(name)]
    if errs:
        return errs
    if "/" not in name and not is_standard_resource_name(name):
        return [_err(path, INVALID, "must be a standard resource type or fully qualified", name, CHECK_RESOURCE_NAME, ctx, name)]
    return []


def container_resource_name_errors(name: str, path: FieldPath, ctx: _Ctx) -> list[FieldError]:
    """validateContainerResourceName."""
    errs = _resource_name_errors(name, path, ctx)
    if len(name.split("/")) == 1:
        if not (name in _STANDARD_CONTAINER_RESOURCES or names.is_hugepages(name)):
            errs.append(_err(path, INVALID, "must be a standard resource for containers", name, CHECK_RESOURCE_NAME, ctx, name))
    elif not names.is_native(name) and not is_extended_resource_name(name):
        errs.append(_err(path, INVALID, "doesn't follow extended resource name standard", name, CHECK_RESOURCE_NAME, ctx, name))
    return errs


def pod_resource_name_errors(name: str, path: FieldPath, ctx: _Ctx) -> list[FieldError]:
    """validatePodResourceName: cpu, memory and hugepages-* only (KEP-2837)."""
    errs = _resource_name_errors(name, path, ctx)
    if errs:
        return errs
    if not names.is_supported_pod_level(name):
        detail = "supported values: " + ", ".join(f'"{v}"' for v in SUPPORTED_POD_LEVEL)
        return [_err(path, NOT_SUPPORTED, detail, name, CHECK_POD_RESOURCE_NAME, ctx, name)]
    return []


_NO_PATH = FieldPath("", ())
_NO_CTX = _Ctx(SCOPE_CONTAINER, None)


@lru_cache(maxsize=4096)
def _name_ok(check: NameCheck, name: str) -> bool:
    """Whether ``check`` accepts ``name`` (names repeat across pods: cached)."""
    return not check(name, _NO_PATH, _NO_CTX)


def _quantity_value_errors(name: str, q: Quantity, path: FieldPath, ctx: _Ctx) -> list[FieldError]:
    """ValidateResourceQuantityValue: not negative; whole units for integer resources."""
    errs: list[FieldError] = []
    if q.nanos < 0:
        errs.append(_err(path, INVALID, "must be greater than or equal to 0", str(q), CHECK_NEGATIVE, ctx, name))
    if is_integer_resource_name(name) and q.milli_value() % 1000:
        # upstream's bad value is the Quantity itself, not a string
        errs.append(_err(path, INVALID, "must be an integer", None, CHECK_INTEGER, ctx, name))
    return errs


def hugepage_value_divisible(name: str, q: Quantity) -> bool:
    """helper.IsHugePageResourceValueDivisible."""
    try:
        size = parse_quantity(name[len(names.HUGEPAGES_PREFIX) :])
    except QuantityError:
        return False
    if size.nanos <= 0 or size.milli_value() % 1000:
        return False
    return abs(q.value()) % size.value() == 0


def _hugepage_errors(name: str, q: Quantity, path: FieldPath, ctx: _Ctx) -> list[FieldError]:
    if hugepage_value_divisible(name, q):
        return []
    detail = f"{q} is not positive integer multiple of {name}"
    return [_err(path, INVALID, detail, str(q), CHECK_HUGEPAGES_PAGE_MULTIPLE, ctx, name)]


def validate_resource_requirements(
    req: ResourceRequirements,
    path: FieldPath,
    name_check: NameCheck,
    pod_claim_names: frozenset[str],
    ctx: _Ctx,
) -> list[FieldError]:
    """validateResourceRequirements (maps are walked in sorted order)."""
    errs: list[FieldError] = []
    lim_path, req_path = path.child("limits"), path.child("requests")
    lim_cpu_mem = req_cpu_mem = lim_huge = req_huge = False
    for name, q in sorted(req.lim.items()):
        p = lim_path.key(name)
        if not _name_ok(name_check, name):
            errs += name_check(name, p, ctx)
        errs += _quantity_value_errors(name, q, p, ctx)
        if names.is_hugepages(name):
            lim_huge = True
            errs += _hugepage_errors(name, q, p, ctx)
        lim_cpu_mem = lim_cpu_mem or name in names.COMPUTE
    for name, q in sorted(req.req.items()):
        p = req_path.key(name)
        if not _name_ok(name_check, name):
            errs += name_check(name, p, ctx)
        errs += _quantity_value_errors(name, q, p, ctx)
        limit = req.lim.get(name)
        # the error points at the request itself, though upstream names the map
        at = FieldPath(req_path.text, p.pointer)
        if limit is not None:
            if q.cmp(limit) != 0 and not names.is_overcommit_allowed(name):
                detail = f"must be equal to {name} limit of {limit}"
                errs.append(_err(at, INVALID, detail, str(q), CHECK_REQUEST_EQ_LIMIT, ctx, name))
            elif q > limit:
                detail = f"must be less than or equal to {name} limit of {limit}"
                errs.append(_err(at, INVALID, detail, str(q), CHECK_REQUEST_LE_LIMIT, ctx, name))
        elif not names.is_overcommit_allowed(name):
            missing = FieldPath(lim_path.text, p.pointer)
            detail = "Limit must be set for non overcommitable resources"
            errs.append(_err(missing, REQUIRED, detail, None, CHECK_LIMIT_REQUIRED, ctx, name))
        if names.is_hugepages(name):
            req_huge = True
            errs += _hugepage_errors(name, q, p, ctx)
        req_cpu_mem = req_cpu_mem or name in names.COMPUTE
    if not lim_cpu_mem and not req_cpu_mem and (req_huge or lim_huge):
        errs.append(_err(path, FORBIDDEN, "HugePages require cpu or memory", None, CHECK_HUGEPAGES_NEED_CPU_OR_MEMORY, ctx, None))
    errs += _claim_errors(req.claims, path.child("claims"), pod_claim_names, ctx)
    return errs


def _claim_errors(claims: tuple[str, ...], path: FieldPath, pod_claims: frozenset[str], ctx: _Ctx) -> list[FieldError]:
    """validateResourceClaimNames."""
    errs: list[FieldError] = []
    seen: set[str] = set()
    for i, name in enumerate(claims):
        p = path.index(i)
        if not name:
            errs.append(_err(p, REQUIRED, "", None, CHECK_CLAIMS, ctx, None))
            continue
        if name in seen:
            errs.append(_err(p, DUPLICATE, "", name, CHECK_CLAIMS, ctx, None))
        seen.add(name)
        if name not in pod_claims:
            detail = "must be one of the names in pod.spec.resourceClaims"
            detail += " which is empty" if not pod_claims else ": " + ", ".join(sorted(pod_claims))
            errs.append(_err(p, NOT_FOUND, detail, name, CHECK_CLAIMS, ctx, None))
    return errs


def validate_pod_resources(pod: Pod, spec: FieldPath, pod_claims: frozenset[str]) -> list[FieldError]:
    """validatePodResources (KEP-2837) on the stored pod."""
    r = pod.resources
    if r is None:
        return []
    ctx = _Ctx(SCOPE_POD, None)
    path = spec.child("resources")
    if pod.os_name == "windows":
        return [_err(path, FORBIDDEN, "may not be set for a windows pod", None, CHECK_POD_WINDOWS, ctx, None)]
    errs: list[FieldError] = []
    if r.claims:
        claims = path.child("claims")
        errs.append(_err(claims, FORBIDDEN, "claims may not be set for Resources at pod-level", None, CHECK_POD_CLAIMS, ctx, None))
    errs += validate_resource_requirements(r, path, pod_resource_name_errors, pod_claims, ctx)
    errs += validate_pod_resource_consistency(pod, path)
    return errs


def validate_pod_resource_consistency(pod: Pod, path: FieldPath) -> list[FieldError]:
    """Pod-level requests >= aggregate container requests; pod hugepage limits
    >= aggregate container hugepage limits; each regular container's limit <=
    the pod limit (init containers and sidecars are not compared)."""
    assert pod.resources is not None
    ctx = _Ctx(SCOPE_POD, None)
    pod_req, pod_lim = pod.resources.req, pod.resources.lim
    errs: list[FieldError] = []
    for name, total in sorted(rh.aggregate_container_requests(pod).items()):
        own = pod_req.get(name)
        if own is not None and total > own:
            p = path.child("requests").key(name)
            detail = f"must be greater than or equal to aggregate container requests of {total}"
            errs.append(_err(p, INVALID, detail, str(own), CHECK_POD_AGGREGATE_REQUESTS, ctx, name))
    for name, total in sorted(rh.aggregate_container_limits(pod).items()):
        own = pod_lim.get(name)
        if names.is_hugepages(name) and own is not None and total > own:
            p = path.child("limits").key(name)
            detail = f"must be greater than or equal to aggregate container limits of {total}"
            errs.append(_err(p, INVALID, detail, str(own), CHECK_POD_AGGREGATE_HUGEPAGE_LIMITS, ctx, name))
    for c in pod.containers:
        for name, limit in sorted(c.resources.lim.items()):
            own = pod_lim.get(name)
            if own is not None and limit > own:
                text = f"{path.text}.containers[{c.index}][{name}].limits"
                p = FieldPath(text, (*c.pointer, "resources", "limits", name))
                detail = f"must be less than or equal to pod limits of {own}"
                errs.append(
                    FieldError(p.text, INVALID, detail, str(limit), p.pointer, CHECK_POD_CONTAINER_LIMIT, SCOPE_POD, name, c.name)
                )
    return errs


def _ephemeral_errors(pod: Pod, spec: FieldPath, template: bool) -> list[FieldError]:
    ctx = _Ctx(SCOPE_CONTAINER, None)
    if not pod.ephemeral_container_count:
        return []
    path = spec.child("ephemeralContainers")
    detail = "ephemeral containers not allowed in pod template" if template else "cannot be set on create"
    errs = [_err(path, FORBIDDEN, detail, None, CHECK_EPHEMERAL_CREATE, ctx, None)]
    for i in pod.ephemeral_with_resources:
        p = path.index(i).child("resources")
        errs.append(_err(p, FORBIDDEN, "cannot be set for an Ephemeral Container", None, CHECK_EPHEMERAL_RESOURCES, ctx, None))
    return errs


def validate_stored_pod(pod: Pod, *, field_prefix: Pointer = (), template: bool = False) -> list[FieldError]:
    """Every resource error of a stored pod (see ``stored_pod``).

    ``field_prefix`` is the path from the object to the pod template
    (``("spec", "template")`` for a Deployment), as upstream prefixes it."""
    base = FieldPath(format_field_path(field_prefix), pod.pointer)
    spec = base.child("spec")
    claims = frozenset(pod.resource_claim_names or ())
    errs: list[FieldError] = []
    for key, containers in (("containers", pod.containers), ("initContainers", pod.init_containers)):
        for c in containers:
            path = spec.child(key).index(c.index).child("resources")
            path = FieldPath(path.text, (*c.pointer, "resources"))
            errs += validate_resource_requirements(c.resources, path, container_resource_name_errors, claims, _Ctx(SCOPE_CONTAINER, c.name))
    errs += _ephemeral_errors(pod, spec, template)
    errs += validate_pod_resources(pod, spec, claims)
    if pod.overhead is not None:
        overhead = spec.child("overhead")
        # validateOverhead reuses the container check with the overhead as limits
        limits_only = ResourceRequirements(limits=pod.overhead)
        found = validate_resource_requirements(limits_only, overhead, container_resource_name_errors, frozenset(), _Ctx(SCOPE_OVERHEAD, None))
        errs += [replace(e, pointer=(*pod.pointer, "spec", "overhead", *e.pointer[len(overhead.pointer) + 1 :])) for e in found]
    return errs


def validate_pod_create(pod: Pod, gates: FeatureGates, *, object_pointer: Pointer = ()) -> list[FieldError]:
    """The resource errors the API server returns when ``pod`` (as written)
    is created. ``object_pointer`` is where the object starts in its
    document; a pod nested deeper is a template."""
    prefix = pod.pointer[len(object_pointer) :]
    return validate_stored_pod(stored_pod(pod, gates), field_prefix=prefix, template=bool(prefix))
