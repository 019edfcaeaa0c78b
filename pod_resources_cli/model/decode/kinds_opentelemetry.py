"""The OpenTelemetry operator (open-telemetry/opentelemetry-operator
be8944414a87, opentelemetry.io): an OpenTelemetryCollector's pods are built
by the operator from its own fields (internal/manifests/collector).

``spec.mode`` (``deployment`` when unset: internal/webhook/
collector_webhook.go Default) picks the workload: a Deployment or a
StatefulSet of ``spec.replicas`` (1 when unset) pods, a DaemonSet of one
pod a node (no count), or, in ``sidecar`` mode, no pod of its own (the
collector is injected into the pods that ask for it). Each pod runs
``otc-container`` with ``spec.resources`` whole and no default
(collector/container.go), then ``spec.additionalContainers`` and
``spec.initContainers`` as written (deployment.go, statefulset.go,
daemonset.go). With ``spec.targetAllocator.enabled``, the target
allocator's ``targetAllocator.replicas`` (1 when unset) pods run
``ta-container`` with ``targetAllocator.resources``
(targetallocator/container.go).

An OpAMPBridge (apis/v1alpha1/opampbridge_types.go) is a Deployment of
``spec.replicas`` pods (1 when unset: internal/webhook/
opampbridge_webhook.go defaulter; more than 1 refused), each of one
container, ``opamp-bridge-container`` (internal/naming/main.go), with
``spec.resources`` whole and no default (internal/manifests/opampbridge/
deployment.go, container.go).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

_OTEL: Final = "open-telemetry/opentelemetry-operator"
_COLLECTOR: Final = MainContainer(
    "otc-container", f"{_OTEL} internal/manifests/collector/container.go", shorthand=Shorthand("spec.resources", "requirements"), first=True
)


def _collector(modes: tuple[str, ...], count: tuple[str, ...], label: str) -> PodPath:
    return PodPath("spec", "containers", count=count, label=label, if_field=FieldIn("spec.mode", modes, "deployment"), main=(_COLLECTOR,),
                   containers=("additionalContainers[*]",), init_containers=("initContainers[*]",))  # fmt: skip


OTEL_KINDS: Final = (
    WorkloadKind(
        "opentelemetry.io", "OpenTelemetryCollector",
        (
            _collector(("deployment", "statefulset"), ("/spec.replicas=1",), "collector"),
            _collector(("daemonset",), (), "collector"),
            PodPath("spec.targetAllocator", "operator", count=("/spec.targetAllocator.replicas=1",), label="targetAllocator",
                    enabled="/spec.targetAllocator.enabled", main=(
                MainContainer("ta-container", f"{_OTEL} internal/manifests/targetallocator/container.go",
                              shorthand=Shorthand("spec.targetAllocator.resources", "requirements")),
            )),
        ),
        f"{_OTEL} apis/v1beta1/opentelemetrycollector_types.go",
    ),
    WorkloadKind(
        "opentelemetry.io", "OpAMPBridge",
        (PodPath("spec", "operator", count=("/spec.replicas=1",), main=(
            MainContainer("opamp-bridge-container", f"{_OTEL} internal/manifests/opampbridge/container.go",
                          shorthand=Shorthand("spec.resources", "requirements")),
        )),),
        f"{_OTEL} apis/v1alpha1/opampbridge_types.go",
    ),
)  # fmt: skip
