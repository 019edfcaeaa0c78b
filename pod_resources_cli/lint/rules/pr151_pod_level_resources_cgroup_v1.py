"""Pod-level resources on a cgroup v1 node.

## What it flags
With `--node`: a pod with pod-level resources (`spec.resources` naming cpu,
memory or hugepages) when the node runs cgroup v1 (`cgroupVersion: 1` in
a NodeProfile node description).

## Why
KEP-2837 supports pod-level resources on cgroup v2 only and says "Kubelet
will fail to admit pods with pod-level resources on nodes with cgroupv1".
The kubelet's code does not do that (pkg/kubelet/lifecycle/features_linux.go
refuses such pods only when the PodLevelResources gate is off): the pod is
admitted and its budget written to the cgroup v1 files (cpu.shares,
cpu.cfs_quota_us, memory.limit_in_bytes). It runs in a combination upstream
neither supports nor tests, on a cgroup version in maintenance mode (recent
kubelets refuse to start on cgroup v1 unless `failCgroupV1: false`), and
what KEP-2570 and KEP-5526 add on top (memory.min/memory.high) needs
cgroup v2.

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
        f"node {node.name} runs cgroup v1: pod-level resources are supported on cgroup v2 only (KEP-2837); "
        "the kubelet still admits the pod and writes the budget to cgroup v1 files",
        ctx.spec("resources"),
    )


RULE = Rule(
    "PR151", "pod-level-resources-cgroup-v1", Severity.WARNING, summary_of(__doc__), __doc__ or "", check, needs_node=True
)
