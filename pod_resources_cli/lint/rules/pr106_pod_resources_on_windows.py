"""Pod-level resources on a Windows pod.

## What it flags
`spec.resources` set on a pod whose `spec.os.name` is `windows`.

## Why
Pod-level resources need a pod cgroup the kubelet can size, which Windows
nodes do not have: the API server rejects the pod with `spec.resources:
Forbidden: may not be set for a windows pod`, and reports nothing else about
the pod-level values.

## How to fix
Remove `spec.resources` and set requests and limits on each container.

## Failing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: iis
spec:
  os: {name: windows}
  resources:
    limits: {cpu: "2", memory: 2Gi}
  containers:
  - name: web
    image: mcr.microsoft.com/windows/servercore/iis
```

## Passing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: iis
spec:
  os: {name: windows}
  containers:
  - name: web
    image: mcr.microsoft.com/windows/servercore/iis
    resources:
      limits: {cpu: "2", memory: 2Gi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import validation_hits


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    yield from validation_hits(ctx, "PR106")


RULE = Rule("PR106", "pod-resources-on-windows", Severity.ERROR, summary_of(__doc__), __doc__ or "", check)
