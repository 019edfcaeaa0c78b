"""NVIDIA's Network Operator: NicClusterPolicy (mellanox.com v1alpha1;
Mellanox/network-operator b06827e085c5 api/v1alpha1/nicclusterpolicy_types.go).
The operator reconciles only the object named ``nic-cluster-policy``
(controllers/nicclusterpolicy_controller.go: ``req.Name !=
consts.NicClusterPolicyResourceName``), and for each component written in
its spec renders the state's manifests (manifests/state-*/), DaemonSets of
one pod a node (no count) and a few Deployments:

- a component's ``containerResources`` list (ImageSpec.ContainerResources:
  ``{name, requests, limits}``) becomes a map by container name, the last
  item of a name winning (pkg/state/container_resources.go
  createContainerResourcesMap); each manifest writes, for its container,
  ``{{ with .RuntimeSpec.ContainerResources }}{{ with index . "<container>" }}``
  the item's requests and limits whole (none where the item writes none),
  and ``{{ else }}`` (of the outer ``with``: the list is empty or absent)
  its own defaults (below). A list naming only other containers gives this
  one no resources at all: ``index`` of a missing key is the zero
  ResourceRequirements, and a struct is always true to text/template, so
  the inner ``with`` writes an empty ``resources:``;
- ``ofedDriver``: ``mofed-container`` (no default; the OpenShift driver
  toolkit container and the init container, neither with default
  resources, are not listed), ``rdmaSharedDevicePlugin``:
  ``rdma-shared-dp`` (no default), ``sriovDevicePlugin``: ``kube-sriovdp``
  (no default), ``spectrumXOperator``: ``spectrum-x-flowcontroller`` (no
  default), ``docaTelemetryService``: ``doca-telemetry-service`` (no
  default);
- ``secondaryNetwork.multus``: ``kube-multus`` 100m/50Mi requests and
  limits, after the init container ``install-multus-binary`` (requests
  10m/15Mi, never changed); ``secondaryNetwork.cniPlugins``:
  ``cni-plugins`` 100m/50Mi requests and limits; ``secondaryNetwork.ipoib``:
  ``ipoib-cni`` the same;
- ``nicFeatureDiscovery``: ``nic-feature-discovery`` requests 100m/50Mi,
  limits 300m/150Mi;
- ``nvIpam``: the node DaemonSet's ``nv-ipam-node`` (requests 100m/50Mi,
  limits 300m/300Mi) and the controller Deployment of ``replicas: 2``,
  ``nv-ipam-controller`` (requests 100m/300Mi);
- ``ibKubernetes``: a Deployment of ``replicas: 1``, ``ib-kubernetes``
  (requests 100m/300Mi);
- ``nicConfigurationOperator``: a Deployment of ``replicas: 1``,
  ``manager`` (``operator.containerResources``; requests 100m/256Mi,
  limits 1000m/5Gi) and the DaemonSet ``nic-configuration-daemon``
  (``configurationDaemon.containerResources``; requests 100m/512Mi, a 5Gi
  memory limit).

The pods are final.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Derive, Derived, FieldIn, MainContainer, OperatorDefaults, PodPath, WorkloadKind
from pod_resources_cli.model.decode.problems import Problems, resource_list

_REPO: Final = "Mellanox/network-operator"
_NAMED: Final = FieldIn("metadata.name", ("nic-cluster-policy",))
Defaults = tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]
_NONE: Final[Defaults] = ((), ())
_CNI: Final[Defaults] = ((("cpu", "100m"), ("memory", "50Mi")), (("cpu", "100m"), ("memory", "50Mi")))


def _by_name(name: str, defaults: Defaults, manifest: str) -> Callable[[Any, Pointer, Problems], Derived]:
    """The container's resources from the component's ``containerResources`` item named ``name`` (the last one), else
    the manifest's own."""

    def compute(component: Any, pointer: Pointer, problems: Problems) -> Derived:
        items = component.get("containerResources") if isinstance(component, dict) else None
        items = items if isinstance(items, list) else []
        found = None
        for i, item in enumerate(items):
            if isinstance(item, dict) and item.get("name") == name:
                found = (item, (*pointer, "containerResources", i))
        if found is not None:
            item, at = found
            requests = resource_list(item.get("requests"), (*at, "requests"), problems) or {}
            limits = resource_list(item.get("limits"), (*at, "limits"), problems) or {}
            return Derived(requests, limits, (f"resources from containerResources[{at[-1]}] ({_REPO} pkg/state/container_resources.go)",), at[len(pointer):])
        if items:
            return Derived({}, {}, (f"no resources: containerResources names other containers only, and the manifest's defaults apply "
                                    f"only to an empty list ({_REPO} {manifest})",), ("containerResources",))
        requests = resource_list(dict(defaults[0]), pointer, problems) or {}
        limits = resource_list(dict(defaults[1]), pointer, problems) or {}
        note = f"the manifest's resources ({_REPO} {manifest})" if requests or limits else f"no resources: the manifest writes none ({_REPO} {manifest})"
        return Derived(requests, limits, (note,))

    return compute


