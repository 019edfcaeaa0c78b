"""A pod (or pod template) object -> model.Pod."""

from __future__ import annotations

from typing import Any

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.fields import unknown_fields
from pod_resources_cli.model.decode.problems import (
    Problems,
    as_int,
    as_list,
    as_mapping,
    as_str,
    decode_requirements,
    resource_list,
)
from pod_resources_cli.model.decode.pod_status import decode_status
from pod_resources_cli.model.pod import Container, ContainerType, Pod, ResourceRequirements


def _containers(spec: dict[str, Any], key: str, base: Pointer, problems: Problems) -> tuple[Container, ...]:
    located = [(raw, (*base, key, i)) for i, raw in enumerate(as_list(spec.get(key), (*base, key), problems))]
    return decode_containers(located, init=key == "initContainers", problems=problems)


def decode_containers(
    located: list[tuple[Any, Pointer]], *, init: bool, problems: Problems, unnamed: str | None = None
) -> tuple[Container, ...]:
    """Containers from where they are written: a pod spec's list, or
    containers a custom workload writes one by one (Argo's ``container``).
    ``unnamed``: the name the workload's controller gives a container
    written without one (Argo's ``main``)."""
    out: list[Container] = []
    for i, (raw, pointer) in enumerate(located):
        item = as_mapping(raw, pointer, problems)
        if item is None:
            if raw is None:
                problems.add(pointer, "a container must be an object, not null")
            continue
        key = pointer[-2] if len(pointer) >= 2 and isinstance(pointer[-1], int) else pointer[-1] if pointer else "container"
        name = as_str(item.get("name"), (*pointer, "name"), problems) or unnamed or f"{key}[{i}]"
        restart = as_str(item.get("restartPolicy"), (*pointer, "restartPolicy"), problems)
        if init:
            ctype = ContainerType.SIDECAR if restart == "Always" else ContainerType.INIT
        else:
            ctype = ContainerType.REGULAR
        resources = decode_requirements(item.get("resources"), (*pointer, "resources"), problems)
        out.append(
            Container(
                name=name,
                type=ctype,
                index=i,
                resources=resources or ResourceRequirements(),
                restart_policy=restart,
                pointer=pointer,
            )
        )
    return tuple(out)


def _claim_names(value: Any, pointer: Pointer, problems: Problems) -> tuple[str, ...] | None:
    """spec.resourceClaims[].name, for the container claims check of validation."""
    if value is None:
        return None
    names: list[str] = []
    for i, raw in enumerate(as_list(value, pointer, problems)):
        item = as_mapping(raw, (*pointer, i), problems) or {}
        name = item.get("name")
        names.append(name if isinstance(name, str) else "")
    return tuple(names)


def _cross_namespace_affinity(affinity: Any) -> bool:
    """usesCrossNamespacePodAffinity (pkg/quota/v1/evaluator/core/pods.go): a
    pod (anti-)affinity term, required or preferred, with ``namespaces`` or a
    ``namespaceSelector`` (even an empty one). Affinity is not otherwise
    modelled, so a malformed value just counts as no such term."""
    if not isinstance(affinity, dict):
        return False
    for kind in ("podAffinity", "podAntiAffinity"):
        terms = affinity.get(kind)
        if not isinstance(terms, dict):
            continue
        required = terms.get("requiredDuringSchedulingIgnoredDuringExecution")
        preferred = terms.get("preferredDuringSchedulingIgnoredDuringExecution")
        candidates = [t for t in required if isinstance(t, dict)] if isinstance(required, list) else []
        if isinstance(preferred, list):
            candidates += [t["podAffinityTerm"] for t in preferred if isinstance(t, dict) and isinstance(t.get("podAffinityTerm"), dict)]
        if any(t.get("namespaces") or t.get("namespaceSelector") is not None for t in candidates):
            return True
    return False


