"""PMEM-CSI's operator: PmemCSIDeployment (pmem-csi.intel.com/v1beta1, cluster-scoped;
intel/pmem-csi @1f1f9c2a357a pkg/apis/pmemcsi/v1beta1/deployment_types.go).
For each object the operator (pkg/pmem-csi-operator/controller/deployment/
controller_driver.go subObjectHandlers, all always made: none has an
``enabled`` test) builds, in its own namespace, from the object's fields
after EnsureDefaults:

- the Deployment ``<name>-controller`` (getControllerDeployment):
  ``spec.controllReplicas`` pods (the JSON key is spelt so; 0 or unset: 1),
  priorityClassName ``system-cluster-critical``, one container
  ``pmem-driver`` (getControllerContainer) whose resources are
  ``*spec.controllerDriverResources`` whole;
- the DaemonSet ``<name>-node`` (getNodeDaemonSet), one pod a node of
  ``spec.nodeSelector``, priorityClassName ``system-node-critical``:
  ``pmem-driver`` (``spec.nodeDriverResources``), ``driver-registrar``
  (``spec.nodeRegistrarResources``), ``external-provisioner``
  (``spec.provisionerResources``), each that field whole;
- the DaemonSet ``<name>-node-setup`` (getNodeSetupDaemonSet), one pod on
  each node labelled ``<name>/convert-raw-namespaces: force``: one
  privileged ``pmem-driver`` (getNodeSetupContainer) with no resources and
  no priorityClassName, a BestEffort pod whatever the object writes.

EnsureDefaults fills each of the four resource fields only where it is nil
(a Go pointer: unset or null; a written ``{}`` stays empty) with requests
alone, no limits: the controller's 12m cpu and 128Mi of memory
(DefaultControllerResourceRequestCPU/Memory), the node driver's 100m and
250Mi, the registrar's and the provisioner's 12m and 128Mi each. The pods are
final: nothing else sets their resources.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "intel/pmem-csi"
_DRIVER: Final = f"{_REPO} pkg/pmem-csi-operator/controller/deployment/controller_driver.go"
_TYPES: Final = f"{_REPO} pkg/apis/pmemcsi/v1beta1/deployment_types.go"


def _container(name: str, field: str, cpu: str, memory: str, how: str) -> MainContainer:
    """``name`` with ``spec.<field>`` whole, EnsureDefaults' requests where that pointer is nil."""
    defaults = OperatorDefaults(requests=(("cpu", cpu), ("memory", memory)), when=(f"spec.{field}", None))
    return MainContainer(name, f"{_DRIVER} {how}, {_TYPES} EnsureDefaults", shorthand=Shorthand(f"/spec.{field}", "requirements"), defaults=(defaults,))


def _pods() -> tuple[PodPath, ...]:
    controller = _container("pmem-driver", "controllerDriverResources", "12m", "128Mi", "getControllerContainer")
    node = (
        _container("pmem-driver", "nodeDriverResources", "100m", "250Mi", "getNodeDriverContainer"),
        _container("driver-registrar", "nodeRegistrarResources", "12m", "128Mi", "getNodeRegistrarContainer"),
        _container("external-provisioner", "provisionerResources", "12m", "128Mi", "getProvisionerContainer"),
    )
    setup = MainContainer("pmem-driver", f"{_DRIVER} getNodeSetupContainer")
    return (
        PodPath("spec", "operator", count=("/spec.controllReplicas=1+",), label="controller", main=(controller,), empty_when_absent=True,
                always_made=True, priority_class="system-cluster-critical"),
        PodPath("spec", "operator", label="node", main=node, empty_when_absent=True, always_made=True, priority_class="system-node-critical"),
        PodPath("spec", "operator", label="node-setup", main=(setup,), empty_when_absent=True, always_made=True),
    )  # fmt: skip


PMEMCSI_KINDS: Final = (WorkloadKind("pmem-csi.intel.com", "PmemCSIDeployment", _pods(), _TYPES),)