def _pod(path: str, container: str, manifest: str, defaults: Defaults = _NONE, count: tuple[str, ...] = (), label: str | None = None,
         own: str | None = None, init: tuple[MainContainer, ...] = ()) -> PodPath:  # fmt: skip
    """The pod the component at ``path`` makes: ``container`` with the resources of ``own`` (a path from the root;
    the component's) or the manifest's."""
    source = f"{_REPO} manifests/{manifest}"
    main = MainContainer(container, source, derive=Derive(f"/{own or path}", _by_name(container, defaults, f"manifests/{manifest}")))
    return PodPath(path, "operator", count=count, label=label or container, main=(*init, main), if_field=_NAMED)


def _pods() -> tuple[PodPath, ...]:
    multus_init = MainContainer("install-multus-binary", f"{_REPO} manifests/state-multus-cni/0050-multus-ds.yml",
                                defaults=(OperatorDefaults(requests=(("cpu", "10m"), ("memory", "15Mi"))),), init=True)  # fmt: skip
    nco = "spec.nicConfigurationOperator"
    return (
        _pod("spec.ofedDriver", "mofed-container", "state-ofed-driver/0050_ofed-driver-ds.yaml"),
        _pod("spec.rdmaSharedDevicePlugin", "rdma-shared-dp", "state-rdma-shared-device-plugin/0060_rdma-shared-dev-plugin-ds.yaml"),
        _pod("spec.sriovDevicePlugin", "kube-sriovdp", "state-sriov-device-plugin/0030-sriov-dp-daemonset.yaml"),
        _pod("spec.secondaryNetwork.multus", "kube-multus", "state-multus-cni/0050-multus-ds.yml", _CNI, init=(multus_init,)),
        _pod("spec.secondaryNetwork.cniPlugins", "cni-plugins", "state-container-networking-plugins/0010-container-networking-plugins-ds.yml", _CNI),
        _pod("spec.secondaryNetwork.ipoib", "ipoib-cni", "state-ipoib-cni/0050-ipoib-cni-ds.yml", _CNI),
        _pod("spec.nvIpam", "nv-ipam-node", "state-nv-ipam-cni/040-nv-ipam-node.yaml",
             ((("cpu", "100m"), ("memory", "50Mi")), (("cpu", "300m"), ("memory", "300Mi")))),
        _pod("spec.nvIpam", "nv-ipam-controller", "state-nv-ipam-cni/040-nv-ipam-controller.yaml",
             ((("cpu", "100m"), ("memory", "300Mi")), ()), count=("2",)),
        _pod("spec.ibKubernetes", "ib-kubernetes", "state-ib-kubernetes/0070-deployment.yaml", ((("cpu", "100m"), ("memory", "300Mi")), ()), count=("1",)),
        _pod("spec.nicFeatureDiscovery", "nic-feature-discovery", "state-nic-feature-discovery/030-nic-feature-discovery-ds.yaml",
             ((("cpu", "100m"), ("memory", "50Mi")), (("cpu", "300m"), ("memory", "150Mi")))),
        _pod("spec.docaTelemetryService", "doca-telemetry-service", "state-doca-telemetry-service/0010-doca-telemetry-service.yaml"),
        _pod(nco, "manager", "state-nic-configuration-operator/060-operator.yaml",
             ((("cpu", "100m"), ("memory", "256Mi")), (("cpu", "1000m"), ("memory", "5Gi"))), count=("1",), label="nic-configuration-operator",
             own=f"{nco}.operator"),
        _pod(nco, "nic-configuration-daemon", "state-nic-configuration-operator/070-config-daemon.yaml",
             ((("cpu", "100m"), ("memory", "512Mi")), (("memory", "5Gi"),)), own=f"{nco}.configurationDaemon"),
        _pod("spec.spectrumXOperator", "spectrum-x-flowcontroller", "state-spectrum-x-operator/0050-flowcontroller-ds.yaml"),
    )  # fmt: skip


NICCLUSTERPOLICY_KINDS: Final = (
    WorkloadKind("mellanox.com", "NicClusterPolicy", _pods(), f"{_REPO} api/v1alpha1/nicclusterpolicy_types.go, pkg/state/state_*.go"),
)
