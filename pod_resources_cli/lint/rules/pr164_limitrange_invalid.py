"""A LimitRange the API server rejects, so it applies to nothing.

## What it flags
A LimitRange (among the linted manifests) that fails the API server's
validation (`ValidateLimitRange`, pkg/apis/core/validation/validation.go),
checked as the API server stores it, after its defaulting (a Container
item's `default` falls back to `max`, `defaultRequest` to `default`, then
to `min`; every quantity rounded up to a milli-unit):
- `default` or `defaultRequest` on a `type: Pod` item (only Container items
  give defaults);
- `min` above `max`, a default or default request outside `min`..`max`, a
  default request above the default limit;
- `maxLimitRequestRatio` below 1, or above `max`/`min`;
- a default and default request that differ for a resource that cannot be
  overcommitted (hugepages, extended resources);
- an unknown or repeated `type`, a resource name containers cannot use.

## Why
`kubectl apply` fails with `LimitRange "defaults" is invalid: ...` and the
object is never created: none of its defaults reach the namespace's pods
and none of its limits are enforced. The other rules therefore ignore it
(the pods are linted as if it were absent), which is what the cluster does.

## How to fix
Make the values consistent: `min <= defaultRequest <= default <= max`, a
ratio of at least 1, defaults only on Container items.

## Failing example
```yaml
apiVersion: v1
kind: LimitRange
metadata:
  name: defaults
  namespace: shop
spec:
  limits:
  - type: Container
    max: {cpu: "1"}
    default: {cpu: "2"}
```

## Passing example
```yaml
apiVersion: v1
kind: LimitRange
metadata:
  name: defaults
  namespace: shop
spec:
  limits:
  - type: Container
    max: {cpu: "2"}
    default: {cpu: "1"}
    defaultRequest: {cpu: 500m}
```
"""

from __future__ import annotations

from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Rule, summary_of

# Reported by the engine when it meets the LimitRange (lint/namespace.py).
RULE = Rule("PR164", "limitrange-invalid", Severity.ERROR, summary_of(__doc__), __doc__ or "")
