"""KubeVela's Application (core.oam.dev; kubevela/kubevela @5a44b5f10c59
apis/core.oam.dev/v1beta1/application_types.go): each ``spec.components[*]``
is rendered by the ComponentDefinition its ``type`` names. The built-in
ones (vela-templates/definitions/internal/component/*.cue) make one
workload each, whose only container is named after the component
(``name: context.name``) and takes the component's ``properties``:

- ``webservice`` and ``worker``: a Deployment (no ``replicas`` written:
  Kubernetes' 1); ``statefulset``: a StatefulSet (likewise 1);
  ``daemon``: a DaemonSet (one pod a node, no count); ``task``: a Job
  whose ``parallelism`` and ``completions`` are ``count`` (``*1 | int``);
  ``cron-task``: a CronJob whose job takes ``count`` likewise;
- resources: ``cpu`` (a string) is the container's cpu request and limit,
  ``memory`` its memory request and limit; ``webservice`` alone has
  ``limit: {cpu, memory}``, which, where written beside ``cpu``
  (``memory``), is the limit instead (webservice.cue: ``if
  parameter["cpu"] != _|_ { if (parameter.limit.cpu != _|_) ...``); a limit
  without its request sets nothing. Neither written: no resources, and
  KubeVela adds none (BestEffort, as fact).

Traits patch the workload (vela-templates/definitions/internal/trait):
``scaler`` sets ``spec.replicas`` (``replicas: *1 | int``), the others
listed in ``_KEEPS`` leave the containers' resources and the container list
alone (labels, ports, probes, env, volumes, services, autoscalers...).
``sidecar`` and ``init-container`` add a container (the pod is then as
written). Any other trait (``resource``, ``json-patch``,
``json-merge-patch``, ``nocalhost``, an addon's or the user's own
TraitDefinition) may change the containers' resources: the pod is as
written and a resource it leaves out is no finding. So is it where an
``override`` (or the older ``env-binding``) policy may change the
component's properties and traits per environment. A component of another type (``k8s-objects``, ``helm``,
a user's ComponentDefinition) is not read here.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Derive, Derived, FieldIn, MainContainer, PodPath, WorkloadKind
from pod_resources_cli.model.decode.problems import Problems, as_quantity, type_name
from pod_resources_cli.quantity import Quantity

_REPO: Final = "kubevela/kubevela @5a44b5f10c59"
_DEFS: Final = f"{_REPO} vela-templates/definitions/internal"
# the built-in traits that leave the containers' resources and the container list as they are
_KEEPS: Final = (
    "scaler", "hpa", "cpuscaler", "expose", "gateway", "pure-ingress", "labels", "annotations", "affinity", "hostalias",
    "service-account", "podsecuritycontext", "securitycontext", "topologyspreadconstraints", "k8s-update-strategy",
    "startup-probe", "lifecycle", "container-ports", "env", "command", "container-image", "storage", "service-binding",
)  # fmt: skip
# the built-in traits that add a container and leave the component's alone (sidecar.cue, init-container.cue)
_ADDS: Final = ("sidecar", "init-container")
_PATCHES: Final = FieldIn("traits[*].type", (*_KEEPS, *_ADDS), match="other")
_NO_PATCH: Final = FieldIn("traits[*].type", (*_KEEPS, *_ADDS), match="other", negate=True)
_ADDING: Final = FieldIn("traits[*].type", _ADDS)
_KEPT: Final = FieldIn("traits[*].type", _KEEPS, match="other", negate=True)
_OVERRIDES: Final = FieldIn("spec.policies[*].type", ("override", "env-binding"))
_NO_OVERRIDE: Final = FieldIn("spec.policies[*].type", ("override", "env-binding"), negate=True)
_BY_PATCH: Final = (
    "a trait other than those known to keep the pod's containers (resource, json-patch, json-merge-patch, an addon's or your "
    "own TraitDefinition) may change their resources or add containers"
)
_BY_ADDING: Final = "a sidecar or init-container trait adds a container"
_BY_POLICY: Final = "an override policy may change the component's properties and traits per environment"

# component type -> (its definition, the Job's count where it makes one)
_TYPES: Final = (
    ("webservice", "webservice.cue", None),
    ("worker", "worker.cue", None),
    ("statefulset", "statefulset.cue", None),
    ("daemon", "daemon.cue", None),
    ("task", "task.cue", "properties.count=1"),
    ("cron-task", "cron-task.cue", "properties.count=1"),
)


def _scaled(obj: dict[str, Any], component: Any) -> int:
    """The replicas the component's ``scaler`` trait patches in (its ``replicas``, ``*1 | int``), else Kubernetes' 1."""
    del obj
    traits = component.get("traits") if isinstance(component, dict) else None
    for trait in traits if isinstance(traits, list) else []:
        if isinstance(trait, dict) and trait.get("type") == "scaler":
            properties = trait.get("properties")
            replicas = properties.get("replicas") if isinstance(properties, dict) else None
            return replicas if isinstance(replicas, int) and not isinstance(replicas, bool) and replicas >= 0 else 1
    return 1


def _string_quantity(properties: dict[str, Any], key: str, pointer: Pointer, problems: Problems) -> Quantity | None:
    """A ``cpu?: string`` or ``memory?: string`` parameter: a value of another type fails the definition's CUE."""
    if key not in properties or properties[key] is None:
        return None
    value = properties[key]
    if not isinstance(value, str):
        problems.add((*pointer, key), f"KubeVela's definition takes {key} as a string ({key}?: string), not {type_name(value)}: the component does not render")
        return None
    return as_quantity(value, (*pointer, key), problems)


