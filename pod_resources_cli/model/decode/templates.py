"""The pods inside one object: from the kind table, or found by shape.

``pod_sites`` lists where an object keeps pods, each with the label a report
shows (``workerGroupSpecs[0] gpu-workers``) and the number of pods it stands
for. A kind the table does not know is searched by shape: any mapping whose
``spec.containers`` is a list of named containers is a PodTemplateSpec, and
is reported as found by shape. The search skips ``metadata``, ``status`` and
patches (``patch``, ``patches``: a part of an object the operator makes),
stops at each template it finds, and is bounded in depth.
"""

from __future__ import annotations

from collections.abc import Iterator
from pod_resources_cli.records import dataclass
from typing import Any, Final

from pod_resources_cli.location import Pointer, format_field_path, value_at
from pod_resources_cli.model.decode.kind_types import FieldIn, TemplateRef
from pod_resources_cli.model.decode.kinds import DECLARED, Holds, Match, PodPath, WorkloadKind, expected_shape, field_value, walk
from pod_resources_cli.model.decode.problems import DecodeProblem, Problems, as_int

_INT32_MAX: Final = 2**31 - 1
_SHAPE_DEPTH: Final = 12  # CRDs nest templates a few levels down (JobSet in a TrainingRuntime: 6)
# Objects that carry other objects' text, never pods of their own (kinds that describe objects: describes.py).
_NOT_CARRIERS: Final = frozenset({"ConfigMap", "Secret"})
# A patch an operator applies to an object it generates (Envoy Gateway's EnvoyProxy
# envoyDeployment.patch, api/v1alpha1/shared_types.go KubernetesPatchSpec), or to a template of the
# object's (rbg's templatePatch, leaderTemplatePatch, workerTemplatePatch: a field named *Patch): a part of a pod, never one.
# So are overrides and overlays, merged over the pod the operator builds by container name: RabbitMQ's
# spec.override.statefulSet (rabbitmq/cluster-operator 06cda8e8e1a9 internal/resource/statefulset.go, a strategic
# merge patch), TiDB's spec.template.spec.overlay.pod (pingcap/tidb-operator 42684baa3d1c pkg/overlay).
_PATCHES: Final = frozenset({"patch", "patches", "patchesStrategicMerge", "override", "overrides", "overlay"})


def _is_patch(key: Any) -> bool:
    return key in _PATCHES or (isinstance(key, str) and key.endswith("Patch"))


@dataclass(frozen=True, slots=True)
class PodSite:
    """One pod template (or pod) inside an object."""

    pointer: Pointer  # the PodTemplateSpec, the pod-like object, or the container-holding value
    holds: Holds
    label: str | None  # None for the object's only template (a Deployment's)
    count: int | None  # pods this template stands for; None when the kind has no count
    count_problems: tuple[DecodeProblem, ...] = ()
    containers: tuple[tuple[Any, Pointer], ...] = ()  # holds="containers"
    init_containers: tuple[tuple[Any, Pointer], ...] = ()
    pod_resources: tuple[Any, Pointer] | None = None  # holds="containers": the pod-level resources that apply
    resource_claims: tuple[Any, Pointer] | None = None  # holds="containers": the pod's resourceClaims, where listed
    by_shape: bool = False
    pod_path: PodPath | None = None  # the table's entry (None: found by shape)
    element: Any = None  # the innermost [*]/{*} element the pod came through (the object when none)
    element_pointer: Pointer = ()
    value: Any = None  # what sits at ``pointer`` (an empty template where the operator builds one from nothing)
    problem: str | None = None  # a user's declared path holds something else than declared: the error, no pod


