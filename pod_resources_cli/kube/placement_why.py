"""One short sentence per container saying why it got the CPUs it got.

The rules are the static CPU policy's (pkg/kubelet/cm/cpumanager/policy_static.go
guaranteedCPUs, kubernetes v1.32; AllocatePod and podGuaranteedCPUs of the
upstream policy_static.go with the PodLevelResourceManagers gate) and the
kubelet's CFS quota choice: per container
(pkg/kubelet/kuberuntime/kuberuntime_container_linux.go: no quota for a
container with exclusive CPUs once DisableCPUQuotaWithExclusiveCPUs is on,
beta and on by default since 1.33; none at all with cpuCFSQuota false) and
for the pod cgroup (pod_container_manager_linux.go EnsureExists with
podHasExclusiveCPUs of pkg/kubelet/cm/container_manager.go).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.features import GATES, FeatureGates
from pod_resources_cli.kube.cpumanager.requests import (
    PLRM,
    container_equivalent_guaranteed,
    is_guaranteed,
    pod_level_managed,
)
from pod_resources_cli.kube.resource import is_pod_level_resources_set
from pod_resources_cli.kube.cpumanager.state import pod_uid
from pod_resources_cli.kube.qos import compute_pod_qos
from pod_resources_cli.kube.topologymanager.hints import TopologyHint, nodes_of
from pod_resources_cli.kube.topologymanager.topology_manager import admits_with_pod_resources
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.model.pod import Container, Pod

if TYPE_CHECKING:
    from pod_resources_cli.kube.cpumanager.cpu_manager import CPUManager

QUOTA_GATE = "DisableCPUQuotaWithExclusiveCPUs"


def quota_gate_enabled(gates: FeatureGates) -> bool:
    if QUOTA_GATE in GATES or QUOTA_GATE in gates.explicit:
        return gates.enabled(QUOTA_GATE)
    return gates.version.minor >= 33


def cfs_quota_disabled(node: NodeDescription, gates: FeatureGates, exclusive: bool) -> bool:
    if not node.kubelet.cpu_cfs_quota:
        return True
    return exclusive and quota_gate_enabled(gates)


def pod_has_exclusive_cpus(pod: Pod, isolations: Mapping[str, str | None], gates: FeatureGates) -> bool:
    """podHasExclusiveCPUs (pkg/kubelet/cm/container_manager.go): does the pod
    cgroup hold exclusive CPUs? ``isolations`` maps container names to their
    GetResourceIsolationLevel ("container", "pod", "host"; None = not placed).

    A pod whose resource managers act on spec.resources (KEP-5526) counts only
    when every container, init containers and sidecars included, is isolated
    at container level: one container in the pod's shared pool (or in the
    node's, under topology scope container) needs the pod quota to stay, as
    the KEP's "Interaction with CPU Quota Management" requires. Upstream
    TestPodHasExclusiveCPUs (pkg/kubelet/cm/container_manager_linux_test.go
    as of the KEP-5526 change, v1.36; the stored copy records no commit)
    pins it: "PodLevelResourceManagers enabled, Mixed containers
    (one exclusive, one shared)" is false, "One container with exclusive
    CPUs" true. Any other pod: one container with exclusive CPUs is enough
    (the test's "One container" and "Init container with exclusive CPUs")."""
    levels = [isolations.get(c.name) for c in pod.all_containers()]
    if pod_level_managed(pod, gates):
        return bool(levels) and all(level == "container" for level in levels)
    return any(level == "container" for level in levels)


def pod_cfs_quota(pod: Pod, isolations: Mapping[str, str | None], gates: FeatureGates) -> tuple[bool, str | None]:
    """EnsureExists (pkg/kubelet/cm/pod_container_manager_linux.go): the pod
    cgroup loses its CFS quota when DisableCPUQuotaWithExclusiveCPUs is on and
    podHasExclusiveCPUs holds. Returns (quota disabled, why): the why replaces
    the quota's formula when disabled, and is added to it when a KEP-5526 pod
    keeps its quota although some of its containers hold exclusive CPUs;
    None when exclusive CPUs play no part."""
    if not quota_gate_enabled(gates):
        return False, None
    if pod_has_exclusive_cpus(pod, isolations, gates):
        if pod_level_managed(pod, gates):
            return True, f"unlimited: every container holds exclusive CPUs ({QUOTA_GATE}; KEP-5526 podHasExclusiveCPUs)"
        return True, f"unlimited: the pod holds exclusive CPUs ({QUOTA_GATE})"
    names = [c.name for c in pod.all_containers()]
    shared = [name for name in names if isolations.get(name) != "container"]
    if pod_level_managed(pod, gates) and len(shared) < len(names):
        # The containers without exclusive CPUs have only the pod's quota to keep them to its budget.
        who = ", ".join(shared)
        return False, f"kept although some containers hold exclusive CPUs: {who} share CPUs (KEP-5526 podHasExclusiveCPUs)"
    return False, None


def _hint_text(hint: TopologyHint | None) -> str:
    if hint is None or hint.affinity is None:
        return "no NUMA preference"
    nodes = ",".join(str(n) for n in nodes_of(hint.affinity))
    return f"NUMA hint {{{nodes}}}{' (preferred)' if hint.preferred else ' (not preferred)'}"


def _pod_pool_text(cpu: CPUManager, pod: Pod, container: Container, cpus: CPUSet) -> str:
    """A container isolated at pod level (KEP-5526 AllocatePod)."""
    if container.type.value != "init":
        return f"not Guaranteed on its own: the pod's shared pool {cpus} of its pod-level CPUs (CFS quota kept)"
    # AllocatePod gives a regular init container without CPUs of its own the whole pod
    # pool less the sidecars started before it (they keep theirs), not the final shared
    # pool: the app containers' slices are not taken yet while init containers run.
    pool = cpu.state.pod_assignments.get(pod_uid(pod))
    if pool is None or pool == cpus:
        return f"not Guaranteed on its own, an init container: all the pod's CPUs {cpus} (CFS quota kept)"
    return (
        f"not Guaranteed on its own, an init container: the pod's CPUs {pool} less the exclusive CPUs of "
        f"the sidecars started before it, {cpus} (CFS quota kept)"
    )


def _no_pod_pool_text(pod: Pod) -> str:
    """podGuaranteedCPUs is 0 for a KEP-5526 pod: spec.resources has no integer cpu request."""
    budget = pod.resources.req.get("cpu") if pod.resources is not None else None
    if budget is None or budget.is_zero():
        why = "its pod-level resources request no cpu"
    else:
        why = f"its pod-level cpu budget {budget} is not an integer"
    return f"Guaranteed pod, but {why}: no CPU pool for the pod (podGuaranteedCPUs 0), so every container runs in the node's shared pool"


def explain(
    cpu: CPUManager, pod: Pod, container: Container, cpus: CPUSet | None, isolation: str, hint: TopologyHint | None
) -> str:
    if cpu.static is None:
        return "cpuManagerPolicy none: runs on every online CPU, its limit enforced by CFS quota"
    gates = cpu.static.gates
    if cpus is not None and isolation == "container":
        text = f"Guaranteed pod, integer cpu request {cpus.size()}: exclusive CPUs {cpus} ({_hint_text(hint)})"
        if container.type.value == "init":
            text += "; later containers may reuse them"
        return text
    if cpus is not None:
        return _pod_pool_text(cpu, pod, container, cpus)
    if is_pod_level_resources_set(pod) and not (gates.enabled(PLRM) and gates.enabled("PodLevelResources")):
        return f"pod-level resources with {PLRM} off: the resource managers leave the pod in the shared pool"
    if not is_guaranteed(pod, gates):
        return f"{compute_pod_qos(pod, gates).qos_class.value} pod: shared pool"
    kubelet = cpu.node.kubelet
    if admits_with_pod_resources(kubelet.topology_manager_policy, kubelet.topology_manager_scope, gates, pod):
        # AllocatePod gives the pod no pool at all when podGuaranteedCPUs is 0, whatever
        # its containers ask: the pod budget decides, not the container's own request.
        return _no_pod_pool_text(pod)
    cpu_request = container.resources.req.get("cpu")
    if cpu_request is None or cpu_request.is_zero():
        return "Guaranteed pod but no cpu request of its own: shared pool"
    if pod_level_managed(pod, gates) and not container_equivalent_guaranteed(container):
        return "Guaranteed by its pod-level resources, but its own cpu/memory requests differ from its limits: shared pool"
    return f"Guaranteed pod but cpu request {cpu_request} is not an integer: shared pool"