def decode_pod(
    obj: dict[str, Any],
    pointer: Pointer,
    problems: Problems,
    *,
    name: str,
    namespace: str | None,
    schema: str | None = None,
    spec_only: bool = False,
) -> Pod:
    """``obj`` holds ``metadata`` and ``spec`` (a Pod, or a template);
    ``pointer`` is where it sits in the document. ``schema`` names the API
    type of ``obj`` (``"Pod"`` or ``"PodTemplateSpec"``) to report its unknown
    fields (PR004, see fields.py); None checks nothing: the caller has
    checked the whole object already (built-in workloads, workloads.py), or
    its schema may keep unknown fields (custom resources). ``spec_only``:
    ``obj`` is a PodSpec itself (or a custom type inlining its fields)."""
    if schema is not None:
        problems.items.extend(unknown_fields(obj, schema, pointer))
    if spec_only:
        metadata: dict[str, Any] = {}
        spec_ptr: Pointer = pointer
        spec = obj
    else:
        metadata = as_mapping(obj.get("metadata"), (*pointer, "metadata"), problems) or {}
        spec_ptr = (*pointer, "spec")
        spec = as_mapping(obj.get("spec"), spec_ptr, problems) or {}
    annotations = as_mapping(metadata.get("annotations"), (*pointer, "metadata", "annotations"), problems) or {}
    ephemeral = as_list(spec.get("ephemeralContainers"), (*spec_ptr, "ephemeralContainers"), problems)
    # validateFieldAllowList compares resources with its zero value: an empty
    # but present list (``requests: {}``) is set, a null one is not.
    ephemeral_with_resources = tuple(
        i
        for i, e in enumerate(ephemeral)
        if isinstance(e, dict)
        and isinstance(e.get("resources"), dict)
        and any(e["resources"].get(k) is not None for k in ("requests", "limits", "claims"))
    )
    os_map = as_mapping(spec.get("os"), (*spec_ptr, "os"), problems) or {}
    node_selector = spec.get("nodeSelector")
    node_os = node_selector.get("kubernetes.io/os") if isinstance(node_selector, dict) else None
    overhead = resource_list(spec.get("overhead"), (*spec_ptr, "overhead"), problems)
    return Pod(
        name=name,
        namespace=namespace,
        containers=_containers(spec, "containers", spec_ptr, problems),
        init_containers=_containers(spec, "initContainers", spec_ptr, problems),
        ephemeral_container_count=len(ephemeral),
        ephemeral_with_resources=ephemeral_with_resources,
        ephemeral_containers=decode_containers(
            [(raw, (*spec_ptr, "ephemeralContainers", i)) for i, raw in enumerate(ephemeral)], init=False, problems=problems
        ),
        resources=decode_requirements(spec.get("resources"), (*spec_ptr, "resources"), problems),
        overhead=overhead,
        priority=as_int(spec.get("priority"), (*spec_ptr, "priority"), problems),
        priority_class_name=as_str(spec.get("priorityClassName"), (*spec_ptr, "priorityClassName"), problems),
        preemption_policy=as_str(spec.get("preemptionPolicy"), (*spec_ptr, "preemptionPolicy"), problems),
        os_name=as_str(os_map.get("name"), (*spec_ptr, "os", "name"), problems),
        node_os=node_os if isinstance(node_os, str) else None,
        resource_claim_names=_claim_names(spec.get("resourceClaims"), (*spec_ptr, "resourceClaims"), problems),
        active_deadline_seconds=as_int(spec.get("activeDeadlineSeconds"), (*spec_ptr, "activeDeadlineSeconds"), problems),
        cross_namespace_affinity=_cross_namespace_affinity(spec.get("affinity")),
        annotations={str(k): str(v) for k, v in annotations.items()},
        status=decode_status(None if spec_only else obj.get("status"), (*pointer, "status"), problems),
        pointer=pointer,
        spec_at=spec_ptr if spec_only else None,
    )


def decode_container_pod(
    obj: dict[str, Any],
    pointer: Pointer,
    containers: list[tuple[Any, Pointer]],
    init_containers: list[tuple[Any, Pointer]],
    pod_resources: tuple[Any, Pointer] | None,
    problems: Problems,
    *,
    name: str,
    namespace: str | None,
    resource_claims: tuple[Any, Pointer] | None = None,
    fields: tuple[dict[str, Any], Pointer] | None = None,
) -> Pod:
    """A pod a custom workload describes by its containers alone (an Argo
    Workflow template: ``container`` or ``script``, ``containerSet``,
    ``sidecars``, ``initContainers``); ``obj`` is the value that holds them,
    ``pod_resources`` its pod-level resources and ``resource_claims`` its
    pod's resourceClaims (Argo's, the template's or the workflow's), where set;
    ``fields``, where given, the value (and its place) whose ``metadata`` and
    ``priorityClassName`` the pod takes instead of ``obj``'s."""
    own, at = fields if fields is not None else (obj, pointer)
    metadata = as_mapping(own.get("metadata"), (*at, "metadata"), problems) or {}
    annotations = as_mapping(metadata.get("annotations"), (*at, "metadata", "annotations"), problems) or {}
    return Pod(
        name=name,
        namespace=namespace,
        containers=decode_containers(containers, init=False, problems=problems, unnamed="main"),
        init_containers=decode_containers(init_containers, init=True, problems=problems),
        priority_class_name=as_str(own.get("priorityClassName"), (*at, "priorityClassName"), problems),
        resources=decode_requirements(*pod_resources, problems) if pod_resources is not None else None,
        resource_claim_names=_claim_names(*resource_claims, problems) if resource_claims is not None else None,
        annotations={str(k): str(v) for k, v in annotations.items()},
        pointer=pointer,
    )
