"""The Hazelcast Platform Operator (hazelcast.com/v1alpha1;
hazelcast/hazelcast-platform-operator @0f13b8d422af): each Hazelcast and each
ManagementCenter is one StatefulSet the operator builds from the object's
fields alone, also from an object without ``spec`` (CRD defaults):

- a Hazelcast (internal/controller/hazelcast/hazelcast_resources.go
  reconcileStatefulset) is ``spec.clusterSize`` pods (``+kubebuilder:
  default:=3``, api/v1alpha1/hazelcast_types.go); the member container
  ``hazelcast`` takes ``spec.resources`` whole where it is written, the
  ``sidecar-agent`` container (sidecarContainer) ``spec.agent.resources``
  likewise, and the init container ``init-container`` (initContainer) sets
  none: where neither is written the pods are BestEffort (no default is
  applied; the webhook's defaultOptionalToNil only turns an empty
  ``resources: {}`` into nil, which sets nothing either);
- a ManagementCenter (internal/controller/managementcenter/
  managementcenter_resources.go reconcileStatefulset) is always one pod
  (``Replicas: 1``) whose only container ``management-center`` takes
  ``spec.resources`` whole where it is written.

The container names are internal/naming/naming.go's ``Hazelcast``,
``SidecarAgent``, ``InitContainer`` and ``ManagementCenter``.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "hazelcast/hazelcast-platform-operator"
_HZ: Final = f"{_REPO} internal/controller/hazelcast/hazelcast_resources.go"
_MC: Final = f"{_REPO} internal/controller/managementcenter/managementcenter_resources.go reconcileStatefulset"

HAZELCAST_KINDS: Final = (
    WorkloadKind(
        "hazelcast.com", "Hazelcast",
        (PodPath("spec", "operator", count=("/spec.clusterSize=3",), empty_when_absent=True, always_made=True, main=(
            MainContainer("hazelcast", f"{_HZ} reconcileStatefulset", shorthand=Shorthand("spec.resources", "requirements"), first=True),
            MainContainer("sidecar-agent", f"{_HZ} sidecarContainer", shorthand=Shorthand("spec.agent.resources", "requirements")),
            MainContainer("init-container", f"{_HZ} initContainer", init=True),
        )),),
        f"{_REPO} api/v1alpha1/hazelcast_types.go",
    ),
    WorkloadKind(
        "hazelcast.com", "ManagementCenter",
        (PodPath("spec", "operator", count=("1",), empty_when_absent=True, always_made=True, main=(
            MainContainer("management-center", _MC, shorthand=Shorthand("spec.resources", "requirements")),
        )),),
        f"{_REPO} api/v1alpha1/managementcenter_types.go",
    ),
)  # fmt: skip
