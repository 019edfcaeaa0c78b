"""An extended resource with request != limit, no limit, or a fraction.

## What it flags
An extended resource (a fully qualified name outside kubernetes.io, such as
`nvidia.com/gpu` or `example.com/foo`) whose request differs from its limit,
that is requested without a limit, or whose amount is not a whole number.

## Why
Extended resources are counted in whole devices and cannot be
overcommitted: the API server rejects "must be equal to example.com/a limit
of 1", "Limit must be set for non overcommitable resources" and "must be an
integer" (`ValidateResourceQuantityValue`, `helper.IsIntegerResourceName`).

## How to fix
Set only the limit, as a whole number; the request defaults to it.

## Failing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: trainer
spec:
  containers:
  - name: app
    image: trainer:1.0
    resources:
      requests: {nvidia.com/gpu: "1"}
```

## Passing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: trainer
spec:
  containers:
  - name: app
    image: trainer:1.0
    resources:
      limits: {nvidia.com/gpu: "1"}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import validation_hits


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    yield from validation_hits(ctx, "PR109")


RULE = Rule("PR109", "extended-resource-invalid", Severity.ERROR, summary_of(__doc__), __doc__ or "", check)
