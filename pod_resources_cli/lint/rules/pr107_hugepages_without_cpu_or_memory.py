"""Hugepages requested without cpu or memory.

## What it flags
A container (or the pod level) that requests or limits `hugepages-<size>`
but sets neither a cpu nor a memory request or limit.

## Why
`validateResourceRequirements` rejects it: `spec.containers[0].resources:
Forbidden: HugePages require cpu or memory`. Hugepages are charged to a
cgroup that must also be sized for cpu or memory.

## How to fix
Add a memory (or cpu) request and limit next to the hugepages.

## Failing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: dpdk
spec:
  containers:
  - name: app
    image: dpdk-app:1.0
    resources:
      requests: {hugepages-2Mi: 128Mi}
      limits: {hugepages-2Mi: 128Mi}
```

## Passing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: dpdk
spec:
  containers:
  - name: app
    image: dpdk-app:1.0
    resources:
      requests: {hugepages-2Mi: 128Mi, memory: 256Mi}
      limits: {hugepages-2Mi: 128Mi, memory: 256Mi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import validation_hits


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    yield from validation_hits(ctx, "PR107")


RULE = Rule("PR107", "hugepages-without-cpu-or-memory", Severity.ERROR, summary_of(__doc__), __doc__ or "", check)