def pod_sites(obj: dict[str, Any], kind: WorkloadKind | None) -> Iterator[PodSite]:
    """Every pod site of ``obj``: the table's paths for a known kind, else by shape."""
    if kind is None:
        if obj.get("kind") not in _NOT_CARRIERS:
            yield from _by_shape(obj)
        return
    several = len(kind.pods) > 1 or any("*" in p.path for p in kind.pods)
    for pod_path in kind.pods:
        if pod_path.if_annotation is not None and not pod_path.if_annotation.holds(obj):
            continue
        conditions = (pod_path.if_field,) if isinstance(pod_path.if_field, FieldIn) else pod_path.if_field or ()
        if not all(c.holds(obj) for c in conditions):
            continue
        for match in _matches(obj, pod_path):
            if pod_path.by_shape:  # objects the operator creates as written: their templates by shape
                yield from _by_shape(match.value, match.pointer, pod_path)
                continue
            if not isinstance(match.value, dict):
                continue
            if pod_path.enabled is not None and [v for v, _ in _located(obj, match, (pod_path.enabled,))] != [True]:
                continue  # the operator makes this pod only where the field is true (a MongoDB arbiter)
            if not all(test.holds(match.element) for test in pod_path.if_element if isinstance(match.element, dict)):
                continue  # the operator makes this element's pod only where its fields say so (a Koperator listener's Envoy)
            if pod_path.made is not None and not pod_path.made(obj, match.element):
                continue  # the operator's code makes no such pod here (a MetricSet that does not validate)
            count, problems = _count(obj, pod_path, match)
            label = _label(pod_path, match) if several else None
            if kind.source == DECLARED and (wrong := _not_declared_shape(obj, pod_path, match)) is not None and not _absent_in_element(pod_path, match):
                message, at = wrong
                yield PodSite(at, pod_path.holds, label, None, problems, problem=message, value=match.value)
                continue
            if pod_path.holds == "containers":
                located = _declared_containers if kind.source == DECLARED else _located
                if pod_path.assemble is not None:  # the controller's own code builds them (Tekton's steps)
                    containers, init = pod_path.assemble(obj, match.value, match.pointer)
                else:
                    containers, init = located(obj, match, pod_path.containers), _located(obj, match, pod_path.init_containers)
                yield PodSite(
                    match.pointer, "containers", label, count, problems, containers, init,
                    _first(obj, match, pod_path.pod_resources), _first(obj, match, pod_path.resource_claims, empty_is_unset=True),
                    pod_path=pod_path, element=match.element,
                    element_pointer=match.element_pointer, value=match.value,
                )  # fmt: skip
            else:
                yield PodSite(
                    match.pointer, pod_path.holds, label, count, problems, pod_path=pod_path, element=match.element,
                    element_pointer=match.element_pointer, value=match.value,
                )  # fmt: skip


def _not_declared_shape(obj: dict[str, Any], pod_path: PodPath, match: Match) -> tuple[str, Pointer] | None:
    """Why a value a user declared as a pod holder is none, and where; None when it is one."""
    value = match.value
    if pod_path.holds in ("template", "pod"):
        spec = value.get("spec")
        ok = isinstance(spec, dict) and isinstance(spec.get("containers"), list)
    elif pod_path.holds == "podspec":
        ok = isinstance(value.get("containers"), list)
    elif pod_path.holds == "containers":
        found = _declared_containers(obj, match, pod_path.containers)
        ok = all(isinstance(v, dict) for v, _ in found)
        if not ok:  # name the field that holds something else
            where = next(p for v, p in found if not isinstance(v, dict))
            return (
                f"{format_field_path(where)} holds no container: the workload kind declared for it "
                f"(workload-kinds or --workload-kind) says it holds {expected_shape(pod_path.holds)}"
            ), where
    else:
        ok = True
    if ok:
        return None
    noun = {"template": "pod template", "pod": "pod", "podspec": "PodSpec", "containers": "containers"}.get(pod_path.holds, pod_path.holds)
    return (
        f"{format_field_path(match.pointer)} holds no {noun}: the workload kind declared for it "
        f"(workload-kinds or --workload-kind) says it holds {expected_shape(pod_path.holds)}"
    ), match.pointer


def _absent_in_element(pod_path: PodPath, match: Match) -> bool:
    """Declared ``containers:`` fields that the object (or one element of a
    ``[*]``/``{*}`` path: an Argo steps template among container templates)
    does not write: an optional list left out, no pod there, which is no error."""
    if pod_path.holds != "containers":
        return False
    return all(field_value(match.value, path) is None for path in pod_path.containers)


def _matches(obj: dict[str, Any], pod_path: PodPath) -> Iterator[Match]:
    """The values at the path; with ``empty_when_absent``, an empty template
    where the path's parent is written without its last field (the operator
    builds the pod from its defaults), and with ``always_made`` also where
    the parent is not written either."""
    if pod_path.template_ref is not None:
        yield from filter(None, (_referenced(obj, pod_path.template_ref, m) for m in walk(obj, pod_path.path)))
        return
    if not pod_path.empty_when_absent:
        yield from walk(obj, pod_path.path)
        return
    parent, _, last = pod_path.path.rpartition(".")
    found_any = False
    for found in walk(obj, parent):
        if not isinstance(found.value, dict):
            continue
        found_any = True
        value = found.value.get(last)
        yield Match(value if value is not None else {}, (*found.pointer, last), found.element, found.element_pointer, found.key)
    if not found_any and pod_path.always_made and _unwritten_below_mappings(obj, pod_path.path):
        yield Match({}, tuple(pod_path.path.split(".")), obj, (), None)


