"""What the API server rejects in a pod's resources, on create: the pod-wide checks.

Mirrors the pod parts of pkg/apis/core/validation/validation.go
(kubernetes/kubernetes @119f0c8b3770, read at @000f26050b9b and checked
against the conformance vectors computed from mid-2026 code):
ValidateContainerResourceRequirements for every container,
validatePodResources, validatePodResourceConsistency, validateOverhead,
validateEphemeralContainers (each ephemeral container's resources are
validated like any container's by validateContainerCommon, then its
``resources`` refused by the field allow-list) and ValidatePodCreate's /
ValidatePodTemplateSpec's refusal of ephemeral containers, which comes
last, after the whole spec (order read at @000f26050b9b).

Validation runs on the pod as the API server stores it: disabled fields
dropped, defaults applied and every quantity rounded up to milli precision
(SetDefaults_ResourceList), see ``stored.stored_pod``.

Two places where this mirror is deliberately narrower or different:
- the newer upstream pod-level checks (Windows, the `exists` check before
  comparing aggregate requests, hugepage aggregate limits) are taken from
  the vectors, which were computed with code newer than the copy read;
- upstream writes the paths of validatePodResourceConsistency from the
  pod spec down; for templates this module prefixes them with the template
  path like every other error, so that findings point at the right object.
"""

from __future__ import annotations

from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube import names
from pod_resources_cli.kube import resource as rh
from pod_resources_cli.kube.validation.field_errors import (
    CHECK_EPHEMERAL_CREATE,
    CHECK_EPHEMERAL_RESOURCES,
    CHECK_POD_AGGREGATE_HUGEPAGE_LIMITS,
    CHECK_POD_AGGREGATE_REQUESTS,
    CHECK_POD_CLAIMS,
    CHECK_POD_CONTAINER_LIMIT,
    CHECK_POD_WINDOWS,
    FORBIDDEN,
    INVALID,
    SCOPE_CONTAINER,
    SCOPE_OVERHEAD,
    SCOPE_POD,
    FieldError,
    FieldPath,
    _Ctx,
    _err,
)
from pod_resources_cli.kube.validation.requirements import validate_resource_requirements
from pod_resources_cli.kube.validation.resource_names import container_resource_name_errors, pod_resource_name_errors
from pod_resources_cli.location import Pointer, format_field_path
from pod_resources_cli.model.pod import Pod, ResourceRequirements
from pod_resources_cli.records import replace


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


def _ephemeral_errors(pod: Pod, spec: FieldPath, claims: frozenset[str]) -> list[FieldError]:
    """validateEphemeralContainers' resource parts, per container: its
    resources validated as any container's (validateContainerCommon), then
    the allow-list's refusal of ``resources`` itself."""
    path = spec.child("ephemeralContainers")
    forbidden = frozenset(pod.ephemeral_with_resources)
    errs: list[FieldError] = []
    for c in pod.ephemeral_containers:
        p = path.index(c.index).child("resources")
        p = FieldPath(p.text, (*c.pointer, "resources"))
        ctx = _Ctx(SCOPE_CONTAINER, c.name)
        errs += validate_resource_requirements(c.resources, p, container_resource_name_errors, claims, ctx)
        if c.index in forbidden:
            errs.append(_err(p, FORBIDDEN, "cannot be set for an Ephemeral Container", None, CHECK_EPHEMERAL_RESOURCES, ctx, None))
    return errs


def _ephemeral_refused(pod: Pod, spec: FieldPath, template: bool) -> list[FieldError]:
    """ValidatePodCreate (or ValidatePodTemplateSpec) refuses any ephemeral
    container, after the whole spec was validated."""
    if not pod.ephemeral_container_count:
        return []
    detail = "ephemeral containers not allowed in pod template" if template else "cannot be set on create"
    return [_err(spec.child("ephemeralContainers"), FORBIDDEN, detail, None, CHECK_EPHEMERAL_CREATE, _Ctx(SCOPE_CONTAINER, None), None)]


def validate_stored_pod(pod: Pod, *, field_prefix: Pointer = (), template: bool = False) -> list[FieldError]:
    """Every resource error of a stored pod (see ``stored_pod``).

    ``field_prefix`` is the path from the object to the pod template
    (``("spec", "template")`` for a Deployment), as upstream prefixes it."""
    base = FieldPath(format_field_path(field_prefix), pod.pointer)
    spec = FieldPath(base.child("spec").text, pod.spec_pointer())  # a PodSpec a custom kind inlines sits elsewhere
    claims = frozenset(pod.resource_claim_names or ())
    errs: list[FieldError] = []
    for key, containers in (("containers", pod.containers), ("initContainers", pod.init_containers)):
        for c in containers:
            path = spec.child(key).index(c.index).child("resources")
            path = FieldPath(path.text, (*c.pointer, "resources"))
            errs += validate_resource_requirements(c.resources, path, container_resource_name_errors, claims, _Ctx(SCOPE_CONTAINER, c.name))
    errs += _ephemeral_errors(pod, spec, claims)
    errs += validate_pod_resources(pod, spec, claims)
    if pod.overhead is not None:
        overhead = spec.child("overhead")
        # validateOverhead reuses the container check with the overhead as limits
        limits_only = ResourceRequirements(limits=pod.overhead)
        found = validate_resource_requirements(limits_only, overhead, container_resource_name_errors, frozenset(), _Ctx(SCOPE_OVERHEAD, None))
        errs += [replace(e, pointer=(*pod.spec_pointer("overhead"), *e.pointer[len(overhead.pointer) + 1 :])) for e in found]
    errs += _ephemeral_refused(pod, spec, template)
    return errs


def validate_pod_create(pod: Pod, gates: FeatureGates, *, object_pointer: Pointer = ()) -> list[FieldError]:
    """The resource errors the API server returns when ``pod`` (as written)
    is created. ``object_pointer`` is where the object starts in its
    document; a pod nested deeper is a template."""
    from pod_resources_cli.kube.stored_pod import store_pod  # the one path to the stored pod (it imports validation)

    prefix = pod.pointer[len(object_pointer) :]
    return validate_stored_pod(store_pod(pod, gates).pod, field_prefix=prefix, template=bool(prefix))
