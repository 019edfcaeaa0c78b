"""Kernel Module Management: Module (kmm.sigs.x-k8s.io v1beta1;
kubernetes-sigs/kernel-module-management @de3f8c9d5eae api/v1beta1/
module_types.go ModuleSpec; OpenShift's KMM operator is its downstream).
For a Module the operator makes:

- where ``spec.moduleLoader`` is written, one worker pod on each node that
  ``spec.selector`` selects (no count), through that node's
  NodeModulesConfig (internal/pod/workerpodmanager.go makeLoadPod/
  baseWorkerPod): the init container ``image-extractor`` (the kernel
  mapping's image, which copies the module files out) and the container
  ``worker`` (the operator's worker image, which runs modprobe), both with
  the operator's fixed resources: requests cpu ``0.5`` (500m) and memory
  64Mi, limits cpu 1 and memory 128Mi (the package variables ``requests``
  and ``limits``), a Burstable pod. Its restartPolicy is OnFailure: it
  loads the module and ends (another one unloads it);
- where ``spec.devicePlugin`` is written, one DaemonSet
  (internal/controllers/device_plugin_reconciler.go
  setDevicePluginAsDesired): the container ``device-plugin`` from
  ``spec.devicePlugin.container`` with its ``resources`` as written, after
  the init container ``device-plugin-init`` from
  ``spec.devicePlugin.initContainer`` where that is written
  (generatePodContainerSpec), the pod's priorityClassName
  ``system-node-critical``.

Not modelled: the build and signing pods made only where a kernel
mapping's image does not exist yet (``build``, ``sign``), and the DRA
driver DaemonSet of ``spec.dra`` (Kubernetes 1.34 and later).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "kubernetes-sigs/kernel-module-management"
_WORKER_GO: Final = f"{_REPO} internal/pod/workerpodmanager.go baseWorkerPod"
_DEVICE_PLUGIN_GO: Final = f"{_REPO} internal/controllers/device_plugin_reconciler.go setDevicePluginAsDesired, generatePodContainerSpec"
# workerpodmanager.go: requests cpu resource.MustParse("0.5") (500m), memory 64Mi; limits cpu 1, memory 128Mi
_WORKER: Final = OperatorDefaults(requests=(("cpu", "500m"), ("memory", "64Mi")), limits=(("cpu", "1"), ("memory", "128Mi")))


def _pods() -> tuple[PodPath, ...]:
    worker = (
        MainContainer("image-extractor", _WORKER_GO, defaults=(_WORKER,), init=True),
        MainContainer("worker", _WORKER_GO, defaults=(_WORKER,)),
    )
    device_plugin = (
        MainContainer("device-plugin", _DEVICE_PLUGIN_GO, shorthand=Shorthand("/spec.devicePlugin.container.resources", "requirements")),
        MainContainer("device-plugin-init", _DEVICE_PLUGIN_GO, shorthand=Shorthand("/spec.devicePlugin.initContainer.resources", "requirements"),
                      present="/spec.devicePlugin.initContainer", init=True),
    )  # fmt: skip
    return (
        PodPath("spec.moduleLoader", "operator", label="worker", main=worker),
        PodPath("spec.devicePlugin", "operator", label="device-plugin", main=device_plugin, priority_class="system-node-critical"),
    )


KMM_KINDS: Final = (WorkloadKind("kmm.sigs.x-k8s.io", "Module", _pods(), f"{_REPO} api/v1beta1/module_types.go"),)
