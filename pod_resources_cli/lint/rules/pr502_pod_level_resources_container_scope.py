"""Pod-level resources under the container topology scope get no NUMA alignment.

## What it flags
With `--node`: a pod with pod-level resources and at least one container
without its own cpu or memory request, on a node whose Topology Manager
aligns resources (`topologyManagerPolicy` not `none`) per container (scope
`container`, the default).

## Why
In the container scope the resource managers look at each container's own
requests and ignore `spec.resources` (KEP-5526, "Container Scope"): a
container that relies on the pod-level budget gets no NUMA alignment and no
exclusive CPUs, and runs in the node's shared pool, which the alignment
policy was meant to avoid.

## How to fix
Use `topologyManagerScope: pod` on nodes that run such pods (with the
`PodLevelResourceManagers` gate), or give the containers their own requests.

## Node
```yaml
apiVersion: pod-resources/v1
kind: NodeProfile
name: aligned
sockets: 2
coresPerSocket: 8
threadsPerCore: 2
memoryPerNumaNode: 64Gi
kubelet:
  cpuManagerPolicy: static
  reservedSystemCPUs: "0,16"
  topologyManagerPolicy: single-numa-node
```

## Failing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  resources:
    requests: {cpu: "4", memory: 4Gi}
    limits: {cpu: "4", memory: 4Gi}
  containers:
  - name: app
    image: web:3.2
  - name: proxy
    image: envoy:1.30
```

## Passing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: app
    image: web:3.2
    resources:
      limits: {cpu: "3", memory: 3Gi}
  - name: proxy
    image: envoy:1.30
    resources:
      limits: {cpu: "1", memory: 1Gi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.kube.resource import is_pod_level_resources_set
from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import label, running_containers


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    node = ctx.node
    if node is None or not is_pod_level_resources_set(ctx.pod):
        return
    kubelet = node.kubelet
    if kubelet.topology_manager_policy == "none" or kubelet.topology_manager_scope != "container":
        return
    bare = [c for c in running_containers(ctx) if "cpu" not in c.resources.req and "memory" not in c.resources.req]
    if bare:
        names = ", ".join(label(c) for c in bare)
        yield Hit(
            f"node {node.name} aligns per container (topologyManagerPolicy {kubelet.topology_manager_policy}, scope "
            f"container): {names} rely on the pod-level budget and get no NUMA alignment",
            ctx.spec("resources"),
        )


RULE = Rule(
    "PR502", "pod-level-resources-container-scope", Severity.WARNING, summary_of(__doc__), __doc__ or "", check, needs_node=True, claims_qos=True
)
