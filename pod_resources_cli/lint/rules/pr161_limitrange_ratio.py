"""A limit/request ratio above the namespace LimitRange's maxLimitRequestRatio.

## What it flags
A container (or pod, for a Pod-type item) whose limit divided by its
request is above the `maxLimitRequestRatio` of its namespace's LimitRange,
or that lacks the request or limit the ratio needs, after the LimitRange's
defaults are applied. The plugin's message names no container and states a
message once, so containers that break the ratio the same way give one
finding, at the first of them, naming the others and where the ratio is.
A policy meets the workloads it is deployed with: those of its chart,
kustomization, test scenario or stream; from plain files, those of the
namespace it states, else of its directory and below (docs/policies.md).

## Why
The LimitRanger admission plugin refuses the pod: `cpu max limit to request
ratio per Container is 2, but provided ratio is 4.000000`. As with min and
max, a Deployment is accepted and only its pods are refused.

## How to fix
Raise the request or lower the limit until limit/request is within the
ratio.

## Failing example
```yaml
apiVersion: v1
kind: LimitRange
metadata:
  name: burst
spec:
  limits:
  - type: Container
    maxLimitRequestRatio: {cpu: "2"}
---
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: app
    image: nginx
    resources:
      requests: {cpu: 250m}
      limits: {cpu: "1"}
```

## Passing example
```yaml
apiVersion: v1
kind: LimitRange
metadata:
  name: burst
spec:
  limits:
  - type: Container
    maxLimitRequestRatio: {cpu: "2"}
---
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: app
    image: nginx
    resources:
      requests: {cpu: 500m}
      limits: {cpu: "1"}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules.pr160_limitrange_min_max import limit_range_hits


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    yield from limit_range_hits(ctx, ("maxLimitRequestRatio",))


RULE = Rule("PR161", "limitrange-ratio", Severity.ERROR, summary_of(__doc__), __doc__ or "", check)
