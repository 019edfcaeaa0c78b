"""A container claims a resource claim the pod does not declare.

## What it flags
An entry of a container `resources.claims` whose name is not one of the
pod `spec.resourceClaims` names, is empty, or is listed twice.

## Why
`validateResourceClaimNames` rejects the pod: `Not found: "gpu": must be
one of the names in pod.spec.resourceClaims which is empty`. The container
would otherwise get no device.

## How to fix
Declare the claim in `spec.resourceClaims` (with `resourceClaimName` or
`resourceClaimTemplateName`) or fix the name.

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
      claims:
      - name: gpu
```

## Passing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: trainer
spec:
  resourceClaims:
  - name: gpu
    resourceClaimTemplateName: single-gpu
  containers:
  - name: app
    image: trainer:1.0
    resources:
      claims:
      - name: gpu
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import validation_hits


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    yield from validation_hits(ctx, "PR113")


RULE = Rule("PR113", "unknown-resource-claim", Severity.ERROR, summary_of(__doc__), __doc__ or "", check)
