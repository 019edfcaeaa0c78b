"""KubeVirt (kubevirt/kubevirt d923fdb815cd, kubevirt.io, pool.kubevirt.io):
each VirtualMachineInstance runs in one virt-launcher pod that virt-controller
renders from the VMI (pkg/virt-controller/services/template.go
renderLaunchManifest), its ``compute`` container first.

Pods:

- VirtualMachineInstance: one pod.
- VirtualMachine: ``spec.template`` is the VMI it makes (pkg/virt-controller/
  watch/vm/vm.go): one pod where it runs at creation, ``running: true`` or
  ``runStrategy`` Always, RerunOnFailure or Once; none (reported x0, as a
  Deployment of 0 replicas is) for Halted (also when neither is written:
  api/core/v1 VirtualMachine.RunStrategy), Manual (started by a request) and
  WaitAsReceiver (its VMI waits for a migration's pod).
- VirtualMachineInstanceReplicaSet: ``spec.replicas`` (1 unset,
  watch/replicaset/replicaset.go calcDiff) VMIs of ``spec.template``.
- VirtualMachinePool: ``spec.replicas`` (1 unset, watch/pool/pool.go
  calcDiff) VMs of ``spec.virtualMachineTemplate``, each running as above.

The ``compute`` container's resources are computed in kubevirt_launcher.py.

KubeVirt's support containers (guest-console-log, one for each containerDisk
volume, the container-disk binary, hook and network-binding sidecars,
virtiofs) ask requests equal to their limits whenever the VMI's CPUs are
dedicated or its cpu and memory requests equal its limits, and ask less
otherwise, so the compute container decides the QoS class; they and the
devices.kubevirt.io resources are not modelled, nor what a cluster's KubeVirt
configuration changes (the ratios, supportContainerResources, limits set
where a namespace's ResourceQuota caps them, network binding plugins): the
pods are as written. A VirtualMachine's ``spec.instancetype`` supplies its
CPUs and memory from another object, and presets matched by labels may add
resources (mutators/preset.go): not known here.
"""
from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import Derive, FieldIn, MainContainer, PodPath, WorkloadKind
from pod_resources_cli.model.decode.kubevirt_launcher import KV as _KV
from pod_resources_cli.model.decode.kubevirt_launcher import launcher_compute


_COMPUTE: Final = f"{_KV} pkg/virt-controller/services/template.go renderLaunchManifest"
_AS_WRITTEN: Final = (
    "KubeVirt adds its support containers (guest-console-log, one for each containerDisk, hook sidecars; each asks requests equal "
    "to its limits where compute does) and devices.kubevirt.io resources to the virt-launcher pod, and the cluster's KubeVirt "
    "configuration may change what compute gets (its shipped defaults are applied)"
)
_INSTANCETYPE: Final = "the VirtualMachine's instancetype (another object) sets its CPUs and memory"
# vm.go: Always, RerunOnFailure and Once start the VMI when the VM is created; Halted, Manual and WaitAsReceiver do not
_RUNS: Final = ("Always", "RerunOnFailure", "Once")
_STOPPED: Final = ("Halted", "Manual", "WaitAsReceiver")


def _launcher(
    path: str, vmi: str, count: tuple[str, ...], when: FieldIn | tuple[FieldIn, ...] | None = None, instancetype: str | None = None
) -> PodPath:
    """The pod of the VMI at ``vmi`` (``metadata`` and ``spec``; empty: the object), found at ``path``."""
    main = MainContainer("compute", _COMPUTE, derive=Derive(vmi, launcher_compute))
    return PodPath(path, "operator", count=count, main=(main,), as_written=_AS_WRITTEN, if_field=when, label="virt-launcher",
                   patched_by=((f"/{instancetype}",), _INSTANCETYPE) if instancetype else None)  # fmt: skip


def _vm(at: str, replicas: tuple[str, ...]) -> tuple[PodPath, ...]:
    """A VirtualMachine's one pod (VirtualMachine.RunStrategy: ``running`` true is Always, neither written is Halted; the API
    server refuses both written, and such a VM is given no running pod here)."""
    template, instancetype = f"{at}.template", f"{at}.instancetype"
    return (
        _launcher(template, template, (*replicas, "1"), FieldIn(f"{at}.running", ("true",)), instancetype),
        _launcher(template, template, (*replicas, "1"), (FieldIn(f"{at}.runStrategy", _RUNS), FieldIn(f"{at}.running", ("",))), instancetype),
        _launcher(template, template, (*replicas, "0"), (FieldIn(f"{at}.running", ("false",), "false"), FieldIn(f"{at}.runStrategy", _STOPPED, "Halted")), instancetype),
    )  # fmt: skip


KUBEVIRT_KINDS: Final = (
    WorkloadKind("kubevirt.io", "VirtualMachineInstance", (_launcher("spec", "", ("1",)),), f"{_KV} staging/src/kubevirt.io/api/core/v1/types.go"),
    WorkloadKind("kubevirt.io", "VirtualMachine", _vm("spec", ()), f"{_KV} staging/src/kubevirt.io/api/core/v1/types.go, pkg/virt-controller/watch/vm/vm.go"),
    WorkloadKind(
        "kubevirt.io", "VirtualMachineInstanceReplicaSet", (_launcher("spec.template", "spec.template", ("/spec.replicas=1",)),),
        f"{_KV} staging/src/kubevirt.io/api/core/v1/types.go, pkg/virt-controller/watch/replicaset/replicaset.go",
    ),
    WorkloadKind(
        "pool.kubevirt.io", "VirtualMachinePool", _vm("spec.virtualMachineTemplate.spec", ("/spec.replicas=1",)),
        f"{_KV} staging/src/kubevirt.io/api/pool/v1beta1/types.go, pkg/virt-controller/watch/pool/pool.go",
    ),
)  # fmt: skip
