"""ArangoDB's kube-arangodb operator: ArangoDeployment (database.arangodb.com
v1 and v2alpha1, arangodb/kube-arangodb @74c196ac0dfc
pkg/apis/deployment/v1/deployment_spec.go, server_group_spec.go). The
operator makes one pod per member of each server group it uses, built from
the group's ServerGroupSpec (pkg/deployment/resources/pod_creator_arangod.go
MemberArangoDPod):

- which groups, and how many members (DeploymentSpec.SetDefaults,
  ServerGroupSpec.SetDefaults): ``spec.mode`` (``Cluster`` unset; a mode
  other than Single, ActiveFailover and Cluster fails validation: no pod)
  uses ``single`` in Single and ActiveFailover, ``agents`` in
  ActiveFailover and Cluster, ``dbservers`` and ``coordinators`` in Cluster;
  a used group whose ``count`` is unset or 0 gets 3 members, ``single`` 1 in
  Single and 2 in ActiveFailover; the sync groups are forced to 0
  (ArangoSync was removed);
- the container ``server`` takes the group's ``resources`` filtered to cpu,
  memory and ephemeral-storage (ArangoDContainer.GetResourceRequirements:
  pkg/util/k8sutil/resources/resources.go ExtractPodAcceptedResourceRequirement;
  ``storage`` sizes the volume);
- ``exporter`` after it where ``spec.metrics.enabled`` and
  ``spec.metrics.mode`` is not ``internal`` (GetSidecars,
  createMetricsExporterSidecarInternalExporter: ``spec.metrics.resources``,
  filtered likewise), then the group's ``sidecars`` as written;
- init containers: the group's ``initContainers.containers`` as written,
  then the operator's ``init-lifecycle`` (``spec.lifecycle.resources``,
  filtered: pkg/util/k8sutil/lifecycle.go InitLifecycleContainer), ``uuid``
  (operatorInitContainer: 100m cpu and 50Mi of memory, requests and
  limits: pkg/util/k8sutil/pods.go) and, for agents, dbservers and single
  servers, ``version-check`` with the server's resources (the
  upgrade-version-check feature, on by default: ArangoVersionCheckContainer).
  These operator init containers then take each of the server's cpu, memory
  and ephemeral-storage requests and limits they lack and are raised to any
  that is higher, their limits at least their requests
  (pod_init_containers.go applyInitContainersResourceResources,
  upscaleInitContainersResourceResources: the init-containers-copy-resources
  and init-containers-upscale-resources features, on by default;
  resources.go ApplyContainerResourceList, UpscaleContainerResourceList,
  UpscaleOptionalContainerResourceList). A group that sets no resources thus
  runs ``uuid`` at 100m/50Mi: the pod is Burstable, not BestEffort.

Each pod takes the group's ``priorityClassName``.

Gateways (``spec.gateways``, where ``spec.gateway.enabled``: deployment_spec.go
SetDefaults makes the group, 3 members unless ``count`` says more; pod_creator_gateway_pod.go
MemberGatewayPod, pod_creator_gateway_container.go): the container ``server`` takes
the group's cpu, memory and ephemeral-storage scaled by 0.75
(GetResourceRequirementsDefaultScale; resources_scale.go ScaleQuantity:
``int64(float64(v)*ratio)`` of the milli-cpu and of the bytes, a zero result
dropped; computed here as ``v*3//4``, equal below 2^51), after the group's
init containers and ``init-lifecycle`` raised to it, then the group's
sidecars; the operator then applies the scheduler profiles of its
ArangoProfile ``<name>-int`` (Profiles: the ``integration`` sidecar with
0.25 of the group's resources raised to 100m/128Mi, and the containers and
settings of the profile's accepted template, read from the cluster): those
pods are as written. Not modelled: the
serving sidecar the operator adds once a status condition says the gateway
sidecar is enabled, the upgrade init container of a member being upgraded,
and an ArangoMember's resource overrides (objects the operator makes).

ArangoLocalStorage (storage.arangodb.com/v1alpha, pkg/apis/storage/v1alpha/
local_storage_spec.go): one DaemonSet whose pod, one a node its
``spec.nodeSelector`` selects (a count no field says), is the container
``provisioner`` and nothing else, with no resources
(pkg/storage/daemon_set.go ensureDaemonSet): final, BestEffort. Its
``spec.podCustomization.priority`` is a number, not a PriorityClass name.
ArangoRoute and ArangoClusterSynchronization make no pod (no_pods.py).
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Derive, Derived, FieldIn, MainContainer, PodPath, Shorthand, Tally, WorkloadKind
from pod_resources_cli.model.decode.problems import Problems, resource_list
from pod_resources_cli.quantity import Quantity, parse_quantity

_GROUP: Final = "database.arangodb.com"
_REPO: Final = "arangodb/kube-arangodb"
_CREATOR: Final = f"{_REPO} pkg/deployment/resources/pod_creator_arangod.go"
_ACCEPTED: Final = ("cpu", "memory", "ephemeral-storage")  # PodResourceRequirementsPodAcceptedResourceRequirements
_OPERATOR_INIT: Final = {"cpu": "100m", "memory": "50Mi"}  # operatorInitContainer, requests and limits
_UPSCALE: Final = "the server's requests and limits where they are higher (pod_init_containers.go upscaleInitContainersResourceResources)"

Lists = tuple[dict[str, Quantity], dict[str, Quantity]]


def _accepted(value: Any, pointer: Pointer, problems: Problems) -> Lists:
    """A ResourceRequirements' requests and limits, cpu, memory and ephemeral-storage only."""
    mapping = value if isinstance(value, dict) else {}
    out = []
    for field in ("requests", "limits"):
        found = resource_list(mapping.get(field), (*pointer, field), problems) or {}
        out.append({k: v for k, v in found.items() if k in _ACCEPTED})
    return out[0], out[1]


