"""What an operator does to the containers of the pods it builds, as its code
says (kind_types.MainContainer, the entries in kinds_operators.py): the
container spec that becomes its main container, the container it adds, the
resources it sets from a shorthand, the defaults it gives a container that
sets none. Each step leaves a note saying what was done and where the
operator's code says so (reports show them beside the pod).

Paths are relative to the innermost ``[*]``/``{*}`` element of the pod's
path (the object's root when it has none), ``/`` from the root, as the
kind table's counts are.
"""

from __future__ import annotations

from pod_resources_cli.records import replace
from typing import Any

from pod_resources_cli.location import Pointer, format_field_path, value_at
from pod_resources_cli.model.decode.kind_types import Derive, Derived, FieldIn, MainContainer, Rename
from pod_resources_cli.model.decode.operator_resources import operator_resources, set_by_operator, written_shorthand
from pod_resources_cli.model.decode.pod import decode_containers
from pod_resources_cli.model.decode.problems import Problems
from pod_resources_cli.model.decode.relative import Base
from pod_resources_cli.model.pod import Container, ContainerType, Pod, ResourceRequirements

def apply_main(pod: Pod, mains: tuple[MainContainer, ...], base: Base, problems: Problems, *, builds: bool = False) -> tuple[Pod, tuple[str, ...]]:
    """``pod`` as the operator completes it, and what was done; ``builds``: the
    operator makes the whole pod from its own fields (no template to add to)."""
    notes: list[str] = []
    containers = list(pod.containers)
    init = list(pod.init_containers)
    for main in mains:
        name = _made(main, base)
        if name is None:
            continue
        target = init if main.init else containers
        derived = _derived(main.derive, base, problems) if main.derive is not None else None
        index = _main_index(target, main, name, base, problems, pod, notes, builds, derived[1] if derived is not None else None)
        if index is None:
            continue
        container = target[index]
        if derived is not None:
            made = derived[0]
            notes.extend(f"container {container.name!r}: {note}" for note in made.notes)
            resources = ResourceRequirements(dict(made.requests) or None, dict(made.limits) or None, container.resources.claims)
        elif main.sets:
            resources = set_by_operator(container, main, notes)
        else:
            resources = operator_resources(container, main, base, problems, notes)
        target[index] = replace(container, resources=resources)
        if main.inherit_init is not None and not main.init:
            init = [_inherited(c, containers[index], main.inherit_init, notes) for c in init]
    return replace(pod, containers=tuple(containers), init_containers=tuple(init)), tuple(notes)


def default_names(pod: Pod, value: Any, names: tuple[str, str], object_name: str = "") -> Pod:
    """Knative's applyDefaultContainerNames (knative/serving 98e5ef90aa70
    pkg/apis/serving/v1/revision_defaults.go): a container written without a
    name is ``user-container`` (init: ``init-container``), numbered from 0
    (``-0``, ``-1``...) when the list has several or the name is taken. A
    name with ``{i}`` is a format: ``{name}`` the object's name, ``{i}`` the
    container's index in its list, whatever the others are called (a
    ContainerSource's ``<source>-<i>``: knative/eventing 8cf4c4b67303
    pkg/apis/sources/v1/container_defaults.go); an empty one leaves that
    list's containers as written."""
    spec = value.get("spec") if isinstance(value, dict) else None
    if not isinstance(spec, dict):  # the lists on the value itself (a k6 TestRun's spec.runner)
        spec = value if isinstance(value, dict) else None
    if spec is None:
        return pod
    lists: dict[str, list[Any]] = {}
    for key in ("containers", "initContainers"):
        items = spec.get(key)
        lists[key] = items if isinstance(items, list) else []
    taken = {c.get("name") for items in lists.values() for c in items if isinstance(c, dict)}

    def named(containers: tuple[Container, ...], items: list[Any], default: str) -> tuple[Container, ...]:
        out, suffix = [], 0
        for c in containers:
            raw = items[c.index] if c.index < len(items) and isinstance(items[c.index], dict) else {}
            if raw.get("name") or not default:
                out.append(c)
                continue
            if "{i}" in default:
                out.append(replace(c, name=default.format(name=object_name, i=c.index)))
                continue
            name = default
            if len(items) > 1 or name in taken:
                while True:
                    name, suffix = f"{default}-{suffix}", suffix + 1
                    if name not in taken:
                        break
            out.append(replace(c, name=name))
        return tuple(out)

    return replace(
        pod, containers=named(pod.containers, lists["containers"], names[0]), init_containers=named(pod.init_containers, lists["initContainers"], names[1])
    )  # fmt: skip


def renamed(pod: Pod, obj: dict[str, Any], pointer: Pointer, rename: Rename) -> Pod:
    """The written containers the operator names itself (``Rename``): each
    whose ``field`` is true, the only one with ``only``, the first with
    ``first``; ``{name}`` is the
    object's name (left as written where it has none)."""
    metadata = obj.get("metadata")
    own = metadata.get("name") if isinstance(metadata, dict) else None
    if "{name}" in rename.name and (not isinstance(own, str) or not own):
        return pod
    name = rename.name.replace("{name}", own) if isinstance(own, str) else rename.name
    lone = rename.only and len(pod.containers) == 1

    def named(c: Container) -> Container:
        raw = value_at(obj, c.pointer[len(pointer) :])
        first = rename.first and c is pod.containers[0]
        return replace(c, name=name) if lone or first or (isinstance(raw, dict) and raw.get(rename.field) is True) else c

    return replace(pod, containers=tuple(named(c) for c in pod.containers))


