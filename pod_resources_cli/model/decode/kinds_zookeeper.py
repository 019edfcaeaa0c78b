"""Pravega's ZooKeeper operator (pravega/zookeeper-operator 462635bcc436,
zookeeper.pravega.io): a ZookeeperCluster is one StatefulSet the operator
builds (pkg/zk/generators.go MakeStatefulSet) of ``spec.replicas`` pods, 3
where unset or 0 (api/v1beta1/zookeepercluster_types.go withDefaults, which
the controller applies first: controllers/zookeepercluster_controller.go).
Its pod (makeZkPodSpec) is ``spec.containers`` as written, then the
operator's ``zookeeper`` container, which takes ``spec.pod.resources`` whole
where they write requests or limits, and nothing else (no default); its
init containers are ``spec.initContainers`` as written.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "pravega/zookeeper-operator"

ZOOKEEPER_KINDS: Final = (
    WorkloadKind(
        "zookeeper.pravega.io", "ZookeeperCluster",
        (PodPath("spec", "containers", count=("/spec.replicas=3!",), containers=("containers[*]",), init_containers=("initContainers[*]",),
                 empty_when_absent=True, always_made=True,
                 main=(MainContainer("zookeeper", f"{_REPO} pkg/zk/generators.go makeZkPodSpec", shorthand=Shorthand("/spec.pod.resources", "requirements")),)),),
        f"{_REPO} api/v1beta1/zookeepercluster_types.go",
    ),
)  # fmt: skip
