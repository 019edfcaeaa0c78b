"""Skaffold's Config (``skaffold/v*``): a build on the cluster
(``build.cluster``) runs each Kaniko artifact's build in a pod Skaffold
creates (GoogleContainerTools/skaffold @359a940c1b26
pkg/skaffold/build/cluster/pod.go kanikoPodSpec; pkg/skaffold/schema/latest/
config.go ClusterDetails, ResourceRequirements):

- each ``build.artifacts[*]`` that writes ``kaniko``, one pod a build: the
  init container ``kaniko-init-container`` (cluster/kaniko.go), which waits
  for the build context, and the container ``kaniko``
  (kaniko.DefaultContainerName), both with ``build.cluster.resources``
  (resourceRequirements: ``requests`` and ``limits``, each ``cpu``,
  ``memory``, ``ephemeralStorage`` as ``ephemeral-storage`` and
  ``resourceStorage`` as ``storage``; none where unset);
- no other container, and no default: the pod is final (a cluster build
  without ``resources`` is BestEffort, as fact).

A Config builds nothing on the cluster without ``build.cluster`` (a local or
Cloud Build build); a ``profiles[*]`` entry replaces the build only when it
is activated, and is not followed. The manifests it deploys are linted where
they are written.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer, value_at
from pod_resources_cli.model.decode.kind_types import Containers, FieldIn, PodPath, WorkloadKind

_REPO: Final = "GoogleContainerTools/skaffold"
# latest.ResourceRequirement's YAML keys and the v1.ResourceName resourceRequirements gives each
_NAMES: Final = (("cpu", "cpu"), ("memory", "memory"), ("resourceStorage", "storage"), ("ephemeralStorage", "ephemeral-storage"))


def _requirements(value: Any) -> dict[str, Any] | None:
    """resourceRequirements: the ResourceList of each of ``requests`` and ``limits`` written, of the names set."""
    if not isinstance(value, dict):
        return None
    out: dict[str, Any] = {}
    for field in ("limits", "requests"):
        written = value.get(field)
        if isinstance(written, dict):
            out[field] = {name: written[key] for key, name in _NAMES if written.get(key) not in (None, "")}
    return out


def assemble(obj: dict[str, Any], artifact: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """kanikoPodSpec: ``kaniko`` and ``kaniko-init-container``, each with the cluster's resources."""
    cluster: Pointer = ("build", "cluster")
    resources = _requirements(value_at(obj, (*cluster, "resources")))
    at = cluster if resources is not None else pointer  # the container's ``resources`` is the cluster's
    kaniko = {"name": "kaniko", "resources": resources} if resources is not None else {"name": "kaniko"}
    init = {"name": "kaniko-init-container", "resources": resources} if resources is not None else {"name": "kaniko-init-container"}
    return ((kaniko, at),), ((init, at),)


SKAFFOLD_KINDS: Final = (
    WorkloadKind(
        "skaffold", "Config",
        (PodPath("build.artifacts[*].kaniko", "containers", name="image", count=("1",), assemble=assemble,
                 if_field=FieldIn("build.cluster", (), match="written")),),
        f"{_REPO} pkg/skaffold/schema/latest/config.go, pkg/skaffold/build/cluster/pod.go kanikoPodSpec",
    ),
)  # fmt: skip
