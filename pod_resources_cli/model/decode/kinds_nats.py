"""The NATS operator's NatsCluster (nats.io/v1alpha2; nats-io/nats-operator
@5e702c59781f pkg/apis/nats/v1alpha2/cluster.go ClusterSpec, PodPolicy).
The operator makes ``spec.size`` pods itself, one by one, no StatefulSet
(pkg/cluster/reconcile.go reconcileSize: ``for idx := currentSize; idx <
desiredSize``; an int, 0 unset), each from the object's fields alone (no
webhook, no resource default: pkg/util/kubernetes/kubernetes.go
NewNatsPodSpec, pod.go):

- the pod spec is a copy of ``spec.template.spec`` (its priorityClassName,
  pod-level resources and init containers as written); its first container,
  or a new one where the template lists none, becomes the NATS server
  container, renamed ``nats`` (natsPodContainer: ``container.Name =
  constants.NatsContainerName``); the template's other containers follow as
  written;
- where ``spec.pod`` is written (a pointer: ``if cs.Pod != nil``), that
  container's resources are ``spec.pod.resources`` whole, replacing the
  template's (containerWithRequirements: ``c.Resources = r``), none where
  ``spec.pod`` writes none; where ``spec.pod`` is not written the
  template's stay;
- ``spec.pod.enableConfigReload`` adds the container ``reloader`` with
  ``spec.pod.reloaderResources`` (natsPodReloaderContainer), then
  ``spec.pod.enableMetrics`` the container ``metrics`` with no resources
  (natsPodMetricsContainer);
- ``spec.pod.advertiseExternalIP`` adds the init container ``bootconfig``
  with no resources, after the template's.

The pods' labels and annotations are the operator's and ``spec.pod``'s
(applyPodPolicy), not the template's metadata: they are not read for
injection here. The pods are final: the operator adds no resources of its
own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.model.decode.kind_types import Containers, PodPath, WorkloadKind

if TYPE_CHECKING:
    from pod_resources_cli.location import Pointer

_REPO: Final = "nats-io/nats-operator"
NATS: Final = "nats"  # pkg/constants/constants.go NatsContainerName


def _enabled(policy: dict[str, Any] | None, field: str) -> bool:
    return policy is not None and policy.get(field) is True


def nats_pod(obj: dict[str, Any], spec: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """NewNatsPodSpec's containers and init containers for one NatsCluster."""
    del obj
    template = spec.get("template")
    pod_spec = template.get("spec") if isinstance(template, dict) else None
    pod_spec = pod_spec if isinstance(pod_spec, dict) else {}
    at_spec: Pointer = (*pointer, "template", "spec")
    written = pod_spec.get("containers")
    listed = written if isinstance(written, list) else []
    raw_policy = spec.get("pod")
    policy = raw_policy if isinstance(raw_policy, dict) else None
    first = listed[0] if listed and isinstance(listed[0], dict) else {}
    nats = {**first, "name": NATS}
    nats_at: Pointer = (*at_spec, "containers", 0) if listed else pointer
    if policy is not None:  # containerWithRequirements(container, cs.Pod.Resources): whole, also when unwritten
        nats.pop("resources", None)
        if policy.get("resources") is not None:
            nats["resources"] = policy["resources"]
        nats_at = (*pointer, "pod")
    containers: list[tuple[Any, Pointer]] = [(nats, nats_at)]
    containers += [(c, (*at_spec, "containers", i)) for i, c in enumerate(listed[1:], start=1)]
    if policy is not None and _enabled(policy, "enableConfigReload"):
        reloader: dict[str, Any] = {"name": "reloader"}
        if policy.get("reloaderResources") is not None:
            reloader["resources"] = policy["reloaderResources"]
        containers.append((reloader, (*pointer, "pod", "reloaderResources")))
    if policy is not None and _enabled(policy, "enableMetrics"):
        containers.append(({"name": "metrics"}, (*pointer, "pod", "enableMetrics")))
    init_written = pod_spec.get("initContainers")
    init: list[tuple[Any, Pointer]] = [(c, (*at_spec, "initContainers", i)) for i, c in enumerate(init_written)] if isinstance(init_written, list) else []
    if policy is not None and _enabled(policy, "advertiseExternalIP"):
        init.append(({"name": "bootconfig"}, (*pointer, "pod", "advertiseExternalIP")))
    return tuple(containers), tuple(init)


NATS_KINDS: Final = (
    WorkloadKind(
        "nats.io", "NatsCluster",
        (PodPath("spec", "containers", count=("/spec.size=0",), assemble=nats_pod, label="nats", pod_resources=("template.spec.resources",),
                 pod_fields="/spec.template.spec"),),
        f"{_REPO} pkg/apis/nats/v1alpha2/cluster.go, pkg/util/kubernetes/kubernetes.go NewNatsPodSpec, pkg/util/kubernetes/pod.go",
    ),
)  # fmt: skip
