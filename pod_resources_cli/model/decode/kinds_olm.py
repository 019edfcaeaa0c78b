"""Operator Lifecycle Manager: ClusterServiceVersion (operators.coreos.com/
v1alpha1; operator-framework/operator-lifecycle-manager
@992bb097749e5994eedc5e4882583df952d8a70e, its vendored
operator-framework/api pkg/operators/v1alpha1/clusterserviceversion_types.go:
``spec.install`` is a NamedInstallStrategy, ``strategy: deployment`` with
``spec.deployments``, each a StrategyDeploymentSpec ``{name, spec, label}``
whose ``spec`` is an apps/v1 DeploymentSpec).

OLM installs an operator's bundle by creating one Deployment for each entry
(pkg/controller/install/deployment.go ``installDeployments`` ->
``deploymentForSpec``: ``&appsv1.Deployment{Spec: spec}`` named ``name``, in
the CSV's namespace), so each entry's ``spec.template`` makes ``spec.replicas``
pods (the API server's default 1 where unset). It adds annotations, owner
labels and the OperatorGroup's annotations to the template, and runs the
Subscription's overrides (pkg/controller/operators/olm/overrides/
initializer.go ``initialize``): environment, volumes, tolerations, node
selector and affinity, and, only where the Subscription writes
``spec.config.resources``, those resources on every container
(overrides/inject/inject.go ``InjectResourcesIntoDeployment``: ``if resources
== nil { return nil }``). Without such a Subscription OLM adds no resources:
the pods are the entries' templates as written, and final here.

CatalogSource (operators.coreos.com/v1alpha1; pkg/controller/registry/
reconciler/reconciler.go ``ReconcilerForSource``): of ``sourceType: grpc``
with ``spec.image``, OLM runs one registry pod (grpc.go
``grpcCatalogSourceDecorator.Pod``: ``Pod(..., "registry-server", ...)``);
of ``configmap`` or ``internal``, one (configmap.go:
``configmap-registry-server``); ``grpc`` with only ``spec.address`` names a
server that runs elsewhere: no pod. ``Pod`` gives the container requests of
10m cpu and 50Mi memory and no limits; ``spec.grpcPodConfig.memoryTarget``
replaces the memory request (and sets ``GOMEMLIMIT``), its
``priorityClassName`` is the pod's, and ``extractContent`` adds the init
containers ``extract-utilities`` and ``extract-content``, without resources.
A Burstable pod, as fact. (While it polls ``updateStrategy.registryPoll``
for a new image, OLM runs a second such pod for a while; not counted.)

operator-framework/operator-sdk's bundles (``bundle/manifests/
*.clusterserviceversion.yaml``, made by ``make bundle``) carry the project's
controller-manager Deployment so; a CSV base (``config/manifests/bases``)
without ``install.spec.deployments`` has no pod.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Derive, Derived, FieldIn, MainContainer, PodPath, WorkloadKind
from pod_resources_cli.model.decode.problems import Problems, as_quantity
from pod_resources_cli.quantity import parse_quantity

_SOURCE: Final = (
    "operator-framework/operator-lifecycle-manager @992bb097749e vendor/github.com/operator-framework/api/pkg/operators/"
    "v1alpha1/clusterserviceversion_types.go; pkg/controller/install/deployment.go deploymentForSpec"
)

_REGISTRY: Final = "operator-framework/operator-lifecycle-manager @992bb097749e pkg/controller/registry/reconciler/reconciler.go Pod"
_CPU, _MEMORY = parse_quantity("10m"), parse_quantity("50Mi")
_EXTRACT: Final = "/spec.grpcPodConfig.extractContent"


def _registry_server(value: Any, pointer: Pointer, problems: Problems) -> Derived:
    """``Pod``'s requests (10m cpu, 50Mi memory), the memory one replaced by ``grpcPodConfig.memoryTarget``."""
    config = value.get("grpcPodConfig") if isinstance(value, dict) else None
    target = config.get("memoryTarget") if isinstance(config, dict) else None
    at: Pointer = (*pointer, "grpcPodConfig", "memoryTarget")
    memory = as_quantity(target, at, problems) if target is not None else None
    if memory is None:
        return Derived({"cpu": _CPU, "memory": _MEMORY}, {}, ("requests of 10m cpu and 50Mi memory, no limits (" + _REGISTRY + ")",))
    note = f"requests of 10m cpu and {memory.canonical()} memory (grpcPodConfig.memoryTarget, also GOMEMLIMIT), no limits ({_REGISTRY})"
    return Derived({"cpu": _CPU, "memory": memory}, {}, (note,), ("grpcPodConfig", "memoryTarget"))


def _registry_pod(container: str, source: str, when: tuple[FieldIn, ...]) -> PodPath:
    main = (
        MainContainer(container, f"operator-framework/operator-lifecycle-manager @992bb097749e {source}", derive=Derive("/spec", _registry_server)),
        *(MainContainer(name, f"{_REGISTRY} (extractContent)", init=True, present=_EXTRACT) for name in ("extract-utilities", "extract-content")),
    )
    return PodPath("spec", "operator", count=("1",), label=container, main=main, empty_when_absent=True, always_made=True,
                   pod_fields="/spec.grpcPodConfig", if_field=when)  # fmt: skip


_GRPC: Final = (FieldIn("spec.sourceType", ("grpc",)), FieldIn("spec.image", (), match="written"))
_CONFIGMAP: Final = (FieldIn("spec.sourceType", ("configmap", "internal")),)

OLM_KINDS: Final = (
    WorkloadKind(
        "operators.coreos.com", "CatalogSource",
        (_registry_pod("registry-server", "pkg/controller/registry/reconciler/grpc.go grpcCatalogSourceDecorator.Pod", _GRPC),
         _registry_pod("configmap-registry-server", "pkg/controller/registry/reconciler/configmap.go configMapCatalogSourceDecorator.Pod", _CONFIGMAP)),
        "operator-framework/operator-lifecycle-manager @992bb097749e vendor/github.com/operator-framework/api/pkg/operators/v1alpha1/catalogsource_types.go",
    ),
    WorkloadKind(
        "operators.coreos.com", "ClusterServiceVersion",
        (PodPath("spec.install.spec.deployments[*].spec.template", name="name", count=("spec.replicas=1",)),), _SOURCE,
    ),
)  # fmt: skip
