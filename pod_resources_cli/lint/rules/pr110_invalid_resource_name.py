"""A resource name the API server does not accept there.

## What it flags
A resource name in requests or limits that is not a valid qualified name,
an unqualified name that is not a standard resource (`gpu`, `foo`), a
standard resource that containers cannot request (`pods`, `services`), or a
prefixed name that does not follow the extended resource naming rules.

## Why
`validateContainerResourceName` / `validateResourceName` reject it: "must be
a standard resource for containers", "must be a standard resource type or
fully qualified". A typo in a resource name would otherwise silently ask for
nothing.

## How to fix
Use `cpu`, `memory`, `ephemeral-storage`, `hugepages-<size>` or the fully
qualified name the device plugin advertises (`nvidia.com/gpu`).

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
      limits: {gpu: "1"}
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
    yield from validation_hits(ctx, "PR110")


RULE = Rule("PR110", "invalid-resource-name", Severity.ERROR, summary_of(__doc__), __doc__ or "", check)
