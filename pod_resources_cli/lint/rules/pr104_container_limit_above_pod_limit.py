"""A container limit is above the pod-level limit.

## What it flags
A regular container whose limit for a resource is above the pod-level limit
(`spec.resources.limits`) for the same resource.

## Why
`validatePodResourceConsistency` rejects the pod with
`spec.resources.containers[0][cpu].limits: Invalid value: "2": must be less
than or equal to pod limits of 1`. The pod cgroup caps every container, so a
larger container limit could never be reached. (Init containers and sidecars
are not compared by the API server; see PR136 for them.)

## How to fix
Lower the container limit to the pod limit or less, or raise the pod limit.

## Failing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  resources:
    requests: {cpu: "1"}
    limits: {cpu: "1"}
  containers:
  - name: app
    image: nginx
    resources:
      requests: {cpu: 100m}
      limits: {cpu: "2"}
```

## Passing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  resources:
    requests: {cpu: "1"}
    limits: {cpu: "1"}
  containers:
  - name: app
    image: nginx
    resources:
      requests: {cpu: 100m}
      limits: {cpu: "1"}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import validation_hits


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    yield from validation_hits(ctx, "PR104")


RULE = Rule("PR104", "container-limit-above-pod-limit", Severity.ERROR, summary_of(__doc__), __doc__ or "", check)
