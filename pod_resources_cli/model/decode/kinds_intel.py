"""Intel's device plugins operator: GpuDevicePlugin, QatDevicePlugin,
SgxDevicePlugin, DsaDevicePlugin, IaaDevicePlugin, DlbDevicePlugin,
FpgaDevicePlugin and NpuDevicePlugin (deviceplugin.intel.com v1;
intel/intel-device-plugins-for-kubernetes 94a91bc94134,
pkg/apis/deviceplugin/v1/*deviceplugin_types.go). For each object the
controller of its kind (pkg/controllers/<kind>/controller.go NewDaemonSet,
run by pkg/controllers/reconciler.go) makes one DaemonSet, one pod a node
its ``spec.nodeSelector`` selects (no count), from the plugin's own
manifest that the operator embeds (deployments/daemonsets.go
``//go:embed <kind>_plugin/base/*plugin*.yaml``). The controller sets the
plugin container's image, args, node selector and tolerations from the
object, and never its resources: the container keeps the manifest's
(deployments/<kind>_plugin/base/intel-<kind>-plugin.yaml):

========  ==================  ========  ========  ========  ========
kind      container           cpu req   mem req   cpu lim   mem lim
========  ==================  ========  ========  ========  ========
Gpu       intel-gpu-plugin    40m       45Mi      100m      90Mi
Qat       intel-qat-plugin    70m       15Mi      140m      30Mi
Sgx       intel-sgx-plugin    40m       15Mi      100m      30Mi
Dsa       intel-dsa-plugin    50m       25Mi      100m      50Mi
Iaa       intel-iaa-plugin    60m       25Mi      120m      50Mi
Dlb       intel-dlb-plugin    40m       15Mi      100m      30Mi
Fpga      intel-fpga-plugin   80m       30Mi      160m      60Mi
Npu       intel-npu-plugin    40m       45Mi      100m      90Mi
========  ==================  ========  ========  ========  ========

Where ``spec.initImage`` is written, the controller adds one init container
without resources (gpu ``intel-gpu-initcontainer``, sgx
``intel-sgx-initcontainer``: setInitContainer; dsa
``intel-idxd-config-initcontainer``, iaa ``intel-iaa-initcontainer``:
addInitContainer; qat ``intel-qat-initcontainer``, dlb ``enable-vfs``:
setInitContainer). The FPGA manifest lists its init container
``intel-fpga-initcontainer`` (no resources) and NewDaemonSet keeps it,
whatever ``initImage`` says. The NPU plugin has none. The pods are final.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, OperatorDefaults, PodPath, WorkloadKind

_REPO: Final = "intel/intel-device-plugins-for-kubernetes"

# (kind, plugin directory, manifest file, container, (cpu, memory) requests, (cpu, memory) limits, init container,
# the function that adds it, whether it is added only with spec.initImage)
_PLUGINS: Final = (
    ("GpuDevicePlugin", "gpu", "intel-gpu-plugin.yaml", "intel-gpu-plugin", ("40m", "45Mi"), ("100m", "90Mi"), "intel-gpu-initcontainer", "setInitContainer", True),
    ("QatDevicePlugin", "qat", "intel-qat-plugin.yaml", "intel-qat-plugin", ("70m", "15Mi"), ("140m", "30Mi"), "intel-qat-initcontainer", "setInitContainer", True),
    ("SgxDevicePlugin", "sgx", "intel-sgx-plugin.yaml", "intel-sgx-plugin", ("40m", "15Mi"), ("100m", "30Mi"), "intel-sgx-initcontainer", "setInitContainer", True),
    ("DsaDevicePlugin", "dsa", "intel-dsa-plugin.yaml", "intel-dsa-plugin", ("50m", "25Mi"), ("100m", "50Mi"), "intel-idxd-config-initcontainer", "addInitContainer", True),
    ("IaaDevicePlugin", "iaa", "intel-iaa-plugin.yaml", "intel-iaa-plugin", ("60m", "25Mi"), ("120m", "50Mi"), "intel-iaa-initcontainer", "addInitContainer", True),
    ("DlbDevicePlugin", "dlb", "intel-dlb-plugin.yaml", "intel-dlb-plugin", ("40m", "15Mi"), ("100m", "30Mi"), "enable-vfs", "setInitContainer", True),
    ("FpgaDevicePlugin", "fpga", "intel-fpga-plugin-daemonset.yaml", "intel-fpga-plugin", ("80m", "30Mi"), ("160m", "60Mi"), "intel-fpga-initcontainer", "", False),
    ("NpuDevicePlugin", "npu", "intel-npu-plugin.yaml", "intel-npu-plugin", ("40m", "45Mi"), ("100m", "90Mi"), "", "", False),
)  # fmt: skip


def _kind(kind: str, plugin: str, manifest: str, container: str, requests: tuple[str, str], limits: tuple[str, str],
          init: str, adds_init: str, with_image: bool) -> WorkloadKind:  # fmt: skip
    """The DaemonSet the controller of ``kind`` makes (made also where ``spec`` is not written)."""
    source = f"{_REPO} pkg/controllers/{plugin}/controller.go NewDaemonSet, deployments/{plugin}_plugin/base/{manifest}"
    shipped = OperatorDefaults(requests=(("cpu", requests[0]), ("memory", requests[1])), limits=(("cpu", limits[0]), ("memory", limits[1])))
    main: tuple[MainContainer, ...] = (MainContainer(container, source, defaults=(shipped,)),)
    if init and with_image:
        main += (MainContainer(init, f"{_REPO} pkg/controllers/{plugin}/controller.go {adds_init}", present="/spec.initImage", init=True),)
    elif init:
        main += (MainContainer(init, source, init=True),)
    return WorkloadKind("deviceplugin.intel.com", kind,
                        (PodPath("spec", "operator", main=main, empty_when_absent=True, always_made=True),),
                        f"{_REPO} pkg/apis/deviceplugin/v1/{plugin}deviceplugin_types.go")  # fmt: skip


INTEL_KINDS: Final = tuple(_kind(*plugin) for plugin in _PLUGINS)
