"""Dapr's sidecar injector (dapr/dapr @d8450742ce32): a pod whose annotation
``dapr.io/enabled`` is ``true`` (any case: pkg/injector/service/handler.go
``podHasDaprEnabled``, strings.EqualFold) and that has no container or
init container named ``daprd`` yet (pkg/injector/patcher/sidecar_patcher.go
``NeedsPatching``, ``podContainsSidecarContainer``) gets the ``daprd``
container (pkg/injector/patcher/sidecar_container.go ``getSidecarContainer``).

Its resources come from the pod's own annotations only
(``getResourceRequirements``): ``dapr.io/sidecar-cpu-request``,
``dapr.io/sidecar-cpu-limit``, ``dapr.io/sidecar-memory-request``,
``dapr.io/sidecar-memory-limit``, each parsed with resource.ParseQuantity;
one that does not parse drops them all (the injector logs "couldn't set
container resource requirements" and the container has none). The injector
has no default of its own (pkg/injector/service/config.go has no resource
setting; the chart's ``dapr_sidecar_injector.resources`` are the injector's
own pod's), so an annotation left out is a resource daprd does not ask for:
the pod is final as far as daprd goes.

``dapr.io/enable-native-sidecar`` (kit strings.IsTruthy: y, yes, true, t,
on, 1), else the injector's ``NATIVE_SIDECAR_ENABLED`` (the chart's
``nativeSidecar: false``: charts/dapr/charts/dapr_sidecar_injector/
values.yaml), puts daprd last among the init containers with
``restartPolicy: Always`` (pod_patch.go, sidecar_patcher.go ``GetPatch``);
otherwise it is appended to the containers. With
``dapr.io/inject-pluggable-components`` true the injector also adds the
containers of the Component objects that name the app (sidecar_patcher.go
``GetInjectedComponentContainers``): the pod is then as written.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.injection import annotations_of
from pod_resources_cli.model.pod import Container, ContainerType, Pod, ResourceRequirements
from pod_resources_cli.quantity import Quantity, QuantityError, parse_quantity
from pod_resources_cli.records import replace

_SOURCE: Final = "dapr/dapr @d8450742ce32 pkg/injector/patcher/sidecar_container.go getResourceRequirements"
_NAME: Final = "daprd"
_RESOURCES: Final = (
    ("dapr.io/sidecar-cpu-request", "requests", "cpu"),
    ("dapr.io/sidecar-cpu-limit", "limits", "cpu"),
    ("dapr.io/sidecar-memory-request", "requests", "memory"),
    ("dapr.io/sidecar-memory-limit", "limits", "memory"),
)
PLUGGABLE: Final = "Dapr's injector adds the containers of the pluggable Components that name this app (dapr.io/inject-pluggable-components)"


def _truthy(value: str) -> bool:
    """dapr/kit strings.IsTruthy."""
    return value.strip().lower() in ("y", "yes", "true", "t", "on", "1")


def with_daprd(pod: Pod, template: Any, pointer: Pointer) -> tuple[Pod, tuple[str, ...], str | None]:
    """The pod (or pod template) ``template`` at ``pointer`` as Dapr's injector completes it: ``pod`` with ``daprd``
    added where its annotations ask for it, what was done, and why the pod is only as written (None: final)."""
    annotations = annotations_of(template)
    if annotations.get("dapr.io/enabled", "").lower() != "true":
        return pod, (), None
    if any(c.name == _NAME for c in (*pod.containers, *pod.init_containers)):
        return pod, (), None
    at = (*pointer, "metadata", "annotations")
    requests: dict[str, Quantity] = {}
    limits: dict[str, Quantity] = {}
    notes: list[str] = []
    refused = None
    for key, kind, resource in _RESOURCES:
        if annotations.get(key, "") == "":  # unset or empty: not asked for
            continue
        try:
            (requests if kind == "requests" else limits)[resource] = parse_quantity(annotations[key])
        except QuantityError:
            refused = key
            break
    if refused is not None:
        requests, limits = {}, {}
        notes.append(f"Dapr's injector adds container 'daprd' without resources: its annotation {refused} is no quantity ({_SOURCE})")
    else:
        written = ", ".join(f"{kind[:-1]} {resource} {q.canonical()}" for _, kind, resource in _RESOURCES for q in [(requests if kind == "requests" else limits).get(resource)] if q is not None)
        notes.append(f"Dapr's injector adds container 'daprd' with {written or 'no resources'} (the pod's dapr.io/sidecar-* annotations; {_SOURCE})")
    resources = ResourceRequirements(requests or None, limits or None)
    native = "dapr.io/enable-native-sidecar" in annotations and _truthy(annotations["dapr.io/enable-native-sidecar"])
    if native:
        added = Container(_NAME, ContainerType.SIDECAR, len(pod.init_containers), resources, restart_policy="Always", pointer=at)
        pod = replace(pod, init_containers=(*pod.init_containers, added))
        notes.append("'daprd' is a native sidecar, the last init container (dapr.io/enable-native-sidecar)")
    else:
        added = Container(_NAME, ContainerType.REGULAR, len(pod.containers), resources, pointer=at)
        pod = replace(pod, containers=(*pod.containers, added))
    pluggable = annotations.get("dapr.io/inject-pluggable-components")
    return pod, tuple(notes), PLUGGABLE if pluggable is not None and _truthy(pluggable) else None
