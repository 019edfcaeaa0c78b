"""AppWrapper (project-codeflare/appwrapper b47a99ee8e28, workload.codeflare.dev
v1beta2; api/v1beta2/appwrapper_types.go): a wrapper Kueue admits as one
workload. Each ``spec.components[*].template`` is a whole object (a Pod,
Job, PyTorchJob, RayCluster, JobSet, LeaderWorkerSet, Deployment...) that the
AppWrapper controller creates as written once Kueue admits the AppWrapper
(internal/controller/appwrapper/resource_management.go createComponent):
in the AppWrapper's namespace where it names none (parseComponent), with
only Kueue's labels, annotations, node selectors, tolerations and
scheduling gates (``podSetInfos``) and the configured scheduler name added
to each pod template; no resource is changed. The pods are then that
object's controller's, so each wrapped object is read here as the object
it is, by the kind table, with its own replicas.

``podSets`` (AppWrapperPodSet: ``path``, a path from ``template``, and
``replicas``, 1 when unset; pkg/utils/utils.go Replicas) name the pod
templates of a component for Kueue. For the kinds the AppWrapper infers
itself (InferPodSets: Pod, Deployment, StatefulSet, batch Job, JobSet,
PyTorchJob, RayCluster, RayJob) the webhook refuses declared podSets that
differ from the inferred ones, and the table reads the same templates. For a
wrapped kind the table does not know, the declared podSets are where its
pods are (GetPodTemplateSpec: the value at the path is a PodTemplateSpec or
a Pod), ``replicas`` pods each, as written (that kind's own controller makes
them); without podSets such an object is searched by its shape. A nested
AppWrapper is refused by the webhook (validateAppWrapperCreate) and is not
opened.

The same group's ``v1beta1`` AppWrapper is the Multi-Cluster App Dispatcher's
(project-codeflare/multi-cluster-app-dispatcher @d47de4a43fae
pkg/apis/controller/v1beta1/appwrapper.go: ``spec.resources.GenericItems[*]
.generictemplate``): when MCAD dispatches it, each generic template is created
as written in the AppWrapper's namespace, with an owner reference and MCAD's
labels added and no resource changed
(pkg/controller/queuejobresources/genericresource/genericresource.go
SyncQueueJob); a template that names another namespace is refused there
("resource namespace ... is different from AppWrapper namespace") and never
created. An item's own ``replicas`` and ``custompodresources`` are what MCAD
counts when it dispatches, not the object's pods.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import PodPath, WorkloadKind
from pod_resources_cli.model.decode.kinds import group_of, parse_path

GROUP: Final = "workload.codeflare.dev"
KIND: Final = "AppWrapper"
_SOURCE: Final = "project-codeflare/appwrapper api/v1beta2/appwrapper_types.go AppWrapperPodSet"
_DECLARED_WHY: Final = "a pod template an AppWrapper's podSets name in a kind the tool does not know; its controller may add resources"
# pkg/utils/utils.go getValueAtPath: the path starts with "template", then ".field" and "[index]" steps
_GO_PATH: Final = re.compile(r"template((?:\.[^.\[\]]+|\[[0-9]+\])*)")


def is_appwrapper(obj: dict[str, Any]) -> bool:
    return obj.get("kind") == KIND and group_of(obj.get("apiVersion")) == GROUP


def namespace_of(obj: dict[str, Any]) -> str | None:
    """The AppWrapper's own namespace, which its components take where they name none (parseComponent)."""
    metadata = obj.get("metadata")
    namespace = metadata.get("namespace") if isinstance(metadata, dict) else None
    return namespace if isinstance(namespace, str) and namespace else None


def name_of(obj: dict[str, Any]) -> str:
    metadata = obj.get("metadata")
    name = metadata.get("name") if isinstance(metadata, dict) else None
    return name if isinstance(name, str) and name else "<unnamed>"


def is_dispatcher(obj: dict[str, Any]) -> bool:
    """MCAD's ``v1beta1`` AppWrapper (``spec.resources.GenericItems``), not the AppWrapper controller's ``v1beta2``."""
    api_version = obj.get("apiVersion")
    return isinstance(api_version, str) and api_version.rpartition("/")[2] == "v1beta1"


