"""An init container sets the pod's request for its whole life.

## What it flags
A pod whose effective cpu or memory request comes from an init container:
the init container (plus the sidecars started before it) asks for more than
all the running containers and sidecars together. Pods with a pod-level
request for that resource are not flagged, nor pods whose operator sets a
container's resources itself (Spark's driver and executors: the running
containers' requests are not the manifest's).

## Why
The scheduler and the kubelet reserve the larger of the two for the pod
(component-helpers `PodRequests`, KEP-753 formula), for as long as the pod
runs, although the init container finished long ago. A migration job with a
large memory request makes every replica reserve that memory on its node.

## How to fix
Size the init container to what it needs (it may use more than its request
up to its limit), or move the heavy step into a Job run once instead of in
every pod.

## Failing example
```yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  template:
    spec:
      initContainers:
      - name: migrate
        image: migrate:1.4
        resources:
          requests: {cpu: 250m, memory: 2Gi}
      containers:
      - name: app
        image: web:3.2
        resources:
          requests: {cpu: 500m, memory: 256Mi}
```

## Passing example
```yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  template:
    spec:
      initContainers:
      - name: migrate
        image: migrate:1.4
        resources:
          requests: {cpu: 250m, memory: 128Mi}
      containers:
      - name: app
        image: web:3.2
        resources:
          requests: {cpu: 500m, memory: 256Mi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import label, pod_level, q_bytes, qsum
from pod_resources_cli.model.pod import Container
from pod_resources_cli.quantity import Quantity


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    pod = ctx.pod
    for name in ("cpu", "memory"):
        if pod_level(ctx, "requests", name) is not None:
            continue
        steady = (*pod.containers, *(s for s in pod.init_containers if s.is_restartable_init))
        running = qsum(c.resources.req[name] for c in steady if name in c.resources.req)
        sidecars: list[Quantity] = []  # requests of the sidecars started so far
        peak: tuple[Quantity, Container] | None = None
        for c in pod.init_containers:
            own = c.resources.req.get(name)
            if c.is_restartable_init:
                if own is not None:
                    sidecars.append(own)
                continue
            total = qsum([own, *sidecars] if own is not None else sidecars)
            if peak is None or total > peak[0]:
                peak = (total, c)
        if peak is not None and peak[0] > running:
            total, c = peak
            yield Hit(
                f"{label(c)} makes the pod request {q_bytes(total)} of {name}, though its running containers ask for "
                f"{q_bytes(running)}: the pod keeps that reservation after the init container ends",
                ctx.resources_pointer(c, "requests", name),
                container=c.name,
            )


RULE = Rule(
    "PR137", "init-container-dominates-request", Severity.INFO, summary_of(__doc__), __doc__ or "", check, compares_containers=True
)
