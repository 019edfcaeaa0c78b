"""A memory request below the memory limit.

## What it flags
A regular container or sidecar whose memory request is set and lower than
its memory limit.

## Why
Memory is not compressible: the node is packed by requests, so the memory
between request and limit is promised to several pods at once. When they
use it together the kubelet evicts pods that exceed their requests, and the
kernel OOM-kills by `oom_score_adj`, which for a Burstable container grows
as its request shrinks (pkg/kubelet/qos/policy.go). With request == limit
the container's usage is always covered.

## How to fix
Set the memory request equal to the limit for services that must not be
killed; keep them apart only for workloads that tolerate eviction.

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
      requests: {cpu: 250m, memory: 256Mi}
      limits: {memory: 1Gi}
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
      requests: {cpu: 250m, memory: 1Gi}
      limits: {memory: 1Gi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import label, q, q_bytes, running_containers


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    for c in running_containers(ctx):
        req, lim = c.resources.req.get("memory"), c.resources.lim.get("memory")
        if req is not None and lim is not None and req < lim:
            yield Hit(
                f"{label(c)} requests {q(req)} of memory but may use up to {q(lim)}: "
                f"the {q_bytes(lim - req)} above the request is not reserved on the node",
                ctx.resources_pointer(c, "requests", "memory"),
                container=c.name,
            )


RULE = Rule("PR133", "memory-request-below-limit", Severity.INFO, summary_of(__doc__), __doc__ or "", check)
