"""The pod-level request is above the pod-level limit.

## What it flags
`spec.resources.requests` above `spec.resources.limits` for the same
resource.

## Why
The same rule as for containers (`validateResourceRequirements`, used by
`validatePodResourceRequirements`): the API server rejects the pod with
`spec.resources.requests: Invalid value: "2Gi": must be less than or equal
to memory limit of 1Gi`.

## How to fix
Lower the pod-level request or raise the pod-level limit; leaving the
request out defaults it to the limit (or to the containers aggregate).

## Failing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  resources:
    requests: {memory: 2Gi}
    limits: {memory: 1Gi}
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
  resources:
    requests: {memory: 1Gi}
    limits: {memory: 2Gi}
  containers:
  - name: app
    image: nginx
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import validation_hits


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    yield from validation_hits(ctx, "PR105")


RULE = Rule("PR105", "pod-request-exceeds-pod-limit", Severity.ERROR, summary_of(__doc__), __doc__ or "", check)
