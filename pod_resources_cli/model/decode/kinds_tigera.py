"""The Tigera operator: Installation (operator.tigera.io/v1; tigera/operator
@40788b9b6bef api/v1/installation_types.go), the object that installs
Calico. For it the operator renders (pkg/controller/installation/
core_controller.go):

- the calico-node DaemonSet (pkg/render/node.go nodeDaemonset): the
  container ``calico-node``, the init container ``ebpf-bootstrap`` always,
  and ``flexvol-driver``, ``cni-plugins``, ``install-cni`` and
  ``key-cert-provisioner`` by the installation's CNI plugin, FlexVolume
  path and certificate management, whose defaults follow the Kubernetes
  provider the operator detects in the cluster (core_controller.go
  fillDefaults: AKS AzureVNET, EKS AmazonVPC, GKE GKE, else Calico): the
  pod is as written;
- the calico-typha Deployment (pkg/render/typha.go): ``calico-typha``,
  ``key-cert-provisioner`` with ``spec.certificateManagement``; how many the
  operator's Typha autoscaler decides from the number of nodes
  (pkg/common/autoscale.go GetExpectedTyphaScale): no count;
- the calico-kube-controllers Deployment (pkg/render/kubecontrollers/
  kube-controllers.go): one replica (``var replicas int32 = 1``),
  ``calico-kube-controllers``, ``key-cert-provisioner`` with
  ``spec.certificateManagement``.

A container's resources (``Derive``): the override's container of its
name, under ``spec.calicoNodeDaemonSet`` / ``spec.typhaDeployment`` /
``spec.calicoKubeControllersDeployment`` ``.spec.template.spec.containers``,
where it writes ``resources`` (pkg/render/common/components/components.go
mergeContainerOverrides: ``if co.Resources != nil``, the last of a name
winning), else the first ``spec.componentResources`` entry of the
component's name (``Node``, ``Typha``, ``KubeControllers``) with
``resourceRequirements`` (pkg/render/common/meta GetResourceRequirements),
else none: the operator sets no default. An init container takes the
override's ``initContainers`` entry of its name where its resources are not
empty (mergeContainers), else none. The pods' priorityClassName is the
operator's: system-node-critical for calico-node (pkg/render/render.go
SetNodeCriticalPod), system-cluster-critical for typha and kube-controllers
(SetClusterCriticalPod); the overrides have no such field.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Derive, Derived, FieldIn, MainContainer, PodPath, WorkloadKind
from pod_resources_cli.model.decode.problems import Problems, as_mapping, resource_list

_REPO: Final = "tigera/operator"
_RENDER: Final = f"{_REPO} pkg/render"
_NODE_AS_WRITTEN: Final = (
    "the Tigera operator adds the init containers install-cni, cni-plugins and flexvol-driver by the CNI plugin and "
    "FlexVolume path it defaults from the Kubernetes provider it detects in the cluster"
)
_CERTS: Final = FieldIn("/spec.certificateManagement", (), match="written")


def _named(items: Any, name: str) -> tuple[int, dict[str, Any]] | None:
    """The last item of the list named ``name`` (a map built from the list: the last of a name wins), with its index."""
    found = None
    for i, item in enumerate(items if isinstance(items, list) else []):
        if isinstance(item, dict) and item.get("name") == name:
            found = (i, item)
    return found


def _requirements(value: Any, at: Pointer, pointer: Pointer, problems: Problems, why: str) -> Derived:
    here = (*pointer, *at)
    mapping = as_mapping(value, here, problems, "a ResourceRequirements") or {}
    requests = resource_list(mapping.get("requests"), (*here, "requests"), problems) or {}
    limits = resource_list(mapping.get("limits"), (*here, "limits"), problems) or {}
    return Derived(requests, limits, (why,), at)


def _derive(override: str, container: str, component: str | None, init: bool = False) -> Derive:
    """The container's resources from the Installation's ``spec`` (see the module's docstring)."""
    kind = "initContainers" if init else "containers"

    def compute(spec: Any, pointer: Pointer, problems: Problems) -> Derived:
        spec = spec if isinstance(spec, dict) else {}
        template_spec: Any = spec
        for key in (override, "spec", "template", "spec"):
            template_spec = template_spec.get(key) if isinstance(template_spec, dict) else None
        found = _named(template_spec.get(kind) if isinstance(template_spec, dict) else None, container)
        if found is not None:
            i, item = found
            resources = item.get("resources")
            written = resources not in (None, {}) if init else resources is not None
            if written:
                at: Pointer = (override, "spec", "template", "spec", kind, i, "resources")
                merge = "mergeContainers" if init else "mergeContainerOverrides"
                return _requirements(resources, at, pointer, problems, f"spec.{override} {kind} {container} resources ({_RENDER}/common/components/components.go {merge})")
        if component is not None:
            entries = spec.get("componentResources")
            for i, entry in enumerate(entries if isinstance(entries, list) else []):
                if isinstance(entry, dict) and entry.get("componentName") == component and entry.get("resourceRequirements") is not None:
                    at = ("componentResources", i, "resourceRequirements")
                    why = f"spec.componentResources {component} ({_RENDER}/common/meta GetResourceRequirements)"
                    return _requirements(entry["resourceRequirements"], at, pointer, problems, why)
        return Derived({}, {}, (f"no resources: spec.{override} and spec.componentResources set none, and the operator sets none ({_RENDER})",))

    return Derive("/spec", compute)


def _container(override: str, name: str, component: str | None, source: str, init: bool = False, if_fields: tuple[FieldIn, ...] = ()) -> MainContainer:
    return MainContainer(name, f"{_RENDER}/{source}", derive=_derive(override, name, component, init), init=init, if_fields=if_fields)


def _pods() -> tuple[PodPath, ...]:
    node = (
        _container("calicoNodeDaemonSet", "ebpf-bootstrap", None, "node.go bpfBootstrapInitContainer", init=True),
        _container("calicoNodeDaemonSet", "calico-node", "Node", "node.go nodeContainer"),
    )
    typha = (
        _container("typhaDeployment", "key-cert-provisioner", None, "typha.go (certificate management)", init=True, if_fields=(_CERTS,)),
        _container("typhaDeployment", "calico-typha", "Typha", "typha.go typhaContainer"),
    )  # fmt: skip
    controllers = (
        _container("calicoKubeControllersDeployment", "key-cert-provisioner", None, "kubecontrollers/kube-controllers.go (certificate management)",
                   init=True, if_fields=(_CERTS,)),
        _container("calicoKubeControllersDeployment", "calico-kube-controllers", "KubeControllers", "kubecontrollers/kube-controllers.go"),
    )  # fmt: skip
    return (
        PodPath("spec.calicoNodeDaemonSet", "operator", label="calico-node", main=node, empty_when_absent=True, always_made=True,
                priority_class="system-node-critical", as_written=_NODE_AS_WRITTEN),
        PodPath("spec.typhaDeployment", "operator", label="calico-typha", main=typha, empty_when_absent=True, always_made=True,
                priority_class="system-cluster-critical"),
        PodPath("spec.calicoKubeControllersDeployment", "operator", count=("1",), label="calico-kube-controllers", main=controllers,
                empty_when_absent=True, always_made=True,
                priority_class="system-cluster-critical"),
    )  # fmt: skip


TIGERA_KINDS: Final = (WorkloadKind("operator.tigera.io", "Installation", _pods(), f"{_REPO} api/v1/installation_types.go"),)
