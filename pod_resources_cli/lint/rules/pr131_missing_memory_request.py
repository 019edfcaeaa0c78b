"""A running container without a memory request.

## What it flags
A regular container or sidecar with no memory request once the API
server's defaults and the namespace's LimitRange defaults are applied, in a
pod without a pod-level memory request. Init containers are checked with the
`include-init-containers` option.

## Why
The scheduler places the pod as if the container used no memory; when the
node runs short, the kubelet evicts pods by how far their usage exceeds
their requests, so this container's pod goes first, and its OOM score
adjustment is the highest a Burstable container can get (999, pkg/kubelet/qos/policy.go).

With the `DRANodeAllocatableResources` gate, memory a DRA claim maps to
node allocatable counts as PR130 says for cpu: a container whose pod status
maps it is not flagged, one that names claims in a manifest without status
is flagged with that condition.

## How to fix
Set `resources.requests.memory` to the container's working set, or set a
pod-level memory request.

## Options
- `include-init-containers` (boolean, default false): also check init containers.

## Failing example
```yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
      - name: app
        image: nginx
        resources:
          requests: {cpu: 250m}
```

## Passing example
```yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
      - name: app
        image: nginx
        resources:
          requests: {cpu: 250m, memory: 256Mi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules.pr130_missing_cpu_request import INIT, missing_request


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    yield from missing_request(ctx, options, "memory")


RULE = Rule("PR131", "missing-memory-request", Severity.WARNING, summary_of(__doc__), __doc__ or "", check, options=(INIT,), missing_resources=("memory",), missing_requests=("memory",))