def _holds(test: FieldIn, base: Base) -> bool:
    """The test on the value at its path; a path with ``[*]`` holds where any item passes (FieldIn.holds: the Scylla
    operator's ``sysctl-buddy`` for a ScyllaCluster whose ``spec.sysctls`` has an item)."""
    if "[*]" not in test.path:
        return test.matches(base.at(test.path)[0])
    root = test.path.startswith("/")
    return replace(test, path=test.path.lstrip("/")).holds(base.obj if root else base.element)


def _made(main: MainContainer, base: Base) -> str | None:
    """The container's name where the operator makes it, else None."""
    if main.enabled is not None and base.at(main.enabled)[0] is not True:
        return None
    if main.present is not None and base.at(main.present)[0] is None:
        return None
    if main.absent is not None and base.at(main.absent)[0] not in (None, "", {}, []):
        return None
    if main.if_annotation is not None and not main.if_annotation.holds(base.obj):
        return None
    if not all(_holds(test, base) for test in main.if_fields):
        return None
    if main.if_any and not any(all(_holds(test, base) for test in group) for group in main.if_any):
        return None
    name = main.name
    if main.name_field is not None:
        value = base.at(main.name_field)[0]
        name = value if isinstance(value, str) and value else name
    if "{name}" in name:
        metadata = base.obj.get("metadata")
        own = metadata.get("name") if isinstance(metadata, dict) else None
        if not isinstance(own, str) or not own:
            return None
        name = name.replace("{name}", own)
    if "{key}" in name:  # the map key the pod path's ``{*}`` came through (the Druid operator's node group)
        key = base.element_pointer[-1] if base.element_pointer else None
        if not isinstance(key, str) or not key:
            return None
        name = name.replace("{key}", key)
    return name or None


def _inherited(init: Container, main: Container, source: str, notes: list[str]) -> Container:
    """ECK's Defaulter.WithResources: an init container without requests and limits takes the main container's."""
    if init.resources.requests is not None or init.resources.limits is not None:
        return init
    own = main.resources
    if own.requests is None and own.limits is None:
        return init
    notes.append(f"init container {init.name!r} sets no resources: the operator gives it those of {main.name!r} ({source})")
    return replace(init, resources=ResourceRequirements(own.requests, own.limits, init.resources.claims))


def _derived(derive: Derive, base: Base, problems: Problems) -> tuple[Derived, Pointer]:
    """The operator's code's resources for the container, and where the fields they come from are written."""
    value, pointer = base.at(derive.path)
    if derive.also is not None:
        value = (value, *base.at(derive.also))
    made = derive.compute(value, pointer, problems)
    return made, (*pointer, *made.at)


def _main_index(
    containers: list[Container], main: MainContainer, name: str, base: Base, problems: Problems, pod: Pod, notes: list[str], builds: bool,
    derived_at: Pointer | None = None,
) -> int | None:  # fmt: skip
    """The main container's place, made from its spec or added when missing
    (where its resources are written: ``derived_at``, the shorthand's, or the pod's containers)."""
    for path in main.spec:
        value, pointer = base.at(path)
        if isinstance(value, dict):
            [made] = decode_containers([(value, pointer)], init=False, problems=problems, unnamed=name)
            containers[:] = [replace(made, name=name), *(c for c in containers if c.name != name)]
            notes.append(f"container {name!r} is {format_field_path(pointer)} ({main.source})")
            return 0
    if main.spec:
        return next((i for i, c in enumerate(containers) if c.name == name), None)
    for i, c in enumerate(containers):
        if c.name == name:
            if main.first and i:  # the operator moves it first (Crossplane's DeploymentWithRuntimeContainer)
                containers.insert(0, containers.pop(i))
                return 0
            return i
    shorthand = base.at(written_shorthand(main.shorthand, base).path)[1] if main.shorthand is not None else None
    field = "initContainers" if main.init else "containers"
    if derived_at is not None:
        where = derived_at
    else:
        where = shorthand[:-1] if shorthand and shorthand[-1] == "resources" and not main.init else pod.spec_pointer(field)
    kind = (ContainerType.SIDECAR if main.sidecar else ContainerType.INIT) if main.init else ContainerType.REGULAR
    added = Container(name, kind, len(containers), pointer=where, restart_policy="Always" if main.init and main.sidecar else None)
    if main.first:  # the operator puts it before the written ones: the order the kubelet's managers assign in
        containers.insert(0, added)
    else:
        containers.append(added)
    if not builds and (main.shorthand is None or main.shorthand.form not in ("equal", "limit-request")):
        noun = "init container" if main.init else "container"
        notes.append(f"the operator adds {noun} {name!r}, which the template does not list ({main.source})")
    return 0 if main.first else len(containers) - 1
