"""YugabyteDB's operator: YBCluster (yugabyte.com/v1alpha1,
yugabyte/yugabyte-operator @11005dc1f305 pkg/apis/yugabyte/v1alpha1/ybcluster_types.go). The controller
builds two StatefulSets from the object's fields alone
(pkg/controller/ybcluster/ybcluster_create_controller.go createStatefulSet,
createPodSpec, createContainer), each pod one container and no init
container, no priority class:

- ``yb-master``: ``spec.master.replicas`` pods, the container ``yb-master``
  with ``spec.master.resources`` whole;
- ``yb-tserver``: ``spec.tserver.replicas`` pods, the container
  ``yb-tserver`` with ``spec.tserver.resources`` whole.

The replicas are int32 fields with ``omitempty`` and no default
(ybcluster_controller.go addDefaults fills ports, image, storage count and
class, never replicas or resources); validateCR's error for replicas below 1
is discarded by Reconcile (``validateCR(&cluster.Spec)``), so an unset count
is a StatefulSet of 0 pods. Nothing else sets resources: the pods are final.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "yugabyte/yugabyte-operator"
_CODE: Final = f"{_REPO} pkg/controller/ybcluster/ybcluster_create_controller.go createContainer"


def _server(role: str) -> PodPath:
    main = MainContainer(f"yb-{role}", _CODE, shorthand=Shorthand(f"/spec.{role}.resources", "requirements"))
    return PodPath("spec", "operator", count=(f"/spec.{role}.replicas=0",), label=role, main=(main,))


YUGABYTE_KINDS: Final = (WorkloadKind("yugabyte.com", "YBCluster", (_server("master"), _server("tserver")), f"{_REPO} pkg/apis/yugabyte/v1alpha1/ybcluster_types.go"),)
