"""A running container without an ephemeral-storage request.

## What it flags
A regular container or sidecar with no ephemeral-storage request, in a pod
without one at pod level. Not enabled by default: select it with
`--select PR135` or `extend-select: [PR135]`.

## Why
Container logs, writable layers and `emptyDir` volumes use the node's
ephemeral storage. The scheduler does not count what is not requested, and
when the node's disk fills the kubelet evicts pods by how far their usage
exceeds their requests (pkg/kubelet/eviction), this one first.

## How to fix
Set `resources.requests.ephemeral-storage` (and a limit, to be evicted
alone rather than with the node) to what the container writes locally.

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
      requests: {cpu: 250m, memory: 256Mi, ephemeral-storage: 1Gi}
      limits: {ephemeral-storage: 2Gi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import label, running_containers


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    for c in running_containers(ctx):
        if "ephemeral-storage" not in c.resources.req:
            yield Hit(
                f"{label(c)} has no ephemeral-storage request: its logs and local files are not accounted for",
                ctx.resources_pointer(c, "requests"),
                container=c.name,
            )


RULE = Rule(
    "PR135", "missing-ephemeral-storage", Severity.INFO, summary_of(__doc__), __doc__ or "", check, enabled_by_default=False,
    missing_resources=("ephemeral-storage",),
)
