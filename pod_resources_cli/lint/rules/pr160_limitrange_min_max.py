"""A container or pod outside its namespace's LimitRange min or max.

## What it flags
A workload in a namespace whose LimitRange (found among the linted
manifests) sets `min` or `max` for containers or pods, with a request or
limit outside that range, or missing where the range requires one. The
LimitRange's defaults are applied first, as the admission plugin does.
Containers that break a limit the same way give one finding (the plugin
states each message once), naming them, and the finding names where the
broken `min` or `max` is. A policy meets the workloads it is deployed with: those of its chart,
kustomization, test scenario or stream; from plain files, those of the
namespace it states, else of its directory and below (docs/policies.md).

## Why
The LimitRanger admission plugin (plugin/pkg/admission/limitranger)
refuses such pods: `pods "web-7d4b9" is forbidden: maximum cpu usage per
Container is 2, but limit is 4`. For a Deployment or a Job the object itself
is accepted, and its pods are refused one by one when the controller
creates them, which shows up only in events.

## How to fix
Bring the request and limit within the LimitRange, or ask for the
LimitRange to change.

## Failing example
```yaml
apiVersion: v1
kind: LimitRange
metadata:
  name: limits
  namespace: shop
spec:
  limits:
  - type: Container
    max: {cpu: "2", memory: 2Gi}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  template:
    spec:
      containers:
      - name: app
        image: web:3.2
        resources:
          requests: {cpu: "1", memory: 1Gi}
          limits: {cpu: "4", memory: 1Gi}
```

## Passing example
```yaml
apiVersion: v1
kind: LimitRange
metadata:
  name: limits
  namespace: shop
spec:
  limits:
  - type: Container
    max: {cpu: "2", memory: 2Gi}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  template:
    spec:
      containers:
      - name: app
        image: web:3.2
        resources:
          requests: {cpu: "1", memory: 1Gi}
          limits: {cpu: "2", memory: 1Gi}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of

if TYPE_CHECKING:
    from pod_resources_cli.kube.limitranger import LimitViolation
    from pod_resources_cli.location import Location
    from pod_resources_cli.model.policy import LimitRange


def limit_range_hits(ctx: RuleContext, constraints: tuple[str, ...]) -> Iterator[Hit]:
    """One finding per distinct message of a LimitRange, as the plugin's
    aggregated error states it once (kube.limitranger.forbidden_reason), at
    the first offending value; the other containers that break it the same
    way are named."""
    from pod_resources_cli.lint.related import limit_range

    when = "its pods are refused when created" if ctx.is_template else "the pod is refused"
    first: dict[tuple[str, Location, str], tuple[LimitRange, LimitViolation]] = {}
    who: dict[tuple[str, Location, str], list[str]] = {}
    for lr, v in ctx.limit_range_violations:
        if v.constraint in constraints:
            key = (lr.name, lr.location, v.message)
            first.setdefault(key, (lr, v))
            if v.container is not None and v.container not in who.setdefault(key, []):
                who[key].append(v.container)
    for key, (lr, v) in first.items():
        names = who.get(key, [])
        also = f"; containers {', '.join(names)}" if len(names) > 1 else ""
        yield Hit(f"LimitRange {lr.name}: {v.message} ({when}{also})", v.pointer, container=v.container, related=(limit_range(lr, v),))


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    yield from limit_range_hits(ctx, ("min", "max"))


RULE = Rule("PR160", "limitrange-min-max", Severity.ERROR, summary_of(__doc__), __doc__ or "", check)
