"""The CPU manager's state: the shared pool and the exclusive assignments.

Mirrors pkg/kubelet/cm/cpumanager/state/state.go and state_mem.go
(kubernetes v1.32): the default CPU set (the shared pool) and, per pod and
container, the CPUs assigned exclusively; with KEP-5526 also, per pod, the
CPUs of its pod-level pool (PodCPUAssignments). The kubelet checkpoints this to
disk; here it lives for one admission run.
"""

from __future__ import annotations

from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.model.pod import Pod


def pod_uid(pod: Pod) -> str:
    """Stands for the pod UID (the same key the memory manager uses)."""
    return f"{pod.namespace}/{pod.name}" if pod.namespace else pod.name


class CPUState:
    def __init__(self, default: CPUSet) -> None:
        self.default = default
        self.assignments: dict[str, dict[str, CPUSet]] = {}
        self.pod_assignments: dict[str, CPUSet] = {}  # KEP-5526 PodCPUAssignments: a pod's whole pool

    def get_cpuset(self, uid: str, container: str) -> CPUSet | None:
        return self.assignments.get(uid, {}).get(container)

    def get_cpuset_or_default(self, uid: str, container: str) -> CPUSet:
        found = self.get_cpuset(uid, container)
        return self.default if found is None else found

    def set_cpuset(self, uid: str, container: str, cpus: CPUSet) -> None:
        self.assignments.setdefault(uid, {})[container] = cpus

    def delete(self, uid: str, container: str) -> None:
        per_pod = self.assignments.get(uid)
        if per_pod is not None:
            per_pod.pop(container, None)
            if not per_pod:
                del self.assignments[uid]

    def assigned_cpus(self) -> CPUSet:
        out = CPUSet()
        for per_pod in self.assignments.values():
            out = out.union(*per_pod.values())
        return out
