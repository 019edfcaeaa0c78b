"""Pod-level resources on a cgroup v1 node.

## What it flags
With `--node`: a pod with pod-level resources (`spec.resources` naming cpu,
memory or hugepages) when the node runs cgroup v1 (`cgroupVersion: 1` in
a NodeProfile node description).

## Why
KEP-2837 supports pod-level resources on cgroup v2 only: "Kubelet will fail
to admit pods with pod-level resources on nodes with cgroupv1". The pod is
scheduled and then refused by the kubelet.

## How to fix
Run the pod on cgroup v2 nodes, or move the budget to the containers.

## Node
```yaml
apiVersion: pod-resources/v1
kind: NodeProfile
name: legacy
sockets: 1
coresPerSocket: 4
threadsPerCore: 2
memoryPerNumaNode: 16Gi
cgroupVersion: 1
```

## Failing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  resources:
    limits: {cpu: "1", memory: 1Gi}
  containers:
  - name: app
    image: nginx
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
    image: nginx
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


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    node = ctx.node
    if node is None or node.kubelet.cgroup_version != 1 or not is_pod_level_resources_set(ctx.pod):
        return
    yield Hit(
        f"node {node.name} runs cgroup v1: the kubelet refuses pods with pod-level resources there (KEP-2837)",
        ctx.spec("resources"),
    )


RULE = Rule(
    "PR151", "pod-level-resources-cgroup-v1", Severity.ERROR, summary_of(__doc__), __doc__ or "", check, needs_node=True
)
