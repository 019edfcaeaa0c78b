"""A pod-level limit that caps containers below their own limits.

## What it flags
With a pod-level cpu or memory limit (`spec.resources.limits`, KEP-2837):
an init container or sidecar whose own limit is above the pod limit, or
running containers whose limits add up to more than the pod limit.

## Why
Every container lives inside the pod cgroup, whose `cpu.max` and
`memory.max` come from the pod-level limit. The API server rejects a regular
container limit above the pod limit (PR104) but does not compare init
containers and sidecars, so their larger limits are accepted and silently
unreachable. Containers whose limits add up to more than the pod limit
cannot all reach them at once: the one that bursts takes from the others,
and a memory burst can OOM-kill inside the pod cgroup although every
container is under its own limit.

## How to fix
Lower the container limits to fit the pod limit, or raise the pod limit to
the sum of what must run at the same time. If sharing one budget is the
intent, drop the container limits and keep the pod-level one.

## Failing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  resources:
    requests: {cpu: "1", memory: 1Gi}
    limits: {cpu: "2", memory: 1Gi}
  initContainers:
  - name: log-shipper
    image: shipper:2.1
    restartPolicy: Always
    resources:
      requests: {memory: 128Mi}
      limits: {memory: 2Gi}
  containers:
  - name: app
    image: nginx
```

## Passing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  resources:
    requests: {cpu: "1", memory: 1Gi}
    limits: {cpu: "2", memory: 1Gi}
  initContainers:
  - name: log-shipper
    image: shipper:2.1
    restartPolicy: Always
    resources:
      requests: {memory: 128Mi}
      limits: {memory: 256Mi}
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
from pod_resources_cli.lint.rules._common import label, q, qsum, running_containers
from pod_resources_cli.model.pod import ContainerType


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    r = ctx.pod.resources
    if r is None:
        return
    for name in ("cpu", "memory"):
        cap = r.lim.get(name)
        if cap is None:
            continue
        for c in ctx.pod.init_containers:
            own = c.resources.lim.get(name)
            if own is not None and own > cap:
                yield Hit(
                    f"{label(c)} {name} limit {q(own)} is above the pod-level limit {q(cap)}: the pod cgroup caps it at "
                    f"{q(cap)} (the API server does not compare init containers and sidecars)",
                    ctx.resources_pointer(c, "limits", name),
                    container=c.name,
                )
        limited = [(c, c.resources.lim[name]) for c in running_containers(ctx) if name in c.resources.lim]
        total = qsum(v for _, v in limited)
        if len(limited) > 1 and total > cap:
            parts = ", ".join(f"{c.name} {q(v)}" for c, v in limited if c.type is not ContainerType.INIT)
            yield Hit(
                f"the running containers' {name} limits add up to {q(total)} ({parts}), above the pod-level limit "
                f"{q(cap)}: they cannot all reach their own limits at once",
                ctx.spec("resources", "limits", name),
            )


RULE = Rule("PR136", "pod-limit-caps-containers", Severity.WARNING, summary_of(__doc__), __doc__ or "", check)
