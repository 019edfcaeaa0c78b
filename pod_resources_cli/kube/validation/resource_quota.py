"""What the API server rejects in a ResourceQuota.

Mirrors ValidateResourceQuotaSpec, ValidateResourceQuotaResourceName,
ValidateResourceQuantityValue, validateResourceQuotaScopes,
validateScopeSelector and validateScopedResourceSelectorRequirement of
pkg/apis/core/validation/validation.go (kubernetes/kubernetes @000f26050b9b,
with its TestValidateResourceQuota table), and the quota predicates of
pkg/apis/core/helper/helpers.go (IsStandardQuotaResourceName,
IsStandardResourceQuotaScope, IsResourceQuotaScopeValidForResource, read at
@78fc8e44052f; the VolumeAttributesClass scope, valid for
``persistentvolumeclaims`` and ``requests.storage`` only, from
kubernetes/kubernetes#124360, 1.33).

Run on the quota as stored: ``spec.hard`` rounded up to a milli-unit
(SetDefaults_ResourceList), so ``count/pods: "2.5"`` is not an integer
while ``0.0001`` becomes ``1m``, which is not one either. A quota with any
error is never created, so it counts nothing and refuses nothing. Only the
spec is checked: the API server drops ``status`` on create.

Go walks ``spec.hard`` in map order; it is walked sorted here. Upstream
reports a scope error at ``spec.scopes`` (or at
``spec.scopeSelector.matchExpressions.<field>``, without the index) with
the whole list or selector as the bad value, once per offending pair: the
same texts here, while each error points at the item it is about. A bad
value that is a Quantity struct (the integer check) is left out, as
elsewhere in this package.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.kube.validation.field_errors import (
    INVALID,
    REQUIRED,
    SCOPE_POD,
    FieldError,
    FieldPath,
    _Ctx,
    _err,
)
from pod_resources_cli.kube.validation.requirements import _quantity_value_errors
from pod_resources_cli.kube.validation.resource_names import _resource_name_errors
from pod_resources_cli.model.policy import ResourceQuota, ScopeRequirement
from pod_resources_cli.records import replace

CHECK_RESOURCE_QUOTA: Final = "resource-quota"
_CTX: Final = _Ctx(SCOPE_POD, None)

_STANDARD_QUOTA_RESOURCES: Final = frozenset(
    {
        "cpu", "memory", "ephemeral-storage",
        "requests.cpu", "requests.memory", "requests.storage", "requests.ephemeral-storage",
        "limits.cpu", "limits.memory", "limits.ephemeral-storage",
        "pods", "resourcequotas", "services", "replicationcontrollers", "secrets",
        "persistentvolumeclaims", "configmaps", "services.nodeports", "services.loadbalancers",
    }
)  # fmt: skip
_STANDARD_SCOPES: Final = frozenset(
    {"Terminating", "NotTerminating", "BestEffort", "NotBestEffort", "PriorityClass", "CrossNamespacePodAffinity", "VolumeAttributesClass"}
)
_POD_COUNT: Final = frozenset({"pods"})
_POD_COMPUTE: Final = frozenset({"cpu", "memory", "limits.cpu", "limits.memory", "requests.cpu", "requests.memory"})
_PVC: Final = frozenset({"persistentvolumeclaims", "requests.storage"})
# Scopes whose selector operator must be Exists.
_EXISTS_ONLY: Final = frozenset({"BestEffort", "NotBestEffort", "Terminating", "NotTerminating", "CrossNamespacePodAffinity"})
_CONFLICTS: Final = (("BestEffort", "NotBestEffort"), ("Terminating", "NotTerminating"))

INVALID_QUOTA_RESOURCE: Final = "must be a standard resource for quota"
EXISTS_ONLY_DETAIL: Final = (
    "must be 'Exists' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, "
    "ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity"
)


def is_standard_quota_resource_name(name: str) -> bool:
    """helper.IsStandardQuotaResourceName."""
    return name in _STANDARD_QUOTA_RESOURCES or name.startswith(("hugepages-", "requests.hugepages-"))


def scope_valid_for_resource(scope: str, resource: str) -> bool:
    """helper.IsResourceQuotaScopeValidForResource."""
    if scope in ("Terminating", "NotTerminating", "NotBestEffort", "PriorityClass", "CrossNamespacePodAffinity"):
        return resource in _POD_COUNT or resource in _POD_COMPUTE
    if scope == "BestEffort":
        return resource in _POD_COUNT
    if scope == "VolumeAttributesClass":
        return resource in _PVC
    return True


# -- Go's %#v of the non-string bad values -----------------------------------------


def _go_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _go_strings(type_name: str, values: tuple[str, ...] | None) -> str:
    if values is None:
        return f"{type_name}(nil)"
    return type_name + "{" + ", ".join(map(_go_string, values)) + "}"


def go_scopes(scopes: tuple[str, ...] | None) -> str:
    """``[]core.ResourceQuotaScope{"BestEffort"}``, or ``(nil)`` when unset."""
    return _go_strings("[]core.ResourceQuotaScope", scopes)


def go_selector(selector: tuple[ScopeRequirement, ...] | None) -> str:
    """The ``core.ScopeSelector`` struct as %#v prints it (through its pointer)."""
    if selector is None:
        return "core.ScopeSelector{MatchExpressions:[]core.ScopedResourceSelectorRequirement(nil)}"
    items = ", ".join(
        "core.ScopedResourceSelectorRequirement{"
        f"ScopeName:{_go_string(r.scope)}, Operator:{_go_string(r.operator)}, "
        f"Values:{_go_strings('[]string', r.values if r.values_set else None)}}}"
        for r in selector
    )
    return "core.ScopeSelector{MatchExpressions:[]core.ScopedResourceSelectorRequirement{" + items + "}}"