def _server(value: Any, pointer: Pointer, problems: Problems) -> Derived:
    requests, limits = _accepted(value, pointer, problems)
    return Derived(requests, limits)


def _upscaled(own: Lists, server: Lists) -> Derived:
    """ApplyContainerResourceList, then UpscaleContainerResourceList of the server's (each of its resources, at least
    its value), then UpscaleOptionalContainerResourceList of the requests over the limits (a limit written and not
    zero, below its request, is raised to it)."""
    requests = dict(own[0])
    limits = dict(own[1])
    for target, source in ((requests, server[0]), (limits, server[1])):
        for name, quantity in source.items():
            if name not in target or target[name] < quantity:
                target[name] = quantity
    for name, quantity in requests.items():
        if name in limits and limits[name] < quantity and not limits[name].is_zero():
            limits[name] = quantity
    raised = requests != own[0] or limits != own[1]
    return Derived(requests, limits, (f"raised to {_UPSCALE}",) if raised else ())


def _lifecycle(value: Any, pointer: Pointer, problems: Problems) -> Derived:
    """init-lifecycle: spec.lifecycle.resources (filtered), upscaled to the server's."""
    group, lifecycle, lifecycle_pointer = value
    return _upscaled(_accepted(lifecycle, lifecycle_pointer, problems), _accepted(group, pointer, problems))


def _uuid(value: Any, pointer: Pointer, problems: Problems) -> Derived:
    """uuid: the operator's 100m/50Mi, upscaled to the server's."""
    fixed = {k: parse_quantity(v) for k, v in _OPERATOR_INIT.items()}
    return _upscaled((fixed, dict(fixed)), _accepted(value, pointer, problems))


