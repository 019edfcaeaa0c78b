"""A container that looks like it wants exclusive CPUs but will not get them.

## What it flags
A container whose cpu request equals its limit and is a whole number of
CPUs (what the static CPU manager pins to dedicated cores), when it will run
in the shared pool anyway:
- the pod is not Guaranteed, because another container, an init container
  or a sidecar lacks equal cpu and memory requests and limits;
- the pod uses pod-level resources and the `PodLevelResourceManagers` gate
  (KEP-5526) is off, so the resource managers leave it alone;
- with `--node`: the node's `cpuManagerPolicy` is `none`, or the kubelet's
  placement gives the container no exclusive CPUs for another reason.

## Why
The static policy (pkg/kubelet/cm/cpumanager/policy_static.go) gives
exclusive CPUs only to containers of Guaranteed pods with integer cpu
requests. Anything else shares the pool, and the integer request is then
just a number: no pinning, no isolation from noisy neighbours, the cpu.max
quota still applies.

## How to fix
Make the pod Guaranteed: every container, init container and sidecar with
cpu and memory requests equal to their limits. Check the node's CPU
manager policy.

## Failing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: trading
spec:
  containers:
  - name: engine
    image: engine:5
    resources:
      requests: {cpu: "4", memory: 8Gi}
      limits: {cpu: "4", memory: 8Gi}
  - name: metrics
    image: exporter:1
    resources:
      requests: {cpu: 100m, memory: 64Mi}
```

## Passing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: trading
spec:
  containers:
  - name: engine
    image: engine:5
    resources:
      requests: {cpu: "4", memory: 8Gi}
      limits: {cpu: "4", memory: 8Gi}
  - name: metrics
    image: exporter:1
    resources:
      requests: {cpu: 100m, memory: 64Mi}
      limits: {cpu: 100m, memory: 64Mi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.kube.qos import QOSClass
from pod_resources_cli.kube.resource import is_pod_level_resources_set
from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import label, q, wants_exclusive_cpus
from pod_resources_cli.model.pod import Container

GATE = "PodLevelResourceManagers"


def _culprit(ctx: RuleContext) -> str:
    for c in ctx.containers():
        for name in ("cpu", "memory"):
            req, lim = c.resources.req.get(name), c.resources.lim.get(name)
            if lim is None:
                return f"{label(c)} has no {name} limit"
            if req is not None and req != lim:
                return f"{label(c)} {name} request {q(req)} != limit {q(lim)}"
    from pod_resources_cli.why_words import words  # worded only when the rule fires

    return words(ctx.qos.reason)


def _why_not(ctx: RuleContext, c: Container) -> str | None:
    pod_level = is_pod_level_resources_set(ctx.pod)
    if ctx.qos.qos_class is not QOSClass.GUARANTEED:
        return f"the pod is {ctx.qos.qos_class.value} ({_culprit(ctx)})"
    if pod_level and not ctx.gates.enabled(GATE):
        return f"the pod uses pod-level resources and {ctx.gates.decide(GATE)}"
    node = ctx.node
    if node is not None and node.kubelet.cpu_manager_policy.lower() != "static":
        return f"node {node.name} runs cpuManagerPolicy {node.kubelet.cpu_manager_policy}"
    admission = ctx.admission
    if admission is not None and admission.admitted:
        placement = admission.containers.get(c.name)
        if placement is not None and not placement.exclusive:
            why = getattr(placement, "why", "") or "the kubelet places it in the shared pool"
            return str(why)
    return None


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    for c in ctx.containers():
        if not wants_exclusive_cpus(c):
            continue
        reason = _why_not(ctx, c)
        if reason is not None:
            cpus = c.resources.req["cpu"]
            yield Hit(
                f"{label(c)} asks for {q(cpus)} whole CPUs with request == limit but gets no exclusive CPUs: {reason}",
                ctx.resources_pointer(c, "limits", "cpu"),
                container=c.name,
            )


RULE = Rule("PR401", "exclusive-cpus-not-granted", Severity.WARNING, summary_of(__doc__), __doc__ or "", check, claims_qos=True)
