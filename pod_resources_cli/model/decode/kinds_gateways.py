"""Gateway provisioners' parameters: objects a GatewayClass (or a Gateway)
names, from which the provisioner makes each Gateway's data-plane pods.
Such a pod exists once per Gateway of the class, not once per object, and
the provisioner lays these values over its own defaults: a preset, as
written.

- Contour's ContourDeployment (projectcontour/contour 31c4bb38e0a5
  internal/provisioner/controller/gateway.go:210-350, over
  model/model.go Default): the contour Deployment's container takes
  ``spec.contour.resources`` (objects/deployment/deployment.go:210), of
  ``spec.contour.deployment.replicas`` pods, else the deprecated
  ``spec.contour.replicas``, each only when above 0, else 2. Envoy is a
  DaemonSet unless ``spec.envoy.workloadType`` is ``Deployment``
  (dataplane.go EnsureDataPlane), then of ``spec.envoy.deployment.replicas``
  (else ``spec.envoy.replicas``; above 0, else 2) pods. Its ``envoy``
  container takes ``spec.envoy.resources`` (dataplane.go:277), nothing when
  unset; ``shutdown-manager`` (first) and the init container
  ``envoy-initconfig`` always get defContainerResources (dataplane.go:69):
  requests 25m and 50Mi, limits 200m and 100Mi. (A written
  ``deployment.replicas: 0`` is read here as unset, not as a fall back to
  the deprecated field.)
- Envoy Gateway's EnvoyProxy (envoyproxy/gateway d32f28294245): a Deployment
  unless ``spec.provider.kubernetes.envoyDaemonSet`` is written
  (api/v1alpha1/envoyproxy_helpers.go GetEnvoyProxyKubeProvider), of
  ``envoyDeployment.replicas`` pods (unset: the Deployment's own default, 1).
  Container ``envoy`` takes ``container.resources``; only when that is
  unset, requests of 100m cpu and 512Mi memory (kubernetes_helpers.go
  DefaultResourceRequirements, applied where ``Resources == nil``: a written
  ``resources: {}`` stays empty). Container ``shutdown-manager`` always
  requests 10m and 32Mi (envoyproxy_helpers.go
  DefaultShutdownManagerContainerResourceRequirements; internal/
  infrastructure/kubernetes/proxy/resource.go). ``initContainers`` are
  copied as written (not read here) and ``patch`` is merged last
  (resource_provider.go): where one is written, the pod is said to be
  patched.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_CONTOUR: Final = "projectcontour/contour internal/provisioner"
_CONTOUR_PARAMETERS: Final = (
    "parameters of a GatewayClass: the Gateway provisioner makes these pods for each Gateway of that class, none otherwise"
)

_CONTOUR_DATAPLANE: Final = f"{_CONTOUR} objects/dataplane/dataplane.go"
# defContainerResources (dataplane.go:69), given to shutdown-manager and envoy-initconfig whatever is written
_CONTOUR_FIXED: Final = (OperatorDefaults(requests=(("cpu", "25m"), ("memory", "50Mi")), limits=(("cpu", "200m"), ("memory", "100Mi"))),)
_CONTOUR_ENVOY: Final = (
    MainContainer("shutdown-manager", f"{_CONTOUR_DATAPLANE} desiredContainers", defaults=_CONTOUR_FIXED, first=True),
    MainContainer("envoy", _CONTOUR_DATAPLANE, shorthand=Shorthand("spec.envoy.resources", "requirements")),
    MainContainer("envoy-initconfig", f"{_CONTOUR_DATAPLANE} desiredContainers", defaults=_CONTOUR_FIXED, init=True),
)
_ENVOY_DEPLOYMENT: Final = FieldIn("spec.envoy.workloadType", ("Deployment",), default="DaemonSet")

CONTOUR: Final = WorkloadKind(
    "projectcontour.io", "ContourDeployment",
    (
        PodPath("spec.contour", "operator", count=("/spec.contour.deployment.replicas|/spec.contour.replicas=2!",), label="contour",
                empty_when_absent=True,
                main=(MainContainer("contour", f"{_CONTOUR} objects/deployment/deployment.go", shorthand=Shorthand("spec.contour.resources", "requirements")),),
                as_written=_CONTOUR_PARAMETERS, preset=True),
        # the default: a DaemonSet, one pod a node (no count)
        PodPath("spec.envoy", "operator", label="envoy", empty_when_absent=True, main=_CONTOUR_ENVOY, as_written=_CONTOUR_PARAMETERS, preset=True,
                if_field=FieldIn(_ENVOY_DEPLOYMENT.path, _ENVOY_DEPLOYMENT.values, default="DaemonSet", negate=True)),
        PodPath("spec.envoy", "operator", label="envoy", count=("/spec.envoy.deployment.replicas|/spec.envoy.replicas=2!",), empty_when_absent=True,
                main=_CONTOUR_ENVOY, as_written=_CONTOUR_PARAMETERS, preset=True, if_field=_ENVOY_DEPLOYMENT),
    ),
    "projectcontour/contour apis/projectcontour/v1alpha1/contourdeployment.go",
)  # fmt: skip

_ENVOY_GATEWAY: Final = "envoyproxy/gateway"
_ENVOY_PARAMETERS: Final = (
    "parameters of a GatewayClass or Gateway: Envoy Gateway makes this pod for each Gateway that uses it, with the init containers it writes"
)
_ENVOY_PATCH: Final = "Envoy Gateway merges its patch into the Deployment or DaemonSet last, which can set any container's resources"
_KUBE: Final = "spec.provider.kubernetes"
_DAEMONSET: Final = f"{_KUBE}.envoyDaemonSet"


def _envoy(spec: str, absent: str | None = None) -> tuple[MainContainer, MainContainer]:
    """The envoy and shutdown-manager containers of the Deployment or DaemonSet ``spec`` (not made where ``absent`` is written)."""
    return (
        MainContainer("envoy", f"{_ENVOY_GATEWAY} api/v1alpha1/kubernetes_helpers.go", shorthand=Shorthand(f"{spec}.container.resources", "requirements"),
                      defaults=(OperatorDefaults(requests=(("cpu", "100m"), ("memory", "512Mi"))),), absent=absent),
        MainContainer("shutdown-manager", f"{_ENVOY_GATEWAY} api/v1alpha1/envoyproxy_helpers.go",
                      defaults=(OperatorDefaults(requests=(("cpu", "10m"), ("memory", "32Mi"))),), absent=absent),
    )  # fmt: skip


ENVOY_PROXY: Final = WorkloadKind(
    "gateway.envoyproxy.io", "EnvoyProxy",
    (
        PodPath("spec", "operator", count=(f"/{_KUBE}.envoyDeployment.replicas=1",), label="envoy",
                main=_envoy(f"{_KUBE}.envoyDeployment", absent=_DAEMONSET), as_written=_ENVOY_PARAMETERS, preset=True,
                patched_by=((f"/{_KUBE}.envoyDeployment.patch",), _ENVOY_PATCH)),
        PodPath(_DAEMONSET, "operator", label="envoy", main=_envoy(_DAEMONSET), as_written=_ENVOY_PARAMETERS, preset=True,
                patched_by=((f"/{_DAEMONSET}.patch",), _ENVOY_PATCH)),
    ),
    f"{_ENVOY_GATEWAY} api/v1alpha1/envoyproxy_types.go, shared_types.go",
)  # fmt: skip

GATEWAY_KINDS: Final = (CONTOUR, ENVOY_PROXY)
