"""A Pod's ``status``, as ``kubectl get pod -o yaml|json`` prints it -> model.PodStatus.

The fields read are those the kubelet writes about resources
(pkg/kubelet/kubelet_pods.go at k/k 001a80e975bb: convertStatusToAPIStatus,
convertToAPIContainerStatuses, convertToAPIPodLevelResourcesStatus):
``qosClass`` (GetPodQOS: set once at creation, immutable), ``phase``,
``containerStatuses[]``/``initContainerStatuses[]`` with ``resources`` (the
allocated values with cpu and memory replaced by what the runtime reports,
for a running container) and ``allocatedResources`` (the allocated
requests), the pod-level ``resources``/``allocatedResources``
(InPlacePodLevelResourcesVerticalScaling, KEP-2837: read from the pod
cgroup, overhead included), and the resize state: the PodResizePending /
PodResizeInProgress conditions (KEP-1287, 1.33+; staging/src/k8s.io/api/
core/v1/types.go) or the older ``status.resize`` (1.27-1.32). A status is
written by the cluster: fields not read here are never problems.
"""

from __future__ import annotations

from typing import Any

from pod_resources_cli.location import Pointer, format_field_path
from pod_resources_cli.model.decode.problems import (
    Problems,
    as_list,
    as_mapping,
    as_quantity,
    decode_requirements,
    resource_list,
)
from pod_resources_cli.model.pod import (
    ClaimOverhead,
    ContainerStatus,
    NodeAllocatableClaimStatus,
    PodStatus,
    ResizeCondition,
)
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import replace


def _statuses(value: Any, pointer: Pointer, problems: Problems) -> tuple[ContainerStatus, ...]:
    out: list[ContainerStatus] = []
    for i, raw in enumerate(as_list(value, pointer, problems)):
        item = as_mapping(raw, (*pointer, i), problems)
        if item is None:
            continue
        state = item.get("state")
        running = next((k for k in ("running", "waiting", "terminated") if isinstance(state, dict) and k in state), None)
        out.append(
            ContainerStatus(
                name=str(item.get("name", "")),
                state=running,
                resources=decode_requirements(item.get("resources"), (*pointer, i, "resources"), problems),
                allocated_resources=resource_list(
                    item.get("allocatedResources"), (*pointer, i, "allocatedResources"), problems
                ),
            )
        )
    return tuple(out)


def _claim_statuses(value: Any, pointer: Pointer, problems: Problems) -> tuple[NodeAllocatableClaimStatus, ...]:
    out: list[NodeAllocatableClaimStatus] = []
    for i, raw in enumerate(as_list(value, pointer, problems)):
        item = as_mapping(raw, (*pointer, i), problems) or {}
        mapping: list[tuple[str, Quantity]] = []
        for j, m in enumerate(as_list(item.get("mapping"), (*pointer, i, "mapping"), problems)):
            m = as_mapping(m, (*pointer, i, "mapping", j), problems) or {}
            if m.get("quantity") is not None:
                q = as_quantity(m["quantity"], (*pointer, i, "mapping", j, "quantity"), problems)
                if q is not None:
                    mapping.append((str(m.get("name", "")), q))
        overheads: list[ClaimOverhead] = []
        for j, o in enumerate(as_list(item.get("overhead"), (*pointer, i, "overhead"), problems)):
            o = as_mapping(o, (*pointer, i, "overhead", j), problems) or {}
            per_pod = o.get("perPod")
            per_ctr = o.get("perContainer")
            overheads.append(
                ClaimOverhead(
                    name=str(o.get("name", "")),
                    per_pod=as_quantity(per_pod, (*pointer, i, "overhead", j, "perPod"), problems) if per_pod is not None else None,
                    per_container=as_quantity(per_ctr, (*pointer, i, "overhead", j, "perContainer"), problems)
                    if per_ctr is not None
                    else None,
                )
            )
        containers = tuple(str(c) for c in as_list(item.get("containers"), (*pointer, i, "containers"), problems))
        out.append(NodeAllocatableClaimStatus(containers, tuple(mapping), tuple(overheads)))
    return tuple(out)


_RESIZE_CONDITIONS = ("PodResizePending", "PodResizeInProgress")


def _resize(conditions: list[Any], old: Any) -> tuple[ResizeCondition, ...]:
    """The resize conditions that hold (status True), pending first, then the
    1.27-1.32 ``status.resize`` field. Only the fields read here are checked:
    the rest of a status is the cluster's to write."""
    found: dict[str, ResizeCondition] = {}
    for condition in conditions:
        if not isinstance(condition, dict) or condition.get("type") not in _RESIZE_CONDITIONS:
            continue
        if str(condition.get("status", "True")) != "True":
            continue
        kind = str(condition["type"])
        found.setdefault(kind, ResizeCondition(kind, str(condition.get("reason") or ""), str(condition.get("message") or "")))
    out = [found[k] for k in _RESIZE_CONDITIONS if k in found]
    if isinstance(old, str) and old:
        out.append(ResizeCondition("status.resize", old))
    return tuple(out)


def decode_status(value: Any, pointer: Pointer, problems: Problems) -> PodStatus:
    """A status that is not an object is a problem of the object; a field of
    it that cannot be read is left out and said in ``PodStatus.problems``:
    the spec can still be explained."""
    status = as_mapping(value, pointer, problems)
    if not status:
        return PodStatus(present=status is not None)
    own = Problems()
    conditions = as_list(status.get("conditions"), (*pointer, "conditions"), own)
    # IsPodResizeInfeasible (component-helpers resource/helpers.go) reads the
    # first PodResizePending condition's reason, whatever its status.
    pending = next((c for c in conditions if isinstance(c, dict) and c.get("type") == "PodResizePending"), None)
    qos = status.get("qosClass")
    phase = status.get("phase")
    decoded = PodStatus(
        container_statuses=_statuses(status.get("containerStatuses"), (*pointer, "containerStatuses"), own),
        init_container_statuses=_statuses(status.get("initContainerStatuses"), (*pointer, "initContainerStatuses"), own),
        resources=decode_requirements(status.get("resources"), (*pointer, "resources"), own),
        allocated_resources=resource_list(status.get("allocatedResources"), (*pointer, "allocatedResources"), own),
        resize_pending_reason=str(pending.get("reason", "")) if pending is not None else None,
        claim_statuses=_claim_statuses(
            status.get("nodeAllocatableResourceClaimStatuses"), (*pointer, "nodeAllocatableResourceClaimStatuses"), own
        ),
        qos_class=qos if isinstance(qos, str) else None,
        present=True,
        phase=phase if isinstance(phase, str) else None,
        resize=_resize(conditions, status.get("resize")),
    )
    if not own:
        return decoded
    start = len(pointer) - 1  # from "status"
    said = tuple(f"{format_field_path(p.pointer[start:])}: {p.message} (left out)" for p in own.items)
    return replace(decoded, problems=said)