def _invalid(path: FieldPath, bad: str | None, detail: str, *, go: str | None = None, resource: str | None = None) -> FieldError:
    return replace(_err(path, INVALID, detail, bad, CHECK_RESOURCE_QUOTA, _CTX, resource), go_value=go)


# -- the checks ----------------------------------------------------------------------


def _hard_errors(rq: ResourceQuota, spec: FieldPath) -> list[FieldError]:
    """ValidateResourceQuotaResourceName and ValidateResourceQuantityValue per key."""
    errs: list[FieldError] = []
    for name, q in sorted(rq.hard.items()):
        path = spec.child("hard").key(name)
        found = _resource_name_errors(name, path, _CTX)
        if "/" not in name and not is_standard_quota_resource_name(name):
            found.append(_invalid(path, name, INVALID_QUOTA_RESOURCE, resource=name))
        found += _quantity_value_errors(name, q, path, _CTX)
        errs += [replace(e, check=CHECK_RESOURCE_QUOTA) for e in found]
    return errs


def _conflicts(scopes: set[str]) -> int:
    return sum(1 for pair in _CONFLICTS if scopes.issuperset(pair))


def _scopes_errors(rq: ResourceQuota, spec: FieldPath) -> list[FieldError]:
    """validateResourceQuotaScopes: spec.scopes against spec.hard."""
    if not rq.spec_scopes:
        return []
    path = spec.child("scopes")
    bad = go_scopes(rq.spec_scopes)
    errs: list[FieldError] = []
    for i, scope in enumerate(rq.spec_scopes):
        at = FieldPath(path.text, (*path.pointer, i))
        if scope not in _STANDARD_SCOPES:
            errs.append(_invalid(at, None, "unsupported scope", go=bad))
        for name in sorted(rq.hard):
            if is_standard_quota_resource_name(name) and not scope_valid_for_resource(scope, name):
                errs.append(_invalid(at, None, "unsupported scope applied to resource", go=bad, resource=name))
    errs += [_invalid(path, None, "conflicting scopes", go=bad)] * _conflicts(set(rq.spec_scopes))
    return errs


def _selector_errors(rq: ResourceQuota, spec: FieldPath) -> list[FieldError]:
    """validateScopeSelector / validateScopedResourceSelectorRequirement."""
    if not rq.selector_set:
        return []
    path = spec.child("scopeSelector", "matchExpressions")
    errs: list[FieldError] = []
    for req in rq.selector or ():
        item = req.pointer or path.pointer

        def at(child: str | None = None, item: tuple[str | int, ...] = item) -> FieldPath:
            return FieldPath(path.text if child is None else f"{path.text}.{child}", item if child is None else (*item, child))

        if req.scope not in _STANDARD_SCOPES:
            errs.append(_invalid(at("scopeName"), req.scope, "unsupported scope"))
        for name in sorted(rq.hard):
            if is_standard_quota_resource_name(name) and not scope_valid_for_resource(req.scope, name):
                errs.append(_invalid(at(), None, "unsupported scope applied to resource", go=go_selector(rq.selector), resource=name))
        if req.scope in _EXISTS_ONLY and req.operator != "Exists":
            errs.append(_invalid(at("operator"), req.operator, EXISTS_ONLY_DETAIL))
        if req.operator in ("In", "NotIn"):
            if not req.values:
                detail = "must be at least one value when `operator` is 'In' or 'NotIn' for scope selector"
                errs.append(_err(at("values"), REQUIRED, detail, None, CHECK_RESOURCE_QUOTA, _CTX, None))
        elif req.operator in ("Exists", "DoesNotExist"):
            if req.values:
                detail = "must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector"
                errs.append(_invalid(at("values"), None, detail, go=_go_strings("[]string", req.values)))
        else:
            errs.append(_invalid(at("operator"), req.operator, "not a valid selector operator"))
    selected = {req.scope for req in rq.selector or ()}
    errs += [_invalid(FieldPath(path.text, path.pointer), None, "conflicting scopes", go=go_scopes(rq.spec_scopes))] * _conflicts(selected)
    return errs


def validate_resource_quota(rq: ResourceQuota) -> list[FieldError]:
    """ValidateResourceQuotaSpec on a stored quota (see kube.resourcequota ``stored_quota``)."""
    spec = FieldPath("spec", (*rq.pointer, "spec"))
    return _hard_errors(rq, spec) + _scopes_errors(rq, spec) + _selector_errors(rq, spec)
