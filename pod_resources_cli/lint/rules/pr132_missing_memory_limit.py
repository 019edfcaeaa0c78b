"""A running container without a memory limit.

## What it flags
A regular container or sidecar with no memory limit (after LimitRange
defaults), in a pod without a pod-level memory limit.

## Why
Without a limit the container's cgroup gets `memory.max: max`: a leak grows
until the node itself runs out of memory, and then the kernel OOM killer or
the kubelet's eviction picks victims across the whole node, not just this
pod. A limit keeps the damage inside the container's own cgroup. On a
Windows node (`spec.os.name: windows`, or a `kubernetes.io/os: windows` node
selector) there is no cgroup: the kubelet sets the container's job object a
memory limit only when the container has one (`MemoryLimitInBytes`,
pkg/kubelet/kuberuntime/kuberuntime_container_windows.go at
kubernetes/kubernetes@05c351a9037b), and the message says so.

## How to fix
Set `resources.limits.memory` (often equal to the request), or a pod-level
memory limit that bounds the whole pod.

## Options
- `include-init-containers` (boolean, default false): also check init containers.

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
      requests: {cpu: 250m, memory: 256Mi}
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
      requests: {cpu: 250m, memory: 256Mi}
      limits: {memory: 256Mi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import label, pod_level, running_containers
from pod_resources_cli.lint.rules.pr130_missing_cpu_request import INIT


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    if pod_level(ctx, "limits", "memory") is not None:
        return
    for c in running_containers(ctx, include_init=bool(options.get(INIT.name))):
        if "memory" not in c.resources.lim:
            bound = "Windows sets it no memory limit" if ctx.pod.windows else "its cgroup gets memory.max max"
            yield Hit(
                f"{label(c)} has no memory limit: {bound} and can use all the node's memory",
                ctx.resources_pointer(c, "limits"),
                container=c.name,
            )


RULE = Rule("PR132", "missing-memory-limit", Severity.WARNING, summary_of(__doc__), __doc__ or "", check, options=(INIT,), missing_resources=("memory",))
