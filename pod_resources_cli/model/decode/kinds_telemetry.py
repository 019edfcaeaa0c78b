"""kube-logging's Telemetry Controller (kube-logging/telemetry-controller @741b60a11308,
telemetry.kube-logging.dev/v1alpha1, api/telemetry/v1alpha1/collector_types.go):
a Collector is an OpenTelemetryCollector the controller writes in DaemonSet
mode (pkg/resources/manager/collector_manager.go: ``Mode:
otelv1beta1.ModeDaemonSet``, ``OpenTelemetryCommonFields:
*collector.Spec.OtelCommonFields``), so its pods are the OpenTelemetry
operator's (kinds_opentelemetry.py): one a node, ``otc-container`` with
``spec.otelCommonFields.resources`` whole (setOtelCommonFieldsDefaults sets
the image, the service account, arguments and host-path volumes, no
resources), then ``additionalContainers`` and ``initContainers`` as
written, the pod's ``priorityClassName`` from the same fields. Tenants,
Subscriptions, Outputs and Bridges are routing configuration the collector
renders, no pods (no_pods.py).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "kube-logging/telemetry-controller"
_CONTAINER: Final = MainContainer(
    "otc-container", f"{_REPO} pkg/resources/manager/collector_manager.go (an OpenTelemetryCollector in DaemonSet mode; "
    "open-telemetry/opentelemetry-operator internal/manifests/collector/container.go)",
    shorthand=Shorthand("/spec.otelCommonFields.resources", "requirements"), first=True,
)  # fmt: skip

TELEMETRY_KINDS: Final = (
    WorkloadKind(
        "telemetry.kube-logging.dev", "Collector",
        (PodPath("spec.otelCommonFields", "containers", label="collector", main=(_CONTAINER,), containers=("additionalContainers[*]",),
                 init_containers=("initContainers[*]",), empty_when_absent=True, always_made=True),),
        f"{_REPO} api/telemetry/v1alpha1/collector_types.go",
    ),
)  # fmt: skip
