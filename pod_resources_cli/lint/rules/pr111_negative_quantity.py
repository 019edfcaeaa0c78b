"""A negative request or limit.

## What it flags
A request or limit below zero, on a container, the pod level or the
overhead; a request defaulted from a negative limit is reported too.

## Why
`ValidateNonnegativeQuantity` rejects it: `Invalid value: "-1Mi": must be
greater than or equal to 0`.

## How to fix
Use a positive amount, or remove the entry.

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
      limits: {memory: -512Mi}
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
      limits: {memory: 512Mi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import validation_hits


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    yield from validation_hits(ctx, "PR111")


RULE = Rule("PR111", "negative-quantity", Severity.ERROR, summary_of(__doc__), __doc__ or "", check)
