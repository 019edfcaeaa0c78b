"""A built-in workload written with an apiVersion the API server does not serve.

## What it flags
A Pod, PodTemplate, ReplicationController, Deployment, ReplicaSet,
StatefulSet, DaemonSet, Job or CronJob whose `apiVersion` is not the one
Kubernetes serves it at: a version removed long ago (`extensions/v1beta1`
and `apps/v1beta1`/`v1beta2` workloads since 1.16, `batch/v1beta1` CronJob
since 1.25), or another Kubernetes group's (`apps/v1` Pod, `v1`
Deployment, `batch/v1` Pod). Every release this tool models (1.27 on)
serves these kinds at `v1`, `apps/v1` and `batch/v1` only. Kinds of the
same name in other groups (Volcano's `batch.volcano.sh` Job) are custom
resources and are not checked. The object is left out of the other rules,
as for PR002: none of its pods runs.

The policies pods meet are checked too: a LimitRange or ResourceQuota not
at `v1`, a PriorityClass not at `scheduling.k8s.io/v1` (`v1beta1` was
removed in 1.22). Such a policy never exists, so it defaults, limits,
counts and names nothing: the pods of the run are judged without it (a
pod naming that PriorityClass gets PR168).

## Why
`kubectl apply` looks the kind and version up in the API server's
discovery before it sends anything, and fails on this object:
`resource mapping not found for name: "web" namespace: "" from "web.yaml":
no matches for kind "Deployment" in version "extensions/v1beta1"`
(the other objects of the file are applied). Flux, Argo CD and Helm fail
the same way. Whatever requests, limits or QoS class the manifest seems to
give, no pod of it exists.

## How to fix
Write the version the kind is served at (`apps/v1` for a Deployment). The
move from `extensions/v1beta1` or `apps/v1beta*` to `apps/v1` also makes
`spec.selector` required; see the Kubernetes deprecated API migration guide.

## Failing example
```yaml
apiVersion: extensions/v1beta1
kind: Deployment
metadata:
  name: web
spec:
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: app
        image: nginx
        resources:
          requests:
            cpu: 500m
            memory: 256Mi
          limits:
            memory: 256Mi
```

## Passing example
```yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: app
        image: nginx
        resources:
          requests:
            cpu: 500m
            memory: 256Mi
          limits:
            memory: 256Mi
```
"""

from __future__ import annotations

from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Rule, summary_of

# Reported by the engine from the decoder's problems that carry this code
# (model/decode/served.py: UNSERVED_RULE).
RULE = Rule("PR006", "api-version-not-served", Severity.ERROR, summary_of(__doc__), __doc__ or "")
