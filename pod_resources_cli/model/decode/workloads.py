"""Kind dispatch: every workload kind that carries a pod template.

Other kinds (Service, ConfigMap, CRDs...) are skipped silently; LimitRange
and ResourceQuota are returned as namespace policies for the linter.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.pod import decode_pod
from pod_resources_cli.model.decode.problems import DecodeProblem, Problems, as_int, as_mapping, type_name
from pod_resources_cli.model.workload import Workload, WorkloadRef

# kind -> path from the object to its pod template, and the replicas field.
TEMPLATE_PATHS: Final[dict[str, tuple[tuple[str, ...], str | None]]] = {
    "Deployment": (("spec", "template"), "replicas"),
    "StatefulSet": (("spec", "template"), "replicas"),
    "ReplicaSet": (("spec", "template"), "replicas"),
    "ReplicationController": (("spec", "template"), "replicas"),
    "DaemonSet": (("spec", "template"), None),
    "Job": (("spec", "template"), "parallelism"),
    "CronJob": (("spec", "jobTemplate", "spec", "template"), None),
    "PodTemplate": (("template",), None),
}
WORKLOAD_KINDS: Final = frozenset({"Pod", *TEMPLATE_PATHS})
# The API groups that serve each kind (older beta versions included): a
# ``kind: Job`` of another group (batch.volcano.sh, ...) is not a Job.
API_GROUPS: Final[dict[str, frozenset[str]]] = {
    "Pod": frozenset({""}),
    "PodTemplate": frozenset({""}),
    "ReplicationController": frozenset({""}),
    "Deployment": frozenset({"apps", "extensions"}),
    "StatefulSet": frozenset({"apps"}),
    "DaemonSet": frozenset({"apps", "extensions"}),
    "ReplicaSet": frozenset({"apps", "extensions"}),
    "Job": frozenset({"batch"}),
    "CronJob": frozenset({"batch"}),
}


def is_workload(obj: dict[str, Any]) -> bool:
    """A Kubernetes workload kind of its own API group. A missing apiVersion
    is accepted (hand-written snippets); a kustomize ``$patch`` is not."""
    kind = obj.get("kind")
    if not isinstance(kind, str) or kind not in WORKLOAD_KINDS or "$patch" in obj:
        return False
    api_version = obj.get("apiVersion")
    if api_version is None:
        return True
    if not isinstance(api_version, str):
        return False
    group = api_version.rpartition("/")[0]
    return group in API_GROUPS[kind]
_LIST_KINDS: Final = frozenset({"List"})


@dataclass(frozen=True, slots=True)
class Decoded:
    """One workload found in a document, with the problems met decoding it."""

    workload: Workload | None
    problems: tuple[DecodeProblem, ...]
    kind: str
    name: str
    namespace: str | None
    pointer: Pointer


def iter_objects(data: Any, pointer: Pointer = ()) -> Iterator[tuple[dict[str, Any], Pointer]]:
    """The objects of a document, ``kind: List`` (and *List kinds) unrolled."""
    if not isinstance(data, dict):
        return
    kind = data.get("kind")
    if isinstance(kind, str) and (kind in _LIST_KINDS or kind.endswith("List")) and isinstance(data.get("items"), list):
        for i, item in enumerate(data["items"]):
            yield from iter_objects(item, (*pointer, "items", i))
        return
    yield data, pointer


def decode_workloads(data: Any, default_namespace: str | None = None) -> Iterator[Decoded]:
    """Every workload of one document. A document that is not a mapping
    yields one Decoded with a problem."""
    if not isinstance(data, dict):
        yield Decoded(None, (DecodeProblem((), f"a Kubernetes object must be a mapping, not {type_name(data)}"),), "", "", None, ())
        return
    for obj, pointer in iter_objects(data):
        if is_workload(obj):
            yield _decode_object(obj, obj["kind"], pointer, default_namespace)


def _decode_object(obj: dict[str, Any], kind: str, pointer: Pointer, default_namespace: str | None) -> Decoded:
    problems = Problems()
    metadata = as_mapping(obj.get("metadata"), (*pointer, "metadata"), problems) or {}
    name = metadata.get("name") or metadata.get("generateName") or "<unnamed>"
    name = str(name)
    ns_value = metadata.get("namespace")
    namespace = str(ns_value) if isinstance(ns_value, str) and ns_value else default_namespace
    replicas: int | None = None
    template: dict[str, Any] | None
    if kind == "Pod":
        template, template_ptr = obj, pointer
    else:
        path, replicas_field = TEMPLATE_PATHS[kind]
        template, template_ptr = _walk(obj, path, pointer, problems)
        if replicas_field is not None:
            raw_spec = obj.get("spec")
            spec: dict[str, Any] = raw_spec if isinstance(raw_spec, dict) else {}
            replicas = _pod_count(spec.get(replicas_field), (*pointer, "spec", replicas_field), problems)
            if replicas is None:
                replicas = 1
    if template is None:
        return Decoded(None, tuple(problems.items), kind, name, namespace, pointer)
    pod = decode_pod(template, template_ptr, problems, name=name, namespace=namespace)
    annotations = dict(pod.annotations)
    for key, value in (metadata.get("annotations") or {}).items() if isinstance(metadata.get("annotations"), dict) else ():
        annotations.setdefault(str(key), str(value))
    ref = WorkloadRef(kind=kind, name=name, namespace=namespace, replicas=replicas, api_version=_str(obj.get("apiVersion")))
    workload = Workload(ref=ref, pod=pod, pointer=pointer, annotations=tuple(sorted(annotations.items())))
    return Decoded(workload, tuple(problems.items), kind, name, namespace, pointer)


_INT32_MAX = 2**31 - 1


def _pod_count(value: Any, pointer: Pointer, problems: Problems) -> int | None:
    """replicas / parallelism: an int32 the API server can read, and not
    negative (apps/batch validation: "must be greater than or equal to 0")."""
    count = as_int(value, pointer, problems)
    if count is None:
        return None
    if count < 0:
        problems.add(pointer, f"must be greater than or equal to 0, not {count}")
        return None
    if count > _INT32_MAX:
        problems.add(pointer, f"{count} does not fit the API's int32 (at most {_INT32_MAX})")
        return None
    return count


def _walk(obj: dict[str, Any], path: tuple[str, ...], pointer: Pointer, problems: Problems) -> tuple[dict[str, Any] | None, Pointer]:
    current: Any = obj
    current_ptr = pointer
    for part in path:
        current_ptr = (*current_ptr, part)
        nxt = current.get(part) if isinstance(current, dict) else None
        if nxt is None:
            problems.add(current_ptr, "missing: the workload has no pod template")
            return None, current_ptr
        if not isinstance(nxt, dict):
            problems.add(current_ptr, f"must be an object, not {type_name(nxt)}")
            return None, current_ptr
        current = nxt
    return current, current_ptr


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None
