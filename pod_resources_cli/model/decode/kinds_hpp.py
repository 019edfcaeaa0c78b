"""KubeVirt's hostpath provisioner operator: HostPathProvisioner (hostpathprovisioner.kubevirt.io;
kubevirt/hostpath-provisioner-operator @03d4d6711f6a pkg/apis/hostpathprovisioner/v1beta1/hostpathprovisioner_types.go).

The controller builds, from the object's fields alone (the images come from its own environment), these pods,
every container with the requests it writes itself (``resource.MustParse``) and no limits, so Burstable:

- the CSI driver DaemonSet ``hostpath-provisioner-csi``, one pod a node, always
  (pkg/controller/hostpathprovisioner/daemonset.go createCSIDaemonSetObject): containers
  ``hostpath-provisioner``, ``node-driver-registrar``, ``liveness-probe`` and ``csi-provisioner``,
  each requesting 10m cpu and 150Mi memory; with ``csi-snapshotter`` (createSnapshotSideCarContainer: no
  resources) where ``spec.featureGates`` lists ``Snapshotting`` (controller.go isFeatureGateEnabled);
- the legacy DaemonSet ``hostpath-provisioner`` where ``spec.pathConfig`` is written (controller.go isLegacy:
  ``cr.Spec.PathConfig != nil``; createDaemonSetObject): one container ``hostpath-provisioner``, 10m/150Mi;
- for each storage pool with a ``pvcTemplate``, one Deployment of one pod on each node the workload selects
  (storagepool.go reconcileStoragePoolDeploymentByNode, createStoragePoolDeployment): the container
  ``mounter``, 10m/100Mi. A pool with a ``path`` only makes no pod.

``spec.workload`` (nodeSelector, tolerations, affinity) places the pods; the operator sets no
priorityClassName on them.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, WorkloadKind

_REPO: Final = "kubevirt/hostpath-provisioner-operator"
_DAEMONSET: Final = "pkg/controller/hostpathprovisioner/daemonset.go"
_CSI: Final = OperatorDefaults(requests=(("cpu", "10m"), ("memory", "150Mi")))
_MOUNTER: Final = OperatorDefaults(requests=(("cpu", "10m"), ("memory", "100Mi")))


def _csi(name: str) -> MainContainer:
    return MainContainer(name, f"{_REPO} {_DAEMONSET} createCSIDaemonSetObject", defaults=(_CSI,))


def _pods() -> tuple[PodPath, ...]:
    snapshotter = MainContainer(
        "csi-snapshotter", f"{_REPO} {_DAEMONSET} createSnapshotSideCarContainer",
        if_fields=(FieldIn("/spec.featureGates[*]", ("Snapshotting",)),),
    )  # fmt: skip
    legacy = MainContainer("hostpath-provisioner", f"{_REPO} {_DAEMONSET} createDaemonSetObject", defaults=(_CSI,))
    mounter = MainContainer("mounter", f"{_REPO} pkg/controller/hostpathprovisioner/storagepool.go createStoragePoolDeployment", defaults=(_MOUNTER,))
    return (
        PodPath("spec", "operator", label="hostpath-provisioner-csi",
                main=(*(_csi(n) for n in ("hostpath-provisioner", "node-driver-registrar", "liveness-probe", "csi-provisioner")), snapshotter)),
        PodPath("spec.pathConfig", "operator", label="hostpath-provisioner (legacy)", main=(legacy,)),
        PodPath("spec.storagePools[*]", "operator", name="name", label="storage pool mounter", main=(mounter,),
                if_element=(FieldIn("pvcTemplate", (), match="written"),)),
    )  # fmt: skip


HPP_KINDS: Final = (
    WorkloadKind("hostpathprovisioner.kubevirt.io", "HostPathProvisioner", _pods(),
                 f"{_REPO} pkg/apis/hostpathprovisioner/v1beta1/hostpathprovisioner_types.go; pkg/controller/hostpathprovisioner"),
)  # fmt: skip
