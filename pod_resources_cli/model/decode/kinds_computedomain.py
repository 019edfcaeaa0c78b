"""NVIDIA's GPU DRA driver: ComputeDomain (resource.nvidia.com/v1beta1,
NVIDIA/k8s-dra-driver-gpu @224071137855 api/nvidia.com/resource/v1beta1/computedomain.go).

A ComputeDomain makes pods of its own, whatever its fields say: for each one the
compute-domain controller (cmd/compute-domain-controller/computedomain.go
onAddOrUpdate, unconditionally but for an object being deleted) has
daemonset.go DaemonSetManager.Create render templates/compute-domain-daemon.tmpl.yaml
into a DaemonSet ``computedomain-daemon-<uid>``, in the driver's namespace
(``m.config.driverNamespace``, not the ComputeDomain's), whose pods run on the nodes
labelled with the domain's UID (the nodes its workload pods land on): one a node, a
count no field of the object says. Each pod has one container,
``compute-domain-daemon``, whose ``resources`` holds only ``claims``
(``compute-domain-daemon``, from the ResourceClaimTemplate the controller makes:
resourceclaimtemplate.go): no cpu or memory request or limit, and the template
names no priorityClassName. The ComputeDomain's own fields (``numNodes``,
``channel.resourceClaimTemplate``: the claim template the workload pods use) change
neither the pod nor its resources. Its pods are reported in the ComputeDomain's
place.

The group's ComputeDomainClique (computedomainclique.go: the daemons' node names,
addresses and indexes, which the daemons write) makes no pod (no_pods.py).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, WorkloadKind

_REPO: Final = "NVIDIA/k8s-dra-driver-gpu"
_DAEMON: Final = MainContainer(
    "compute-domain-daemon", f"{_REPO} templates/compute-domain-daemon.tmpl.yaml (cmd/compute-domain-controller/daemonset.go Create)"
)

COMPUTEDOMAIN_KINDS: Final = (
    WorkloadKind(
        "resource.nvidia.com", "ComputeDomain",
        (PodPath("spec", "operator", label="compute-domain-daemon", main=(_DAEMON,), empty_when_absent=True, always_made=True),),
        f"{_REPO} api/nvidia.com/resource/v1beta1/computedomain.go, cmd/compute-domain-controller/daemonset.go",
    ),
)  # fmt: skip
