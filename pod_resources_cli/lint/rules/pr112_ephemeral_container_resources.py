"""Ephemeral containers in a manifest, or resources on one.

## What it flags
`spec.ephemeralContainers` in a pod or template being created, and
`resources` on an ephemeral container.

## Why
Ephemeral containers are added to running pods through the
`ephemeralcontainers` subresource (`kubectl debug`), never on create: the API
server answers `spec.ephemeralContainers: Forbidden: cannot be set on
create` ("ephemeral containers not allowed in pod template" for templates).
They may not set resources at all ("cannot be set for an Ephemeral
Container"): they use what the pod already has. The values are still
validated first, like any container's, so a request above its limit is
also reported (by PR101, and the other resource rules).

## How to fix
Remove `ephemeralContainers` from the manifest and use `kubectl debug`.

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
  ephemeralContainers:
  - name: debug
    image: busybox
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
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import validation_hits


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    yield from validation_hits(ctx, "PR112")


RULE = Rule("PR112", "ephemeral-container-resources", Severity.ERROR, summary_of(__doc__), __doc__ or "", check)
