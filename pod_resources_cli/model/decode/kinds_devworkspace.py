"""The DevWorkspace operator: DevWorkspace (workspace.devfile.io/v1alpha2;
devfile/devworkspace-operator f91eefec7b13, the types in devfile/api
pkg/apis/workspaces/v1alpha2). For a started workspace (``spec.started:
true``; stopped, the operator scales its Deployment to none) the controller
builds one pod from the flattened devfile of ``spec.template``
(controllers/workspace/devworkspace_controller.go):

- a container per ``components[*].container`` (pkg/library/container/
  container.go GetKubeContainersFromDevfile), but a component that only
  ``events.preStart`` apply commands name is an init container instead, one
  that other commands name too is both (pkg/library/lifecycle/prestart.go
  GetInitContainers); the component's ``memoryLimit``, ``memoryRequest``,
  ``cpuLimit`` and ``cpuRequest`` are its limits and requests
  (pkg/library/resources/helper.go ParseResourcesFromComponent), and
  ApplyDefaults fills each one left unset from the operator's
  ``workspace.defaultContainerResources`` (pkg/config/defaults.go: a memory
  request of 128Mi and a memory limit of 256Mi), where a default limit below
  the written request becomes the request (a default request above the
  written limit, the limit); a ``container-overrides`` attribute is then
  merged over the container (pkg/library/overrides/containers.go, a
  strategic merge: ``resources.requests``/``limits`` key by key, null
  deleting);
- the ``project-clone`` init container first, where the devfile has
  projects, dependent projects or a starter project, is not
  ``controller.devfile.io/project-clone: disable`` and has a container
  component (pkg/library/projects/clone.go GetProjectCloneInitContainer),
  with ``workspace.projectCloneConfig.resources`` (requests 100m/128Mi,
  limits 1000m/1Gi).

These are the operator's built-in configuration's values; a
DevWorkspaceOperatorConfig on the cluster (or Che's CheCluster, which writes
one) may set others, not followed here. A workspace whose devfile takes
components from elsewhere (``parent``, ``plugin`` components,
``spec.contributions``: the flattening fetches them, pkg/library/flatten) is
reported as written: the containers they add and the contributions merged
into the first container (merge.go mergeContributionsInto adds their cpu and
memory) are not known here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.model.decode.kind_types import Containers, FieldIn, PodPath, WorkloadKind
from pod_resources_cli.quantity import QuantityError, parse_quantity

if TYPE_CHECKING:
    from pod_resources_cli.location import Pointer

_REPO: Final = "devfile/devworkspace-operator"
_V1ALPHA2: Final = FieldIn("apiVersion", ("workspace.devfile.io/v1alpha2",))
# pkg/config/defaults.go: workspace.defaultContainerResources and projectCloneConfig.resources
_DEFAULT_REQUESTS: Final = {"memory": "128Mi"}
_DEFAULT_LIMITS: Final = {"memory": "256Mi"}
_CLONE: Final = {
    "name": "project-clone",
    "resources": {"requests": {"cpu": "100m", "memory": "128Mi"}, "limits": {"cpu": "1000m", "memory": "1Gi"}},
}
# (field, resource, requests or limits): ParseResourcesFromComponent
_FIELDS: Final = (
    ("memoryLimit", "memory", "limits"),
    ("memoryRequest", "memory", "requests"),
    ("cpuLimit", "cpu", "limits"),
    ("cpuRequest", "cpu", "requests"),
)
_AS_WRITTEN: Final = (
    "the DevWorkspace operator flattens the devfile first: its parent, plugin components and spec.contributions add "
    "containers and merge cpu and memory into the first container, from objects and URLs not read here"
)


def _map(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _quantity(value: Any) -> Any:
    try:
        return parse_quantity(str(value))
    except QuantityError:
        return None


def _apply_defaults(written: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """ApplyDefaults with the built-in defaults: each unset one filled, then a memory limit below the request
    resolved where a default caused it."""
    requests = {**_DEFAULT_REQUESTS, **written["requests"]}
    limits = {**_DEFAULT_LIMITS, **written["limits"]}
    limit, request = _quantity(limits.get("memory")), _quantity(requests.get("memory"))
    if limit is not None and request is not None and not limit.is_zero() and not request.is_zero() and limit < request:
        if "memory" not in written["limits"] and "memory" in written["requests"]:
            limits["memory"] = written["requests"]["memory"]
        elif "memory" in written["limits"] and "memory" not in written["requests"]:
            requests["memory"] = written["limits"]["memory"]
    return {"requests": requests, "limits": limits}


def _override(resources: dict[str, dict[str, Any]], attributes: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """ApplyContainerOverrides: ``container-overrides``' resources merged key by key (a null deletes)."""
    patch = _map(_map(attributes.get("container-overrides")).get("resources"))
    out = {"requests": dict(resources["requests"]), "limits": dict(resources["limits"])}
    for part in ("requests", "limits"):
        for key, value in _map(patch.get(part)).items():
            if value is None:
                out[part].pop(key, None)
            else:
                out[part][key] = value
    return out


