"""The pod does not fit the described node's allocatable resources.

## What it flags
With `--node`: a pod whose effective requests (what the scheduler sums:
pod-level resources when set, init containers and sidecars by the KEP-753
formula, overhead) exceed the node's allocatable amount of cpu, memory,
ephemeral-storage, hugepages or an extended resource, on an empty node.

An extended resource (`nvidia.com/gpu`, `example.com/fpga`) the node does
not advertise at all is reported as the scheduler sees it: the kubelet
ignores such a request, the scheduler never places the pod there. With the
`DRAExtendedResource` gate (KEP-5004, GA in 1.37) a DeviceClass may back
that name (`spec.extendedResourceName`), and the scheduler then allocates
it through a ResourceClaim; the message says so. A request of a DeviceClass
by its implicit name, `deviceclass.resource.kubernetes.io/<class>`, is
never node allocatable: with the gate it is DRA's to allocate
(`IsDRAExtendedResourceName`) and the node's allocatable does not decide it,
so it is not flagged (kubernetes/kubernetes pkg/kubelet/lifecycle/predicate.go
removeMissingExtendedResources: the kubelet drops a request the scheduler
mapped to a claim in `status.extendedResourceClaimStatus`).

## Why
No node of that shape can run it: the scheduler leaves it Pending
("Insufficient cpu"), and a kubelet asked directly refuses it with
`OutOfcpu` ("Node didn't have enough resource: cpu, requested: 6000, used:
0, capacity: 3500"). Allocatable is capacity minus kubeReserved,
systemReserved (or reservedSystemCPUs) and the hard eviction threshold
(pkg/kubelet/cm/node_container_manager_linux.go), so a pod sized to the
machine's capacity never fits.

## How to fix
Lower the requests, or run it on bigger nodes.

## Node
```yaml
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
systemReserved: {cpu: 500m, memory: 1Gi}
---
apiVersion: v1
kind: Node
metadata: {name: small}
status:
  capacity: {cpu: "4", memory: 16Gi, pods: "110", ephemeral-storage: 100Gi}
```

## Failing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: big
spec:
  containers:
  - name: app
    image: app:1.0
    resources:
      requests: {cpu: "4", memory: 8Gi}
```

## Passing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: big
spec:
  containers:
  - name: app
    image: app:1.0
    resources:
      requests: {cpu: "3", memory: 8Gi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import pod_level
from pod_resources_cli.location import Pointer


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    if ctx.node is None or not ctx.valid:
        return
    from pod_resources_cli.kube.allocatable import fits, node_allocatable
    from pod_resources_cli.kube.names import is_device_class_name, is_extended

    allocatable = node_allocatable(ctx.node)
    dra = ctx.gates.enabled("DRAExtendedResource")
    result = fits(ctx.node, [], ctx.requests)
    for gap in result.insufficient:
        if dra and is_device_class_name(gap.resource) and gap.resource not in allocatable:
            continue  # DRA's to allocate through DeviceClass <class>, not the node's allocatable
        yield Hit(f"does not fit node {ctx.node.name}: {gap.kubelet_reason}: {gap.kubelet_message}", _where(ctx, gap.resource))
    # An extended resource the node does not advertise at all: the kubelet drops
    # the request (predicate.go removeMissingExtendedResources), the scheduler does not.
    for gap in fits(ctx.node, [], ctx.requests, allocatable=allocatable, kubelet=False).insufficient:
        if is_extended(gap.resource) and gap.resource not in allocatable:
            unless = (
                f", unless a DeviceClass names {gap.resource} as its extendedResourceName (DRAExtendedResource: the "
                "scheduler then allocates it through a ResourceClaim)" if dra else ""
            )
            yield Hit(
                f"the scheduler never places it on node {ctx.node.name}: {gap.reason}: the node advertises no "
                f"{gap.resource} (a kubelet given the pod directly would admit it without one){unless}",
                _where(ctx, gap.resource),
            )


def _where(ctx: RuleContext, resource: str) -> Pointer:
    """The pod-level request, or the largest container request, of the resource that does not fit."""
    if pod_level(ctx, "requests", resource) is not None:
        return ctx.spec("resources", "requests", resource)
    asking = [c for c in ctx.containers() if resource in c.resources.req]
    if not asking:
        return ctx.spec("containers")
    biggest = max(asking, key=lambda c: c.resources.req[resource].nanos)
    return ctx.resources_pointer(biggest, "requests", resource)


RULE = Rule(
    "PR150", "exceeds-node-allocatable", Severity.ERROR, summary_of(__doc__), __doc__ or "", check, needs_node=True
)
