"""The pod-level request is below what its containers ask for together.

## What it flags
A pod-level request (`spec.resources.requests`) smaller than the aggregate
of its containers requests for that resource: the sum of the regular
containers and sidecars, or the largest init container plus the sidecars
started before it, whichever is larger (KEP-753). Also a pod-level hugepages
limit below the containers aggregate hugepages limit. Requests the API
server defaults from container limits count.

## Why
`validatePodResourceConsistency` (pkg/apis/core/validation/validation.go)
rejects the pod: `spec.resources.requests[cpu]: Invalid value: "1": must be
greater than or equal to aggregate container requests of 1200m`. The pod
budget must hold what its containers are guaranteed.

## How to fix
Raise the pod-level request to at least the aggregate, or lower the
container requests. With a pod-level limit set, leaving the pod-level
request out lets the API server default it to the aggregate.

## Failing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  resources:
    requests: {cpu: "1"}
  containers:
  - name: app
    image: nginx
    resources:
      requests: {cpu: 600m}
  - name: proxy
    image: envoy
    resources:
      requests: {cpu: 600m}
```

## Passing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  resources:
    requests: {cpu: 1500m}
  containers:
  - name: app
    image: nginx
    resources:
      requests: {cpu: 600m}
  - name: proxy
    image: envoy
    resources:
      requests: {cpu: 600m}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import validation_hits


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    yield from validation_hits(ctx, "PR103")


RULE = Rule("PR103", "pod-request-below-containers", Severity.ERROR, summary_of(__doc__), __doc__ or "", check)
