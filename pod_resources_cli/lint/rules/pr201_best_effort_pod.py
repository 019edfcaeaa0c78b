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
it anywhere, whatever the node's load. A critical pod (priority 2000000000
or more: `system-cluster-critical`, `system-node-critical`) is never evicted
under node pressure (eviction_manager.go `evictPod`), and a node-critical
one gets `oom_score_adj` -997 (pkg/kubelet/qos/policy.go): the message says
so, and the scheduler still reserves nothing for it.

A Windows pod (`spec.os.name: windows`, or a `kubernetes.io/os: windows`
node selector) is still BestEffort and evicted first, but gets no OOM score:
the kubelet hands a Windows container only a cpu maximum and a memory limit
(`generateWindowsContainerConfig`, pkg/kubelet/kuberuntime/
kuberuntime_container_windows.go at kubernetes/kubernetes@05c351a9037b;
`oom_score_adj` is set on Linux alone), so the message leaves it out
(kubernetes/perf-tests' clusterloader2 windows-exporter DaemonSet).

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
        from pod_resources_cli.kube.oom import is_critical_pod, is_node_critical_pod
        from pod_resources_cli.why_words import words  # worded only when the rule fires

        pod = ctx.pod
        if is_critical_pod(pod):  # the kubelet never evicts it; node-critical: GUARANTEED_OOM_SCORE_ADJ
            adjustment = -997 if is_node_critical_pod(pod) else 1000
            consequences = (
                f"the scheduler reserves nothing for it; as a critical pod (priority {pod.priority}) the kubelet never evicts it "
                f"under node pressure, OOM score adjustment {adjustment}"
            )
        elif pod.windows:  # no oom_score_adj on a Windows node
            consequences = "evicted first under node pressure (a Windows node has no OOM score adjustment)"
        else:
            consequences = "evicted first under node pressure, OOM score adjustment 1000"
        yield Hit(f"the pod is BestEffort ({words(ctx.qos.reason)}): {consequences}", ctx.spec("containers"))


RULE = Rule(
    "PR201", "best-effort-pod", Severity.WARNING, summary_of(__doc__), __doc__ or "", check,
    covers=("PR130", "PR131", "PR132", "PR138"), claims_qos=True,
)  # fmt: skip
