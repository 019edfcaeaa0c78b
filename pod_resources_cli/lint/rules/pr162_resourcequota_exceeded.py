"""A namespace's workloads ask for more than its ResourceQuota allows.

## What it flags
A ResourceQuota (found among the linted manifests) whose `hard` amount of
a resource is below what the namespace's workloads in the same set ask for
together: each pod's quota usage (requests, limits, `pods`, hugepages,
extended resources; pod-level resources when set, overhead included) times
its replicas (Deployment, StatefulSet, ReplicaSet and ReplicationController
`replicas`, Job `parallelism`; a DaemonSet or CronJob counts once). The
quota's scopes are honoured (BestEffort, NotBestEffort, Terminating and
NotTerminating from `activeDeadlineSeconds`, PriorityClass,
CrossNamespacePodAffinity). A quota counts the workloads it is deployed with: those of its chart,
kustomization, test scenario or stream; from plain files, those of the
namespace it states, else of its directory and below (docs/policies.md).

## Why
The ResourceQuota admission plugin refuses every pod that would take the
namespace over: `exceeded quota: compute, requested: requests.cpu=500m,
used: requests.cpu=9750m, limited: requests.cpu=10`. The workloads are
accepted; the last replicas never start. Rolling updates need extra room on
top (surge pods), which this check does not add.

## How to fix
Lower requests or replicas, or raise the quota.

## Failing example
```yaml
apiVersion: v1
kind: ResourceQuota
metadata:
  name: compute
  namespace: shop
spec:
  hard: {requests.cpu: "2", limits.memory: 4Gi}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  replicas: 5
  template:
    spec:
      containers:
      - name: app
        image: web:3.2
        resources:
          requests: {cpu: 500m, memory: 512Mi}
          limits: {memory: 512Mi}
```

## Passing example
```yaml
apiVersion: v1
kind: ResourceQuota
metadata:
  name: compute
  namespace: shop
spec:
  hard: {requests.cpu: "4", limits.memory: 4Gi}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  replicas: 5
  template:
    spec:
      containers:
      - name: app
        image: web:3.2
        resources:
          requests: {cpu: 500m, memory: 512Mi}
          limits: {memory: 512Mi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import SetContext, WorkloadUsage
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Options, Rule, SetHit, summary_of
from pod_resources_cli.quantity import Quantity

UNCOUNTED = {"DaemonSet": "one per node, counted once", "CronJob": "one per run, counted once"}


def _times(value: Quantity, n: int) -> Quantity:
    return Quantity(value.nanos * n, value.format)


def _contributor(u: WorkloadUsage, name: str) -> str:
    each = u.usage[name]
    extra = f" ({UNCOUNTED[u.object.kind]})" if u.object.kind in UNCOUNTED else ""
    if u.replicas == 1:
        return f"{u.object.kind} {u.object.name} {each}{extra}"
    return f"{u.object.kind} {u.object.name} {u.replicas} x {each}{extra}"


def check_set(ctx: SetContext, options: Options) -> Iterator[SetHit]:
    if not ctx.quotas:
        return
    from pod_resources_cli.kube.resourcequota import quota_matches

    for scoped in ctx.quotas:
        quota = scoped.quota
        users: list[WorkloadUsage] = []
        for u in ctx.usages:
            if scoped.counts(u.runs_in or u.object.namespace, u.origin) and quota_matches(quota, u.scope):
                users.append(u)
        for name, hard in sorted(quota.hard.items()):
            takers = [u for u in users if name in u.usage and u.replicas > 0]
            total = sum((_times(u.usage[name], u.replicas) for u in takers), Quantity(0, hard.format))
            if total <= hard:
                continue
            biggest = sorted(takers, key=lambda u: -_times(u.usage[name], u.replicas).nanos)
            listed = "; ".join(_contributor(u, name) for u in biggest[:3])
            more = f"; and {len(biggest) - 3} more" if len(biggest) > 3 else ""
            where = quota.hard_locations.get(name, quota.location)
            ns = quota.namespace or "(no namespace)"
            yield SetHit(
                f"namespace {ns} asks for {name}={total} but ResourceQuota {quota.name} allows {hard}: "
                f"{listed}{more}",
                where.path,
                where.line,
                where.column,
                where.document,
                "ResourceQuota",
                quota.name,
                quota.namespace,
                f"spec.hard[{name}]",
            )


RULE = Rule(
    "PR162", "resourcequota-exceeded", Severity.ERROR, summary_of(__doc__), __doc__ or "", check_set=check_set
)
