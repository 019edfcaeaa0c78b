"""Eclipse Che's operator: CheCluster (org.eclipse.che/v2; eclipse-che/che-operator
e87bf41a2393 api/v2/checluster_types.go). The operator builds every Deployment
of a Che installation itself (controllers/che/checluster_controller.go adds the
reconcilers), each of one pod (no ``replicas`` is written; setDesiredReplicas
keeps what a user scaled), its containers with the operator's own resources
(pkg/common/constants/constants.go and the deployment builders), over which
OverrideDeployment and OverrideContainer (pkg/deploy/deployment.go) lay the
CheCluster's ``deployment.containers[*].resources``:

- a Deployment with one container takes ``containers[0]`` whatever its name,
  one with several takes each by ``name`` (the gateway's ``gateway``,
  ``configbump``, ``oauth-proxy``, ``kube-rbac-proxy``);
- Che's ResourceRequirements are ``request`` (singular) and ``limits``, each
  ``{memory, cpu}``; a value written replaces the operator's, a zero value
  removes it (``IsZero``: no request or limit at all);
- the cpu limit is removed unless ``limits.cpu`` is written, where the
  namespace has no LimitRange (eclipse/che#22198; the operator lists them on
  the cluster, so this tool reads it as having none);
- init containers are never overridden and keep their cpu limits.

The pods (each where the operator makes it):

- ``che`` (pkg/deploy/server/server_deployment.go; the container is named by
  the operator's CHE_FLAVOR, ``che`` in config/manager/manager.yaml): requests
  512Mi/100m, limits 1024Mi/1; ``spec.components.cheServer.deployment``;
- ``che-dashboard`` (pkg/deploy/dashboard/deployment_dashboard.go): requests
  32Mi/100m, limits 1024Mi/500m; ``spec.components.dashboard.deployment``;
- ``che-gateway`` (pkg/deploy/gateway/gateway.go getContainersSpec,
  oauth_proxy.go, kube_rbac_proxy.go): ``gateway`` 128Mi/0.1 and 4Gi/1,
  ``configbump`` 64Mi/0.05 and 256Mi/0.5, ``oauth-proxy`` and
  ``kube-rbac-proxy`` 64Mi/0.1 and 512Mi/0.5;
  ``spec.networking.auth.gateway.deployment``;
- ``plugin-registry`` (pkg/deploy/pluginregistry/pluginregistry_deployment.go),
  only where IsInternalPluginRegistryDisabled is false: not
  ``disableInternalRegistry``, no internal OpenVSX
  (``openVSXRegistry.enable``) and an empty OpenVSX URL
  (``pluginRegistry.openVSXURL``, else the operator's
  CHE_DEFAULT_SPEC_COMPONENTS_PLUGINREGISTRY_OPENVSXURL, ``https://open-vsx.org``
  in config/manager/manager.yaml): so only where ``openVSXURL: ""`` is
  written, and then with the embedded OpenVSX registry's memory (512Mi and
  4Gi) and cpu 100m and 500m;
- ``openvsx-server`` and ``openvsx-database`` (pkg/deploy/openvsx/), where
  ``spec.components.openVSXRegistry.enable`` is true: the server's init
  container ``wait-database`` (10m/32Mi, 100m/64Mi) and ``openvsx-server``
  (100m/512Mi, 1/2Gi); ``openvsx-database`` (100m/256Mi, 1/1024Mi). Their
  override is applied only where ``openVSXRegistry.server`` (``.database``)
  is written: without it the cpu limit stays.

The devfile registry and the PostgreSQL of older releases are deleted
(devfileregistry.go, postgres.go); the image puller is another operator's
KubernetesImagePuller; workspaces are the DevWorkspace operator's. None is
reported here. The deprecated org.eclipse.che/v1 is converted by a webhook
(api/v1/checluster_conversion_to.go) and is not read here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.model.decode.kind_types import Containers, FieldIn, PodPath, WorkloadKind
from pod_resources_cli.quantity import QuantityError, parse_quantity

if TYPE_CHECKING:
    from pod_resources_cli.location import Pointer

_REPO: Final = "eclipse-che/che-operator"
# (requests, limits), each (memory, cpu): pkg/common/constants/constants.go and the builders' literals
_Resources = tuple[tuple[str, str], tuple[str, str]]
_SERVER: Final[_Resources] = (("512Mi", "100m"), ("1024Mi", "1"))
_DASHBOARD: Final[_Resources] = (("32Mi", "100m"), ("1024Mi", "500m"))
_GATEWAY: Final[tuple[tuple[str, _Resources], ...]] = (
    ("gateway", (("128Mi", "0.1"), ("4Gi", "1"))),
    ("configbump", (("64Mi", "0.05"), ("256Mi", "0.5"))),
    ("oauth-proxy", (("64Mi", "0.1"), ("512Mi", "0.5"))),
    ("kube-rbac-proxy", (("64Mi", "0.1"), ("512Mi", "0.5"))),
)
_PLUGIN_REGISTRY: Final[_Resources] = (("512Mi", "100m"), ("4Gi", "500m"))  # embedded OpenVSX registry's memory
_OPENVSX_SERVER: Final[_Resources] = (("512Mi", "100m"), ("2Gi", "1"))
_WAIT_DATABASE: Final[_Resources] = (("32Mi", "10m"), ("64Mi", "100m"))
_OPENVSX_DATABASE: Final[_Resources] = (("256Mi", "100m"), ("1024Mi", "1"))
_V2: Final = FieldIn("apiVersion", ("org.eclipse.che/v2",))  # v1 objects reach the operator converted; not read here
_OPENVSX_URL: Final = (
    "https://open-vsx.org"  # config/manager/manager.yaml CHE_DEFAULT_SPEC_COMPONENTS_PLUGINREGISTRY_OPENVSXURL
)


def _map(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _at(obj: dict[str, Any], path: tuple[str, ...]) -> Any:
    value: Any = obj
    for key in path:
        value = _map(value).get(key)
    return value


def _written_at(pointer: Pointer, spec: Any, path: tuple[str, ...]) -> Pointer:
    """The pointer of the deepest mapping of ``path`` written under the spec."""
    value, at = spec, pointer
    for key in path:
        if not isinstance(_map(value).get(key), dict):
            break
        value, at = value[key], (*at, key)
    return at


def _is_zero(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return value == 0
    if isinstance(value, str):
        try:
            return parse_quantity(value).is_zero()
        except QuantityError:
            return False  # left as written: the quantity's own finding says why
    return False


def _container(name: str, defaults: _Resources, settings: dict[str, Any] | None, overridden: bool) -> dict[str, Any]:
    """OverrideContainer: the operator's requests and limits, the written ones over them (a zero removing one), and
    no cpu limit unless ``limits.cpu`` is written (a namespace without a LimitRange)."""
    (req_memory, req_cpu), (lim_memory, lim_cpu) = defaults
    requests: dict[str, Any] = {"memory": req_memory, "cpu": req_cpu}
    limits: dict[str, Any] = {"memory": lim_memory, "cpu": lim_cpu}
    container: dict[str, Any] = {"name": name}
    if overridden:
        resources = _map(_map(settings).get("resources"))
        if _map(resources.get("limits")).get("cpu") is None:
            del limits["cpu"]
        for written, into in ((_map(resources.get("request")), requests), (_map(resources.get("limits")), limits)):
            for key in ("memory", "cpu"):
                value = written.get(key)
                if value is None:
                    continue
                if _is_zero(value):
                    into.pop(key, None)
                else:
                    into[key] = value
        image = _map(settings).get("image")
        if isinstance(image, str) and image:
            container["image"] = image
    container["resources"] = {"requests": requests, "limits": limits}
    return container


def _deployment_pod(
    spec: Any,
    pointer: Pointer,
    path: tuple[str, ...],
    made: tuple[tuple[str, _Resources], ...],
    overridden: bool = True,
) -> Containers:
    """OverrideDeployment: one container takes ``containers[0]``, several each their own by name."""
    deployment = _map(_at(_map(spec), (*path, "deployment")))
    written = deployment.get("containers")
    settings = [c if isinstance(c, dict) else {} for c in written] if isinstance(written, list) else []
    base = _written_at(pointer, spec, (*path, "deployment"))
    out: list[tuple[Any, Pointer]] = []
    for name, defaults in made:
        index: int | None = None
        if len(made) == 1:
            index = 0 if settings else None
        else:
            index = next((i for i, c in enumerate(settings) if c.get("name") == name), None)
        chosen = settings[index] if index is not None else None
        at = (*base, "containers", index) if index is not None else base
        if index is not None and isinstance(_map(chosen).get("resources"), dict):
            at = (*at, "resources")
        out.append((_container(name, defaults, chosen, overridden), at))
    return tuple(out)


def _server(obj: dict[str, Any], spec: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    del obj
    return _deployment_pod(spec, pointer, ("components", "cheServer"), (("che", _SERVER),)), ()


def _dashboard(obj: dict[str, Any], spec: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    del obj
    return _deployment_pod(spec, pointer, ("components", "dashboard"), (("che-dashboard", _DASHBOARD),)), ()


def _gateway(obj: dict[str, Any], spec: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    del obj
    return _deployment_pod(spec, pointer, ("networking", "auth", "gateway"), _GATEWAY), ()


def _plugin_registry(obj: dict[str, Any], spec: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    del obj
    return _deployment_pod(
        spec, pointer, ("components", "pluginRegistry"), (("plugin-registry", _PLUGIN_REGISTRY),)
    ), ()


def _openvsx(part: str, made: tuple[tuple[str, _Resources], ...], init: tuple[tuple[str, _Resources], ...] = ()) -> Any:
    def assemble(obj: dict[str, Any], spec: Any, pointer: Pointer) -> tuple[Containers, Containers]:
        del obj
        path = ("components", "openVSXRegistry", part)
        overridden = isinstance(_at(_map(spec), path), dict)  # ``if ...OpenVSXRegistry.<part> != nil``
        base = _written_at(pointer, spec, path)
        inits = tuple((_container(name, defaults, None, False), base) for name, defaults in init)
        return _deployment_pod(spec, pointer, path, made, overridden), inits

    return assemble


def _openvsx_enabled(obj: dict[str, Any], element: Any) -> bool:
    """IsInternalOpenVSXRegistryEnabled: ``openVSXRegistry.enable`` (kubebuilder default false)."""
    del element
    return _at(obj, ("spec", "components", "openVSXRegistry", "enable")) is True


def _plugin_registry_made(obj: dict[str, Any], element: Any) -> bool:
    """Not IsInternalPluginRegistryDisabled: not disabled, no external OpenVSX URL and no internal OpenVSX."""
    del element
    registry = _map(_at(obj, ("spec", "components", "pluginRegistry")))
    if registry.get("disableInternalRegistry") is True or _openvsx_enabled(obj, None):
        return False
    # a nil pointer (unset or null) takes the operator's default URL, which is not empty
    return registry.get("openVSXURL") == "" or (registry.get("openVSXURL") is None and not _OPENVSX_URL)


def _pods() -> tuple[PodPath, ...]:
    def pod(label: str, assemble: Any, made: Any = None) -> PodPath:
        return PodPath("spec", "containers", count=("1",), label=label, assemble=assemble, empty_when_absent=True, always_made=True, made=made,
                       if_field=_V2)  # fmt: skip

    return (
        pod("che", _server),
        pod("che-dashboard", _dashboard),
        pod("che-gateway", _gateway),
        pod("plugin-registry", _plugin_registry, _plugin_registry_made),
        pod(
            "openvsx-server",
            _openvsx("server", (("openvsx-server", _OPENVSX_SERVER),), (("wait-database", _WAIT_DATABASE),)),
            _openvsx_enabled,
        ),
        pod("openvsx-database", _openvsx("database", (("openvsx-database", _OPENVSX_DATABASE),)), _openvsx_enabled),
    )


CHE_KINDS: Final = (
    WorkloadKind(
        "org.eclipse.che", "CheCluster", _pods(),
        f"{_REPO} api/v2/checluster_types.go, pkg/deploy/deployment.go OverrideDeployment, pkg/common/constants/constants.go",
    ),
)  # fmt: skip
