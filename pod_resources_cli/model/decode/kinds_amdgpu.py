"""AMD's GPU operator: DeviceConfig (amd.com/v1alpha1;
ROCm/gpu-operator @6df13c1788c9 api/v1alpha1/deviceconfig_types.go).
For each DeviceConfig the controller (internal/controllers/
device_config_reconciler.go) makes, from the object's fields alone, these
DaemonSets, each of one pod a node (no count), each pod with the init
container ``driver-init`` (which waits for the amdgpu driver; no resources)
before its container, and the priorityClassName ``system-node-critical``:

- the device plugin (handleDevicePlugin, internal/plugin/plugin.go
  SetDevicePluginAsDesired): the container ``device-plugin``, no
  resources; made where ``spec.devicePlugin.enableDevicePlugin`` is true
  (DevicePluginSpec.IsEnabled: a nil pointer is false). The CRD defaults it
  to true, but only inside a written ``spec.devicePlugin``: the API server
  applies no default under an absent parent, so a DeviceConfig without
  ``spec.devicePlugin`` has no device plugin;
- the node labeller (handleNodeLabeller, internal/nodelabeller/
  nodelabeller.go SetNodeLabellerAsDesired): ``node-labeller-container``,
  no resources; by ``spec.devicePlugin.enableNodeLabeller`` the same way;
- the DRA driver (handleDRADriver, plugin.go SetDRADriverAsDesired): the
  container ``plugin``, no resources; where ``spec.draDriver.enable`` is
  true (CRD default false);
- the metrics exporter (handleMetricsExporter, internal/metricsexporter/
  metricsexporter.go SetMetricsExporterAsDesired): where
  ``spec.metricsExporter.enable`` is true, ``metrics-exporter-container``
  with ``spec.metricsExporter.resource`` whole where it is written (a
  pointer: ``if mSpec.Resource != nil``), else the operator's requests
  ``500m`` cpu and ``512M`` memory and limits ``2`` cpu and ``4G`` memory
  (``resource.MustParse``); with ``rbacConfig.enable`` true the
  ``kube-rbac-proxy-container`` beside it, no resources;
- the test runner (handleTestRunner, internal/testrunner/testrunner.go):
  ``test-runner-container``, no resources; only where both
  ``spec.testRunner.enable`` and ``spec.metricsExporter.enable`` are true;
- the config manager (handleConfigManager, internal/configmanager/
  configmanager.go): ``device-config-manager-container``, no resources;
  where ``spec.configManager.enable`` is true.

All but the metrics exporter are BestEffort pods, as the operator writes
them. Not modelled: the KMM Module the operator makes for ``spec.driver``
(its pods are the KMM operator's, internal/kmmmodule/kmmmodule.go).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "ROCm/gpu-operator"
_CRITICAL: Final = "system-node-critical"
_EXPORTER_DEFAULTS: Final = OperatorDefaults(requests=(("cpu", "500m"), ("memory", "512M")), limits=(("cpu", "2"), ("memory", "4G")))


def _true(path: str) -> FieldIn:
    """A ``*bool`` the controller tests as ``!= nil && *p``: written true."""
    return FieldIn(path, ("true",))


def _defaulted_true(parent: str, field: str) -> tuple[FieldIn, ...]:
    """A ``*bool`` with the CRD default true, which the API server applies only inside a written ``parent``."""
    return (FieldIn(parent, (), match="written"), FieldIn(f"{parent}.{field}", ("false",), default="true", negate=True))


def _pod(label: str, container: str, code: str, if_field: tuple[FieldIn, ...], *more: MainContainer) -> PodPath:
    """A DaemonSet's pod: ``driver-init``, then ``container`` (no resources) and ``more``."""
    source = f"{_REPO} {code}"
    init = MainContainer("driver-init", source, init=True)
    main = MainContainer(container, source)
    return PodPath("spec", "operator", label=label, main=(init, main, *more), if_field=if_field, priority_class=_CRITICAL)


def _exporter() -> PodPath:
    code = "internal/metricsexporter/metricsexporter.go SetMetricsExporterAsDesired"
    exporter = MainContainer(
        "metrics-exporter-container", f"{_REPO} {code}",
        shorthand=Shorthand("/spec.metricsExporter.resource", "requirements", over="always"), defaults=(_EXPORTER_DEFAULTS,),
    )  # fmt: skip
    proxy = MainContainer("kube-rbac-proxy-container", f"{_REPO} {code}", if_fields=(_true("/spec.metricsExporter.rbacConfig.enable"),))
    init = MainContainer("driver-init", f"{_REPO} {code}", init=True)
    return PodPath("spec", "operator", label="metrics-exporter", main=(init, exporter, proxy), if_field=(_true("spec.metricsExporter.enable"),),
                   priority_class=_CRITICAL)  # fmt: skip


def _pods() -> tuple[PodPath, ...]:
    return (
        _pod("device-plugin", "device-plugin", "internal/plugin/plugin.go SetDevicePluginAsDesired",
             _defaulted_true("spec.devicePlugin", "enableDevicePlugin")),
        _pod("node-labeller", "node-labeller-container", "internal/nodelabeller/nodelabeller.go SetNodeLabellerAsDesired",
             _defaulted_true("spec.devicePlugin", "enableNodeLabeller")),
        _pod("dra-driver", "plugin", "internal/plugin/plugin.go SetDRADriverAsDesired", (_true("spec.draDriver.enable"),)),
        _exporter(),
        _pod("test-runner", "test-runner-container", "internal/testrunner/testrunner.go SetTestRunnerAsDesired",
             (_true("spec.testRunner.enable"), _true("spec.metricsExporter.enable"))),
        _pod("config-manager", "device-config-manager-container", "internal/configmanager/configmanager.go SetConfigManagerAsDesired",
             (_true("spec.configManager.enable"),)),
    )  # fmt: skip


AMD_GPU_KINDS: Final = (WorkloadKind("amd.com", "DeviceConfig", _pods(), f"{_REPO} api/v1alpha1/deviceconfig_types.go; internal/controllers/device_config_reconciler.go"),)
