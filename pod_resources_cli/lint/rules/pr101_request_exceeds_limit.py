"""A container asks for more than its limit.

## What it flags
A container, init container or sidecar whose request for a resource (cpu,
memory, ephemeral-storage...) is above its limit for that resource, after the
API server rounds both to milli precision (`1.5m` and `1.2m` are both `2m`,
and equal).

## Why
The API server rejects the pod, or the Deployment, Job... holding the
template: `validateResourceRequirements` in
pkg/apis/core/validation/validation.go requires request <= limit, with the
error `spec.containers[0].resources.requests: Invalid value: "1": must be
less than or equal to cpu limit of 500m`. A request defaulted from a limit
can never be above it, so this always comes from two values written apart.

## How to fix
Lower the request to at most the limit, or raise the limit. Leaving the
request out makes it equal to the limit.

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
      requests: {cpu: "1", memory: 256Mi}
      limits: {cpu: 500m, memory: 256Mi}
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
      requests: {cpu: 500m, memory: 256Mi}
      limits: {cpu: "1", memory: 256Mi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import validation_hits


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    yield from validation_hits(ctx, "PR101")


RULE = Rule("PR101", "request-exceeds-limit", Severity.ERROR, summary_of(__doc__), __doc__ or "", check)
