"""Why each container got the CPUs it got, as provenance (why_words.py words it).

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
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.cpumanager.requests import (
    PLRM,
    container_equivalent_guaranteed,
    is_guaranteed,
    pod_level_managed,
)
from pod_resources_cli.kube.cpumanager.state import pod_uid
from pod_resources_cli.kube.provenance import Why, because
from pod_resources_cli.kube.qos import get_pod_qos
from pod_resources_cli.kube.resource import is_pod_level_resources_set
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.model.pod import Container, Pod

if TYPE_CHECKING:
    from pod_resources_cli.kube.cpumanager.cpu_manager import CPUManager
    from pod_resources_cli.kube.topologymanager.hints import TopologyHint

QUOTA_GATE = "DisableCPUQuotaWithExclusiveCPUs"
_REF = "pkg/kubelet/cm/cpumanager/policy_static.go guaranteedCPUs"
_POD_REF = "pkg/kubelet/cm/pod_container_manager_linux.go EnsureExists"


def quota_gate_enabled(gates: FeatureGates) -> bool:
    if gates.known(QUOTA_GATE) or QUOTA_GATE in gates.explicit:
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


def pod_cfs_quota(pod: Pod, isolations: Mapping[str, str | None], gates: FeatureGates) -> tuple[bool, Why | None]:
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
            return True, because("pod-quota.off.every-container-exclusive", ref=_POD_REF, gate=QUOTA_GATE)
        return True, because("pod-quota.off.exclusive", ref=_POD_REF, gate=QUOTA_GATE)
    names = [c.name for c in pod.all_containers()]
    shared = [name for name in names if isolations.get(name) != "container"]
    if pod_level_managed(pod, gates) and len(shared) < len(names):
        # The containers without exclusive CPUs have only the pod's quota to keep them to its budget.
        return False, because("pod-quota.kept", ref=_POD_REF, shared=tuple(shared))
    return False, None


def _hint(hint: TopologyHint | None) -> Why:
    from pod_resources_cli.kube.topologymanager.hints import nodes_of  # placement: with --node only

    if hint is None or hint.affinity is None:
        return because("placement.hint.none")
    return because("placement.hint", nodes=tuple(nodes_of(hint.affinity)), preferred=hint.preferred)


def _pod_pool(cpu: CPUManager, pod: Pod, container: Container, cpus: CPUSet) -> Why:
    """A container isolated at pod level (KEP-5526 AllocatePod)."""
    ref = "pkg/kubelet/cm/cpumanager/policy_static.go AllocatePod"
    if container.type.value != "init":
        return because("placement.pod-pool.shared", ref=ref, cpus=str(cpus))
    # AllocatePod gives a regular init container without CPUs of its own the whole pod
    # pool less the sidecars started before it (they keep theirs), not the final shared
    # pool: the app containers' slices are not taken yet while init containers run.
    pool = cpu.state.pod_assignments.get(pod_uid(pod))
    if pool is None or pool == cpus:
        return because("placement.pod-pool.init-all", ref=ref, cpus=str(cpus))
    return because("placement.pod-pool.init-less-sidecars", ref=ref, pool=str(pool), cpus=str(cpus))


def explain(
    cpu: CPUManager,
    pod: Pod,
    container: Container,
    cpus: CPUSet | None,
    isolation: str,
    hint: TopologyHint | None,
    creation_error: str | None = None,
) -> Why:
    """Why the container runs on its CPUs; ``creation_error``: the Device
    manager's error when the container is created (KEP-5526 path)."""
    reason = _cpus_why(cpu, pod, container, cpus, isolation, hint)
    if creation_error is None:
        return reason
    return because("placement.creation-fails", reason, ref="pkg/kubelet/cm/devicemanager/manager.go Allocate", error=creation_error)


def _cpus_why(
    cpu: CPUManager, pod: Pod, container: Container, cpus: CPUSet | None, isolation: str, hint: TopologyHint | None
) -> Why:
    if cpu.static is None:
        return because("placement.policy-none", ref="pkg/kubelet/cm/cpumanager/policy_none.go", setting="cpuManagerPolicy")
    gates = cpu.static.gates
    if cpus is not None and isolation == "container":
        init = container.type.value == "init"
        return because("placement.exclusive", _hint(hint), ref=_REF, count=cpus.size(), cpus=str(cpus), init=init)
    if cpus is not None:
        return _pod_pool(cpu, pod, container, cpus)
    if is_pod_level_resources_set(pod) and not (gates.enabled(PLRM) and gates.enabled("PodLevelResources")):
        return because("placement.pod-level-unmanaged", ref=_REF, gate=PLRM)
    if not is_guaranteed(pod, gates):
        return because("placement.not-guaranteed", ref=_REF, qos=get_pod_qos(pod, gates))
    from pod_resources_cli.kube.topologymanager.topology_manager import admits_with_pod_resources

    kubelet = cpu.node.kubelet
    if admits_with_pod_resources(kubelet.topology_manager_policy, kubelet.topology_manager_scope, gates, pod):
        # AllocatePod gives the pod no pool at all when podGuaranteedCPUs is 0, whatever
        # its containers ask: the pod budget decides, not the container's own request.
        budget = pod.resources.req.get("cpu") if pod.resources is not None else None
        budget = None if budget is None or budget.is_zero() else budget
        return because("placement.no-pod-pool", ref="pkg/kubelet/cm/cpumanager/policy_static.go podGuaranteedCPUs", budget=budget)
    cpu_request = container.resources.req.get("cpu")
    if cpu_request is None or cpu_request.is_zero():
        return because("placement.no-cpu-request", ref=_REF)
    if pod_level_managed(pod, gates) and not container_equivalent_guaranteed(container):
        return because("placement.not-container-guaranteed", ref="pkg/kubelet/cm/qos/helpers.go IsContainerEquivalentQOSGuaranteed")
    return because("placement.fractional-cpu", ref=_REF, request=cpu_request)
