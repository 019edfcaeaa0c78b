"""Exclusive containers use the whole pod budget, leaving no shared pool.

## What it flags
With `--node` (topology manager scope `pod`, gate `PodLevelResourceManagers`,
KEP-5526): a pod with pod-level resources whose Guaranteed containers with
whole CPUs (exclusive slices) add up to exactly the pod-level cpu budget (or
memory budget), while another container has no exclusive allocation and
needs the pod's shared pool.

## Why
In the pod scope the CPU and Memory managers carve exclusive slices out of
the pod's NUMA-aligned budget and give what is left, the pod shared pool, to
the other containers. An empty pool would put them on the node-wide shared
CPUs, breaking the pod's NUMA alignment and its siblings' isolation, so the
kubelet refuses the pod at admission (KEP-5526, "Empty podSharedPool with
non-Guaranteed containers").

## How to fix
Raise the pod-level budget above the sum of the exclusive containers, or
give the remaining containers their own Guaranteed integer cpu.

## Node
```yaml
apiVersion: pod-resources/v1
kind: NodeProfile
name: pod-scope
sockets: 1
coresPerSocket: 16
threadsPerCore: 1
memoryPerNumaNode: 64Gi
kubelet:
  featureGates: {PodLevelResourceManagers: true}
  cpuManagerPolicy: static
  reservedSystemCPUs: "0"
  topologyManagerPolicy: restricted
  topologyManagerScope: pod
```

## Failing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: pod-scope-admission-failure
spec:
  resources:
    requests: {cpu: "5", memory: 5Gi}
    limits: {cpu: "5", memory: 5Gi}
  containers:
  - name: container-1
    image: example-image
    resources:
      requests: {cpu: "3", memory: 3Gi}
      limits: {cpu: "3", memory: 3Gi}
  - name: container-2
    image: example-image
    resources:
      requests: {cpu: "2", memory: 2Gi}
      limits: {cpu: "2", memory: 2Gi}
  - name: container-3
    image: example-image
```

## Passing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: pod-scope-mixed
spec:
  resources:
    requests: {cpu: "6", memory: 6Gi}
    limits: {cpu: "6", memory: 6Gi}
  containers:
  - name: container-1
    image: example-image
    resources:
      requests: {cpu: "3", memory: 3Gi}
      limits: {cpu: "3", memory: 3Gi}
  - name: container-2
    image: example-image
    resources:
      requests: {cpu: "2", memory: 2Gi}
      limits: {cpu: "2", memory: 2Gi}
  - name: container-3
    image: example-image
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.kube.qos import QOSClass
from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import label, q, qsum, running_containers, wants_exclusive_cpus
from pod_resources_cli.model.pod import Container

GATE = "PodLevelResourceManagers"


def _guaranteed(c: Container) -> bool:
    """The managers' per-container QoS-like check: cpu and memory requests equal limits."""
    for name in ("cpu", "memory"):
        req, lim = c.resources.req.get(name), c.resources.lim.get(name)
        if req is None or lim is None or req != lim or req.is_zero():
            return False
    return True


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    node, r = ctx.node, ctx.pod.resources
    if node is None or r is None or node.kubelet.topology_manager_scope != "pod" or not ctx.gates.enabled(GATE):
        return
    if ctx.qos.qos_class is not QOSClass.GUARANTEED:
        return
    containers = running_containers(ctx)
    exclusive = [c for c in containers if _guaranteed(c) and wants_exclusive_cpus(c)]
    shared = [c for c in containers if c not in exclusive]
    if not exclusive or not shared:
        return
    managers = {"cpu": node.kubelet.cpu_manager_policy.lower() == "static", "memory": node.kubelet.memory_manager_policy == "Static"}
    for name, active in managers.items():
        budget = r.req.get(name)
        if not active or budget is None:
            continue
        taken = qsum(c.resources.req[name] for c in exclusive)
        if taken == budget:
            parts = " + ".join(f"{c.name} {q(c.resources.req[name])}" for c in exclusive)
            yield Hit(
                f"the exclusive containers take the whole pod {name} budget ({parts} = {q(budget)}), leaving an empty "
                f"pod shared pool for {', '.join(label(c) for c in shared)}: the kubelet refuses the pod (KEP-5526)",
                ctx.spec("resources", "requests", name),
            )


RULE = Rule(
    "PR403", "empty-pod-shared-pool", Severity.ERROR, summary_of(__doc__), __doc__ or "", check, needs_node=True, claims_qos=True
)