def _resources(definition: str, with_limit: bool) -> Any:
    source = f"{_DEFS}/component/{definition}"

    def compute(properties: Any, pointer: Pointer, problems: Problems) -> Derived:
        requests: dict[str, Quantity] = {}
        limits: dict[str, Quantity] = {}
        notes: list[str] = []
        if not isinstance(properties, dict):
            return Derived(requests, limits, (), ())
        limit = properties.get("limit") if with_limit else None
        for key in ("cpu", "memory"):
            request = _string_quantity(properties, key, pointer, problems)
            if request is None:
                continue
            requests[key] = request
            own = _string_quantity(limit, key, (*pointer, "limit"), problems) if isinstance(limit, dict) else None
            limits[key] = own if own is not None else request
            said = f"request {request.canonical()}, limit {limits[key].canonical()}" if own is not None else f"{request.canonical()} as request and limit"
            notes.append(f"{key} {said} ({source})")
        return Derived(requests, limits, tuple(notes), ())

    return compute


def _pods() -> tuple[PodPath, ...]:
    pods: list[PodPath] = []
    for kind, definition, count in _TYPES:
        main = MainContainer("", f"{_DEFS}/component/{definition}", name_field="name", derive=Derive("properties", _resources(definition, kind == "webservice")))
        test = FieldIn("type", (kind,))
        counted: dict[str, Any] = {"count": (count,)} if count else {} if kind == "daemon" else {"tally": _scaled}
        variants = (
            ((test, _PATCHES), None, _BY_PATCH, True),
            ((test, _NO_PATCH, _ADDING), None, _BY_ADDING, False),
            ((test, _KEPT), _OVERRIDES, _BY_POLICY, True),
            ((test, _KEPT), _NO_OVERRIDE, None, False),
        )
        for if_element, if_field, why, preset in variants:
            pods.append(PodPath("spec.components[*]", "operator", label=kind, main=(main,), if_element=if_element, if_field=if_field,
                                as_written=why, preset=preset, **counted))  # fmt: skip
    return tuple(pods)


KUBEVELA_KINDS: Final = (WorkloadKind("core.oam.dev", "Application", _pods(), f"{_REPO} apis/core.oam.dev/v1beta1/application_types.go"),)
