"""Admission failures as the kubelet reports them (a reason and a message).

Mirrors pkg/kubelet/cm/admission/errors.go (kubernetes/kubernetes commit
3a53ab6e069d623654427784a2447b82f49fb952; GetPodAdmitResult: an error
with its own type keeps it, any other becomes UnexpectedAdmissionError
"Allocate failed due to ..., which is unexpected"), EmptyPodSharedPoolError
(the same file with KEP-5526, v1.36) and the
TopologyAffinityError of pkg/kubelet/cm/topologymanager/topology_manager.go
(kubernetes v1.32), with its KEP-5526 pod-level flavour (same reason, message prefixed "Pod Scope ").
"""

from __future__ import annotations

from typing import Final

TOPOLOGY_AFFINITY_ERROR: Final = "TopologyAffinityError"
UNEXPECTED_ADMISSION_ERROR: Final = "UnexpectedAdmissionError"


class AdmitError(Exception):
    """Why the kubelet refuses a pod: ``reason`` (the admit result's Reason) and ``message``."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message


def unexpected(error_text: str) -> AdmitError:
    return AdmitError(UNEXPECTED_ADMISSION_ERROR, f"Allocate failed due to {error_text}, which is unexpected")


def topology_affinity_error() -> AdmitError:
    return AdmitError(TOPOLOGY_AFFINITY_ERROR, "Resources cannot be allocated with Topology locality")


def pod_level_topology_affinity_error(message: str = "") -> AdmitError:
    text = f"Pod Scope {message}" if message else "Pod Scope Resources cannot be allocated with Topology locality"
    return AdmitError(TOPOLOGY_AFFINITY_ERROR, text)
