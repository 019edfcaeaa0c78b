"""The PTP Operator's PtpOperatorConfig (ptp.openshift.io v1; openshift/ptp-operator
8b36d28fe346 api/v1/ptpoperatorconfig_types.go). The operator reconciles
only the object named ``default`` (controllers/ptpoperatorconfig_controller.go
Reconcile reads names.DefaultOperatorConfigName, and creates it where it is
missing), and renders from it the DaemonSet ``linuxptp-daemon`` of one pod a
node (no count; ``spec.daemonNodeSelector`` picks the nodes) from its own
manifest, bindata/linuxptp/ptp-daemon.yaml (syncLinuxptpDaemon), whose
resources it never changes:

- ``cloud-event-proxy`` first, only where
  ``spec.ptpEventConfig.enableEventPublisher`` is true (the template's
  ``{{ if (eq .EnableEventPublisher true) }}``; false where
  ``ptpEventConfig`` is unset): no resources;
- ``kube-rbac-proxy``: requests of 10m cpu and 20Mi of memory, no limits;
- ``linuxptp-daemon-container``: requests of 20m cpu and 50Mi of memory, no
  limits.

The pod's priorityClassName is ``system-node-critical``. The pods are final.
PtpConfig objects are the ptp4l/phc2sys profiles that daemon loads (a
ConfigMap the controller writes: ptpconfig_controller.go), no pods.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, WorkloadKind

_REPO: Final = "openshift/ptp-operator"
_MANIFEST: Final = f"{_REPO} controllers/ptpoperatorconfig_controller.go syncLinuxptpDaemon, bindata/linuxptp/ptp-daemon.yaml"
_DEFAULT: Final = FieldIn("metadata.name", ("default",))


def _daemon() -> PodPath:
    main = (
        MainContainer("cloud-event-proxy", _MANIFEST, if_fields=(FieldIn("/spec.ptpEventConfig.enableEventPublisher", ("true",)),)),
        MainContainer("kube-rbac-proxy", _MANIFEST, defaults=(OperatorDefaults(requests=(("cpu", "10m"), ("memory", "20Mi"))),)),
        MainContainer("linuxptp-daemon-container", _MANIFEST, defaults=(OperatorDefaults(requests=(("cpu", "20m"), ("memory", "50Mi"))),)),
    )
    return PodPath("spec", "operator", label="linuxptp-daemon", main=main, empty_when_absent=True, always_made=True, if_field=_DEFAULT,
                   priority_class="system-node-critical")  # fmt: skip


PTP_KINDS: Final = (WorkloadKind("ptp.openshift.io", "PtpOperatorConfig", (_daemon(),), f"{_REPO} api/v1/ptpoperatorconfig_types.go"),)
