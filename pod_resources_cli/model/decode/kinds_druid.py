"""The Druid operator's Druid (druid.apache.org, datainfrahq/druid-operator
@8da631fa8709 apis/druid/v1alpha1/druid_types.go DruidSpec, DruidNodeSpec).

Each entry of ``spec.nodes`` (a map: its key names the node group) becomes a
StatefulSet, or a Deployment with ``kind: Deployment`` (controllers/druid/
handler.go deployDruidCluster), of ``replicas`` pods: an int32 with no
default (``+optional``, Minimum 0), so a node group that writes none makes
none. Every group is made whatever its ``nodeType`` (ordering.go
getNodeSpecsByOrder takes the seven types the CRD's enum allows).

The pod (handler.go makePodSpec): first the main container, named
``druid-<Druid's name>-<key>`` (makeNodeSpecificUniqueString) with the node
group's ``resources`` whole (``Resources: nodeSpec.Resources``; the Druid's
spec has no resources of its own and the operator sets no default); then
(additional_containers.go addAdditionalContainers) the Druid's
``spec.additionalContainer`` followed by the group's own, each named by its
``containerName`` with its own ``resources``, an init container where
``runAsInit`` is true and a container elsewhere. The pod's
priorityClassName is the group's, else the Druid's (``firstNonEmptyStr``:
only the group's is followed here).

Nothing is made for a Druid the operator refuses (handler.go verifyDruidSpec,
then ``return nil`` before any node group): one whose node group has no
``image`` where the Druid has none either, or whose group repeats a
container name among the additional containers (validateAdditionalContainersSpec).

A DruidIngestion (controllers/ingestion/reconciler.go) submits an ingestion
spec to the Druid router over HTTP: no pod (no_pods.py). The tasks Druid's
own overlord starts as pods (the kubernetes-overlord-extensions, a
"middleManager-less" cluster) are Druid's, written in runtime properties,
not in these objects.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Containers, MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "datainfrahq/druid-operator"


def _additional(value: Any, pointer: Pointer) -> list[tuple[dict[str, Any], Pointer, bool]]:
    """``additionalContainer`` items, each named by its ``containerName``, with where it is written and ``runAsInit``."""
    items = value.get("additionalContainer") if isinstance(value, dict) else None
    out: list[tuple[dict[str, Any], Pointer, bool]] = []
    for i, item in enumerate(items if isinstance(items, list) else ()):
        if not isinstance(item, dict):
            continue
        name = item.get("containerName")
        made = {k: v for k, v in item.items() if k not in ("containerName", "runAsInit")}
        if isinstance(name, str):
            made["name"] = name
        out.append((made, (*pointer, "additionalContainer", i), item.get("runAsInit") is True))
    return out


def _assemble(obj: dict[str, Any], value: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """The Druid's additional containers, then the node group's (getAllAdditionalContainers), split by ``runAsInit``."""
    spec = obj.get("spec")
    found = [*_additional(spec, ("spec",)), *_additional(value, pointer)]
    return tuple((c, p) for c, p, init in found if not init), tuple((c, p) for c, p, init in found if init)


def _names(value: Any) -> list[Any]:
    items = value.get("additionalContainer") if isinstance(value, dict) else None
    return [item.get("containerName") for item in items if isinstance(item, dict)] if isinstance(items, list) else []


def _made(obj: dict[str, Any], element: Any) -> bool:
    """verifyDruidSpec accepts the Druid: every node group has an image (its own or the Druid's) and no node group's
    additional containers repeat a name (hasDuplicateString over the Druid's and the group's)."""
    spec = obj.get("spec")
    spec = spec if isinstance(spec, dict) else {}
    nodes = spec.get("nodes")
    groups = [node for node in nodes.values()] if isinstance(nodes, dict) else []
    for node in groups:
        own = node.get("image") if isinstance(node, dict) else None
        if not (isinstance(spec.get("image"), str) and spec.get("image")) and not (isinstance(own, str) and own):
            return False
        names = [*_names(spec), *_names(node)]
        if len(names) != len(set(map(str, names))):
            return False
    return True


_MAIN: Final = MainContainer(
    "druid-{name}-{key}", f"{_REPO} controllers/druid/handler.go makePodSpec, makeNodeSpecificUniqueString", first=True,
    shorthand=Shorthand("resources", "requirements"),
)  # fmt: skip

DRUID_KINDS: Final = (
    WorkloadKind(
        "druid.apache.org", "Druid",
        (PodPath("spec.nodes{*}", "containers", name="{key}", count=("replicas=0",), main=(_MAIN,), assemble=_assemble, made=_made),),
        f"{_REPO} apis/druid/v1alpha1/druid_types.go",
    ),
)  # fmt: skip
