"""Intel's Kubernetes Power Manager: PowerConfig (power.intel.com v1;
intel/kubernetes-power-manager @e6bed6d30b6c api/v1/powerconfig_types.go).
The PowerConfig controller (controllers/powerconfig_controller.go
Reconcile) acts only on an object in the namespace ``intel-power``
(``req.Namespace != IntelPowerNamespace``: "resource is not in the
intel-power namespace, ignoring"), and for it makes the DaemonSet
``power-node-agent`` (createDaemonSetIfNotPresent), one pod on each node
``spec.powerNodeSelector`` selects (no count). The DaemonSet is decoded from
the manifest the manager's image carries (NodeAgentDaemonSetPath
``/power-manifests/power-node-agent-ds.yaml``, copied from
build/manifests/power-node-agent-ds.yaml by build/Dockerfile); the
controller sets only its pod's node selector, never its resources, so the
container ``power-node-agent`` keeps the manifest's: requests and limits of
100m cpu and 64Mi of memory (a Guaranteed pod). The pod is final.

The other power.intel.com kinds (PowerProfile, PowerWorkload, PowerNode,
CStates, Uncore, TimeOfDay...) configure the node agent and make no pod.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, WorkloadKind

_REPO: Final = "intel/kubernetes-power-manager"
_SOURCE: Final = f"{_REPO} controllers/powerconfig_controller.go createDaemonSetIfNotPresent, build/manifests/power-node-agent-ds.yaml"
_AGENT: Final = OperatorDefaults(requests=(("cpu", "100m"), ("memory", "64Mi")), limits=(("cpu", "100m"), ("memory", "64Mi")))
# Reconcile ignores a PowerConfig outside this namespace (controllers/powerconfig_controller.go IntelPowerNamespace)
_IN_INTEL_POWER: Final = FieldIn("metadata.namespace", ("intel-power",))

POWER_MANAGER_KINDS: Final = (
    WorkloadKind(
        "power.intel.com", "PowerConfig",
        (PodPath("spec", "operator", label="power-node-agent", main=(MainContainer("power-node-agent", _SOURCE, defaults=(_AGENT,)),),
                 empty_when_absent=True, always_made=True, if_field=_IN_INTEL_POWER),),
        f"{_REPO} api/v1/powerconfig_types.go",
    ),
)  # fmt: skip