def _scaled(value: Any, pointer: Pointer, problems: Problems) -> Derived:
    """The gateway's server: ScaleResources(ExtractPodAcceptedResourceRequirement(resources), 0.75)."""
    requests, limits = _accepted(value, pointer, problems)
    out: list[dict[str, Quantity]] = []
    for found in (requests, limits):
        scaled = {}
        for name, quantity in found.items():
            if name == "cpu":
                made = Quantity.from_milli(quantity.milli_value() * 3 // 4, quantity.format)
            else:
                made = Quantity.from_int(quantity.value() * 3 // 4, quantity.format)
            if not made.is_zero():
                scaled[name] = made
        out.append(scaled)
    notes = ("0.75 of the group's resources (pod_creator_gateway_container.go GetResourceRequirementsDefaultScale)",) if requests or limits else ()
    return Derived(out[0], out[1], notes)


def _gateway_lifecycle(value: Any, pointer: Pointer, problems: Problems) -> Derived:
    """The gateway's init-lifecycle: spec.lifecycle.resources, upscaled to the scaled server's."""
    group, lifecycle, lifecycle_pointer = value
    server = _scaled(group, pointer, problems)
    return _upscaled(_accepted(lifecycle, lifecycle_pointer, problems), (dict(server.requests), dict(server.limits)))


def _count(group: str) -> Tally:
    """ServerGroupSpec.SetDefaults: ``count`` where above 0, else 3 (``single``: 1 in Single, 2 in ActiveFailover)."""

    def tally(obj: dict[str, Any], _element: Any) -> int:
        spec = obj.get("spec")
        spec = spec if isinstance(spec, dict) else {}
        own = spec.get(group)
        count = own.get("count") if isinstance(own, dict) else None
        if isinstance(count, int) and not isinstance(count, bool) and count != 0:
            return max(count, 0)  # a negative count fails validation: no member
        if group != "single":
            return 3
        return 1 if spec.get("mode") == "Single" else 2

    return tally


def _mode(*modes: str) -> FieldIn:
    return FieldIn("spec.mode", modes, default="Cluster")


def _group(group: str, modes: tuple[str, ...], version_check: bool) -> PodPath:
    path = f"spec.{group}"
    mains = (
        MainContainer("exporter", f"{_CREATOR} GetSidecars, createMetricsExporterSidecarInternalExporter",
                      shorthand=Shorthand("/spec.metrics.resources", "requirements"), enabled="/spec.metrics.enabled",
                      if_fields=(FieldIn("/spec.metrics.mode", ("internal",), negate=True),), first=True),
        MainContainer("server", f"{_CREATOR} ArangoDContainer.GetResourceRequirements", derive=Derive(f"/{path}.resources", _server), first=True),
        MainContainer("init-lifecycle", f"{_REPO} pkg/util/k8sutil/lifecycle.go InitLifecycleContainer", init=True,
                      derive=Derive(f"/{path}.resources", _lifecycle, also="/spec.lifecycle.resources")),
        MainContainer("uuid", f"{_REPO} pkg/util/k8sutil/pods.go ArangodInitContainer, operatorInitContainer", init=True,
                      derive=Derive(f"/{path}.resources", _uuid)),
        *((MainContainer("version-check", f"{_CREATOR} GetInitContainers (ArangoVersionCheckContainer)", init=True,
                         derive=Derive(f"/{path}.resources", _server)),) if version_check else ()),
    )  # fmt: skip
    return PodPath(path, "containers", containers=("sidecars[*]",), init_containers=("initContainers.containers[*]",), label=group,
                   main=mains, empty_when_absent=True, always_made=True, if_field=_mode(*modes), tally=_count(group), pod_fields=f"/{path}")  # fmt: skip


def _gateways() -> PodPath:
    gateway = f"{_REPO} pkg/deployment/resources/pod_creator_gateway_pod.go"
    mains = (
        MainContainer("server", f"{_REPO} pkg/deployment/resources/pod_creator_gateway_container.go GetResourceRequirements",
                      derive=Derive("/spec.gateways.resources", _scaled), first=True),
        MainContainer("init-lifecycle", f"{gateway} GetInitContainers", init=True,
                      derive=Derive("/spec.gateways.resources", _gateway_lifecycle, also="/spec.lifecycle.resources")),
    )  # fmt: skip
    why = (f"the operator adds the scheduler profiles of its ArangoProfile <name>-int: the integration sidecar (0.25 of "
           f"spec.gateways.resources, at least 100m/128Mi) and the profile's accepted template ({gateway} Profiles)")  # fmt: skip
    return PodPath("spec.gateways", "containers", containers=("sidecars[*]",), init_containers=("initContainers.containers[*]",),
                   label="gateways", main=mains, empty_when_absent=True, always_made=True, if_field=FieldIn("spec.gateway.enabled", ("true",)),
                   tally=_count("gateways"), pod_fields="/spec.gateways", as_written=why)  # fmt: skip


def _pods() -> tuple[PodPath, ...]:
    return (
        _group("single", ("Single", "ActiveFailover"), True),
        _group("agents", ("ActiveFailover", "Cluster"), True),
        _group("dbservers", ("Cluster",), True),
        _group("coordinators", ("Cluster",), False),
        _gateways(),
    )


_PROVISIONER: Final = PodPath(
    "spec", "operator", label="provisioner",
    main=(MainContainer("provisioner", f"{_REPO} pkg/storage/daemon_set.go ensureDaemonSet"),),
)  # fmt: skip

ARANGO_KINDS: Final = (
    WorkloadKind(_GROUP, "ArangoDeployment", _pods(), f"{_REPO} pkg/apis/deployment/v1/deployment_spec.go, server_group_spec.go"),
    WorkloadKind("storage.arangodb.com", "ArangoLocalStorage", (_PROVISIONER,), f"{_REPO} pkg/apis/storage/v1alpha/local_storage_spec.go"),
)
