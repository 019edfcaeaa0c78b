"""Copies of objects a controller made: never applied as they are.

An object whose ``metadata.ownerReferences`` names a controller (an entry
with ``controller: true``) was created by that controller from its owner: a
StatefulSet an operator made from its custom resource, a ReplicaSet of a
Deployment, a Job of a CronJob. A repository holds such an object only as a
copy read back from a cluster (``kubectl get -o yaml``): the stored output an
operator's end-to-end test compares the cluster with (percona-server-mongodb-
operator's ``e2e-tests/*/compare/``, 309 StatefulSets), or a dump. Applied to
another cluster, its owner's ``uid`` names nothing there and the garbage
collector deletes it (kubernetes/kubernetes pkg/controller/garbagecollector:
an owner that does not exist makes the dependent garbage), so no pod comes of
it; its pods are the owner's, found there. A Pod is the exception: a running
pod's copy (``kubectl get pod -o yaml``) is what ``explain`` and ``lint``
are given to judge a live pod, with its status and its ``metadata.uid``
(still a live pod's, with the status cut off). A controller's Pod with
neither is no such copy but one trimmed for comparison (percona-xtradb-
cluster-operator's ``e2e-tests/security-context/compare/pod_*.yml``, which
its ``compare_kubectl`` diffs with the live pod): skipped like the others.
"""

from __future__ import annotations

from typing import Any, Final

CONTROLLER_MADE: Final = "controller-made"


def made_by(obj: dict[str, Any]) -> str | None:
    """``Kind/name`` of the controller that made ``obj`` (not a live Pod's copy), or None."""
    metadata = obj.get("metadata")
    if obj.get("kind") == "Pod" and (obj.get("status") is not None or (isinstance(metadata, dict) and metadata.get("uid"))):
        return None
    owners = metadata.get("ownerReferences") if isinstance(metadata, dict) else None
    for owner in owners if isinstance(owners, list) else ():
        if isinstance(owner, dict) and owner.get("controller") is True:
            return f"{owner.get('kind')}/{owner.get('name')}"
    return None
