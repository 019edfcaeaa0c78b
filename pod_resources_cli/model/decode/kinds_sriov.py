"""The SR-IOV Network Operator's SriovOperatorConfig
(sriovnetwork.openshift.io v1; k8snetworkplumbingwg/sriov-network-operator
249e20012faf api/v1/sriovoperatorconfig_types.go). The operator reconciles
only the object named ``default`` (controllers/sriovoperatorconfig_controller.go
Reconcile: "we setup manager to enqueue only default config obj";
pkg/consts DefaultConfigName), and renders from it DaemonSets of one pod a
node (no count) from its own manifests (bindata/manifests), whose resources
it never changes:

- ``sriov-network-config-daemon`` (syncConfigDaemonSet,
  bindata/manifests/daemon/daemonset.yaml), always: the container
  ``sriov-network-config-daemon`` requests 100m and 100Mi, no limits; the
  init containers ``sriov-cni`` and ``sriov-infiniband-cni`` request 10m
  and 10Mi each, and ``sriov-service-copy`` (the same) with
  ``spec.configurationMode: systemd``. ``ovs-cni`` and ``rdma-cni``
  (10m/10Mi requests, no limits) come only where the operator's own
  OVS_CNI_IMAGE and RDMA_CNI_IMAGE are set, which the object does not say:
  left out (an init container's 10m/10Mi changes none of the pod's
  requests, limits or QoS here);
- ``network-resources-injector`` (syncWebhookObjs,
  bindata/manifests/webhook/server.yaml) with ``spec.enableInjector: true``
  and ``operator-webhook`` (bindata/manifests/operator-webhook/server.yaml)
  with ``spec.enableOperatorWebhook: true``: their ``webhook-server``
  container requests 10m and 50Mi, no limits.

The config daemon's pods have the priorityClassName ``system-node-critical``
(a node-critical pod: OOM score adjustment -997), the two webhooks'
``system-cluster-critical`` (their manifests).

- ``sriov-device-plugin`` (syncPluginDaemonObjs in controllers/helper.go,
  bindata/manifests/plugins/sriov-device-plugin.yaml), always: its pods run
  on the nodes the config daemon labels once a SriovNetworkNodePolicy gives
  them devices; the container ``sriov-device-plugin`` requests 10m and 50Mi,
  no limits, after the init container ``sriov-device-plugin-init`` (no
  resources) while the feature gate ``blockDevicePluginUntilConfigured``
  holds (on by default: pkg/featuregate DefaultFeatureStates; merged with
  ``spec.featureGates``), priorityClassName ``system-node-critical``.

The metrics exporter (a feature gate) is not modelled. The pods are final.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, WorkloadKind

_REPO: Final = "k8snetworkplumbingwg/sriov-network-operator"
_CONTROLLER: Final = f"{_REPO} controllers/sriovoperatorconfig_controller.go"
_DEFAULT: Final = FieldIn("metadata.name", ("default",))
_CNI: Final = OperatorDefaults(requests=(("cpu", "10m"), ("memory", "10Mi")))
_WEBHOOK: Final = OperatorDefaults(requests=(("cpu", "10m"), ("memory", "50Mi")))


def _daemon() -> PodPath:
    manifest = f"{_CONTROLLER} syncConfigDaemonSet, bindata/manifests/daemon/daemonset.yaml"
    main = (
        MainContainer("sriov-cni", manifest, defaults=(_CNI,), init=True),
        MainContainer("sriov-infiniband-cni", manifest, defaults=(_CNI,), init=True),
        MainContainer("sriov-service-copy", manifest, defaults=(_CNI,), init=True, if_fields=(FieldIn("/spec.configurationMode", ("systemd",)),)),
        MainContainer("sriov-network-config-daemon", manifest, defaults=(OperatorDefaults(requests=(("cpu", "100m"), ("memory", "100Mi"))),)),
    )
    return PodPath("spec", "operator", label="sriov-network-config-daemon", main=main, empty_when_absent=True, always_made=True, if_field=_DEFAULT,
                   priority_class="system-node-critical")  # fmt: skip


def _device_plugin() -> PodPath:
    manifest = f"{_REPO} controllers/helper.go syncPluginDaemonObjs, bindata/manifests/plugins/sriov-device-plugin.yaml"
    gate = FieldIn("/spec.featureGates.blockDevicePluginUntilConfigured", ("true",), default="true")
    main = (
        MainContainer("sriov-device-plugin-init", manifest, init=True, if_fields=(gate,)),
        MainContainer("sriov-device-plugin", manifest, defaults=(OperatorDefaults(requests=(("cpu", "10m"), ("memory", "50Mi"))),)),
    )
    return PodPath("spec", "operator", label="sriov-device-plugin", main=main, empty_when_absent=True, always_made=True, if_field=_DEFAULT,
                   priority_class="system-node-critical")  # fmt: skip


def _webhook(label: str, flag: str, manifest: str) -> PodPath:
    main = (MainContainer("webhook-server", f"{_CONTROLLER} syncWebhookObjs, bindata/manifests/{manifest}/server.yaml", defaults=(_WEBHOOK,)),)
    return PodPath("spec", "operator", label=label, main=main, if_field=(_DEFAULT, FieldIn(f"spec.{flag}", ("true",))),
                   priority_class="system-cluster-critical")  # fmt: skip


SRIOV_KINDS: Final = (
    WorkloadKind(
        "sriovnetwork.openshift.io", "SriovOperatorConfig",
        (_daemon(), _webhook("network-resources-injector", "enableInjector", "webhook"),
         _webhook("operator-webhook", "enableOperatorWebhook", "operator-webhook"), _device_plugin()),
        f"{_REPO} api/v1/sriovoperatorconfig_types.go",
    ),
)  # fmt: skip
