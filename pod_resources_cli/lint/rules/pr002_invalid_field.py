"""A field of a workload has the wrong type or an invalid quantity.

## What it flags
A value the API server cannot decode: a quantity that is not a Kubernetes
quantity (`memory: 1GB`, `cpu: "2 cores"`), a list where an object is
expected, a number where a string is expected, a workload without its pod
template, a name the API server refuses (a Pod's or a built-in workload's
name that is no lowercase DNS-1123 subdomain, a container's that is no
DNS-1123 label: `BI-V100-poddemo`). Policies (LimitRange, ResourceQuota) are
checked the same way.

## Why
The API server refuses the object when it decodes it ("quantities must
match the regular expression ..."), before any other check. The object is
left out of the other rules, since nothing about it can be computed.

## How to fix
Write the value as the API expects it: quantities as strings with a valid
suffix (`1Gi`, `500m`, `1G`), objects and lists where the schema says so.

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
      requests:
        memory: 1GB
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
      requests:
        memory: 1G
```
"""

from __future__ import annotations

from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Rule, summary_of

# Reported by the engine from the decoder's problems.
RULE = Rule("PR002", "invalid-field", Severity.ERROR, summary_of(__doc__), __doc__ or "")
