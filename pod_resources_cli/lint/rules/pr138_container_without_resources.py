"""A running container that sets no cpu or memory request or limit at all.

## What it flags
A regular container or sidecar with neither a cpu nor a memory request or
limit once the API server's and the namespace's LimitRange defaults are
applied, in a pod without pod-level cpu or memory. One finding names
everything the container lacks; PR130, PR131 and PR132 are then not
reported for it. In a BestEffort pod, PR201 reports the pod instead.

## Why
The scheduler reserves nothing for such a container, the kubelet gives it
the minimum cpu weight, and its memory is bounded only by the pod or the
node: it competes for what its neighbours asked for, and is the first
process the kernel's OOM killer weighs against them.

## How to fix
Give it a cpu and memory request and a memory limit, or set pod-level
resources (`spec.resources`) for the pod.

## Failing example
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
      requests: {cpu: 100m, memory: 128Mi}
      limits: {memory: 128Mi}
  - name: log-shipper
    image: fluent-bit
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
      requests: {cpu: 100m, memory: 128Mi}
      limits: {memory: 128Mi}
  - name: log-shipper
    image: fluent-bit
    resources:
      requests: {cpu: 10m, memory: 32Mi}
      limits: {memory: 32Mi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import label, pod_level, running_containers

_COMPUTE = ("cpu", "memory")


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    if any(pod_level(ctx, kind, name) is not None for kind in ("requests", "limits") for name in _COMPUTE):
        return
    for c in running_containers(ctx):
        if any(name in c.resources.req or name in c.resources.lim for name in _COMPUTE):
            continue
        yield Hit(
            f"{label(c)} sets no cpu or memory request or limit (no cpu request, no memory request, no memory "
            "limit): the scheduler reserves nothing for it and its memory is bounded only by the pod or the node",
            ctx.resources_pointer(c),
            container=c.name,
        )


RULE = Rule(
    "PR138", "container-without-resources", Severity.WARNING, summary_of(__doc__), __doc__ or "", check,
    covers=("PR130", "PR131", "PR132"), missing_resources=("cpu", "memory"), missing_requests=("cpu", "memory"),
)  # fmt: skip
