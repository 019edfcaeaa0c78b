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

The policies the pods meet are checked the same way: LimitRange and
ResourceQuota are served as ``v1`` only, PriorityClass as
``scheduling.k8s.io/v1`` since ``v1beta1`` was removed in 1.22
(staging/src/k8s.io/api/scheduling/v1beta1/zz_generated.prerelease-lifecycle.go).
Such a policy never exists: it defaults, limits, counts and names nothing.
"""

from __future__ import annotations

import re
from typing import Any, Final

from pod_resources_cli.model.decode.kinds import WORKLOAD_KINDS, group_of
from pod_resources_cli.model.decode.no_pods import is_kubernetes_group

UNSERVED_RULE: Final = "PR006"

# kind -> the apiVersion every modelled release serves it at
SERVED: Final[dict[str, str]] = {k.kind: k.served for k in WORKLOAD_KINDS if k.builtin and k.served is not None}
POLICIES_SERVED: Final[dict[str, str]] = {"LimitRange": "v1", "ResourceQuota": "v1", "PriorityClass": "scheduling.k8s.io/v1"}
_EFFECT: Final[dict[str, str]] = {
    "LimitRange": "it never exists and applies to nothing",
    "ResourceQuota": "it never exists and counts and refuses nothing",
    "PriorityClass": "it never exists and no pod can use it",
}

# An alpha or beta version of the served group that no modelled release serves, though an older one may have: the
# scheduling.k8s.io/v1alpha1 PriorityClass a kind cluster of 1.21 served with ``runtimeConfig`` (cnti-testcatalog/
# testsuite @6370ad5d2cf7 sample-cnfs/sample-alpha-apis/kind-config.yaml; kubernetes/kubernetes @046d201c45ce
# pkg/registry/scheduling/rest/storage_scheduling.go stores v1 only), batch/v2alpha1 CronJob (never on by default):
# such a version is not "no such version".
_PRERELEASE: Final = re.compile(r"v[0-9]+(?:alpha|beta)[0-9]+")

# (apiVersion, kind) -> the release that stopped serving it
_REMOVED: Final[dict[tuple[str, str], str]] = {
    **{("extensions/v1beta1", k): "1.16" for k in ("Deployment", "ReplicaSet", "DaemonSet")},
    **{("apps/v1beta1", k): "1.16" for k in ("Deployment", "StatefulSet")},
    **{("apps/v1beta2", k): "1.16" for k in ("Deployment", "ReplicaSet", "StatefulSet", "DaemonSet")},
    ("batch/v1beta1", "CronJob"): "1.25",
    ("scheduling.k8s.io/v1beta1", "PriorityClass"): "1.22",
}


def unserved(obj: dict[str, Any], served_at: dict[str, str] = SERVED) -> str | None:
    """Why ``kubectl apply`` refuses a built-in workload's apiVersion (a
    policy's with ``POLICIES_SERVED``), or None (served, no apiVersion
    written, or another group's kind)."""
    kind = obj.get("kind")
    served = served_at.get(kind) if isinstance(kind, str) else None
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
    elif _PRERELEASE.match(api_version.rpartition("/")[2]):
        gone = "a pre-release version no Kubernetes release from 1.27 on serves"
    else:
        gone = "no such version"
    return (
        f"apiVersion {api_version} is not served for {kind} ({gone}; served as {served}): kubectl apply fails with "
        f'no matches for kind "{kind}" in version "{api_version}", and {_EFFECT.get(kind, "no pod of it runs")}'  # type: ignore[arg-type]
    )
