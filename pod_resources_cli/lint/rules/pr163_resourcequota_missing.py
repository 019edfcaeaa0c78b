"""A container does not state a resource its namespace's ResourceQuota tracks.

## What it flags
A workload in a namespace whose ResourceQuota (found among the linted
manifests) has a hard limit on `requests.cpu`, `requests.memory`,
`limits.cpu`, `limits.memory`, `cpu` or `memory`, with a container (init
containers included) that does not set that request or limit, after
defaults and LimitRange defaults. A pod with pod-level cpu or memory
(`spec.resources`, KEP-2837) is exempt from the check altogether. The
finding names where the quota's `spec.hard` entry is. A policy meets the workloads it is deployed with: those of its chart,
kustomization, test scenario or stream; from plain files, those of the
namespace it states, else of its directory and below (docs/policies.md).

## Why
The ResourceQuota admission plugin refuses such pods outright, whatever the
quota's usage: `failed quota: compute: must specify limits.cpu for: app`
(pkg/quota/v1/evaluator/core/pods.go, Constraints). A LimitRange with
defaults in the same namespace is the usual cure.

## How to fix
Set the request or limit on every container, or add a LimitRange whose
defaults provide them.

## Failing example
```yaml
apiVersion: v1
kind: ResourceQuota
metadata:
  name: compute
spec:
  hard: {limits.cpu: "8", limits.memory: 16Gi}
---
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

## Passing example
```yaml
apiVersion: v1
kind: ResourceQuota
metadata:
  name: compute
spec:
  hard: {limits.cpu: "8", limits.memory: 16Gi}
---
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
      limits: {cpu: "1", memory: 256Mi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    if not ctx.quotas or ctx.workload.ref.kind == "PodTemplate":
        return
    from pod_resources_cli.kube.resourcequota import format_missing, missing_constraints, quota_matches, scope_facts
    from pod_resources_cli.lint.related import quota as quota_related

    facts = scope_facts(ctx.pod, ctx.qos.qos_class)
    when = "its pods are refused when created" if ctx.is_template else "the pod is refused"
    for quota in ctx.quotas:
        if not quota_matches(quota, facts):
            continue
        missing = missing_constraints(ctx.pod, quota.hard)
        for name, who in sorted(missing.items()):
            first = next(c for c in ctx.containers() if c.name == who[0])
            kind = "limits" if name.startswith("limits.") else "requests"
            yield Hit(
                f"ResourceQuota {quota.name} tracks {name}: {format_missing({name: who})} ({when})",
                ctx.resources_pointer(first, kind),
                container=who[0],
                related=(quota_related(quota, name),),
            )


RULE = Rule("PR163", "resourcequota-missing-resources", Severity.ERROR, summary_of(__doc__), __doc__ or "", check)