def _referenced(obj: dict[str, Any], ref: TemplateRef, match: Match) -> Match | None:
    """The template a reference names, reached through the referring element
    (its label and counts); None when no element of ``ref.among`` has that
    name (the operator's webhook refuses the object)."""
    wanted = field_value(match.value, ref.name)
    if not isinstance(wanted, str) or not wanted:
        return None
    for candidate in walk(obj, ref.among):
        if isinstance(candidate.value, dict) and candidate.value.get(ref.key) == wanted:
            template = candidate.value.get(ref.template)
            return Match(template, (*candidate.pointer, ref.template), match.element, match.element_pointer, match.key)
    return None


def _unwritten_below_mappings(obj: dict[str, Any], path: str) -> bool:
    """The path has no wildcard and each of its fields that is written holds a
    mapping, up to the first one that is not written: the object leaves the
    whole value to the operator's defaults."""
    if "*" in path:
        return False
    value: Any = obj
    for field in path.split("."):
        if value is None:
            return True
        if not isinstance(value, dict):
            return False
        value = value.get(field)
    return value is None


def _label(pod_path: PodPath, match: Match) -> str:
    """``workerGroupSpecs[0] gpu-workers``, ``pytorchReplicaSpecs[Worker]``, ``headGroupSpec``;
    a path's own label after its element's (``replsets[0] rs0 arbiter``)."""
    if match.key is None:
        return pod_path.label or _short(match.pointer).removesuffix(".template") or "template"
    label = f"{_short(match.element_pointer[:-1])}[{match.key}]"
    name = field_value(match.element, pod_path.name) if pod_path.name and pod_path.name != "{key}" else None
    label = f"{label} {name}" if isinstance(name, str) and name else label
    return f"{label} {pod_path.label}" if pod_path.label else label


def _short(pointer: Pointer) -> str:
    return format_field_path(pointer[1:] if pointer[:1] == ("spec",) else pointer)


def _first(obj: dict[str, Any], match: Match, paths: tuple[str, ...], *, empty_is_unset: bool = False) -> tuple[Any, Pointer] | None:
    """The first of ``paths`` that is set: relative to the match, or ``/``
    from the object; with ``empty_is_unset``, an empty list is not set (Go's
    ``len(list) > 0``)."""
    for path in paths:
        base, base_ptr = (obj, ()) if path.startswith("/") else (match.value, match.pointer)
        for found in walk(base, path.lstrip("/"), base_ptr):
            if found.value is not None and not (empty_is_unset and found.value == []):
                return found.value, found.pointer
    return None


def _located(obj: dict[str, Any], match: Match, paths: tuple[str, ...]) -> tuple[tuple[Any, Pointer], ...]:
    """Each value at ``paths``: relative to the match, or ``/`` from the object."""
    out: list[tuple[Any, Pointer]] = []
    for path in paths:
        base, base_ptr = (obj, ()) if path.startswith("/") else (match.value, match.pointer)
        out.extend((m.value, m.pointer) for m in walk(base, path.lstrip("/"), base_ptr))
    return tuple(out)


def _declared_containers(obj: dict[str, Any], match: Match, paths: tuple[str, ...]) -> tuple[tuple[Any, Pointer], ...]:
    """A user's ``containers:`` path: a list of containers, or one (each list item, or the value itself)."""
    out: list[tuple[Any, Pointer]] = []
    for value, pointer in _located(obj, match, paths):
        out.extend(((v, (*pointer, i)) for i, v in enumerate(value)) if isinstance(value, list) else ((value, pointer),))
    return tuple(out)


