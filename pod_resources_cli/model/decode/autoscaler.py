"""VerticalPodAutoscaler (autoscaling.k8s.io) -> model.policy.Autoscaler.

A VPA names the controller whose pods it sizes (``spec.targetRef``: kind and
name, in its own namespace). Unless its ``updatePolicy.updateMode`` is
``Off``, the VPA admission controller sets each controlled container's
requests from the recommendation when a pod is created, limits scaled in
proportion (kubernetes/autoscaler 55c37cd5eb55 vertical-pod-autoscaler/pkg/
apis/autoscaling.k8s.io/v1/types.go; pkg/admission-controller/resource/pod/
patch/resource_updates.go). Unset or empty is ``Recreate`` (pkg/utils/vpa/
api.go ``GetUpdateMode``); a value outside the CRD's enum (``Off``,
``Initial``, ``Recreate``, ``InPlaceOrRecreate``, ``InPlace``, ``Auto``) is
refused, so that VPA sets nothing. Only ``spec.containers`` are patched
(pod/recommendation/recommendation_provider.go ``GetContainersResources``;
the VPA documentation, sidecar-containers.md: init containers, native sidecars too, are not
supported): an init container keeps what it writes. A container's policy is the
``resourcePolicy.containerPolicies`` entry that names it, else the ``*``
one, else the defaults: ``mode: Auto``, ``controlledResources: [cpu,
memory]``; ``mode: Off`` leaves it alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Final

from pod_resources_cli.location import Location, Pointer
from pod_resources_cli.model.policy import Autoscaler

VPA_KIND: Final = "VerticalPodAutoscaler"
_GROUP: Final = "autoscaling.k8s.io"
_DEFAULT_RESOURCES: Final = ("cpu", "memory")
# updatePolicy.updateMode: the CRD's enum but Off, and unset or empty (GetUpdateMode: Recreate)
_SETTING_MODES: Final = ("", None, "Initial", "Recreate", "InPlaceOrRecreate", "InPlace", "Auto")


def decode_autoscalers(data: Any, locate: Callable[[Pointer], Location]) -> Iterator[Autoscaler]:
    """The VerticalPodAutoscalers of one document (``kind: List`` unrolled) that size pods."""
    from pod_resources_cli.model.decode.workloads import iter_objects

    for obj, pointer in iter_objects(data):
        api = obj.get("apiVersion")
        if obj.get("kind") != VPA_KIND or not isinstance(api, str) or api.rpartition("/")[0] != _GROUP:
            continue
        spec = _mapping(obj.get("spec"))
        target, update = _mapping(spec.get("targetRef")), _mapping(spec.get("updatePolicy"))
        if update.get("updateMode", "") not in _SETTING_MODES or not isinstance(target.get("kind"), str) or not isinstance(target.get("name"), str):
            continue  # recommends only, names nothing, or a mode the CRD refuses: it changes no pod
        metadata = _mapping(obj.get("metadata"))
        namespace = metadata.get("namespace")
        yield Autoscaler(
            name=str(metadata.get("name") or "<unnamed>"),
            namespace=namespace if isinstance(namespace, str) and namespace else None,
            target=(target["kind"], target["name"]),
            containers=tuple(_policies(spec.get("resourcePolicy"))),
            location=locate(pointer),
        )


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _policies(value: Any) -> Iterator[tuple[str, tuple[str, ...]]]:
    """(container name or ``*``, the resources whose requests it sets: none when its mode is Off)."""
    entries = value.get("containerPolicies") if isinstance(value, dict) else None
    for entry in entries if isinstance(entries, list) else ():
        if not isinstance(entry, dict) or not isinstance(entry.get("containerName"), str):
            continue
        resources = entry.get("controlledResources")
        controlled = tuple(r for r in resources if isinstance(r, str)) if isinstance(resources, list) else _DEFAULT_RESOURCES
        yield entry["containerName"], () if entry.get("mode") == "Off" else controlled
