"""A memory or ephemeral-storage amount that is not a whole number of bytes.

## What it flags
A memory or ephemeral-storage request or limit (containers, init
containers, sidecars, `spec.overhead`) whose value has a fractional byte,
typically `memory: 500m` (half a byte, meant as 500Mi) or `memory: 1.5`.
The message is the API server's own warning.

## Why
The API server accepts the value but warns (pkg/api/pod/warnings.go:
`spec.containers[0].resources.limits[memory]: fractional byte value "500m"
is invalid, must be an integer`): the kubelet rounds it, and the pod gets a
memory limit of one byte where 500 mebibytes were meant. A request
defaulted from such a limit warns too.

## How to fix
Use a binary or decimal byte suffix: `500Mi`, `512M`, `1Gi`.

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
      limits: {memory: 500m}
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
      limits: {memory: 500Mi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    for w in ctx.api_warnings:
        message = w.message
        kind = w.pointer[-2] if len(w.pointer) >= 2 else ""
        if kind == "requests" and w.container is not None:
            written = ctx.written_container(w.container)
            if written is not None and w.resource not in (written.resources.requests or {}):
                message += " (the request is defaulted from the limit)"
        yield Hit(message, w.pointer, w.field, w.container)


RULE = Rule("PR120", "fractional-bytes", Severity.WARNING, summary_of(__doc__), __doc__ or "", check)
