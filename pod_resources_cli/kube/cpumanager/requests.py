"""How many exclusive CPUs a container, or a whole pod, asks the static policy for.

Mirrors guaranteedCPUs and podGuaranteedCPUs of
pkg/kubelet/cm/cpumanager/policy_static.go (kubernetes v1.32), with
v1qos.GetPodQOS (pkg/apis/core/v1/helper/qos) for the pod's class.

KEP-5526 (PodLevelResourceManagers, alpha since v1.36: the upstream
policy_static.go that has AllocatePod, and pkg/kubelet/cm/qos/helpers.go): with pod-level resources a container gets exclusive CPUs
only if it is Guaranteed on its own (cpu and memory request == limit,
pkg/kubelet/cm/qos IsContainerEquivalentQOSGuaranteed), the pod's own CPU
count is spec.resources' integer cpu request, and with the gate off such
pods are not pinned at all.
"""

from __future__ import annotations

from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.qos import QOSClass, get_pod_qos
from pod_resources_cli.kube.resource import is_pod_level_resources_set
from pod_resources_cli.model.pod import Container, Pod

PLRM = "PodLevelResourceManagers"


def is_guaranteed(pod: Pod, gates: FeatureGates) -> bool:
    """v1qos.GetPodQOS: the recorded class if the pod has one, else computed."""
    return get_pod_qos(pod, gates) == QOSClass.GUARANTEED.value


def pod_level_managed(pod: Pod, gates: FeatureGates) -> bool:
    """Pod-level resources the resource managers act on (KEP-5526 gate on)."""
    return gates.enabled(PLRM) and is_pod_level_resources_set(pod)


def pod_level_unmanaged(pod: Pod, gates: FeatureGates) -> bool:
    """Pod-level resources the managers must leave alone (a gate off): no pinning."""
    gates_on = gates.enabled(PLRM) and gates.enabled("PodLevelResources")
    return not gates_on and is_pod_level_resources_set(pod)


def container_equivalent_guaranteed(container: Container) -> bool:
    """IsContainerEquivalentQOSGuaranteed: cpu and memory requested, each equal to its limit."""
    for name in ("cpu", "memory"):
        request = container.resources.req.get(name)
        if request is None or request.is_zero() or request != container.resources.lim.get(name):
            return False
    return True


def qualifies_for_exclusive_cpus(container: Container) -> bool:
    """resourcesQualifyForExclusiveCPUs (cpu_manager.go)."""
    if not container_equivalent_guaranteed(container):
        return False
    limit = container.resources.lim["cpu"]
    return limit.value() * 1000 == limit.milli_value()


def container_cpus(pod: Pod, container: Container, gates: FeatureGates) -> int:
    """guaranteedCPUs: the integer CPU request of a container of a Guaranteed pod, else 0."""
    if not is_guaranteed(pod, gates):
        return 0
    cpu = container.resources.req.get("cpu")
    if pod_level_managed(pod, gates) and not container_equivalent_guaranteed(container):
        return 0
    if gates.enabled("InPlacePodVerticalScaling"):
        # What the kubelet agreed to allocate wins over the (mutable) spec.
        statuses = pod.status.init_container_statuses + pod.status.container_statuses
        for status in statuses:
            if status.name == container.name:
                cpu = (status.allocated_resources or {}).get("cpu")
                break
    if cpu is None:
        return 0
    if cpu.value() * 1000 != cpu.milli_value():
        return 0
    return cpu.value()


def pod_cpus(pod: Pod, gates: FeatureGates) -> int:
    """podGuaranteedCPUs: max(largest init step, sidecars + app containers), or
    the integer cpu request of spec.resources when the managers use it."""
    if pod_level_managed(pod, gates):
        cpu = pod.resources.req.get("cpu") if pod.resources is not None else None
        if not is_guaranteed(pod, gates) or cpu is None or cpu.value() * 1000 != cpu.milli_value():
            return 0
        return cpu.value()
    by_init = 0
    by_sidecars = 0
    for c in pod.init_containers:
        if "cpu" not in c.resources.req:
            continue
        n = container_cpus(pod, c, gates)
        if c.is_restartable_init:
            by_sidecars += n
        elif by_sidecars + n > by_init:
            by_init = by_sidecars + n
    by_apps = sum(container_cpus(pod, c, gates) for c in pod.containers if "cpu" in c.resources.req)
    return max(by_init, by_apps + by_sidecars)