def components(obj: dict[str, Any], pointer: Pointer) -> Iterator[tuple[int, dict[str, Any], Pointer, dict[str, Any]]]:
    """(index, the wrapped object, where it is, the component) for each component whose template is a mapping:
    ``spec.components[*].template``, or MCAD's ``spec.resources.GenericItems[*].generictemplate``."""
    spec = obj.get("spec")
    if not isinstance(spec, dict):
        return
    at: tuple[str, ...]
    if is_dispatcher(obj):
        resources = spec.get("resources")
        items = resources.get("GenericItems") if isinstance(resources, dict) else None
        field, at = "generictemplate", ("spec", "resources", "GenericItems")
    else:
        items, field = spec.get("components"), "template"
        at = ("spec", "components")
    for i, component in enumerate(items if isinstance(items, list) else ()):
        if isinstance(component, dict) and isinstance(template := component.get(field), dict):
            yield i, template, (*pointer, *at, i, field), component


def creator(obj: dict[str, Any]) -> str:
    """Who creates the wrapped objects: with its client, no strict field validation (the API server drops an
    unknown field with a warning, where kubectl apply would refuse the object)."""
    if is_dispatcher(obj):
        return "MCAD (multi-cluster-app-dispatcher SyncQueueJob)"
    return "the AppWrapper controller (project-codeflare/appwrapper createComponent)"


def refusal(obj: dict[str, Any], wrapped: dict[str, Any]) -> str | None:
    """Why MCAD never creates ``wrapped`` (a namespace other than the AppWrapper's), or None."""
    if not is_dispatcher(obj):
        return None
    metadata = wrapped.get("metadata")
    namespace = metadata.get("namespace") if isinstance(metadata, dict) else None
    own = namespace_of(obj)
    if isinstance(namespace, str) and own is not None and namespace != own:
        return (f"MCAD never creates it: its namespace {namespace!r} is not the AppWrapper's {own!r} "
                "(multi-cluster-app-dispatcher genericresource.go SyncQueueJob)")  # fmt: skip
    return None


def declared_kind(wrapped: dict[str, Any], component: dict[str, Any]) -> WorkloadKind | None:
    """The wrapped object's pods where its ``podSets`` name them (for a kind the table does not know): a template at
    each path, ``replicas`` pods (1 unset); None without a podSet this tool can read."""
    kind, group = wrapped.get("kind"), group_of(wrapped.get("apiVersion"))
    pod_sets = component.get("podSets")
    if not isinstance(kind, str) or group is None or not isinstance(pod_sets, list):
        return None
    paths: list[PodPath] = []
    for pod_set in pod_sets:
        path = pod_set.get("path") if isinstance(pod_set, dict) else None
        match = _GO_PATH.fullmatch(path) if isinstance(path, str) else None
        if match is None or not match[1]:
            continue  # the webhook refuses it (no PodSpecTemplate there): no pod
        ours = match[1].removeprefix(".")
        try:
            parse_path(ours)
        except ValueError:
            continue
        replicas = pod_set.get("replicas")
        count = replicas if isinstance(replicas, int) and not isinstance(replicas, bool) and replicas >= 0 else 1
        paths.append(PodPath(ours, count=(str(count),), label=ours.removeprefix("spec.").removesuffix(".template") or None,
                             as_written=_DECLARED_WHY))  # fmt: skip
    return WorkloadKind(group, kind, tuple(paths), _SOURCE) if paths else None


def note(obj: dict[str, Any], index: int) -> str:
    """What the AppWrapper does to the object it wraps, for reports."""
    if is_dispatcher(obj):
        return (f"wrapped by AppWrapper {name_of(obj)} (spec.resources.GenericItems[{index}]): created as written in its "
                "namespace when MCAD dispatches it, only labels added (multi-cluster-app-dispatcher SyncQueueJob)")  # fmt: skip
    return (f"wrapped by AppWrapper {name_of(obj)} (spec.components[{index}]): created as written when Kueue admits it, "
            "only Kueue's node selectors, tolerations and labels added (project-codeflare/appwrapper createComponent)")  # fmt: skip