def _container(component: dict[str, Any]) -> dict[str, Any]:
    spec = _map(component.get("container"))
    written: dict[str, dict[str, Any]] = {"requests": {}, "limits": {}}
    for field, resource, part in _FIELDS:
        value = spec.get(field)
        if value not in (None, ""):
            written[part][resource] = value
    container: dict[str, Any] = {
        "name": component.get("name"),
        "resources": _override(_apply_defaults(written), _map(component.get("attributes"))),
    }
    if isinstance(spec.get("image"), str):
        container["image"] = spec["image"]
    return container


def _pre_start(template: dict[str, Any]) -> tuple[set[str], set[str]]:
    """GetInitContainers: the components the preStart apply commands name, and those other commands name."""
    events = template.get("events")
    commands = [c for c in _list(template.get("commands")) if isinstance(c, dict)]
    if not isinstance(events, dict) or not commands:
        return set(), set()
    keys = {k for k in _list(events.get("preStart")) if isinstance(k, str)}
    init: set[str] = set()
    main: set[str] = set()
    for command in commands:
        for kind in ("apply", "exec"):
            component = _map(command.get(kind)).get("component")
            if isinstance(component, str):
                (init if command.get("id") in keys else main).add(component)
    return init, main


def _has_projects(template: dict[str, Any]) -> bool:
    attributes = _map(template.get("attributes"))
    starter = "controller.devfile.io/starter-project" in attributes
    return bool(_list(template.get("projects")) or _list(template.get("dependentProjects")) or starter)


def _workspace(obj: dict[str, Any], template: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    del obj
    spec = _map(template)
    init_keys, main_keys = _pre_start(spec)
    containers: list[tuple[Any, Pointer]] = []
    inits: list[tuple[Any, Pointer]] = []
    for index, component in enumerate(_list(spec.get("components"))):
        if not isinstance(component, dict) or not isinstance(component.get("container"), dict):
            continue
        made = (_container(component), (*pointer, "components", index, "container"))
        name = component.get("name")
        if name in init_keys:
            inits.append(made)
            if name in main_keys:
                containers.append(made)
        else:
            containers.append(made)
    clone = _map(spec.get("attributes")).get("controller.devfile.io/project-clone") != "disable"
    if containers and clone and _has_projects(spec):
        inits.insert(0, (dict(_CLONE), (*pointer, "projects") if _list(spec.get("projects")) else pointer))
    return tuple(containers), tuple(inits)


def _merged(obj: dict[str, Any]) -> bool:
    spec = _map(obj.get("spec"))
    template = _map(spec.get("template"))
    plugins = any(isinstance(c, dict) and "plugin" in c for c in _list(template.get("components")))
    return bool(_list(spec.get("contributions"))) or plugins or isinstance(template.get("parent"), dict)


def _started(obj: dict[str, Any]) -> bool:
    return _map(obj.get("spec")).get("started") is True


def _final(obj: dict[str, Any], element: Any) -> bool:
    del element
    return _started(obj) and not _merged(obj)


def _flattened(obj: dict[str, Any], element: Any) -> bool:
    del element
    return _started(obj) and _merged(obj)


def _pods() -> tuple[PodPath, ...]:
    def pod(made: Any, as_written: str | None) -> PodPath:
        return PodPath("spec.template", "containers", count=("1",), label="workspace", assemble=_workspace, empty_when_absent=True,
                       always_made=True, made=made, if_field=_V1ALPHA2, as_written=as_written)  # fmt: skip

    return (pod(_final, None), pod(_flattened, _AS_WRITTEN))


DEVWORKSPACE_KINDS: Final = (
    WorkloadKind(
        "workspace.devfile.io", "DevWorkspace", _pods(),
        f"{_REPO} controllers/workspace/devworkspace_controller.go, pkg/library/container/container.go, pkg/library/resources/helper.go, "
        "pkg/config/defaults.go",
    ),
)  # fmt: skip
