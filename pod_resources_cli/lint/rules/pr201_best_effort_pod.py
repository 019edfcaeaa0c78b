"""A BestEffort pod: no container requests or limits cpu or memory.

## What it flags
A pod (or pod template) whose QoS class is BestEffort: no container, init
container or sidecar sets a cpu or memory request or limit, and there is no
pod-level cpu or memory.

PR130, PR131, PR132 and PR138 are then not reported for its containers:
they all lack the same thing.

## Why
`ComputePodQOS` (pkg/apis/core/v1/helper/qos/qos.go) makes it BestEffort:
it is evicted first when the node runs short, every container gets
`oom_score_adj` 1000 (the kernel kills it first), and the scheduler places
it anywhere, whatever the node's load.

## How to fix
Give each container a cpu and memory request (and a memory limit).

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
      requests: {cpu: 100m, memory: 128Mi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.kube.qos import QOSClass
from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    if ctx.qos.qos_class is QOSClass.BEST_EFFORT:
        from pod_resources_cli.why_words import words  # worded only when the rule fires

        yield Hit(
            f"the pod is BestEffort ({words(ctx.qos.reason)}): evicted first under node pressure, OOM score adjustment 1000",
            ctx.spec("containers"),
        )


RULE = Rule(
    "PR201", "best-effort-pod", Severity.WARNING, summary_of(__doc__), __doc__ or "", check,
    covers=("PR130", "PR131", "PR132", "PR138"), claims_qos=True,
)  # fmt: skip