def _count(obj: dict[str, Any], pod_path: PodPath, match: Match) -> tuple[int | None, tuple[DecodeProblem, ...]]:
    if not pod_path.count and pod_path.tally is None:
        return None, ()
    problems: list[DecodeProblem] = []
    total = pod_path.tally(obj, match.element) if pod_path.tally is not None else 1
    first = 1
    for i, factor in enumerate(pod_path.count):
        if factor.isdigit():  # a fixed count (a Ray head is one pod)
            total *= int(factor)
            first = int(factor) if i == 0 else first
            continue
        if factor.startswith("!"):  # no pod where this boolean field is true (a stopped CassandraDatacenter)
            flag = factor[1:]
            running = 0 if field_value(obj if flag.startswith("/") else match.element, flag.lstrip("/")) is True else 1
            total *= running
            first = running if i == 0 else first
            continue
        spec, _, default = factor.partition("=")
        base, base_ptr, path = _written_alternative(obj, match, spec)
        value = field_value(base, path)
        number = _pod_count(value, (*base_ptr, *path.split(".")), problems)
        if number is None and default.startswith("?"):
            return None, tuple(problems)  # set by another object (a TrainJob's runtime): unknown here
        default = default.removeprefix("?")  # "?1+": unknown unset, a written value under 1 counts 1 (a Fluentd's replicas)
        default, _, written = default.partition("/")  # "1/2": 1 where the field's parent is unset, 2 where it is written
        at_least = default.endswith("+")  # "1+": also a written value under 1 counts 1 (prometheus-operator's shardsNumber)
        zero_unset = default.endswith("!")  # "3!": a written 0 counts as unset (Rook's mon count: 0 is 3)
        default = default.removesuffix("+").removesuffix("!")
        if number is None and written and isinstance(field_value(base, path.rpartition(".")[0]), dict):
            number = int(written)  # a CRD default inside an optional object (Dynamo's multinode.nodeCount)
        if number is None or (zero_unset and number == 0):
            number = int(default or 1)
        if at_least:
            number = max(number, int(default or 1))
        if i == 0 and pod_path.bounds is not None:
            low, high = (_bound(match.element, b) for b in pod_path.bounds)
            number = max(low, min(number, high))
        total *= number
        if i == 0:
            first = number
    if pod_path.shares_with is not None and isinstance(field_value(obj, pod_path.shares_with), dict):
        total -= first
    return min(total, _INT32_MAX * _INT32_MAX), tuple(problems)


def _written_alternative(obj: dict[str, Any], match: Match, spec: str) -> tuple[Any, Pointer, str]:
    """A count field's base value, its pointer and the path from it: of ``a|b``, the first
    alternative that is written (not null), else the last (redis-operator's leader count:
    ``redisLeader.replicas``, else ``clusterSize``)."""
    found: tuple[Any, Pointer, str] = (None, (), "")
    for alternative in spec.split("|"):
        path = alternative.lstrip("/^")
        if alternative.startswith("^"):  # a field of the list item that holds the innermost one (an rbg role's replicas)
            base_ptr = _outer_item(match.element_pointer)
            found = (value_at(obj, base_ptr), base_ptr, path)
        else:
            found = (obj, (), path) if alternative.startswith("/") else (match.element, match.element_pointer, path)
        if field_value(found[0], path) is not None:
            break
    return found


def _outer_item(pointer: Pointer) -> Pointer:
    """The list item that holds the one ``pointer`` names (the object when none)."""
    outer = pointer[:-1]
    while outer and not isinstance(outer[-1], int):
        outer = outer[:-1]
    return outer


def _bound(element: Any, spec: str) -> int:
    path, _, default = spec.partition("=")
    value = field_value(element, path)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else int(default)


def _pod_count(value: Any, pointer: Pointer, problems: list[DecodeProblem]) -> int | None:
    """replicas / parallelism / size: an int32 the API server can read, not negative."""
    found = Problems()
    number = as_int(value, pointer, found)
    problems.extend(found.items)
    if number is None:
        return None
    if number < 0:
        problems.append(DecodeProblem(pointer, f"must be greater than or equal to 0, not {number}"))
        return None
    if number > _INT32_MAX:
        problems.append(DecodeProblem(pointer, f"{number} does not fit the API's int32 (at most {_INT32_MAX})"))
        return None
    return number


def _by_shape(obj: Any, at: Pointer = (), pod_path: PodPath | None = None) -> Iterator[PodSite]:
    """The templates in ``obj`` (the value at ``at``; a whole object when ``at`` is empty), with the table's
    entry that asked for the search, if any."""
    if at:
        stack: list[tuple[Any, Pointer, int]] = [(obj, at, 1)]
    else:
        stack = [(v, (k,), 1) for k, v in reversed(list(obj.items())) if k not in ("metadata", "status")]
    while stack:
        value, pointer, depth = stack.pop()
        if isinstance(value, dict):
            if _is_template(value):
                yield PodSite(pointer, "template", format_field_path(pointer), None, by_shape=True, pod_path=pod_path, element=obj, value=value)
                continue
            children: list[tuple[Any, Pointer, int]] = [(v, (*pointer, k), depth + 1) for k, v in value.items() if not _is_patch(k)]
        elif isinstance(value, list):
            children = [(v, (*pointer, i), depth + 1) for i, v in enumerate(value)]
        else:
            continue
        if depth < _SHAPE_DEPTH:
            stack.extend(reversed(children))


def _is_template(value: dict[str, Any]) -> bool:
    """A PodTemplateSpec's shape: ``spec.containers``, a non-empty list of containers with names."""
    spec = value.get("spec")
    if not isinstance(spec, dict):
        return False
    containers = spec.get("containers")
    return (
        isinstance(containers, list)
        and bool(containers)
        and all(isinstance(c, dict) and isinstance(c.get("name"), str) for c in containers)
    )
