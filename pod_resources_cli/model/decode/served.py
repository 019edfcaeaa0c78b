"""The apiVersion the API server serves each built-in workload kind at.

Every Kubernetes release this tool models (1.27 on, features.py) serves
Pod, PodTemplate and ReplicationController as ``v1``; Deployment,
ReplicaSet, StatefulSet and DaemonSet as ``apps/v1``; Job and CronJob as
``batch/v1`` (the kinds table's ``served``). The older versions are gone:
``extensions/v1beta1``, ``apps/v1beta1`` and ``apps/v1beta2`` workloads
since 1.16, ``batch/v1beta1`` CronJob since 1.25 (kubernetes/kubernetes
@2d58ef7868e6 staging/src/k8s.io/api/{extensions,apps,batch}/v1beta*/
zz_generated.prerelease-lifecycle.go ``APILifecycleRemoved``), and
``batch/v2alpha1`` was never enabled by default. ``kubectl apply`` maps an
object's kind and apiVersion through the server's discovery first and
fails on one it does not serve (``resource mapping not found ...: no
matches for kind "Deployment" in version "extensions/v1beta1"``), so no pod
of it runs, whatever the object says. So does a built-in kind written with
another Kubernetes group's version (``apps/v1`` Pod, ``v1`` Deployment).
Kinds of the same name in other groups (Volcano's ``batch.volcano.sh``
Job) are custom resources and not checked here.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.model.decode.kinds import WORKLOAD_KINDS, group_of
from pod_resources_cli.model.decode.no_pods import is_kubernetes_group

UNSERVED_RULE: Final = "PR006"

# kind -> the apiVersion every modelled release serves it at
SERVED: Final[dict[str, str]] = {k.kind: k.served for k in WORKLOAD_KINDS if k.builtin and k.served is not None}

# (apiVersion, kind) -> the release that stopped serving it
_REMOVED: Final[dict[tuple[str, str], str]] = {
    **{("extensions/v1beta1", k): "1.16" for k in ("Deployment", "ReplicaSet", "DaemonSet")},
    **{("apps/v1beta1", k): "1.16" for k in ("Deployment", "StatefulSet")},
    **{("apps/v1beta2", k): "1.16" for k in ("Deployment", "ReplicaSet", "StatefulSet", "DaemonSet")},
    ("batch/v1beta1", "CronJob"): "1.25",
}


def unserved(obj: dict[str, Any]) -> str | None:
    """Why ``kubectl apply`` refuses a built-in workload's apiVersion, or None
    (served, no apiVersion written, or another group's kind)."""
    kind = obj.get("kind")
    served = SERVED.get(kind) if isinstance(kind, str) else None
    api_version = obj.get("apiVersion")
    if served is None or not isinstance(api_version, str) or api_version == served:
        return None
    if not is_kubernetes_group(group_of(api_version) or ""):
        return None
    removed = _REMOVED.get((api_version, kind))  # type: ignore[arg-type]  # kind is a str: SERVED has it
    group = group_of(api_version)
    if removed is not None:
        gone = f"removed in Kubernetes {removed}"
    elif group != group_of(served):
        gone = f"not a kind of the {group or 'core'} group"
    else:
        gone = "no such version"
    return (
        f"apiVersion {api_version} is not served for {kind} ({gone}; served as {served}): kubectl apply fails with "
        f'no matches for kind "{kind}" in version "{api_version}", and no pod of it runs'
    )
