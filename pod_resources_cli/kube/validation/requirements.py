"""validateResourceRequirements: the checks on one resources block.

Mirrors validateResourceRequirements (behind
ValidateContainerResourceRequirements, validatePodResources and
validateOverhead), ValidateResourceQuantityValue,
validateResourceQuantityHugePageValue and validateResourceClaimNames of
pkg/apis/core/validation/validation.go (kubernetes/kubernetes @119f0c8b3770),
and IsHugePageResourceValueDivisible of pkg/apis/core/helper/helpers.go.
Which names are accepted is the caller's ``name_check`` (resource_names).
"""

from __future__ import annotations

from pod_resources_cli.kube import names
from pod_resources_cli.kube.validation.field_errors import (
    CHECK_CLAIMS,
    CHECK_HUGEPAGES_NEED_CPU_OR_MEMORY,
    CHECK_HUGEPAGES_PAGE_MULTIPLE,
    CHECK_INTEGER,
    CHECK_LIMIT_REQUIRED,
    CHECK_NEGATIVE,
    CHECK_REQUEST_EQ_LIMIT,
    CHECK_REQUEST_LE_LIMIT,
    DUPLICATE,
    FORBIDDEN,
    INVALID,
    NOT_FOUND,
    REQUIRED,
    FieldError,
    FieldPath,
    _Ctx,
    _err,
)
from pod_resources_cli.kube.validation.resource_names import NameCheck, _name_ok, is_integer_resource_name
from pod_resources_cli.model.pod import ResourceRequirements
from pod_resources_cli.quantity import Quantity, QuantityError, parse_quantity


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
